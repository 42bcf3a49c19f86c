"""The compare task (lesson 10): one trick, two variants, both verdicts from the engine."""
import random

import pytest

import truco
from widgets.steps.tasks import task_class
from widgets.steps.tasks.compare import CompareTask, can_differ


def make(variant="mineiro", seed=0, **options):
    return CompareTask(truco.variant(variant), random.Random(seed), **options)


def test_registered_by_name():
    assert task_class("compare") is CompareTask


@pytest.mark.parametrize("name", truco.VARIANT_NAMES)
def test_right_wrong_and_the_engines_verdicts(name):
    v = truco.variant(name)
    assert CompareTask.applies(v)
    for seed in range(10):
        t = make(name, seed)
        a, b = t.cards
        mine = v.trick_verdict([(0, a), (1, b)], t.vira if v.uses_vira else None).winner
        theirs = t.other.trick_verdict([(0, a), (1, b)],
                                       t.vira if t.other.uses_vira else None).winner
        expected = {(True, True): "both", (True, False): "first", (False, True): "second",
                    (False, False): "neither"}[(mine == 0, theirs == 0)]
        assert t.right == expected
        out = t.answer(t.solution())
        assert out.right and out.done and _title(v) in out.explanation
        out = make(name, seed).answer(make(name, seed).wrong_answer())
        assert not out.right


def _title(v):
    return truco.i18n._(v.title)


def test_same_deck_first_and_never_a_twin():
    assert make("mineiro", 1).other.name == "paulista"
    assert make("uruguayo", 1).other.deck_name == "spanish40"
    assert not can_differ("plato", "argentino")
    for seed in range(10):
        assert make("plato", seed).other.name != "argentino"


def test_worked_deals_differ_and_show_the_answer():
    for seed in range(10):
        t = make("mineiro", seed, worked=True)
        assert t.right in ("first", "second")
        assert t.choices[t.right] in t.note.value


def test_prompt_gives_nothing_away():
    for seed in range(10):
        t = make("paulista", seed)
        assert "manilha" not in t.body.lower() and "Zap" not in t.body
        assert t.vira is not None and "Vira" in t.body


def test_forged_keys_refused_and_other_checked():
    t = make("truc", 2, other="truc-sackson")
    assert t.other.name == "truc-sackson"
    out = t.answer("second; drop table")
    assert not out.done and "not one of the choices" in t.message.value
    with pytest.raises(ValueError):
        make("truc", 2, other="argentino")


def test_name_question_in_words():
    t = make("mineiro", 3)
    words = CompareTask.name_question(truco.variant("mineiro"), t.item)
    assert "Truco Mineiro" in words and "Truco Paulista" in words and " of " in words
    assert CompareTask.name_question(truco.variant("mineiro"), "junk") == "junk"


# --- the lesson, driven to its end with the runner -----------------------------------------
from lesson_plans import plan_of as _plan, run_to_summary  # noqa: E402


@pytest.mark.parametrize("variant", ["mineiro", "truc", "uruguayo"])
def test_lesson_10_compare_runs_to_its_summary(variant):
    run_to_summary(_plan("10_compare"), variant)
