"""How the notebooks' prose reads, in two figures: words per paragraph and words per sentence (means over the
paragraphs of markdown cells, or of markdown files; code, formulas, tables and headings left out).
`python tools/prose.py [FILES]`; without FILES it reads nbs/*.ipynb."""
import json, re, statistics, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def blocks(path: Path):
    "The paragraphs of a notebook's markdown cells, or of a markdown file (a code block stays one paragraph)"
    if path.suffix == '.ipynb':
        text = '\n\n'.join(''.join(c['source']) for c in json.loads(path.read_text())['cells'] if c['cell_type'] == 'markdown')
    else:
        text = path.read_text()
    text = re.sub(r'```.*?```', ' ', text, flags=re.S)
    return re.split(r'\n\s*\n', text)


def prose(text: str):
    "The text without code blocks, code spans, formulas, tables, headings and quotes"
    text = re.sub(r'```.*?```', ' ', text, flags=re.S)
    text = re.sub(r'\$\$.*?\$\$|\$[^$]*\$|`[^`]*`', ' x ', text, flags=re.S)
    lines = [l for l in text.splitlines() if not l.lstrip().startswith(('|', '#', '>', '<!--'))]
    return ' '.join(lines)


def figures(paths):
    "(mean words per paragraph, mean words per sentence, paragraphs) over the paragraphs of `paths`"
    per_block, per_sentence = [], []
    for p in paths:
        for b in blocks(p):
            words = prose(b).split()
            if len(words) < 3:
                continue
            per_block.append(len(words))
            sentences = [s for s in re.split(r'(?<=[.!?:;])\s+(?=[A-Z*`(])', ' '.join(words)) if s.split()]
            per_sentence += [len(s.split()) for s in sentences]
    return statistics.mean(per_block), statistics.mean(per_sentence), len(per_block)


if __name__ == '__main__':
    paths = [Path(a) for a in sys.argv[1:]] or sorted((ROOT / 'nbs').glob('*.ipynb'))
    b, s, n = figures(paths)
    print(f"{n} paragraphs: {b:.1f} words per paragraph, {s:.1f} words per sentence")
