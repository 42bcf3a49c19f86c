"""The final exam: a fixed number of questions across the topics, one variant, a mark.

Each question is a task of one of :data:`TOPICS` (the kinds that can be asked in the variant,
spread evenly); a wrong answer shows the engine's explanation and the exam goes on (no
re-ask). At the end: the mark ("16 of 20: passed"), the topics missed named in words and put
into the review deck, and the lesson's stars when the exam is passed. Kinds not written yet
are skipped, so the exam grows as the kinds land.

>>> e = Exam(variant="mineiro", questions=4, pass_mark=3, seed=1)
>>> while not e.finished:  # a task may take several clicks (four manilhas to find)
...     _o = e.answer(e.task.solution())
>>> e.right, e.passed, e.summary_text
(4, True, '4 of 4: passed')
"""
from __future__ import annotations

import random

import ipywidgets as W

import truco
from truco.i18n import format_list
from ..language.i18n import N_, _

from ..classroom import session as classroom
from ..ui.common import button
from ..pages.links import LessonLinks, lesson_href, session_variant
from .model import Outcome, Step, stars as stars_for
from .record import TaskAnswers
from .runner import TaskPage, _task_class, default_progress, today
from .summary import header_html, stars_html

__all__ = ["Exam", "TOPICS", "exam"]

LESSON = "11_final_quiz"

# (task kind, options, the topic in words, the lesson that teaches it)
TOPICS = (
    ("rank", {}, N_("the card ranking"), "01_ranking"),
    ("manilhas", {}, N_("manilhas and the vira"), "02_manilhas"),
    ("trick", {}, N_("who wins a trick"), "03_tricks"),
    ("hand", {"ties": True}, N_("ties: who wins the hand"), "04_ties"),
    ("truco_answer", {}, N_("answering a Truco"), "05_raising"),
    ("special_hand", {}, N_("special hands"), "06_special_hands"),
    ("envido_count", {}, N_("counting envido (and flor)"), "07_envido_flor"),
)


def available_topics(variant) -> list[tuple]:
    """The topics whose task kind exists and can be asked in ``variant``."""
    found = []
    for kind, options, words, lesson in TOPICS:
        cls = _task_class(kind)
        try:
            if cls is not None and cls.applies(variant, **options):
                found.append((kind, options, words, lesson))
        except Exception:  # a kind that cannot judge this variant is left out
            continue
    return found


class Exam(TaskPage):
    """``questions`` questions in ``variant``; passed with ``pass_mark`` right answers.

    Plain-Python API: ``task``, ``answer(key)``, ``number`` (the question shown, from 0),
    ``right``, ``finished``, ``passed``, ``missed`` (the topics missed, in words)."""

    def __init__(self, variant=None, questions: int = 20, pass_mark: int | None = None,
                 progress=None, seed=None):
        super().__init__()
        self.variant = truco.variant(variant if variant is not None else session_variant())
        self.total = max(1, int(questions))
        self.pass_mark = min(self.total, int(pass_mark) if pass_mark is not None
                             else -(-self.total * 3 // 4))
        self.progress = progress if progress is not None else default_progress()
        self.seed = seed
        self.session = classroom.current()
        self._random = random.Random()
        self._answers = TaskAnswers(self.session, self.seed, self.say)
        self.header = W.HTML()
        self.text = W.HTML()
        self.task_box = W.Box(layout=W.Layout(display="flex", flex_flow="column"))
        self.summary = W.VBox()
        self.summary.add_class("tutor-summary")
        children = [self.header, self.feedback, self.text, self.task_box, self.summary]
        if getattr(self.progress, "widget", None) is not None:
            children.append(self.progress.widget)
        self._root(children).add_class("tutor-exam")
        self.topics = available_topics(self.variant)
        self._runs = 0
        self.start()

    def _seed(self, tag: str):
        if self.session is not None:
            return classroom.derive_seed(self.session.learner.class_code, LESSON, tag, self.seed)
        if self.seed is not None:
            return f"{self.seed}|{LESSON}|{tag}"
        return self._random.getrandbits(64)

    def start(self) -> None:
        """A new exam: the questions' kinds spread evenly over the topics, in a shuffled
        order."""
        self.finished = False
        self.right = 0
        self.number = -1
        self.results: list[tuple[tuple, bool]] = []
        self.task = None
        self.summary.children = ()
        self.summary.layout.display = "none"
        if not self.topics:
            self.finished = True
            self.say(_("No exam questions can be asked in {variant} yet.").format(
                variant=_(self.variant.title)), "info")
            return
        order = random.Random(self._seed(f"order-{self._runs}"))
        plan = [self.topics[i % len(self.topics)] for i in range(self.total)]
        order.shuffle(plan)
        self.plan = plan
        self._next()

    def _title(self) -> str:
        return _("Final exam: {variant}").format(variant=_(self.variant.title))

    def _next(self) -> None:
        self.number += 1
        if self.number >= self.total:
            self._finish()
            return
        kind, options, _words, _lesson = self.plan[self.number]
        self.header.value = header_html(
            self._title(), self.number + 1, self.total,
            counter=_("Question {n} of {total}").format(n=self.number + 1, total=self.total))
        if self.task is not None:
            self.task.close()
        rng = random.Random(self._seed(f"q-{self._runs}-{self.number}"))
        task = self.task = _task_class(kind)(self.variant, rng, worked=False, **options)
        self._ended = False
        task.on_outcome(lambda outcome: self._on_outcome(task, outcome))
        self._show_task(task)  # a click's feedback leaves first (TaskPage)

    def answer(self, key) -> Outcome | None:
        """A click on the current question."""
        if self.finished or self.task is None:
            self.say(_("The exam is over: press Take the exam again to start a new one."),
                     "error")
            return None
        return self.task.answer(key)

    def _on_outcome(self, task, outcome: Outcome) -> None:
        if task is not self.task or self.finished:
            return
        if outcome.slip or (outcome.right and not outcome.done):
            self.say(outcome.note or outcome.explanation, "info")
            return
        if self._ended:
            return
        self._ended = True
        problem = self._store(task, outcome)
        if problem:  # not saved: the same question again, not counted
            self.say(problem, "error")
            self.number -= 1
            self._next()
            return
        self.results.append((self.plan[self.number], outcome.right))
        # moving on: the verdict names its question, and the next one gets the focus
        more = self.number + 1 < self.total
        past = _("Question {n} of {total}:").format(n=self.number + 1, total=self.total) \
            if more else ""
        focus = self._tasks + 1 if more else 0
        self.right += outcome.right
        verdict = _("Right.") if outcome.right else _("Not quite.")
        self.say(outcome.explanation or verdict, "right" if outcome.right else "wrong",
                 past=past, focus=focus)
        self._next()

    def _store(self, task, outcome: Outcome) -> str | None:
        """In a class, one task is one stored answer (before the learner is told)."""
        return self._answers.store(self.plan[self.number][0], self.number, self.variant, task, outcome)

    @property
    def passed(self) -> bool:
        return self.finished and self.right >= self.pass_mark

    @property
    def missed(self) -> list[str]:
        seen = []
        for topic, right in self.results:
            if not right and _(topic[2]) not in seen:
                seen.append(_(topic[2]))
        return seen

    def _finish(self) -> None:
        self.finished = True
        if self.task is not None:
            self.task.close()
        self.task = None
        self.task_box.children = ()
        self.header.value = header_html(self._title(), self.total + 1, self.total,
                                        counter=_("Done"))
        mistakes = self.total - self.right
        stars = stars_for(mistakes)
        if self.passed:
            mark = _("{right} of {total}: passed").format(right=self.right, total=self.total)
        else:
            mark = _("{right} of {total}: not passed yet (the pass mark is {mark})").format(
                right=self.right, total=self.total, mark=self.pass_mark)
        lines = [f'<h3 class="tutor-exam-mark" style="margin:.3em 0">{_esc(mark)}</h3>']
        if self.passed:
            lines.append(stars_html(stars))
        if self.missed:
            lines.append("<p>" + _esc(_("To review: {topics}. They are in your review deck.")
                                      .format(topics=format_list(self.missed))) + "</p>")
        else:
            lines.append("<p>" + _esc(_("No topic to review: well done.")) + "</p>")
        self.summary_text = " ".join([mark, *self.missed])
        again = button(_("Take the exam again"), self.again, bench=True)  # bench/app.py
        again.add_class("tutor-again")
        home = LessonLinks([{"href": lesson_href("index"), "cls": "tutor-home",
                             "text": _("Back to the map")}], self.variant.name,
                           label=_("Go on"))
        self.summary.children = (W.HTML("".join(lines)), again, home)
        self.summary.layout.display = None
        # The learner sees the mark first; the review deck and the stars are written after
        # it, still within the last answer's handler (as the lesson runner writes progress).
        day = today()
        for (kind, options, _words, lesson), right in self.results:
            if not right:
                self.progress.miss(lesson, Step(kind, "", topic=kind, options=options), day)
        if self.passed:
            self.progress.finish(LESSON, stars)

    def again(self) -> None:
        self._runs += 1
        self.say(_("A new exam: good luck."), "info")
        self.start()


def _esc(text) -> str:
    from html import escape
    return escape(str(text))


def exam(variant=None, questions: int = 20, pass_mark: int | None = 15, seed=None) -> None:
    """Show the exam in ``variant`` (the learner's by default), with the lesson's footer."""
    from IPython.display import display

    from ..pages.links import footer
    display(Exam(variant=variant, questions=questions, pass_mark=pass_mark, seed=seed).widget)
    display(footer(LESSON))
