"""Is torch.compile or the channels-last memory format faster for local training here? SGD steps (momentum 0.9) on
random 32x32 batches for the small CNN and ResNet-18: NCHW inputs and weights (`contiguous`, eager), NHWC inputs with
NCHW weights (`preserve`: how the package's image tensors are stored and what its default trains on), NHWC inputs and
weights (`channels-last`), and torch.compile (inductor) on NCHW, after warm-up steps (compilation happens there and is reported apart), one process, one torch thread by default.
The last loss of each variant is printed against eager's: compiled kernels are not bit-identical to eager ones.

    .venv/bin/python bench/compile_speed.py [--steps 30] [--batch-size 64] [--models cnn,resnet18]
"""
import argparse, time
import torch
import torch.nn.functional as F
from hdcfl.models import make_model

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--steps', type=int, default=30)
p.add_argument('--warmup', type=int, default=3)
p.add_argument('--batch-size', type=int, default=64)
p.add_argument('--models', default='cnn,resnet18')
p.add_argument('--threads', type=int, default=1)
a = p.parse_args()
torch.set_num_threads(a.threads)
g = torch.Generator().manual_seed(0)
x, y = torch.randn(a.warmup + a.steps, a.batch_size, 3, 32, 32, generator=g), torch.randint(0, 10, (a.warmup + a.steps, a.batch_size), generator=g)
print('| model | variant | first steps (s, incl. compilation) | ms / step | speed-up | last loss - contiguous\'s |')
print('|---|---|---|---|---|---|')
for name in a.models.split(','):
    base = None
    for variant in ('contiguous', 'preserve', 'channels-last', 'compile'):
        model = make_model(name, 10, (3, 32, 32), seed=0)
        fmt = torch.channels_last if variant in ('preserve', 'channels-last') else torch.contiguous_format
        model = model.to(memory_format=fmt) if variant != 'preserve' else model
        step_model = torch.compile(model) if variant == 'compile' else model
        opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        model.train()
        t0 = time.perf_counter()
        for i in range(a.warmup + a.steps):
            if i == a.warmup:
                t_warm, t0 = time.perf_counter() - t0, time.perf_counter()
            loss = F.cross_entropy(step_model(x[i].contiguous(memory_format=fmt)), y[i])
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        ms = 1000 * (time.perf_counter() - t0) / a.steps
        base = base or (ms, loss.item())
        print(f"| {name} | {variant} | {t_warm:.1f} | {ms:.1f} | {base[0] / ms:.2f} | {loss.item() - base[1]:+.2e} |", flush=True)
