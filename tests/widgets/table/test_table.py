"""The card table (widgets.table.view.TableView) and the play table's hands, in plain Python.

A whole hand reaches the end-of-hand summary with every hand face up and the points; Next
hand deals on; forged clicks are refused with a message and change nothing; the log names
cards in words, never by their codes; calls show as speech bubbles.
"""
import re
from html import unescape

import pytest

import truco
from tutor_clicks import browser_state, click_button, click_card, fingerprint
from widgets import PlayTable
from widgets.ui.common import card_label
from widgets.table.view import POSITIONS, TableView
from widgets.table.words import HandStart, hand_summary

CODE = re.compile(r"\b(10|11|12|[1-7AJQK])[chsdeob]\b")  # a card code such as Qh or 12o
SECOND_PERSON = re.compile(r"\b(you|your)\b", re.I)


def play_to_the_end_of_the_hand(t, limit=60):
    """The learner plays its lowest offered card (or the first action) until play pauses."""
    for _i in range(limit):
        if t.paused or t.game.is_over:
            return
        assert t.game.current_player == t.seat
        if t.row.offered:
            t.play(sorted(t.row.offered)[0])
        else:
            t.act(t.view.legal_actions[0])
    raise AssertionError("the hand did not end")


def board_text(t) -> str:
    return unescape(t.table.board.html)


# --- the end of a hand ----------------------------------------------------------------------------
@pytest.mark.parametrize("players, seed", [(2, 21), (4, 22)])
def test_a_whole_hand_ends_with_every_hand_face_up_and_the_points(players, seed):
    t = PlayTable("mineiro", players=players, seed=seed)
    score0 = t.game.score
    play_to_the_end_of_the_hand(t)
    assert t.paused and t.summary.start.hand == 1 and t.game.hand_no == 2
    summary, v = t.summary, t.variant
    board = board_text(t)
    assert "tt-state-summary" in board and 'data-hand="1"' in board
    # every seat's three cards, face up, named (the learner's and the computers')
    dealt = summary.start.dealt
    assert len(dealt) == players
    for seat, hand in enumerate(dealt):
        for card in hand:
            assert v.card_name(card, summary.start.vira) in board, (seat, card)
    assert board.count('data-card="face"') == 3 * players
    assert 'data-card="back"' not in board
    # the points and the score, the hand's verdict and each trick's, as the engine explains them
    gained = tuple(b - a for a, b in zip(score0, t.game.score))
    assert summary.points == gained and sum(gained) > 0
    assert (f"Points this hand: Team A +{gained[0]}, Team B +{gained[1]}. "
            f"Score: Team A {t.game.score[0]}, Team B {t.game.score[1]}.") in board
    hand_event = next(e for e in t.game.log if e.kind == "hand" and e.hand == 1)
    assert hand_event.verdict.explain() in board
    tricks = [e for e in t.game.log if e.kind == "trick" and e.hand == 1]
    assert len(summary.tricks) == len(tricks)
    for k, e in enumerate(tricks, 1):
        assert e.verdict.explain() in board and f"Trick {k}:" in board
    # the learner's cards and buttons are put away; Next hand is offered
    assert t.row.items == [] and t.row.offered == frozenset() and t.buttons.offered == frozenset()
    assert t.next_button.layout.display is None and t.next_button.description == "Next hand"
    assert "press Next hand" in t.message
    # the coach's review of the computers' choices: third person, cards in words
    assert summary.reviews
    for line in summary.reviews:
        assert line.startswith("Player ") and not SECOND_PERSON.search(line), line
        assert not CODE.search(line), line
        assert line in board


def test_a_refused_raise_ends_the_hand_with_the_unplayed_cards_face_up():
    refuse = lambda obs, rng: "refuse" if "refuse" in obs.legal_actions else obs.legal_actions[0]
    t = PlayTable("mineiro", seed=7, player=refuse)
    led = t.game.log[-1]  # player 1, the mano, has led the first trick
    assert led.kind == "play" and led.seat == 1
    assert t.act("raise") and t.paused
    board = board_text(t)
    assert "Team B refuses Truco: team A scores 2." in board
    # the card led in the trick the refusal cut short is shown played, the others not
    assert t.summary.plays == [(1, 1, led.action.card)] and t.summary.tricks == []
    name = t.variant.card_name(led.action.card)
    assert f'aria-label="{name}, trick 1"' in board
    assert board.count('data-highlight="muted"') == 5
    assert board.count("not played") >= 5
    assert t.summary.points == (2, 0)


def test_next_hand_deals_on_and_the_log_shows_this_hand_unless_asked():
    t = PlayTable("mineiro", seed=21)
    play_to_the_end_of_the_hand(t)
    first_hand_lines = [line for h, line in t.entries if h == 1]
    before = fingerprint(t.game)
    click_button(t.next_button)
    assert not t.paused and t.summary is None
    assert t.game.current_player == t.seat or t.paused
    board = t.table.board.html
    assert "tt-state-play" in board and 'data-hand="2"' in board
    assert {i["code"] for i in t.row.items} == set(t.view.hand)
    assert t.next_button.layout.display == "none"
    assert fingerprint(t.game) != before or t.game.current_player == t.seat
    assert "Hand 2:" in t.log_html.value and first_hand_lines[0] not in t.log_html.value
    click_button(t.log_button)
    assert t.full_log and first_hand_lines[0] in t.log_html.value
    assert t.log_button.description == "Show this hand only"
    click_button(t.log_button)
    assert not t.full_log and first_hand_lines[0] not in t.log_html.value


# --- forged clicks --------------------------------------------------------------------------------
def test_forged_clicks_during_a_hand_are_refused_with_a_message():
    t = PlayTable("mineiro", seed=4)
    before = fingerprint(t.game)
    click_button(t.buttons.button("accept"))  # hidden: there is nothing to answer
    assert t.tone == "error" and t.message == "That button is not available now."
    click_button(t.next_button)  # hidden while the hand is played
    assert t.tone == "error" and "still being played" in t.message
    assert t.next_hand() is False
    click_card(t.row, t.game.hand(1)[0].code)  # an opponent's card
    assert t.message == "That card is not one of the cards on offer."
    assert fingerprint(t.game) == before and not t.paused


def test_forged_clicks_while_a_hand_is_shown_are_refused_with_a_message():
    t = PlayTable("mineiro", seed=21)
    play_to_the_end_of_the_hand(t)
    before, board = fingerprint(t.game), t.table.board.html
    mine = t.game.hand(t.seat)[0].code  # a card the learner holds in the hand already dealt
    click_card(t.row, mine)
    assert t.tone == "error" and t.message == "That card is not one of the cards on offer."
    assert t.play(mine) is False and "press Next hand" in t.message
    assert t.act("raise") is False and t.act("fold") is False
    click_button(t.buttons.button("raise"))
    assert t.message == "That button is not available now."
    t.row.set_state({"items": [{"code": mine, "svg": "", "label": "x", "enabled": True}]})
    click_card(t.row, mine)  # a row the browser rewrote: Python still refuses
    assert t.paused and fingerprint(t.game) == before and t.table.board.html == board


# --- words, not codes ----------------------------------------------------------------------------
@pytest.mark.parametrize("name, players, seed", [
    ("mineiro", 2, 31), ("paulista", 4, 32), ("argentino", 6, 33), ("uruguayo", 4, 34),
    ("truc", 2, 35)])
def test_the_log_and_the_reviews_name_cards_never_codes(name, players, seed):
    t = PlayTable(name, players=players, seed=seed, player="random")
    said = []
    for _i in range(400):
        if t.game.is_over or t.game.hand_no > 4:
            break
        said.append(t.message)
        if t.paused:
            said.extend(t.summary.reviews)
            t.next_hand()
        elif t.row.offered:
            t.play(sorted(t.row.offered)[0])
        else:
            t.act(t.view.legal_actions[-1])
    assert len(t.lines) > 10
    for text in t.lines + said:
        assert not CODE.search(text), text
    t.toggle_log()
    assert not CODE.search(unescape(re.sub("<[^>]+>", " ", t.log_html.value)))


def test_calls_show_as_bubbles_by_their_seat_and_the_next_action_clears_them():
    accept = lambda obs, rng: "accept" if "accept" in obs.legal_actions else obs.legal_actions[0]
    t = PlayTable("mineiro", seed=7, player=accept)
    assert "tt-bubble" not in t.table.board.html
    t.act("raise")
    board = t.table.board.html
    me = board[board.index('aria-label="You'):]
    them = board[board.index('aria-label="Player 1'):]
    assert me.split("</section>")[0].count("Truco!") == 1
    assert them.split("</section>")[0].count("Accepted!") == 1
    assert t.lines[-2:] == ["You call Truco: the hand is worth 4 if accepted; refused, your "
                            "side scores 2.", "Player 1 accepts: the hand is now worth 4."]
    t.play(sorted(t.row.offered)[0])
    assert "Truco!" not in t.table.board.html and "Accepted!" not in t.table.board.html


# --- the table view on its own (for the betting lessons) ------------------------------------------
def test_the_table_view_draws_any_game_from_the_learners_seat():
    picked, actions, refused = [], [], []
    view = TableView("argentino", seat=2, on_card=picked.append, on_action=actions.append,
                     on_reject=refused.append)
    g = truco.Game("argentino", players=6, seed=3, dealer=1)
    view.draw(g, bubbles={4: "Envido!"})
    board = view.board.html
    assert 'data-n="6"' in board and board.count("<section") == 6
    for seat in range(6):  # the learner at the bottom, the others counter-clockwise
        pos = POSITIONS[6][(seat - 2) % 6]
        name = "You" if seat == 2 else f"Player {seat}"
        assert f'tt-seat tt-at-{pos} ' in board.split(f'aria-label="{name}')[0].rsplit(
            "<section", 1)[1]
    assert "0 malas" in board and "Playing to 30" in board and "Envido!" in board
    assert "Dealer" in board and "Mano" in board
    for seat in range(6):
        if seat != 2:
            for card in g.hand(seat):
                assert card.name() not in board
    if g.current_player == 2:
        code = sorted(view.row.offered)[0]
        view.row.pick(code)
        assert picked == [code]
    view.row.pick(g.hand(3)[0].code)
    assert refused == ["That card is not one of the cards on offer."]
    assert "tutor-table" in view.widget._dom_classes


def test_the_table_view_summary_from_the_engine_log():
    g = truco.Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]])
    start = HandStart.of(g)
    for a in ["play 4c", "play 3d", "play 7h", "play 2s"]:  # player 0 is mano
        g.apply(a)
    view = TableView("mineiro", on_card=print, on_action=print, on_reject=print,
                     on_next=lambda: None)
    summary = hand_summary(g, start, ["Player 1 played the 3 of diamonds: a test."])
    view.draw_summary(g, summary)
    board = unescape(view.board.html)
    for code in ["4c", "7h", "As", "3d", "2s", "Kc"]:
        assert card_label(g.variant, g.variant.card(code)).split(",")[0] in board
    assert summary.winner == 0 and summary.points == (2, 0)
    assert [t.winner_seat for t in summary.tricks] == [0, 0]
    assert board.count('data-highlight="winner"') == 2  # 4c and 7h took the tricks
    assert "Player 1 played the 3 of diamonds: a test." in board
    assert view.next_button.layout.display is None
    view.draw_summary(g, summary, final=True)
    assert view.next_button.layout.display == "none"


def test_right_to_left_text_keeps_the_seats_where_they_sit():
    truco.set_language("fa")
    try:
        t = PlayTable("mineiro", seed=2)
        board = t.table.board.html
        assert 'class="tt-plate" dir="rtl"' in board and 'dir="rtl"' in board
        assert "tutor-rtl" in t.widget._dom_classes
    finally:
        truco.set_language("en")


def test_no_hidden_card_in_the_board_while_six_play():
    t = PlayTable("argentino", players=6, seed=8, player="random")
    for _i in range(40):
        if t.game.is_over or t.game.hand_no > 2:
            break
        if t.paused:
            t.next_hand()
            continue
        state = browser_state(t.widget)
        for seat in range(6):
            if seat != t.seat:
                for card in t.game.hand(seat):
                    assert card.name() not in t.table.board.html
                    assert f'"code": "{card.code}"' not in state
        if t.row.offered:
            t.play(sorted(t.row.offered)[0])
        else:
            t.act(t.view.legal_actions[0])


# --- envido and flor at the table (issue 16) ------------------------------------------------------
def seat_section(t, name: str) -> str:
    board = unescape(t.table.board.html)
    return board[board.index(f'aria-label="{name}'):].split("</section>")[0]


@pytest.mark.parametrize("variant", [truco.variant("argentino", flor=True), "uruguayo"])
def test_envido_is_called_at_the_table_with_bubbles(variant):
    t = PlayTable(variant, seed=1)
    calls = {a for a in t.view.legal_actions if "envido" in a or "quiero" in a}
    assert calls and calls <= t.buttons.offered  # every envido call is a button
    call = "envido" if "envido" in calls else "quiero"
    label = t.buttons.buttons[call].description
    assert label[0].isupper() and "_" not in label
    assert t.act(call)
    # the learner's call and the computer's answer, said aloud by their seats and in the log
    assert "tt-bubble" in seat_section(t, "You") and "tt-bubble" in seat_section(t, "Player 1")
    assert t.message.startswith("You call Envido:" if call == "envido" else "You want it:")
    assert "Player 0" not in t.message


@pytest.mark.parametrize("variant, seed", [(truco.variant("argentino", flor=True), 16),
                                           ("uruguayo", 8)])
def test_flor_is_announced_at_the_table_with_a_bubble(variant, seed):
    t = PlayTable(variant, seed=seed)
    assert "flor" in t.buttons.offered and t.buttons.buttons["flor"].description == "Flor"
    assert t.act("flor")
    assert "Flor!" in seat_section(t, "You")
    assert t.message.startswith("You announce flor (")
    assert "team A scores 3" in t.message


def test_only_the_cards_of_the_trick_under_way_are_named_for_the_board_to_move_in():
    t = PlayTable("mineiro", players=2, seed=9)
    before = t.table.board.html.count("data-played=")
    assert before == len(t.game.observation(t.seat).trick)
    assert t.row.offered
    code = sorted(t.row.offered)[0]
    t.play(code)
    board, obs = t.table.board.html, t.game.observation(t.seat)
    if obs.trick:  # the computer has led the next trick: its card only
        assert board.count("data-played=") == len(obs.trick) == 1
        assert f'data-played="{code}"' not in board
    else:  # the trick just finished stays on the table: the learner's card and the answer
        assert f'data-played="{code}"' in board and board.count("data-played=") == 2
    play_to_the_end_of_the_hand(t)
    assert "data-played=" not in t.table.board.html  # the summary moves nothing
