"""The special_hand task (lesson 06) driven in plain Python, and lesson 06 to its end."""
from __future__ import annotations

import random

import pytest

import truco
from widgets.steps.tasks import task_class
from widgets.steps.tasks.special import SpecialHandTask

from test_task_raising import drive, load_plan, outcomes


def test_the_kind_is_registered_and_applies_where_the_variant_has_special_hands():
    assert task_class("special_hand") is SpecialHandTask
    has = [n for n in truco.VARIANT_NAMES if SpecialHandTask.applies(truco.variant(n))]
    assert has == ["mineiro", "paulista"]
    assert not SpecialHandTask.applies(truco.variant("mineiro"), ask="nonsense")


@pytest.mark.parametrize("name", ["mineiro", "paulista"])
def test_worth_and_run_are_the_variants_values(name):
    v = truco.variant(name)
    worth = SpecialHandTask(v, random.Random(1), ask="worth")
    assert worth.solution() == f"n:{v.hand_of_value}" and worth.score[0] == v.hand_of
    run = SpecialHandTask(v, random.Random(1), ask="run")
    assert run.solution() == f"n:{v.hand_of_refused}"
    out = run.answer(run.wrong_answer())
    assert not out.right and out.done and "runs" in out.explanation


def test_may_you_call_truco_follows_the_score():
    v = truco.variant("mineiro")
    seen = set()
    for seed in range(40):
        t = SpecialHandTask(v, random.Random(seed), ask="truco")
        special = max(t.score) >= v.hand_of
        assert t.solution() == ("no" if special else "yes"), t.score
        seen.add(t.solution())
    assert seen == {"yes", "no"}


def test_partner_cards_only_for_the_side_at_its_hand():
    v = truco.variant("paulista")
    for seed in range(10):
        t = SpecialHandTask(v, random.Random(seed), ask="partner")
        assert len(t.game.dealt) == 4
        assert t.solution() == ("yes" if t.score[0] == v.hand_of else "no")
        assert t.table.widget.layout.display == "none"  # the table would show the answer
        t.answer(t.solution())
        assert t.table.widget.layout.display is None


def test_the_iron_hand_is_blind_in_paulista_only():
    assert SpecialHandTask(truco.variant("paulista"), random.Random(1),
                           ask="blind").solution() == "no"
    assert SpecialHandTask(truco.variant("mineiro"), random.Random(1),
                           ask="blind").solution() == "yes"


def test_forged_keys_worked_and_names():
    v = truco.variant("mineiro")
    t = SpecialHandTask(v, random.Random(1), ask="worth", worked=True)
    got = outcomes(t)
    assert "The answer: 4." in t.note.value
    assert not t.answer("n:77").right and t.last_error and got == []
    assert t.answer(t.solution()).right and len(got) == 1
    words = SpecialHandTask.name_question(v, t.item)
    assert "10 to" in words and "worth" in words


def test_lesson_06_runs_to_its_end_in_mineiro_and_paulista():
    plan, variant = load_plan("06_special_hands")
    assert 3 <= len(plan.steps) <= 10 and plan.steps[0].worked
    for name in ("mineiro", "paulista"):
        runner = drive(plan, name)
        assert runner.finished and runner.stars == 2
