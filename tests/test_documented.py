"""Every parameter of every exported function has its comment on its own line, where `docments` (and so the
docs site and `hdcfl run --help`) reads it."""
import importlib, inspect, pkgutil

from fastcore.docments import docments

import hdcfl
import hdcfl.runs  # noqa: F401 (registers every algorithm)


def exported_functions():
    "(qualified name, function) for every function in a module's `__all__`, defined in that module"
    for m in pkgutil.walk_packages(hdcfl.__path__, 'hdcfl.'):
        if m.name.endswith('_modidx'):
            continue
        mod = importlib.import_module(m.name)
        for name in getattr(mod, '__all__', []):
            f = getattr(mod, name)
            if inspect.isfunction(f) and f.__module__ == mod.__name__:
                yield f'{m.name}.{name}', f


def undocumented(f):
    "The parameters of `f` without a docments comment (self, cls, *args and **kwargs need none)"
    docs = docments(f)
    return [
        k
        for k, p in inspect.signature(f).parameters.items()
        if k not in ('self', 'cls') and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and not docs.get(k)
    ]


def test_the_check_sees_a_missing_comment():
    def f(
        a: int,  # documented
        b=2,
    ):
        return a + b

    assert undocumented(f) == ['b']


def test_every_parameter_of_every_exported_function_is_documented():
    funcs = dict(exported_functions())
    assert len(funcs) > 200, len(funcs)  # the walk found the package
    missing = {name: ps for name, f in funcs.items() if (ps := undocumented(f))}
    assert not missing, f"{len(missing)} functions have parameters without a comment: {missing}"
