"""The truco_answer task (lesson 05) driven in plain Python, and lesson 05 to its end."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import truco
from widgets.steps import MemoryProgress
from widgets.steps.runner import StepRunner
from widgets.steps.tasks import task_class
from widgets.steps.tasks.raising import TrucoTask

LESSONS = Path(__file__).resolve().parents[4] / "lessons"


from lesson_plans import drive, plan_and_variant as load_plan  # noqa: E402,F401


def outcomes(task):
    got = []
    task.on_outcome(got.append)
    return got


def test_the_kind_is_registered():
    assert task_class("truco_answer") is TrucoTask


@pytest.mark.parametrize("name", truco.VARIANT_NAMES)
def test_accept_is_worth_the_rung_called(name):
    v = truco.variant(name)
    for rung in range(1, len(v.ladder) + 1):
        t = TrucoTask(v, random.Random(rung), rung=rung, ask="accept")
        assert t.solution() == f"n:{v.ladder[rung - 1][1]}"
        assert t.game.pending_raise == (1, v.ladder[rung - 1][1])
        got = outcomes(t)
        out = t.answer(t.solution())
        assert out.right and out.done and got == [out]


@pytest.mark.parametrize("name", ["mineiro", "paulista", "argentino", "truc"])
def test_refuse_gives_the_value_before_the_raise(name):
    v = truco.variant(name)
    for rung in (1, 2):
        t = TrucoTask(v, random.Random(7), rung=rung, ask="refuse")
        value = v.ladder[rung - 1][1]
        assert t.solution() == f"n:{v.value_before(value)}"
        out = t.answer(t.wrong_answer())
        assert not out.right and out.done and "score" in out.explanation


def test_raise_names_the_next_rung_or_says_no_at_the_top():
    v = truco.variant("argentino")
    t = TrucoTask(v, random.Random(1), rung=1, ask="raise")
    assert t.solution() == "n:3"
    top = TrucoTask(v, random.Random(1), rung=3, ask="raise")
    assert top.solution() == "none" and "top of the ladder" in top.why


def test_answer_a_call_then_its_value():
    v = truco.variant("mineiro")
    t = TrucoTask(v, random.Random(3), ask="answer")
    got = outcomes(t)
    first = t.answer("accept")
    assert first.right and not first.done
    assert t.solution() == "n:4"
    last = t.answer("n:4")
    assert last.right and last.done and got == [first, last]


def test_playing_a_card_before_answering_is_wrong_with_the_engines_reason():
    t = TrucoTask(truco.variant("paulista"), random.Random(2), ask="answer")
    out = t.answer(t.wrong_answer())
    assert not out.right and out.done and "answered first" in out.explanation


def test_a_raise_at_the_top_is_not_allowed():
    t = TrucoTask(truco.variant("plato"), random.Random(2), rung=2, ask="answer")
    out = t.answer("raise")
    assert not out.right and out.done and "Not allowed" in out.explanation


def test_forged_and_late_keys_are_refused_with_a_message():
    t = TrucoTask(truco.variant("mineiro"), random.Random(1), ask="accept")
    got = outcomes(t)
    for key in ("n:99", "", None, 4, "x" * 200):
        out = t.answer(key)
        assert not out.right and not out.done and t.last_error
    assert not t.buttons.click("n:99") and got == []
    t.answer(t.solution())
    late = t.answer(t.solution())
    assert "already answered" in late.explanation and len(got) == 1


def test_a_worked_example_shows_the_answer_and_its_reason():
    t = TrucoTask(truco.variant("mineiro"), random.Random(1), ask="accept", worked=True)
    assert "The answer: 4." in t.note.value and "accepts" in t.note.value
    assert t.buttons.buttons[t.solution()].button_style == "info"
    plain = TrucoTask(truco.variant("mineiro"), random.Random(1), ask="accept")
    assert plain.note.value == ""


def test_the_cards_are_on_the_table_and_not_playable():
    t = TrucoTask(truco.variant("mineiro"), random.Random(1), ask="accept")
    assert len(t.table.row.items) == 3 and t.table.row.offered == frozenset()
    assert t.table.buttons.box.layout.display == "none"


def test_applies_and_names_the_question_in_words():
    assert TrucoTask.applies(truco.variant("plato"), rung=2)
    assert not TrucoTask.applies(truco.variant("plato"), rung=3)
    v = truco.variant("mineiro")
    t = TrucoTask(v, random.Random(1), ask="refuse")
    words = TrucoTask.name_question(v, t.item)
    assert "Truco" in words and "refuse" in words
    assert all(code not in words.split() for code in t.game.observation(0).hand)


def test_lesson_05_runs_to_its_end_in_every_variant():
    plan, variant = load_plan("05_raising")
    assert variant is None and 3 <= len(plan.steps) <= 10 and plan.steps[0].worked
    for name in truco.VARIANT_NAMES:
        runner = drive(plan, name)
        assert runner.finished and runner.mistakes == 1 and runner.stars == 2
