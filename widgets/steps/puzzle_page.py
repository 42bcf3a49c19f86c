"""The puzzle page: one stored puzzle after another (:mod:`.puzzles`), the weak themes served
more often, and the learner's success per theme (from the hands they reviewed at the table
and the puzzles they answered) shown above; and :func:`play_and_review`, the table whose every
hand is reviewed, its mistakes filed as puzzles in the review deck.

Everything the page counts and checks stays in Python; the browser only clicks.

>>> page = PuzzlePage("mineiro", progress=MemoryProgress(), seed=2)
>>> page.task.kind, page.solved
('puzzle', 0)
>>> _ = page.answer(page.task.solution()); page.solved, page.tried
(1, 1)
"""
from __future__ import annotations

import random
from html import escape

import ipywidgets as W

import truco
from truco.i18n import number, percent
from ..language.i18n import _

from ..language.session import direction
from ..pages.links import session_variant
from .model import MemoryProgress, Outcome  # noqa: F401 (MemoryProgress: the doctest)
from .puzzles import THEMES, filer, success, theme_words
from .runner import TaskPage
from .tasks import task_class

__all__ = ["PuzzlePage", "play_and_review", "puzzle_page", "skills_table"]


def skills_table(skills: dict) -> str:
    """The learner's success per theme as an HTML table (themes never tried left out)."""
    done = success(skills)
    rows = []
    for name in THEMES:
        tried, good = done.get(name, (0, 0))
        if not tried:
            continue
        rows.append(f"<tr><td>{escape(theme_words(name))}</td><td>{escape(number(tried))}</td>"
                    f"<td>{escape(percent(good / tried, 0))}</td></tr>")
    if not rows:
        empty = _("Your success per theme appears here after your first puzzle or your first "
                  "reviewed hand.")
        return f'<p class="tutor-skills-empty">{escape(empty)}</p>'
    names = (_("Theme"), _("Decisions"), _("Best or good"))
    head = "<tr>" + "".join(f"<th>{escape(n)}</th>" for n in names) + "</tr>"
    caption = _("Your success per theme")
    return (f'<table class="tutor-skills"><caption>{escape(caption)}</caption>{head}'
            f"{''.join(rows)}</table>")


class PuzzlePage(TaskPage):
    """Stored puzzles, one at a time: ``answer(key)`` answers the current one, ``next()``
    deals another (the Next puzzle button); ``tried`` and ``solved`` count this visit."""

    def __init__(self, variant=None, progress=None, seed=None):
        super().__init__()
        from .progress import current_progress

        self.variant = truco.variant(variant if variant is not None else session_variant())
        self.progress = progress if progress is not None else current_progress()
        self.rng = random.Random(seed)
        self.tried = self.solved = 0
        self.task = None
        self._ended = False
        self.header = W.HTML()
        self.skills = W.HTML()
        self.skills.add_class("tutor-skills-box")
        self.task_box = W.Box(layout=W.Layout(display="flex", flex_flow="column"))
        self.next_button = W.Button(description=_("Next puzzle"),
                                    layout=W.Layout(width="auto", display="none"))
        self.next_button.on_click(lambda _b: self.next())
        children = [self.header, self.skills, self.feedback, self.task_box, self.next_button]
        if getattr(self.progress, "widget", None) is not None:
            children.append(self.progress.widget)
        root = self._root(children)
        root.add_class("tutor-puzzles")
        self._draw_header()
        self.progress.when_ready(self.next)

    def _draw_header(self) -> None:
        count = _("Solved today: {n} of {m}").format(n=number(self.solved),
                                                      m=number(self.tried))
        title = _("Puzzles")
        self.header.value = (
            f'<div class="tutor-step-header tutor-puzzle-header" dir="{direction()}">'
            f'<strong style="font-size:1.1em">{escape(title)}</strong> '
            f'<span class="tutor-puzzle-count" role="status">{escape(count)}</span></div>')
        self.skills.value = skills_table(self.progress.skills())

    def next(self) -> bool:
        """Deal the next puzzle (a theme the learner misses more is more likely)."""
        if self.task is not None and not self._ended:
            self.say(_("Answer this puzzle first."), "error")
            return False
        if self.task is not None:
            self.task.close()
        self.task = task_class("puzzle")(self.variant, self.rng,
                                         skills=self.progress.skills())
        self._ended = False
        task = self.task
        task.on_outcome(lambda outcome: self._on_outcome(task, outcome))
        self.next_button.layout.display = "none"
        self._show_task(task)
        return True

    def _on_outcome(self, task, outcome: Outcome) -> None:
        if task is not self.task or self._ended or not outcome.done:
            return
        self._ended = True
        self.tried += 1
        self.solved += bool(outcome.right)
        if outcome.right:
            self.say("✓ " + outcome.explanation, "right")
        else:
            self.say(outcome.explanation, "wrong", [outcome.note])
        loss = truco.grade(task.evaluation, outcome.answer).loss
        self.progress.add_skill("puzzle", task.theme or "play", 1, int(outcome.right),
                                round(loss, 3))
        self._draw_header()
        self.next_button.layout.display = None


def puzzle_page(variant=None, seed=None) -> PuzzlePage:
    """The puzzle page's widget (the notebook's last line)."""
    return PuzzlePage(variant=variant, seed=seed)


def play_and_review(variant=None, seed=None, progress=None, **table):
    """The Play and review table: a game against the computer whose every hand is reviewed
    when it ends (:class:`widgets.table.review.HandReview`), each mistake or blunder filed as
    a puzzle in the learner's review deck and the decisions counted by theme."""
    from ..table.play import PlayTable
    from .progress import current_progress

    keep = progress if progress is not None else current_progress()
    t = PlayTable(variant=variant if variant is not None else session_variant(), seed=seed,
                  auto_review=True, on_reviewed=filer(table.get("seat", 0), keep), **table)
    if getattr(keep, "widget", None) is not None:  # the browser's id for an anonymous learner
        t.widget.children = (*t.widget.children, keep.widget)
    return t



