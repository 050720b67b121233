"""Ditto's lambda for a study, chosen as the CIFAR-10 study's learning rate was: on a seed no study uses (7), with the
study's own options (data, clients, model, rounds, the run's SGD), for lambda in 0.01, 0.1 and 1 (1 is the flag the
authors' scripts give; their paper tunes lambda per data set). Scored by the plain view's mean accuracy at the last
round, averaged over the study's settings; worst-client accuracy beside it. Resumable: a second call reads the
finished runs. One process, one torch thread; `--part K/N` runs every N-th run from the K-th (0-based) so that N
processes share the pilot, and a last call without it reads them all and writes the table. `--records DIR` keeps each
finished run's compact record (config, rounds, summary) in DIR, and a later call reads a run recorded there instead
of running it: committed, the records carry a pilot across sittings and machines.

- `--study digits` (the default): rotation and LS-2, 30 rounds, lr 0.05; about 10 minutes. Its choice: lambda 0.1
  (`results/ditto-lambda-pilot.json`).
- `--study cifar10-v2`: rotation, LS-3 and Dirichlet 0.07 at 250 images per client, 60 rounds, lr 0.01; 14 to 20
  minutes a run (two machines), two to three hours in all. Its choice: lambda 0.1
  (`results/ditto-lambda-pilot-cifar10.json`).

    .venv/bin/python bench/ditto_lambda_pilot.py [--study digits] [--out runs/ditto-pilot] [--json results/ditto-lambda-pilot.json]
    .venv/bin/python bench/ditto_lambda_pilot.py --study cifar10-v2 --data-root ../shared/data/cifar10-jpeg.tar.xz \\
        --out runs/ditto-pilot-cifar10 --records results/ditto-pilot-cifar10 --json results/ditto-lambda-pilot-cifar10.json
"""
import argparse, json
from pathlib import Path
from hdcfl.study.experiments import run_cell, keep_record
from hdcfl.core import atomic_write
from hdcfl.study.studies import digits_study, cifar10_study_v2
from hdcfl.provenance import machine, versions

LAMBDAS = (0.01, 0.1, 1.0)
p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--study', default='digits', choices=('digits', 'cifar10-v2'))
p.add_argument('--data-root', default='../shared/data/cifar10-jpeg.tar.xz', help='CIFAR-10 (cifar10-v2 only)')
p.add_argument('--out', default='runs/ditto-pilot')
p.add_argument('--json', default='', help='also write the rows to this file')
p.add_argument('--records', default='', help="keep each finished run's compact record here, and read a run recorded here")
p.add_argument('--part', default='', help='K/N: run only every N-th run from the K-th, and write nothing (e.g. 0/2)')
a = p.parse_args()
try:
    k, n = (int(x) for x in a.part.split('/')) if a.part else (0, 1)
    assert 0 <= k < n
except (ValueError, AssertionError):
    p.error(f'--part must be K/N with 0 <= K < N (e.g. 0/2), got {a.part!r}')

spec = digits_study() if a.study == 'digits' else cifar10_study_v2(str(Path(a.data_root).resolve()))
runs = [(lam, name, setting) for lam in LAMBDAS for name, setting in spec['settings'].items()]


def run(lam, name, setting):
    "One pilot run: read from --records if recorded there, else run (or resume, or read) it in --out and record it"
    rel, options = Path(f'lam{lam:g}') / name, {**spec['common'], **setting, 'algorithm': 'ditto', 'seed': 7,
                                                  'ditto_lambda': lam}
    kept = Path(a.records) / rel if a.records else None
    if kept and (kept / 'summary.json').exists():
        return run_cell(kept, **options)  # reads the record (one of another configuration is an error)
    s = run_cell(Path(a.out) / rel, **options)
    if kept:
        keep_record(Path(a.out) / rel, kept)
    return s

if a.part:
    for r in runs[k::n]:
        run(*r)
    raise SystemExit(0)
rows = []
for lam, name, setting in runs:
    s = run(lam, name, setting)
    rows.append({'lambda': lam, 'setting': name, 'mean': round(s['final']['mean'], 2), 'worst': round(s['final']['worst'], 2)})
print('| lambda | setting | mean | worst |\n|---|---|---|---|')
for r in rows:
    print(f"| {r['lambda']:g} | {r['setting']} | {r['mean']:.2f} | {r['worst']:.2f} |")
score = {lam: sum(r['mean'] for r in rows if r['lambda'] == lam) / len(spec['settings']) for lam in LAMBDAS}
best = max(score, key=score.get)
print(f"mean over the settings: {', '.join(f'{l:g}: {v:.2f}' for l, v in score.items())}; chosen: {best:g}")
if a.json:
    atomic_write(Path(a.json), json.dumps({'study': a.study, 'rows': rows, 'score': {f'{l:g}': v for l, v in score.items()},
                                        'chosen': best, 'seed': 7, 'machine': machine('cpu'), 'versions': versions()},
                                       indent=1) + '\n')
