"""Every lesson notebook really runs (nbval), and is stored the way the app needs it.

nbval runs in child pytest processes (``--nbval-lax``: the notebooks store no outputs, so every
code cell must run without an error): on two cores one child runs every notebook, one after
the other, each in its own kernel (a child's start cost more than a lesson's cells), with
Jupyter's and IPython's files kept under ``<repo>/.jupyter-home`` as the Makefile does. Structure checks (no stored outputs, kernel python3, a footer, no visible code result other
than a widget) read the files without running them.
"""
from __future__ import annotations

import ast
import os
import subprocess
import tempfile
import sys
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import pytest

import truco

from widgets.pages.lesson import LESSONS as PATH
from widgets.pages.lesson import TEACHER_PAGE
from tutor_server import voila_env

REPO = Path(__file__).resolve().parents[1]
LESSON_DIR = REPO / "lessons"
NOTEBOOKS = sorted(p.name for p in LESSON_DIR.glob("*.ipynb"))
PARALLEL = max(1, min(2, (os.cpu_count() or 1) - 1))  # kernels at once, beside the other tests
CELL_TIMEOUT = 120  # seconds per cell; a lesson cell takes well under a second


def jupyter_env() -> dict[str, str]:
    env = voila_env()
    # The kernel runs in lessons/: make the repository importable even without `pip install -e`.
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
    return env


def run_nbval(names: list[str], tmp: Path, env: dict[str, str]) -> dict[str, dict]:
    """nbval on ``names`` in one child pytest (each notebook in a kernel of its own): one
    process for many notebooks, since a child's start (pytest, its plugins, the root conftest)
    cost more than running a lesson's cells. The result per notebook: its cells' cases, and
    the child's exit code and output's end (to show when a case failed or none came)."""
    report = tmp / f"nbval-{names[0]}.xml"
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval-lax",
           f"--nbval-cell-timeout={CELL_TIMEOUT}", f"--junitxml={report}",
           *(str(LESSON_DIR / name) for name in names)]
    proc = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=600, stdin=subprocess.DEVNULL)
    cases: dict[str, list] = {name: [] for name in names}
    if report.exists():
        for case in ET.parse(report).getroot().iter("testcase"):
            # classname: the notebook's path as a dotted name, "lessons.01_ranking.ipynb"
            name = case.get("classname", "").split(".", 1)[-1]
            problems = [child.tag for child in case if child.tag in
                        ("failure", "error", "skipped")]
            cases.setdefault(name, []).append((case.get("name"), problems))
    output = (proc.stdout + proc.stderr)[-6000:]
    return {name: {"returncode": proc.returncode, "cases": cases[name], "output": output}
            for name in names}


_RUNS: dict = {}  # notebook name -> Future of its group's nbval run, once started


def start_nbval() -> None:
    """Start the nbval runs (kernels in subprocesses, in the background): the root conftest
    calls this when the session's browser tests are over, so the kernels run while the
    engine's and the widgets' tests do instead of before this module's own tests. PARALLEL
    child processes, each running its share of the notebooks one after the other."""
    if _RUNS:
        return
    tmp = Path(tempfile.mkdtemp(prefix="nbval-"))
    env = jupyter_env()  # taken now: tests change os.environ while the runs go on
    pool = ThreadPoolExecutor(max_workers=PARALLEL, thread_name_prefix="nbval")
    for k in range(PARALLEL):
        group = NOTEBOOKS[k::PARALLEL]
        future = pool.submit(run_nbval, group, tmp, env)
        _RUNS.update({name: future for name in group})
    pool.shutdown(wait=False)


@pytest.fixture(scope="module")
def nbval_results():
    start_nbval()  # usually already running (see the root conftest)
    return {name: future.result()[name] for name, future in _RUNS.items()}


def load(name: str):
    return nbformat.read(LESSON_DIR / name, as_version=4)


def code_cells(nb) -> list:
    return [c for c in nb.cells if c.cell_type == "code"]


def test_every_lesson_of_the_path_and_the_teacher_page_is_a_notebook():
    assert NOTEBOOKS, "no lessons/*.ipynb"
    # the path, and the pages beside it: the teacher's, the review deck, the live lesson and
    # the For teachers guide
    pages = [f"{name}.ipynb" for name, _t, _b in PATH] + [
        f"{name}.ipynb" for name in (TEACHER_PAGE, "review", "live", "for_teachers")]
    assert sorted(pages) == NOTEBOOKS


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_lesson_runs_under_nbval(nbval_results, name):
    result = nbval_results[name]
    expected = len(code_cells(load(name)))
    # every code cell a case of its own, none failed (the child's exit code covers the
    # group's notebooks: another notebook's failure is that notebook's test's)
    assert len(result["cases"]) == expected, (result["cases"], result["output"])
    failed = [(case, problems) for case, problems in result["cases"] if problems]
    assert not failed, (failed, result["output"])


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_lesson_is_stored_clean(name):
    nb = load(name)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    for cell in code_cells(nb):
        assert cell.outputs == [] and cell.execution_count is None, cell.source
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith("# ")


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_code_cells_show_only_widgets(name):
    """A code cell ends with a widget (a name or a call) or shows nothing: no printed values,
    no reprs of plain Python objects, and nothing but the lesson's own helpers imported."""
    for cell in code_cells(load(name)):
        tree = ast.parse(cell.source)
        assert tree.body, "empty code cell"
        last = tree.body[-1]
        if isinstance(last, ast.Expr):
            value = last.value
            assert isinstance(value, (ast.Call, ast.Name, ast.Attribute)), cell.source
            func = getattr(value, "func", None)
            assert not (isinstance(func, ast.Name) and func.id in {"print", "display", "repr"}), \
                cell.source
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                module = node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
                # the lesson's helpers, and N_ to mark a step's text for the catalogs
                assert module.split(".")[0] == "widgets" or module == "truco.i18n", cell.source
        if shows_steps(cell.source):
            continue  # a lesson's steps are data: as many lines as its steps need
        assert len(cell.source.splitlines()) <= 6, "keep lesson code cells short"


def shows_steps(source: str) -> bool:
    """The cell ends by showing a lesson's steps (``lesson(Plan(...))``), the exam or the
    review: those helpers draw the lesson's footer themselves."""
    last = ast.parse(source).body[-1]
    func = getattr(getattr(last, "value", None), "func", None)
    return isinstance(func, ast.Name) and func.id in {"lesson", "exam", "review"}


@pytest.mark.parametrize("name", [n for n in NOTEBOOKS if n != "index.ipynb"])
def test_lesson_ends_with_its_links(name):
    last = load(name).cells[-1]
    assert last.cell_type == "code"
    stem = name[:-len(".ipynb")]
    if shows_steps(last.source):
        assert f'Plan("{stem}"' in last.source or "lesson(" not in last.source, last.source
    else:
        assert f'footer("{stem}")' in last.source


def run_cells_here(nb, name: str, monkeypatch) -> list:
    """Run a notebook's code cells in this process (no kernel); return what each cell shows:
    its result, or what it passed to ``display`` (the steps' ``lesson(...)`` displays its
    runner and footer and returns None)."""
    import IPython.display

    namespace: dict = {}
    results = []
    shown: list = []
    monkeypatch.setattr(IPython.display, "display", lambda *objs, **kw: shown.extend(objs))
    for cell in code_cells(nb):
        tree = ast.parse(cell.source)
        last = tree.body[-1] if isinstance(tree.body[-1], ast.Expr) else None
        body = tree.body[:-1] if last is not None else tree.body
        shown.clear()
        exec(compile(ast.Module(body=body, type_ignores=[]), name, "exec"), namespace)
        value = (eval(compile(ast.Expression(last.value), name, "eval"), namespace)
                 if last is not None else None)
        results.extend([value] if value is not None else list(shown) or [None])
    return results


@pytest.mark.parametrize("variant", truco.VARIANT_NAMES)
def test_lessons_work_for_every_chosen_variant(monkeypatch, variant):
    """Whatever variant the learner picked on the start page (it arrives as ?variant=...),
    every lesson builds, and every code cell shows a widget."""
    monkeypatch.setenv("QUERY_STRING", f"variant={variant}")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/lessons/index.ipynb")
    for name in NOTEBOOKS:
        for result in run_cells_here(load(name), name, monkeypatch):
            assert result is not None, name
            bundle = result._repr_mimebundle_()
            bundle = bundle[0] if isinstance(bundle, tuple) else bundle
            assert "application/vnd.jupyter.widget-view+json" in bundle, (name, bundle)
