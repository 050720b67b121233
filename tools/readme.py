"Write README.md from nbs/index.ipynb (markdown cells as they are, code cells as fenced blocks), or --check it."
import sys, nbformat
from pathlib import Path

root = Path(__file__).resolve().parent.parent

def render(nb_path=root / 'nbs' / 'index.ipynb'):
    "The README text of the index notebook: its markdown, and its code cells without nbdev directives"
    parts = ['<!-- Written by tools/readme.py from nbs/index.ipynb: edit the notebook, then run `make readme`. -->']
    for cell in nbformat.read(nb_path, as_version=4).cells:
        src = cell.source.strip()
        if cell.cell_type == 'markdown': parts.append(src)
        elif cell.cell_type == 'code' and not src.startswith('#|'): parts.append(f"```python\n{src}\n```")
    return '\n\n'.join(parts) + '\n'

if __name__ == '__main__':
    text, readme = render(), root / 'README.md'
    if '--check' in sys.argv:
        if not readme.exists() or readme.read_text() != text:
            sys.exit("README.md differs from nbs/index.ipynb: run `make readme` (tools/readme.py) and commit README.md")
        print('readme check: README.md matches nbs/index.ipynb')
    else:
        readme.write_text(text); print('wrote README.md')
