"""BetLadder: the betting lessons at the card table (issue 16).

The learner is dealt a hand and bets with the cards in view against a computer that answers
with its reason; the ladder stays beside the table (worth now, being asked, who may raise next,
what each choice scores). Only legal actions are offered; illegal attempts show the engine's
reason; forged clicks are refused with a message and change nothing.
"""
import re
from html import unescape

import pytest

from truco import Game
from tutor_clicks import assert_built, browser_state, click_button, click_card, fingerprint
from widgets import BetLadder


def always(word):
    """A computer player that says ``word`` whenever it may, else does the first legal thing."""
    return lambda obs, rng: word if word in obs.legal_actions else obs.legal_actions[0]


def board(b) -> str:
    return unescape(b.table.board.html)


def seat_html(b, name: str) -> str:
    html = board(b)
    return html[html.index(f'aria-label="{name}'):].split("</section>")[0]


def rung_texts(b):
    return [unescape(t) for t in re.findall(
        r'<li class="tutor-rung[^"]*"><span>([^<]*)</span></li>', b.ladder_html.value)]


def choices(b):
    return [unescape(t) for t in re.findall(r"<li>([^<]*)</li>", b.choices_html.value)]


def finish_the_hand(b, limit=40):
    for _i in range(limit):
        if b.paused or b.game.is_over:
            return
        if b.row.offered:
            b.play(sorted(b.row.offered)[0])
        elif "accept" in b.offered:
            b.press("accept")
        else:
            b.table.row.pick(b.row.items[0]["code"])
    raise AssertionError("the hand did not end")


# --- the table ------------------------------------------------------------------------------------
def test_builds_with_the_promised_classes():
    b = BetLadder(seed=1)
    assert_built(b)
    assert "tutor-play" in b.widget._dom_classes and "tutor-ladder" in b.panel._dom_classes


def test_the_learner_bets_with_their_cards_in_view_and_only_theirs():
    b = BetLadder("mineiro", seed=1)
    assert b.game.current_player == b.seat == 0  # the learner is mano: the first to act
    assert {i["code"] for i in b.row.items} == {c.code for c in b.game.hand(0)}
    assert "tt-state-play" in board(b) and board(b).count("<section") == 2
    state = browser_state(b.widget)
    for card in b.game.hand(1):
        assert card.name() not in board(b) and f'"code": "{card.code}"' not in state


def test_only_legal_actions_are_offered_and_the_ladder_says_what_each_scores():
    b = BetLadder("mineiro", seed=1)
    legal = {a.text for a in b.game.legal_actions() if a.kind != "play"}
    assert b.offered == legal == {"raise", "fold"}
    assert b.buttons.buttons["raise"].description == "Ask Truco (4)"
    assert choices(b) == ["Truco: worth 4 if accepted; refused, team A scores 2"]
    assert rung_texts(b)[0] == "base 2 (worth now)" and "Doze 12" in rung_texts(b)
    assert "Rule: a raise is made on your turn" in b.buttons.buttons["raise"].tooltip


def test_the_computer_answers_at_once_with_its_reason_and_a_bubble():
    b = BetLadder("mineiro", seed=1)  # the computer holds the stronger hand: it raises again
    assert b.press("raise") is True
    assert b.game.pending_raise == (1, 6) and b.game.current_player == 0
    assert b.message.startswith("You call Truco: the hand is worth 4 if accepted")
    assert "Player 1 calls Seis" in b.message
    assert "Player 1 raised to 6: its hand would win about" in b.message  # its reason
    assert "Truco!" in seat_html(b, "You") and "Seis!" in seat_html(b, "Player 1")
    assert b.offered == {"accept", "refuse", "raise"}
    assert choices(b) == ["Accept: the hand is worth 6", "Refuse: team B scores 4",
                          "Dez: worth 10 if accepted; refused, team A scores 6"]
    assert "Player 1 (team B) asks for Seis, worth 6: accept, refuse or raise again." in \
        unescape(b.status.value)
    texts = rung_texts(b)
    assert "Truco 4 (worth now)" in texts and "Seis 6 (being asked)" in texts
    assert sum("(" in t for t in texts) == 2


def test_the_same_side_cannot_raise_twice_and_nothing_changes():
    b = BetLadder("mineiro", seed=1, player=always("accept"))
    b.press("raise")  # team A raises, team B accepts: the learner is to act again
    assert b.game.hand_value == 4 and b.game.current_player == 0
    assert "raise" not in b.offered
    status = unescape(b.status.value)
    assert "Team A raised last: only team B, who accepted, may raise next." in status
    before = fingerprint(b.game)
    assert b.press("raise") is False
    assert b.last_error.reason == "same_side_raised_last"
    assert b.last_error.message in b.message and "same_side_raised_last" in b.message
    assert fingerprint(b.game) == before
    assert "Truco 4 (worth now)" in rung_texts(b)


def test_who_may_raise_next_names_the_sides():
    b = BetLadder("mineiro", seed=1)
    b.press("raise")  # team A raises, team B raises again (Seis)
    b.press("accept")  # team A accepts: team A may raise next, team B may not
    assert "raise" in b.offered and b.buttons.buttons["raise"].description == "Ask Dez (10)"
    status = unescape(b.status.value)
    assert "your side" not in status
    assert "Team B raised last: only team A, who accepted, may raise next." in status


def test_refusal_gives_the_value_before_the_raise_and_shows_every_hand():
    b = BetLadder("mineiro", seed=1)
    b.press("raise")  # the computer asks Seis
    b.press("refuse")  # the learner runs: team B scores 4
    assert b.game.score == (0, 4) and b.paused
    assert "You refuse Seis: team B scores 4." in b.message
    html = board(b)
    assert "tt-state-summary" in html and html.count('data-card="face"') == 6
    for seat in (0, 1):
        for card in b.summary.start.dealt[seat]:
            assert b.variant.card_name(card) in html
    assert "Points this hand: Team A +0, Team B +4." in html
    assert b.next_button.layout.display is None and b.row.items == []
    assert b.offered == frozenset() and b.choices_html.value == ""
    assert b.next_hand() is True and not b.paused
    assert 'data-hand="2"' in board(b) and "tt-state-play" in board(b)


def test_no_raise_in_the_hand_of_ten():
    b = BetLadder("mineiro", score=(10, 0), seed=4)
    assert b.game.special_hand == "hand_of" and b.offered == {"accept", "refuse"}
    assert b.message.startswith("This is the hand of 10.")
    assert b.buttons.buttons["accept"].description == "Play the hand of 10 (worth 4)"
    assert b.buttons.buttons["refuse"].description == "Run (the opponents score 2)"
    assert choices(b) == ["Play the hand of 10: it is worth 4", "Run: team B scores 2"]
    assert {i["code"] for i in b.row.items} == {c.code for c in b.game.hand(0)}
    before = fingerprint(b.game)
    assert b.press("raise") is False and fingerprint(b.game) == before
    b.press("accept")
    assert b.game.hand_value == 4 and "raise" not in b.offered
    before = fingerprint(b.game)
    assert b.press("raise") is False
    assert b.last_error.reason == "no_raise_in_hand_of_10"
    assert "nobody may raise in this hand" in b.message and fingerprint(b.game) == before


def test_the_hand_of_ten_shows_no_ladder_and_says_why():
    b = BetLadder("mineiro", score=(10, 0), seed=2)
    assert b.ladder_html.layout.display == "none"
    assert "Nobody may raise in this hand: the hand of 10." in b.status.value
    b.press("accept")
    assert b.ladder_html.layout.display == "none"
    ordinary = BetLadder("mineiro", seed=2)
    assert ordinary.ladder_html.layout.display != "none"


def test_the_hand_of_eleven_shows_the_partners_cards_and_no_opponents():
    b = BetLadder("paulista", players=4, score=(11, 0), seed=5)
    assert b.game.phase == "decide" and b.game.current_player == 0
    partner = seat_html(b, "Player 2")
    assert "tt-shown" in partner
    for card in b.game.hand(2):
        assert b.variant.card_name(card, b.game.vira) in partner
    state = browser_state(b.widget)
    for seat in (1, 3):
        for card in b.game.hand(seat):
            assert b.variant.card_name(card, b.game.vira) not in board(b)
            assert f'"code": "{card.code}"' not in state
    assert "tt-shown" not in seat_html(b, "Player 1")


def test_the_iron_hand_is_played_blind_and_revealed_at_the_end():
    b = BetLadder("paulista", score=(11, 11), seed=6)
    assert b.game.special_hand == "iron"
    assert [i["code"] for i in b.row.items] == ["back-1", "back-2", "back-3"]
    state = browser_state(b.widget)
    for card in b.game.hand(0):
        assert f'"code": "{card.code}"' not in state
    dealt = b.game.hand(0) + b.game.hand(1)
    assert b.press("raise") is False and b.last_error.reason.startswith("no_raise_in_")
    for _i in range(6):
        if b.game.is_over:
            break
        click_card(b.row, b.row.items[0]["code"])
    assert b.game.is_over and b.summary is not None
    html = board(b)
    for card in dealt:
        assert b.variant.card_name(card, b.summary.start.vira) in html
    assert b.next_button.layout.display == "none"  # the game is over
    assert b.press("fold") is False and "Start again" in b.message


def test_the_game_over_line_is_the_engines_game_verdict():
    b = BetLadder("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], score=(10, 0))
    b.press("accept")
    finish_the_hand(b)
    assert b.game.is_over
    verdict = next(e.verdict for e in reversed(b.game.log)
                   if e.verdict is not None and e.verdict.kind == "game")
    assert verdict.winner == 0
    assert verdict.explain() in unescape(b.status.value)
    assert "The game is over." not in b.status.value


# --- Truc: redeal, mon reste, captains, signals --------------------------------------------------
def test_truc_offers_its_own_bets_only_when_the_engine_allows_them():
    b = BetLadder("truc", seed=3)
    legal = {a.text for a in b.game.legal_actions() if a.kind != "play"}
    assert b.offered == legal and "redeal" in legal and "mon reste" in legal
    assert b.buttons.buttons["redeal"].description == "Propose a redeal"
    assert "Two more" not in b.buttons.buttons["raise"].description
    assert any(c.startswith("Mon reste: ") for c in choices(b))
    b = BetLadder("truc", seed=3, player=always("accept"))
    b.press("raise")
    b.play(sorted(b.row.offered)[0])
    assert "redeal" not in b.offered  # only before any card is played


def test_mon_reste_is_named_in_the_status_and_as_a_rung():
    b = BetLadder("truc", seed=3, player=always("mon reste"))
    b.play(sorted(b.row.offered)[0])  # the computer answers the lead with mon reste
    assert b.game.mon_reste == "pending"
    status = unescape(b.status.value)
    assert "says mon reste: the hand is worth 12 if it is answered with mon reste." in status
    texts = rung_texts(b)
    assert "mon reste 12 (being asked)" in texts
    assert not any(t.startswith("Two more") and "(" in t for t in texts)
    assert "Player 1 says mon reste: the hand is raised to 12" in b.message
    assert b.offered == {"mon reste", "refuse"}


def test_a_four_player_truc_table_with_captains_and_the_partners_signals():
    b = BetLadder("truc", players=4, seed=7)
    assert b.game.mano == 0 and b.game.captains == (3, 0)
    html = board(b)
    assert html.count(">Captain<") == 2
    assert ">Captain<" in seat_html(b, "You") and ">Captain<" in seat_html(b, "Player 3")
    status = unescape(b.status.value)
    assert "Captains: You and Player 3." in status
    assert "Only the captains (the dealer and the eldest) may concede." in status
    # the partner's signals: gestures by the partner's seat, with the engine's sentence
    signals = b.view.signals
    assert signals and all(seat == 2 for seat, _sign in signals)
    partner = seat_html(b, "Player 2")
    assert partner.count("tt-gesture") == len(signals)
    assert "Player 2 smiles at their partner: they hold a 7." in partner
    assert "Smile: 7" in partner and "Shrug: ace" in partner
    assert "tt-gesture" not in seat_html(b, "Player 1")
    assert "Player 2 smiles at their partner: they hold a 7." in b.message
    # the eldest proposes the redeal, the dealer (the other captain) answers with its reason
    assert b.press("redeal") is True
    assert b.message.startswith("You propose a redeal")
    assert "Player 3, the dealer, accepts the redeal" in b.message
    assert "Player 3 took the redeal" in b.message
    assert {i["code"] for i in b.row.items} == {c.code for c in b.game.hand(0)}
    assert b.summary is None and b._starts[1].dealt == b.game.dealt
    # the raise is answered by the other side's captain
    b.press("raise")
    raise_event = next(e for e in reversed(b.game.log) if e.kind == "raise")
    answer = b.game.log[b.game.log.index(raise_event) + 1]
    assert answer.seat == 3


def test_a_partner_may_not_answer_for_the_captain():
    b = BetLadder("truc", players=4, seed=7, seat=2, dealer=3)  # the learner is not a captain
    assert 2 not in b.game.captains
    assert "Captains: Player 3 and Player 0." in unescape(b.status.value)
    assert ">Captain<" not in seat_html(b, "You")


# --- forged and stale clicks ----------------------------------------------------------------------
def test_forged_and_stale_clicks_change_nothing():
    b = BetLadder("mineiro", seed=1, player=always("accept"))
    b.press("raise")
    raise_button = b.buttons.buttons["raise"]
    assert raise_button.disabled and raise_button.layout.display == "none"
    before = fingerprint(b.game)
    click_button(raise_button)  # hidden and disabled, clicked anyway
    assert fingerprint(b.game) == before and b.message == "That button is not available now."
    click_button(b.next_button)
    assert "still being played" in b.message and fingerprint(b.game) == before
    click_card(b.row, b.game.hand(1)[0].code)  # an opponent's card
    assert b.message == "That card is not one of the cards on offer."
    assert fingerprint(b.game) == before and b.tone == "error"


def test_clicks_while_a_hand_is_shown_are_refused_with_a_message():
    b = BetLadder("mineiro", seed=1)
    b.press("raise")
    b.press("refuse")
    assert b.paused
    before, html = fingerprint(b.game), b.table.board.html
    assert b.press("raise") is False and "press Next hand" in b.message
    mine = b.game.hand(0)[0].code  # a card of the next hand, already dealt
    assert b.play(mine) is False and "press Next hand" in b.message
    click_card(b.row, mine)
    click_button(b.buttons.button("accept"))
    assert b.message == "That button is not available now."
    assert fingerprint(b.game) == before and b.table.board.html == html


@pytest.mark.parametrize("text", ["play 9c", "hello", "", None, 3, "raise" * 20, "play",
                                  "accept"])
def test_other_presses_change_nothing(text):
    b = BetLadder("mineiro", seed=7)
    before = fingerprint(b.game)
    assert b.press(text) is False
    assert fingerprint(b.game) == before and b.tone == "error"


def test_a_legal_play_typed_as_code_is_answered_with_the_cards_name():
    from feedback_text import assert_sentences, feedback_lines
    b = BetLadder("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Qh"]])
    code = next(a.card.code for a in b.game.legal_actions() if a.kind == "play")
    before = fingerprint(b.game)
    assert b.press("play " + code) is False and fingerprint(b.game) == before
    assert b.tone == "error"
    name = b.variant.card(code).name()
    assert name in b.message and code not in b.message.split()
    assert_sentences(feedback_lines(b))


def test_start_again_deals_the_same_hand():
    b = BetLadder("mineiro", seed=8)
    first = [c.code for c in b.game.hand(0)]
    b.press("raise")
    finish_the_hand(b)
    click_button(b.reset_button)
    assert b.game == Game("mineiro", seed=8, dealer=1)
    assert b.game.hand_no == 1 and b.game.score == (0, 0) and b.summary is None
    assert {i["code"] for i in b.row.items} == set(first)


def test_argentino_ladder_and_a_fixed_deal():
    b = BetLadder("argentino", hands=[["1e", "1b", "7e"], ["3c", "2o", "4b"]],
                  player=always("raise"))
    assert b.game.dealt[0] == tuple(b.game.variant.card(c) for c in ["1e", "1b", "7e"])
    assert "envido" in b.offered  # the variant's own calls are at the table too
    assert choices(b)[0] == "Truco: worth 2 if accepted; refused, team A scores 1"
    b.press("raise")  # the computer asks Retruco
    assert b.game.pending_raise[1] == 3
    b.press("raise")  # Vale cuatro, the top: the computer may only accept or refuse
    assert b.game.pending_raise is None and b.game.hand_value == 4
    assert "Vale cuatro 4 (worth now)" in rung_texts(b) and "raise" not in b.offered


@pytest.mark.parametrize("variant, score, presses", [
    ("mineiro", (0, 0), ["raise", "accept", "play", "raise", "refuse"]),
    ("mineiro", (10, 0), ["accept", "play", "play", "play"]),
    ("truc", (0, 0), ["raise", "raise", "accept", "play", "mon reste", "mon reste", "play"]),
    ("argentino", (0, 0), ["raise", "raise", "raise", "refuse"]),
])
def test_every_line_reads_as_sentences(variant, score, presses):
    from feedback_text import assert_sentences, feedback_lines, html_lines
    b = BetLadder(variant, score=score, seed=5)
    for text in presses:
        if text == "play" and b.row.offered:
            b.play(sorted(b.row.offered)[0])
        elif text in b.offered:
            b.press(text)
        assert_sentences(feedback_lines(b))
        assert_sentences(html_lines(b.status.value))
        assert_sentences(html_lines(b.choices_html.value))
        assert_sentences([btn.description for btn in b.buttons.buttons.values()])


def test_a_computers_illegal_choice_raises_and_nothing_is_played_in_its_place():
    """The computers' turns are the players' own loop (truco.players.play_computers): no
    fallback action is played for a computer's illegal choice."""
    from truco import IllegalAction
    b = BetLadder("mineiro", seed=1)
    b.computer = lambda obs, rng: "accept"  # nothing is asked: accepting is illegal
    start = len(b.game.log)
    with pytest.raises(IllegalAction, match="computer player at seat 1"):
        b.play(sorted(b.row.offered)[0])
    assert [e.seat for e in b.game.log[start:]] == [0]  # the learner's card, nothing else
    assert b.game.current_player == 1


def test_each_computer_reason_is_kept_by_its_event():
    b = BetLadder("mineiro", seed=1)
    start = len(b.game.log)
    b.press("raise")
    kept = {at: r for at, r in b._reasons.items() if at >= start}
    assert kept and all(b.game.log[at].seat == seat and b.game.log[at].action == action
                        for at, (_h, seat, action, _reason, _vira) in kept.items())


def test_what_each_choice_scores_is_the_engines_preview():
    b = BetLadder("mineiro", seed=1)
    b.press("raise")  # the computer raises again: accept, refuse or raise
    g = b.game
    accept, refuse, again = g.preview("accept"), g.preview("refuse"), g.preview("raise")
    assert choices(b) == [
        f"Accept: the hand is worth {accept.if_accepted}",
        f"Refuse: team B scores {refuse.if_refused}",
        f"Dez: worth {again.if_accepted} if accepted; refused, team A scores {again.if_refused}"]
    assert b.buttons.buttons["raise"].description == f"Ask Dez ({again.if_accepted})"
    assert b.buttons.buttons["accept"].description == f"Accept ({accept.if_accepted})"
    assert refuse.rule()[1:] in b.buttons.buttons["refuse"].tooltip


def test_refusing_a_mon_reste_says_the_engines_rule_and_points():
    b = BetLadder("truc", seed=3, player=always("mon reste"))
    b.play(sorted(b.row.offered)[0])
    assert b.game.mon_reste == "pending"
    verdict = b.game.copy().apply("refuse", player=0).verdict
    assert f"Refuse: team B scores {verdict.points}" in choices(b)
    assert "Folding against mon reste ends the hand" in b.buttons.buttons["refuse"].tooltip
