"""Whether two commits give a study's clients the same data: a hash of each named cell's client data, built by the
library on PYTHONPATH. Per client it hashes the training images and labels, the test share (indices into the test
split, labels, evaluation weights) and the angle, in client order. Run it once per commit (a `git worktree` of each)
and compare the lines: equal hashes mean the cells of both commits train and test every client on the same images.
It builds only the data (no training), so a cell takes the time of loading the images (about 10 s for CIFAR-10's
whole shares on one thread).

    PYTHONPATH=$WORKTREE .venv/bin/python bench/data_hash.py --study cifar10-full \\
        --data-root ../shared/data/cifar10-jpeg.tar.xz rotation/fedavg-se/42 ls3/fedavg-se/123

The import paths cover the package before and after `hdcfl.study` became a subpackage, so one script reads both.
"""
import argparse, hashlib, inspect, os
from pathlib import Path
import torch

import hdcfl
from hdcfl.config import Experiment

if (Path(hdcfl.__file__).parent / 'study').is_dir():
    from hdcfl.study.studies import STUDIES
    from hdcfl.study.experiments import study_cells
else:  # before the study modules moved into hdcfl.study (an import would find the installed package's)
    from hdcfl.studies import STUDIES
    from hdcfl.experiments import study_cells

p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument('cells', nargs='+', help="the cells to hash, SETTING/CELL/SEED")
p.add_argument('--study', default='cifar10-full', choices=sorted(STUDIES), help="the study the cells belong to")
p.add_argument('--data-root', default=os.environ.get('HDCFL_CIFAR10', '../shared/data/cifar10-jpeg.tar.xz'))
a = p.parse_args()
torch.set_num_threads(1)
make = STUDIES[a.study]
spec = make(str(Path(a.data_root).resolve())) if 'data_root' in inspect.signature(make).parameters else make()
cells = dict(study_cells(spec))
for name in a.cells:
    if Path(name) not in cells:
        raise SystemExit(f"cells: {name!r} is not a cell of {a.study}; cells are named SETTING/CELL/SEED")
    fed, _ = Experiment.resolve(**{**cells[Path(name)], 'rounds': 1}).build()
    h = hashlib.sha256()
    for c in fed.clients:
        for k in ('x_train', 'y_train', 'test_idx', 'y_test', 'w_test'):
            h.update(k.encode())
            h.update(getattr(c, k).detach().cpu().contiguous().numpy().tobytes())
        h.update(f'angle={c.angle}'.encode())
    print(f"{name}: {h.hexdigest()[:16]} ({len(fed.clients)} clients, {sum(c.n_train for c in fed.clients)} training images)")
