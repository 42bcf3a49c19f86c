"""Every public function of the engine has a docstring (issue 19): each name truco exports and,
for the classes, each public method and property they define."""
import inspect

import truco


def public_members():
    for name in truco.__all__:
        obj = getattr(truco, name)
        if inspect.isfunction(obj):
            yield name, obj
        elif inspect.isclass(obj) and obj.__module__.startswith("truco"):
            yield name, obj
            for klass in obj.__mro__:
                if not klass.__module__.startswith("truco"):
                    continue
                for attr, value in vars(klass).items():
                    if attr.startswith("_"):
                        continue
                    if inspect.isfunction(value) or isinstance(value, (property, classmethod,
                                                                       staticmethod)):
                        yield f"{name}.{attr}", value


def test_every_public_function_has_a_docstring():
    missing = sorted({name for name, obj in public_members()
                      if not (inspect.getdoc(obj.__func__ if isinstance(
                          obj, (classmethod, staticmethod)) else obj) or "").strip()})
    assert not missing, "no docstring: " + ", ".join(missing)
