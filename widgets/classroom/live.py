"""A live lesson, led by the teacher: what is asked and how the class answered, without widgets
(the views are :mod:`.live_views`, the stored state :mod:`.live_store`).

A plan names what is asked, ``"<kind>:<variant>:<players>"``: a quick set of tasks of one kind
(:data:`PLANS`), e.g. ten "who wins this trick?" in the class's variant, or a lesson's steps
(``kind`` the lesson's name: one question per step that has one answer, in the lesson's
order, with the step's idea above it). Question ``n`` of live lesson ``id`` is dealt by the
engine from a seed made of the class code, the lesson's number, ``n`` and the lesson's seed,
so the projector and every learner's page, on any server, draw the same deal without
sending it.

>>> plan = parse_plan("trick:mineiro:2")
>>> plan.kind, plan.variant.name, plan.players, plan_questions(plan)
('trick', 'mineiro', 2, 10)
>>> lesson = parse_plan("03_tricks:mineiro:2")
>>> lesson.lesson, plan_questions(lesson), [s.task for s in lesson.steps][:3]
(True, 7, ['trick', 'trick', 'trick'])
>>> parse_plan("trick:nowhere:2")
Traceback (most recent call last):
...
ValueError: unknown live plan 'trick:nowhere:2'
>>> parse_plan("09_play:mineiro:2")  # a lesson without a question of one answer
Traceback (most recent call last):
...
ValueError: unknown live plan '09_play:mineiro:2'
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import truco
from ..language.i18n import N_, _
from ..steps.lesson_steps import ONE_ANSWER_KINDS, one_answer_steps
from ..steps.tasks import task_class
from .live_store import REVEALED, LiveState
from .session import derive_seed
from .stats import answer_words, lesson_name

__all__ = ["PLANS", "Plan", "parse_plan", "plan_text", "plan_words", "plan_questions",
           "question_task", "question_step", "answer_label", "key_outcome", "Tally", "tally",
           "results", "QUESTIONS", "COUNTDOWNS", "LIVE_KINDS", "LIVE_LESSONS"]

QUESTIONS = 10  # a quick set's length
COUNTDOWNS = (0, 20, 30, 60)  # seconds per question the teacher may set; 0: none (default)
# kind -> (the task's options, the set's name in words)
PLANS: dict[str, tuple[dict, str]] = {
    "trick": ({"tie": "maybe"}, N_("Who wins this trick?")),
}
LIVE_KINDS = ONE_ANSWER_KINDS  # the kinds of step a live lesson asks
# The lessons a teacher may run live, in the order of the learners' path.
LIVE_LESSONS = ("01_ranking", "02_manilhas", "03_tricks", "04_ties", "05_raising",
                "06_special_hands", "07_envido_flor", "13_uruguay", "08_truc", "10_compare",
                "12_odds")


@dataclass(frozen=True)
class Plan:
    kind: str
    variant: truco.Variant
    players: int

    @property
    def lesson(self) -> bool:
        """Whether the plan is a lesson's steps (else a quick set)."""
        return self.kind in LIVE_LESSONS

    @property
    def steps(self) -> tuple:
        """A lesson's steps asked live in this variant (none for a quick set)."""
        if not self.lesson:
            return ()
        return one_answer_steps(self.kind, self.variant)


def plan_text(kind: str, variant: str, players: int = 2) -> str:
    """The stored plan, checked: ``plan_text("trick", "paulista")`` is "trick:paulista:2"."""
    text = f"{kind}:{variant}:{int(players)}"
    parse_plan(text)
    return text


def parse_plan(text) -> Plan:
    try:
        kind, name, players = str(text).split(":")
        plan = Plan(kind, truco.variant(name), int(players))
    except (ValueError, KeyError, TypeError):
        raise ValueError(f"unknown live plan {text!r}") from None
    if plan.lesson:
        if not plan.steps:
            raise ValueError(f"unknown live plan {text!r}")
        return plan
    options, _name = PLANS.get(plan.kind, (None, ""))
    if options is None or not task_class(kind).applies(plan.variant, players=plan.players,
                                                        **options):
        raise ValueError(f"unknown live plan {text!r}")
    return plan


def plan_questions(plan: Plan) -> int:
    """How many questions the plan asks: a lesson one per step, a quick set :data:`QUESTIONS`."""
    return len(plan.steps) if plan.lesson else QUESTIONS


def plan_words(text, variant: bool = True) -> str:
    """A plan in words, in the current language ("Who wins this trick? (Truco Mineiro, 2
    players)", "Lesson: 3. Tricks and hands (Truco Mineiro)"); without the variant when
    ``variant`` is false (a list of plans in one variant)."""
    plan = parse_plan(text)
    title = _(plan.variant.title)
    if plan.lesson:
        name = lesson_name(plan.kind)
        return _("Lesson: {lesson} ({variant})").format(lesson=name, variant=title) \
            if variant else _("Lesson: {lesson}").format(lesson=name)
    if not variant:
        return _("{set} ({n} players)").format(set=_(PLANS[plan.kind][1]), n=plan.players)
    return _("{set} ({variant}, {n} players)").format(
        set=_(PLANS[plan.kind][1]), variant=title, n=plan.players)


def question_step(state: LiveState, n: int | None = None):
    """The lesson's step asked as question ``n`` (None in a quick set)."""
    plan = parse_plan(state.plan)
    n = state.question if n is None else int(n)
    return plan.steps[n - 1] if plan.lesson and 1 <= n <= len(plan.steps) else None


def question_task(state: LiveState, n: int | None = None):
    """Question ``n`` (the current one by default) of a live lesson, as a task: the same deal
    on every page."""
    n = state.question if n is None else int(n)
    plan = parse_plan(state.plan)
    rng = random.Random(derive_seed(state.class_code, "live", f"{state.id}-{n}", state.seed))
    step = question_step(state, n)
    if step is not None:
        return task_class(step.task)(plan.variant, rng, **step.options)
    options, _name = PLANS[plan.kind]
    return task_class(plan.kind)(plan.variant, rng, players=plan.players, **options)


def key_outcome(state: LiveState, n: int | None = None, answer: str | None = None):
    """The engine's verdict on ``answer`` to question ``n`` (the right answer by default), on
    a copy of the question nobody sees: its ``correct`` keys and ``explanation``."""
    task = question_task(state, n)
    try:
        return task.answer(task.solution() if answer is None else answer)
    finally:
        task.view.close()


def answer_label(task, key: str) -> str:
    """An answer key in words, as the question's own buttons say it ("Accept", "1 in 4"), or
    a card, a team or a tie named (:func:`.stats.answer_words`)."""
    choices = getattr(task, "choices", None)
    if isinstance(choices, dict) and key in choices:
        return str(choices[key])
    buttons = getattr(getattr(task, "buttons", None), "buttons", {})
    if key in buttons and buttons[key].description:
        return str(buttons[key].description)
    return answer_words(task.variant.name, key, stored_prompt(task))


def stored_prompt(task) -> str:
    """The question as stored with each answer: a trick's vira and cards ("3s|4c 7h", as the
    class records keep tricks), any other task's item."""
    plays = getattr(task, "plays", None)
    if task.kind != "trick" or plays is None:
        return str(task.item)
    codes = " ".join(c.code for _s, c in plays)
    return f"{task.vira.code}|{codes}" if task.vira is not None else codes


@dataclass(frozen=True)
class Tally:
    """How the class answered one question: ``bars`` are (answer key, count, right) for every
    answer on offer (those nobody gave included), in the task's order; ``answered`` how many
    learners answered, ``right`` how many of them rightly."""
    bars: tuple[tuple[str, int, bool], ...]
    answered: int
    right: int


def tally(task, answers, correct=None) -> Tally:
    """``answers``: (learner id, name, question, answer, right) rows of one question;
    ``correct``: the right answer keys (the task's own when None)."""
    counts: dict[str, int] = {}
    for row in answers:
        counts[row[3]] = counts.get(row[3], 0) + 1
    if correct is None:
        correct = getattr(task, "correct", ())
    correct = {correct} if isinstance(correct, str) else set(correct)
    offered = list(offered_keys(task)) or sorted(correct)
    offered += [k for k in counts if k not in offered]  # (none: a stored answer was offered)
    return Tally(tuple((k, counts.get(k, 0), k in correct) for k in offered),
                 len(answers), sum(1 for row in answers if row[4]))


def offered_keys(task) -> tuple[str, ...]:
    """The answers a question offers, in the order its view shows them (the cards and Tie,
    the choices, the buttons; none known: an empty tuple)."""
    if task.kind == "trick":
        return tuple([c.code for _s, c in task.plays] + ["tie"])
    if task.kind == "rank":
        return tuple([c.code for c in task.cards] + ["tie"])
    choices = getattr(task, "choices", None)
    if isinstance(choices, dict):
        return tuple(choices)
    buttons = getattr(task, "buttons", None)
    if buttons is not None and getattr(buttons, "offered", None):
        return tuple(k for k in buttons.buttons if k in buttons.offered)
    return ()


def results(state: LiveState, answers, learners) -> tuple[list, list]:
    """The class's results per question (n, answered, right) and per learner (name, right,
    answered), from every answer of the lesson; ``learners``: (id, name, ...) of the class.
    Questions not reached yet are left out."""
    reached = state.question if state.state == REVEALED or state.ended is not None \
        else state.question - 1
    per_question = []
    for n in range(1, reached + 1):
        rows = [a for a in answers if a[2] == n]
        per_question.append((n, len(rows), sum(1 for a in rows if a[4])))
    per_learner = []
    for learner in learners:
        rows = [a for a in answers if a[0] == learner[0] and a[2] <= reached]
        per_learner.append((learner[1], sum(1 for a in rows if a[4]), len(rows)))
    per_learner.sort(key=lambda r: (-r[1], r[0]))
    return per_question, per_learner
