"""Does the package at REF give the same rounds.jsonl as the working tree? One small digits run of every algorithm
(8 clients, 4 rounds, BatchNorm digits model, seed 5, one torch thread) in each, compared byte for byte; then the
same at participation 0.5 (clients first used in a later round). Both run here, on one machine with one thread:
bit-identical files are what a refactor that keeps every operation's order gives on the same machine (another CPU
gives other last digits, for both).

    .venv/bin/python tools/same_rounds.py REF      # e.g. HEAD~3 or a commit id
"""
import subprocess, sys, tempfile, textwrap
from pathlib import Path

RUN = textwrap.dedent('''
    import sys
    from pathlib import Path
    root, out = sys.argv[1], Path(sys.argv[2])
    sys.path.insert(0, root)
    import hdcfl.training
    assert hdcfl.training.__file__.startswith(root), hdcfl.training.__file__
    if (Path(root) / 'hdcfl' / 'runs.py').exists(): from hdcfl.runs import run
    else: from hdcfl.cli import run
    if (Path(root) / 'hdcfl' / 'algorithms.py').exists(): from hdcfl.algorithms import ALGORITHMS
    else: from hdcfl.training import ALGORITHMS  # before the engine was split
    for name in sorted(ALGORITHMS):
        for part in (1.0, 0.5):
            opts = dict(algorithm=name, dataset='digits', partition='rotation', clients=8, rounds=4, seed=5, threads=1,
                        model='digits-bn', participation=part)
            if name == 'pfedmoap': opts['moap_experts'] = 3
            if name == 'hdcfl': opts.update(activation=2, refresh_every=1)
            run(out=out / f'{name}-p{part}', progress=False, **opts)
''')

def main(ref:str):
    top = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as d:
        d = Path(d)
        subprocess.run(['git', '-C', str(top), 'worktree', 'add', '-q', '--detach', str(d / 'ref'), ref], check=True)
        try:
            for root, out in ((d / 'ref', d / 'a'), (top, d / 'b')):
                subprocess.run([sys.executable, '-c', RUN, str(root), str(out)], check=True)
        finally: subprocess.run(['git', '-C', str(top), 'worktree', 'remove', '--force', str(d / 'ref')], check=True)
        names = sorted(p.name for p in (d / 'b').iterdir())
        same = {n: (d / 'a' / n).exists() and (d / 'a' / n / 'rounds.jsonl').read_bytes() == (d / 'b' / n / 'rounds.jsonl').read_bytes() for n in names}
    for n, s in same.items(): print(f"{n:15s} {'same' if s else 'DIFFERS'}")
    sys.exit(0 if all(same.values()) else 1)

if __name__ == '__main__': main(sys.argv[1] if len(sys.argv) > 1 else 'HEAD')
