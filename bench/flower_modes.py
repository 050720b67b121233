"""One run, three engines: the same configuration in-process (`hdcfl.runs.run`), on Flower's simulation engine, and
deployed (a SuperLink and one SuperNode per client on 127.0.0.1), one after the other. Prints the wall time of each
(from the call to its return, process start-up included) and the largest per-client accuracy difference to the
in-process run, over every evaluated round.

    .venv/bin/python bench/flower_modes.py --algorithm hdcfl --clients 4 --rounds 3 --out runs/bench-flower
"""
import argparse, json, shutil, time
from pathlib import Path
from hdcfl.runs import run
from hdcfl.flower.launch import launch

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--algorithm', default='hdcfl'); p.add_argument('--clients', type=int, default=4); p.add_argument('--rounds', type=int, default=3)
p.add_argument('--out', default='runs/bench-flower', help='folder for the three runs (replaced)')
a = p.parse_args()
opts = dict(algorithm=a.algorithm, dataset='digits', partition='rotation', clients=a.clients, rounds=a.rounds, seed=42, threads=1)
if a.algorithm == 'hdcfl': opts.update(activation=2, refresh_every=1)
out = Path(a.out); shutil.rmtree(out, ignore_errors=True)

rows = []
t = time.time(); ref = run(out=out / 'in-process', progress=False, **opts); rows.append(('in-process', time.time() - t, ref))
for mode in ('simulation', 'deployment'):
    t = time.time(); s = launch(mode, out / mode, **opts); rows.append((mode, time.time() - t, s))

ref_rounds = {r['round']: r['per_client'] for r in ref['history']}
print(f"{a.algorithm}, digits rotation, {a.clients} clients, {a.rounds} rounds, 1 torch thread")
print(f"{'engine':12s} {'wall s':>8s} {'final mean':>11s} {'max |acc diff| (pp)':>20s}")
for name, wall, s in rows:
    recs = [json.loads(l) for l in (out / name / 'rounds.jsonl').read_text().splitlines()]
    diff = max(abs(x - y) for r in recs for x, y in zip(r['per_client'], ref_rounds[r['round']]))
    print(f"{name:12s} {wall:8.1f} {s['final']['mean']:11.2f} {diff:20.4f}")
