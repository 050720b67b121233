"""One federated round on an accelerator: FedAvg-SE (training of the sampled clients, aggregation) and the evaluation
of every client, for the small CNN and ResNet-18 at N = 20 and N = 100 clients over the same CIFAR-10-sized random
data (10,000 training images in all, 32x32x3, 10 classes; the 10,000 test images shared out as each client's test
split), batch 64, one local epoch, full participation. Each configuration runs a warm-up round, then --rounds timed
rounds; the device is synchronized before every clock reading. Runs unchanged on the CPU (--device cpu).

    python bench/gpu_round.py --device cuda [--deterministic] [--json $OUT/gpu_round.json]
    .venv/bin/python bench/gpu_round.py --device cpu --models cnn --clients 20 --train 2000 --rounds 1   # a check
"""
import argparse, json, time
import numpy as np, torch
from hdcfl.datasets import ImageDataset
from hdcfl.data import make_fed_data
from hdcfl.models import make_model
from hdcfl.algorithms import FedAvgSE
from hdcfl.training import TrainConfig
from hdcfl.engine import fit_round, evaluate_clients
from hdcfl.config import set_kernels

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--device', default='cuda' if torch.cuda.is_available() else 'cpu')
p.add_argument('--models', default='cnn,resnet18')
p.add_argument('--clients', default='20,100')
p.add_argument('--train', type=int, default=10000, help='training images over all clients')
p.add_argument('--rounds', type=int, default=3, help='timed rounds after one warm-up round')
p.add_argument('--batch-size', type=int, default=64)
p.add_argument('--json', default='', help='also write the rows to this file')
p.add_argument('--deterministic', action='store_true', help="a run's deterministic kernels (the package's default)")
a = p.parse_args()
set_kernels(device=a.device, deterministic=a.deterministic)  # without the flag: torch's defaults (cuDNN's benchmark off)


def sync():
    if a.device.startswith('cuda'):
        torch.cuda.synchronize(a.device)


rng = np.random.default_rng(0)
ds = ImageDataset(
    'cifar10-sized',
    rng.integers(0, 256, (a.train, 32, 32, 3), dtype=np.uint8),
    rng.integers(0, 10, a.train),
    rng.integers(0, 256, (10000, 32, 32, 3), dtype=np.uint8),
    rng.integers(0, 10, 10000),
    [str(i) for i in range(10)],
)
rows = []
for model in a.models.split(','):
    for n in map(int, a.clients.split(',')):
        fed = make_fed_data(ds, n, 'iid', seed=0)
        cfg = TrainConfig(batch_size=a.batch_size, epochs=1, device=a.device)
        algo = FedAvgSE(make_model(model, 10, fed.input_shape, seed=0).to(a.device), cfg)
        server, clients = algo.server_init(fed.sizes, a.rounds + 1, 0), [algo.client_init(k) for k in range(n)]
        fit_s, eval_s = [], []
        for rnd in range(1, a.rounds + 2):
            sync()
            t0 = time.perf_counter()
            fit_round(algo, server, clients, fed, rnd, seed=0)
            sync()
            t1 = time.perf_counter()
            evaluate_clients(algo, server, clients, fed, rnd)
            sync()
            t2 = time.perf_counter()
            if rnd > 1:  # the first round warms up (allocations, kernels)
                fit_s.append(t1 - t0)
                eval_s.append(t2 - t1)
        steps = sum(-(-int(s) // a.batch_size) for s in fed.sizes)
        row = {
            'device': a.device,
            'deterministic': a.deterministic,
            'model': model,
            'clients': n,
            'train_images': a.train,
            'steps_per_round': steps,
            'fit_s': round(float(np.median(fit_s)), 3),
            'eval_s': round(float(np.median(eval_s)), 3),
            'ms_per_step': round(1000 * float(np.median(fit_s)) / steps, 2),
        }
        rows.append(row)
        print(row, flush=True)
print(f"\n| device | model | N | SGD steps a round | train s | eval s (all clients) | ms / step |")
print('|---|---|---|---|---|---|---|')
for r in rows:
    print(f"| {r['device']} | {r['model']} | {r['clients']} | {r['steps_per_round']} | {r['fit_s']} | {r['eval_s']} | {r['ms_per_step']} |")
if a.json:
    with open(a.json, 'w') as f:
        json.dump(rows, f, indent=1)
