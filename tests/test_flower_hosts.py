"""Flower's TLS and SuperNode authentication as separate hosts: the SuperLink and every SuperNode in its own network
namespace on this machine (`ip netns`, one veth pair between each node and the SuperLink), so that a node reaches the
SuperLink only over its own link, at an address that is not loopback.

A run with two registered nodes completes; a node whose key was not registered, and a node without TLS, are refused
with Flower's message. It needs root and iproute2 (it makes and deletes namespaces named hdcfl-t-*) and takes about a
minute: it is marked `slow` (run it with `pytest --slow tests/test_flower_hosts.py`), and it skips, saying why, where
namespaces cannot be made."""
import json, os, shutil, subprocess, time
from pathlib import Path

import pytest

from hdcfl.flower.clientapp import write_partitions
from hdcfl.flower.wire import write_app
from hdcfl.flower.launch import flower_home, launch_config
from hdcfl.flower.processes import flower_env, spawn, stop
from hdcfl.flower.security import make_node_key, make_tls, register_node

LINK, PORT = 'hdcfl-t-link', 9100
NODES = {'n0': 0, 'n1': 1, 'stranger': 2, 'plain': 3}  # namespace suffix -> its link's subnet 10.211.S.0/24
OPTS = dict(dataset='digits', partition='rotation', clients=2, rounds=2, algorithm='fedavg-se', threads=1, seed=3)


def ip(*args, check=True):
    return subprocess.run(['ip', *args], capture_output=True, text=True, check=check)


def netns_available():
    if os.geteuid() != 0 or shutil.which('ip') is None:
        return 'needs root and iproute2 (ip netns)'
    probe = ip('netns', 'add', 'hdcfl-t-probe', check=False)
    if probe.returncode != 0:
        return f'cannot make a network namespace: {probe.stderr.strip()}'
    ip('netns', 'del', 'hdcfl-t-probe', check=False)
    return ''


def make_hosts():
    "The SuperLink's namespace and one per node, each node joined to the SuperLink's by its own veth pair"
    ip('netns', 'add', LINK)
    ip('-n', LINK, 'link', 'set', 'lo', 'up')
    for name, s in NODES.items():
        ns = f'hdcfl-t-{name}'
        ip('netns', 'add', ns)
        ip('-n', ns, 'link', 'set', 'lo', 'up')
        ip('link', 'add', f'hdl{s}', 'netns', LINK, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns)
        ip('-n', LINK, 'addr', 'add', f'10.211.{s}.1/24', 'dev', f'hdl{s}')
        ip('-n', LINK, 'link', 'set', f'hdl{s}', 'up')
        ip('-n', ns, 'addr', 'add', f'10.211.{s}.2/24', 'dev', 'eth0')
        ip('-n', ns, 'link', 'set', 'eth0', 'up')


def drop_hosts():
    for ns in [LINK] + [f'hdcfl-t-{n}' for n in NODES]:
        ip('netns', 'del', ns, check=False)  # its veth ends go with it


def wait_for(cond, what, timeout=90):
    t0 = time.time()
    while time.time() - t0 < timeout:
        if cond():
            return
        time.sleep(0.3)
    raise TimeoutError(what)


def in_ns(name, *cmd):
    return ['ip', 'netns', 'exec', name, *cmd]


@pytest.mark.slow
def test_separate_hosts_with_tls_and_registered_nodes(tmp_path):
    if why := netns_available():
        pytest.skip(why)
    drop_hosts()  # what an interrupted earlier run may have left
    procs, logs = [], tmp_path / 'logs'
    logs.mkdir()
    try:
        make_hosts()
        tls = make_tls(tmp_path / 'tls', hosts=[f'10.211.{s}.1' for s in NODES.values()])
        env = flower_env(flower_home(tmp_path / 'home', PORT, tls.ca))  # `flwr` runs in the SuperLink's namespace
        out, rc, n = launch_config('deployment', tmp_path / 'run', False, None, None, OPTS,
                                   dict(audit=False, round_timeout=120.0, node_wait=120.0, poll_interval=0.1))
        app, files = write_app(tmp_path / 'app', rc), write_partitions(tmp_path / 'data', **OPTS)
        link = spawn('superlink', in_ns(LINK, 'flower-superlink', *tls.superlink_flags(), '--enable-supernode-auth',
                                        '--host', '0.0.0.0', '--port', PORT), logs, env)
        procs.append(link)
        wait_for(lambda: f'running on https://0.0.0.0:{PORT}' in link.log.read_text(), 'the SuperLink did not start')

        def node(name, *flags):
            s = NODES[name]
            cmd = in_ns(f'hdcfl-t-{name}', 'flower-supernode', *flags, '--superlink', f'10.211.{s}.1:{PORT}',
                        '--port', 9094, '--node-config',
                        f'partition-id={min(s, 1)} num-partitions=2 data-file="{files[min(s, 1)]}"')
            procs.append(p := spawn(name, cmd, logs, env))
            return p

        for name in ('n0', 'n1', 'stranger'):
            make_node_key(tmp_path / 'keys', name)
        register = ['ip', 'netns', 'exec', LINK]  # flwr talks to the SuperLink's Control API on its loopback
        for name in ('n0', 'n1'):
            reg = subprocess.run(register + ['flwr', 'supernode', 'register', str(tmp_path / 'keys' / f'{name}.pub'),
                                             'hdcfl'], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120)
            assert 'registered successfully' in reg.stdout, reg.stdout + reg.stderr
        stranger = node('stranger', '--root-certificates', tls.ca, '--auth-supernode-private-key',
                        tmp_path / 'keys' / 'stranger')  # a key the SuperLink was not given
        plain = node('plain', '--insecure', '--max-retries', '3')  # no TLS
        for name in ('n0', 'n1'):
            node(name, '--root-certificates', tls.ca, '--auth-supernode-private-key', tmp_path / 'keys' / name)
        procs.append(flwr := spawn('flwr-run', in_ns(LINK, 'flwr', 'run', app, 'hdcfl', '--stream'), logs, env))
        flwr.popen.wait(timeout=600)
        assert (out / 'summary.json').exists(), flwr.log.read_text()[-3000:]
        s = json.loads((out / 'summary.json').read_text())
        assert len(s['final']['per_client']) == 2 and s['final']['mean'] > 20, s['final']
        # the refused ones: Flower's own words, and both processes ended
        wait_for(lambda: not stranger.alive() and not plain.alive(), 'a refused node is still running', 120)
        assert '[code: 2004] Failed to activate SuperNode.' in stranger.log.read_text(), stranger.log.read_text()[-2000:]
        assert 'Connection attempt failed' in plain.log.read_text() and 'Exit Code: 305' in plain.log.read_text()
        assert (stranger.popen.returncode, plain.popen.returncode) != (0, 0)
    finally:
        assert stop(procs) == []
        drop_hosts()
