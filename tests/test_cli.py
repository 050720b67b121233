"The console script: help, a run on digits, and bad input that exits with a message naming the parameter."
import json
from pathlib import Path
from conftest import hdcfl, SMALL, rounds_of, BIN

def test_help_lists_every_option():
    out = hdcfl('run', '--help').stdout
    for flag in ('--algorithm', '--partition', '--participation', '--lr', '--groups', '--train-from', '--resume', '--overwrite'):
        assert flag in out
    assert 'hdcfl' in out and 'fedavg-se' in out

def test_run_writes_the_run_folder(tmp_path):
    out = tmp_path / 'run'
    p = hdcfl('run', '--algorithm', 'hdcfl', '--rounds', '4', '--activation', '2', '--refresh-every', '2', '--out', out, *SMALL)
    assert 'final (round 4)' in p.stdout
    assert sorted(f.name for f in out.iterdir()) == ['checkpoint.pt', 'config.json', 'rounds.jsonl', 'summary.json']
    s = json.loads((out / 'summary.json').read_text())
    for part in ('final', 'best'):
        assert set(s[part]) >= {'mean', 'worst', 'bottom20', 'gap', 'std', 'per_client'} and len(s[part]['per_client']) == 8
    assert s['versions']['torch'] and s['versions']['hdcfl'] and s['wall_s'] > 0
    cfg = json.loads((out / 'config.json').read_text())
    assert cfg['run']['algorithm'] == 'hdcfl' and cfg['algorithm']['refresh_every'] == 2
    recs = rounds_of(out)
    assert [r['round'] for r in recs] == [1, 2, 3, 4]
    assert recs[1]['server']['refresh']['group_sizes'] and 'shared' in recs[1]['views']

def test_existing_folder_is_not_overwritten(tmp_path):
    out = tmp_path / 'run'
    hdcfl('run', '--rounds', '1', '--out', out, *SMALL)
    before = (out / 'summary.json').read_text()
    p = hdcfl('run', '--rounds', '2', '--out', out, *SMALL, check=False)
    assert p.returncode != 0 and 'exists and is not empty' in p.stderr
    assert (out / 'summary.json').read_text() == before
    hdcfl('run', '--rounds', '2', '--out', out, '--overwrite', *SMALL)
    assert json.loads((out / 'summary.json').read_text())['final']['round'] == 2

def test_bad_input_names_the_parameter(tmp_path):
    cases = [(['--algorithm', 'fedprox'], "algorithm='fedprox' is not allowed"),
             (['--model', 'vgg'], "model='vgg' is not allowed"),
             (['--participation', '0'], 'participation=0.0 must be in (0, 1]'),
             (['--rounds', '0'], 'rounds=0 must be an integer >= 1'),
             (['--lr', '-0.1'], 'lr=-0.1 must be > 0'),
             (['--batch-size', '0'], 'batch_size=0 must be an integer >= 1'),
             (['--device', 'gpu0'], "device='gpu0' is not a torch device"),
             (['--partition', 'dirichlet', '--alpha', '-1'], 'alpha=-1.0 must be a finite number > 0'),
             (['--algorithm', 'hdcfl', '--train-from', 'both'], "train_from='both' is not allowed"),
             (['--algorithm', 'fedavg', '--groups', '3'], "options ['groups'] are not options of this run")]
    for args, msg in cases:
        p = hdcfl('run', '--out', tmp_path / 'x', *SMALL, *args, check=False)
        assert p.returncode != 0 and msg in p.stderr, (args, p.stderr[-500:])
    assert not (tmp_path / 'x').exists()

def test_ablation_and_donor_swap_from_the_cli(tmp_path):
    small = ['--clients', '8', '--rounds', '3', '--activation', '2', '--refresh-every', '1', '--threads', '1']
    p = hdcfl('ablation', 'prototype', '--out', tmp_path / 'abl', *small)
    assert 'no prototype' in p.stdout and 'one prototype' in p.stdout and 'head-derived G' in p.stdout
    cell = tmp_path / 'abl' / 'prototype' / 'head-derived_G' / '42'
    p = hdcfl('donor-swap', cell, '--n-perm', '5')
    assert 'lowrank/own' in p.stdout and 'auroc' in p.stdout
    rep = json.loads((cell / 'donor_swap.json').read_text())
    assert rep['n_clients'] == 8 and len(rep['acc']) == 8 and 'control_auroc' in rep['raw/shared']
    p = hdcfl('donor-swap', cell, check=False)
    assert p.returncode != 0 and 'donor_swap.json exists' in p.stderr
    p = hdcfl('ablation', 'dropout', '--out', tmp_path / 'x', check=False)
    assert p.returncode != 0 and "ablation='dropout' is not allowed" in p.stderr

def test_a_saved_configuration_reruns_with_flags_on_top(tmp_path):
    hdcfl('run', '--out', tmp_path / 'a', '--rounds', '2', '--algorithm', 'hdcfl', '--groups', '3', *SMALL)
    hdcfl('run', '--config', tmp_path / 'a' / 'config.json', '--out', tmp_path / 'b', '--rounds', '3')
    a, b = (json.loads((tmp_path / n / 'config.json').read_text()) for n in 'ab')
    assert b['run']['rounds'] == 3 and b['algorithm']['groups'] == 3
    assert {**a['run'], 'rounds': 3} == b['run'] and a['algorithm'] == b['algorithm']
    p = hdcfl('run', '--config', tmp_path / 'none.json', '--out', tmp_path / 'c', check=False)
    assert p.returncode != 0 and "none.json' does not exist" in p.stderr and not (tmp_path / 'c').exists()

USER_MODULE = '''
from dataclasses import dataclass
from torch import nn
from hdcfl.models import SplitModel, register_model
from hdcfl.algorithms import FedAvgSE, register

@register_model('tiny-user')
def tiny(n_classes, in_channels=1, image_size=8):
    return SplitModel(nn.Sequential(nn.Flatten(), nn.Linear(in_channels * image_size ** 2, 16), nn.ReLU()), nn.Linear(16, n_classes))

@dataclass
class HalfConfig:
    shrink: float = 0.5   # a user's option

@register('fedavg-se-user')
class UserAlgorithm(FedAvgSE):
    Config = HalfConfig
'''

def test_a_users_model_and_algorithm_plug_in(tmp_path):
    import os, subprocess
    (tmp_path / 'user_ext.py').write_text(USER_MODULE)
    env = {**os.environ, 'PYTHONPATH': f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    out = tmp_path / 'run'
    args = [str(BIN / 'hdcfl'), 'run', '--modules', 'user_ext', '--algorithm', 'fedavg-se-user',
            '--model', 'tiny-user', '--shrink', '0.25', '--rounds', '2', '--out', str(out), *map(str, SMALL)]
    p = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    cfg = json.loads((out / 'config.json').read_text())
    assert cfg['run']['model'] == 'tiny-user' and cfg['run']['modules'] == 'user_ext' and cfg['algorithm'] == {'shrink': 0.25}
