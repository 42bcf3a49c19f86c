"""Per-variant tables the game's hot path reads instead of recomputing: built once per
:class:`~truco.variants.Variant` value (kept in its cache) and shared by all its games.

Everything here is derived from the rules value; nothing is game state. The game indexes
these tables by integer card ids, so dealing, playing and listing the legal actions never
parse a card code or compare strings.

>>> from truco import variant
>>> t = tables(variant("mineiro"))
>>> t.next_rung[2], t.next_rung[12], str(t.plays[t.deck[0].id])
(4, None, 'play Ac')
>>> tables(variant("mineiro")) is t
True
"""
from __future__ import annotations

from .actions import FOLD, PLAY, RAISE, action_table
from .cards import ALL_CARDS


class Tables:
    """What a variant's games look up on every deal and decision (see the module doc).

    >>> t = tables(variant("paulista"))
    >>> t.next_rung, t.fixed_ranking, t.raise_fold
    ({1: 3, 3: 6, 6: 9, 9: 12, 12: None}, None, [Action('raise'), Action('fold')])
    >>> t.steps[2][-1]   # 2 players: 6 cards and the vira, the 7th drawn from 34 left
    (6, 34)
    """

    __slots__ = ("variant", "table", "plays", "next_rung", "deck", "steps", "fixed_ranking",
                 "rankings", "raise_fold", "fold_only", "envido", "flor",
                 "muestra", "hand_of", "bets")

    def __init__(self, v):
        self.variant = v
        self.table = table = action_table(v)
        plays = [None] * len(ALL_CARDS)
        for card_id, action in table[PLAY].items():
            plays[card_id] = action
        self.plays = plays  # the play action of a card, by card id
        ladder = [v.base_value] + [value for _name, value in v.ladder]
        next_rung = dict(zip(ladder, ladder[1:] + [None]))
        if v.mon_reste:
            # A hand raised by mon reste may be worth a value off the ladder: no rung above it.
            for value in range(v.target + 1):
                next_rung.setdefault(value, None)
        self.next_rung = next_rung
        self.deck = v.deck
        # The partial Fisher-Yates shuffle of a deal, per player count: (index, cards left).
        size = len(self.deck)
        vira = 1 if v.uses_vira else 0
        self.steps = {n: tuple((i, size - i) for i in range(3 * n + vira)) for n in v.players}
        self.fixed_ranking = None if v.uses_vira else v.ranking()
        self.rankings = [None] * len(ALL_CARDS)  # by vira id, filled on first use
        self.raise_fold = [table[RAISE], table[FOLD]]
        self.fold_only = [table[FOLD]]
        self.envido, self.flor = v.envido, v.flor
        self.muestra = v.specials == "muestra"
        self.hand_of = v.hand_of
        self.bets = {}  # the envido bets that may follow a sequence of bets (side_bets)

    def ranking(self, vira):
        """The ranking for a vira card (cached by its id).

        >>> v = variant("paulista")
        >>> r = tables(v).ranking(v.card("3s"))
        >>> r.rows()[0], r is tables(v).ranking(v.card("3s"))
        ((1, 'manilha', ['4c']), True)
        """
        ranking = self.rankings[vira.id]
        if ranking is None:
            ranking = self.rankings[vira.id] = self.variant.ranking(vira)
        return ranking

    def __deepcopy__(self, memo):
        return self  # derived from a frozen rules value: shared, never copied


def tables(variant) -> Tables:
    """The :class:`Tables` of a variant, built on first use and kept in its cache: another
    value with other options has its own.

    >>> tables(variant("mineiro")).fixed_ranking is variant("mineiro").ranking()
    True
    >>> tables(variant("argentino", target=15)) is tables(variant("argentino"))
    False
    """
    t = variant._cache.get("tables")
    if t is None:
        t = variant._cache["tables"] = Tables(variant)
    return t
