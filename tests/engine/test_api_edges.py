"""The API's sharp edges (issue 13 §5, issue 14 §8): typed errors with stable reasons, a tuple
of legal actions that callers cannot corrupt, events and game ends that explain themselves,
and hand notations that round-trip every state."""
import pytest

import truco


@pytest.mark.parametrize("call, reason", [
    (lambda: truco.Game("mineiro", players=3), "bad_players"),
    (lambda: truco.Game("mineiro", players=2.0), "bad_players"),
    (lambda: truco.Game("mineiro", players="2"), "bad_players"),
    (lambda: truco.Game("mineiro", dealer=True), "bad_dealer"),
    (lambda: truco.Game("mineiro", dealer=2), "bad_dealer"),
    (lambda: truco.Game("mineiro", score=None), "bad_score"),
    (lambda: truco.Game("mineiro", score=(True, False)), "bad_score"),
    (lambda: truco.Game("mineiro", score=(1.0, 2)), "bad_score"),
    (lambda: truco.Game("mineiro", score=(12, 0)), "bad_score"),
    (lambda: truco.Game.from_deal("mineiro", hands=None), "bad_hands"),
    (lambda: truco.Game.from_deal("mineiro", hands="4c 7h As"), "bad_hands"),
    (lambda: truco.Game.from_deal("mineiro", hands=[["4c", "7h", "As"]]), "bad_players"),
    (lambda: truco.Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]],
                                  score=None), "bad_score"),
    (lambda: truco.variant("uruguayo", target=30.0), "bad_option_value"),
    (lambda: truco.variant("uruguayo", flor=1), "bad_option_value"),
    (lambda: truco.Game("mineiro", seed=1).observation(2), "no_such_player"),
    (lambda: truco.from_notation(""), "bad_notation"),
    (lambda: truco.from_notation("mineiro 2p dealer=x"), "bad_notation"),
    (lambda: truco.envido(["7e", "7e", "1o"]), "bad_hand"),
    (lambda: truco.variant("mineiro").hand_winner([0, 0, 1]), "bad_tricks"),
])
def test_bad_arguments_raise_typed_errors_with_a_reason(call, reason):
    with pytest.raises(truco.TrucoError) as info:
        call()
    assert info.value.reason == reason, (info.value.reason, str(info.value))
    assert isinstance(info.value, ValueError) and str(info.value)


def test_legal_actions_is_a_tuple_the_caller_cannot_break():
    g = truco.Game("mineiro", seed=4)
    legal = g.legal_actions()
    assert isinstance(legal, tuple)
    first = legal[0]
    as_list = list(legal)
    as_list.clear()  # what broke can() when the engine handed out its own list
    assert g.can(first) and g.legal_actions() == legal
    g.apply(first)
    assert g.legal_actions() != legal


@pytest.mark.parametrize("text", ["play #²", "play #１", "play #٣", "play #0", "play #4",
                                  "play #x", "play #"])
def test_blind_positions_accept_only_ascii_digits_in_range(text):
    g = truco.Game("mineiro", seed=1)
    assert g.can(text) is False
    assert g.why_not(text).reason == "bad_card"
    with pytest.raises(truco.IllegalAction):
        g.apply(text)


def test_the_blind_position_message_shows_what_can_be_typed():
    """The range is what the parser takes (ASCII digits), also on a Persian page, whose
    numbers are otherwise written in Persian digits."""
    from truco.i18n import set_language, strip_bidi
    g = truco.Game("mineiro", seed=1)
    set_language("fa")
    try:
        message = strip_bidi(str(g.why_not("play #9")))
    finally:
        set_language("en")
    assert "#1" in message and "#3" in message and "۳" not in message


def test_blind_position_plays_that_card():
    g = truco.Game("mineiro", seed=1)
    card = g.hand(g.current_player)[1]
    g.apply("play #2")
    assert g.log[-1].action.card == card


def test_the_deal_event_explains_itself():
    g = truco.Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], dealer=1)
    assert g.log[0].kind == "deal" and g.log[0].explain() == "Player 1 deals."


def test_the_end_of_the_game_is_a_verdict():
    g = truco.Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]],
                             dealer=1, score=(10, 3))
    g.apply("accept")  # the hand of ten: play for 4
    for card in ["4c", "3d", "7h", "2s"]:
        g.apply("play " + card)
    end = g.log[-1]
    assert g.is_over and end.kind == "game"
    assert (end.verdict.reason, end.verdict.winner, end.verdict.score) == ("target_reached", 0,
                                                                           (14, 3))
    assert end.explain() == ("Team A wins the game, 14 to 3: the first side to reach 12 points "
                             "wins the game.")


def test_mon_reste_and_the_iron_hand_say_why_the_game_ended():
    g = truco.Game.from_deal("truc", hands=[["7c", "8d", "9s"], ["Ac", "Kd", "10s"]],
                             score=(4, 9))
    for a in ["mon reste", "mon reste", "play 7c", "play Ac", "play 8d", "play Kd"]:
        g.apply(a)
    assert g.log[-1].verdict.reason == "mon_reste" and g.winner == 0
    g = truco.Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]],
                             dealer=1, score=(10, 10))
    for a in ["play 4c", "play 3d", "play 7h", "play 2s"]:
        g.apply(a)
    assert g.log[-1].verdict.reason == "iron_hand" and "iron hand" in g.log[-1].explain()


def test_son_buenas_is_logged_as_its_own_kind():
    g = truco.Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]],
                             dealer=1)
    for a in ["envido", "quiero"]:
        g.apply(a)
    g.apply("son buenas")
    assert [e.kind for e in g.log if e.action is not None][-1] == "son_buenas"


def test_an_accepted_truc_redeal_survives_the_notation():
    g = truco.Game("truc", seed=3)
    g.apply("redeal")
    g.apply("accept")
    assert "redeal" not in [str(a) for a in g.legal_actions()]
    again = truco.from_notation(g.notation())
    assert again.notation() == g.notation()
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in g.legal_actions()]
