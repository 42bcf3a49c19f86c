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
    """An envido or flor bet, answer or result, explained in words."""

    __slots__ = ("seat", "facts")

    def __init__(self, reason, seat, winner=None, points=0, **facts):
        self.kind, self.reason, self.winner, self.points = "side", reason, winner, points
        self.seat, self.facts = seat, facts

    def rule(self) -> str:
        # the flor bets' rule option, where not the default
        return rule_text(self.reason, self.facts.get("stakes"))

    def explain(self) -> str:
        team = self.winner if self.winner is not None else self.seat & 1
        fmt = dict(seat=self.seat, team=team_name(team), points=self.points, **self.facts)
        if "bet" in fmt:
            fmt["bet"] = _(BET_TITLES.get(fmt["bet"], fmt["bet"].title()))
        return _(TEXTS[self.reason]).format(**fmt)

    def _key(self):
        return super()._key() + (self.seat, tuple(sorted(self.facts.items())))


class TrucVerdict(Verdict):
    """A redeal proposal or answer, a mon reste or its answer, or a partner's signal."""

    __slots__ = ("seat", "team", "value", "before", "target", "sign")

    def __init__(self, kind, reason, seat, *, value=0, before=0, target=0, winner=None,
                 points=0, sign=None):
        super().__init__(kind, reason, winner, points)
        self.seat, self.team = seat, seat & 1
        self.value, self.before, self.target, self.sign = value, before, target, sign

    def rule(self) -> str:
        return _(RULES[self.reason])

    def explain(self) -> str:
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
