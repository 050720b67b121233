"""Numbers about the package's structure, for reviews: line counts per module, the import graph inside hdcfl/
(function-level imports included) with any circle, the share of exported function/class cells followed directly by
a test cell, and the code lines over 110 characters outside strings and comments' reach (as counted by length).

    .venv/bin/python tools/structure.py
"""
import ast, glob, json, re
from pathlib import Path

root = Path(__file__).resolve().parent.parent
mods = sorted(p for p in (root / 'hdcfl').rglob('*.py') if p.name != '_modidx.py')
name = lambda p: '.'.join(p.relative_to(root).with_suffix('').parts).removesuffix('.__init__')
graph = {}
for p in mods:
    me, deps = name(p), set()
    for node in ast.walk(ast.parse(p.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = me.rsplit('.', node.level)[0] if node.level else ''
            target = f"{base}.{node.module}" if node.level and node.module else (node.module or base)
            deps |= {target} | {f"{target}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            deps |= {a.name for a in node.names}
    graph[me] = sorted(d for d in deps if d in {name(q) for q in mods} and d != me)

print('| module | lines |\n|---|---|')
for p in mods:
    print(f"| {name(p)} | {len(p.read_text().splitlines())} |")
print('\nimports inside hdcfl/:')
for m, ds in graph.items():
    print(f"  {m} -> {', '.join(ds) or '-'}")


def circle(start, node, seen):
    for d in graph.get(node, []):
        if d == start:
            return [node, d]
        if d not in seen:
            seen.add(d)
            if (c := circle(start, d, seen)):
                return [node, *c]
    return None


circles = [c for m in graph if (c := circle(m, m, set()))]
print('circles:', circles or 'none')

tot = ok = 0
for nb in sorted(glob.glob(str(root / 'nbs' / '*.ipynb'))):
    cells = [c for c in json.load(open(nb))['cells'] if c['cell_type'] == 'code']
    for i, c in enumerate(cells):
        s = ''.join(c['source'])
        if s.startswith('#| export') and re.search(r'^(def|class) ', s, re.M):
            tot += 1
            nxt = ''.join(cells[i + 1]['source']) if i + 1 < len(cells) else ''
            ok += bool(nxt) and not nxt.startswith(('#| export', '#| hide'))
print(f"exported function/class cells followed by a test cell: {ok} of {tot} ({ok / tot:.0%})")
long = [(p, i) for p in mods for i, l in enumerate(p.read_text().splitlines(), 1) if len(l) > 110 and not l.startswith('__all__')]
print(f"lines over 110 characters in hdcfl/ (not counting __all__): {len(long)}")
