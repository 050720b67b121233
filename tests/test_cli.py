"The console script: help, a run on digits, and bad input that exits with a message naming the parameter."
import json
from pathlib import Path
from conftest import hdcfl, SMALL, rounds_of

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
             (['--partition', 'dirichlet', '--alpha', '-1'], 'alpha=-1.0 must be a finite number > 0'),
             (['--algorithm', 'hdcfl', '--train-from', 'both'], "train_from='both' is not allowed"),
             (['--algorithm', 'fedavg', '--groups', '3'], "options ['groups'] are not options of this run")]
    for args, msg in cases:
        p = hdcfl('run', '--out', tmp_path / 'x', *SMALL, *args, check=False)
        assert p.returncode != 0 and msg in p.stderr, (args, p.stderr[-500:])
    assert not (tmp_path / 'x').exists()
