"""The envido_count and envido_bet tasks (lessons 07, 13) in plain Python, lesson 07 to its end."""
from __future__ import annotations

import random

import pytest

import truco
from widgets.steps.tasks import task_class
from widgets.steps.tasks.envido import EnvidoCountTask
from widgets.steps.tasks.envido_bet import EnvidoBetTask

from test_task_raising import drive, load_plan, outcomes


def test_kinds_are_registered_and_apply_where_the_variant_has_envido():
    assert task_class("envido_count") is EnvidoCountTask
    assert task_class("envido_bet") is EnvidoBetTask
    for cls in (EnvidoCountTask, EnvidoBetTask):
        assert [n for n in truco.VARIANT_NAMES if cls.applies(truco.variant(n))] == \
            ["argentino", "uruguayo"]
    assert not EnvidoCountTask.applies(truco.variant("argentino"), flor=True)
    assert EnvidoCountTask.applies(truco.variant("argentino", flor=True), flor=True)
    assert not EnvidoCountTask.applies(truco.variant("argentino"), piezas=True)
    assert EnvidoCountTask.applies(truco.variant("uruguayo"), piezas=True, flor=True)


@pytest.mark.parametrize("options", [{}, {"case": "same_suit"}, {"case": "highest"},
                                     {"flor": True}, {"piezas": True},
                                     {"piezas": True, "flor": True}])
def test_counts_are_the_engines(options):
    v = truco.variant("uruguayo")
    for seed in range(15):
        t = EnvidoCountTask(v, random.Random(seed), **options)
        muestra = t.muestra.code
        if options.get("flor"):
            points = truco.flor(t.cards, muestra=muestra)
        else:
            points = truco.envido(t.cards, muestra=muestra)
        assert t.solution() == f"n:{points}" and len(t.choices) == 4
        with_pieza = t.verdict.reason in ("pieza", "flor_pieza")
        assert with_pieza == bool(options.get("piezas"))
        assert not t.answer(t.wrong_answer()).right


def test_the_explanation_names_the_cards_counted_and_the_rule():
    t = EnvidoCountTask(truco.variant("argentino"), random.Random(3), case="same_suit")
    out = t.answer(t.solution())
    assert out.right and out.done
    assert "of one suit" in out.explanation and "Rule:" in out.explanation
    assert all(c.name() in out.explanation for c in t.verdict.cards)


def test_cards_are_named_plainly_and_a_worked_example_marks_the_counted_ones():
    t = EnvidoCountTask(truco.variant("uruguayo"), random.Random(1), piezas=True)
    assert not any("pieza" in item["label"] for item in t.row.items)
    w = EnvidoCountTask(truco.variant("uruguayo"), random.Random(1), piezas=True, worked=True)
    assert "The answer:" in w.note.value


def test_count_refuses_forged_keys_and_names_the_question():
    v = truco.variant("uruguayo")
    t = EnvidoCountTask(v, random.Random(2))
    got = outcomes(t)
    assert not t.answer("n:500").right and t.last_error and got == []
    assert not t.row.pick(t.cards[0].code)  # the cards are not answers
    words = EnvidoCountTask.name_question(v, t.item)
    assert words.startswith("Count the envido of") and "muestra" in words


@pytest.mark.parametrize("bet", ["envido", "real envido", "falta envido"])
def test_a_refused_call_scores_what_the_engine_says(bet):
    v = truco.variant("argentino")
    t = EnvidoBetTask(v, random.Random(5), bet=bet, ask="refuse")
    game = t.game.copy()
    event = game.apply("no quiero", player=0)
    assert event.verdict.winner == 1 and event.verdict.points == 1
    assert t.solution() == "them:1"


def test_an_accepted_envido_scores_its_stake_to_the_better_envido():
    v = truco.variant("argentino")
    for seed in range(10):
        t = EnvidoBetTask(v, random.Random(seed), bet="real envido", ask="accept")
        mine, theirs = (truco.envido(h) for h in t.game.dealt)
        who = "you" if mine > theirs else "them"  # a tie goes to the mano, the opponent
        assert t.solution() == f"{who}:3"
        assert "declares" in t.said.value


def test_envido_then_real_envido_is_5_accepted_and_2_refused():
    v = truco.variant("argentino")
    seen = set()
    for seed in range(12):
        t = EnvidoBetTask(v, random.Random(seed), bet="envido", ask="answer")
        assert t.answer("real envido").right
        points = int(t.solution().split(":")[1])
        seen.add((t.solution().split(":")[0], points))
        assert points == (5 if "Quiero" in t.said.value and "No quiero" not in t.said.value
                          else 2)
    assert {p for _w, p in seen} == {2, 5}


def test_answers_out_of_turn_or_out_of_order_are_wrong_with_a_reason():
    v = truco.variant("argentino")
    t = EnvidoBetTask(v, random.Random(1), bet="real envido", ask="answer")
    out = t.answer("envido")
    assert not out.right and out.done and "Not allowed" in out.explanation
    t = EnvidoBetTask(v, random.Random(1), bet="envido", ask="answer")
    out = t.answer(t.wrong_answer())
    assert not out.right and "answered first" in out.explanation


def test_bet_refuses_forged_keys_and_names_the_question():
    v = truco.variant("uruguayo")
    t = EnvidoBetTask(v, random.Random(1), bet="falta envido", ask="accept")
    got = outcomes(t)
    assert not t.buttons.click("you:99") and got == []
    assert not t.answer({"key": 1}).right and t.last_error
    words = EnvidoBetTask.name_question(v, t.item)
    assert "Falta envido" in words and "quiero" in words


def test_lesson_07_runs_to_its_end():
    plan, variant = load_plan("07_envido_flor")
    assert 3 <= len(plan.steps) <= 10 and plan.steps[0].worked
    for name in ("argentino", "uruguayo"):
        runner = drive(plan, name)
        assert runner.finished and runner.stars == 2
