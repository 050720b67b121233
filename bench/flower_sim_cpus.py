"""Flower's simulation engine with the CPUs it reserves for each ClientApp: Flower's default (2: on a 2-core machine one
ClientApp at a time) against the package's (1: as many at once as cores), one after the other in one process, HDC-FL,
digits rotation, 1 torch thread. Prints each run's wall time and the largest per-client accuracy difference between
the two (how many run at once must not change a number).

    .venv/bin/python bench/flower_sim_cpus.py --clients 4 --rounds 3 --out runs/bench-sim-cpus
"""
import argparse, json, os, shutil, time
from pathlib import Path
from hdcfl.flower.launch import launch

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--clients', type=int, default=4)
p.add_argument('--rounds', type=int, default=3)
p.add_argument('--cpus', default='2,1', help='CPUs per ClientApp to compare, comma-separated')
p.add_argument('--out', default='runs/bench-sim-cpus', help='folder for the runs (replaced)')
a = p.parse_args()
out = Path(a.out)
shutil.rmtree(out, ignore_errors=True)
opts = dict(algorithm='hdcfl', activation=2, refresh_every=1, dataset='digits', partition='rotation',
            clients=a.clients, rounds=a.rounds, seed=42, threads=1)
print(f"simulation, digits rotation, {a.clients} clients, {a.rounds} rounds, 1 torch thread, {os.cpu_count()} cores")
print(f"{'cpus/ClientApp':>14s} {'wall s':>7s} {'final mean':>11s} {'max |acc diff| (pp)':>20s}")
first = None
for c in [int(x) for x in a.cpus.split(',')]:
    t = time.time()
    s = launch('simulation', out / f'cpus{c}', sim_cpus=c, **opts)
    wall = time.time() - t
    recs = [json.loads(l) for l in (out / f'cpus{c}' / 'rounds.jsonl').read_text().splitlines()]
    first = first or recs
    diff = max(abs(x - y) for r, q in zip(recs, first) for x, y in zip(r['per_client'], q['per_client']))
    print(f"{c:14d} {wall:7.1f} {s['final']['mean']:11.2f} {diff:20.4f}", flush=True)
