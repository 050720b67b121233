"""What one Flower message costs a node beyond its training, measured in fresh processes (Flower 1.42 starts a fresh
ClientApp process for every message): the import of the ClientApp's module, then one client's local training on
digits (one epoch, BatchNorm digits model, one torch thread), once with the package's optimizer (`hdcfl.training.SGD`,
torch's SGD step without `torch.optim.Optimizer`'s compile hooks) and once with `torch.optim.SGD` (whose first
use imports `torch._dynamo`), and a second training in the same process, which pays nothing of the first use. The
overhead of a message is the first training minus the second, plus the import.

    .venv/bin/python bench/client_message.py --repeats 3
"""
import argparse, statistics, subprocess, sys

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--repeats', type=int, default=3)
a = p.parse_args()

CODE = '''
import sys, time
t0 = time.perf_counter()
import torch
torch.set_num_threads(1)
import hdcfl.flower.clientapp
import hdcfl.training as T
t1 = time.perf_counter()
if sys.argv[1] == 'torch':
    T.SGD = lambda params, lr, momentum=0.0, weight_decay=0.0: torch.optim.SGD(params, lr=lr, momentum=momentum, weight_decay=weight_decay)
from hdcfl.datasets import load_digits_dataset
from hdcfl.data import make_fed_data
from hdcfl.models import make_model
fed = make_fed_data(load_digits_dataset(), 4, 'rotation', seed=0)
t2 = time.perf_counter()
times = []
for _ in range(2):
    model = make_model('digits-bn', 10, fed.input_shape, seed=0)
    s = time.perf_counter()
    T.local_train(model, fed[0], T.TrainConfig(epochs=1), torch.Generator().manual_seed(0))
    times.append(time.perf_counter() - s)
print(t1 - t0, t2 - t1, times[0], times[1], 'torch._dynamo' in sys.modules)
'''

print(f"fresh processes, {a.repeats} each; seconds (median): import = torch + Flower + hdcfl's ClientApp module")
print(f"{'optimizer':22s} {'import':>7s} {'data':>6s} {'1st fit':>8s} {'2nd fit':>8s} {'first-use cost':>15s} dynamo")
for which in ('package', 'torch'):
    rows = [list(map(eval, subprocess.run([sys.executable, '-c', CODE, which], capture_output=True, text=True,
                                          check=True).stdout.split())) for _ in range(a.repeats)]
    med = [statistics.median(r[i] for r in rows) for i in range(4)]
    name = 'hdcfl.training.SGD' if which == 'package' else 'torch.optim.SGD'
    print(f"{name:22s} {med[0]:7.2f} {med[1]:6.2f} {med[2]:8.2f} {med[3]:8.2f} {med[2] - med[3]:15.2f} {rows[0][4]}")
