"""The step format every lesson shares: a lesson is a list of :class:`Step` values (data, in
the notebook's cells), each one idea in at most three short sentences and one task the engine
checks. A :class:`Task` is the engine-checked thing to do (click the winning card, find the
manilhas, answer this Truco ...); the lesson runner (:mod:`widgets.steps.runner`) shows the
steps one after the other, re-asks a missed task with a new deal of the same kind, keeps the
learner's :class:`Progress` and ends with a summary and stars.

>>> s = Step("trick", "The highest card takes the trick.", topic="highest_wins")
>>> s.kind_topic, s.applies_to("mineiro")
('trick:highest_wins', True)
>>> stars(0), stars(2), stars(3)
(3, 2, 1)
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .schedule import LEITNER_SPACING, missed, review

__all__ = ["Step", "Plan", "Outcome", "Task", "Progress", "MemoryProgress", "ReviewItem",
           "stars"]


def _frozen(mapping) -> Mapping:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class Step:
    """One step: ``task`` is a task kind (a key of :data:`widgets.steps.tasks.KINDS`),
    ``text`` the idea in at most three short sentences (English, marked with ``N_`` so the
    catalogs find it), ``topic`` the confusion a miss is reviewed under ("vira_next_rank",
    "tied_first_trick" ...; the task kind when empty), ``worked`` a worked example (the task
    shows the answer and its reason, and the learner does it), ``options`` the task's own
    parameters (``players=4``, ``tie=True`` ...), ``only`` the variants (names) it applies to
    (every variant when None)."""
    task: str
    text: str
    topic: str = ""
    worked: bool = False
    options: Mapping = field(default_factory=dict)
    only: tuple[str, ...] | None = None

    def __post_init__(self):
        object.__setattr__(self, "options", _frozen(self.options))
        if not self.topic:
            object.__setattr__(self, "topic", self.task)
        if self.only is not None:
            object.__setattr__(self, "only", tuple(self.only))

    @property
    def kind_topic(self) -> str:
        return f"{self.task}:{self.topic}"

    def applies_to(self, variant_name: str) -> bool:
        return self.only is None or variant_name in self.only


@dataclass(frozen=True)
class Plan:
    """A lesson's steps and its summary: ``summary`` holds the rules learned, one line each
    (English, ``N_``-marked)."""
    lesson: str
    steps: tuple[Step, ...]
    summary: tuple[str, ...] = ()

    def __post_init__(self):
        object.__setattr__(self, "steps", tuple(self.steps))
        object.__setattr__(self, "summary", tuple(self.summary))


@dataclass(frozen=True)
class Outcome:
    """What a task reports after an answer. ``right``: the answer was right; ``done``: the
    task is over (the runner moves on when right and done; when wrong, it re-asks with a new
    deal of the same kind). A right answer that is not the end (one manilha of four found)
    is ``right=True, done=False``. ``slip`` marks a wrong pick that is only noted (progress
    with a note, not a red cross): the task goes on and counts as one mistake only if the
    step then needs it. ``explanation``: the engine's words, translated. ``answer`` and
    ``correct``: codes (card codes, answer keys) for the class record and review."""
    right: bool
    done: bool
    explanation: str
    note: str = ""
    answer: str = ""
    correct: str = ""
    slip: bool = False


class Task:
    """Base of an engine-checked task. A subclass sets ``kind``, builds ``self.view`` (an
    ipywidget) in ``__init__`` from ``variant`` (a :class:`truco.Variant`), ``rng`` (a
    :class:`random.Random`: the deal) and its ``options``, and calls ``self.report(outcome)``
    when the learner answers (a click calls :meth:`answer` with an answer key). Everything the
    answer is checked against stays in Python.

    ``item``: the deal as codes (stored for the class and for review); ``question``: the
    question in words, for the teacher's page. :meth:`solution` and :meth:`wrong_answer`
    give answer keys for tests that drive a lesson in plain Python."""

    kind = ""
    # Whether the view's buttons are answers (the app benchmark clicks the first one); a task
    # played at a table, whose first button is the coach, says no.
    buttons_answer = True

    def __init__(self, variant, rng: random.Random, *, worked: bool = False, **options):
        self.variant = variant
        self.rng = rng
        self.worked = worked
        self.options = dict(options)
        self._listeners: list[Callable[[Outcome], object]] = []
        self.view = None
        self.item = ""
        self.question = ""

    @classmethod
    def applies(cls, variant, **options) -> bool:
        """Whether this kind of task can be asked in ``variant`` (a manilha task in a variant
        with none cannot)."""
        return True

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        """The question of a stored ``item`` named in words ("Who wins the trick: 6 of
        diamonds against queen of clubs"), for the teacher's page."""
        return item

    def on_outcome(self, fn: Callable[[Outcome], object]) -> None:
        self._listeners.append(fn)

    def report(self, outcome: Outcome, then: Callable[[], object] | None = None) -> Outcome:
        """Tell the listeners (the page: its feedback); then ``then()``, the task's own
        redrawing, unless a listener closed the task (the page moved on to the next one):
        the learner's feedback is worked out and sent before the task is drawn again."""
        for fn in list(self._listeners):
            fn(outcome)
        if then is not None and not self.closed:
            then()
        return outcome

    @property
    def closed(self) -> bool:
        """Whether the task's view is closed (the page replaced it)."""
        return self.view is not None and getattr(self.view, "comm", None) is None

    def answer(self, key: str) -> Outcome:  # pragma: no cover - every task defines it
        """Answer with ``key`` (what a click sends): checks it with the engine and reports."""
        raise NotImplementedError

    def solution(self) -> str:  # pragma: no cover - every task defines it
        """An answer key that is right now (for tests)."""
        raise NotImplementedError

    def wrong_answer(self) -> str:  # pragma: no cover - every task defines it
        """An answer key that is wrong now (for tests)."""
        raise NotImplementedError

    def close(self) -> None:
        def walk(w):
            for child in getattr(w, "children", ()):
                walk(child)
            w.close()
        if self.view is not None:
            walk(self.view)


def stars(mistakes: int) -> int:
    """Stars for a lesson: 3 without a mistake, 2 with one or two, 1 with more."""
    return 3 if mistakes == 0 else 2 if mistakes <= 2 else 1


@dataclass(frozen=True)
class ReviewItem:
    """A missed kind of task in the review deck: asked again (a new deal of the same kind, or
    for a puzzle the same position) when ``due`` (a day number,
    :meth:`datetime.date.toordinal`) has come. ``card``: its FSRS card (JSON,
    :mod:`widgets.steps.schedule`), None for an item stored before FSRS; ``box``: its right
    reviews in a row (before FSRS: its Leitner box)."""
    lesson: str
    task: str
    topic: str
    options: Mapping
    box: int
    due: int
    card: str | None = None

    def step(self, text: str = "") -> Step:
        return Step(self.task, text, topic=self.topic, options=self.options)


class Progress:
    """One learner's progress. The runner and the progress map use only this interface;
    :class:`MemoryProgress` keeps it in memory (a page whose browser gave no id), the stored
    one (:mod:`widgets.steps.progress`) in the classroom store.

    A stored progress may learn who the learner is only after the page is drawn (the browser
    sends its anonymous id): ``widget`` is then a (hidden) widget the page must display, and
    :meth:`when_ready` calls back once the learner's stored progress is loaded (at once when
    it already is). A runner draws its first step, then resumes where the learner was."""

    widget = None  # a widget to display on the page (the browser's id), or None

    def when_ready(self, fn: Callable[[], object]) -> None:
        fn()

    def passed(self, lesson: str) -> dict[int, int]:
        """{step index: mistakes made on it} for every step passed."""
        raise NotImplementedError

    def pass_step(self, lesson: str, index: int, mistakes: int) -> None:
        raise NotImplementedError

    def stars(self, lesson: str) -> int | None:
        """The stars of a finished lesson (the best earned), None before it is finished."""
        raise NotImplementedError

    def finish(self, lesson: str, stars: int) -> None:
        raise NotImplementedError

    def miss(self, lesson: str, step: Step, today: int) -> None:
        """A missed task: its kind and topic go (back) into the deck, due on ``today + 1``."""
        raise NotImplementedError

    def add_skill(self, source: str, theme: str, tried: int, good: int, lost: float) -> None:
        """Count decisions of ``theme`` (``source`` "hand": at the table; "puzzle")."""
        raise NotImplementedError

    def skills(self) -> dict[tuple[str, str], tuple[int, int, float]]:
        """{(source, theme): (tried, good, points lost)}."""
        raise NotImplementedError

    def due(self, today: int) -> list[ReviewItem]:
        raise NotImplementedError

    def reviewed(self, item: ReviewItem, right: bool, today: int) -> None:
        raise NotImplementedError

    def forget(self) -> None:
        """Start over: everything of this learner is forgotten."""
        raise NotImplementedError


SPACING = LEITNER_SPACING  # the Leitner boxes' days before FSRS (items stored then migrate)


class MemoryProgress(Progress):
    """Progress kept in memory only.

    >>> p = MemoryProgress()
    >>> p.pass_step("01_ranking", 0, 1); p.passed("01_ranking")
    {0: 1}
    >>> p.miss("03_tricks", Step("trick", "t", topic="tie"), today=100)
    >>> [i.due for i in p.due(100)], [i.topic for i in p.due(101)]
    ([], ['tie'])
    >>> p.reviewed(p.due(101)[0], True, today=101); [i.due for i in p.due(200)]
    [102]
    """

    def __init__(self):
        self._passed: dict[str, dict[int, int]] = {}
        self._stars: dict[str, int] = {}
        self._deck: dict[tuple[str, str], ReviewItem] = {}
        self._skills: dict[tuple[str, str], tuple[int, int, float]] = {}

    def passed(self, lesson):
        return dict(self._passed.get(lesson, {}))

    def pass_step(self, lesson, index, mistakes):
        self._passed.setdefault(lesson, {}).setdefault(index, mistakes)

    def stars(self, lesson):
        return self._stars.get(lesson)

    def finish(self, lesson, stars):
        self._stars[lesson] = max(stars, self._stars.get(lesson, 0))

    def miss(self, lesson, step, today):
        card, box, due = missed(today)
        self._deck[(step.task, step.topic)] = ReviewItem(lesson, step.task, step.topic,
                                                        step.options, box, due, card)

    def due(self, today):
        return sorted((i for i in self._deck.values() if i.due <= today),
                      key=lambda i: (i.due, i.lesson, i.topic))

    def reviewed(self, item, right, today):
        card, box, due = review(item.card, item.box, item.due, right=right, today=today)
        self._deck[(item.task, item.topic)] = ReviewItem(item.lesson, item.task, item.topic,
                                                         item.options, box, due, card)

    def add_skill(self, source, theme, tried, good, lost):
        t, g, x = self._skills.get((source, theme), (0, 0, 0.0))
        self._skills[(source, theme)] = (t + int(tried), g + int(good), x + float(lost))

    def skills(self):
        return dict(self._skills)

    def forget(self):
        self._passed.clear()
        self._stars.clear()
        self._deck.clear()
        self._skills.clear()
