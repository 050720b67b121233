"""Seconds per round of local training, one client after another against a round's clients trained together as one
batched model (`hdcfl.together`, `--clients-together N` of a run): FedAvg-SE on CIFAR-10-sized random data (32x32x3,
10 classes), the small BatchNorm CNN and ResNet-18, N = 20 and N = 100 clients, batch 64, one local epoch, full
participation. Each configuration runs a warm-up round, then --rounds timed rounds of each path in turn; the device
is synchronized before every clock reading. The ratio is one by one over together (above 1: together is faster).

    python bench/clients_together.py --device cuda [--json $OUT/clients_together.json]
    .venv/bin/python bench/clients_together.py --device cpu --models cnn-bn --clients 20 --train 2000   # this CPU
"""
import argparse, json, time
import numpy as np, torch
from hdcfl.datasets import ImageDataset
from hdcfl.data import make_fed_data
from hdcfl.models import make_model
from hdcfl.algorithms import FedAvgSE
from hdcfl.training import TrainConfig
from hdcfl.engine import fit_round
from hdcfl.config import set_kernels

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--device', default='cuda' if torch.cuda.is_available() else 'cpu')
p.add_argument('--models', default='cnn-bn,resnet18')
p.add_argument('--clients', default='20,100')
p.add_argument('--train', type=int, default=10000, help='training images over all clients')
p.add_argument('--rounds', type=int, default=2, help='timed rounds of each path after one warm-up round')
p.add_argument('--batch-size', type=int, default=64)
p.add_argument('--chunk', type=int, default=0, help='clients per stack (0: all of a round)')
p.add_argument('--threads', type=int, default=0, help='torch CPU threads (0: torch default)')
p.add_argument('--json', default='', help='also write the rows to this file')
a = p.parse_args()
set_kernels(device=a.device, deterministic=True)  # a run's default on a GPU
if a.threads:
    torch.set_num_threads(a.threads)


def sync():
    if a.device.startswith('cuda'):
        torch.cuda.synchronize(a.device)


rng = np.random.default_rng(0)
ds = ImageDataset(
    'cifar10-sized',
    rng.integers(0, 256, (a.train, 32, 32, 3), dtype=np.uint8),
    rng.integers(0, 10, a.train),
    rng.integers(0, 256, (2000, 32, 32, 3), dtype=np.uint8),
    rng.integers(0, 10, 2000),
    [str(i) for i in range(10)],
)
rows = []
for model in a.models.split(','):
    for n in map(int, a.clients.split(',')):
        fed = make_fed_data(ds, n, 'iid', seed=0)
        cfg = TrainConfig(batch_size=a.batch_size, epochs=1, device=a.device)
        times = {}
        for path, together in (('one_by_one', 0), ('together', a.chunk or n)):
            algo = FedAvgSE(make_model(model, 10, fed.input_shape, seed=0).to(a.device), cfg)
            server, clients = algo.server_init(fed.sizes, a.rounds + 1, 0), [algo.client_init(k) for k in range(n)]
            if a.device.startswith('cuda'):
                torch.cuda.reset_peak_memory_stats(a.device)
            spent = []
            for rnd in range(1, a.rounds + 2):
                sync()
                t0 = time.perf_counter()
                fit_round(algo, server, clients, fed, rnd, seed=0, together=together)
                sync()
                if rnd > 1:  # the first round warms up (allocations, kernels)
                    spent.append(time.perf_counter() - t0)
            times[path] = float(np.median(spent))
            if a.device.startswith('cuda'):
                times[path + '_peak_mb'] = round(torch.cuda.max_memory_allocated(a.device) / 2**20)
        row = {
            'device': a.device,
            'device_name': torch.cuda.get_device_name(a.device) if a.device.startswith('cuda') else 'cpu',
            'threads': torch.get_num_threads(),
            'model': model,
            'clients': n,
            'chunk': a.chunk or n,
            'train_images': a.train,
            'one_by_one_s': round(times['one_by_one'], 3),
            'together_s': round(times['together'], 3),
            'speedup': round(times['one_by_one'] / times['together'], 2),
            **{k: v for k, v in times.items() if k.endswith('_peak_mb')},
        }
        rows.append(row)
        print(row, flush=True)
print("\n| device | model | N | one by one s | together s | one by one / together |")
print('|---|---|---|---|---|---|')
for r in rows:
    print(f"| {r['device_name']} | {r['model']} | {r['clients']} | {r['one_by_one_s']} | {r['together_s']} | {r['speedup']} |")
if a.json:
    with open(a.json, 'w') as f:
        json.dump(rows, f, indent=1)
