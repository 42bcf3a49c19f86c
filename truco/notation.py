"""The hand notation (one line a hand, round-trips) and the per-seat observation.

A hand is written as its deal, then the actions in order (a card code is a play; words are
joined by '-'):

>>> from truco import Game
>>> g = Game.from_deal("paulista", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], vira="3s")
>>> for a in ["play 4c", "raise", "accept", "play 2s"]:
...     _ = g.apply(a)
>>> text = g.notation(); text
'paulista 2p dealer=1 score=0-0 vira=3s hands=4c,7h,As/3d,2s,Kc : 4c raise accept 2s'
>>> from_notation(text).notation() == text
True
"""
from __future__ import annotations

from .errors import IllegalAction
from .game import Game
from .header import _preset, _value, header, parse_header
from .i18n import _
from .truc import mark_redealt
from .observation import Observation, observe


def from_notation(text: str, seed=None):
    """Rebuild a game from one hand's notation, replaying its actions; an illegal action
    raises IllegalAction, saying which and why.

    >>> g = from_notation("mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc : raise accept 4c")
    >>> g.hand_value, g.current_player
    (4, 1)
    >>> try: from_notation("mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc : 4c 7h")
    ... except IllegalAction as err: print(err.reason, "-", err)
    not_your_card - action 2 (7h) of the notation is illegal: 7 of hearts is not in player 1's
    hand
    """
    head, _sep, actions = text.partition(" : ")
    deal = parse_header(head)
    redealt = deal.pop("redealt", False)
    game = Game.from_deal(seed=seed, **deal)
    if redealt:
        mark_redealt(game)
    for i, token in enumerate(actions.split()):
        word = token.replace("-", " ")
        try:
            game.apply(word if " " in word or word in game._table else f"play {word}")
        except IllegalAction as err:
            raise IllegalAction(_("action {n} ({token}) of the notation is illegal: {why}")
                                .format(n=i + 1, token=token, why=err), reason=err.reason) \
                from None
    return game


__all__ = ["Observation", "from_notation", "header", "observe", "parse_header", "_preset",
           "_value"]
