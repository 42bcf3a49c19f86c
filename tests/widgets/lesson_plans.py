"""A lesson notebook's steps, for tests (imported by name: pytest puts this folder on the path).

``plan_and_variant(name)`` runs the notebook's step cell with ``lesson`` replaced by a catcher
and gives back the Plan (and the ``variant=`` it names, if any); ``drive`` answers a runner's
tasks until the lesson's summary, optionally with one wrong answer first.
"""
from __future__ import annotations

from pathlib import Path

import nbformat

from widgets.steps import MemoryProgress
from widgets.steps.runner import StepRunner

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
IMPORT = "from widgets.steps.runner import lesson"


def plan_and_variant(name: str):
    nb = nbformat.read(LESSONS / f"{name}.ipynb", as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "code" and IMPORT in c.source)
    seen: list = []
    catch = (lambda plan, variant=None, **_kw: seen.append((plan, variant)))
    exec(compile(cell.source.replace(IMPORT, ""), name, "exec"), {"lesson": catch})
    assert len(seen) == 1, f"{name}: {len(seen)} lessons in its step cell"
    return seen[0]


def plan_of(name: str):
    return plan_and_variant(name)[0]


def drive(plan, variant, seed=0, wrong_first=True, moves=400) -> StepRunner:
    """A runner of ``plan`` answered right until its summary (after one wrong answer)."""
    runner = StepRunner(plan, variant=variant, progress=MemoryProgress(), seed=seed)
    if wrong_first:
        runner.answer(runner.task.wrong_answer())
    for _k in range(moves):
        if runner.finished:
            break
        runner.answer(runner.task.solution())
    return runner
