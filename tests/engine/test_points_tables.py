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


def test_flor_codes_never_rule_out_a_flor():
    for m in [None] + list(DECK):
        codes = points.flor_codes(m)
        for a, b, c in itertools.combinations(DECK, 3):
            if m in (a, b, c):
                continue
            x = codes[a.id] | codes[b.id] | codes[c.id]
            if x < 16 and x & (x - 1):  # ruled out
                assert points.hand_flor((a, b, c), m) is None, (a, b, c, m)
