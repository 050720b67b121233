"""A run killed mid-way resumes from its checkpoint and ends with exactly the numbers of an uninterrupted run;
the same seed twice gives identical rounds.jsonl; a non-finite loss stops the run and keeps the last checkpoint."""
import json, os, signal, subprocess, time
from pathlib import Path
from conftest import hdcfl, SMALL, BIN, rounds_of

RUN = ['--algorithm', 'hdcfl', '--rounds', '12', '--ckpt-every', '2', '--activation', '3', '--refresh-every', '3', *SMALL]

def strip(summary): return {k: v for k, v in summary.items() if k not in ('wall_s', 'wall_s_total', 'resumed_at')}  # the books of time

def test_killed_run_resumes_exactly(tmp_path):
    full, cut = tmp_path / 'full', tmp_path / 'cut'
    hdcfl('run', '--out', full, *RUN)
    proc = subprocess.Popen([str(BIN / 'hdcfl'), 'run', '--out', str(cut), *RUN], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 240
        while time.time() < deadline and proc.poll() is None:
            f = cut / 'rounds.jsonl'
            if f.exists() and len(f.read_text().splitlines()) >= 5: break
            time.sleep(0.05)
        assert proc.poll() is None, 'the run ended before it could be killed'
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    assert not (cut / 'summary.json').exists()
    done = len(rounds_of(cut))
    assert 5 <= done < 12
    hdcfl('run', '--out', cut, '--resume', *RUN)
    assert (cut / 'rounds.jsonl').read_text() == (full / 'rounds.jsonl').read_text()
    assert strip(json.loads((cut / 'summary.json').read_text())) == strip(json.loads((full / 'summary.json').read_text()))
    books = json.loads((cut / 'summary.json').read_text())
    assert books['resumed_at'] and books['resumed_at'][-1] <= done and books['wall_s_total'] >= books['wall_s']

def test_resume_refuses_another_config_and_a_truncated_checkpoint(tmp_path):
    out = tmp_path / 'run'
    hdcfl('run', '--out', out, '--rounds', '2', *SMALL)
    p = hdcfl('run', '--out', out, '--rounds', '3', '--resume', *SMALL, check=False)
    assert p.returncode != 0 and 'another configuration' in p.stderr
    ck = out / 'checkpoint.pt'
    data = ck.read_bytes(); ck.write_bytes(data[:100])
    p = hdcfl('run', '--out', out, '--rounds', '2', '--resume', *SMALL, check=False)
    assert p.returncode != 0 and 'truncated or unreadable' in p.stderr
    assert ck.read_bytes() == data[:100]

def test_same_seed_same_numbers(tmp_path):
    for name in ('a', 'b'): hdcfl('run', '--out', tmp_path / name, '--algorithm', 'hdcfl', '--rounds', '4', '--activation', '2', *SMALL)
    hdcfl('run', '--out', tmp_path / 'c', '--algorithm', 'hdcfl', '--rounds', '4', '--activation', '2', *SMALL[:-1], '8')
    a, b, c = ((tmp_path / n / 'rounds.jsonl').read_text() for n in 'abc')
    assert a == b and a != c

def test_non_finite_loss_stops_and_keeps_the_last_checkpoint(tmp_path):
    import dataclasses, pytest, torch
    from hdcfl.config import Experiment
    from hdcfl.runs import RunFolder
    from hdcfl.algorithms import FedAvgSE
    from hdcfl.training import NonFiniteLoss
    from hdcfl.engine import run_federated

    class NaNAtRound3(FedAvgSE):
        "FedAvg-SE whose client 0 sees NaN images from round 3 on"
        def client_fit(self, state, msg, data, ctx):
            if ctx.rnd >= 3 and ctx.client == 0: data = dataclasses.replace(data, x_train=data.x_train * float('nan'))
            return super().client_fit(state, msg, data, ctx)

    fed, algo = Experiment.resolve(clients=8, seed=7).build()
    with pytest.raises(NonFiniteLoss, match='round 3, client 0: local loss is nan'):
        run_federated(NaNAtRound3(algo.model), fed, rounds=5, folder=RunFolder(tmp_path, ckpt_every=1), progress=False)
    ck = torch.load(tmp_path / 'checkpoint.pt', weights_only=False)
    assert ck['round'] == 2 and all(torch.isfinite(v).all() for v in ck['server']['encoder'].values())
    assert not (tmp_path / 'summary.json').exists() and len(rounds_of(tmp_path)) == 2
