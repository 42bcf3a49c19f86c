"""What an action would score, asked before it is taken: :func:`preview` (``game.preview``).

A pure function: it reads the game and the resolutions' rules, and never changes the game.

>>> from truco import Game
>>> g = Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], dealer=1)
>>> p = g.preview("raise"); p.if_accepted, p.if_refused
(4, 2)
>>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]], dealer=1)
>>> _ = g.apply("envido"); p = g.preview("real envido"); p.if_accepted, p.if_refused
(5, 2)
"""
from __future__ import annotations

from dataclasses import dataclass

from .actions import (ACCEPT, ENVIDO, FALTA_ENVIDO, FOLD, MON_RESTE, NO_QUIERO, QUIERO, RAISE,
                      REAL_ENVIDO, REFUSE, parse_action)
from .reasons import GAME_RULES, RULES, Reason
from .resolve_side import envido_stakes, falta_envido


@dataclass(frozen=True)
class Preview:
    """What ``action`` would score: the hand's (or the bet's) worth ``if_accepted``, and the
    points the bettors' side scores ``if_refused`` (None where the action has no such
    figure), with ``reason`` the rule that says so (``rule()`` gives it in words).

    >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]], score=(10, 10))
    >>> g.preview("fold")   # the iron hand: going to the deck gives all the other side lacks
    Preview(action='fold', if_accepted=None, if_refused=2, reason='iron_hand')
    >>> g.preview("fold").rule()
    'in the iron hand, the winner of the hand wins the game'
    >>> Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]]).preview("fold").rule()
    "a side that goes to the deck gives the other side the hand's current value"
    """

    action: str
    if_accepted: int | None
    if_refused: int | None
    reason: Reason | None

    def rule(self) -> str:
        """The rule behind the figures, in the current language ('' for none).

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
        >>> g.preview("raise").rule(), g.preview("play 4c").rule()
        ('a raise is made on your turn before playing a card; the other side accepts, refuses or
        raises again', '')
        """
        from .i18n import _
        if self.reason is None:
            return ""
        # a bet's rule, or (the iron hand's fold) the rule that makes the hand the game's end
        return _(RULES[self.reason] if self.reason in RULES else GAME_RULES[self.reason])


def preview(game, action) -> Preview:
    """What ``action`` would score now in ``game`` if accepted and if refused; the game is
    not changed (an action the rules do not know raises ``IllegalAction``).

    >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
    >>> _ = g.apply("raise"); preview(g, "accept"), preview(g, "raise").if_accepted
    (Preview(action='accept', if_accepted=4, if_refused=2, reason='accepted'), 6)
    """
    act = parse_action(game.variant, action)
    kind, phase = act.kind, game.phase
    pending = game.pending_raise
    if kind == RAISE or kind == ACCEPT and phase == "answer" or kind == REFUSE and \
            phase == "answer":
        current = pending[1] if pending is not None and kind == RAISE else game.hand_value
        if kind == RAISE:
            value = game._next_rung.get(current)
            if value is None:
                value = game.variant.raise_value(current)
            return Preview(act.text, value, current, Reason.RAISED)
        return Preview(act.text, pending[1] if pending else game.hand_value, game.hand_value,
                       Reason.ACCEPTED if kind == ACCEPT else Reason.REFUSED)
    if kind in (ENVIDO, REAL_ENVIDO, FALTA_ENVIDO, QUIERO, NO_QUIERO) and game.variant.envido:
        env = game.envido
        bets = list(env.bets) if phase == "envido" else []
        bettor = game.current_player if kind not in (QUIERO, NO_QUIERO) else \
            (env.bettor if env.bettor is not None else game.current_player)
        if kind not in (QUIERO, NO_QUIERO):
            bets.append(kind)
        if not bets:
            return Preview(act.text, None, None, None)
        stake, refused = envido_stakes(
            bets, lambda: falta_envido(game.variant, game.score, bettor & 1))
        reason = Reason.ENVIDO_CALLED if kind not in (QUIERO, NO_QUIERO) else \
            Reason.ENVIDO_ACCEPTED if kind == QUIERO else Reason.ENVIDO_REFUSED
        return Preview(act.text, stake, refused, reason)
    if kind == MON_RESTE and game.variant.mon_reste:
        team = game.current_player & 1 if game.current_player is not None else 0
        before = pending[1] if phase == "answer" and pending else game.hand_value
        return Preview(act.text, game.variant.target - game.score[team], before,
                       Reason.MON_RESTE)
    if kind == FOLD:
        seat = game.current_player
        points = game.hand_value if seat is None else game._hand_points(1 - (seat & 1))
        special = game.special_hands
        iron = special is not None and special.kind == "iron"  # the hand is the game
        return Preview(act.text, None, points, Reason.IRON_HAND if iron else Reason.FOLD)
    return Preview(act.text, None, None, None)


__all__ = ["Preview", "preview"]
