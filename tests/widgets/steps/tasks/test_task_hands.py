"""Task "hand": who wins the hand after these tricks, judged by the engine's hand verdict;
TieExplorer's quiz asks about ties."""
import random

import pytest

import truco
from truco import resolve
from tutor_clicks import click_button
from widgets import TieExplorer
from widgets.steps.tasks import task_class
from widgets.steps.tasks.hands import ANSWERS, HandTask, decided_results


def task(variant="mineiro", seed=1, **options):
    return HandTask(truco.variant(variant), random.Random(seed), **options)


def test_the_kind_is_registered():
    assert task_class("hand") is HandTask


@pytest.mark.parametrize("variant", ["mineiro", "paulista", "argentino", "truc"])
def test_right_and_wrong_answers_follow_the_engine(variant):
    for seed in range(10):
        t = task(variant, seed=seed)
        verdict = resolve.hand(t.variant, list(t.tricks), 0, 1)
        assert t.solution() == {0: "A", 1: "B", None: "nobody"}[verdict.winner]
        out = t.answer(t.solution())
        assert out.right and out.done and out.explanation == verdict.explain()
        t = task(variant, seed=seed)
        out = t.answer(t.wrong_answer())
        assert not out.right and out.done and verdict.explain() in out.explanation


def test_forged_and_second_answers_are_refused_with_a_message():
    t = task(seed=2)
    seen = []
    t.on_outcome(seen.append)
    for forged in ("C", "", None, 1, "a", "nobody " * 9):
        assert t.answer(forged) is None
        assert t.refusals.message == "Answer team A, team B or nobody."
    assert t.buttons.click("tie") is False
    t.answer(t.solution())
    assert t.answer(t.solution()) is None and "answered already" in t.refusals.message
    click_button(t.buttons.button("A"))  # hidden now: refused
    assert len(seen) == 1


def test_options_force_the_ties():
    for seed in range(20):
        assert None in task(seed=seed, ties=True).tricks
        assert None not in task(seed=seed, ties=False).tricks
        first = task(seed=seed, ties="first").tricks
        assert first[0] is None and first != (None, None, None)
        later = task(seed=seed, ties="later").tricks
        assert later[0] is not None and None in later
    t = task("paulista", all_tied=True)
    assert t.tricks == (None, None, None) and t.solution() == "nobody"
    assert task("argentino", all_tied=True).solution() == "A"  # the mano's side
    assert task("mineiro", all_tied=True).solution() == "B"  # the dealer's side


def test_the_all_tie_rule_option_is_followed():
    v = truco.variant("mineiro", all_tie="nobody")
    assert HandTask(v, random.Random(1), all_tied=True).solution() == "nobody"


def test_every_deal_decides_the_hand_and_most_have_a_tie():
    v = truco.variant("mineiro")
    results = decided_results(v)
    assert len(results) == 15 and (None, None, None) in results
    tasks = [task(seed=s) for s in range(60)]
    assert sum(None in t.tricks for t in tasks) >= 20
    assert any(t.tricks == (None, None, None) for t in tasks)


def test_worked_shows_the_answer_and_the_rule():
    t = task(seed=3, worked=True, ties="first")
    assert t.verdict.rule() in t.worked_html.value
    assert t.buttons.buttons[t.solution()].button_style == "success"
    assert t.answer(t.solution()).right and t.worked_html.value == ""


def test_shown_results_and_name_question_in_words():
    t = task(seed=4, ties="later")
    assert "Trick 1" in t.head.value and "tied (empate)" in t.head.value
    assert "not played" in t.head.value or len(t.tricks) == 3
    assert t.question.startswith("Who wins the hand after these tricks: ")
    assert "tied" in t.question and "=" not in t.question
    assert HandTask.name_question(truco.variant("truc"), "tricks=A,B,tie") == \
        "Who wins the hand after these tricks: team A, team B, tied"
    assert set(ANSWERS) == set(t.buttons.offered) | set() or t.done


def test_applies_everywhere():
    assert all(HandTask.applies(truco.variant(n)) for n in truco.VARIANT_NAMES)


def test_the_tie_explorer_quiz_asks_about_ties():
    for variant in ("mineiro", "argentino", "truc"):
        t = TieExplorer(variant, seed=7)
        tied = all_tied = 0
        for _i in range(60):
            t.quiz()
            tied += "tie" in t.tricks
            all_tied += t.tricks == ["tie", "tie", "tie"]
            assert t.expected_answer() in ("A", "B", "nobody")
            t.answer(t.expected_answer())
        assert tied >= 20 and all_tied >= 1, (variant, tied, all_tied)
        assert t.score == t.asked == 60
