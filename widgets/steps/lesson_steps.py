"""A lesson's steps read from its notebook, for pages other than the lesson's own (a live
lesson on the projector asks them one after the other).

A lesson notebook states its steps as data in its first code cell (``steps = [Step(...),
...]``, with a few names of variants beside them). Only those assignments are run, with
nothing in reach but :class:`~widgets.steps.model.Step` and ``N_``: the lesson's own call
(``lesson(Plan(...))``) and its imports are not.

>>> steps = lesson_steps("03_tricks")
>>> steps[0].task, steps[0].topic
('trick', 'highest_wins')
>>> lesson_steps("index")
()
>>> import truco
>>> [s.task for s in one_answer_steps("05_raising", truco.variant("mineiro"))][:2]
['truco_answer', 'truco_answer']
>>> lesson_steps("../etc/passwd")
Traceback (most recent call last):
...
ValueError: no lesson named '../etc/passwd'
"""
from __future__ import annotations

import ast
import json
import re
from functools import lru_cache
from pathlib import Path

from ..language.i18n import N_
from .model import Step

__all__ = ["LESSONS_DIR", "ONE_ANSWER_KINDS", "lesson_steps", "one_answer_steps"]

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
_NAME = re.compile(r"^[a-z0-9_]+$")
# The kinds of step that ask one question with one answer (finding four manilhas, playing a
# hand or exploring freely do not): what a live lesson can ask the whole class at once.
ONE_ANSWER_KINDS = frozenset({"rank", "trick", "hand", "truco_answer", "special_hand",
                              "envido_count", "envido_bet", "truc_special", "compare", "odds"})


@lru_cache(maxsize=None)
def lesson_steps(name: str) -> tuple[Step, ...]:
    """The steps of lesson ``name`` (its notebook's name without ``.ipynb``), in order; none
    for a page without steps."""
    path = LESSONS_DIR / f"{name}.ipynb"
    if not _NAME.match(str(name)) or not path.is_file():
        raise ValueError(f"no lesson named {name!r}")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        assigns = [node for node in tree.body if isinstance(node, ast.Assign)]
        if not any(isinstance(t, ast.Name) and t.id == "steps" for a in assigns
                   for t in a.targets):
            continue
        space: dict = {"Step": Step, "N_": N_, "__builtins__": {}}
        exec(compile(ast.Module(assigns, type_ignores=[]), str(path), "exec"), space)
        return tuple(s for s in space["steps"] if isinstance(s, Step))
    return ()


def one_answer_steps(name: str, variant) -> tuple[Step, ...]:
    """The steps of lesson ``name`` that ask one question with one answer in ``variant`` (a
    :class:`truco.Variant`), in order."""
    from .tasks import task_class

    return tuple(s for s in lesson_steps(name)
                 if s.task in ONE_ANSWER_KINDS and s.applies_to(variant.name)
                 and task_class(s.task).applies(variant, **s.options))
