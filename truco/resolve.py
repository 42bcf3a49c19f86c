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
from .reasons import Reason

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
    """Resolve a complete trick: ``plays`` is ``[(team, card), ...]`` in play order.

    >>> v = variant("argentino")
    >>> t = trick(v, v.ranking(), [(0, v.card("7o")), (1, v.card("1e"))])
    >>> t.winner, t.reason, t.winning_card
    (1, 'higher_special', Card('1e'))
    """
    strength = ranking.strength
    _best, top, teams = top_of_trick([(team, strength[card.id]) for team, card in plays])
    return trick_of(variant, ranking, plays, top, teams, seats)


def trick_of(variant, ranking, plays, top: int, teams: int, seats=None) -> TrickVerdict:
    """The verdict of a trick from the facts tracked during play: ``top`` the index of the
    first top card in ``plays``, ``teams`` the bit set of the teams that played that strength
    (see :func:`top_of_trick`).

    >>> v = variant("argentino")
    >>> trick_of(v, v.ranking(), [(0, v.card("3e")), (1, v.card("3o"))], 0, 0b11).reason
    'tie'
    """
    return TrickVerdict(variant, ranking, plays, top, teams, seats)


def hand_status(tricks, all_tie: str, mano_team: int, dealer_team: int):
    """(decided, winner team or None, reason) for trick results so far (fast path);
    ``all_tie`` is the variant's rule for three tied tricks (``dealer``, ``mano`` or nobody).

    >>> hand_status([0], "mano", 0, 1), hand_status([None, 1], "mano", 0, 1)
    ((False, None, None), (True, 1, 'first_tied'))
    >>> hand_status([None, None, None], "dealer", 0, 1)
    (True, 1, 'all_tied_dealer')
    """
    n = len(tricks)
    if n < 2:
        return NOT_DECIDED
    t1, t2 = tricks[0], tricks[1]
    if n == 2:
        if t1 is None:
            return NOT_DECIDED if t2 is None else (True, t2, Reason.FIRST_TIED)
        if t2 is None:
            return True, t1, Reason.SECOND_TIED
        return (True, t1, "two_tricks") if t1 == t2 else NOT_DECIDED
    t3 = tricks[2]
    if t3 is None:
        if t1 is None:
            if all_tie == "dealer":
                return True, dealer_team, Reason.ALL_TIED_DEALER
            if all_tie == "mano":
                return True, mano_team, Reason.ALL_TIED_MANO
            return True, None, Reason.ALL_TIED_NOBODY
        return True, t1, Reason.THIRD_TIED
    if t1 is None:
        return True, t3, Reason.FIRST_TIED
    return True, t3, Reason.TWO_TRICKS


def hand_points(value: int, winner, special, mon_reste_game: bool, target: int,
                score) -> int:
    """What a hand scores its ``winner``: its value; in the iron hand or after mon reste was
    answered with mon reste, all the winner lacks to reach the target; nothing for nobody.

    >>> hand_points(4, 0, None, False, 12, [3, 5]), hand_points(1, 1, "iron", False, 12, [11, 11])
    (4, 1)
    """
    if winner is None:
        return 0
    if special == "iron" or mon_reste_game:
        return max(target - score[winner], 0)
    return value


def hand_won(tricks, reason, winner, points: int) -> HandVerdict:
    """The verdict of a hand the tricks decided (``hand_status`` gave reason and winner).

    >>> hand_won((1, 0, 1), "two_tricks", 1, 2)
    <HandVerdict two_tricks winner=1 points=2>
    """
    return HandVerdict(reason, winner, tricks, points)


def hand(variant, tricks, mano: int = 0, dealer: int = 1, points: int = 0) -> HandVerdict:
    """Resolve a hand from the trick results in order (team or None per trick).

    Raises :class:`Undecided` if the tricks do not decide it yet, and :class:`BadArgument`
    (reason ``bad_tricks``) if a trick is listed after the hand was already decided.

    >>> hand(variant("mineiro"), [None, None, None], mano=0, dealer=1).winner
    1
    >>> try: hand(variant("mineiro"), [0, 0, 1])
    ... except truco.BadArgument as e: print(e.reason)
    bad_tricks
    >>> try: hand(variant("mineiro"), [0, 1])
    ... except truco.Undecided as e: print(e.reason)
    undecided
    """
    tricks = list(tricks)
    if len(tricks) > 3:
        raise BadArgument(_("a hand has at most three tricks, not {n}").format(n=len(tricks)),
                          reason=Reason.BAD_TRICKS)
    for t in tricks:
        if t not in (0, 1, None):
            raise BadArgument(_("a trick result is team 0, team 1 or None (tied), not {t!r}")
                              .format(t=t), reason=Reason.BAD_TRICKS)
    for k in range(2, len(tricks)):
        if hand_status(tricks[:k], variant.all_tie, mano, dealer)[0]:
            raise BadArgument(_("the hand was decided after trick {k}: trick {n} is not played")
                              .format(k=k, n=k + 1), reason=Reason.BAD_TRICKS)
    decided, winner, reason = hand_status(tricks, variant.all_tie, mano, dealer)
    if not decided:
        raise Undecided(ngettext("the hand is not decided yet after {n} trick",
                                 "the hand is not decided yet after {n} tricks",
                                 len(tricks)).format(n=len(tricks)), reason=Reason.UNDECIDED)
    return HandVerdict(reason, winner, tricks, points if winner is not None else 0)


def raise_offer(variant, current: int, team: int, value: int | None = None) -> BetVerdict:
    """A raise by ``team`` from the accepted value ``current`` to the next rung (``value``:
    the next rung when the caller already looked it up in the variant's tables).

    >>> from truco import variant
    >>> raise_offer(variant("mineiro"), 2, 0).explain()
    'Team A calls Truco: the hand is worth 4 if accepted; refused, team A scores 2. Rule: a \
raise is made on your turn before playing a card; the other side accepts, refuses or raises again.'
    """
    if value is None:
        value = variant.raise_value(current)
        if value is None:
            raise IllegalAction(_("{value} is the top of the ladder: it cannot be raised")
                                .format(value=current), reason=Reason.TOP_OF_LADDER)
    return BetVerdict("raise", Reason.RAISED, variant, team, value, current)


def acceptance(variant, value: int, team: int) -> BetVerdict:
    """``team`` accepts a raise to ``value``: the hand is worth it, and only ``team`` may raise
    next.

    >>> acceptance(variant("mineiro"), 4, 1).explain()
    'Team B accepts: the hand is now worth 4. Rule: after an accepted raise, only the side that
    accepted may raise next.'
    """
    return BetVerdict("accept", Reason.ACCEPTED, variant, team, value, value)


def refusal(variant, value: int, before: int, refusing_team: int) -> BetVerdict:
    """A refused raise to ``value``: the raisers score ``before`` (the value before it).

    >>> refusal(variant("mineiro"), 8, 4, 0)
    <BetVerdict refused winner=1 points=4>
    """
    return BetVerdict("refuse", Reason.REFUSED, variant, refusing_team, value, before,
                      winner=1 - refusing_team, points=before)


def fold(variant, value: int, folding_team: int) -> BetVerdict:
    """``folding_team`` goes to the deck: the other side scores the hand's ``value``.

    >>> fold(variant("argentino"), 2, 1)
    <BetVerdict fold winner=0 points=2>
    """
    return BetVerdict("fold", Reason.FOLD, variant, folding_team, value, value,
                      winner=1 - folding_team, points=value)


def fold_alone(variant, value: int, team: int) -> BetVerdict:
    """Rule option ``fold_alone``: one player of ``team`` leaves the hand, partners play on
    (nobody scores yet).

    >>> fold_alone(variant("mineiro"), 1, 0)
    <BetVerdict fold_alone winner=None points=0>
    """
    return BetVerdict("fold", Reason.FOLD_ALONE, variant, team, value, value)


def special_hand_decision(variant, team: int, play: bool) -> BetVerdict:
    """The side at the hand of ten / eleven plays (for ``hand_of_value``) or runs.

    >>> special_hand_decision(variant("mineiro"), 0, False).explain()
    'Team A runs: team B scores 2. Rule: a side that runs from its special hand gives the
    opponents points.'
    """
    if play:
        return BetVerdict("decide", Reason.HAND_OF_PLAYED, variant, team, variant.hand_of_value,
                          variant.hand_of_value)
    return BetVerdict("decide", Reason.HAND_OF_RUN, variant, team, variant.hand_of_value,
                      variant.hand_of_refused, winner=1 - team, points=variant.hand_of_refused)
