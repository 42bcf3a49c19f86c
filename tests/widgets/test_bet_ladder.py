"""BetLadder: only legal bets are offered; illegal attempts show the engine's reason."""
import pytest

from truco import Game
from tutor_clicks import assert_built, click_button, fingerprint
from widgets import BetLadder
from widgets.bet_ladder import BET_KINDS


def bets(game):
    return {a.text for a in game.legal_actions() if a.kind in ("raise", "accept", "refuse")}


def test_builds_with_the_promised_classes():
    assert_built(BetLadder(seed=1))


def test_only_legal_bet_buttons_are_offered_with_their_values():
    b = BetLadder("mineiro", seed=1)
    assert b.offered == bets(b.game) | {"play"}
    label = b.buttons.buttons["raise"].description
    assert "Truco" in label and "worth 4" in label and "scores 2" in label
    b.press("raise")
    assert b.offered == bets(b.game) == {"accept", "refuse", "raise"}
    assert b.buttons.buttons["accept"].description == "Accept: the hand is worth 4"
    assert b.buttons.buttons["refuse"].description.endswith("scores 2")
    assert "worth 6" in b.buttons.buttons["raise"].description
    assert b.message.startswith("Team B calls Truco")


def test_walk_the_whole_mineiro_ladder():
    b = BetLadder("mineiro", seed=2)
    for value in (4, 6, 10, 12):
        assert b.press("raise") is True
        assert b.game.pending_raise[1] == value
    assert "raise" not in b.offered  # Doze cannot be raised
    assert "top of the ladder" in b.status.value
    b.press("accept")
    assert b.game.hand_value == 12 and b.game.pending_raise is None


def test_the_same_side_cannot_raise_twice_and_nothing_changes():
    b = BetLadder("mineiro", seed=3)
    b.press("raise")
    b.press("accept")
    assert "raise" not in b.offered
    before = fingerprint(b.game)
    assert b.press("raise") is False
    assert b.last_error.reason == "same_side_raised_last"
    assert b.last_error.message in b.message  # the engine's reason, naming the sides
    assert "Team B raised last" in b.message and "same_side_raised_last" in b.message
    assert fingerprint(b.game) == before


def test_no_raise_in_the_hand_of_ten():
    b = BetLadder("mineiro", score=(10, 0), seed=4)
    assert b.game.special_hand == "hand_of" and b.offered == {"accept", "refuse"}
    assert "Play the hand of 10" in b.buttons.buttons["accept"].description
    assert "scores 2" in b.buttons.buttons["refuse"].description
    before = fingerprint(b.game)
    assert b.press("raise") is False and fingerprint(b.game) == before
    b.press("accept")
    assert b.game.hand_value == 4 and "raise" not in b.offered
    before = fingerprint(b.game)
    assert b.press("raise") is False
    assert b.last_error.reason == "no_raise_in_hand_of_10"
    assert "nobody may raise in this hand" in b.message and fingerprint(b.game) == before


def test_refusal_gives_the_value_before_the_raise():
    b = BetLadder("mineiro", seed=5)
    raiser = b.game.current_player & 1
    b.press("raise")
    b.press("raise")  # the other side asks Seis
    b.press("refuse")  # the first raisers refuse: the others score 4
    assert b.game.score[1 - raiser] == 4
    assert "scores 4" in b.message


def test_forged_and_stale_clicks_change_nothing():
    b = BetLadder("mineiro", seed=6)
    b.press("raise")
    b.press("accept")
    raise_button = b.buttons.buttons["raise"]
    assert raise_button.disabled
    before = fingerprint(b.game)
    click_button(raise_button)  # hidden and disabled, clicked anyway
    assert fingerprint(b.game) == before and "not available" in b.message


@pytest.mark.parametrize("text", ["fold", "play 9c", "hello", "", None, 3, "raise" * 20])
def test_other_presses_change_nothing(text):
    b = BetLadder("mineiro", seed=7)
    before = fingerprint(b.game)
    assert b.press(text) is False
    assert fingerprint(b.game) == before and b.tone == "error"


def test_play_button_moves_the_turn_and_reset_deals_again():
    b = BetLadder("mineiro", seed=8)
    first = b.game.current_player
    b.press("raise")
    b.press("accept")
    b.press("play")
    assert b.game.current_player != first and "raise" in b.offered
    assert "Seis" in b.buttons.buttons["raise"].description
    click_button(b.reset_button)
    fresh = Game("mineiro", seed=8)
    assert b.game == fresh and b.game.hand_value == 2


def test_argentino_ladder_and_a_fixed_deal():
    b = BetLadder("argentino", hands=[["1e", "1b", "7e"], ["3c", "2o", "4b"]])
    assert b.game.dealt[0] == tuple(b.game.variant.card(c) for c in ["1e", "1b", "7e"])
    label = b.buttons.buttons["raise"].description
    assert "Truco" in label and "worth 2" in label and "scores 1" in label
    for value in (2, 3, 4):
        b.press("raise")
        assert b.game.pending_raise[1] == value
    assert "raise" not in b.offered and "Vale cuatro" in b.status.value


def test_truc_offers_its_own_bets_only_when_the_engine_allows_them():
    b = BetLadder("truc", seed=3)
    legal = b.game.legal_actions()
    assert b.offered == {a.text for a in legal if a.kind in BET_KINDS} | {"play"}
    assert "redeal" not in b.offered and "fold" not in b.offered
    assert "Two more" not in b.buttons.buttons["raise"].description
    b.press("raise")
    assert "Two more" in b.buttons.buttons["raise"].description
    assert "worth 4" in b.buttons.buttons["raise"].description


# --- issue 20: marks, sides, special hands, the game's end, mon reste ------------------------------
def rung_texts(b):
    import re
    from html import unescape
    return [unescape(t) for t in re.findall(r'<span class="tutor-rung[^"]*">([^<]*)</span>',
                                            b.ladder_html.value)]


def test_the_ladder_marks_what_the_hand_is_worth_and_what_is_asked_apart():
    b = BetLadder("mineiro", seed=1)
    assert rung_texts(b)[0] == "base 2 (worth now)"
    assert not any("(now)" in t for t in rung_texts(b))
    b.press("raise")
    texts = rung_texts(b)
    assert "base 2 (worth now)" in texts and "Truco 4 (being asked)" in texts
    assert sum("(" in t for t in texts) == 2
    assert "tutor-rung-asked" in b.ladder_html.value and "tutor-rung-current" in b.ladder_html.value
    b.press("accept")
    assert "Truco 4 (worth now)" in rung_texts(b)
    assert not any("being asked" in t for t in rung_texts(b))


def test_who_may_raise_next_names_the_sides():
    b = BetLadder("mineiro", seed=1)
    b.press("raise")  # team B raises
    b.press("accept")  # team A accepts; team B is to act again
    assert b.game.current_player & 1 == 1
    status = b.status.value
    assert "your side" not in status
    assert "Team B raised last: only team A, who accepted, may raise next." in status


def test_the_hand_of_ten_shows_no_ladder_and_says_why():
    b = BetLadder("mineiro", score=(10, 0), seed=2)
    assert b.ladder_html.layout.display == "none"
    assert "Nobody may raise in this hand: the hand of 10." in b.status.value
    b.press("accept")
    assert b.ladder_html.layout.display == "none"
    ordinary = BetLadder("mineiro", seed=2)
    assert ordinary.ladder_html.layout.display != "none"


def test_the_game_over_line_is_the_engines_game_verdict():
    b = BetLadder("mineiro", score=(10, 0), seed=2)
    b.press("accept")
    while not b.game.is_over:
        b.press("play")
    verdict = next(e.verdict for e in reversed(b.game.log)
                   if e.verdict is not None and e.verdict.kind == "game")
    won, lost = verdict.score[verdict.winner], verdict.score[1 - verdict.winner]
    assert won > lost
    assert verdict.explain() in b.status.value.replace("&#x27;", "'")
    assert "The game is over." not in b.status.value


def test_mon_reste_is_named_in_the_status_line():
    b = BetLadder("truc", seed=3)
    b.press("mon reste")
    status = b.status.value
    assert "Two more (12)" not in status and "asked for Two more" not in status
    assert "says mon reste: the hand is worth 12" in status
    texts = rung_texts(b)
    assert "mon reste 12 (being asked)" in texts
    assert not any(t.startswith("Two more") and "(" in t for t in texts)


def test_the_answers_named_are_the_ones_offered():
    b = BetLadder("mineiro", seed=2)
    for _i in range(4):
        b.press("raise")  # up to Doze, which cannot be raised
    assert "raise" not in b.offered
    assert "or raise" not in b.status.value


@pytest.mark.parametrize("variant, score, presses", [
    ("mineiro", (0, 0), ["raise", "accept", "play", "raise", "refuse"]),
    ("mineiro", (10, 0), ["accept", "play", "play", "play", "play", "play", "play"]),
    ("truc", (0, 0), ["raise", "raise", "accept", "play", "mon reste", "mon reste", "play"]),
    ("argentino", (0, 0), ["raise", "raise", "raise", "refuse"]),
])
def test_every_line_reads_as_sentences(variant, score, presses):
    from feedback_text import assert_sentences, feedback_lines, html_lines
    b = BetLadder(variant, score=score, seed=5)
    for text in presses:
        if text in b.offered:
            b.press(text)
        assert_sentences(feedback_lines(b))
        assert_sentences(html_lines(b.status.value))
        assert_sentences([label for label in (btn.description for btn in b.buttons.buttons.values())])


def test_a_legal_play_typed_as_code_is_answered_with_the_cards_name():
    from feedback_text import assert_sentences, feedback_lines
    b = BetLadder("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Qh"]], dealer=0)
    code = next(a.card.code for a in b.game.legal_actions() if a.kind == "play")
    before = fingerprint(b.game)
    assert b.press("play " + code) is False and fingerprint(b.game) == before
    assert b.tone == "error"
    name = b.variant.card(code).name()
    assert name in b.message and code not in b.message.split()
    assert_sentences(feedback_lines(b))
