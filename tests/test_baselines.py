"""No algorithm reads a client's test split during training or model selection: the clients' test fields are
replaced by a guard that raises on any use, and every algorithm trains three rounds and builds every client's
evaluation model (fine-tuning, cluster choice and all) without touching it."""
import dataclasses
import pytest
from hdcfl.cli import build, split_options
from hdcfl.training import ALGORITHMS, fit_round, FitContext, client_generator

class SplitReadError(AssertionError): pass

class Forbidden:
    "Stands in for a client's test data; any use raises"
    def __init__(self, name): self.name = name
    def _fail(self, *a, **k): raise SplitReadError(f"the test split ({self.name}) was read")
    __getattr__ = __getitem__ = __len__ = __iter__ = __array__ = __torch_function__ = _fail

def guarded(fed):
    for k, c in enumerate(fed.clients):
        fed.clients[k] = dataclasses.replace(c, **{f: Forbidden(f) for f in ('x_test_all', 'test_idx', 'y_test', 'w_test')})
    return fed

def test_the_guard_catches_a_read():
    fed, _ = build(*split_options(dict(clients=4, rounds=2)))
    with pytest.raises(SplitReadError): len(guarded(fed)[0].y_test)

@pytest.mark.parametrize('name', sorted(ALGORITHMS))
def test_no_test_split_in_training_or_selection(name):
    fed, algo = build(*split_options(dict(algorithm=name, clients=6, rounds=3, seed=3)))
    fed = guarded(fed)
    server = algo.server_init(fed.sizes, 3, 3)
    clients = [algo.client_init(k) for k in range(len(fed))]
    for rnd in (1, 2, 3): fit_round(algo, server, clients, fed, rnd, seed=3)
    for k in range(len(fed)):
        for msg in algo.eval_messages(server, k, 3).values():
            algo.client_eval_model(clients[k], msg, fed[k], FitContext(3, k, client_generator(3, 3, k, 1)))
