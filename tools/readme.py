"""Write README.md from nbs/index.ipynb (markdown cells as they are, code cells as fenced blocks), or --check it.

The headline table of "Results on CIFAR-10" is not typed by hand: it is made from the study's committed macro table
(figures/tables/cifar10v2_tail.md, written by nbs/10_cifar10.ipynb) and sits in the notebook between two marker
comments. Writing refreshes it there first; --check fails when it no longer matches that table."""
import io, re, sys, nbformat
import pandas as pd
from pathlib import Path

root = Path(__file__).resolve().parent.parent
INDEX = root / 'nbs' / 'index.ipynb'
TAIL = root / 'figures' / 'tables' / 'cifar10v2_tail.md'
START, END = '<!-- table from figures/tables/cifar10v2_tail.md: -->', '<!-- end of table -->'
COLUMNS = {  # the README's columns: the macro table's name -> the README's, and the decimals shown
    'method': ('method', None),
    'mean plain': ('mean plain', 2), 'mean ft': ('mean ft', 2),
    'worst plain': ('worst plain', 2), 'worst ft': ('worst ft', 2),
    'bottom20 plain': ('bottom-20% plain', 2), 'bottom20 ft': ('bottom-20% ft', 2),
    'tail_rank plain': ('tail rank plain', 2), 'tail_rank ft': ('tail rank ft', 2),
}  # the cost columns (seconds against FedAvg-SE's, elements sent up) are in nbs/10_cifar10.ipynb's table


def headline(tail_md=TAIL):
    "The README's headline table, in markdown, from the study's macro table (a markdown file)"
    rows = [l for l in Path(tail_md).read_text().splitlines() if l.startswith('|')]
    df = pd.read_csv(io.StringIO('\n'.join([rows[0], *rows[2:]])), sep='|').iloc[:, 1:-1]
    df.columns = [c.strip() for c in df.columns]
    if missing := sorted(set(COLUMNS) - set(df.columns)):
        sys.exit(f"{tail_md} has no columns {missing}: the README's headline table cannot be made from it")
    number = lambda d: lambda x: '–' if pd.isna(x) else f'{x:.{d}f}'  # an unranked row (PACFL as Local) shows a dash
    out = pd.DataFrame({new: df[old].str.strip() if d is None else df[old].astype(float).map(number(d))
                        for old, (new, d) in COLUMNS.items()})
    return out.to_markdown(index=False, colalign=['left'] + ['right'] * (len(COLUMNS) - 1), disable_numparse=True)


def with_headline(nb):
    "The index notebook with its headline table made again from the macro table (between the two marker comments)"
    text = '\n'.join(c.source for c in nb.cells if c.cell_type == 'markdown')
    if (text.count(START), text.count(END)) != (1, 1):
        sys.exit(f"nbs/index.ipynb must hold the headline table once, between {START!r} and {END!r}")
    pattern = re.compile(re.escape(START) + r'\n.*?\n' + re.escape(END), re.S)
    for cell in nb.cells:
        if cell.cell_type == 'markdown' and START in cell.source:
            cell.source = pattern.sub(lambda m: f'{START}\n{headline()}\n{END}', cell.source)
    return nb


def render(nb):
    "The README text of the index notebook: its markdown, and its code cells without nbdev directives"
    parts = ['<!-- Written by tools/readme.py from nbs/index.ipynb: edit the notebook, then run `make readme`. -->']
    for cell in nb.cells:
        src = cell.source.strip()
        if cell.cell_type == 'markdown': parts.append(src)
        elif cell.cell_type == 'code' and not src.startswith('#|'): parts.append(f"```python\n{src}\n```")
    return '\n\n'.join(parts) + '\n'


if __name__ == '__main__':
    nb, readme = nbformat.read(INDEX, as_version=4), root / 'README.md'
    fresh = with_headline(nbformat.read(INDEX, as_version=4))
    if '--check' in sys.argv:
        if fresh.cells != nb.cells:
            sys.exit(f"nbs/index.ipynb's headline table differs from {TAIL.relative_to(root)}: run `make readme` and commit")
        if not readme.exists() or readme.read_text() != render(nb):
            sys.exit("README.md differs from nbs/index.ipynb: run `make readme` (tools/readme.py) and commit README.md")
        print('readme check: README.md matches nbs/index.ipynb, and its headline table the study\'s macro table')
    else:
        if fresh.cells != nb.cells:
            nbformat.write(fresh, INDEX)
            print(f'made the headline table in nbs/index.ipynb again from {TAIL.relative_to(root)}')
        readme.write_text(render(fresh)); print('wrote README.md')
