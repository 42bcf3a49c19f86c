"""PlayTable: a game against computer players, seen from the learner's seat only."""
import random
import re

import pytest

from truco import Game
from tutor_clicks import assert_built, browser_state, click_button, click_card, fingerprint
from widgets import PlayTable, simple_player


CODE = re.compile(r"\b(10|11|12|[1-7AJQK])[chsdeob]\b")  # a card code such as Qh or 12o


def hidden_cards(t):
    """Cards the learner must not see: other seats' hands (minus partner cards shown)."""
    shown = {s for s, _c in t.view.partner_hands}
    return [c for s in range(t.players) if s != t.seat and s not in shown
            for c in t.game.hand(s)]


def assert_no_leak(t):
    """No hidden card's code or name in anything the browser gets about the hand in play.
    The log may name cards of earlier hands that were dealt again, so it is left out; while a
    finished hand is shown face up, the next hand (already dealt) is not drawn at all."""
    row = browser_state(t.row)
    if t.paused:
        assert "tt-state-summary" in t.table.board.html and t.row.items == []
        assert t.row.offered == frozenset() and t.buttons.offered == frozenset()
        return
    board = t.table.board.html
    assert "tt-state-summary" not in board
    for card in hidden_cards(t):
        assert card.code not in t.row.offered
        assert f'"code": "{card.code}"' not in row and card.name() not in row
        assert card.name() not in board, card
    if t.game.hand_no == 1:
        state = browser_state(t.widget)
        for card in hidden_cards(t):
            assert f'"code": "{card.code}"' not in state
            assert card.name() not in state, card


def play_out(t, limit=600):
    """Play the learner's seat to the end of the game, pressing Next hand after each hand."""
    for _i in range(limit):
        if t.game.is_over:
            return
        assert_no_leak(t)
        if t.paused:
            assert t.next_hand()
            continue
        assert t.game.current_player == t.seat  # computers never leave it mid-turn
        if t.row.offered:
            t.play(sorted(t.row.offered)[0])
        else:
            t.act(t.view.legal_actions[0])
    raise AssertionError("the game did not end")


def test_builds_with_the_promised_classes():
    assert_built(PlayTable(seed=1))


def test_it_is_the_learners_turn_and_only_legal_cards_are_offered():
    t = PlayTable("mineiro", seed=1, player=simple_player)
    assert t.game.current_player == 0
    legal = set(t.view.legal_actions)
    assert t.row.offered == {c for c in t.view.hand if f"play {c}" in legal}
    assert t.buttons.offered == {a for a in legal if not a.startswith("play ")}
    assert "Ask Truco (4)" in t.buttons.buttons["raise"].description


def test_a_legal_play_runs_the_computers_and_logs_engine_events_in_words():
    t = PlayTable("mineiro", seed=2)
    start = len(t.game.log)
    code = sorted(t.row.offered)[0]
    click_card(t.row, code)
    assert t.game.log[start].kind == "play" and t.game.log[start].action.card.code == code
    name = t.variant.card_name(code)
    assert f"You play the {name}." in t.lines and f"You play the {name}." in t.log_html.value
    for e in t.game.log[start:]:
        if e.kind == "play" and e.seat != t.seat:
            assert f"Player {e.seat} plays the {t.variant.card_name(e.action.card)}." in t.lines
    tricks = [e for e in t.game.log if e.kind == "trick"]
    assert tricks and any(line.startswith("Trick 1: ") for line in t.lines)
    assert not CODE.search(t.log_html.value)
    assert t.game.current_player == t.seat or t.game.is_over or t.paused


def test_illegal_actions_show_the_engine_reason_and_change_nothing():
    t = PlayTable("mineiro", seed=3)
    opponent_card = t.game.hand(1)[0].code
    before = fingerprint(t.game)
    assert t.play(opponent_card) is False
    assert "is not in player 0's hand" in t.message and fingerprint(t.game) == before
    assert t.act("accept") is False and "nothing to answer" in t.message
    assert t.act("play 9c") is False and "not in the Truco Mineiro deck" in t.message
    assert t.act("dance") is False and t.play(None) is False and t.act(7) is False
    assert fingerprint(t.game) == before


def test_forged_clicks_change_nothing():
    t = PlayTable("mineiro", seed=4)
    before = fingerprint(t.game)
    opponent_card = t.game.hand(1)[0].code
    click_card(t.row, opponent_card)
    click_card(t.row, "back-1")
    click_card(t.row, {"code": "4c"})
    click_button(t.buttons.button("accept"))  # a hidden button: nothing to answer
    assert fingerprint(t.game) == before
    t.row.set_state({"items": [dict(i, enabled=True, code=opponent_card)
                               for i in t.row.items[:1]]})
    click_card(t.row, opponent_card)
    assert fingerprint(t.game) == before


def test_no_hidden_card_reaches_the_browser_during_a_whole_game():
    t = PlayTable("mineiro", seed=5)
    play_out(t)
    assert t.game.is_over and "Game over" in t.log_html.value
    assert t.summary is not None and t.next_button.layout.display == "none"
    assert "press New game" in t.message
    before = fingerprint(t.game)
    assert t.play("4c") is False and "the game is over" in t.message
    assert fingerprint(t.game) == before


def test_four_players_partner_and_opponents():
    t = PlayTable("paulista", players=4, seed=6, seat=1)
    assert t.game.current_player == 1
    board = t.table.board.html
    assert 'aria-label="Player 3, your partner, team B"' in board
    assert 'aria-label="Player 0, opponent, team A"' in board
    assert 'aria-label="You, team B"' in board
    assert board.count('data-card="back"') >= 6
    vira = t.game.vira
    assert "Vira" in board and vira.name() in board
    play_out(t)


def test_raise_answered_by_the_computer():
    t = PlayTable("mineiro", seed=7, player=lambda obs, rng: (
        "accept" if "accept" in obs.legal_actions else obs.legal_actions[0]))
    assert t.act("raise") is True
    assert t.game.hand_value == 4
    assert t.message.startswith("You call Truco: the hand is worth 4 if accepted")
    assert "Player 1 accepts: the hand is now worth 4." in t.message


def test_hand_of_ten_decision():
    t = PlayTable("mineiro", seed=8, score=(10, 0))
    assert t.view.phase == "decide" and t.game.current_player == 0
    assert t.row.offered == frozenset()
    assert t.buttons.offered == {"accept", "refuse"}
    assert "Play the hand of 10 (worth 4)" == t.buttons.buttons["accept"].description
    assert t.act("raise") is False and t.view.phase == "decide"
    t.act("accept")
    assert t.game.hand_value == 4 and "chooses to play" in t.lines[-1] + " ".join(t.lines)


def test_blind_iron_hand_sends_only_backs():
    t = PlayTable("paulista", seed=9, score=(11, 11))
    assert t.game.special_hand == "iron" and t.view.hand is None
    codes = [i["code"] for i in t.row.items]
    assert codes == [f"back-{k}" for k in range(1, len(codes) + 1)]
    mine = {c.code for c in t.game.hand(0)}
    state = browser_state(t.widget)
    assert not any(f'"code": "{c}"' in state for c in mine)
    assert all('data-card="back"' in i["svg"] for i in t.row.items)
    click_card(t.row, "back-1")
    assert len(t.game.log) > 0 and (t.game.is_over or len(t.game.hand(0)) < 3
                                    or t.game.hand_no > 1)


def test_same_seed_same_game_and_new_game():
    a, b = PlayTable("mineiro", seed=10), PlayTable("mineiro", seed=10)
    assert a.game == b.game
    a.play(sorted(a.row.offered)[0])
    b.play(sorted(b.row.offered)[0])
    assert a.game == b.game
    click_button(a.new_button)
    assert a.game == Game("mineiro", seed=10) or a.game.current_player == 0
    assert a.message.startswith("A new game of Truco Mineiro")


def test_simple_player_is_legal_and_prefers_cards():
    rng = random.Random(1)
    g = Game("mineiro", seed=11)
    obs = g.observation(g.current_player)
    picks = [simple_player(obs, rng) for _i in range(200)]
    assert set(picks) <= set(obs.legal_actions) and "fold" not in picks
    assert sum(p.startswith("play ") for p in picks) > 150


def test_bad_seat():
    with pytest.raises(ValueError):
        PlayTable("mineiro", seat=2)


# --- computer players and the coach (issue 6) ------------------------------------------------------
def test_the_computer_is_the_basic_player_by_default_and_keeps_its_reasons():
    from truco.players import BasicPlayer
    t = PlayTable("mineiro", seed=12)
    assert isinstance(t.computer, BasicPlayer)
    assert PlayTable("mineiro", seed=12, player="strong").computer.name == "strong"
    play_out(t)
    assert t.reasons and all(reason for _h, _s, _a, reason in t.reasons)
    assert all(seat != t.seat for _h, seat, _a, _r in t.reasons)


def test_coach_button_shows_the_odds_and_a_legal_suggestion():
    t = PlayTable("mineiro", seed=13)
    click_button(t.coach_button)
    advice = t.advice
    assert advice is not None and advice.exact
    assert advice.action in t.view.legal_actions
    html = t.coach_html.value
    assert "Coach" in html and f"{round(100 * advice.win)}%" in html
    for card in advice.cards:
        assert card.name in html
    assert "Suggestion" in html and advice.reason.split(":")[0] in html
    if advice.action.startswith("play "):
        assert f"Suggestion: Play the {t.variant.card_name(advice.action[5:])}." in html
    # the coach's numbers go stale when the position changes
    t.play(sorted(t.row.offered)[0])
    assert t.coach_html.value == "" and t.advice is None


def test_the_coach_never_shows_hidden_cards():
    t = PlayTable("paulista", players=4, seed=14)
    for _turn in range(8):
        if t.game.is_over:
            break
        if t.paused:
            assert t.ask_coach() is None and "your turn" in t.coach_html.value
            t.next_hand()
            continue
        t.ask_coach()
        html = t.coach_html.value + browser_state(t.widget)
        for card in hidden_cards(t):
            assert card.name() not in t.coach_html.value
            assert f'"code": "{card.code}"' not in html
        assert not CODE.search(t.coach_html.value)  # the suggestion names cards in words
        if t.row.offered:
            t.play(sorted(t.row.offered)[0])
        else:
            t.act(t.view.legal_actions[0])


def test_coach_progress_bar_shows_only_when_slow():
    import time
    t = PlayTable("mineiro", seed=15)
    t._coach_started = time.perf_counter()
    t._coach_progress(3, 10)
    assert t.coach_progress.layout.display == "none"
    t._coach_started = time.perf_counter() - 2.0
    t._coach_progress(3, 10)
    assert t.coach_progress.layout.display is None
    assert (t.coach_progress.value, t.coach_progress.max) == (3, 10)
    t.ask_coach()
    assert t.coach_progress.layout.display == "none"


def test_coach_waits_for_the_learners_turn():
    t = PlayTable("mineiro", seed=16)
    play_out(t)
    assert t.ask_coach() is None and "your turn" in t.coach_html.value


def test_the_learner_picks_the_opponent_and_a_new_game_starts():
    from truco.players import RandomPlayer, StrongPlayer
    t = PlayTable("paulista", seed=5)
    assert t.opponent_picker.value == "basic"
    t.play(sorted(t.row.offered)[0])
    assert len(t.game.log) > 1
    t.opponent_picker.value = "strong"  # as the browser sets it
    assert isinstance(t.computer, StrongPlayer)
    assert t.game.hand_no == 1 and t.game.score == (0, 0) and not t.game.is_over
    assert t.game.current_player == t.seat and not t.paused
    t.opponent_picker.value = "random"
    assert isinstance(t.computer, RandomPlayer)
    play_out(t)
    assert t.game.is_over


def test_the_learner_picks_four_players_and_the_partner_is_a_computer():
    t = PlayTable("mineiro", seed=8)
    assert t.players_picker.options == (("2 players", 2), ("4 players", 4))
    t.players_picker.value = 4
    assert t.players == 4 and t.seat == 0
    assert t.game.current_player == 0 or t.game.is_over or t.paused
    assert "your partner" in t.table.board.html and 'data-n="4"' in t.table.board.html
    play_out(t)


def test_forged_picker_values_are_refused_and_change_nothing():
    t = PlayTable("truc", seed=2)
    t.play(sorted(t.row.offered)[0])
    before, computer = fingerprint(t.game), t.computer
    assert not t.choose_opponent("cheater") and not t.choose_players(3)
    assert not t.choose_players(True)  # a bool is not a table size
    assert fingerprint(t.game) == before and t.computer is computer
    assert t.tone == "error" and "could not be understood" in t.message


def test_a_custom_computer_player_gets_no_opponent_picker():
    t = PlayTable("mineiro", seed=2, player=simple_player)
    assert not hasattr(t, "opponent_picker") and hasattr(t, "players_picker")


def test_a_computers_illegal_choice_raises_and_nothing_is_played_in_its_place():
    """The computers' turns are the players' own loop (truco.players.play_computers): an
    illegal choice is a bug in the player, never covered by playing another action."""
    from truco import IllegalAction
    t = PlayTable("mineiro", seed=2, player=simple_player)
    code = sorted(t.row.offered)[0]
    t.computer = lambda obs, rng: "play 99z"
    start = len(t.game.log)
    with pytest.raises(IllegalAction, match="computer player at seat 1"):
        t.play(code)
    plays = [(e.seat, e.action.card.code) for e in t.game.log[start:] if e.kind == "play"]
    assert plays == [(0, code)] and t.game.current_player == 1  # the learner's card only
    assert t.reasons[-1][1:3] == (1, "play 99z")


def test_button_labels_take_their_figures_from_the_engines_preview():
    t = PlayTable("mineiro", seed=1, player=simple_player)
    p = t.game.preview("raise")
    assert t.buttons.buttons["raise"].description == f"Ask Truco ({p.if_accepted})"
    t.act("raise")
    if "accept" in t.buttons.offered:  # the computer raised again
        assert t.buttons.buttons["accept"].description == \
            f"Accept ({t.game.preview('accept').if_accepted})"


def test_new_game_starts_the_game_dealt_ahead_the_same_as_one_dealt_at_once():
    """The next game is dealt (and played by the computers up to the learner's turn) when one
    starts, so a click on New game only draws it: it is the same game a table deals at once."""
    t = PlayTable("mineiro", seed=5, player=simple_player)
    ahead = t._next.game
    t.play(sorted(t.row.offered)[0])  # the game under way goes on; the one ahead waits
    t.new_button.click()
    assert t.game is ahead and t._next.game is not ahead
    twin = PlayTable("mineiro", seed=5, player=simple_player)
    assert t.game.notation() == twin.game.notation() and t.reasons == twin.reasons
    assert t.message == twin.message and t.table.row.items == twin.table.row.items


def test_a_game_dealt_ahead_for_other_settings_is_not_started():
    t = PlayTable("mineiro", seed=5, player=simple_player)
    ahead = t._next.game
    assert t.choose_players(4)
    assert t.game is not ahead and t.game.n == 4 and t._next.game.n == 4
    one = PlayTable("mineiro", seed=5, player=simple_player, one_hand=True)
    assert one._next is None  # a lesson's one-hand table has no New game
