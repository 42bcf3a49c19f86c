"""Computer players at several strengths, each a policy over observations.

``truco.players.get(name, variant=None, **budget)`` builds one; :data:`PLAYERS` lists them by
name. A player is given only what its seat may see (``game.observation(seat)``) and answers
with an action and one sentence saying why:

>>> import random, truco
>>> from truco import players
>>> g = truco.Game.from_deal("mineiro", hands=[["Kc", "3h", "5s"], ["Kd", "Qs", "6c"]])
>>> action, reason = players.get("basic").choose(g.observation(0), random.Random(1))
>>> action
'play Kc'
>>> print(reason)
You open the hand with your middle card, the king of clubs, keeping your best for later.
>>> sorted(PLAYERS)
['basic', 'random', 'strong']
"""
from __future__ import annotations

from ._base import Player
from .basic import BasicPlayer
from .loop import play_computers
from .random import RandomPlayer
from .strong import StrongPlayer

PLAYERS: dict[str, type[Player]] = {
    "random": RandomPlayer,
    "basic": BasicPlayer,
    "strong": StrongPlayer,
}


def get(name: str, variant=None, **options) -> Player:
    """A new player by name (``random``, ``basic`` or ``strong``); ``variant`` gives the rule
    options of the game it plays; ``options`` its budget (``strong``: ``worlds``,
    ``time_limit``).

    >>> get("Strong", worlds=8).worlds
    8
    >>> get("grandmaster")
    Traceback (most recent call last):
    ValueError: unknown player 'grandmaster'; players: random, basic, strong
    """
    try:
        cls = PLAYERS[str(name).strip().lower()]
    except KeyError:
        raise ValueError(f"unknown player {name!r}; players: {', '.join(PLAYERS)}") from None
    return cls(variant=variant, **options)


__all__ = ["PLAYERS", "BasicPlayer", "Player", "RandomPlayer", "StrongPlayer", "get",
           "play_computers"]
