"""hdcfl on Flower, in real processes: `flwr run` on the simulation engine and a local deployment (one SuperLink, one
SuperNode per client), against the in-process engine; a SuperNode crash; a killed ServerApp resumed; the privacy audit on the real messages; and
that every process started is gone afterwards."""
import json
from pathlib import Path
import psutil, pytest
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
from conftest import hdcfl, rounds_of

from hdcfl.runs import run as run_inprocess
from hdcfl.flower.launch import launch
from hdcfl.flower.processes import group_alive
from hdcfl.flower.serverapp import privacy_check, read_audit

# one torch thread everywhere: then both engines do the same float operations in the same order
BASE = dict(dataset='digits', partition='rotation', clients=3, rounds=3, seed=11, threads=1)
HDCFL = dict(algorithm='hdcfl', activation=2, refresh_every=1, groups=2)

def serverapps():
    "The ServerApp processes alive on this machine (Flower's SuperExec starts each in a session of its own)"
    return {p.pid for p in psutil.process_iter(['cmdline', 'status']) if p.info['status'] != psutil.STATUS_ZOMBIE
            and any(Path(a).name == 'flwr-serverapp' for a in (p.info['cmdline'] or ())[:2])}

@pytest.fixture(autouse=True)
def no_serverapp_left():
    "No test here leaves a ServerApp process behind"
    before = serverapps()
    yield
    assert serverapps() - before == set()

def assert_all_stopped(summary):
    "Every process `launch` started, and every process in its process group, is gone"
    pids = summary['flower']['pids']
    assert pids and summary['flower']['left_running'] == []
    for name, pid in pids.items(): assert not group_alive(pid), name   # the group (SuperExec, ClientApps, Ray) is empty too

@pytest.mark.parametrize('opts', [dict(algorithm='fedavg-se'), HDCFL], ids=['fedavg-se', 'hdcfl'])
def test_simulation_matches_in_process(tmp_path, opts):
    ref = run_inprocess(progress=False, **BASE, **opts)
    s = launch('simulation', tmp_path / 'sim', audit=True, tensorboard=str(tmp_path / 'tb'), **BASE, **opts)
    recs = rounds_of(tmp_path / 'sim')
    board = EventAccumulator(str(tmp_path / 'tb'))   # the ServerApp writes the live curves as the in-process run does
    board.Reload()
    main = next(iter(recs[0]['views']))
    assert [(e.step, e.value) for e in board.Scalars(f'{main}/worst')] == [(r['round'], pytest.approx(r['worst'])) for r in recs]
    assert [e.value for e in board.Scalars('train_loss')] == [pytest.approx(r['server']['train_loss']) for r in recs]
    assert [r['round'] for r in recs] == [r['round'] for r in ref['history']]
    for a, b in zip(ref['history'], recs):   # tolerance: none; the accuracies and losses of every client and view are equal
        assert b['views'] == a['views'] and b['per_client'] == a['per_client'] and b['sampled'] == a['sampled']
        assert json.dumps(b['server'], sort_keys=True) == json.dumps(a['server'], sort_keys=True)   # refresh diagnostics too
    assert s['final']['per_client'] == ref['final']['per_client'] and s['dropped'] == []
    sent, private = read_audit(tmp_path / 'sim' / 'messages.jsonl')
    assert len(sent) > 50 and len(private) >= 3 and privacy_check(tmp_path / 'sim' / 'messages.jsonl') == []
    assert_all_stopped(s)

def test_deployment_survives_a_crashed_node(tmp_path):
    "3 SuperNodes, 6 rounds; client 2's node is SIGKILLed after round 1 and a new one started after round 2"
    # The new node registers while rounds go on: on a loaded machine that takes more than one round, so the run
    # leaves it three rounds (round 4 alone failed under two busy workers); it must be back by the last one.
    out = tmp_path / 'deploy'
    s = launch('deployment', out, audit=True, kill={2: 1}, restart={2: 2}, round_timeout=240, **{**BASE, 'rounds': 6}, **HDCFL)
    recs = rounds_of(out)
    assert [r['round'] for r in recs] == [1, 2, 3, 4, 5, 6]
    ref = run_inprocess(progress=False, **{**BASE, 'rounds': 6}, **HDCFL)
    assert recs[0]['per_client'] == ref['history'][0]['per_client'] and recs[0]['clients'] == [0, 1, 2]   # before the crash: as in-process
    assert recs[1]['clients'] == [0, 1] and recs[-1]['clients'] == [0, 1, 2]   # without client 2, then with its new node
    assert [(e['event'], e['process']) for e in s['flower']['events']] == [('killed', 'supernode2'), ('restarted', 'supernode2-restarted')]
    assert s['dropped'] and {d['client'] for d in s['dropped']} == {2} and min(d['round'] for d in s['dropped']) == 2
    assert any('Node Unavailable' in d['reason'] for d in s['dropped'])   # the SuperLink answered for the dead node
    assert [r['client'] for r in s['rejoined']] == [2] and s['rejoined'][0]['round'] >= 3
    assert sorted(p.name for p in (out / 'logs').iterdir()) == ['flwr-run.log', 'superlink.log', 'supernode0.log', 'supernode1.log', 'supernode2-restarted.log', 'supernode2.log']
    assert privacy_check(out / 'messages.jsonl') == []
    assert_all_stopped(s)

def test_deployment_resumes_a_stopped_server(tmp_path):
    "3 SuperNodes, 4 rounds; the ServerApp is killed once round 2 is recorded; launched again with resume=True, the run ends with the in-process numbers"
    out, opts, before = tmp_path / 'deploy', {**BASE, 'rounds': 4, 'ckpt_every': 1, **HDCFL}, serverapps()
    with pytest.raises(RuntimeError, match='ended without a summary'):
        launch('deployment', out, stop_server=2, round_timeout=240, **opts)
    assert serverapps() - before == set()   # the killed ServerApp is gone, and no other was left behind
    assert 2 <= len(rounds_of(out)) < 4 and (out / 'checkpoint.pt').exists() and not (out / 'summary.json').exists()
    assert sorted(p.name for p in (out / 'nodes').iterdir()) == ['client_0', 'client_1', 'client_2']   # each node's own states
    s = launch('deployment', out, resume=True, round_timeout=240, **opts)
    ref, recs = run_inprocess(progress=False, **opts), rounds_of(out)
    assert [r['round'] for r in recs] == [1, 2, 3, 4]
    for a, b in zip(ref['history'], recs):   # tolerance: none, as without the stop
        assert b['per_client'] == a['per_client'] and b['views'] == a['views'] and b['sampled'] == a['sampled']
    assert s['final']['per_client'] == ref['final']['per_client'] and s['resumed_at'][0] in (2, 3)
    assert_all_stopped(s)

def test_flower_command_refuses_bad_input(tmp_path):
    cases = [(['deploy', '--algorithm', 'fedavg', '--groups', '3'], "options ['groups'] are not options of this run"),
             (['deploy', '--kill', '2'], "kill='2' must be CLIENT:ROUND"),
             (['simulate', '--kill', '1:1'], "kill, restart, stop_server: only in mode='deployment'"),
             (['deploy', '--restart', '1:1'], "restart={1: 1}: client 1 must be killed in an earlier round"),
             (['simulate', '--partition', 'shards'], "partition='shards' is not allowed")]
    for args, msg in cases:
        p = hdcfl('flower', *args, '--out', tmp_path / 'x', '--clients', '3', check=False)
        assert p.returncode != 0 and msg in p.stderr, (args, p.stderr[-800:])
    assert not (tmp_path / 'x').exists()
    (tmp_path / 'y').mkdir(); (tmp_path / 'y' / 'summary.json').write_text('{}')
    p = hdcfl('flower', 'simulate', '--out', tmp_path / 'y', check=False)
    assert p.returncode != 0 and 'exists and is not empty' in p.stderr and (tmp_path / 'y' / 'summary.json').read_text() == '{}'
