"""The verdicts of envido and flor, with the rule behind each and its explanation in words.

>>> SideVerdict("flor_alone", 0, 0, 3, flores=1).rule()
'a flor nobody else answers with a flor scores 3 (3 for each flor of that side)'
"""
from __future__ import annotations

from .i18n import N_, _
from .verdicts import Verdict, team_name


class SideVerdict(Verdict):
    """An envido or flor bet, answer or result, explained in words."""

    __slots__ = ("seat", "facts")

    def __init__(self, reason, seat, winner=None, points=0, **facts):
        self.kind, self.reason, self.winner, self.points = "side", reason, winner, points
        self.seat, self.facts = seat, facts

    def rule(self) -> str:
        stakes = self.facts.get("stakes")  # the flor bets' rule option, where not the default
        return _(SIDE_RULES.get(f"{self.reason}@{stakes}") or SIDE_RULES[self.reason])

    def explain(self) -> str:
        team = self.winner if self.winner is not None else self.seat & 1
        fmt = dict(seat=self.seat, team=team_name(team), points=self.points, **self.facts)
        if "bet" in fmt:
            fmt["bet"] = _(fmt["bet"].title())
        return _(SIDE_TEXT[self.reason]).format(**fmt)

    def _key(self):
        return super()._key() + (self.seat, tuple(sorted(self.facts.items())))


_ENVIDO_WON = N_("the higher envido wins; a tie goes to the player nearest the mano")
_DECLARING = N_("accepted envido is declared in turn from the mano; who cannot beat the best "
                "of the other side says son buenas")
_FLOR_DUTY = N_("a flor must be announced before one's first card and cancels the envido; "
                "every flor of the hand is announced in turn, then all are settled together")
_CONTRAFLOR = N_("contraflor answers a flor: accepted, the best flor wins 6; refused with "
                 "con flor me achico, its caller's side scores 4")
_RESTO = N_("contraflor al resto: accepted, the best flor wins what the leader lacks to win "
            "plus 3 for each flor; refused, its caller's side scores 6")
_CONTRAFLOR_GOTRUCO = N_("contraflor answers a flor: accepted, the best flor wins 4, and 3 "
                        "more for each flor sung after it")
SIDE_RULES = {
    "envido_called": N_("envido is bet during the first trick: Envido 2, Real Envido 3, Falta "
                        "Envido what the leader lacks to win"),
    "envido_accepted": _DECLARING,
    "envido_refused": N_("a first bet refused gives the bettor 1; later, the side whose bet was "
                         "refused scores what had been accepted until then"),
    "declared": _DECLARING,
    "son_buenas": _DECLARING,
    "envido_won": _ENVIDO_WON,
    "envido_buenas": _ENVIDO_WON,
    "flor_sung": _FLOR_DUTY,
    "flor_alone": N_("a flor nobody else answers with a flor scores 3 (3 for each flor of that "
                     "side)"),
    "flor_duel": N_("against another flor, the higher flor wins 3 for each flor announced; a "
                    "tie goes to the player nearest the mano"),
    "flor_backs_down": N_("con flor me achico: a player with flor concedes the flores to the "
                          "other side"),
    "flor_achico": N_("con flor me achico: the side whose flor was conceded scores 3 for each "
                      "of its flores"),
    "contraflor_called": _CONTRAFLOR,
    "contraflor_accepted": _CONTRAFLOR,
    "contraflor_refused": N_("a contraflor refused with con flor me achico scores 4 for its "
                             "caller's side, a contraflor al resto 6"),
    "contraflor_won": _CONTRAFLOR,
    "contraflor_resto_won": _RESTO,
    # The same rules under flor_stakes="gotruco" (gotruco, pytruco).
    "contraflor_called@gotruco": _CONTRAFLOR_GOTRUCO,
    "contraflor_accepted@gotruco": _CONTRAFLOR_GOTRUCO,
    "contraflor_won@gotruco": _CONTRAFLOR_GOTRUCO,
    "contraflor_refused@gotruco": N_("a contraflor or contraflor al resto refused scores 3 for "
                                     "each flor of its caller's side, plus 1"),
    "contraflor_resto_won@gotruco": N_("contraflor al resto: accepted, the best flor wins what "
                                       "the leader lacks to win (the falta, as for the falta "
                                       "envido)"),
}
SIDE_TEXT = {
    "envido_called": N_("Player {seat} calls {bet}: {stake} at stake if accepted; refused, "
                        "{team} scores {refused}."),
    "envido_refused": N_("Player {seat} does not want it: {team} scores {points}."),
    "envido_accepted": N_("Player {seat} wants it: {stake} at stake."),
    "declared": N_("Player {seat} has {envido}."),
    "envido_buenas": N_("Player {seat} wins the envido with {best}, the others having said son "
                        "buenas: {team} scores {points}."),
    "son_buenas": N_("Player {seat}: son buenas (they cannot win the envido)."),
    "envido_won": N_("Player {seat} wins the envido with {best} against {other}: {team} scores "
                     "{points}."),
    "flor_sung": N_("Player {seat} announces flor ({flor})."),
    "flor_alone": N_("No flor of the other side answers player {seat}'s: {team} scores "
                     "{points}."),
    "flor_duel": N_("Player {seat}'s flor of {best} beats {other}: {team} scores {points}."),
    "flor_backs_down": N_("Player {seat}: con flor me achico (their side concedes the flores)."),
    "flor_achico": N_("The flores were conceded to player {seat}: {team} scores {points}."),
    "contraflor_called": N_("Player {seat} calls {bet}: {stake} at stake if accepted; refused, "
                            "{team} scores {refused}."),
    "contraflor_accepted": N_("Player {seat} accepts the {bet}: con flor quiero."),
    "contraflor_refused": N_("Player {seat}'s {bet} is refused: {team} scores {points}."),
    "contraflor_won": N_("Player {seat}'s flor of {best} beats {other} and wins the contraflor: "
                         "{team} scores {points}."),
    "contraflor_resto_won": N_("Player {seat}'s flor of {best} beats {other} and wins the "
                               "contraflor al resto: {team} scores {points}."),
}


__all__ = ["SIDE_RULES", "SIDE_TEXT", "SideVerdict"]
