"""What the fine-tuned view (`--finetune-epochs E`) costs per client: copying the client's model, E epochs of local
SGD on its training split (the run's batch size, table 5's recipe) and one more evaluation, against the plain
evaluation alone. Two clients of the sizes the package's results use: digits (20 clients: about 63 training images,
the BatchNorm digits model) and the CIFAR-10 study's (250 training images of 32x32x3, its BatchNorm CNN; random
pixels, as the cost does not depend on them). One torch thread, the median of --repeats calls.

    .venv/bin/python bench/finetune_cost.py [--epochs 5] [--repeats 5]
"""
import argparse, statistics, time
import numpy as np, torch
from hdcfl.datasets import ImageDataset, load_digits_dataset
from hdcfl.data import make_fed_data
from hdcfl.models import make_model
from hdcfl.training import TrainConfig, evaluate
from hdcfl.engine import finetuned

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--epochs', type=int, default=5)
p.add_argument('--repeats', type=int, default=5)
a = p.parse_args()
torch.set_num_threads(1)
rng = np.random.default_rng(0)
image = lambda n: rng.integers(0, 256, (n, 32, 32, 3), dtype=np.uint8)
cifar_like = ImageDataset('cifar-like', image(250), rng.integers(0, 10, 250), image(500), rng.integers(0, 10, 500),
                          [str(i) for i in range(10)])
clients = {
    'digits, digits-bn': (make_fed_data(load_digits_dataset(), 20, 'rotation', seed=0), 'digits-bn'),
    'CIFAR-10 study client, cnn-bn': (make_fed_data(cifar_like, 1, 'iid', seed=0), 'cnn-bn'),
}
train = TrainConfig(batch_size=16, finetune_epochs=a.epochs)


def median_s(f):
    times = []
    for _ in range(a.repeats):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


for name, (fed, arch) in clients.items():
    data, model = fed[0], make_model(arch, 10, fed.input_shape, seed=0)
    plain = median_s(lambda: evaluate(model, data))
    ft = median_s(lambda: evaluate(finetuned(model, data, train, torch.Generator().manual_seed(0)), data))
    print(f"{name}: {data.n_train} training images; plain evaluation {plain:.3f} s, "
          f"fine-tuned view {ft:.3f} s per client ({a.epochs} epochs)")
