"""A live lesson, led by the teacher: what is asked and how the class answered, without widgets
(the views are :mod:`.live_views`, the stored state :mod:`.live_store`).

A plan names what is asked, ``"<kind>:<variant>:<players>"``: a quick set of tasks of one kind
(:data:`PLANS`), e.g. ten "who wins this trick?" in the class's variant. Question ``n`` of live
lesson ``id`` is dealt by the engine from a seed made of the class code, the lesson's number,
``n`` and the lesson's seed, so the projector and every learner's page, on any server, draw
the same deal without sending it.

>>> plan = parse_plan("trick:mineiro:2")
>>> plan.kind, plan.variant.name, plan.players
('trick', 'mineiro', 2)
>>> parse_plan("trick:nowhere:2")
Traceback (most recent call last):
...
ValueError: unknown live plan 'trick:nowhere:2'
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import truco
from ..language.i18n import N_, _
from ..steps.tasks import task_class
from .live_store import REVEALED, LiveState
from .session import derive_seed

__all__ = ["PLANS", "Plan", "parse_plan", "plan_text", "plan_words", "question_task", "Tally",
           "tally", "results", "QUESTIONS", "COUNTDOWNS"]

QUESTIONS = 10  # a quick set's length
COUNTDOWNS = (0, 20, 30, 60)  # seconds per question the teacher may set; 0: none (default)
# kind -> (the task's options, the set's name in words)
PLANS: dict[str, tuple[dict, str]] = {
    "trick": ({"tie": "maybe"}, N_("Who wins this trick?")),
}


@dataclass(frozen=True)
class Plan:
    kind: str
    variant: truco.Variant
    players: int


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
    options, _name = PLANS.get(plan.kind, (None, ""))
    if options is None or not task_class(kind).applies(plan.variant, players=plan.players,
                                                        **options):
        raise ValueError(f"unknown live plan {text!r}")
    return plan


def plan_words(text) -> str:
    """A plan in words, in the current language ("Who wins this trick? Truco Mineiro")."""
    plan = parse_plan(text)
    return _("{set} ({variant}, {n} players)").format(
        set=_(PLANS[plan.kind][1]), variant=_(plan.variant.title), n=plan.players)


def question_task(state: LiveState, n: int | None = None):
    """Question ``n`` (the current one by default) of a live lesson, as a task: the same deal
    on every page."""
    n = state.question if n is None else int(n)
    plan = parse_plan(state.plan)
    options, _name = PLANS[plan.kind]
    rng = random.Random(derive_seed(state.class_code, "live", f"{state.id}-{n}", state.seed))
    return task_class(plan.kind)(plan.variant, rng, players=plan.players, **options)


@dataclass(frozen=True)
class Tally:
    """How the class answered one question: ``bars`` are (answer key, count, right) for every
    answer on offer (those nobody gave included), in the task's order; ``answered`` how many
    learners answered, ``right`` how many of them rightly."""
    bars: tuple[tuple[str, int, bool], ...]
    answered: int
    right: int


def tally(task, answers) -> Tally:
    """``answers``: (learner id, name, question, answer, right) rows of one question."""
    counts: dict[str, int] = {}
    for row in answers:
        counts[row[3]] = counts.get(row[3], 0) + 1
    offered = list(offered_keys(task))
    offered += [k for k in counts if k not in offered]  # (none: a stored answer was offered)
    correct = set(task.correct)
    return Tally(tuple((k, counts.get(k, 0), k in correct) for k in offered),
                 len(answers), sum(1 for row in answers if row[4]))


def offered_keys(task) -> tuple[str, ...]:
    """The answers a question offers, in the order its view shows them."""
    return tuple([c.code for _s, c in task.plays] + ["tie"])


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
