"""Engine overhead: R rounds of FedAvg-SE through the engine against exactly the same SGD steps (same model, same
batches) in a bare loop, in one process with the same thread settings; then the evaluation of every client against
the same forward passes in a bare loop, and a round with its evaluation.
The rounds alternate (engine round, then bare round) so that machine noise falls on both alike.

    .venv/bin/python bench/engine_overhead.py --rounds 3 --clients 20
"""
import argparse, time
import numpy as np, torch
import torch.nn.functional as F
from hdcfl.datasets import ImageDataset
from hdcfl.data import make_fed_data
from hdcfl.models import make_model
from hdcfl.algorithms import FedAvgSE
from hdcfl.training import TrainConfig
from hdcfl.engine import fit_round, evaluate_clients, client_generator, sample_clients

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--rounds', type=int, default=3); p.add_argument('--clients', type=int, default=20)
p.add_argument('--batch-size', type=int, default=64); p.add_argument('--threads', type=int, default=0)
a = p.parse_args()
if a.threads: torch.set_num_threads(a.threads)

rng = np.random.default_rng(0)   # CIFAR-10-sized data: 50,000 train and 10,000 test 32x32 RGB images, 10 classes
ds = ImageDataset('cifar10-sized', rng.integers(0, 256, (50000, 32, 32, 3), dtype=np.uint8), rng.integers(0, 10, 50000),
                  rng.integers(0, 256, (10000, 32, 32, 3), dtype=np.uint8), rng.integers(0, 10, 10000), [str(i) for i in range(10)])
fed = make_fed_data(ds, a.clients, 'iid', seed=0)
cfg = TrainConfig(batch_size=a.batch_size, epochs=1)
algo = FedAvgSE(make_model('cnn', 10, fed.input_shape, seed=0), cfg)
server, clients = algo.server_init(fed.sizes, a.rounds, 0), [algo.client_init(k) for k in range(len(fed))]

bare = make_model('cnn', 10, fed.input_shape, seed=0)
def bare_round(rnd):
    "The same SGD steps as one engine round: same clients, same batch order, same optimizer settings"
    bare.train()
    for k in sample_clients(len(fed), 1.0, 0, rnd).tolist():
        opt = torch.optim.SGD(bare.parameters(), lr=cfg.lr, momentum=cfg.momentum, weight_decay=cfg.weight_decay)
        d, gen = fed[k], client_generator(0, rnd, k)
        perm = torch.randperm(d.n_train, generator=gen)
        for b in range(0, d.n_train, cfg.batch_size):
            idx = perm[b:b + cfg.batch_size]
            if len(idx) < 2: continue
            loss = F.cross_entropy(bare(d.x_train[idx]), d.y_train[idx])
            opt.zero_grad(set_to_none=True); loss.backward(); opt.step()

t_engine = t_bare = 0.
for rnd in range(1, a.rounds + 1):
    t = time.perf_counter(); fit_round(algo, server, clients, fed, rnd, seed=0); t_engine += time.perf_counter() - t
    t = time.perf_counter(); bare_round(rnd); t_bare += time.perf_counter() - t

@torch.inference_mode()
def bare_eval():
    "The same forward passes and weighted sums as evaluating every client, without the engine's messages and loads"
    bare.eval()
    for k in range(len(fed)):
        d = fed[k]
        acc = loss = 0.
        for b in range(0, len(d.test_idx), 1024):
            out, y, w = bare(d.x_test_all[d.test_idx[b:b + 1024]]), d.y_test[b:b + 1024], d.w_test[b:b + 1024]
            acc += ((out.argmax(1) == y).double() * w).sum()
            loss += (F.cross_entropy(out, y, reduction='none').double() * w).sum()
        float(acc), float(loss)

t_eval = t_bare_eval = 0.
for _ in range(3):  # alternated, like the rounds
    t = time.perf_counter(); evaluate_clients(algo, server, clients, fed, a.rounds); t_eval += (time.perf_counter() - t) / 3
    t = time.perf_counter(); bare_eval(); t_bare_eval += (time.perf_counter() - t) / 3
steps = sum(-(-n // a.batch_size) for n in fed.sizes) * a.rounds
print(f"{a.rounds} rounds, {a.clients} clients, small CNN, batch {a.batch_size}, {steps} SGD steps, torch threads {torch.get_num_threads()}")
print(f"engine (FedAvg-SE): {t_engine:.1f} s   bare loop: {t_bare:.1f} s   ratio: {t_engine / t_bare:.3f}")
print(f"evaluation of all {a.clients} clients (10,000 test images): engine {t_eval:.2f} s   bare loop: {t_bare_eval:.2f} s"
      f"   ratio: {t_eval / t_bare_eval:.3f}")
r_e, r_b = t_engine / a.rounds + t_eval, t_bare / a.rounds + t_bare_eval
print(f"a round with its evaluation: engine {r_e:.1f} s   bare: {r_b:.1f} s   ratio: {r_e / r_b:.3f}")
