"""Per-round cost against the number of clients over the same data: CIFAR-10 (JPEG copy; the full 50,000 training
images split IID over N clients), participation 0.1, the small CNN, batch 64, one local epoch; N = 20, 100, 1,000.
Rounds are timed with `fit_round` (training of the sampled clients and aggregation; evaluation rounds are apart), after
one warm-up round, in one process with one torch thread; FedAvg-SE and HDC-FL (activated at round 1, prototypes
rebuilt every round from the cache). The goal: a round at N = 1,000 within 1.3 times a round at N = 20.

    .venv/bin/python bench/round_cost.py [--data-root ../shared/data/cifar10-jpeg.tar.xz] [--rounds 3] [--memory-format channels-last]
"""
import argparse, time
import numpy as np, torch
from hdcfl.datasets import load_dataset
from hdcfl.data import make_fed_data
from hdcfl.hdcfl import HDCFL, HDCFLConfig
from hdcfl.models import make_model
from hdcfl.algorithms import FedAvgSE
from hdcfl.training import TrainConfig
from hdcfl.engine import fresh_state, fit_round

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--data-root', default='../shared/data/cifar10-jpeg.tar.xz')
p.add_argument('--clients', default='20,100,1000')
p.add_argument('--rounds', type=int, default=3)
p.add_argument('--participation', type=float, default=0.1)
p.add_argument('--memory-format', default='preserve', help='preserve, contiguous or channels-last')
a = p.parse_args()
torch.set_num_threads(1)
ds = load_dataset('imagefolder', a.data_root)
cfg = TrainConfig(batch_size=64, epochs=1, memory_format=a.memory_format)
rows = []
for n in map(int, a.clients.split(',')):
    fed = make_fed_data(ds, n, 'iid', seed=0)
    for name in ('fedavg-se', 'hdcfl'):
        model = make_model('cnn', 10, fed.input_shape, seed=0)
        algo = FedAvgSE(model, cfg) if name == 'fedavg-se' else HDCFL(model, cfg, HDCFLConfig(activation=1, refresh_every=10))
        _, server, clients, _, _ = fresh_state(algo, fed, a.rounds + 1, 0)
        times, steps = [], []
        for rnd in range(1, a.rounds + 2):
            t = time.perf_counter()
            _, sampled = fit_round(algo, server, clients, fed, rnd, 0, a.participation)
            if rnd > 1:
                times.append(time.perf_counter() - t)
                steps.append(sum(-(-int(fed.sizes[k]) // cfg.batch_size) for k in sampled))
        rows.append((name, n, float(np.median(times)), int(np.median(steps)), clients.made))
        print(rows[-1], flush=True)
base = {name: s for name, n, s, _, _ in rows if n == int(a.clients.split(',')[0])}
print(f"\n| method | N | clients a round | SGD steps a round | s / round | ratio to N = {a.clients.split(',')[0]} | client states made |")
print('|---|---|---|---|---|---|---|')
for name, n, s, st, made in rows:
    print(f"| {name} | {n} | {max(1, round(a.participation * n))} | {st} | {s:.2f} | {s / base[name]:.2f} | {made} |")
