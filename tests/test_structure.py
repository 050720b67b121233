"""What the structure promises, checked on every run: every module of the package is at most 400 lines, every
notebook opens with a one-line `>` summary, and no notebook cites a file the repository does not hold
(`tools/structure.py` prints these figures with the rest)."""
import importlib.util, json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 400
_spec = importlib.util.spec_from_file_location('structure', ROOT / 'tools' / 'structure.py')
structure = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(structure)
OUTSIDE = structure.OUTSIDE  # the files the repository does not hold, as the figures count them


def long_modules(limit: int = LIMIT):
    "(module path, lines) of every module of the package over `limit` lines (the generated index left out)"
    mods = [p for p in (ROOT / 'hdcfl').rglob('*.py') if p.name != '_modidx.py']
    return sorted((str(p.relative_to(ROOT)), n) for p in mods if (n := len(p.read_text().splitlines())) > limit)


def notebooks():
    return {p.stem: json.loads(p.read_text())['cells'] for p in sorted((ROOT / 'nbs').glob('*.ipynb'))}


def test_the_checks_can_fail():
    assert ('hdcfl/engine.py', len((ROOT / 'hdcfl/engine.py').read_text().splitlines())) in long_modules(10)
    assert OUTSIDE.search('as ../shared/papers/000.txt says') and not OUTSIDE.search('as nbs/04_hdcfl says')


def test_no_module_is_over_the_limit():
    assert long_modules() == []


def test_every_notebook_has_a_one_line_summary():
    first = {name: ''.join(cells[0]['source']).splitlines() for name, cells in notebooks().items()}
    assert [n for n, lines in first.items() if sum(l.startswith('>') for l in lines) != 1] == []


def test_no_notebook_cites_a_file_outside_the_repository():
    cited = [(n, m) for n, cells in notebooks().items() for c in cells for m in OUTSIDE.findall(''.join(c['source']))]
    assert cited == []
