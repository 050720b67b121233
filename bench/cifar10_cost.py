"""What a round of each method costs in a CIFAR-10 study (v2, or the whole-share study 'full'), in seconds, and what it
sends. One cell of the study (its setting and seed, the study's options: 20 clients, at most 250 training images each
in v2 and every client's whole share in 'full', the BatchNorm CNN, batch 16, 2 local epochs), the data built once for
every method. For each method: rounds run with `fit_round` (local training
of every client and the server's aggregation), timed after the method's start-up (a method with an activation round,
HDC-FL, from that round on, so that its rounds include the prototypes; the others from round 2); one evaluation of
every client in every view the cell evaluates, and the final one with the fine-tuned view (5 epochs). Right before
and right after a method's timed rounds, one round of a FedAvg-SE run on the same data is timed too: the machine's
speed drifts (shared cores), and the ratio to that reference is what compares methods. What a method sends is
counted from its real messages (`hdcfl.study.studies.traffic`: tensor elements per client per round, down, up and at
evaluation) with the method's own options: the study's evaluation-only extras (HDC-FL's variant views and lambdas,
whose encoders its evaluation message carries) left out. One torch thread; the study's records come from two such
processes side by side on the 2 cores, so run this beside one other single-thread process for comparable figures.

    .venv/bin/python bench/cifar10_cost.py [--data-root ../shared/data/cifar10-jpeg.tar.xz] [--methods hdcfl,fedavg-se]
        [--setting rotation] [--seed 42] [--timed 3] [--study v2] [--json results/cifar10-cost.json]
"""
import argparse, json, platform, statistics, time
from pathlib import Path
import torch
from hdcfl.config import Experiment, build_data, build_algorithm
from hdcfl.engine import fresh_state, fit_round, evaluate_clients
from hdcfl.provenance import machine, versions
from hdcfl.study.experiments import study_cells
from hdcfl.hdcfl import activation_round
from hdcfl.study.studies import cifar10_study_v2, cifar10_study_full, traffic

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--data-root', default='../shared/data/cifar10-jpeg.tar.xz')
p.add_argument('--methods', default='', help="comma-separated cells of the study (default: every method)")
p.add_argument('--setting', default='rotation')
p.add_argument('--seed', type=int, default=42)
p.add_argument('--timed', type=int, default=3, help='rounds timed after the start-up')
p.add_argument('--study', default='v2', choices=['v2', 'full'], help="the study whose cells are timed")
p.add_argument('--json', default='', help='also write the rows to this file')
a = p.parse_args()

spec = {'v2': cifar10_study_v2, 'full': cifar10_study_full}[a.study](str(Path(a.data_root).resolve()))
cells = {f.parts[1]: o for f, o in study_cells(spec) if f.parts[0] == a.setting and f.parts[2] == str(a.seed)}
methods = a.methods.split(',') if a.methods else list(spec['methods'])
if unknown := sorted(set(methods) - set(cells)):
    raise SystemExit(f"--methods: {unknown} are not cells of {a.setting}; allowed: {sorted(cells)}")
ref_exp = Experiment.resolve(**cells['fedavg-se'])
torch.set_num_threads(ref_exp.run.threads or torch.get_num_threads())  # the study's: one
fed = build_data(ref_exp.run)  # every method's cell holds the same data
ref = build_algorithm(ref_exp.run, ref_exp.train, ref_exp.algo, fed.n_classes, fed.input_shape)
_, ref_server, ref_clients, _, _ = fresh_state(ref, fed, ref_exp.run.rounds, ref_exp.run.seed)
ref_rnd = [0]


def timed(f, *args):
    t = time.perf_counter()
    out = f(*args)
    return time.perf_counter() - t, out


def reference_round():
    "Seconds of one more round of the FedAvg-SE reference run"
    ref_rnd[0] += 1
    return timed(fit_round, ref, ref_server, ref_clients, fed, ref_rnd[0], ref_exp.run.seed)[0]


reference_round()  # its start-up
rows = []
for m in methods:
    exp = Experiment.resolve(**cells[m])
    algo = build_algorithm(exp.run, exp.train, exp.algo, fed.n_classes, fed.input_shape)
    rounds, seed, part = exp.run.rounds, exp.run.seed, exp.run.participation
    start = activation_round(algo.cfg.activation, rounds) if hasattr(algo.cfg, 'activation') else 2
    _, server, clients, _, _ = fresh_state(algo, fed, rounds, seed)
    for rnd in range(1, start):
        fit_round(algo, server, clients, fed, rnd, seed, part)
    before = reference_round()
    fit_s = [timed(fit_round, algo, server, clients, fed, r, seed, part)[0] for r in range(start, start + a.timed)]
    after = reference_round()
    eval_s, views = timed(evaluate_clients, algo, server, clients, fed, start + a.timed - 1, seed)
    final_s, _ = timed(evaluate_clients, algo, server, clients, fed, rounds, seed, None, True)
    own = {k: v for k, v in cells[m].items() if k not in spec['method_options'].get(m, {})}  # without the study's extras
    fit = statistics.median(fit_s)
    rows.append({'method': m, 'timed_rounds': f'{start}-{start + a.timed - 1}', 'fit_s': round(fit, 2),
                 'ref_s': round((before + after) / 2, 2), 'x_ref': round(fit / ((before + after) / 2), 2),
                 'eval_s': round(eval_s, 2), 'views': len(views), 'final_eval_s': round(final_s, 2), **traffic(**own)})
    print(rows[-1], flush=True)
cols = ['method', 'timed_rounds', 'fit_s', 'ref_s', 'x_ref', 'eval_s', 'views', 'final_eval_s', 'down', 'up', 'eval']
print(' '.join(f'{c:>12}' for c in cols))
for r in rows:
    print(' '.join(f'{r[c]:>12}' for c in cols))
if a.json:
    out = {'rows': rows, 'study': a.study, 'setting': a.setting, 'seed': a.seed, 'timed': a.timed, 'machine': machine('cpu'),
           'versions': versions(), 'python': platform.python_version()}
    Path(a.json).write_text(json.dumps(out, indent=1) + '\n')
