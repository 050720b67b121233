"""The local learning rate of the CIFAR-10 study, chosen before the study on a seed it does not use (7): FedAvg on
rotation with the study's setting (20 clients, 250 samples each, cnn-bn, batch 16, 2 epochs, momentum 0.9, weight
decay 5e-4) for 20 rounds at lr 0.05 (the project's default), 0.02 and 0.01, and FedHPro at 0.05 and 0.01 (its
embedding died at 0.05 in the first study runs). Prints the mean accuracy at rounds 5, 10, 15, 20 and the fraction of
dead (all-zero) embeddings on one client's test images. Resumable: a second call reads the finished runs. One process, one torch thread.

    .venv/bin/python bench/cifar10_lr_pilot.py [--out runs/lr-pilot]    # about 12 min
"""
import argparse
import torch
from hdcfl.study.experiments import cifar10_study, run_cell
from hdcfl.config import Experiment
from hdcfl.runs import read_rounds

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--out', default='runs/lr-pilot')
p.add_argument('--data-root', default='../shared/data/cifar10-jpeg.tar.xz')
a = p.parse_args()

spec = cifar10_study(a.data_root)
common = {**spec['common'], **spec['settings']['rotation'], 'seed': 7, 'rounds': 20}
cells = [('fedavg', lr) for lr in (0.05, 0.02, 0.01)] + [('fedhpro', lr) for lr in (0.05, 0.01)]
print('| method | lr | mean at rounds 5 / 10 / 15 / 20 | dead embeddings at the end |')
print('|---|---|---|---|')
for algo, lr in cells:
    out = f'{a.out}/{algo}-lr{lr}'
    run_cell(out, **{**common, 'algorithm': algo, 'lr': lr})
    fed, built = Experiment.load(out).build()
    model = built.model
    model.load_state_dict(torch.load(f'{out}/checkpoint.pt', weights_only=False)['server']['model'])
    model.eval()
    with torch.no_grad():
        dead = (model.encoder(fed[0].x_test_all[fed[0].test_idx[:256]]).abs().sum(1) == 0).float().mean().item()
    means = ' / '.join(f"{r['mean']:.2f}" for r in read_rounds(f'{out}/rounds.jsonl'))
    print(f'| {algo} | {lr} | {means} | {dead:.2f} |')
