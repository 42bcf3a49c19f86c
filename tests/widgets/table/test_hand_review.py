"""The review of the learner's own decisions at the table (widgets.table.review.HandReview and
the PlayTable's Review my decisions), driven in plain Python."""
from __future__ import annotations

import truco
from widgets.steps.model import MemoryProgress
from widgets.steps.puzzle_page import play_and_review
from widgets.steps.puzzles import keep_hand
from widgets.table.play import PlayTable
from widgets.table.review import HandReview, hand_totals

DEAL = [["4c", "3h", "5s"], ["2d", "Kc", "Qs"]]


def planted():
    """Seat 0 refuses a raise while holding the Zap for the last trick: a certain blunder."""
    g = truco.Game.from_deal("mineiro", hands=DEAL, dealer=1)
    for a in ["play 3h", "play 2d", "play 5s", "play Kc", "raise", "refuse"]:
        g.apply(a)
    return g


def test_each_decision_with_the_table_as_it_was():
    r = HandReview(planted(), 0, hand=1)
    assert [d.action for d in r.decisions] == ["play 3h", "play 5s", "refuse"]
    assert r.table.draws == 1 and r.title.value.count("Decision 1 of 3")
    assert not r.previous() and "first decision" in r.message
    assert r.next() and r.next() and r.index == 2 and not r.next()
    assert "last decision" in r.message
    assert r.previous() and r.index == 1


def test_find_a_better_move_before_the_answer():
    r = HandReview(planted(), 0, hand=1)
    assert r.go(2) and r.decision.grade == "blunder" and r.asking
    assert "Can you find it?" in r.grade_html.value
    assert set(r.tries_box.offered) == {"accept", "raise"}  # every action but the one taken
    assert not r.try_move("refuse") and r.tries == 0  # the one taken: not offered
    assert not r.tries_box.click("play 4c") and r.tries == 0  # forged: refused, unchanged
    assert r.try_move("raise") and r.revealed and "Well found" in r.message
    assert "tutor-grade-blunder" in r.grade_html.value
    assert r.grade_html.value.count("<tr") == 4  # a head and the three actions
    assert not r.try_move("accept") and "not available" in r.message


def test_a_wrong_try_says_why_and_the_answer_waits():
    r = HandReview(planted(), 0, hand=1)
    r.go(0)  # playing the 3 first: a mistake, raising first was best
    assert r.asking
    assert not r.try_move("play 4c") and r.asking and "Not that one either" in r.message
    assert r.show_answer() and r.revealed and r.message == r.decision.explain()
    assert not r.show_answer()


def test_the_summary_of_a_hand():
    r = HandReview(planted(), 0, hand=1)
    t = hand_totals(r.decisions)
    assert t["decisions"] == 3 and t["worst"].action == "refuse"
    assert t["lost"] == sum(d.loss for d in r.decisions) and t["accuracy"] == 0.0
    assert "Worst: decision 3 (Blunder)" in r.summary_html.value


def test_a_hand_without_decisions():
    g = truco.Game.from_deal("mineiro", hands=DEAL, dealer=1)
    for a in ["play 3h", "play 2d", "play 5s", "play Kc", "play Qs", "play 4c"]:
        g.apply(a)
    r = HandReview(g, 1, hand=1, decisions=())
    assert r.decisions == () and "no decision" in r.message


def _finish_hand(t: PlayTable) -> None:
    for _turn in range(30):
        if t.summary is not None:
            return
        legal = t.view.legal_actions
        plays = [a for a in legal if a.startswith("play ")]
        assert t.act((plays or list(legal))[0])
    raise AssertionError("the hand did not end")


def test_the_table_offers_the_review_when_a_hand_ends():
    heard = []
    t = PlayTable("mineiro", seed=3, on_reviewed=heard.append)
    assert t.review_button.layout.display == "none" and t.review_hand() is None
    assert "when the hand is over" in t.message
    _finish_hand(t)
    assert t.review_button.layout.display is None
    review = t.review_hand()
    assert isinstance(review, HandReview) and t.review_box.children == (review.widget,)
    assert heard == [review.decisions] and t.review_hand() is review  # made once
    assert all(d.observation.player == 0 for d in review.decisions)
    t.next_hand()
    assert t.hand_review is None and t.review_box.children == ()


def test_play_and_review_files_the_mistakes_as_puzzles():
    progress = MemoryProgress()
    t = play_and_review("mineiro", seed=5, progress=progress)
    _finish_hand(t)
    review = t.hand_review
    assert review is not None  # opened by itself
    mistakes = [d for d in review.decisions if d.grade in ("mistake", "blunder")]
    deck = progress.due(10 ** 7)
    assert len(deck) == len(mistakes) and all(i.task == "puzzle" for i in deck)
    skills = progress.skills()
    assert sum(t for (src, _th), (t, _g, _l) in skills.items() if src == "hand") == \
        len(review.decisions)


def test_keep_hand_counts_by_theme_and_files_each_mistake_once():
    progress = MemoryProgress()
    decisions = truco.review(planted(), 0, hand=1)
    assert keep_hand(decisions, progress, today=100) == 2  # play 3h (mistake), refuse
    assert keep_hand(decisions, progress, today=100) == 2
    deck = progress.due(101)
    assert len(deck) == 2  # the same positions: one item each
    assert {dict(i.options)["theme"] for i in deck} == {"lead", "answer"}
    tried, good, lost = progress.skills()[("hand", "answer")]
    assert (tried, good) == (2, 0) and abs(lost - 2 * decisions[2].loss) < 0.01


def test_the_games_totals_add_up_the_reviewed_hands():
    t = PlayTable("mineiro", seed=3)
    _finish_hand(t)
    first = t.review_hand().decisions
    assert "This game so far" not in t.hand_review.summary_html.value
    t.next_hand()
    _finish_hand(t)
    second = t.review_hand()
    both = hand_totals(first + second.decisions)
    assert f"This game so far: {both['decisions']} decisions" in second.summary_html.value
    assert [d for _h, d in t.game_decisions] == list(first + second.decisions)
    worst_hand = 1 if both["worst"] in first else 2
    assert f"Worst: hand {worst_hand}" in second.summary_html.value
    t.new_game()
    assert t.game_decisions == []
