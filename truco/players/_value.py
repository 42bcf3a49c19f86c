"""What a score is worth: the chance of winning the game from it.

A simple race between two equal sides (each hand won by either side with probability 1/2, worth
the base value most often and a rung or two of the ladder otherwise) gives, for every score, the
chance the first side reaches the target first. Players use it to weigh points near the end of
a game: two points matter more at 10 to 11 than at 0 to 0.
"""
from __future__ import annotations

from functools import lru_cache

# How often a hand ends at the base value, the first rung and the second rung.
HAND_VALUE_MIX = (0.6, 0.3, 0.1)


@lru_cache(maxsize=64)
def win_table(variant) -> tuple:
    """``table[a][b]``: the chance a side on ``a`` points beats a side on ``b`` (both below the
    target)."""
    target = variant.target
    values = [variant.base_value] + [v for _n, v in variant.ladder]
    mix = [(w, values[i]) for i, w in enumerate(HAND_VALUE_MIX) if i < len(values)]
    total = sum(w for w, _v in mix)
    mix = [(w / total, v) for w, v in mix]
    table = [[0.0] * target for _a in range(target)]
    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            p = 0.0
            for w, v in mix:
                p += w * 0.5 * (1.0 if a + v >= target else table[a + v][b])
                p += w * 0.5 * (0.0 if b + v >= target else table[a][b + v])
            table[a][b] = p
    return tuple(tuple(row) for row in table)


def game_chance(variant, mine: int, theirs: int) -> float:
    """The chance a side on ``mine`` points wins the game against one on ``theirs``."""
    target = variant.target
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return win_table(variant)[mine][theirs]


def outcome_value(variant, score, team, winner, points) -> float:
    """The game chance of ``team`` after a hand won by ``winner`` (None: nobody) for
    ``points``, from ``score`` (team 0, team 1)."""
    mine, theirs = score[team], score[1 - team]
    if winner == team:
        mine += points
    elif winner is not None:
        theirs += points
    return game_chance(variant, mine, theirs)
