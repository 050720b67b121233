"""Times the first (decode) and the cached load of an image tree, and the Dirichlet partition over 100 clients.

    .venv/bin/python bench/data_load.py --data-root ../shared/data/cifar10-jpeg.tar.xz
"""
import argparse, tempfile, time
import numpy as np
from hdcfl.datasets import load_dataset
from hdcfl.partitions import partition
from hdcfl.data import make_fed_data

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--data-root', required=True, help='image tree or .tar.xz of one (e.g. the CIFAR-10 JPEG copy)')
p.add_argument('--clients', type=int, default=100)
p.add_argument('--alpha', type=float, default=0.07)
a = p.parse_args()

with tempfile.TemporaryDirectory() as cache:
    t = time.perf_counter(); ds = load_dataset('imagefolder', a.data_root, cache_dir=cache); first = time.perf_counter() - t
    t = time.perf_counter(); ds = load_dataset('imagefolder', a.data_root, cache_dir=cache); cached = time.perf_counter() - t
print(f"{ds!r}")
print(f"first load (unpack + decode + cache): {first:.1f} s; cached load: {cached:.2f} s")
t = time.perf_counter(); parts, _ = partition(ds.y_train, a.clients, 'dirichlet', seed=42, alpha=a.alpha); tp = time.perf_counter() - t
sizes = np.array([len(q) for q in parts])
print(f"dirichlet(alpha={a.alpha}) over {a.clients} clients: {tp:.2f} s (client sizes {sizes.min()}..{sizes.max()})")
t = time.perf_counter(); fed = make_fed_data(ds, a.clients, 'dirichlet', seed=42, alpha=a.alpha); tf = time.perf_counter() - t
print(f"the whole federated data set (partition, test sets, normalized tensors): {tf:.2f} s")
