"""Pure resolutions of the side bets (envido, flor) and the Truc specials (redeal, mon reste).

Each rule of these bets is written here once; the game (truco.side_bets, truco.flor,
truco.truc), the players and the widgets ask these functions.

>>> envido_stakes(["envido", "real envido"])
(5, 2)
>>> envido_stakes(["envido"]), envido_stakes(["envido", "envido"]), envido_stakes(["falta envido"], 7)
((2, 1), (4, 2), (7, 1))
>>> envido_bet(0, ["envido", "real envido"]).explain()
'Player 0 calls Real Envido: 5 at stake if accepted; refused, team A scores 2.'
>>> envido_refusal(1, ["envido", "real envido"]).points
2
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .actions import CONTRAFLOR, FALTA_ENVIDO, ENVIDO, REAL_ENVIDO
from .reasons import Reason
from .side_verdicts import SideVerdict, TrucVerdict

#: What each envido bet adds to the stake (the falta envido is worked out from the score).
BET_POINTS = {ENVIDO: 2, REAL_ENVIDO: 3}


def falta_envido(variant, score: Sequence[int], team: int) -> int:
    """The falta envido: what the leader lacks to win (``falta_envido="leader"``); or, while
    the leader is in the malas, what ``team`` (the winner) lacks to reach the buenas
    ("chico") or to win the game ("game").

    >>> from truco import variant
    >>> falta_envido(variant("argentino"), (20, 3), 1), falta_envido(variant("argentino"), (3, 1), 0)
    (10, 27)
    """
    lead = max(score)
    if variant.falta_envido == "leader" or lead >= variant.target // 2:
        return variant.target - lead
    return (variant.target // 2 if variant.falta_envido == "chico" else variant.target) - \
        score[team]


def envido_stakes(bets: Sequence[str], falta: int | Callable[[], int] = 0) -> tuple[int, int]:
    """(what the envido ``bets`` made so far are worth accepted, what their bettors score if
    the last one is refused): the first bet refused gives 1, a later one what was accepted
    until then. ``falta``: the falta envido's value (or a function giving it), used when one
    of the bets is a falta envido.

    >>> envido_stakes(["envido", "envido", "real envido"]), envido_stakes(["real envido"])
    ((7, 4), (3, 1))
    """
    if FALTA_ENVIDO in bets:
        stake = falta() if callable(falta) else falta
    else:
        stake = sum(BET_POINTS[b] for b in bets)
    refused = 1 if len(bets) <= 1 else sum(BET_POINTS[b] for b in bets[:-1])
    return stake, refused


def envido_next_bets(bets: Sequence[str], cap: int | None = None) \
        -> tuple[list[str], list[str] | None]:
    """(the bets that may follow ``bets`` whatever the score, the same with falta envido or
    None if it may not follow): envido once more after a lone envido, real envido after
    envido, falta envido after anything but itself; ``cap`` (a rule option) bounds the
    points at stake (a falta envido is then allowed only when the leader lacks no more).

    >>> envido_next_bets([]), envido_next_bets(["envido", "real envido"])
    ((['envido', 'real envido'], ['envido', 'real envido', 'falta envido']), ([], ['falta envido']))
    """
    if not bets:
        options = [ENVIDO, REAL_ENVIDO, FALTA_ENVIDO]
    elif bets[-1] == FALTA_ENVIDO:
        options = []
    elif bets[-1] == REAL_ENVIDO:
        options = [FALTA_ENVIDO]
    else:
        options = ([ENVIDO] if bets.count(ENVIDO) == 1 and len(bets) == 1 else []) + \
            [REAL_ENVIDO, FALTA_ENVIDO]
    fixed = [o for o in options if o != FALTA_ENVIDO and
             (cap is None or envido_stakes([*bets, o])[0] <= cap)]
    with_falta = fixed + [FALTA_ENVIDO] if FALTA_ENVIDO in options else None
    return fixed, with_falta


def falta_allowed(variant, score: Sequence[int]) -> bool:
    """Whether a falta envido may be bet at ``score`` (under ``envido_cap``, only while the
    leader lacks no more than the cap).

    >>> falta_allowed(variant("argentino"), (28, 3))
    True
    >>> capped = variant("argentino", envido_cap=4)
    >>> falta_allowed(capped, (20, 3)), falta_allowed(capped, (27, 3))
    (False, True)
    """
    cap = variant.envido_cap
    return cap is None or variant.target - max(score) <= cap


def envido_bet(seat: int, bets: Sequence[str], falta: int | Callable[[], int] = 0) \
        -> SideVerdict:
    """``seat`` calls the last of ``bets`` (the bets of this envido in order, that one
    included); ``falta`` as for :func:`envido_stakes`.

    >>> v = envido_bet(1, ["envido", "falta envido"], falta=9)
    >>> v.facts
    {'bet': 'falta envido', 'stake': 9, 'refused': 2}
    >>> v.explain()
    'Player 1 calls Falta Envido: 9 at stake if accepted; refused, team B scores 2.'
    """
    stake, refused = envido_stakes(bets, falta)
    return SideVerdict(Reason.ENVIDO_CALLED, seat, None, 0, bet=bets[-1], stake=stake,
                       refused=refused)


def envido_refusal(seat: int, bets: Sequence[str]) -> SideVerdict:
    """``seat`` says no quiero to the last of ``bets``: the bettors' side scores.

    >>> v = envido_refusal(1, ["envido"])
    >>> v.winner, v.points, v.explain()
    (0, 1, 'Player 1 does not want it: team A scores 1.')
    """
    _stake, refused = envido_stakes(bets)
    return SideVerdict(Reason.ENVIDO_REFUSED, seat, 1 - (seat & 1), refused)


def envido_acceptance(seat: int, stake: int) -> SideVerdict:
    """``seat`` says quiero: ``stake`` is played for, declared in turn from the mano.

    >>> envido_acceptance(1, 5).explain()
    'Player 1 wants it: 5 at stake.'
    """
    return SideVerdict(Reason.ENVIDO_ACCEPTED, seat, stake=stake)


def envido_declared(seat: int, points: int) -> SideVerdict:
    """``seat`` declares its envido ``points`` (they beat the best of the other side).

    >>> envido_declared(0, 31).explain()
    'Player 0 has 31.'
    """
    return SideVerdict(Reason.DECLARED, seat, envido=points)


def son_buenas(seat: int) -> SideVerdict:
    """``seat`` cannot beat the best envido of the other side: son buenas.

    >>> son_buenas(1).explain()
    'Player 1: son buenas (they cannot win the envido).'
    """
    return SideVerdict(Reason.SON_BUENAS, seat)


def envido_showdown(seat: int, best: int, other: int | None, points: int) -> SideVerdict:
    """``seat`` wins the envido with ``best`` points against ``other`` (None: the others said
    son buenas) and its side scores ``points``.

    >>> envido_showdown(0, 31, 28, 5).explain()
    'Player 0 wins the envido with 31 against 28: team A scores 5.'
    >>> envido_showdown(3, 27, None, 2).reason, envido_showdown(3, 27, None, 2).winner
    ('envido_buenas', 1)
    """
    team = seat & 1
    if other is None:
        return SideVerdict(Reason.ENVIDO_BUENAS, seat, team, points, best=best)
    return SideVerdict(Reason.ENVIDO_WON, seat, team, points, best=best, other=other)


def flor_refused(bet, sung: Sequence[int], team: int) -> int:
    """What a refused contraflor (or al resto) ``bet`` pays its caller's ``team``: the
    variant's figure, or (gotruco) 3 for each flor of that side plus 1.

    >>> from types import SimpleNamespace as Bet
    >>> flor_refused(Bet(refused=4), [0, 1], 1), flor_refused(Bet(refused=None), [0, 1, 2], 0)
    (4, 7)
    """
    if bet.refused is not None:
        return bet.refused
    return 3 * sum(1 for s in sung if s & 1 == team) + 1


def resto_stake(stakes, sung: Sequence[int], falta: int) -> int:
    """Contraflor al resto accepted: the ``falta`` (as the falta envido, for the winner) plus,
    under the published stakes, 3 for each flor announced.

    >>> resto_stake(variant("argentino").flor_points, [0, 1], 10)
    16
    >>> resto_stake(variant("argentino", flor_stakes="gotruco").flor_points, [0, 1], 10)
    10
    """
    return falta + (3 * len(sung) if stakes.resto_flores else 0)


def flor_showdown(variant, sung: Sequence[int], flor_of: dict, bet, out, mano: int, n: int,
                  falta: Callable[[int], int]) -> SideVerdict:
    """Score the flores of a hand, once: ``sung`` the seats that announced one in order,
    ``flor_of`` their points, ``bet`` the contraflor on the table (or None), ``out`` the team
    that said con flor me achico (or None); ``falta(team)`` the falta for ``team``.

    >>> v = flor_showdown(variant("argentino"), [0, 1], {0: 32, 1: 28}, None, None, 0, 2,
    ...                   lambda team: 10)
    >>> v.reason, v.winner, v.points
    ('flor_duel', 0, 6)
    >>> flor_showdown(variant("argentino"), [1], {1: 32}, None, 0, 0, 2, lambda team: 10)
    <SideVerdict flor_achico winner=1 points=3>
    """
    stakes = variant.flor_points
    facts: dict[str, Any] = {} if variant.flor_stakes == "published" else \
        {"stakes": variant.flor_stakes}
    if out is not None:
        team = 1 - out
        seat = next(s for s in sung if s & 1 == team)
        if bet is not None:  # a contraflor refused
            return SideVerdict(Reason.CONTRAFLOR_REFUSED, bet.caller, team,
                               flor_refused(bet, sung, team), bet=bet.word, **facts)
        flores = sum(1 for s in sung if s & 1 == team)
        return SideVerdict(Reason.FLOR_ACHICO, seat, team, stakes.achico * flores)
    if len({s & 1 for s in sung}) == 1:
        return SideVerdict(Reason.FLOR_ALONE, sung[0], sung[0] & 1, stakes.flor * len(sung),
                           flores=len(sung))
    best = min(sung, key=lambda s: (-flor_of[s], (s - mano) % n))
    other = max(flor_of[s] for s in sung if s & 1 != best & 1)
    team = best & 1
    if bet is None:
        reason, points = Reason.FLOR_DUEL, stakes.flor * len(sung)
        facts = {}
    elif bet.word == CONTRAFLOR:
        later = len(sung) - bet.flores if stakes.later_flores else 0
        reason, points = Reason.CONTRAFLOR_WON, bet.stake + 3 * later
    else:
        reason, points = Reason.CONTRAFLOR_RESTO_WON, resto_stake(stakes, sung, falta(team))
    return SideVerdict(reason, best, team, points, best=flor_of[best], other=other, **facts)


# --- the Truc specials ------------------------------------------------------------------
def redeal_proposal(seat: int):
    """``seat`` (the eldest) proposes a redeal.

    >>> redeal_proposal(1)
    <TrucVerdict redeal_proposed winner=None points=0>
    """
    return TrucVerdict("redeal", Reason.REDEAL_PROPOSED, seat)


def redeal_answer(seat: int, accepted: bool):
    """The dealer, ``seat``, accepts the redeal (new cards) or refuses it.

    >>> redeal_answer(0, True).reason, redeal_answer(0, False).reason
    ('redeal_accepted', 'redeal_refused')
    """
    if accepted:
        return TrucVerdict("accept", Reason.REDEAL_ACCEPTED, seat)
    return TrucVerdict("refuse", Reason.REDEAL_REFUSED, seat)


def mon_reste_offer(seat: int, value: int, before: int, target: int):
    """``seat`` says mon reste: the hand is raised to ``value`` (what its side lacks).

    >>> mon_reste_offer(1, 7, 1, 12).explain()
    "Player 1 (team B) says mon reste: the hand is raised to 7, all team B lacks to reach 12; if
    team A folds, team B scores 1. Rule: on your turn, before playing a card, 'mon reste' raises
    the hand to what your side lacks to reach the target; the other side folds or says mon reste
    too."
    """
    return TrucVerdict("mon_reste", Reason.MON_RESTE, seat, value=value, before=before,
                       target=target)


def mon_reste_refusal(seat: int, proposer: int, value: int, before: int, target: int):
    """``seat`` folds against mon reste: the proposers score the value ``before`` it.

    >>> mon_reste_refusal(0, 1, 7, 1, 12)
    <TrucVerdict mon_reste_refused winner=1 points=1>
    """
    return TrucVerdict("refuse", Reason.MON_RESTE_REFUSED, seat, value=value, before=before,
                       target=target, winner=proposer & 1, points=before)


def mon_reste_answer(seat: int, value: int, before: int, target: int):
    """``seat`` answers mon reste with mon reste: the hand's winner wins the game.

    >>> mon_reste_answer(0, 7, 1, 12).rule()
    'when mon reste is answered with mon reste, nobody may raise any more and the winner of the
    hand wins the game'
    """
    return TrucVerdict("mon_reste", Reason.MON_RESTE_ANSWERED, seat, value=value, before=before,
                       target=target)
