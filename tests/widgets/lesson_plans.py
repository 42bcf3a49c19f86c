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


def run_to_summary(plan, variant, seed=7) -> StepRunner:
    """A lesson's plan checked and driven to its summary in ``variant``: one wrong answer first
    (the same step asks a new task and counts a mistake), then right answers."""
    assert 3 <= len(plan.steps) <= 10 and plan.steps[0].worked and plan.summary
    runner = StepRunner(plan, variant=variant, progress=MemoryProgress(), seed=seed)
    first = runner.index
    out = runner.answer(runner.task.wrong_answer())
    if out is not None and out.done:
        assert runner.index == first and runner.mistakes == 1
    for _move in range(400):
        if runner.finished:
            break
        runner.answer(runner.task.solution())
    assert runner.finished and runner.stars in (1, 2, 3) and "You finished" in runner.summary_text
    return runner

