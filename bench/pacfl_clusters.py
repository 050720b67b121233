"""PACFL's clusters on CIFAR-10 (JPEG copy) under each distance measure at the paper's threshold 1.5 (degrees for
basis-min, the authors' measure; radians for the principal angles): the number of clusters, how they sit against the
true structure (the rotation angle, or the label set), and the range of the distances.

    .venv/bin/python bench/pacfl_clusters.py --data-root ../shared/data/cifar10-jpeg.tar.xz [--max-train 250]
"""
import argparse
import numpy as np
from sklearn.metrics import adjusted_rand_score
from hdcfl.datasets import load_dataset
from hdcfl.data import make_fed_data
from hdcfl.baselines.pacfl import MEASURES, data_subspace, subspace_distances, cluster_subspaces

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--data-root', default='../shared/data/cifar10-jpeg.tar.xz')
p.add_argument('--clients', type=int, default=20)
p.add_argument('--max-train', type=int, default=0, help='training samples per client (0: the whole partition)')
p.add_argument('--seeds', default='42,123,2026')
p.add_argument('--threshold', type=float, default=1.5)
a = p.parse_args()

ds = load_dataset('imagefolder', a.data_root)
settings = {'rotation': dict(scheme='rotation'), 'ls3': dict(scheme='ls', k=3), 'dirichlet0.07': dict(scheme='dirichlet', alpha=0.07)}
print(f"| setting | seed | measure | clusters at {a.threshold} | ARI with the truth | distance min / median / max |")
print("|---|---|---|---|---|---|")
for name, kw in settings.items():
    for seed in map(int, a.seeds.split(',')):
        fed = make_fed_data(ds, a.clients, seed=seed, max_train=a.max_train, **kw)
        truth = fed.angles if name == 'rotation' else [hash(tuple(np.flatnonzero(h))) for h in fed.hist_N_C]
        Us = [data_subspace(c.pixels_train().flatten(1), c.y_train) for c in fed]
        for m in MEASURES:
            A = subspace_distances(Us, m)
            labels = cluster_subspaces(A, a.threshold, 'weighted')
            d = A[np.triu_indices(len(A), 1)]
            print(f"| {name} | {seed} | {m} | {len(set(labels))} | {adjusted_rand_score(truth, labels):.2f} | "
                  f"{d.min():.3g} / {np.median(d):.3g} / {d.max():.3g} |")
