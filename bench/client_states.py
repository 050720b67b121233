"""Peak memory of client states in and out of memory: Local (every client keeps its whole model) with ResNet-18 at
N clients, 4 random 32x32 training images per client and a test split of 10 images per client, participation 0.1, 2 rounds (the last one
evaluates every client, so every client's state is made and used). Each budget runs in its own process; the peak
resident memory is the process's maximum RSS. Both runs must give the same per-client accuracies.

    .venv/bin/python bench/client_states.py --clients 100 --budgets 0,200
"""
import argparse, json, resource, subprocess, sys, tempfile, time

RUN = '''
import json, resource, sys, time, tempfile
import numpy as np, torch
from hdcfl.datasets import ImageDataset
from hdcfl.data import make_fed_data
from hdcfl.models import make_model
from hdcfl.runs import RunFolder
from hdcfl.algorithms import Local
from hdcfl.training import TrainConfig
from hdcfl.engine import run_federated
n, budget, out = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
torch.set_num_threads(1)
rng = np.random.default_rng(0)
ds = ImageDataset('random', rng.integers(0, 256, (4 * n, 32, 32, 3), dtype=np.uint8), rng.integers(0, 10, 4 * n),
                  rng.integers(0, 256, (10 * n, 32, 32, 3), dtype=np.uint8), rng.integers(0, 10, 10 * n), [str(i) for i in range(10)])
fed = make_fed_data(ds, n, 'iid', seed=0)
algo = Local(make_model('resnet18', 10, fed.input_shape, seed=0), TrainConfig(batch_size=4, epochs=1))
t = time.time()
s = run_federated(algo, fed, 2, 0, 0.1, eval_every=2, folder=RunFolder(out, ckpt_every=100), progress=False,
                  state_memory_mb=budget)
print(json.dumps({'budget_mb': budget, 'peak_rss_mb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  'wall_s': time.time() - t, 'per_client': s['final']['per_client'],
                  'resident_mb': s['clients'].resident_bytes / 2**20, 'spilled': len(s['clients'].files)}))
'''

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--clients', type=int, default=100)
p.add_argument('--budgets', default='0,200', help='state_memory_mb values (0: every state in memory)')
a = p.parse_args()
rows = []
for b in a.budgets.split(','):
    with tempfile.TemporaryDirectory() as d:
        r = subprocess.run([sys.executable, '-c', RUN, str(a.clients), b, f'{d}/run'], capture_output=True, text=True)
        if r.returncode:
            sys.exit(r.stderr[-2000:])
        rows.append(json.loads(r.stdout.strip().splitlines()[-1]))
print(f"Local, ResNet-18 (about 43 MB of state per client), N = {a.clients}, participation 0.1, 2 rounds, one thread")
print('| state_memory_mb | peak RSS (MB) | states in memory at the end (MB) | spilled | wall (s) |')
print('|---|---|---|---|---|')
for r in rows:
    print(f"| {r['budget_mb']:g} | {r['peak_rss_mb']:.0f} | {r['resident_mb']:.0f} | {r['spilled']} | {r['wall_s']:.1f} |")
print('same per-client accuracies:', all(r['per_client'] == rows[0]['per_client'] for r in rows))
