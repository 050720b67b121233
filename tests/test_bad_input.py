"""Bad input, as a table: every case is one bad value given to a command (or to `run(...)`), and each must end in a
one-line error that names the option or the file and says what is allowed, with nothing written: no run folder, no
file, no cached data. The cases run in this process (`hdcfl.cli.main`), so a traceback shows up as an exception
other than SystemExit, and the whole table takes seconds."""
import contextlib, io, os, re, tarfile
from pathlib import Path
import pytest

from hdcfl.cli import main
from hdcfl.runs import run

SMALL = ['--dataset', 'digits', '--partition', 'rotation', '--clients', '8', '--rounds', '2', '--threads', '1']
RUN = lambda *a: ['run', '--out', 'out', *SMALL, *a]  # `hdcfl run` into ./out with one bad value among the flags
FLOWER = lambda mode, *a: ['flower', mode, '--out', 'out', *SMALL, *a]

# (id, argv or a dict of `run(...)` keywords, a regular expression the error's line must match)
CASES = [
    # hdcfl run: choices
    ('algorithm', RUN('--algorithm', 'nope'), r"algorithm='nope' is not allowed.*fedavg"),
    ('model', RUN('--model', 'vgg'), r"model='vgg' is not allowed"),
    ('dataset', RUN('--dataset', 'mnist'), r"dataset='mnist' is not allowed"),
    ('partition', RUN('--partition', 'pathological'), r"partition='pathological' is not allowed"),
    ('train-from', RUN('--algorithm', 'hdcfl', '--train-from', 'both'), r"train_from='both' is not allowed"),
    ('finetune-at', RUN('--finetune-at', 'sometimes'), r"finetune_at='sometimes'.*(final|every)"),
    ('test-shares', RUN('--test-shares', 'both'), r"test_shares='both'.*whole"),
    ('memory-format', RUN('--memory-format', 'nhwc'), r"memory_format='nhwc'.*preserve"),
    ('device', RUN('--device', 'gpu0'), r"device='gpu0' is not a torch device"),
    ('descriptor', RUN('--algorithm', 'hdcfl', '--descriptor', 'svd'), r"descriptor='svd'"),
    ('membership', RUN('--algorithm', 'hdcfl', '--membership', 'fuzzy'), r"membership='fuzzy'"),
    ('fedce-mode', RUN('--algorithm', 'fedce', '--fedce-mode', 'x'), r"fedce_mode='x'"),
    ('proto-scoring', RUN('--algorithm', 'fedproto', '--proto-scoring', 'manhattan'), r"proto_scoring='manhattan'"),
    ('measure', RUN('--algorithm', 'pacfl', '--measure', 'cosine'), r"measure='cosine'"),
    # hdcfl run: numbers
    ('rounds=0', RUN('--rounds', '0'), r'rounds=0 must be an integer >= 1'),
    ('rounds=-3', RUN('--rounds', '-3'), r'rounds=-3 must be an integer >= 1'),
    ('rounds=abc', RUN('--rounds', 'abc'), r"--rounds: invalid int value: 'abc'"),
    ('clients=0', RUN('--clients', '0'), r'clients=0 must be'),
    ('participation=0', RUN('--participation', '0'), r'participation=0.0 must be in \(0, 1\]'),
    ('participation=1.5', RUN('--participation', '1.5'), r'participation=1.5 must be in \(0, 1\]'),
    ('lr<0', RUN('--lr', '-0.1'), r'lr=-0.1 must be > 0'),
    ('lr=nan', RUN('--lr', 'nan'), r'lr=nan must be'),
    ('momentum', RUN('--momentum', '1.5'), r'momentum=1.5 must be'),
    ('weight-decay', RUN('--weight-decay', '-1'), r'weight_decay=-1.0 must be'),
    ('batch-size', RUN('--batch-size', '0'), r'batch_size=0 must be an integer >= 1'),
    ('epochs', RUN('--epochs', '0'), r'epochs=0 must be'),
    ('eval-every', RUN('--eval-every', '0'), r'eval_every=0 must be'),
    ('ckpt-every', RUN('--ckpt-every', '-1'), r'ckpt_every=-1 must be'),
    ('seed=-1', RUN('--seed', '-1'), r'seed=-1 must be'),
    ('threads', RUN('--threads', '-1'), r'threads=-1 must be an integer >= 0'),
    ('max-train', RUN('--max-train', '-5'), r'max_train=-5 must be'),
    ('alpha', RUN('--partition', 'dirichlet', '--alpha', '-1'), r'alpha=-1.0 must be a finite number > 0'),
    ('k=0', RUN('--partition', 'ls', '--k', '0'), r'k=0 must be'),
    ('k>classes', RUN('--partition', 'ls', '--k', '11'), r'k=11'),
    ('new-clients=N', RUN('--new-clients', '8'), r'new_clients=8'),
    ('new-clients<0', RUN('--new-clients', '-1'), r'new_clients=-1'),
    ('finetune-epochs', RUN('--finetune-epochs', '-2'), r'finetune_epochs=-2 must be'),
    ('state-memory-mb', RUN('--state-memory-mb', '-1'), r'state_memory_mb=-1.0 must be'),
    ('groups<0', RUN('--algorithm', 'hdcfl', '--groups', '-1'), r'groups=-1'),
    ('tau', RUN('--algorithm', 'hdcfl', '--tau', '-1'), r'tau=-1.0 must be'),
    ('refresh-every', RUN('--algorithm', 'hdcfl', '--refresh-every', '0'), r'refresh_every=0 must be'),
    ('protos-per-class', RUN('--algorithm', 'fedproto', '--protos-per-class', '0'), r'protos_per_class=0 must be'),
    ('ditto-lambda', RUN('--algorithm', 'ditto', '--ditto-lambda', '-1'), r'ditto_lambda=-1.0 must be'),
    ('clusters', RUN('--algorithm', 'ifca', '--clusters', '0'), r'clusters=0 must be'),
    ('eval-lams', RUN('--algorithm', 'hdcfl', '--eval-lams', '2'), r'eval_lams'),
    ('variants', RUN('--algorithm', 'hdcfl', '--variants', 'nonsense'), r'variants'),
    # hdcfl run: combinations, files and folders
    ('option of another algorithm', RUN('--algorithm', 'fedavg', '--groups', '3'), r"options \['groups'\] are not options of this run"),
    ('hdcfl never refreshes', RUN('--algorithm', 'hdcfl', '--activation', '20'), r'activation=20 is after the last round \(rounds=2\)'),
    ('clients together, one by one only', RUN('--algorithm', 'ifca', '--clients-together', '4'), r'clients_together=4: ifca trains its clients one by one; those that train together: ditto, fedavg'),
    ('clients together, memory format', RUN('--clients-together', '4', '--memory-format', 'channels-last'), r"clients_together=4: clients trained together keep the stored format; memory_format='channels-last' must be 'preserve'"),
    ('clients together negative', RUN('--clients-together', '-1'), r'clients_together=-1 must be an integer >= 0'),
    ('modules', RUN('--modules', 'no_such_module'), r"modules='no_such_module': cannot import"),
    ('out is a file', ['run', '--out', 'a_file', *SMALL], r"out=.*a_file.* is a file"),
    ('out exists', ['run', '--out', 'full', *SMALL], r"full.* exists and is not empty.*--overwrite"),
    ('resume with nothing', ['run', '--out', 'empty', '--resume', *SMALL], r"--resume: out='empty' holds no checkpoint"),
    ('config missing', RUN('--config', 'missing.json'), r"config.*missing.json"),
    ('config corrupt', RUN('--config', 'bad.json'), r"config.*bad.json"),
    ('data-root missing', RUN('--dataset', 'imagefolder', '--data-root', 'nowhere'), r"data_root=.*nowhere"),
    ('data-root corrupt archive', RUN('--dataset', 'imagefolder', '--data-root', 'bad.tar.xz'), r"data_root='.*bad.tar.xz' is not a readable tar archive"),
    ('data-root not an image tree', RUN('--dataset', 'imagefolder', '--data-root', 'emptytree.tar.xz'), r"data_root='.*emptytree.tar.xz' does not hold an image tree"),
    # the other commands
    ('donor-swap folder', ['donor-swap', 'nowhere'], r"nowhere"),
    ('donor-swap not hdcfl', ['donor-swap', 'full'], r"full.*"),
    ('ablation name', ['ablation', 'everything', '--out', 'out'], r"ablation='everything' is not allowed"),
    ('ablation seeds', ['ablation', 'prototype', '--out', 'out', '--seeds', 'a,b'], r"seeds='a,b' must be seeds"),
    ('study name', ['study', 'imagenet', '--out', 'out'], r"invalid choice: 'imagenet'"),
    ('study max-cells', ['study', 'digits', '--out', 'out', '--max-cells', '-1'], r"max_cells=-1 must be an integer >= 0"),
    ('study only', ['study', 'digits', '--out', 'out', '--only', 'nothing/matches'], r"only='nothing/matches' matches no cell"),
    ('partition partition', FLOWER('partition', '--partition', 'halves'), r"partition='halves' is not allowed"),
    ('partition clients', FLOWER('partition', '--clients', '0'), r'clients=0 must be'),
    ('credentials clients', ['flower', 'credentials', '--out', 'out', '--clients', '0'], r'clients=0 must be'),
    ('flower rounds', FLOWER('simulate', '--rounds', '0'), r'rounds=0 must be an integer >= 1'),
    ('flower clients together', FLOWER('simulate', '--clients-together', '2'), r'clients_together=2: on Flower each node trains its own client'),
    ('flower kill', FLOWER('deploy', '--kill', '2:x'), r"kill='2:x' must be CLIENT:ROUND"),
    ('flower kill in a simulation', FLOWER('simulate', '--kill', '1:1'), r"kill.*only in mode='deployment'"),
    ('flower resume with nothing', FLOWER('deploy', '--resume'), r"--resume: out='out' holds no checkpoint"),
    ('flower restart without kill', FLOWER('deploy', '--restart', '2:2'), r"restart=\{2: 2\}.*must be killed"),
    # Python
    ('run algorithm', dict(algorithm='nope'), r"algorithm='nope' is not allowed"),
    ('run clients', dict(clients=0), r'clients=0 must be'),
    ('run unknown option', dict(roundz=3), r"roundz"),
    ('run seed', dict(seed=-1), r'seed=-1 must be'),
    ('run tensorboard without out', dict(tensorboard='tb'), r"tensorboard='tb': the run folder writes the curves; give out"),
    ('run never refreshes', dict(algorithm='hdcfl', rounds=3, activation=5), r'activation=5 is after the last round \(rounds=3\)'),
]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    "A working folder with the files the cases name: an existing file, a full run folder, an empty one, bad archives"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv('HDCFL_CACHE', str(tmp_path / 'cache'))
    (tmp_path / 'a_file').write_text('not a folder')
    (tmp_path / 'full').mkdir()
    (tmp_path / 'full' / 'summary.json').write_text('{}')
    (tmp_path / 'empty').mkdir()
    (tmp_path / 'bad.json').write_text('{not json')
    (tmp_path / 'bad.tar.xz').write_bytes(b'this is not an xz archive')
    with tarfile.open(tmp_path / 'emptytree.tar.xz', 'w:xz') as t:  # a valid archive without train/ and test/
        info = tarfile.TarInfo('readme.txt')
        t.addfile(info, io.BytesIO(b''))
    return tmp_path


def snapshot(root: Path):
    "Every file and folder under root with its size"
    return {str(p.relative_to(root)): (p.stat().st_size if p.is_file() else None) for p in root.rglob('*')}


@pytest.mark.parametrize('case', CASES, ids=[c[0] for c in CASES])
def test_bad_input(folder, case, capsys):
    name, given, pattern = case
    given = dict(given) if isinstance(given, dict) else given
    before = snapshot(folder)
    if isinstance(given, dict):
        with pytest.raises((ValueError, FileNotFoundError, FileExistsError, TypeError)) as e:
            out = None if 'tensorboard' in given else str(folder / 'out')
            run(out=out, progress=False, threads=1, rounds=given.pop('rounds', 2), **given)
        line = str(e.value)
    else:
        with pytest.raises(SystemExit) as e:
            main(given)
        assert e.value.code not in (0, None)
        err = (e.value.code if isinstance(e.value.code, str) else '') + capsys.readouterr().err
        line = err.strip().splitlines()[-1]
    assert '\n' not in line and re.search(pattern, line), line
    assert snapshot(folder) == before  # nothing written, not even the data cache


def test_the_table_is_wide():
    "At least 60 distinct bad values, across every command and run(...)"
    assert len(CASES) >= 60 and len({c[0] for c in CASES}) == len(CASES)
    commands = {c[1][0] if isinstance(c[1], list) else 'run(...)' for c in CASES}
    assert commands == {'run', 'donor-swap', 'ablation', 'study', 'flower', 'run(...)'}
