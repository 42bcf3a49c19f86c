"""The play_hand task (lesson 09): one hand against the computer, every move checked by the
engine; done at the hand's end, whatever its result."""
import random

import pytest

import truco
from widgets.steps.tasks import task_class
from widgets.steps.tasks.play import PlayHandTask


def make(variant="mineiro", seed=0, **options):
    return PlayHandTask(truco.variant(variant), random.Random(seed), **options)


def play_out(t):
    seen = []
    t.on_outcome(seen.append)
    for _move in range(40):
        if t.outcome is not None:
            break
        t.answer(t.solution())
    assert t.outcome is not None and seen == [t.outcome]
    return t.outcome


def test_registered_by_name():
    assert task_class("play_hand") is PlayHandTask


@pytest.mark.parametrize("name", truco.VARIANT_NAMES)
def test_a_hand_played_through_is_right_and_explained_by_its_verdict(name):
    t = make(name, 5)
    out = play_out(t)
    assert out.right and out.done
    hand = next(e for e in t.table.game.log if e.kind == "hand")
    assert out.explanation == hand.verdict.explain()


def test_a_lost_hand_is_not_a_wrong_answer():
    lost = 0
    for seed in range(12):
        t = make("paulista", seed)
        out = play_out(t)
        assert out.right
        lost += t.table.summary.winner == 1
    assert lost  # some of these hands were lost, and still right


def test_goal_win_a_trick_is_checked_on_the_engines_tricks():
    results = set()
    for seed in range(15):
        t = make("mineiro", seed, goal="win_a_trick")
        out = play_out(t)
        won = sum(1 for tr in t.table.summary.tricks if tr.winner_team == 0)
        assert out.right == (won >= 1)
        results.add(out.right)
    assert results == {True, False}


def test_illegal_and_forged_moves_are_refused_and_change_nothing():
    t = make("mineiro", 1)
    seen = []
    t.on_outcome(seen.append)
    before = t.table.game.notation()
    for forged in (t.wrong_answer(), "play", None, "x" * 100, "accept"):
        out = t.answer(forged)
        assert not out.right and not out.done and out.explanation
    assert "Not allowed" in t.table.message or "could not be understood" in t.table.message
    assert t.table.game.notation() == before and seen == []
    play_out(t)
    out = t.answer(t.solution() or "play 4c")
    assert not out.done and "over" in out.explanation and len(seen) == 1


def test_one_hand_only_no_next_hand():
    t = make("mineiro", 2)
    play_out(t)
    assert not t.table.next_hand()
    assert t.table.next_button.layout.display == "none"
    assert t.table.game.hand_no == 2 or t.table.game.is_over  # the engine dealt on, unseen


def test_worked_asks_the_coach_on_the_first_turn():
    t = make("mineiro", 3, worked=True)
    assert "Coach" in t.table.coach_html.value
    assert make("mineiro", 3).table.coach_html.value == ""


def test_name_question_in_words_and_bad_options():
    t = make("argentino", 4)
    words = PlayHandTask.name_question(truco.variant("argentino"), t.item)
    assert words.startswith("Play a hand with") and " of " in words
    with pytest.raises(ValueError, match="goal"):
        make("mineiro", 0, goal="win_the_game")
    with pytest.raises(ValueError, match="opponent"):
        make("mineiro", 0, opponent="genius")


def test_four_players():
    t = make("mineiro", 6, players=4)
    assert t.table.players == 4
    assert play_out(t).right


# --- the lesson, driven to its end with the runner -----------------------------------------
from lesson_plans import plan_of as _plan, run_to_summary  # noqa: E402


@pytest.mark.parametrize("variant", ["mineiro", "truc", "uruguayo"])
def test_lesson_09_play_runs_to_its_summary(variant):
    run_to_summary(_plan("09_play"), variant)
