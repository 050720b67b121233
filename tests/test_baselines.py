"""No algorithm reads a client's test split during training or model selection: the clients' test fields are
replaced by a guard that raises on any use, and every algorithm trains three rounds and builds every client's
evaluation model (cluster choice and all) and fine-tunes it with the run's budget without touching it."""
import dataclasses
import pytest
import torch
from hdcfl.config import Experiment
from hdcfl.algorithms import ALGORITHMS, FitContext
from hdcfl.engine import fit_round, evaluate_clients, client_generator, finetuned

class SplitReadError(AssertionError): pass

EXTRA = {'pfedmoap': dict(moap_experts=2)}   # a small run's options (pFedMoAP: two experts keep it fast)

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
    fed, _ = Experiment.resolve(clients=4, rounds=2).build()
    with pytest.raises(SplitReadError): len(guarded(fed)[0].y_test)

@pytest.mark.parametrize('name', sorted(ALGORITHMS))
def test_no_test_split_in_training_or_selection(name):
    opts = dict(algorithm=name, clients=6, rounds=3, seed=3, finetune_epochs=1, **EXTRA.get(name, {}))
    fed, algo = Experiment.resolve(**opts).build()
    fed = guarded(fed)
    server = algo.server_init(fed.sizes, 3, 3)
    clients = [algo.client_init(k) for k in range(len(fed))]
    for rnd in (1, 2, 3): fit_round(algo, server, clients, fed, rnd, seed=3)
    for k in range(len(fed)):
        for msg in algo.eval_messages(server, k, 3).values():
            model = algo.client_eval_model(clients[k], msg, fed[k], FitContext(3, k, client_generator(3, 3, k, 1)))
            finetuned(model, fed[k], algo.train, client_generator(3, 3, k, 1))  # the run's fine-tuning too


class Unmoved(torch.Tensor):
    "A client tensor not yet moved to a device: `.to(device, ...)` gives a plain tensor, `.to(dtype)` an unmoved one"
    def to(self, *args, **kwargs):
        device = torch._C._nn._parse_to(*args, **kwargs)[0]
        out = self.as_subclass(torch.Tensor).to(*args, **kwargs)
        return out if device is not None else out.as_subclass(Unmoved)

def unmoved(fed):
    for k, c in enumerate(fed.clients):
        fed.clients[k] = dataclasses.replace(c, x_train=c.x_train.as_subclass(Unmoved), y_train=c.y_train.as_subclass(Unmoved),
                                             x_test_all=c.x_test_all.as_subclass(Unmoved))
    return fed

def test_the_device_check_catches_an_unmoved_input():
    fed, algo = Experiment.resolve(clients=4, rounds=2).build()
    x = unmoved(fed)[0].x_train[:2]
    assert type(x) is Unmoved and type(x.to('cpu')) is torch.Tensor and type(x.to(torch.float64)) is Unmoved

@pytest.mark.parametrize('name', sorted(ALGORITHMS))
def test_every_model_input_is_moved_to_the_configured_device(name):
    "Training, selection, fine-tuning and evaluation all pass their inputs through `.to(device)` (on a GPU, an input left on the CPU fails)"
    fed, algo = Experiment.resolve(algorithm=name, clients=4, rounds=3, seed=3, model='digits-bn', **EXTRA.get(name, {})).build()
    fed, device, calls = unmoved(fed), torch.device(algo.train.device), []
    def check(module, args):
        assert type(args[0]) is torch.Tensor, f"{name} feeds the model an input it did not move to the configured device"
        assert args[0].device == device
        calls.append(1)
    algo.model.encoder.register_forward_pre_hook(check)
    server = algo.server_init(fed.sizes, 3, 3)
    clients = [algo.client_init(k) for k in range(len(fed))]
    for rnd in (1, 2, 3):
        fit_round(algo, server, clients, fed, rnd, seed=3)
        evaluate_clients(algo, server, clients, fed, rnd, seed=3)
    assert calls
