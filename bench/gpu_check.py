"""Every registered algorithm on an accelerator: a short run on digits (8 clients, 3 rounds, the rotation partition,
fine-tuned view with one epoch), twice on the accelerator and once on the CPU of the same machine; then the CIFAR-10
study's HDC-FL and FedProto options and ablations (its views, the mixture, partial participation, SDC, K prototypes)
and a donor-swap of an HDC-FL run. It reports, per case, whether the run finished, whether the two accelerator runs
gave the same per-client accuracies (same seed, same numbers), and the largest per-client difference between the
accelerator and the CPU (different kernels: a difference is expected; its size is what this measures).

    python bench/gpu_check.py --device cuda [--json $OUT/gpu_check.json]
    .venv/bin/python bench/gpu_check.py --device cpu --algorithms hdcfl,fedavg   # a check without an accelerator
"""
import argparse, json, tempfile, time, traceback, warnings
import numpy as np, torch
from hdcfl.algorithms import ALGORITHMS
from hdcfl.runs import run
from hdcfl.study.studies import cifar10_study_v2
from hdcfl.study.diagnostics import donor_swap_run

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--device', default='cuda' if torch.cuda.is_available() else 'cpu')
p.add_argument('--algorithms', default=','.join(sorted(ALGORITHMS)))
p.add_argument('--no-study', action='store_true', help="skip the study's options and ablations and the donor-swap")
p.add_argument('--deterministic', default='true', choices=('true', 'false'), help="the runs' deterministic kernels")
p.add_argument('--rounds', type=int, default=3)
p.add_argument('--json', default='', help='also write the rows to this file')
a = p.parse_args()
EXTRA = {'pfedmoap': dict(moap_experts=2)}  # two experts keep pFedMoAP's run small, as in the package's tests


def accs(summary):
    "Per-client accuracies of the final round, plain and fine-tuned"
    return np.array(summary['final']['per_client'] + summary['ft']['final']['per_client'])


def once(device, out=None, **options):
    opts = dict(clients=8, rounds=a.rounds, seed=3, finetune_epochs=1, device=device,
                deterministic=a.deterministic == 'true', **options)
    t0 = time.perf_counter()
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        s = run(out=out, progress=False, **opts)
    nondet = sorted({str(w.message)[:120] for w in seen if 'deterministic' in str(w.message)})
    return s, time.perf_counter() - t0, nondet


CASES = [(name, dict(algorithm=name, **EXTRA.get(name, {}))) for name in a.algorithms.split(',')]
if not a.no_study:  # the study's own options and ablation cells (their CIFAR-10 data options left out)
    V2 = cifar10_study_v2()
    CASES += [(f'{m} (study options)', dict(algorithm=m, **V2['method_options'][m])) for m in V2['method_options']]
    CASES += [(f'{n} (ablation)', {k: v for k, v in o.items() if k != 'max_train'}) for n, o in V2['ablations'].items()
              if not n.endswith('-1k')]
rows = []
for name, options in CASES:
    row = {'algorithm': name, 'device': a.device}
    try:
        s1, row['seconds'], row['nondeterministic_ops'] = once(a.device, **options)
        s2, _, _ = once(a.device, **options)
        s0, row['cpu_seconds'], _ = once('cpu', **options)
        row |= {
            'mean': s1['final']['mean'],
            'ft_mean': s1['ft']['final']['mean'],
            'cpu_mean': s0['final']['mean'],
            'repeat_equal': bool(np.array_equal(accs(s1), accs(s2))),
            'repeat_max_diff': float(np.abs(accs(s1) - accs(s2)).max()),
            'cpu_max_diff': float(np.abs(accs(s1) - accs(s0)).max()),
            'machine': s1['machine'],
            'error': None,
        }
    except Exception as e:  # a failure is the finding: record it and go on with the next algorithm
        row['error'] = ''.join(traceback.format_exception_only(e)).strip()
        row['trace'] = traceback.format_exc()[-2000:]
    rows.append(row)
    print({k: v for k, v in row.items() if k not in ('machine', 'trace')}, flush=True)
    if a.json:  # rewritten after every algorithm, so a run cut short keeps what it finished
        with open(a.json, 'w') as f:
            json.dump(rows, f, indent=1)
if not a.no_study:  # the study's donor-swap, on an HDC-FL run made on the accelerator
    row = {'algorithm': 'hdcfl donor-swap', 'device': a.device}
    try:
        with tempfile.TemporaryDirectory() as d:
            once(a.device, out=d, algorithm='hdcfl')
            rep = donor_swap_run(d, n_perm=2)
        row |= {'error': None, 'spearman_mean': rep['lowrank/own']['spearman_mean']}
    except Exception as e:
        row |= {'error': ''.join(traceback.format_exception_only(e)).strip(), 'trace': traceback.format_exc()[-2000:]}
    rows.append(row)
    print({k: v for k, v in row.items() if k != 'trace'}, flush=True)
    if a.json:
        with open(a.json, 'w') as f:
            json.dump(rows, f, indent=1)
print('\n| algorithm | finished | repeat equal | max diff, repeat | max diff vs CPU | mean (device) | mean (CPU) | s (device) | s (CPU) |')
print('|---|---|---|---|---|---|---|---|---|')
for r in rows:
    if 'repeat_equal' not in r and not r['error']:
        print(f"| {r['algorithm']} | yes | | | | | | | |")
    elif r['error']:
        print(f"| {r['algorithm']} | no: {r['error'][:80]} | | | | | | | |")
    else:
        print(f"| {r['algorithm']} | yes | {r['repeat_equal']} | {r['repeat_max_diff']:.4f} | {r['cpu_max_diff']:.4f} "
              f"| {r['mean']:.2f} | {r['cpu_mean']:.2f} | {r['seconds']:.1f} | {r['cpu_seconds']:.1f} |")
