"""Peak memory of HDC-FL with ResNet-18 encoders at N clients, the cache of encoders and the client states spilled past
--state-memory-mb: 4 random 32x32 training images per client (one SGD step of batch 4) and a test split of 10 images
per client, participation 0.1, R rounds, activation (the first refresh) at the last round, so the refresh runs over
every client sampled in the R rounds and every client is then evaluated. One process, one torch thread; the peak is
the process's maximum resident set. The in-memory estimate is the cache alone: entries x one ResNet-18 encoder.

    .venv/bin/python bench/hdcfl_memory.py --clients 1000 --rounds 10 --budget 200 --out /tmp/hdcfl-mem
"""
import argparse, json, resource, shutil, time
import numpy as np, torch
from hdcfl.datasets import ImageDataset
from hdcfl.data import make_fed_data
from hdcfl.hdcfl import HDCFL, HDCFLConfig
from hdcfl.models import make_model, encoder_state
from hdcfl.runs import RunFolder
from hdcfl.states import state_bytes
from hdcfl.training import TrainConfig
from hdcfl.engine import run_federated

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--clients', type=int, default=1000)
p.add_argument('--rounds', type=int, default=10)
p.add_argument('--participation', type=float, default=0.1)
p.add_argument('--budget', type=float, default=200, help="state_memory_mb: one total for the client states, the cached encoders and a round's replies")
p.add_argument('--out', default='/tmp/hdcfl-mem', help='run folder (replaced); the spilled cache lives here')
a = p.parse_args()
torch.set_num_threads(1)
n = a.clients
rng = np.random.default_rng(0)
ds = ImageDataset('random', rng.integers(0, 256, (4 * n, 32, 32, 3), dtype=np.uint8), rng.integers(0, 10, 4 * n),
                  rng.integers(0, 256, (10 * n, 32, 32, 3), dtype=np.uint8), rng.integers(0, 10, 10 * n),
                  [str(i) for i in range(10)])
fed = make_fed_data(ds, n, 'iid', seed=0)
model = make_model('resnet18', 10, fed.input_shape, seed=0)
enc_mb = state_bytes(encoder_state(model)) / 2**20
algo = HDCFL(model, TrainConfig(batch_size=4, epochs=1), HDCFLConfig(activation=a.rounds, refresh_every=1))
shutil.rmtree(a.out, ignore_errors=True)
t = time.time()
s = run_federated(algo, fed, a.rounds, 0, a.participation, eval_every=a.rounds, progress=False,
                  folder=RunFolder(a.out, ckpt_every=a.rounds), state_memory_mb=a.budget)
wall, peak = time.time() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
cache = len(s['server']['cache'])
ref = s['history'][-1]['server']['refresh']
print(json.dumps({'clients': n, 'rounds': a.rounds, 'participation': a.participation, 'budget_mb': a.budget,
                  'encoder_mb': round(enc_mb, 1), 'cache_entries': cache, 'peak_rss_mb': round(peak),
                  'in_memory_cache_estimate_mb': round(cache * enc_mb), 'wall_s': round(wall), 'groups': ref['group_sizes']}))
shutil.rmtree(a.out, ignore_errors=True)
