"""The game's table-driven envido and flor points agree with the explained ones."""
import itertools

from truco import points
from truco.cards import DECKS, card_from_code

DECK = DECKS["spanish40"]


def test_hand_points_match_the_verdicts_for_every_hand():
    # No muestra; a muestra of a pieza's rank (the 12 of its suit becomes a pieza) or not.
    for code in (None, "2e", "3o", "11c"):
        m = None if code is None else card_from_code("spanish", code)
        for hand in itertools.combinations(DECK, 3):
            if m in hand:
                continue
            for cards in (hand, hand[::-1]):
                assert points.hand_envido(cards, m) == points.envido(cards, m), (cards, m)
                assert points.hand_flor(cards, m) == points.flor(cards, m), (cards, m)
