"""The README's map of the notebooks names every notebook in nbs/ (one row each, or a row for a range such as
`06a`-`06f`), and only notebooks that exist: a reader who goes through the table in order reads them all."""
import json, re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def map_rows(readme: str):
    "(first, last) notebook prefixes of each row of the README's notebook table; a single notebook gives (stem, stem)"
    rows = []
    for line in readme.splitlines():
        m = re.match(r'\| `([0-9]{2}[a-z]?(?:_\w+)?)`(?:-`([0-9]{2}[a-z]?)`)? \|', line)
        if m:
            rows.append((m[1], m[2] or m[1]))
    return rows


def covered(stem: str, rows) -> bool:
    "Whether a row names `stem`, or a range of rows holds its prefix (`06k` in `06k`-`06n`)"
    prefix = stem.split('_')[0]
    return any(stem == a or (a != b and a <= prefix <= b) for a, b in rows)


def test_the_check_sees_a_missing_row():
    rows = map_rows('| `00a_core` | `hdcfl.core` | x |\n| `06a`-`06c` | `hdcfl.baselines.*` | y |\n')
    assert rows == [('00a_core', '00a_core'), ('06a', '06c')]
    assert covered('00a_core', rows) and covered('06b_fedala', rows)
    assert not covered('00b_datasets', rows) and not covered('06d_fedsoft', rows)


def test_every_notebook_is_in_the_readme_map():
    rows = map_rows((ROOT / 'README.md').read_text())
    stems = sorted(p.stem for p in (ROOT / 'nbs').glob('*.ipynb') if p.stem != 'index')
    assert [s for s in stems if not covered(s, rows)] == []
    named = [a for a, b in rows if a == b]
    assert [a for a in named if a not in stems] == []  # no row for a notebook that is gone


def readme_blocks(lang: str):
    "The README's fenced code blocks in language `lang`"
    return re.findall(rf'```{lang}\n(.*?)\n```', (ROOT / 'README.md').read_text(), re.S)


def test_the_readme_fedprox_is_the_one_02a_tests():
    "The README's 'Add your own method' shows 02a's FedProx, character for character (02a runs it from a file)"
    nb = json.loads((ROOT / 'nbs' / '02a_algorithms.ipynb').read_text())
    tested = [''.join(c['source']).split("'''")[1].strip('\n') for c in nb['cells']
              if ''.join(c['source']).startswith("FEDPROX = '''")]
    shown = [b for b in readme_blocks('python') if '@register(' in b]
    assert len(tested) == 1 and shown == tested


def test_every_guide_is_linked_and_every_link_is_a_guide():
    linked = re.findall(r'\]\(docs/guides/(\w+)\.md\)', (ROOT / 'README.md').read_text())
    guides = sorted(p.stem for p in (ROOT / 'docs' / 'guides').glob('*.md'))
    assert sorted(set(linked)) == guides
