"""Card rankings: commons, fixed manilhas, the vira's rotating manilhas, cartas bravas.

A ranking is a table of levels, strongest first. Each level holds cards of equal strength.
For speed the engine also keeps, per ranking, a list ``strength`` indexed by card id
(higher is stronger, -1 for cards outside the deck).
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import ALL_CARDS, Card
from .i18n import _, sequence

COMMON, MANILHA, BRAVA, PIEZA, MATA = "common", "manilha", "brava", "pieza", "mata"
SPECIAL_KINDS = (MANILHA, BRAVA, PIEZA, MATA)
# The Brazilian cycle: the manilha is the rank just above the vira (cyclic).
PAULISTA_CYCLE = (4, 5, 6, 7, 12, 11, 13, 1, 2, 3)
MANILHA_SUITS = ("c", "h", "s", "d")  # clubs (Zap) > hearts (Copas) > spades > diamonds
MANILHA_NICKNAMES = {"c": "Zap", "h": "Copas", "s": "Espadilha", "d": "Pica-fumo"}


@dataclass(frozen=True)
class Level:
    """One level of a ranking: cards of equal strength.

    >>> truco.variant("argentino").ranking().levels[6]
    Level(position=7, kind='common', cards=(Card('1o'), Card('1c')))
    """

    position: int  # 1 = strongest
    kind: str  # common / manilha / brava / pieza / mata
    cards: tuple[Card, ...]

    def describe(self) -> str:
        """The level in words: its position and its cards' names.

        >>> truco.variant("argentino").ranking().levels[6].describe()
        '7. 1 of oros, 1 of copas'
        """
        names = sequence(c.name() for c in self.cards)
        return _("{position}. {cards}").format(position=self.position, cards=names)


class Ranking:
    """A ranking table, strongest first. Printable: ``print(ranking)``.

    >>> r = truco.variant("truc").ranking()
    >>> print(r)
     1. 7c 7h 7s 7d
     2. 8c 8h 8s 8d
     3. Ac Ah As Ad
    ...
     8. 9c 9h 9s 9d
    >>> r.strength[truco.variant("truc").card("8d").id]   # 8 levels: the top one is 7
    6
    """

    __slots__ = ("levels", "strength", "kind", "vira", "_level_of")

    def __init__(self, levels: list[tuple[str, tuple[Card, ...]]], vira: Card | None = None):
        self.vira = vira
        self.levels = tuple(Level(i + 1, kind, cards) for i, (kind, cards) in enumerate(levels))
        strength = [-1] * len(ALL_CARDS)
        kind: list[str | None] = [None] * len(ALL_CARDS)
        level_of = {}
        top = len(self.levels)
        for level in self.levels:
            for card in level.cards:
                strength[card.id] = top - level.position
                kind[card.id] = level.kind
                level_of[card.id] = level
        self.strength = strength
        self.kind = kind
        self._level_of = level_of

    def level(self, card: Card) -> Level:
        """The level that holds ``card`` (a Card of the ranking's deck).

        >>> v = truco.variant("mineiro")
        >>> lv = v.ranking().level(v.card("7d"))
        >>> lv.position, lv.kind
        (4, 'manilha')
        """
        return self._level_of[card.id]

    def specials(self) -> tuple[Card, ...]:
        """Every card above the commons, strongest first.

        >>> truco.variant("argentino").ranking().specials()
        (Card('1e'), Card('1b'), Card('7e'), Card('7o'))
        >>> truco.variant("truc").ranking().specials()
        ()
        """
        return tuple(c for lv in self.levels if lv.kind in SPECIAL_KINDS for c in lv.cards)

    def rows(self) -> list[tuple[int, str, list[str]]]:
        """The table as rows: (position, kind, [card codes]).

        >>> truco.variant("paulista").ranking(vira="3s").rows()[3:5]   # a vira of 3: the 4s
        [(4, 'manilha', ['4d']), (5, 'common', ['3c', '3h', '3s', '3d'])]
        """
        return [(lv.position, lv.kind, [c.code for c in lv.cards]) for lv in self.levels]

    def __str__(self) -> str:
        lines = []
        for lv in self.levels:
            tag = "" if lv.kind == COMMON else f" [{_(lv.kind)}]"
            lines.append(f"{lv.position:>2}. {' '.join(c.code for c in lv.cards)}{tag}")
        return "\n".join(lines)


def build_levels(deck, order, specials, kind_of_special) -> list[tuple[str, tuple[Card, ...]]]:
    """Levels: each special card alone (or grouped, when a tuple), then commons by rank order.

    ``order`` lists common ranks strongest first; an item may instead be a tuple of card
    codes, e.g. ``("1o", "1c")``, for a level of named cards. A card already placed is not
    placed again, and a level left empty is dropped.

    >>> from truco.cards import DECKS, card_from_code
    >>> deck = [c for c in DECKS["french40"] if c.suit == "c"]
    >>> zap = card_from_code("french", "4c")
    >>> build_levels(deck, (3, ("Ac",), 4), [zap], lambda c: MANILHA)
    [('manilha', (Card('4c'),)), ('common', (Card('3c'),)), ('common', (Card('Ac'),))]
    """
    levels: list[tuple[str, tuple[Card, ...]]] = []
    used: set[int] = set()  # card ids
    for group in specials:
        cards = tuple(group) if isinstance(group, tuple) else (group,)
        levels.append((kind_of_special(cards[0]), cards))
        used.update(c.id for c in cards)
    for item in order:
        if isinstance(item, int):
            cards = tuple(c for c in deck if c.rank == item and c.id not in used)
        else:
            cards = tuple(c for c in deck if c.code in item and c.id not in used)
        if cards:
            levels.append((COMMON, cards))
            used.update(c.id for c in cards)
    return levels
