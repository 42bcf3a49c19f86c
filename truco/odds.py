"""Exact odds for the numbers lesson, counted over every possible deal (no simulation).

Every function returns exact fractions (:class:`fractions.Fraction`), counted by combinatorics
or by enumerating every hand of three cards, with the engine's own ranking and points rules.

>>> from truco import odds
>>> odds.manilha_chance("mineiro")                # 1 - C(36,3) / C(40,3)
Fraction(137, 494)
>>> odds.manilha_chance("paulista")               # the vira leaves 39 cards, 4 of them manilhas
Fraction(2594, 9139)
>>> float(odds.flor_chance("argentino"))          # 3 cards of one suit: 4 * C(10,3) / C(40,3)
0.048582995951417005
>>> odds.envido_distribution("argentino")[33]     # 7 and 6 of a suit, any third card
Fraction(1, 65)
"""
from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb

from .cards import Card
from .points import envido, flor
from .presets import variant as get_variant

__all__ = ["envido_distribution", "envido_at_least", "first_card_wins", "flor_chance",
           "lead_card_table", "manilha_chance", "manilha_count_distribution"]

HAND = 3


def _v(variant):
    return get_variant(variant)


def _viras(v):
    """The possible viras (None when the variant turns none up), each equally likely."""
    return list(v.deck) if v.uses_vira else [None]


# --- manilhas ------------------------------------------------------------------------------------
@lru_cache(maxsize=32)
def manilha_count_distribution(variant="mineiro", cards: int = HAND) -> dict:
    """{k: chance of holding exactly k special cards (manilhas, bravas...) in ``cards`` cards}.

    With a vira, the vira is a random card and the hand comes from the 39 others (the vira is
    turned up after the deal, which gives the same odds).

    >>> manilha_count_distribution("mineiro")     # 4 manilhas among 40 cards
    {0: Fraction(357, 494), 1: Fraction(63, 247), 2: Fraction(27, 1235), 3: Fraction(1, 2470)}
    """
    v = _v(variant)
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    viras = _viras(v)
    for vira in viras:
        special = set(v.manilhas(vira))
        rest = [c for c in v.deck if c != vira]
        k_special = sum(1 for c in rest if c in special)
        total = comb(len(rest), cards)
        for k in range(0, min(cards, k_special) + 1):
            out[k] += Fraction(comb(k_special, k) * comb(len(rest) - k_special, cards - k),
                               total * len(viras))
    return dict(sorted(out.items()))


def manilha_chance(variant="mineiro", cards: int = HAND) -> Fraction:
    """The chance of holding at least one special card (manilha) in ``cards`` cards.

    >>> manilha_chance("mineiro", cards=1)        # 4 of the 40 cards
    Fraction(1, 10)
    """
    return 1 - manilha_count_distribution(variant, cards).get(0, Fraction(0))


# --- envido and flor -----------------------------------------------------------------------------
def _all_hands(v, muestra=None):
    deck = [c for c in v.deck if c != muestra]
    return combinations(deck, HAND)


@lru_cache(maxsize=64)
def _envido_counts(variant, muestra=None) -> tuple:
    v = _v(variant)
    m = v.card(muestra) if muestra is not None else None
    counts: Counter = Counter()
    hands = 0
    for hand in _all_hands(v, m):
        counts[envido(hand, m)] += 1
        hands += 1
    return tuple(sorted(counts.items())), hands


def _canonical(v, muestra):
    """Suits play symmetric parts in envido and flor: count with the muestra's rank in the
    first suit (same odds, a quarter of the work)."""
    if muestra is None:
        return None
    card = v.card(muestra)
    first = v.deck[0].suit
    return v.card(f"{card.code[:-1]}{first}").code


def _muestras(v):
    """One muestra per rank (the suits are symmetric), each standing for four."""
    first = v.deck[0].suit
    return [c.code for c in v.deck if c.suit == first]


def envido_distribution(variant="argentino", muestra=None) -> dict:
    """{points: chance} of the envido of three cards dealt from the deck, every hand counted
    once (with a muestra, the hands come from the 39 other cards and piezas count; for a
    variant with a muestra and none given, every muestra is equally likely).

    >>> d = envido_distribution("argentino")
    >>> min(d), max(d), d[0], sum(d.values())    # 0: three figures of different suits
    (0, 33, Fraction(27, 2470), Fraction(1, 1))
    """
    v = _v(variant)
    if muestra is None and v.specials == "muestra":
        out: Counter = Counter()
        ranks = _muestras(v)
        for m in ranks:
            for points, p in envido_distribution(v, m).items():
                out[points] += p / len(ranks)
        return dict(sorted(out.items()))
    counts, hands = _envido_counts(v, _canonical(v, muestra))
    return {points: Fraction(k, hands) for points, k in counts}


def envido_at_least(points: int, variant="argentino", muestra=None) -> Fraction:
    """The chance of an envido of ``points`` or more.

    >>> envido_at_least(30, "argentino"), envido_at_least(34, "argentino")
    (Fraction(219, 2470), Fraction(0, 1))
    """
    return sum((p for e, p in envido_distribution(variant, muestra).items() if e >= points),
               Fraction(0))


@lru_cache(maxsize=64)
def _flor_count(variant, muestra=None) -> tuple:
    v = _v(variant)
    m = v.card(muestra) if muestra is not None else None
    yes = hands = 0
    for hand in _all_hands(v, m):
        hands += 1
        if flor(hand, m) is not None:
            yes += 1
    return yes, hands


def flor_chance(variant="argentino", muestra=None) -> Fraction:
    """The chance of being dealt flor (three cards of one suit; with a muestra, piezas count
    too, as the engine's flor rule says; for a variant with a muestra and none given, every
    muestra is equally likely).

    >>> flor_chance("uruguayo", muestra="5o")     # the piezas make flor about 3 times as likely
    Fraction(1419, 9139)
    """
    v = _v(variant)
    if muestra is None and v.specials == "muestra":
        ranks = _muestras(v)
        return sum((flor_chance(v, m) for m in ranks), Fraction(0)) / len(ranks)
    yes, hands = _flor_count(v, _canonical(v, muestra))
    return Fraction(yes, hands)


# --- the first card of the hand ------------------------------------------------------------------
def _levels(v, vira):
    """[(strength, number of cards)] of the deck less the vira."""
    strength = v.ranking(vira).strength if v.uses_vira else v.ranking().strength
    counts = Counter(strength[c.id] for c in v.deck if c != vira)
    return sorted(counts.items())


@lru_cache(maxsize=64)
def first_card_wins(variant="mineiro", players: int = 2) -> Fraction:
    """The chance the hand's first card wins the first trick, when every player plays a card
    at random: it must beat each of the other ``players - 1`` cards of the trick (a card of
    equal strength ties it).

    >>> first_card_wins("mineiro"), round(float(first_card_wins("mineiro", players=4)), 3)
    (Fraction(731, 1560), 0.224)
    """
    v = _v(variant)
    total = Fraction(0)
    viras = _viras(v)
    for vira in viras:
        levels = _levels(v, vira)
        cards = sum(k for _s, k in levels)
        below = 0
        ways = comb(cards - 1, players - 1)
        for _s, k in levels:
            total += Fraction(k, cards) * Fraction(comb(below, players - 1), ways) / len(viras)
            below += k
    return total


@lru_cache(maxsize=64)
def lead_card_table(variant="mineiro", players: int = 2, vira=None) -> tuple:
    """For each card of the ranking (strongest first): (cards, chance it wins the trick, chance
    it is tied), led against opponents who answer with their best card.

    The opponents' ``3 * players // 2`` cards are any of the cards the leader does not hold
    (the leader's other two cards are unknown too, so every other card is equally likely);
    the lead wins when none of them is as strong, and is tied when the best equals it.

    >>> table = lead_card_table("mineiro")
    >>> table[0], table[1]                        # the Zap always wins; Copas loses to the Zap
    ((('4c',), Fraction(1, 1), Fraction(0, 1)), (('7h',), Fraction(12, 13), Fraction(0, 1)))
    >>> table[-1][0]                              # the weakest common cards: the other fours
    ('4h', '4s', '4d')
    """
    v = _v(variant)
    vira_card = v.card(vira) if vira is not None else None
    if v.uses_vira and vira_card is None:
        raise ValueError(f"{v.name} needs the vira to rank cards")
    levels = _levels(v, vira_card)
    cards = sum(k for _s, k in levels)
    opp = HAND * (players // 2)
    ways = comb(cards - 1, opp)
    ranking = v.ranking(vira_card) if v.uses_vira else v.ranking()
    rows, below = [], 0
    by_strength: dict[int, tuple[Card, ...]] = {}
    for lv in ranking.levels:
        by_strength.setdefault(ranking.strength[lv.cards[0].id], lv.cards)
    for s, k in levels:
        win = Fraction(comb(below, opp), ways)
        tie = Fraction(comb(below + k - 1, opp), ways) - win
        codes = tuple(c.code for c in by_strength[s] if c != vira_card)
        rows.append((codes, win, tie))
        below += k
    return tuple(reversed(rows))
