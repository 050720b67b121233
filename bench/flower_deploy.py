"""A deployed run's wall time with Flower's own waits and with the package's (the ServerApp pulling replies every
0.1 s instead of 3 s, the SuperExecs polling for a message every 0.2 s instead of 1 s), then with one message per node
and round as well (round r's evaluation with round r + 1's training), one after the other in one process, on TLS with
registered node keys, for HDC-FL and FedAvg-SE (digits rotation, 1 torch thread). Prints each run's wall time (from the call to its
return, process start-up included), its rounds' mean seconds (from rounds.jsonl's timestamps where present) and the
largest per-client accuracy difference between the two (the waits must not change a number).

    .venv/bin/python bench/flower_deploy.py --clients 4 --rounds 3 --out runs/bench-deploy
"""
import argparse, json, shutil, time
from pathlib import Path
from hdcfl.flower.launch import launch

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--clients', type=int, default=4)
p.add_argument('--rounds', type=int, default=3)
p.add_argument('--algorithms', default='hdcfl,fedavg-se')
p.add_argument('--out', default='runs/bench-deploy', help='folder for the runs (replaced)')
a = p.parse_args()
out = Path(a.out)
shutil.rmtree(out, ignore_errors=True)
WAITS = {  # Flower's own waits and two messages per round; the package's waits; and the package's, one message a round
    'flower': dict(poll_interval=0.0, superexec_poll=1.0, one_message=False),
    'waits': dict(poll_interval=0.1, superexec_poll=0.2, one_message=False),
    'package': dict(poll_interval=0.1, superexec_poll=0.2, one_message=True),
}
print(f"deployment on 127.0.0.1, digits rotation, {a.clients} clients, {a.rounds} rounds, 1 torch thread")
print(f"{'algorithm':10s} {'waits':8s} {'wall s':>7s} {'final mean':>11s} {'max |acc diff| (pp)':>20s}")
for algo in a.algorithms.split(','):
    opts = dict(algorithm=algo, dataset='digits', partition='rotation', clients=a.clients, rounds=a.rounds, seed=42, threads=1)
    if algo == 'hdcfl':
        opts.update(activation=2, refresh_every=1)
    recs = {}
    for name, waits in WAITS.items():
        t = time.time()
        s = launch('deployment', out / algo / name, **waits, **opts)
        wall = time.time() - t
        recs[name] = [json.loads(l) for l in (out / algo / name / 'rounds.jsonl').read_text().splitlines()]
        diff = max(abs(x - y) for r, q in zip(recs[name], recs['flower']) for x, y in zip(r['per_client'], q['per_client']))
        print(f"{algo:10s} {name:8s} {wall:7.1f} {s['final']['mean']:11.2f} {diff:20.4f}", flush=True)
