"""The README's Python examples run as written."""
import re
from pathlib import Path

import pytest

BLOCKS = re.findall(r"```python\n(.*?)```", (Path(__file__).parent.parent / "README.md")
                    .read_text(encoding="utf-8"), re.S)


def test_readme_has_examples():
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_example_runs(index, capsys):
    exec(compile(BLOCKS[index], f"README block {index}", "exec"), {})


def test_the_rule_map_names_what_exists():
    """Every module, class, function and component the README's "Where each rule lives" table
    names is there: a rule moved without the map is a map that lies to a newcomer."""
    import importlib

    import truco

    text = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    table = text.split("Where each rule lives", 1)[1].split("\n\n", 2)[1]
    names = re.findall(r"`([^`]+)`", table)
    modules = {n for n in names if n.startswith("truco/")}
    for path in modules:
        assert (Path(__file__).parent.parent / path).is_file(), path
    games = {v: truco.Game(v, seed=1) for v in ("argentino", "uruguayo", "mineiro", "truc")}
    components = {n.split(".", 1)[1] for n in names if n.startswith("game.")}
    assert components == {"envido", "flor", "truc_specials", "special_hands", "vira"}
    for attr in components - {"vira"}:
        assert any(getattr(g, attr) is not None for g in games.values()), attr
    # the classes, their methods and the functions, looked up in the modules the row names
    row_modules = [importlib.import_module(m[:-3].replace("/", ".")) for m in sorted(modules)]
    for name in names:
        if "/" in name or name.startswith("game."):
            continue
        if name.startswith("resolve"):  # truco.resolve / truco.resolve_side and their functions
            module, _, function = name.partition(".")
            assert hasattr(importlib.import_module(f"truco.{module}"), function or "__name__")
            continue
        head, _, rest = name.partition(".")
        owner = next((m for m in row_modules if hasattr(m, head)), None)
        assert owner is not None, name
        assert not rest or hasattr(getattr(owner, head), rest), name
    assert len(names) > 20
