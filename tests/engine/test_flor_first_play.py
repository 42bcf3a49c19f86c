"""Playing a card of one's own hand while a flor must be announced first says so.

Before, the flor duty made a card of the player's own hand be refused as "card_not_in_hand"
("4 of espadas is not in your hand"), although the card was in the hand; raising in the same
position already said "flor_first" ("announce your flor first").
"""
import pytest

import truco


def game(name="argentino", **options):
    # Player 0 (the mano) holds a flor of espadas; player 1 holds none.
    hands = [["4e", "7e", "1e"], ["5b", "6o", "12c"]]
    return truco.Game.from_deal(truco.variant(name, flor=True, **options), hands=hands, dealer=1)


def test_a_card_of_ones_own_hand_before_the_flor_is_flor_first():
    g = game()
    assert g.current_player == 0
    assert "flor" in [str(a) for a in g.legal_actions()]
    for card in ("4e", "7e", "1e"):
        err = g.why_not(f"play {card}")
        assert err is not None and err.reason == "flor_first", card
        assert str(err) == "announce your flor first"
    # The same reason raising gives in the same position.
    assert g.why_not("raise").reason == "flor_first"


def test_apply_raises_flor_first_and_leaves_the_game_as_it_was():
    g = game()
    before = g.notation()
    with pytest.raises(truco.IllegalAction) as info:
        g.apply("play 4e")
    assert info.value.reason == "flor_first"
    assert g.notation() == before and g.current_player == 0
    g.apply("flor")  # once the flor is sung, the card may be played
    assert g.current_player == 0 and g.why_not("play 4e") is None


def test_cards_not_in_ones_own_hand_keep_their_reasons():
    g = game()
    assert g.why_not("play 5b").reason == "not_your_card"  # the opponent's card
    assert g.why_not("play 3c").reason == "card_not_in_hand"  # a card nobody holds


@pytest.mark.parametrize("name", ["argentino", "uruguayo"])
def test_every_variant_with_flor(name):
    g = truco.Game.from_deal(truco.variant(name, flor=True),
                             hands=[["4e", "7e", "1e"], ["5b", "6o", "12c"]], dealer=1,
                             **({"vira": "3o"} if name == "uruguayo" else {}))
    err = g.why_not("play 7e")
    assert err is not None and err.reason == "flor_first"
