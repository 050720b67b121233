"""HDC-FL's regime on digits (issue 11): FedAvg-SE and HDC-FL (both readings of what clients train from, prototypes
rebuilt every round or at refreshes only) at full and partial participation, BatchNorm digits model, 20 clients,
rotation, three seeds. Cells are read when finished (runs under --out); one torch thread per run.

    .venv/bin/python bench/hdcfl_regime.py --out runs/regime-digits
"""
import argparse, json
from pathlib import Path
import numpy as np, pandas as pd
from hdcfl.study.experiments import run_study, study_cells

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--out', default='runs/regime-digits')
p.add_argument('--participation', type=float, default=0.25)
a = p.parse_args()

settings = {'p1': dict(participation=1.0), f'p{a.participation:g}': dict(participation=a.participation)}
spec = {'seeds': (42, 123, 2026),
        'common': dict(dataset='digits', partition='rotation', model='digits-bn', clients=20, rounds=30, test_view='matched', threads=1),
        'settings': settings, 'methods': ('fedavg-se', 'hdcfl'),
        'method_options': {'hdcfl': dict(eval_lams='0', variants='refresh:prototypes=refresh;spread:temperature=spread')},
        'ablation_settings': tuple(settings), 'ablations': {'hdcfl-mixture': dict(algorithm='hdcfl', train_from='mixture')}}
run_study(spec, a.out, log=lambda m: None)

rows = []
for folder, _ in study_cells(spec):
    recs = [json.loads(l) for l in (Path(a.out) / folder / 'rounds.jsonl').read_text().splitlines()]
    last = recs[-1]
    setting, method, seed = folder.parts
    views = {'fedavg-se': {'FedAvg-SE': 'model'},
             'hdcfl': {'HDC-FL shared, prototypes every round': 'model', 'HDC-FL shared, prototypes at refreshes': 'v:refresh',
                       'HDC-FL shared, spread temperature': 'v:spread'},
             'hdcfl-mixture': {'HDC-FL mixture': 'model', 'HDC-FL mixture: its shared encoder': 'shared'}}[method]
    t_act = 8                                   # activation: 25% of 30 rounds
    for name, view in views.items():
        m = last['view_metrics'][view]
        after = np.mean([r['view_metrics'][view]['mean'] for r in recs if r['round'] >= t_act and view in r['view_metrics']])
        srv = last['server']
        dist = (srv.get('variants', {}).get(view[2:], {}) if view.startswith('v:') else srv).get('prototypes', {}).get('distance')
        ent = (srv.get('variants', {}).get(view[2:], {}) if view.startswith('v:') else srv).get('refresh', {}).get('entropy')
        rows.append({'participation': setting, 'method': name, 'seed': seed, 'mean': m['mean'], 'worst': m['worst'],
                     'bottom20': m['bottom20'], 'after': after, 'distance': np.mean(dist) if dist and view != 'shared' else np.nan,
                     'entropy': ent if view != 'shared' else np.nan})
df = pd.DataFrame(rows)
g = df.groupby(['participation', 'method'], sort=False)
out = g[['mean', 'worst', 'bottom20']].agg(lambda s: f"{s.mean():.2f} ± {s.std():.2f}")
out['mean over rounds after activation'] = g['after'].agg(lambda s: f"{s.mean():.2f} ± {s.std():.2f}")
out['prototype distance'] = g['distance'].mean().map(lambda v: '' if np.isnan(v) else f'{v:.4f}')
out['entropy'] = g['entropy'].mean().map(lambda v: '' if np.isnan(v) else f'{v:.2g}')
print(out.to_markdown())
