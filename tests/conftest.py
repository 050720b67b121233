"Shared helpers for the command-line and process tests."
import json, os, subprocess, sys
from pathlib import Path
import pytest

BIN = Path(sys.executable).parent

def hdcfl(*args, check=True, timeout=300):
    "Run the `hdcfl` console script; returns the CompletedProcess"
    p = subprocess.run([str(BIN / 'hdcfl'), *map(str, args)], capture_output=True, text=True, timeout=timeout)
    if check and p.returncode != 0: raise AssertionError(f"hdcfl {' '.join(map(str, args))} failed:\n{p.stderr[-3000:]}")
    return p

# a small, fast digits run: one torch thread so that every process computes the same numbers
SMALL = ['--dataset', 'digits', '--partition', 'rotation', '--clients', '8', '--threads', '1', '--seed', '7']

def rounds_of(out): return [json.loads(l) for l in (Path(out) / 'rounds.jsonl').read_text().splitlines()]


def pytest_addoption(parser):
    parser.addoption('--slow', action='store_true', help='also run the tests marked slow (they need root, or minutes)')


def pytest_configure(config):
    config.addinivalue_line('markers', 'slow: needs root or minutes; skipped unless pytest is given --slow')


def pytest_collection_modifyitems(config, items):
    if config.getoption('--slow'):
        return
    for item in items:
        if 'slow' in item.keywords:
            item.add_marker(pytest.mark.skip(reason='slow (root or minutes): run with pytest --slow'))
