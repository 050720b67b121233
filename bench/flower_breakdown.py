"""Where a deployed run's time goes: one deployment on 127.0.0.1 (TLS, registered node keys, the package's waits, one
message per node and round) per algorithm, with every ClientApp process writing its timing (`HDCFL_TIMING=1`): the
process's start-up until the package's code runs (Python, Flower, torch and hdcfl imports), the package's set-up
(configuration, data file, algorithm, state), the algorithm's work (training, evaluation) and the process's total to
its reply. Each round's wall time is read as rounds.jsonl grows (the time from one record to the next); the part of a
round that no ClientApp process spends is Flower's: its waits, its message passing and process ends.

    .venv/bin/python bench/flower_breakdown.py --clients 4 --rounds 3 --out runs/bench-breakdown
"""
import argparse, json, os, shutil, statistics, threading, time
from pathlib import Path
from hdcfl.flower.clientapp import TIMING_ENV
from hdcfl.flower.launch import launch
from hdcfl.runs import read_rounds

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--clients', type=int, default=4)
p.add_argument('--rounds', type=int, default=3)
p.add_argument('--algorithms', default='hdcfl,fedavg-se')
p.add_argument('--out', default='runs/bench-breakdown', help='folder for the runs (replaced)')
a = p.parse_args()
out = Path(a.out)
shutil.rmtree(out, ignore_errors=True)
os.environ[TIMING_ENV] = '1'  # the launched processes inherit it


def watch(folder, seen, done):  # when each round's record appears
    while not done.is_set():
        for r in read_rounds(folder / 'rounds.jsonl'):
            seen.setdefault(r['round'], time.time())
        time.sleep(0.05)


def mean(xs):
    return statistics.mean(xs) if xs else float('nan')


print(f"deployment on 127.0.0.1, digits rotation, {a.clients} clients, {a.rounds} rounds, 1 torch thread, TLS")
for algo in a.algorithms.split(','):
    opts = dict(algorithm=algo, dataset='digits', partition='rotation', clients=a.clients, rounds=a.rounds, seed=42, threads=1)
    if algo == 'hdcfl':
        opts.update(activation=2, refresh_every=1)
    folder, seen, done = out / algo, {}, threading.Event()
    t0 = time.time()
    th = threading.Thread(target=watch, args=(folder, seen, done), daemon=True)
    th.start()
    s = launch('deployment', folder, **opts)
    wall = time.time() - t0
    done.set()
    th.join()
    msgs = [json.loads(l) for f in sorted((folder / 'logs').glob('supernode*.log'))
            for l in f.read_text().splitlines() if l.startswith('{"hdcfl_timing"')]
    print(f"\n{algo}: {wall:.1f} s wall, {len(msgs)} ClientApp messages; first record {seen.get(1, t0) - t0:.1f} s after the start")
    print(f"  {'message':8s} {'n':>3s} {'start-up s':>10s} {'set-up s':>9s} {'work s':>7s} {'process s':>10s} {'process - work':>15s}")
    for kind in ('query', 'train', 'evaluate'):
        ms = [m for m in msgs if m['hdcfl_timing'] == kind]
        if ms:
            g = lambda k: mean([m[k] for m in ms if m[k] is not None])
            print(f"  {kind:8s} {len(ms):3d} {g('start_s'):10.2f} {g('setup_s'):9.2f} {g('work_s'):7.2f} {g('process_s'):10.2f} "
                  f"{g('process_s') - g('work_s'):15.2f}")
    rounds = sorted(seen)
    print(f"  {'round':8s} {'wall s':>7s} {'work s (sum)':>13s} {'processes s (sum)':>18s}")
    for i, r in enumerate(rounds[1:], 1):  # round r's record arrives with round r + 1's replies (one message a round)
        w = seen[r] - seen[rounds[i - 1]]
        ms = [m for m in msgs if m['round'] == r]
        print(f"  {r:8d} {w:7.2f} {sum(m['work_s'] for m in ms):13.2f} {sum(m['process_s'] or 0 for m in ms):18.2f}")
    print(f"  final mean {s['final']['mean']:.2f}; processes stopped: {not s['flower']['left_running']}")
