"""Stage the notebooks for the documentation site, applying nbdev's own display rules (nothing is executed).

`python tools/docs_prep.py OUT` writes OUT/<notebook>.ipynb for every notebook in nbs/, in the README's order:
cells marked `export`, `exporti`, `hide` or `default_exp` are dropped, every other `#|` line is stripped, and after
each exported cell each function or class it defines is shown as nbdev's `show_doc` shows it (signature, docstring,
the table of documented parameters). The README's source (index.ipynb) is the home page, with the table of contents.
The guide pages (docs/guides/*.md) are copied to OUT/guides/, in the order the README links them.
"""
import ast, copy, importlib, json, re, sys
from pathlib import Path

from nbdev.showdoc import show_doc

ROOT = Path(__file__).resolve().parents[1]
NBS = ROOT / 'nbs'
DROP = {'export', 'exporti', 'hide', 'default_exp'}


def directives(src: str):
    "The nbdev directives of a cell's source: {name: rest of the line}"
    return {m.group(1): m.group(2).strip() for m in re.finditer(r'^#\|\s*([\w-]+)(.*)$', src, re.M)}


def readme_order(names: list):
    "The notebooks in the order of the README's module table (its rows name a notebook or a range `06a`-`06f`)"
    index = json.loads((NBS / 'index.ipynb').read_text())
    table = ''.join(''.join(c['source']) for c in index['cells'] if c['cell_type'] == 'markdown')
    order = []
    for a, b in re.findall(r'^\| `([0-9]{2}[a-z]?)[a-z_]*`(?:-`([0-9]{2}[a-z]?)`)? \|', table, re.M):
        key = lambda n: n.split('_')[0]
        picked = [n for n in names if (a <= key(n) <= b if b else key(n) == a)]
        order += [n for n in picked if n not in order]
    return order + [n for n in names if n not in order and n != 'index']


def api_cells(src: str, module: str):
    "nbdev's `show_doc` of every function and class an exported cell defines, as markdown cells"
    mod = importlib.import_module(f'hdcfl.{module}')
    cells = []
    for node in ast.parse(src).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith('_'):
            obj = getattr(mod, node.name, None)
            if obj is None:
                continue
            md = show_doc(obj)._repr_markdown_()
            md = '\n'.join(l for l in md.splitlines() if not l.startswith('[source](') and l.strip() != '---')
            cells.append({'cell_type': 'markdown', 'id': f'api-{len(cells)}-{node.name}'[:64], 'metadata': {}, 'source': md.strip() + '\n'})
    return cells


def stage(nb: dict, name: str):
    "The notebook as the site shows it"
    module, out = None, []
    for c in nb['cells']:
        src = ''.join(c['source'])
        d = directives(src) if c['cell_type'] == 'code' else {}
        if 'default_exp' in d:
            module = d['default_exp']
        if c['cell_type'] == 'code' and DROP & set(d):
            if ('export' in d or 'exporti' in d) and module:
                out += api_cells(src, module) if 'export' in d else []
            continue
        c = copy.deepcopy(c)
        if c['cell_type'] == 'markdown':  # a $$...$$ line inside a paragraph: its own block, as Jupyter shows it
            c['source'] = re.sub(r'^(\$\$.+\$\$[.,;:]?)$', r'\n\1\n', ''.join(c['source']), flags=re.M)
        if c['cell_type'] == 'code':
            c['source'] = re.sub(r'^#\|.*\n?', '', src, flags=re.M)
        out.append(c)
    return {**nb, 'cells': out}


def stage_guides(out: Path):
    "Copy the guide pages (docs/guides/*.md) for the site, in the README's order of its links; returns their names"
    out.mkdir(parents=True, exist_ok=True)
    index = json.loads((NBS / 'index.ipynb').read_text())
    text = ''.join(''.join(c['source']) for c in index['cells'] if c['cell_type'] == 'markdown')
    linked = re.findall(r'\]\(docs/guides/(\w+)\.md\)', text)
    names = sorted(p.stem for p in (ROOT / 'docs' / 'guides').glob('*.md'))
    if missing := [n for n in linked if n not in names]:
        sys.exit(f"the README links guides that docs/guides lacks: {missing}")
    for n in names:
        (out / f'{n}.md').write_text((ROOT / 'docs' / 'guides' / f'{n}.md').read_text())
    return list(dict.fromkeys(linked + names))


def main(out: str):
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    names = sorted(p.stem for p in NBS.glob('*.ipynb'))
    order = readme_order(names)
    guides = stage_guides(out / 'guides')
    for name in names:
        nb = stage(json.loads((NBS / f'{name}.ipynb').read_text()), name)
        if name == 'index':
            for c in nb['cells']:  # the README links the guides in the repository; on the site they sit in guides/
                if c['cell_type'] == 'markdown':
                    c['source'] = ''.join(c['source']).replace('](docs/guides/', '](guides/')
            toc = '```{toctree}\n:maxdepth: 1\n:caption: Notebooks\n\n' + '\n'.join(order) + '\n```\n'
            toc += '\n```{toctree}\n:maxdepth: 1\n:caption: Guides\n\n' + '\n'.join(f'guides/{g}' for g in guides) + '\n```\n'
            nb['cells'].append({'cell_type': 'markdown', 'id': 'toc', 'metadata': {}, 'source': toc})
        (out / f'{name}.ipynb').write_text(json.dumps(nb, indent=1))
    print(f'{len(names)} notebooks staged in {out}')


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else 'docs/_build/src')
