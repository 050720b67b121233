"""The package's structure in figures: module sizes, exported-cell lengths, exports followed by a test, one-line
summaries, documented parameters, and citations of files the repository does not hold. `python tools/structure.py`"""
import importlib, inspect, json, re, statistics
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = re.compile(r'DESIGN\.md|STYLE\.md|\.\./shared/papers')  # files the repository does not hold


def cells(nb):
    return [(c['cell_type'], ''.join(c['source'])) for c in nb['cells']]


def main():
    mods = sorted((p for p in (ROOT / 'hdcfl').rglob('*.py') if p.name not in ('_modidx.py', '__init__.py')),
                  key=lambda p: -len(p.read_text().splitlines()))
    print('largest modules:', ', '.join(f'{p.relative_to(ROOT)} {len(p.read_text().splitlines())}' for p in mods[:4]))
    lengths, tested, exports, cited, summaries = [], 0, 0, [], []
    for nbp in sorted((ROOT / 'nbs').glob('*.ipynb')):
        cs = cells(json.loads(nbp.read_text()))
        first = cs[0][1].splitlines()
        if sum(l.startswith('>') for l in first) != 1:
            summaries.append(nbp.stem)
        for i, (kind, src) in enumerate(cs):
            if kind == 'code' and re.search(r'^#\|\s*export\b', src, re.M):
                body = [l for l in src.splitlines() if l.strip() and not l.startswith('#|')]
                if any(l.startswith(('def ', 'class ', '@')) for l in body):
                    exports += 1
                    lengths.append(len(body))
                    nxt = next((s for k, s in cs[i + 1:] if k == 'code'), '')
                    tested += not re.search(r'^#\|\s*export', nxt, re.M)
            cited += [f'{nbp.stem}: {m}' for m in OUTSIDE.findall(src)]
    q = statistics.quantiles(lengths, n=10)
    print(f'exported cells: {exports}, median {statistics.median(lengths):.0f} lines, 90th percentile {q[-1]:.0f}, '
          f'over 40 lines: {sum(n > 40 for n in lengths)}')
    print(f'exported cells followed by a code cell that is not an export: {tested} of {exports}')
    print('notebooks without a one-line > summary:', ', '.join(summaries) or 'none')
    print('citations of files outside the repository:', len(cited), *cited[:10], sep='\n  ' if cited else ' ')
    import hdcfl.runs  # noqa: F401 (registers everything)
    from fastcore.docments import docments
    n = doc = 0
    for p in mods:
        mod = importlib.import_module('hdcfl.' + '.'.join(p.relative_to(ROOT / 'hdcfl').with_suffix('').parts))
        for name in getattr(mod, '__all__', []):
            f = getattr(mod, name)
            if inspect.isfunction(f):
                d = docments(f)
                ps = [  # as tests/test_documented.py counts them: self, cls, *args and **kwargs need no comment
                    k for k, q in inspect.signature(f).parameters.items()
                    if k not in ('self', 'cls') and q.kind not in (q.VAR_POSITIONAL, q.VAR_KEYWORD)
                ]
                n, doc = n + len(ps), doc + sum(d.get(k) is not None for k in ps)
    print(f'parameters of exported functions with a docments comment: {doc} of {n}')


if __name__ == '__main__':
    main()
