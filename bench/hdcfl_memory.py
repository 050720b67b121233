"""Peak memory of HDC-FL with ResNet-18 encoders at N clients, the cache of encoders and the client states spilled past
--state-memory-mb: 4 random 32x32 training images per client (one SGD step of batch 4) and a test split of 10 images
per client, participation 0.1, R rounds, activation (the first refresh) at the last round, so the refresh runs over
every client sampled in the R rounds and every client is then evaluated. One process, one torch thread; the peak is
the process's maximum resident set. The in-memory estimate is the cache alone: entries x one ResNet-18 encoder.

    .venv/bin/python bench/hdcfl_memory.py --clients 1000 --rounds 10 --budget 200 --out /tmp/hdcfl-mem

--phases adds where the resident set goes: a thread samples /proc/self/status every 0.1 s and the report gives, per
phase (local training, aggregation and refresh, evaluation, checkpoint), the largest resident set (anonymous memory,
that is the heap, apart from mapped files) and the state the budget's stores held at that moment.
"""
import argparse, ctypes, json, resource, shutil, threading, time
import numpy as np, torch
from hdcfl.datasets import ImageDataset
from hdcfl.data import make_fed_data
from hdcfl.hdcfl import HDCFL, HDCFLConfig
from hdcfl.models import make_model, encoder_state
from hdcfl.runs import RunFolder
from hdcfl.states import state_bytes
import hdcfl.engine, hdcfl.runs, hdcfl.states
from hdcfl.training import TrainConfig
from hdcfl.engine import run_federated

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--clients', type=int, default=1000)
p.add_argument('--rounds', type=int, default=10)
p.add_argument('--participation', type=float, default=0.1)
p.add_argument('--budget', type=float, default=200, help="state_memory_mb: one total for the client states, the cached encoders and a round's replies")
p.add_argument('--out', default='/tmp/hdcfl-mem', help='run folder (replaced); the spilled cache lives here')
p.add_argument('--phases', action='store_true', help='sample the resident set per phase (see above)')
p.add_argument('--trim', action='store_true', help="with --phases: glibc's malloc_trim(0) after every phase, which returns the heap's free pages")
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
phases = {}  # phase -> {'rss_mb', 'anon_mb', 'budget_state_mb'} at its largest resident set


def status_mb(*keys):
    f = dict(l.split(':', 1) for l in open('/proc/self/status').read().splitlines())
    return [int(f[k].split()[0]) / 1024 for k in keys]


trim = ctypes.CDLL('libc.so.6').malloc_trim if a.trim else None
if a.phases:
    budgets, now = [], ['run, elsewhere']
    phases['before the run'] = dict(zip(['rss_mb', 'anon_mb'], map(round, status_mb('VmRSS', 'RssAnon'))))

    class TracedBudget(hdcfl.states.MemoryBudget):  # the run's budget, kept where the sampler can read its stores
        def __init__(self, *args, **kw):
            super().__init__(*args, **kw)
            budgets.append(self)
    hdcfl.engine.MemoryBudget = TracedBudget

    def sample():
        while True:
            rss, anon = status_mb('VmRSS', 'RssAnon')
            held = sum(b.resident_bytes for b in budgets) / 2**20
            ph = phases.setdefault(now[0], {'rss_mb': 0})
            if rss > ph['rss_mb']:
                ph.update(rss_mb=round(rss), anon_mb=round(anon), budget_state_mb=round(held))
            time.sleep(0.1)
    threading.Thread(target=sample, daemon=True).start()

    def phase(name, f):
        def run(*args, **kw):
            before, now[0] = now[0], name
            try:
                return f(*args, **kw)
            finally:
                now[0] = before
                if trim:
                    trim(0)  # give the heap's free pages back to the system
        return run
    algo.fit_message = phase('messages', algo.fit_message)
    algo.eval_messages = phase('messages', algo.eval_messages)
    algo.client_fit = phase('train', algo.client_fit)
    algo.aggregate = phase('aggregate', algo.aggregate)
    hdcfl.engine.client_views = phase('evaluate', hdcfl.engine.client_views)
    hdcfl.runs.RunFolder.after_round = phase('checkpoint', hdcfl.runs.RunFolder.after_round)
t = time.time()
s = run_federated(algo, fed, a.rounds, 0, a.participation, eval_every=a.rounds, progress=False,
                  folder=RunFolder(a.out, ckpt_every=a.rounds), state_memory_mb=a.budget)
wall, peak = time.time() - t, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
io = dict(l.split(': ') for l in open('/proc/self/io').read().splitlines())  # wchar: bytes the process wrote
cache = len(s['server']['cache'])
ref = s['history'][-1]['server']['refresh']
print(json.dumps({'clients': n, 'rounds': a.rounds, 'participation': a.participation, 'budget_mb': a.budget,
                  'encoder_mb': round(enc_mb, 1), 'cache_entries': cache, 'peak_rss_mb': round(peak),
                  'in_memory_cache_estimate_mb': round(cache * enc_mb), 'wall_s': round(wall), 'written_gb': round(int(io['wchar']) / 2**30, 1), 'groups': ref['group_sizes']} | ({'phases': phases} if a.phases else {})))
shutil.rmtree(a.out, ignore_errors=True)
