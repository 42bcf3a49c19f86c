"""The truc_special task (lesson 08) driven in plain Python: answers checked by the engine."""
import random

import pytest

import truco
from truco import Game
from widgets.steps.tasks import task_class
from widgets.steps.tasks.truc import TrucSpecialTask, truc_variant

TRUCS = ("truc", "truc-sackson", "truc-catalan")


def make(variant="truc", seed=0, **options):
    return TrucSpecialTask(truco.variant(variant), random.Random(seed), **options)


def test_registered_by_name():
    assert task_class("truc_special") is TrucSpecialTask


@pytest.mark.parametrize("topic", ["redeal", "mon_reste", "spoiled"])
@pytest.mark.parametrize("name", TRUCS)
def test_right_and_wrong(name, topic):
    for seed in range(12):
        seen = []
        t = make(name, seed, topic=topic)
        t.on_outcome(seen.append)
        out = t.answer(t.solution())
        assert out.right and out.done and out.explanation and seen == [out]
        t = make(name, seed, topic=topic)
        out = t.answer(t.wrong_answer())
        assert not out.right and out.done and t.choices[t.right] in out.note


def test_redeal_answer_is_the_engines_legal_actions():
    answers = set()
    for seed in range(40):
        t = make("truc", seed, topic="redeal")
        _kind, situation, hands = t.item.split(":")
        hands = [h.split() for h in hands.split(",")]
        g = Game.from_deal("truc", hands=hands, dealer=1)
        if situation in ("after_lead", "second_trick"):
            g.apply(f"play {hands[0][0]}")
        if situation == "second_trick":
            g.apply(f"play {hands[1][0]}")
        if situation == "refused":
            g.apply("redeal")
            g.apply("refuse")
        may = "redeal" in [str(a) for a in g.legal_actions()]
        assert t.right == ("yes" if may else "no")
        answers.add(t.right)
    assert answers == {"yes", "no"}


def test_mon_reste_values_are_the_engines():
    for seed in range(30):
        t = make("truc-sackson", seed, topic="mon_reste")
        _k, ask, score, truc_called, hands = t.item.split(":")
        mine, theirs = map(int, score.split("-"))
        hands = [h.split() for h in hands.split(",")]
        g = Game.from_deal("truc-sackson", hands=hands, dealer=1, score=(mine, theirs))
        if truc_called == "1":
            g.apply(f"play {hands[0][0]}")
            g.apply("raise")
        g.apply("mon reste")
        if ask == "worth":
            assert int(t.right) == g.pending_raise[1] == 16 - mine
        else:
            g.apply("refuse")
            assert int(t.right) == g.score[0] - mine
        assert len(t.choices) >= 3


def test_spoiled_hands_have_a_spoiled_trick_and_the_engines_winner():
    nobody = False
    for seed in range(40):
        t = make("truc", seed, topic="spoiled", worked=True)
        assert "spoiled" in t.body or "tied" in t.why
        nobody |= t.right == "nobody"
    assert nobody  # the all-spoiled hand comes up


def test_worked_shows_the_answer_and_its_reason():
    t = make("truc", 3, topic="redeal", worked=True)
    assert t.choices[t.right] in t.note.value and t.why[:20] in t.note.value
    assert make("truc", 3, topic="redeal").note.value == ""


def test_forged_and_repeated_answers_are_refused_with_a_message():
    t = make("truc", 1, topic="spoiled")
    seen = []
    t.on_outcome(seen.append)
    for forged in ("maybe", None, 3, "yes" * 100):
        out = t.answer(forged)
        assert not out.done and "not one of the choices" in t.message.value
    assert seen == []
    t.answer(t.solution())
    out = t.answer(t.solution())
    assert not out.done and "already answered" in t.message.value and len(seen) == 1
    assert not t.buttons.click(t.solution())  # the buttons are gone after the answer


def test_other_variants_learn_on_french_truc():
    assert TrucSpecialTask.applies(truco.variant("mineiro"))
    assert truc_variant("paulista").name == "truc"
    assert truc_variant("truc-catalan").name == "truc-catalan"
    t = make("mineiro", 2, topic="redeal")
    assert t.variant.name == "truc" and "Truc (French)" in t.body


def test_a_variant_without_redeal_says_no():
    v = truco.variant("truc", redeal=False)
    for seed in range(5):
        t = TrucSpecialTask(v, random.Random(seed), topic="redeal")
        assert t.right == "no" and "no redeal" in t.why


def test_name_question_in_words():
    for topic in ("redeal", "mon_reste", "spoiled"):
        t = make("truc", 4, topic=topic)
        words = TrucSpecialTask.name_question(truco.variant("truc"), t.item)
        assert "Truc" in words and " of " in words and ":" not in words.split(":", 1)[1][:3]
    assert TrucSpecialTask.name_question(truco.variant("truc"), "junk") == "junk"


def test_unknown_topic_is_a_clear_error():
    with pytest.raises(ValueError, match="topic"):
        make("truc", 0, topic="nope")


# --- the lesson, driven to its end with the runner -----------------------------------------
from lesson_plans import plan_of as _plan, run_to_summary  # noqa: E402


@pytest.mark.parametrize("variant", ["mineiro", "truc", "uruguayo"])
def test_lesson_08_truc_runs_to_its_summary(variant):
    run_to_summary(_plan("08_truc"), variant)
