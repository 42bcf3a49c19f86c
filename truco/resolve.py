"""Pure resolutions: a trick, a hand, a raise, a refusal, a fold. Each returns a verdict.

>>> from truco import variant
>>> v = variant("mineiro")
>>> verdict = v.trick_verdict([(0, "3s"), (1, "7h")])
>>> verdict.winner, verdict.reason
(1, 'special_beats_common')
>>> verdict.explain()
'7 of hearts (Copas) beats 3 of spades: manilhas beat every common card.'
>>> hand(v, [0, None], mano=0, dealer=1).reason
'second_tied'
"""
from __future__ import annotations

from .errors import BadArgument, IllegalAction, Undecided
from .i18n import _, ngettext
from .verdicts import BetVerdict, HandVerdict, TrickVerdict

NOT_DECIDED = (False, None, None)


def top_of_trick(plays) -> tuple[int, int, int]:
    """(top strength, index of its first play, bit set of the teams that played it) for
    ``plays`` given as ``(team, strength)`` in play order: two bits set means a tie.

    >>> top_of_trick([(0, 5), (1, 7), (0, 7)])
    (7, 1, 3)
    """
    best, top, teams = -2, 0, 0
    for i, (team, s) in enumerate(plays):
        if s > best:
            best, top, teams = s, i, 1 << team
        elif s == best:
            teams |= 1 << team
    return best, top, teams


def trick(variant, ranking, plays, seats=None) -> TrickVerdict:
    """Resolve a complete trick: ``plays`` is ``[(team, card), ...]`` in play order."""
    strength = ranking.strength
    _best, top, teams = top_of_trick([(team, strength[card.id]) for team, card in plays])
    return TrickVerdict(variant, ranking, plays, top, teams, seats)


def hand_status(tricks, all_tie: str, mano_team: int, dealer_team: int):
    """(decided, winner team or None, reason) for trick results so far (fast path)."""
    n = len(tricks)
    if n < 2:
        return NOT_DECIDED
    t1, t2 = tricks[0], tricks[1]
    if n == 2:
        if t1 is None:
            return NOT_DECIDED if t2 is None else (True, t2, "first_tied")
        if t2 is None:
            return True, t1, "second_tied"
        return (True, t1, "two_tricks") if t1 == t2 else NOT_DECIDED
    t3 = tricks[2]
    if t3 is None:
        if t1 is None:
            if all_tie == "dealer":
                return True, dealer_team, "all_tied_dealer"
            if all_tie == "mano":
                return True, mano_team, "all_tied_mano"
            return True, None, "all_tied_nobody"
        return True, t1, "third_tied"
    if t1 is None:
        return True, t3, "first_tied"
    return True, t3, "two_tricks"


def hand(variant, tricks, mano: int = 0, dealer: int = 1, points: int = 0) -> HandVerdict:
    """Resolve a hand from the trick results in order (team or None per trick).

    Raises :class:`Undecided` if the tricks do not decide it yet, and :class:`BadArgument`
    (reason ``bad_tricks``) if a trick is listed after the hand was already decided.
    """
    tricks = list(tricks)
    if len(tricks) > 3:
        raise BadArgument(_("a hand has at most three tricks, not {n}").format(n=len(tricks)),
                          reason="bad_tricks")
    for t in tricks:
        if t not in (0, 1, None):
            raise BadArgument(_("a trick result is team 0, team 1 or None (tied), not {t!r}")
                              .format(t=t), reason="bad_tricks")
    for k in range(2, len(tricks)):
        if hand_status(tricks[:k], variant.all_tie, mano, dealer)[0]:
            raise BadArgument(_("the hand was decided after trick {k}: trick {n} is not played")
                              .format(k=k, n=k + 1), reason="bad_tricks")
    decided, winner, reason = hand_status(tricks, variant.all_tie, mano, dealer)
    if not decided:
        raise Undecided(ngettext("the hand is not decided yet after {n} trick",
                                 "the hand is not decided yet after {n} tricks",
                                 len(tricks)).format(n=len(tricks)), reason="undecided")
    return HandVerdict(reason, winner, tricks, points if winner is not None else 0)


def raise_offer(variant, current: int, team: int) -> BetVerdict:
    """A raise by ``team`` from the accepted value ``current`` to the next rung."""
    value = variant.raise_value(current)
    if value is None:
        raise IllegalAction(_("{value} is the top of the ladder: it cannot be raised")
                            .format(value=current), reason="top_of_ladder")
    return BetVerdict("raise", "raised", variant, team, value, current)


def acceptance(variant, value: int, team: int) -> BetVerdict:
    return BetVerdict("accept", "accepted", variant, team, value, value)


def refusal(variant, value: int, before: int, refusing_team: int) -> BetVerdict:
    """A refused raise to ``value``: the raisers score ``before`` (the value before it)."""
    return BetVerdict("refuse", "refused", variant, refusing_team, value, before,
                      winner=1 - refusing_team, points=before)


def fold(variant, value: int, folding_team: int) -> BetVerdict:
    return BetVerdict("fold", "fold", variant, folding_team, value, value,
                      winner=1 - folding_team, points=value)


def special_hand_decision(variant, team: int, play: bool) -> BetVerdict:
    if play:
        return BetVerdict("decide", "hand_of_played", variant, team, variant.hand_of_value,
                          variant.hand_of_value)
    return BetVerdict("decide", "hand_of_run", variant, team, variant.hand_of_value,
                      variant.hand_of_refused, winner=1 - team, points=variant.hand_of_refused)
