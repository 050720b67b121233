"""One number under each CPU kernel path: the loss of one epoch of local training and of an evaluation (digits, the
BatchNorm model, one torch thread), computed in a fresh process per path. They differ in the last digits wherever a
path selects other kernels; a path that gives the native digits tests nothing on this machine.

    .venv/bin/python tools/kernel_probe.py "ATEN_CPU_CAPABILITY=default ONEDNN_MAX_CPU_ISA=AVX2" ...
"""
import json, os, subprocess, sys

PROBE = '''
import json, torch
torch.set_num_threads(1)
from hdcfl.datasets import load_dataset
from hdcfl.data import make_fed_data
from hdcfl.models import make_model
from hdcfl.training import local_train, evaluate, TrainConfig
from hdcfl.provenance import describe_machine, machine
ds = load_dataset('digits')
fed = make_fed_data(ds, 4, 'rotation', seed=0)
m = make_model('digits-bn', ds.n_classes, fed.input_shape, seed=0)
fit = local_train(m, fed[0], TrainConfig(), torch.Generator().manual_seed(0))
print(json.dumps({'machine': describe_machine(machine()), 'train': fit['loss'], 'eval': evaluate(m, fed[0])['loss']}))
'''


def probe(setting: str):
    "The probe's numbers in a fresh process with `setting` ('NAME=VALUE ...') added to the environment"
    env = {**os.environ, **dict(kv.split('=', 1) for kv in setting.split())}
    out = subprocess.run([sys.executable, '-c', PROBE], env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out.splitlines()[-1])


def main(settings: list):
    native = probe('')
    print(f"native: {native['machine']}: train loss {native['train']!r}, eval loss {native['eval']!r}")
    for s in settings:
        r = probe(s)
        same = (r['train'], r['eval']) == (native['train'], native['eval'])
        note = 'the same digits: this path tests nothing here' if same else 'differs from native'
        print(f"{s}: {r['machine']}: train loss {r['train']!r}, eval loss {r['eval']!r} ({note})")


if __name__ == '__main__':
    main(sys.argv[1:])
