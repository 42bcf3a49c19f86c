"""No import cycles in the engine, the views or the server: every module's imports (top-level
and inside functions alike) form a graph without a cycle, so each module can be read and
loaded on its own, and a layer never needs the one above it."""
import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources(package: str) -> list[Path]:
    return sorted(p for p in (REPO / package).rglob("*.py") if "node_modules" not in p.parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that ``path`` imports (relative imports resolved)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:  # "from . import resolve" imports a module
                if f"{target}.{alias.name}" in modules:
                    found.add(f"{target}.{alias.name}")
            found.add(target)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m in modules and m != name}


# A package whose __init__ only re-exports its modules (or names them lazily): an edge into it
# is not a cycle through it.
REEXPORTS = {"truco", "truco.players", "widgets", "widgets.language", "widgets.table",
             "tutor_server"}


def graph(package: str) -> dict[str, set[str]]:
    paths = sources(package)
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, modules) - REEXPORTS for p in paths}


def find_cycle(edges: dict[str, set[str]]):
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node):
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_graph_sees_relative_and_function_level_imports():
    edges = graph("widgets")
    assert "widgets.classroom.storage" in edges["widgets.classroom.backends"]  # from .storage
    assert "widgets.steps.progress_map" in edges["widgets.pages.start"]  # inside a method


@pytest.mark.parametrize("package", ["truco", "widgets", "tutor_server"])
def test_no_import_cycle(package):
    cycle = find_cycle(graph(package))
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_engine_imports_no_view_and_the_views_no_server():
    """Arrows point down: the engine imports neither the views nor the server; the views never
    import the server (it serves them; lessons and the server import the views)."""
    for package, above in (("truco", ("widgets", "tutor_server", "ipywidgets", "IPython")),
                           ("widgets", ("tutor_server",))):
        for path in sources(package):
            for node in ast.walk(ast.parse(path.read_text())):
                names = ([node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                         else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
                for name in names:
                    assert name.split(".")[0] not in above, f"{path.relative_to(REPO)}: {name}"
