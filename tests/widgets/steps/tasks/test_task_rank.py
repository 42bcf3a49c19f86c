"""Task "rank": two cards from the deck, the engine says which is stronger or that they tie."""
from __future__ import annotations

import random

import pytest

import truco
from widgets.steps.tasks import task_class
from widgets.steps.tasks.ranking import TIE, RankTask


def test_the_kind_is_registered():
    assert task_class("rank") is RankTask


@pytest.mark.parametrize("name", truco.VARIANT_NAMES)
def test_the_answer_is_the_engines(name):
    v = truco.variant(name)
    for seed in range(30):
        t = RankTask(v, random.Random(seed))
        a, b = t.cards
        c = v.compare(a, b, vira=t.vira)
        assert t.solution() == (TIE if c == 0 else a.code if c > 0 else b.code)
        assert (t.vira is not None) == v.uses_vira and t.vira not in t.cards
        outcome = t.answer(t.solution())
        assert outcome.right and outcome.done and outcome.explanation
        assert t.answer(t.solution()).slip  # the question is over


def test_options_common_tie_and_special():
    v = truco.variant("paulista")
    for seed in range(20):
        t = RankTask(v, random.Random(seed), common=True)
        ranking = v.ranking(t.vira)
        assert all((ranking.kind[c.id] or "common") == "common" for c in t.cards)
        assert RankTask(v, random.Random(seed), common=True, same_rank=True).solution() == TIE
        s = RankTask(v, random.Random(seed), vs="special")
        assert any((v.ranking(s.vira).kind[c.id] or "common") != "common" for c in s.cards)
    assert not RankTask.applies(truco.variant("truc"), vs="special")
    assert RankTask.applies(truco.variant("truc"), common=True)


def test_a_wrong_answer_is_explained_and_forged_keys_are_notes():
    t = RankTask(truco.variant("mineiro"), random.Random(3), common=True)
    reports = []
    t.on_outcome(reports.append)
    assert t.answer("As Kd").slip and t.answer(None).slip and not t.over
    t.row.pick("7h")  # a card not on offer, as the browser could send
    assert all(r.slip for r in reports) and len(reports) == 3
    wrong = t.answer(t.wrong_answer())
    assert not wrong.right and wrong.done and wrong.correct == t.solution()
    assert wrong.explanation.startswith("The answer:")


def test_an_answered_question_is_locked_after_its_report():
    """The page hears the answer with the cards still open; then the cards lock and the tie
    button is disabled, and the right card is shown."""
    t = RankTask(truco.variant("paulista"), random.Random(4))
    heard = []
    t.on_outcome(lambda outcome: heard.append((t.row.is_locked, t.tie_button.disabled)))
    t.answer(t.wrong_answer())
    assert heard == [(False, False)]
    assert t.row.is_locked and t.tie_button.disabled
    assert t.row.pick(t.cards[0].code) is False  # a late click on a card is refused
    assert t.solution() != TIE  # this deal has a stronger card: it is shown as the winner
    assert [i["code"] for i in t.row.items if "winner" in str(i)] == [t.solution()]


def test_a_worked_example_shows_the_answer_and_the_fair_prompt_names_no_kind():
    v = truco.variant("paulista")
    t = RankTask(v, random.Random(1), worked=True, vs="special")
    assert "Example:" in t.hint.value and t.hint.value.count("beats") + \
        t.hint.value.count("tie") >= 1
    plain = RankTask(v, random.Random(1), vs="special")
    labels = " ".join(i["label"] for i in plain.row.items)
    assert "manilha" not in labels.lower() and "zap" not in labels.lower()
    assert "Vira" in plain.view.children[0].value


def test_the_question_is_named_in_words():
    v = truco.variant("paulista")
    assert RankTask.name_question(v, "4c 3d vira 3s") == \
        "Which is stronger: 4 of clubs or 3 of diamonds? (Vira: 3 of spades)"
    assert RankTask.name_question(truco.variant("mineiro"), "4c 3d") == \
        "Which is stronger: 4 of clubs or 3 of diamonds?"
    assert RankTask.name_question(v, "garbage") == "garbage"
