"""A lesson notebook's steps, for tests (imported by name: pytest puts this folder on the path).

``plan_and_variant(name)`` runs the notebook's step cell with ``lesson`` replaced by a catcher
and gives back the Plan (and the ``variant=`` it names, if any); ``drive`` answers a runner's
tasks until the lesson's summary, optionally with one wrong answer first. An Explore step (free
play, task kind "explore") is played a little, then passed with "Continue" (``go_on``): it must
count no mistake.
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


def go_on(runner: StepRunner):
    """Answer the runner's task right; an Explore step is played first (a few clicks in its
    explorer, none of them an answer), then passed, with no mistake and nothing to review."""
    task = runner.task
    if task.kind != "explore":
        return runner.answer(task.solution())
    mistakes, due = runner.mistakes, runner.progress.due(10 ** 7)
    explorer = task.explorer
    if task.name == "ranking":
        for item in explorer.row.items[:2]:
            assert explorer.select(item["code"])
    else:
        assert explorer.set_trick(0, "tie") and explorer.set_trick(1, "A")
        assert explorer.winner == 0
    index = runner.index
    out = runner.answer(task.solution())
    assert out.right and out.done and runner.mistakes == mistakes and runner.index != index
    assert runner.progress.passed(runner.plan.lesson)[index] == 0
    assert runner.progress.due(10 ** 7) == due
    return out


def drive(plan, variant, seed=0, wrong_first=True, moves=400) -> StepRunner:
    """A runner of ``plan`` answered right until its summary (after one wrong answer)."""
    runner = StepRunner(plan, variant=variant, progress=MemoryProgress(), seed=seed)
    if wrong_first:
        runner.answer(runner.task.wrong_answer())
    for _k in range(moves):
        if runner.finished:
            break
        go_on(runner)
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
        go_on(runner)
    assert runner.finished and runner.stars in (1, 2, 3) and "You finished" in runner.summary_text
    return runner

