"""TrickQuiz: click the winner of a dealt trick; score, streak, and questions that lean."""
from collections import Counter

import pytest

import truco
from tutor_clicks import assert_built, click_button, click_card
from widgets import TrickQuiz


def wrong_answer(q):
    return next(a for a in sorted(q.offered_answers()) if a not in q.correct_answers())


def until(q, test, limit=400):
    for _i in range(limit):
        if test(q):
            return q
        q.next()
    raise AssertionError("no such question within the limit")


def test_builds_with_the_promised_classes():
    assert_built(TrickQuiz(seed=1))


def test_right_answer_scores_and_shows_the_engine_verdict():
    q = TrickQuiz("mineiro", seed=1)
    plays = [(seat & 1, card) for seat, card in q.plays]
    verdict = truco.variant("mineiro").trick_verdict(plays)
    assert q.verdict.winner == verdict.winner and q.verdict.reason == verdict.reason
    right = sorted(q.correct_answers())[0]
    assert q.choose(right) is True
    assert (q.score, q.streak, q.asked) == (1, 1, 1)
    assert q.message == "Right! " + verdict.explain()
    assert q.tone == "right"


def test_wrong_answer_resets_the_streak_and_explains():
    q = TrickQuiz("mineiro", seed=2)
    q.choose(sorted(q.correct_answers())[0])
    q.next()
    bad = wrong_answer(q)
    assert q.choose(bad) is False
    assert (q.score, q.streak, q.asked) == (1, 0, 2)
    # About the learner's card (with two players it is the card the winner beat).
    assert q.message.startswith("No: your ") and q.verdict.rule() in q.message
    assert q.tone == "wrong"
    assert q.weights[("reason", q.verdict.reason)] > 0


def test_second_choice_on_an_answered_question_changes_nothing():
    q = TrickQuiz("mineiro", seed=3)
    right = sorted(q.correct_answers())[0]
    q.choose(wrong_answer(q))
    before = (q.score, q.streak, q.asked, dict(q.weights))
    assert q.choose(right) is False
    click_card(q.row, right)  # forged: the cards are disabled after the answer
    assert q.buttons.click("tie") is False
    click_button(q.buttons.button("tie"))
    assert (q.score, q.streak, q.asked, dict(q.weights)) == before
    assert "answered already" in q.message


@pytest.mark.parametrize("answer", ["9c", "1e", "banana", "", None, 4, ["4c"], "tie " * 40])
def test_an_answer_not_offered_changes_nothing(answer):
    q = TrickQuiz("mineiro", seed=4)
    assert q.choose(answer) is False
    click_card(q.row, answer)
    assert (q.score, q.streak, q.asked, q.answered) == (0, 0, 0, False)
    assert q.tone == "error"


def test_a_card_of_the_deck_not_in_the_trick_is_not_an_answer():
    q = TrickQuiz("mineiro", seed=5)
    outside = next(c.code for c in q.variant.deck if c.code not in q.offered_answers())
    assert q.choose(outside) is False and q.asked == 0
    click_card(q.row, outside)
    assert q.asked == 0 and not q.answered


def test_tie_answers():
    q = until(TrickQuiz("mineiro", seed=6), lambda q: q.verdict.winner is None)
    assert q.correct_answers() == {"tie"}
    click_button(q.buttons.button("tie"))
    assert q.score == 1 and q.verdict.reason == "tie" and "tied (empate)" in q.message
    q = until(TrickQuiz("mineiro", seed=6), lambda q: q.verdict.winner is not None)
    assert q.choose("TIE") is False and q.asked == 1 and q.message.startswith("Not a tie.")


def test_card_clicks_arrive_through_the_row_and_codes_are_normalised():
    q = TrickQuiz("mineiro", seed=7)
    right = sorted(q.correct_answers())[0]
    click_card(q.row, right)
    assert q.score == 1 and q.answered
    q.next()
    right = sorted(q.correct_answers())[0]
    assert q.choose(right.upper()) is True and q.score == 2


def test_next_deals_a_new_unanswered_question_deterministically():
    a, b = TrickQuiz("paulista", seed=8), TrickQuiz("paulista", seed=8)
    assert a.plays == b.plays and a.vira == b.vira and a.vira is not None
    assert "Vira: " + a.vira.name() in a.prompt.value
    a.choose(wrong_answer(a))
    click_button(a.next_button)
    assert not a.answered and all(i["enabled"] for i in a.row.items)
    assert a.asked == 1


def test_four_players_show_seats_and_teams():
    q = TrickQuiz("mineiro", players=4, seed=9)
    assert len(q.plays) == 4 and [s for s, _c in q.plays] == [0, 1, 2, 3]
    assert "Player 2 (team A)" in q.prompt.value and "partners" in q.prompt.value
    assert q.row.items[3]["label"].endswith("Player 3 (team B)")
    q = until(TrickQuiz("mineiro", players=4, seed=9),
              lambda q: q.verdict.reason == "partners_share_top", limit=2000)
    right = q.correct_answers()
    assert len(right) == 2  # both partners' equal top cards win
    assert q.choose(sorted(right)[1]) is True


def test_bad_player_counts():
    for n in (1, 3, 6):
        with pytest.raises(ValueError):
            TrickQuiz("mineiro", players=n)


def test_questions_lean_towards_what_was_missed():
    def run(miss):
        q, seen = TrickQuiz("mineiro", seed=11), Counter()
        for _i in range(60):
            seen[q.verdict.reason] += 1
            if miss and q.verdict.reason == "special_beats_common":
                q.choose(wrong_answer(q))
            else:
                q.choose(sorted(q.correct_answers())[0])
            q.next()
        return seen, q
    plain, _q = run(False)
    leaning, q = run(True)
    assert leaning["special_beats_common"] > 2 * plain["special_beats_common"]
    assert q.weights[("reason", "special_beats_common")] > 0
    assert q.confusions  # the cards confused are remembered


def test_confused_cards_come_back():
    def hits(miss):
        q = until(TrickQuiz("mineiro", seed=12), lambda q: q.verdict.reason == "tie")
        tied = {c.code for _s, c in q.plays}
        q.choose(wrong_answer(q) if miss else "tie")
        if miss:
            assert set(q.confusions[-1]) == tied
        count = 0
        for _i in range(8):
            q.next()
            count += bool(tied & {c.code for _s, c in q.plays})
        return count
    assert hits(True) >= 2 and hits(True) > hits(False)


# --- issue 20: a wrong answer is answered about the learner's own card -------------------------
def top_card(q):
    return q.verdict.plays[q.verdict.top][1]


def runner_up_is_not(q, code):
    """The engine's trick explanation compares the winner with another card than ``code``."""
    name = q.variant.card_name(q.variant.card(code), q.vira)
    return name not in q.verdict.explain()


def test_a_wrong_card_is_compared_with_the_winner_by_the_engine():
    def fits(q):
        if q.verdict.winner is None:
            return False
        return any(runner_up_is_not(q, a) for a in q.offered_answers() - q.correct_answers()
                   - {"tie"})
    q = until(TrickQuiz("mineiro", players=4, seed=21), fits, limit=2000)
    pick = next(a for a in sorted(q.offered_answers() - q.correct_answers() - {"tie"})
                if runner_up_is_not(q, a))
    v, vira, winner = q.variant, q.vira, top_card(q)
    assert q.choose(pick) is False
    pair = v.trick_verdict([(0, winner), (1, pick)], vira)
    assert q.message.startswith("No: your {} loses to the {}: {}.".format(
        v.card_name(v.card(pick), vira), v.card_name(winner, vira), pair.rule()))
    assert q.tone == "wrong"


def test_the_issues_example_a_three_against_the_zap():
    def fits(q):
        codes = {c.code for _s, c in q.plays}
        return "4c" in codes and q.verdict.winning_card is not None and \
            q.verdict.winning_card.code == "4c" and any(c.startswith("3") for c in codes)
    q = until(TrickQuiz("mineiro", players=4, seed=22), fits, limit=5000)
    three = next(c.code for _s, c in q.plays if c.code.startswith("3"))
    q.choose(three)
    name = q.variant.card(three).name()
    assert q.message.startswith(f"No: your {name} loses to the 4 of clubs (Zap): manilhas beat "
                                "every common card.")


def test_a_lower_card_in_a_tied_trick_is_answered_too():
    def fits(q):
        if q.verdict.winner is not None:
            return False
        top = top_card(q)
        return any(q.variant.compare(c, top, q.vira) < 0 for _s, c in q.plays)
    q = until(TrickQuiz("mineiro", players=4, seed=23), fits, limit=3000)
    top = top_card(q)
    low = next(c for _s, c in q.plays if q.variant.compare(c, top, q.vira) < 0)
    q.choose(low.code)
    v = q.variant
    assert q.message.startswith("No: your {} loses to the {}".format(
        v.card_name(low, q.vira), v.card_name(top, q.vira)))
    assert q.verdict.explain() in q.message  # and why the trick is tied


@pytest.mark.parametrize("variant, players", [("mineiro", 2), ("paulista", 4),
                                              ("argentino", 4), ("uruguayo", 2), ("truc", 2)])
def test_every_line_reads_as_sentences(variant, players):
    from feedback_text import assert_sentences, feedback_lines, html_lines
    q = TrickQuiz(variant, players=players, seed=24)
    for i in range(12):
        answers = sorted(q.offered_answers())
        q.choose(answers[i % len(answers)])
        assert_sentences(feedback_lines(q))
        q.next()
