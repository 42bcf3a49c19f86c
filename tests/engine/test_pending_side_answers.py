"""Playing a card while a side bet waits for its answer says so (issue 19, item 1).

Before, a card played while an envido waited for its answer was refused as
"card_not_in_hand" ("4 of espadas is not in your hand"), although the card was in the hand:
the same mistake while a Truco waits gives "answer_pending".
"""
import truco


def game(name="argentino", **options):
    hands = [["4e", "7c", "1o"], ["5b", "6b", "12c"]]
    return truco.Game.from_deal(truco.variant(name, **options), hands=hands, dealer=1)


def test_a_card_played_while_a_truco_waits_is_answer_pending():
    g = game()
    g.apply("raise")
    err = g.why_not("play 5b")
    assert err.reason == "answer_pending"


def test_a_card_played_while_an_envido_waits_is_answer_pending_not_card_not_in_hand():
    g = game()
    g.apply("envido")
    assert g.phase == "envido" and g.current_player == 1
    err = g.why_not("play 5b")
    assert err is not None and err.reason == "answer_pending"
    assert str(err) == "an envido must be answered first: quiero, no quiero or a raise"
    # A card of another player's hand: the envido still comes first (as with a Truco).
    assert g.why_not("play 4e").reason == "answer_pending"
    # The game is unchanged and the answer is still asked.
    assert [str(a) for a in g.legal_actions()][:2] == ["quiero", "no quiero"]


def test_the_answer_pending_error_is_raised_by_apply_too():
    g = game()
    g.apply("envido")
    before = g.notation()
    try:
        g.apply("play 5b")
    except truco.IllegalAction as err:
        assert err.reason == "answer_pending"
    else:
        raise AssertionError("a card was played while the envido waited")
    assert g.notation() == before


def test_a_card_played_while_a_flor_waits_is_answer_pending():
    hands = [["1c", "4c", "7c"], ["1b", "5b", "6b"]]
    g = truco.Game.from_deal(truco.variant("argentino", flor=True), hands=hands, dealer=1)
    g.apply("flor")
    assert g.phase == "flor" and g.current_player == 1
    err = g.why_not("play 5b")
    assert err.reason == "answer_pending"


def test_a_card_played_while_son_buenas_is_owed_is_answer_pending():
    hands = [["7e", "6e", "1o"], ["4b", "5c", "12c"]]
    g = truco.Game.from_deal("argentino", hands=hands, dealer=1)
    g.apply("envido")
    g.apply("quiero")
    assert g.phase == "declare" and g.current_player == 1
    assert g.why_not("play 5c").reason == "answer_pending"
