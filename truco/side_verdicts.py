"""The verdicts of envido and flor, with the rule behind each and its explanation in words.

>>> SideVerdict("flor_alone", 0, 0, 3, flores=1).rule()
'a flor nobody else answers with a flor scores 3 (3 for each flor of that side)'
"""
from __future__ import annotations

from .actions import BET_TITLES
from .i18n import _
from .reasons import RULES, SIGNAL_TEXTS, TEXTS, Reason, rule_text
from .verdicts import Verdict, _first_upper, team_name


class SideVerdict(Verdict):
    """An envido or flor bet, answer or result, explained in words: ``seat`` the player it
    is about, ``facts`` what its sentence names (the bet, the points shown, ...).

    >>> v = SideVerdict("envido_won", 2, 0, 5, best=31, other=28)
    >>> v, v.seat, v.facts["best"]
    (<SideVerdict envido_won winner=0 points=5>, 2, 31)
    """

    __slots__ = ("seat", "facts")

    def __init__(self, reason, seat, winner=None, points=0, **facts):
        self.kind, self.reason, self.winner, self.points = "side", reason, winner, points
        self.seat, self.facts = seat, facts

    def rule(self) -> str:
        """The rule behind the verdict (as the ``flor_stakes`` option states it, where given).

        >>> SideVerdict("son_buenas", 1).rule()
        'accepted envido is declared in turn from the mano; who cannot beat the best of the
        other side says son buenas'
        """
        # the flor bets' rule option, where not the default
        return rule_text(self.reason, self.facts.get("stakes"))

    def explain(self) -> str:
        """What happened, one sentence (the bet's title in the current language).

        >>> SideVerdict("envido_called", 0, bet="real envido", stake=5, refused=2).explain()
        'Player 0 calls Real Envido: 5 at stake if accepted; refused, team A scores 2.'
        """
        team = self.winner if self.winner is not None else self.seat & 1
        fmt = dict(seat=self.seat, team=team_name(team), points=self.points, **self.facts)
        if "bet" in fmt:
            fmt["bet"] = _(BET_TITLES.get(fmt["bet"], fmt["bet"].title()))
        return _(TEXTS[self.reason]).format(**fmt)

    def _key(self):
        return super()._key() + (self.seat, tuple(sorted(self.facts.items())))


class TrucVerdict(Verdict):
    """A redeal proposal or answer, a mon reste or its answer, or a partner's signal:
    ``team`` is the seat's side; ``value``, ``before`` and ``target`` the mon reste's figures.

    >>> v = TrucVerdict("mon_reste", "mon_reste", 3, value=5, before=2, target=12)
    >>> v.team, v.value
    (1, 5)
    """

    __slots__ = ("seat", "team", "value", "before", "target", "sign")

    def __init__(self, kind, reason, seat, *, value=0, before=0, target=0, winner=None,
                 points=0, sign=None):
        super().__init__(kind, reason, winner, points)
        self.seat, self.team = seat, seat & 1
        self.value, self.before, self.target, self.sign = value, before, target, sign

    def rule(self) -> str:
        """The rule behind the verdict.

        >>> TrucVerdict("refuse", "redeal_refused", 0).rule()
        'a redeal needs both sides to agree; only one may be proposed in a hand'
        """
        return _(RULES[self.reason])

    def explain(self) -> str:
        """What the player did and what follows, then the rule.

        >>> TrucVerdict("redeal", "redeal_proposed", 1).explain()
        'Player 1 (team B) proposes a redeal: if the dealer accepts, the hands are put aside and
        everyone gets three new cards. Rule: before any card is played, the non-dealer (with four
        players, the eldest) may propose one redeal per hand; only the dealer accepts or refuses
        it.'
        """
        template = SIGNAL_TEXTS[self.sign] if self.reason is Reason.SIGNAL else \
            TEXTS[self.reason]
        text = _(template).format(
            seat=self.seat, team=team_name(self.team), other=team_name(1 - self.team),
            value=self.value, before=self.before, target=self.target, points=self.points)
        return _first_upper(text) + " " + _("Rule: {rule}.").format(rule=self.rule())

    def _key(self):
        return super()._key() + (self.seat, self.value, self.before, self.target, self.sign)


# The rules and sentences live in truco.reasons, one table for every verdict; these names stay
# for callers that read them here.
SIDE_RULES, SIDE_TEXT = RULES, TEXTS


__all__ = ["SIDE_RULES", "SIDE_TEXT", "SideVerdict", "TrucVerdict"]
