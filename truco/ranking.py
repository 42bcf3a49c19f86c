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
    """One level of a ranking: cards of equal strength."""

    position: int  # 1 = strongest
    kind: str  # common / manilha / brava / pieza / mata
    cards: tuple[Card, ...]

    def describe(self) -> str:
        names = sequence(c.name() for c in self.cards)
        return _("{position}. {cards}").format(position=self.position, cards=names)


class Ranking:
    """A ranking table, strongest first. Printable: ``print(ranking)``."""

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
        return self._level_of[card.id]

    def specials(self) -> tuple[Card, ...]:
        """Every card above the commons, strongest first."""
        return tuple(c for lv in self.levels if lv.kind in SPECIAL_KINDS for c in lv.cards)

    def rows(self) -> list[tuple[int, str, list[str]]]:
        """The table as rows: (position, kind, [card codes])."""
        return [(lv.position, lv.kind, [c.code for c in lv.cards]) for lv in self.levels]

    def __str__(self) -> str:
        lines = []
        for lv in self.levels:
            tag = "" if lv.kind == COMMON else f" [{_(lv.kind)}]"
            lines.append(f"{lv.position:>2}. {' '.join(c.code for c in lv.cards)}{tag}")
        return "\n".join(lines)


def build_levels(deck, order, specials, kind_of_special) -> list[tuple[str, tuple[Card, ...]]]:
    """Levels: each special card alone (or grouped, when a tuple), then commons by rank order.

    ``order`` lists common ranks strongest first; an item may be a tuple of cards codes
    groups, e.g. ``("1o", "1c")``, for a level of named cards.
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
