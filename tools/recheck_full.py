"""Recompute the whole-share verdicts of nbs/11_cifar10_full from its records, without the package's table helpers.

Reads every `results/cifar10-full/SETTING/METHOD/SEED/summary.json` with json alone, pairs the seeds, takes the 95%
t-interval with scipy, and compares what it finds with the two tables 11 writes: the claims table's whole-share
columns (`figures/tables/cifar10full_claims.md`) and the against-every table's whole-share rows
(`figures/tables/cifar10full_against_every.md`). It prints each mismatch and exits 1 if there is one.

    .venv/bin/python tools/recheck_full.py
"""
import json, sys
from pathlib import Path

import numpy as np
from scipy import stats

ROOT = Path(__file__).resolve().parents[1]
SETTINGS, VIEWS, READINGS = ('rotation', 'ls3', 'dirichlet'), ('plain', 'ft'), ('hdcfl', 'hdcfl-mixture')


def records():
    "(setting, method, seed, view) -> the final metrics, for the study's own cells (not the data curve's)"
    out = {}
    for f in (ROOT / 'results/cifar10-full').glob('*/*/*/summary.json'):
        s, m, seed = f.parts[-4:-1]
        if m.endswith(('-250', '-1k')):
            continue
        d = json.loads(f.read_text())
        out[(s, m, int(seed), 'plain')], out[(s, m, int(seed), 'ft')] = d['final'], d['ft']['final']
    return out


def interval(d):
    "Mean of the paired differences and its 95% t-interval"
    d = np.asarray(d, dtype=float)
    half = stats.t.ppf(0.975, len(d) - 1) * d.std(ddof=1) / np.sqrt(len(d))
    return d.mean(), d.mean() - half, d.mean() + half


def text(mu, lo, hi):
    "A difference and its interval as the tables print them"
    return f'{mu:+.2f}', f'[{lo:+.2f}, {hi:+.2f}]'


def recompute(R):
    "The claims table's whole-share cells and the against-every table's whole-share rows"
    claims, every = {}, {}
    for s in SETTINGS:
        for view in VIEWS:
            for reading in READINGS:
                seeds = sorted(k[2] for k in R if k[:2] == (s, reading) and k[3] == view)
                if not seeds:
                    continue
                others = sorted({k[1] for k in R if k[0] == s and k[1] not in READINGS
                                 and all((s, k[1], e, view) in R for e in seeds)})
                diff = lambda m, metric: [R[(s, reading, e, view)][metric] - R[(s, m, e, view)][metric] for e in seeds]
                best = lambda metric: max(others, key=lambda m: np.mean([R[(s, m, e, view)][metric] for e in seeds]))
                tests = [(f'tail: {m} highest of all methods', m, best(m), 0.0) for m in ('worst', 'bottom20')]
                tests += [('mean competitive (within 1 pp)', 'mean', best('mean'), 1.0),
                          ('mean above FedAvg-SE', 'mean', 'fedavg-se', 0.0)]
                for name, metric, b, margin in tests:
                    d = diff(b, metric)
                    mu, lo, hi = interval(d)
                    v = ('no difference' if not any(d) else 'holds' if lo > -margin else 'fails' if hi < -margin
                         else 'inconclusive')
                    claims[(name, s, view, reading)] = (b, *text(mu, lo, hi), v)
                for metric in ('worst', 'bottom20'):
                    found = {m: interval(diff(m, metric)) for m in others}
                    above = sum(lo > 0 for _, lo, _ in found.values())
                    below = [f'{m} ' + ' '.join(text(*x)) for m, x in found.items() if x[2] < 0]
                    every[(s, view, reading, metric)] = (str(len(others)), str(above), str(len(others) - above - len(below)),
                                                         '; '.join(below))
    return claims, every


def table(path):
    "A markdown table's rows as lists of stripped cells"
    return [[c.strip() for c in line.strip('|').split('|')] for line in (ROOT / path).read_text().splitlines()[2:]]


def main():
    claims, every = recompute(records())
    bad = 0
    rows = table('figures/tables/cifar10full_claims.md')
    for c in rows:
        if tuple(c[8:12]) != claims.get(tuple(c[:4]), ('', '', '', 'no runs yet')):
            bad += 1
            print('claims mismatch:', c[:4], c[8:12], claims.get(tuple(c[:4])))
    whole = [c for c in table('figures/tables/cifar10full_against_every.md') if c[4] == 'whole']
    for c in whole:
        if tuple(c[5:9]) != every.get(tuple(c[:4])):
            bad += 1
            print('against-every mismatch:', c[:4], c[5:9], every.get(tuple(c[:4])))
    missing = set(every) - {tuple(c[:4]) for c in whole}
    bad += len(missing)
    for k in sorted(missing):
        print('against-every row missing from the table:', k)
    print(f'{len(rows)} claims rows and {len(whole)} against-every rows checked against the records: {bad} mismatches')
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
