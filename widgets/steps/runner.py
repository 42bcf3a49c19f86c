"""The lesson runner: a lesson's steps one after the other, like lichess's "Learn".

:class:`StepRunner` shows a header (title, "Step 3 of 8", a progress bar), the step's idea,
the task and the feedback. A right answer shows the engine's reason with a tick and opens the
next step at once (the feedback stays above the new task); a wrong one shows the engine's
explanation, counts a mistake, puts the step's topic into the review deck and asks a new task
of the same kind. At the end: a summary with the rules learned and the stars.

Everything that counts (which step, the answers, the mistakes) lives here in Python; the
browser only draws and reports clicks, which the task checks.

>>> from widgets.steps import Plan, Step
>>> r = StepRunner(Plan("01_ranking", [Step("rank", "A 3 beats a king.")], ["3 > K"]),
...                variant="mineiro", seed=1)
>>> r.answer(r.task.solution()).right, r.finished, r.stars
(True, True, 3)
"""
from __future__ import annotations

import datetime
import random

import ipywidgets as W

import truco
from ..language.i18n import _

from ..classroom import session as classroom
from ..ui.common import TutorWidget, button
from ..pages.links import LessonLinks, lesson_href, lesson_title, next_lesson, session_variant
from ..language.prose import lesson_text
from .model import MemoryProgress, Outcome, Plan, stars as stars_for
from .record import TaskAnswers
from .summary import header_html, mark_bench_target, step_html, summary_html
from .tasks import task_class

__all__ = ["StepRunner", "TaskPage", "lesson", "today", "default_progress", "runnable_steps"]


def today() -> int:
    """The day number (:meth:`datetime.date.toordinal`), from the progress module's clock."""
    try:
        from .progress import today as progress_today
    except ImportError:
        return datetime.date.today().toordinal()
    return progress_today()


def default_progress():
    """The learner's stored progress (:mod:`widgets.steps.progress`), in memory without it."""
    try:
        from .progress import current_progress
    except ImportError:
        return MemoryProgress()
    return current_progress()


def _task_class(kind: str):
    try:
        return task_class(kind)
    except (ImportError, AttributeError):  # a kind not written yet
        return None


def runnable_steps(plan: Plan, variant) -> list[int]:
    """The indices of ``plan``'s steps that can be asked in ``variant``."""
    kept = []
    for i, step in enumerate(plan.steps):
        if not step.applies_to(variant.name):
            continue
        cls = _task_class(step.task)
        if cls is not None and cls.applies(variant, **step.options):
            kept.append(i)
    return kept


class TaskPage(TutorWidget):
    """A page that asks one task at a time in its ``task_box``: a lesson's steps
    (:class:`StepRunner`), the exam, the review. A click's feedback is the first thing the
    page gets back (:mod:`widgets.ui.first`: the task's own updates, its cards revealed and its
    buttons disabled, and the next task follow it); what the page stores is written after it."""

    task = None
    task_box: W.Box

    def __init__(self):
        super().__init__()
        self._tasks = 0

    def answer(self, key):
        """A click on the current task (its :class:`~.model.Outcome`), or a message when
        there is none."""
        if self.task is None:
            self.say(_("Nothing to answer now."), "error")
            return None
        return self.task.answer(key)

    def _show_task(self, task) -> None:
        """Put ``task`` in the task box: its messages handled feedback-first (by this page,
        also those of a tutor widget inside the task), the bench's click target marked, and
        ``tutor-task-<n>`` on the box (tests wait on it: the n-th task drawn on this page)."""
        self.task_box.children = (task.view,)
        self.hook(task.view, take=True)
        mark_bench_target(task)
        self._tasks += 1
        for cls in list(self.task_box._dom_classes):
            self.task_box.remove_class(cls)
        self.task_box.add_class(f"tutor-task-{self._tasks}")

    def after_browser_msg(self) -> None:
        """After a click: the widgets it added are hooked, the bench's target moves with the
        buttons, and ``tutor-handled-<n>`` on the task box says that the click whose feedback
        was the page's n-th message has been handled, everything it changed sent before (tests
        wait on it before the next click: a two-stage task hides its first buttons only after
        the feedback)."""
        super().after_browser_msg()
        task = self.task
        if task is not None:
            self.hook(task.view, take=True)  # widgets the click added to the task
            mark_bench_target(task)  # its buttons may have changed (a second question)
        box, mark = self.task_box, f"tutor-handled-{getattr(self, '_said', 0)}"
        if mark not in box._dom_classes:
            for cls in [c for c in box._dom_classes if c.startswith("tutor-handled-")]:
                box.remove_class(cls)
            box.add_class(mark)


class StepRunner(TaskPage):
    """Runs ``plan`` in ``variant`` (the learner's, by default) keeping ``progress``.

    ``index``: the current step's index in ``plan.steps``; ``task``: its task;
    ``answer(key)``: a click on the task; ``finished``, ``mistakes`` (this run's),
    ``summary_text`` (the summary in plain words)."""

    def __init__(self, plan: Plan, variant=None, progress=None, seed=None):
        super().__init__()
        self.plan = plan
        self.variant = truco.variant(variant if variant is not None else session_variant())
        self.progress = progress if progress is not None else default_progress()
        self.seed = seed
        self.session = classroom.current()
        self._random = random.Random()  # the deals outside a class without a seed
        self.title = lesson_title(plan.lesson, numbered=False)
        self.heading = lesson_title(plan.lesson)  # "3. Tricks and hands": where it sits on the map
        self.order = runnable_steps(plan, self.variant)
        self.step_mistakes: dict[int, int] = {}
        self.index = None
        self.task = None
        self.finished = False
        self.stars = None
        self.summary_text = ""
        self._attempt = 0
        self._runs = 0
        self._answered = False
        self._answers = TaskAnswers(self.session, self.seed, self.say)
        self.header = W.HTML()
        self.text = W.HTML()
        self.task_box = W.Box(layout=W.Layout(display="flex", flex_flow="column"))
        self.summary = W.VBox()
        self.summary.add_class("tutor-summary")
        self.summary.layout.display = "none"
        children = [self.header, self.feedback, self.text, self.task_box, self.summary]
        extra = getattr(self.progress, "widget", None)
        if extra is not None:
            children.append(extra)
        root = self._root(children)
        root.add_class("tutor-step")
        if not self.order:
            self._nothing_here()
            return
        self._open(self.order[0])
        self.progress.when_ready(self._resume)

    # --- where the learner is --------------------------------------------------------------------
    @property
    def mistakes(self) -> int:
        return sum(self.step_mistakes.values())

    @property
    def step(self):
        return None if self.index is None else self.plan.steps[self.index]

    def _resume(self) -> None:
        if self._answered or self.finished or not self.order:
            return  # the learner already started here: keep going
        passed = self.progress.passed(self.plan.lesson)
        left = [i for i in self.order if i not in passed]
        self.step_mistakes = {i: passed[i] for i in self.order if i in passed}
        if not left:
            self._finish(store=self.progress.stars(self.plan.lesson) is None)
        elif left[0] != self.index:
            self._open(left[0])

    def _position(self) -> int:
        return self.order.index(self.index) + 1 if self.index in self.order else 1

    # --- steps -----------------------------------------------------------------------------------
    def _deal_seed(self):
        tag = f"step-{self.index}-{self._attempt}-{self._runs}"
        if self.session is not None:
            return classroom.derive_seed(self.session.learner.class_code, self.plan.lesson,
                                         tag, self.seed)
        if self.seed is not None:
            return f"{self.seed}|{self.plan.lesson}|{tag}"
        return self._random.getrandbits(64)

    def _open(self, index: int) -> None:
        self.index = index
        self.step_mistakes.pop(index, None)
        self._attempt = 0
        self._task_ended = False
        step = self.plan.steps[index]
        self._set_step_class(index)
        self.header.value = header_html(self.heading, self._position(), len(self.order))
        self.text.value = step_html(lesson_text(step.text), step.worked)
        self._new_task()

    def _set_step_class(self, index: int | None) -> None:
        """``tutor-step-<i>`` names the step shown (for tests), ``tutor-finished`` the end."""
        for cls in list(self.widget._dom_classes):
            if cls.startswith("tutor-step-") or cls == "tutor-finished":
                self.widget.remove_class(cls)
        self.widget.add_class("tutor-finished" if index is None else f"tutor-step-{index}")

    def _new_task(self) -> None:
        step = self.step
        if self.task is not None:
            self.task.close()
        cls = _task_class(step.task)
        rng = random.Random(self._deal_seed())
        self.task = cls(self.variant, rng, worked=step.worked, **step.options)
        self._task_ended = False
        task = self.task
        task.on_outcome(lambda outcome: self._on_outcome(task, outcome))
        self._show_task(task)

    def answer(self, key) -> Outcome | None:
        """A click on the current task (what the browser's click does)."""
        if self.task is None or self.finished:
            self.say(_("This lesson is finished: press Practise again to go through it again."),
                     "error")
            return None
        return self.task.answer(key)

    def _on_outcome(self, task, outcome: Outcome) -> None:
        if task is not self.task or self.finished:
            return  # a stale task's report
        if outcome.slip:
            self.say(outcome.note or outcome.explanation, "info")
            return
        self._answered = True
        if outcome.right and not outcome.done:
            self.say(outcome.explanation or outcome.note, "info",
                     [outcome.note] if outcome.explanation else [])
            return
        if self._task_ended:
            return
        self._task_ended = True
        problem = self._store(task, outcome)
        if problem:
            self.say(problem, "error")
            self._attempt += 1
            self._new_task()
            return
        # The learner is told first (say() sends the feedback before anything else), then the
        # progress is written (a commit waits for the disk: a millisecond, on a busy disk a
        # hundred), then the next task is drawn: a page that shows the next step has stored
        # it, so a reload at once (a new kernel reading the store) opens that step. A write
        # that fails is kept for the page (StoredProgress).
        details = [outcome.note] if outcome.note else []
        coming = self._tasks + 1  # the task drawn next gets the focus (the last: the summary)
        if outcome.right:
            later = [i for i in self.order if i > self.index]
            # moving on, the verdict is a line of the step's history, its step named
            past = _("Step {n} of {total} passed:").format(
                n=self._position(), total=len(self.order)) if later else ""
            self.say(outcome.explanation or _("Right."), "right", details,  # the tick: the icon
                     past=past, focus=coming if later else 0)
            mistakes = self.step_mistakes.setdefault(self.index, 0)
            self.progress.pass_step(self.plan.lesson, self.index, mistakes)
            if later:
                self._open(later[0])
            else:
                self._finish()
            return
        self.step_mistakes[self.index] = self.step_mistakes.get(self.index, 0) + 1
        self.say(outcome.explanation or _("Not quite."), "wrong",
                 details + [_("Try this one.")], focus=coming)
        self.progress.miss(self.plan.lesson, self.step, today())
        self._attempt += 1
        self._new_task()

    def _store(self, task, outcome: Outcome) -> str | None:
        """In a class, one task is one stored answer (before the learner is told)."""
        return self._answers.store(self.step.task, self.index, self.variant, task, outcome)

    # --- the end ---------------------------------------------------------------------------------
    def _finish(self, store: bool = True) -> None:
        self.finished = True
        if self.task is not None:
            self.task.close()
        self.task = None
        self.task_box.children = ()
        self.text.value = ""
        self.index = None
        self._set_step_class(None)
        self.stars = stars_for(self.mistakes)
        if store:
            self.progress.finish(self.plan.lesson, self.stars)
        best = self.progress.stars(self.plan.lesson)
        shown = max(self.stars, best or 0) if not store else self.stars
        self.header.value = header_html(self.heading, len(self.order) + 1, len(self.order))
        rules = [lesson_text(r) for r in self.plan.summary]
        html = W.HTML(summary_html(self.title, rules, shown, self.mistakes))
        again = button(_("Practise again"), self.practise_again, bench=True)  # bench/app.py
        again.add_class("tutor-again")
        self.summary.children = (html, again, self._links())
        self.summary.layout.display = None
        self.summary_text = " ".join([_("You finished {title}").format(title=self.title),
                                      *rules])

    def _links(self) -> LessonLinks:
        links = []
        after = next_lesson(self.plan.lesson)
        if after is not None and after != "glossary":
            links.append({"href": lesson_href(after), "cls": "tutor-next",
                          "text": _("Next lesson: {title} →").format(
                              title=lesson_title(after))})
        links.append({"href": lesson_href("index"), "cls": "tutor-home",
                      "text": _("Back to the map")})
        return LessonLinks(links, self.variant.name, label=_("Go on"))

    def practise_again(self) -> None:
        """Start the steps again (the stars kept are the best earned)."""
        if not self.order:
            return
        self._runs += 1
        self.finished = False
        self.step_mistakes = {}
        self.summary.layout.display = "none"
        self.summary.children = ()
        self.say(_("Here we go again."), "info")
        self._open(self.order[0])

    def _nothing_here(self) -> None:
        self.finished = True
        self.header.value = header_html(self.heading, 0, 0)
        self.say(_("This lesson has no steps for {variant}: it is about other variants. "
                   "Go on to the next lesson, or pick another variant on the start page.")
                 .format(variant=_(self.variant.title)), "info")
        self.summary.children = (self._links(),)
        self.summary.layout.display = None


def lesson(plan: Plan, variant=None, progress=None, seed=None, footer: bool = True) -> None:
    """Show ``plan`` as the lesson's steps, with the lesson's footer under it (``footer=False``
    when the lesson goes on after its steps, with an explore part, and ends with its own
    ``footer("<name>")`` cell)."""
    from IPython.display import display

    from ..pages.links import footer as lesson_footer
    runner = StepRunner(plan, variant=variant, progress=progress, seed=seed)
    display(runner.widget)
    if footer:
        display(lesson_footer(plan.lesson))
    return None
