"""Envido and flor points, with and without the Uruguayan muestra.

>>> envido(["7e", "6e", "1o"]), envido(["10e", "11b", "4o"]), envido(["12e", "5e", "3c"])
(33, 4, 25)
>>> flor(["7o", "6o", "5o"]), flor(["7o", "6o", "5c"])
(38, None)
>>> envido(["2o", "7c", "1e"], muestra="3o")   # the 2 of the muestra's suit is a pieza: 30 + 7
37
>>> flor(["2o", "4o", "7e"], muestra="3o")    # two piezas: 30 + 9 (the 4's last digit) + 7
46
>>> envido_verdict(["7e", "6e", "1o"]).explain()
'7 of espadas and 6 of espadas are of one suit: 7 + 6 + 20 = 33.'
"""
from __future__ import annotations

from functools import lru_cache

from .cards import ALL_CARDS, SPANISH, SUITS, Card, card_from_code
from .errors import CardError
from .i18n import _, chain, format_list, number, sequence
from .verdicts import Verdict
from .reasons import RULES, TEXTS, Reason

PIEZA_ORDER = (2, 4, 5, 11, 10)  # strongest first (Uruguay)
PIEZA_POINTS = {2: 30, 4: 29, 5: 28, 11: 27, 10: 27}


def _cards(cards) -> list[Card]:
    out = [c if c.__class__ is Card and c.family == SPANISH else card_from_code(SPANISH, c)
           for c in cards]
    if len(out) != 3 or len(set(out)) != 3:
        raise CardError(_("envido and flor count a hand of three different cards, not {cards}")
                        .format(cards=sequence(str(c) for c in out)), reason=Reason.BAD_HAND)
    return out


@lru_cache(maxsize=128)
def piezas(muestra) -> dict:
    """The piezas for a muestra, strongest first: ``{card: envido points}``.

    The 12 of the muestra's suit takes the muestra's place when the muestra is itself a pieza.

    >>> piezas("3o")
    {Card('2o'): 30, Card('4o'): 29, Card('5o'): 28, Card('11o'): 27, Card('10o'): 27}
    >>> list(piezas("4o"))[:2]   # the muestra lies face up: the 12 of oros counts 29 instead
    [Card('2o'), Card('12o')]
    """
    if muestra is None:
        return {}
    m = card_from_code(SPANISH, muestra)
    out = {}
    for rank in PIEZA_ORDER:
        card = card_from_code(SPANISH, f"{12 if rank == m.rank else rank}{m.suit}")
        out[card] = PIEZA_POINTS[rank]
    return out


def card_points(card: Card, pieza_points: dict) -> int:
    """A card's envido value: a pieza's own value, 1 to 7 at face value, figures 0.

    >>> from truco.cards import card_from_code
    >>> [card_points(card_from_code("spanish", c), piezas("3o")) for c in ("4o", "6c", "11b")]
    [29, 6, 0]
    """
    if card in pieza_points:
        return pieza_points[card]
    return card.rank if card.rank <= 7 else 0


class EnvidoVerdict(Verdict):
    """Envido or flor points of a hand, with the cards that count: ``points``, ``cards``, their
    ``values`` and the ``bonus`` of 20 for cards of one suit.

    >>> v = envido_verdict(["7e", "6e", "1o"])
    >>> v.reason, v.points, v.cards, v.values, v.bonus
    ('two_of_a_suit', 33, (Card('7e'), Card('6e')), (7, 6), 20)
    """

    __slots__ = ("cards", "values", "bonus")

    def __init__(self, reason, points, cards, values, bonus):
        super().__init__("points", reason, None, points)
        self.cards, self.values, self.bonus = tuple(cards), tuple(values), bonus

    def rule(self) -> str:
        """The counting rule that gave these points, in the current language.

        >>> envido_verdict(["10e", "11b", "4o"]).rule()
        'with no two cards of one suit, the highest card counts alone'
        """
        return _(POINTS_RULES[self.reason])

    def explain(self) -> str:
        """The count in a sentence: the cards that count and their sum.

        >>> envido_verdict(["2o", "7c", "1e"], muestra="3o").explain()
        '2 of oros and 7 of copas: the pieza counts 30 + 7 = 37.'
        """
        names = format_list([c.name() for c in self.cards])  # '7 of espadas and 6 of espadas'
        # the sum, left to right in every language: '7 + 6 + 20'
        terms = chain((number(v) for v in self.values + ((self.bonus,) if self.bonus else ())),
                      " + ")
        fmt = dict(cards=names, sum=terms, points=self.points)
        return _(POINTS_TEXT[self.reason]).format(**fmt)

    def _key(self):
        return super()._key() + (tuple(c.id for c in self.cards),)


# The rules and sentences live in truco.reasons (one table for every verdict).
POINTS_RULES, POINTS_TEXT = RULES, TEXTS


def envido_verdict(cards, muestra=None) -> EnvidoVerdict:
    """The envido points of three ``cards`` as a verdict that explains the count.

    >>> v = envido_verdict(["12e", "5b", "4o"])   # no two of one suit: the 5 counts alone
    >>> v.reason, v.points, v.cards
    ('highest_card', 5, (Card('5b'),))
    >>> envido_verdict(["2o", "7c", "1e"], muestra="3o").reason
    'pieza'
    >>> try: envido_verdict(["7e", "7e", "1o"])
    ... except truco.CardError as e: print(e.reason)
    bad_hand
    """
    hand = _cards(cards)
    pp = piezas(muestra)
    mine = sorted((c for c in hand if c in pp), key=lambda c: -pp[c])
    if mine:
        best = mine[0]
        others = sorted((c for c in hand if c is not best),
                        key=lambda c: -(card_points(c, pp) % 10))
        other = others[0]
        value = card_points(other, pp) % 10
        return EnvidoVerdict(Reason.PIEZA, pp[best] + value, (best, other), (pp[best], value), 0)
    suited: EnvidoVerdict | None = None  # the best two cards of one suit
    for suit in {c.suit for c in hand}:
        same = sorted((c for c in hand if c.suit == suit), key=lambda c: -card_points(c, pp))
        if len(same) >= 2:
            pair = same[:2]
            points = 20 + sum(card_points(c, pp) for c in pair)
            if suited is None or points > suited.points:
                suited = EnvidoVerdict(Reason.TWO_OF_A_SUIT, points, pair,
                                       [card_points(c, pp) for c in pair], 20)
    if suited is not None:
        return suited
    top = max(hand, key=lambda c: card_points(c, pp))
    return EnvidoVerdict(Reason.HIGHEST_CARD, card_points(top, pp), (top,), (card_points(top, pp),), 0)


def flor_verdict(cards, muestra=None) -> EnvidoVerdict | None:
    """The flor of a hand, or None. With a muestra: two piezas, or a pieza and two cards of one
    suit, or three cards of one suit (the rules of gotruco, Uruguay's most tested engine).

    >>> f = flor_verdict(["7o", "6o", "5o"])
    >>> f.reason, f.points, flor_verdict(["7o", "6o", "5c"])
    ('flor', 38, None)
    >>> flor_verdict(["2o", "7e", "6e"], muestra="3o").explain()   # a pieza and two espadas
    'Flor with piezas, 2 of oros, 7 of espadas, and 6 of espadas: 30 + 7 + 6 = 43.'
    """
    hand = _cards(cards)
    pp = piezas(muestra)
    if hand[0].suit != hand[1].suit and hand[1].suit != hand[2].suit and \
            hand[0].suit != hand[2].suit and not any(c in pp for c in hand):
        return None  # the common case, decided at once
    mine = sorted((c for c in hand if c in pp), key=lambda c: -pp[c])
    rest = [c for c in hand if c not in pp]
    if len(mine) >= 2 or (len(mine) == 1 and rest[0].suit == rest[1].suit):
        best, others = mine[0], [c for c in hand if c is not mine[0]]
        values = [pp[best]] + [card_points(c, pp) % 10 for c in others]
        return EnvidoVerdict(Reason.FLOR_PIEZA, sum(values), [best] + others, values, 0)
    if len({c.suit for c in hand}) == 1:
        values = [card_points(c, pp) for c in hand]
        return EnvidoVerdict(Reason.FLOR, 20 + sum(values), hand, values, 20)
    return None


# --- the game's hot path: the same points from integer tables, no sorting or parsing ---------
_FACE = [c.rank if c.rank <= 7 else 0 for c in ALL_CARDS]  # a card's envido value, by id
_PIEZA_POINTS: dict = {}  # muestra id -> list by card id: a pieza's points, else 0


def pieza_points(muestra) -> list:
    """For a muestra card: a list by card id of each pieza's envido points (0 elsewhere).

    >>> v = variant("uruguayo")
    >>> table = pieza_points(v.card("3o"))
    >>> table[v.card("2o").id], table[v.card("10o").id], table[v.card("2e").id]
    (30, 27, 0)
    """
    table = _PIEZA_POINTS.get(muestra.id)
    if table is None:
        table = [0] * len(ALL_CARDS)
        for card, points in piezas(muestra).items():
            table[card.id] = points
        _PIEZA_POINTS[muestra.id] = table
    return table


_FLOR_CODES: dict = {}  # muestra id (or None) -> list by card id, see flor_codes()


def flor_codes(muestra) -> list:
    """By card id: the card's suit as one bit (1, 2, 4, 8), plus 16 for a pieza of
    ``muestra``. Or-ed over a hand, a value under 16 with more than one bit set means no
    flor, which is most hands.

    >>> v = variant("uruguayo")
    >>> codes = flor_codes(v.card("3o"))
    >>> [codes[v.card(c).id] for c in ("1e", "1b", "1o", "1c", "2o")]   # the 2o is a pieza
    [1, 2, 4, 8, 20]
    """
    key = None if muestra is None else muestra.id
    codes = _FLOR_CODES.get(key)
    if codes is None:
        pieza = [0] * len(ALL_CARDS) if muestra is None else pieza_points(muestra)
        codes = _FLOR_CODES[key] = [(1 << SUITS[c.family].index(c.suit)) |
                                    (16 if pieza[c.id] else 0) for c in ALL_CARDS]
    return codes


def _pieza_sum(pa, pb, pc, fa, fb, fc) -> tuple[int, int, int]:
    """(best pieza's points, and the last digits of the two other cards' values)."""
    va, vb, vc = (pa or fa) % 10, (pb or fb) % 10, (pc or fc) % 10
    if pa >= pb and pa >= pc:
        return pa, vb, vc
    if pb >= pc:
        return pb, va, vc
    return pc, va, vb


def hand_envido(cards, muestra=None) -> int:
    """:func:`envido` of three dealt cards (Card values), computed from integer tables.

    >>> v = variant("uruguayo")
    >>> hand_envido([v.card(c) for c in ("7e", "6e", "1o")])
    33
    >>> hand_envido([v.card(c) for c in ("2o", "7c", "1e")], muestra=v.card("3o"))
    37
    """
    a, b, c = cards
    fa, fb, fc = _FACE[a.id], _FACE[b.id], _FACE[c.id]
    if muestra is not None:
        pp = _PIEZA_POINTS.get(muestra.id) or pieza_points(muestra)
        pa, pb, pc = pp[a.id], pp[b.id], pp[c.id]
        if pa or pb or pc:  # the best pieza and the best last digit of the others
            best, x, y = _pieza_sum(pa, pb, pc, fa, fb, fc)
            return best + (x if x > y else y)
    sa, sb, sc = a.suit, b.suit, c.suit
    best = -1
    if sa == sb:
        best = 20 + fa + fb
    if sa == sc and 20 + fa + fc > best:
        best = 20 + fa + fc
    if sb == sc and 20 + fb + fc > best:
        best = 20 + fb + fc
    if best >= 0:
        return best
    return max(fa, fb, fc)


def hand_flor(cards, muestra=None):
    """:func:`flor` of three dealt cards (Card values), computed from integer tables.

    >>> v = variant("uruguayo")
    >>> def hand(*codes): return [v.card(c) for c in codes]
    >>> hand_flor(hand("7o", "6o", "5o")), hand_flor(hand("7o", "6o", "5c"))
    (38, None)
    >>> hand_flor(hand("2o", "4o", "7e"), muestra=v.card("3o"))
    46
    """
    a, b, c = cards
    sa, sb, sc = a.suit, b.suit, c.suit
    if muestra is not None:
        pp = _PIEZA_POINTS.get(muestra.id) or pieza_points(muestra)
        pa, pb, pc = pp[a.id], pp[b.id], pp[c.id]
        if pa or pb or pc:
            if (pa and (pb or pc or sb == sc)) or (pb and (pc or sa == sc)) or \
                    (pc and sa == sb):  # two piezas, or one and two cards of one suit
                best, x, y = _pieza_sum(pa, pb, pc, _FACE[a.id], _FACE[b.id], _FACE[c.id])
                return best + x + y
            return None
    if sa == sb == sc:
        return 20 + _FACE[a.id] + _FACE[b.id] + _FACE[c.id]
    return None


def envido(cards, muestra=None) -> int:
    """Envido points of three cards (0 to 33; with a muestra, Uruguayan piezas count).

    >>> envido(["12e", "11e", "10b"]), envido(["12e", "11b", "10o"]), envido(["1e", "1b", "1o"])
    (20, 0, 1)
    """
    return envido_verdict(cards, muestra).points


def flor(cards, muestra=None):
    """Flor points if the three cards make a flor, else None.

    >>> flor(["12c", "11c", "1c"]), flor(["12c", "11c", "1o"])
    (21, None)
    """
    verdict = flor_verdict(cards, muestra)
    return None if verdict is None else verdict.points
