"""Cost of an HDC-FL refresh (descriptors, grouping, memberships, prototypes) and of building every client's
mixture, against one FedAvg-SE round, at 100 clients on CIFAR-10-sized data with the small CNN.

    .venv/bin/python bench/refresh_cost.py --clients 100
"""
import argparse, time
import numpy as np, torch
from hdcfl.datasets import ImageDataset
from hdcfl.data import make_fed_data
from hdcfl.models import make_model
from hdcfl.engine import fit_round
from hdcfl.training import TrainConfig
from hdcfl.hdcfl import HDCFL, HDCFLConfig

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--clients', type=int, default=100); p.add_argument('--batch-size', type=int, default=64)
p.add_argument('--groups', type=int, default=4)
a = p.parse_args()

rng = np.random.default_rng(0)
ds = ImageDataset('cifar10-sized', rng.integers(0, 256, (50000, 32, 32, 3), dtype=np.uint8), rng.integers(0, 10, 50000),
                  rng.integers(0, 256, (10000, 32, 32, 3), dtype=np.uint8), rng.integers(0, 10, 10000), [str(i) for i in range(10)])
fed = make_fed_data(ds, a.clients, 'rotation', seed=0)
# activation far away: round 1 is a plain FedAvg-SE round that fills the cache; the refresh is then timed on its own
algo = HDCFL(make_model('cnn', 10, fed.input_shape, seed=0), TrainConfig(batch_size=a.batch_size, epochs=1), HDCFLConfig(groups=a.groups, activation=1000))
server, clients = algo.server_init(fed.sizes, 1000, 0), [algo.client_init(k) for k in range(len(fed))]
t = time.perf_counter(); fit_round(algo, server, clients, fed, 1, seed=0); t_round = time.perf_counter() - t

server['t_act'] = 2   # make round 2 a refresh round, and time the refresh alone (aggregate with no new replies)
t = time.perf_counter(); info = algo.aggregate(server, {}, 2); t_refresh = time.perf_counter() - t
t = time.perf_counter(); mixes = [algo.eval_messages(server, k, 2) for k in range(len(fed))]; t_mix = time.perf_counter() - t
print(f"{a.clients} clients, small CNN, G={a.groups}; group sizes {info['refresh']['group_sizes']}, silhouette {info['refresh']['silhouette']:.3f}")
print(f"one FedAvg-SE round (training {a.clients} clients): {t_round:.1f} s")
print(f"refresh (descriptors, k-means, memberships, prototypes): {t_refresh * 1000:.0f} ms = {100 * t_refresh / t_round:.2f}% of a round")
print(f"mixtures for all {a.clients} clients (their eval messages): {t_mix * 1000:.0f} ms = {100 * t_mix / t_round:.2f}% of a round")
print(f"refresh + mixtures: {100 * (t_refresh + t_mix) / t_round:.2f}% of a round")
