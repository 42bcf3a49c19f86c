"""The muestra task (lesson 13) in plain Python, and lesson 13 to its end."""
from __future__ import annotations

import random

import truco
from widgets.steps.tasks import task_class
from widgets.steps.tasks.muestra import MuestraTask

from test_task_raising import drive, load_plan, outcomes

V = truco.variant("uruguayo")


def test_the_kind_is_registered_and_applies_in_uruguay_only():
    assert task_class("muestra") is MuestraTask
    assert [n for n in truco.VARIANT_NAMES if MuestraTask.applies(truco.variant(n))] == \
        ["uruguayo"]


def test_the_piezas_are_the_engines_and_all_must_be_found():
    for seed in range(20):
        t = MuestraTask(V, random.Random(seed), ask="piezas")
        ranking = V.ranking(t.muestra)
        assert {c for c in t.targets} == {c for c in V.manilhas(t.muestra)
                                          if ranking.kind[c.id] == "pieza"}
        assert len(t.targets) == 5 and t.muestra not in t.shown
        got = outcomes(t)
        for _k in range(5):
            out = t.answer(t.solution())
        assert out.right and out.done and len(got) == 5
        assert [o.done for o in got] == [False] * 4 + [True]


def test_one_slip_is_a_note_the_second_a_miss():
    t = MuestraTask(V, random.Random(3), ask="matas")
    first = t.answer(t.wrong_answer())
    assert first.slip and not first.done and first.note
    second = t.answer(t.wrong_answer())
    assert not second.right and second.done


def test_order_goes_from_the_strongest():
    t = MuestraTask(V, random.Random(4), ask="order")
    assert t.targets == [c for c in V.manilhas(t.muestra) if V.ranking(t.muestra).kind[c.id]
                         == "pieza"]
    out = t.answer(t.wrong_answer())
    assert not out.right and out.done and " > " in out.explanation


def test_the_trick_winner_is_the_engines():
    for seed in range(20):
        t = MuestraTask(V, random.Random(seed), ask="trick")
        a, b = t.shown
        winner = a if V.compare(a, b, vira=t.muestra) > 0 else b
        assert t.solution() == winner.code
        assert t.answer(t.solution()).explanation == t.verdict.explain()


def test_cards_are_named_plainly_and_forged_picks_are_refused():
    t = MuestraTask(V, random.Random(2), ask="piezas")
    assert not any("pieza" in i["label"] or "(" in i["label"].replace("(10)", "")
                   .replace("(11)", "").replace("(12)", "") for i in t.row.items)
    got = outcomes(t)
    assert not t.answer("zz").right and t.last_error
    hidden = next(c.code for c in V.deck if c not in t.shown)
    assert not t.row.pick(hidden) and got == []
    t.row._on_custom_msg(t.row, {"type": "pick", "code": 5}, [])
    assert t.row.last_rejected and got == []


def test_worked_examples_and_names():
    t = MuestraTask(V, random.Random(1), ask="piezas", worked=True)
    assert "piezas from the strongest" in t.note.value
    words = MuestraTask.name_question(V, t.item)
    assert words.startswith("Muestra ") and "pieza" in words


def test_lesson_13_runs_to_its_end_in_uruguay():
    plan, variant = load_plan("13_uruguay")
    assert variant == "uruguayo" and 3 <= len(plan.steps) <= 10 and plan.steps[0].worked
    runner = drive(plan, variant)
    assert runner.finished and runner.stars == 3  # the first miss was a slip, noted
