"""What a round of each method costs in the CIFAR-10 study (v2), in seconds: one cell of the study (its setting and
seed, the study's options: 20 clients, at most 250 training images each, the BatchNorm CNN, batch 16, 2 local
epochs), rounds run with `fit_round` (training of every client and the server's aggregation) and timed after the
method's start-up; then one evaluation of every client in every view the cell evaluates, and the final one with the
fine-tuned view (5 epochs); and what it sends, counted from its real messages (`hdcfl.studies.traffic`: tensor
elements per client per round, down, up and at evaluation) with the method's own options: the study's
evaluation-only extras (HDC-FL's variant views and lambdas, whose encoders its evaluation message carries) left out. A method with an activation round (HDC-FL) is timed from that round on, so that its
rounds include the prototypes; the others from round 2. One torch thread; the study's records come from two such
processes side by side on the 2 cores, so run this beside one other single-thread process for comparable figures.

    .venv/bin/python bench/cifar10_cost.py [--data-root ../shared/data/cifar10-jpeg.tar.xz] [--methods hdcfl,fedavg-se]
        [--setting rotation] [--seed 42] [--timed 3] [--json results/cifar10-cost.json]
"""
import argparse, json, platform, statistics, time
from pathlib import Path
from hdcfl.config import Experiment
from hdcfl.engine import fresh_state, fit_round, evaluate_clients, machine, versions
from hdcfl.experiments import study_cells
from hdcfl.hdcfl import activation_round
from hdcfl.studies import cifar10_study_v2, traffic

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--data-root', default='../shared/data/cifar10-jpeg.tar.xz')
p.add_argument('--methods', default='', help="comma-separated cells of the study (default: every method)")
p.add_argument('--setting', default='rotation')
p.add_argument('--seed', type=int, default=42)
p.add_argument('--timed', type=int, default=3, help='rounds timed after the start-up')
p.add_argument('--json', default='', help='also write the rows to this file')
a = p.parse_args()

spec = cifar10_study_v2(str(Path(a.data_root).resolve()))
cells = {f.parts[1]: o for f, o in study_cells(spec) if f.parts[0] == a.setting and f.parts[2] == str(a.seed)}
methods = a.methods.split(',') if a.methods else list(spec['methods'])
if unknown := sorted(set(methods) - set(cells)):
    raise SystemExit(f"--methods: {unknown} are not cells of {a.setting}; allowed: {sorted(cells)}")
rows = []
for m in methods:
    exp = Experiment.resolve(**cells[m])
    fed, algo = exp.build()
    rounds, seed = exp.run.rounds, exp.run.seed
    start = activation_round(algo.cfg.activation, rounds) if hasattr(algo.cfg, 'activation') else 2
    _, server, clients, _, _ = fresh_state(algo, fed, rounds, seed)
    fit_s = []
    for rnd in range(1, start + a.timed):
        t = time.perf_counter()
        fit_round(algo, server, clients, fed, rnd, seed, exp.run.participation)
        if rnd >= start:
            fit_s.append(time.perf_counter() - t)
    t = time.perf_counter()
    views = evaluate_clients(algo, server, clients, fed, rnd, seed)
    eval_s = time.perf_counter() - t
    t = time.perf_counter()
    evaluate_clients(algo, server, clients, fed, rounds, seed, final=True)
    final_s = time.perf_counter() - t
    own = {k: v for k, v in cells[m].items() if k not in spec['method_options'].get(m, {})}  # without the study's extras
    rows.append({'method': m, 'timed_rounds': f'{start}-{start + a.timed - 1}', 'fit_s': round(statistics.median(fit_s), 2),
                 'eval_s': round(eval_s, 2), 'views': len(views), 'final_eval_s': round(final_s, 2), **traffic(**own)})
    print(rows[-1], flush=True)
cols = ['method', 'timed_rounds', 'fit_s', 'eval_s', 'views', 'final_eval_s', 'down', 'up', 'eval']
print(' '.join(f'{c:>12}' for c in cols))
for r in rows:
    print(' '.join(f'{r[c]:>12}' for c in cols))
if a.json:
    out = {'rows': rows, 'setting': a.setting, 'seed': a.seed, 'timed': a.timed, 'machine': machine('cpu'),
           'versions': versions(), 'python': platform.python_version()}
    Path(a.json).write_text(json.dumps(out, indent=1) + '\n')
