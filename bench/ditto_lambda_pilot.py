"""Ditto's lambda for the digits study, chosen as the CIFAR-10 study's learning rate was: on a seed no study uses (7),
with the study's setting (digits, 20 clients, the BatchNorm digits model, 30 rounds, the run's SGD: lr 0.05, momentum
0.9, batch 16, 2 epochs), for lambda in 0.01, 0.1 and 1 (1 is the flag the authors' scripts give; their paper tunes
lambda per data set). Scored by the plain view's mean accuracy at the last round, averaged over rotation and LS-2;
worst-client accuracy beside it. Resumable: a second call reads the finished runs. One process, one torch thread.

    .venv/bin/python bench/ditto_lambda_pilot.py [--out runs/ditto-pilot] [--json results/ditto-lambda-pilot.json]
"""
import argparse, json
from pathlib import Path
from hdcfl.study.experiments import run_cell
from hdcfl.study.studies import digits_study
from hdcfl.provenance import machine, versions

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--out', default='runs/ditto-pilot')
p.add_argument('--json', default='', help='also write the rows to this file')
a = p.parse_args()

spec, rows = digits_study(), []
for lam in (0.01, 0.1, 1.0):
    for name, setting in spec['settings'].items():
        s = run_cell(Path(a.out) / f'lam{lam:g}' / name, **{**spec['common'], **setting, 'algorithm': 'ditto', 'seed': 7,
                                                           'ditto_lambda': lam})
        rows.append({'lambda': lam, 'setting': name, 'mean': round(s['final']['mean'], 2), 'worst': round(s['final']['worst'], 2)})
print('| lambda | setting | mean | worst |\n|---|---|---|---|')
for r in rows:
    print(f"| {r['lambda']:g} | {r['setting']} | {r['mean']:.2f} | {r['worst']:.2f} |")
score = {lam: sum(r['mean'] for r in rows if r['lambda'] == lam) / 2 for lam in (0.01, 0.1, 1.0)}
best = max(score, key=score.get)
print(f"mean over the settings: {', '.join(f'{l:g}: {v:.2f}' for l, v in score.items())}; chosen: {best:g}")
if a.json:
    Path(a.json).write_text(json.dumps({'rows': rows, 'score': {f'{l:g}': v for l, v in score.items()}, 'chosen': best,
                                        'seed': 7, 'machine': machine('cpu'), 'versions': versions()}, indent=1) + '\n')
