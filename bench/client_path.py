"""What a Flower node pays per message: the import time of the ClientApp's module (Flower 1.42 starts a fresh
ClientApp process per message) and which heavy libraries it pulls in, then one deployed run (a SuperLink and one
SuperNode per client on 127.0.0.1; digits, HDC-FL, 4 clients, 3 rounds). Works on this version and on an older one
put first on the path (`PYTHONPATH=WORKTREE`), for before/after figures in one sitting.

    .venv/bin/python bench/client_path.py --out runs/bench-client-path
"""
import argparse, json, re, subprocess, sys, time
from pathlib import Path

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('--out', default='runs/bench-client-path'); p.add_argument('--repeats', type=int, default=3)
p.add_argument('--no-deploy', action='store_true', help='import times only')
a = p.parse_args()

import hdcfl
new = (Path(hdcfl.__file__).parent / 'flower' / 'clientapp.py').exists()
module = 'hdcfl.flower.clientapp' if new else 'hdcfl.flower'
code = f"import time, sys; t = time.perf_counter(); import {module}; print(time.perf_counter() - t); " \
       "print(','.join(m for m in ('sklearn', 'scipy', 'pandas', 'matplotlib', 'seaborn') if m in sys.modules))"
runs = [subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True).stdout.split('\n') for _ in range(a.repeats)]
secs = sorted(float(r[0]) for r in runs)
print(f"{hdcfl.__file__}: import {module}: min {secs[0]:.2f} s, median {secs[len(secs) // 2]:.2f} s over {a.repeats}; "
      f"heavy libraries loaded: {runs[0][1] or 'none'}")
if not a.no_deploy:
    launch = __import__('hdcfl.flower.launch' if new else 'hdcfl.flower', fromlist=['launch']).launch
    out = Path(a.out) / ('after' if new else 'before')
    t = time.time()
    s = launch('deployment', out, overwrite=True, algorithm='hdcfl', dataset='digits', partition='rotation', clients=4, rounds=3,
               activation=2, refresh_every=1, seed=42, threads=1)
    wall = time.time() - t
    log = (out / 'logs' / 'flwr-run.log').read_text() if (out / 'logs' / 'flwr-run.log').exists() else ''
    strat = re.findall(r'[Ss]trategy execution finished in ([0-9.]+)', log)
    print(f"deployment, 4 clients, 3 rounds: {wall:.1f} s wall (call to return), strategy {strat[-1] if strat else '?'} s; "
          f"final mean {s['final']['mean']:.2f}")
