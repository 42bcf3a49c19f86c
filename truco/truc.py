"""The Truc specials (seed 002): redeal, mon reste, captains and partner signals.

One rule family as a component: :class:`TrucSpecials` holds the family's state in its own
slots (``game.truc_specials``, None in a variant without any of these rules), states each of
its rules once (allowed now, or the IllegalAction saying why; :mod:`truco.legality` asks them
through :func:`redeal_error`, :func:`mon_reste_error`, :func:`fold_error` and
:meth:`TrucSpecials.answer_why`), and does what its actions do (the dispatch entries in
:data:`HANDLERS` and :data:`ANSWER_HANDLERS`). The game calls it through that small interface
only: ``start_hand``, ``actions``, ``answer_actions``, ``may_fold``, ``answerer``,
``check_captain``, ``snapshot`` and ``observation``.

Redeal: before any card is played, the non-dealer (with four players the eldest, i.e. the mano)
may propose one redeal per hand; the dealer accepts (the hands are put aside and three new cards
are dealt to each player from the stock, same dealer) or refuses (the hand is played as dealt).

>>> from truco import Game
>>> g = Game.from_deal("truc", hands=[["7c", "8d", "9s"], ["Ac", "Kd", "10s"]], dealer=1, seed=3)
>>> [str(a) for a in g.legal_actions()]
['play 7c', 'play 8d', 'play 9s', 'redeal', 'mon reste', 'raise', 'fold']
>>> _ = g.apply("redeal"); g.current_player, [str(a) for a in g.legal_actions()]
(1, ['accept', 'refuse'])
>>> g.apply("refuse").verdict.reason
'redeal_refused'

Mon reste raises the hand to what the proposer's side lacks to reach the target; the other side
folds (the proposer scores the value before) or says "mon reste" too, and then the hand's
winner wins the game:

>>> g = Game.from_deal("truc", hands=[["7c", "8d", "9s"], ["Ac", "Kd", "10s"]], score=(4, 9))
>>> _ = g.apply("mon reste"); g.pending_raise, [str(a) for a in g.legal_actions()]
((0, 8), ['mon reste', 'refuse'])
>>> _ = g.apply("mon reste")
>>> for card in ["7c", "Ac", "8d", "Kd"]:
...     _ = g.apply("play " + card)
>>> g.score, g.winner
((12, 9), 0)
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from math import trunc
from typing import Any

from .actions import ACCEPT, FOLD, MON_RESTE, REDEAL, REFUSE
from .errors import IllegalAction
from .flor import flor_due
from .i18n import N_, _
from .observation import Observation
from .state import (ANSWER, MON_RESTE_ANSWER, OVER, PLAY_PHASE, REDEAL_ANSWER, Event, Handler,
                    delegate)
from .reasons import RULES, SAME_SIDE_RAISED_LAST, TEXTS, Reason
from .resolve_side import (mon_reste_answer, mon_reste_offer, mon_reste_refusal, redeal_answer,
                           redeal_proposal)
from .side_verdicts import TrucVerdict
from .verdicts import _first_upper, team_name

# Partner signals (4-player French Truc): the gesture and the rank it shows (ace = 1).
SIGNALS = {"smile": 7, "wink": 8, "shrug": 1}

# The rules and sentences live in truco.reasons (one table for every verdict).
TRUC_RULES, TRUC_TEXT = RULES, TEXTS


@dataclass(frozen=True)
class TrucObservation(Observation):
    """An observation in a game with partner signals: ``signals`` holds the ``(seat, sign)``
    given this hand by the observer's partners (never by the opponents, never their own).

    >>> g = Game("truc", players=4, seed=1); _ = g.signal(1, "wink")  # player 1 holds an 8
    >>> g.observation(3).signals, g.observation(0).signals, g.observation(1).signals
    (((1, 'wink'),), (), ())
    """

    signals: tuple = ()


# Reason codes that mean "not now" for a redeal / mon reste, with their messages.
_REDEAL_WHY = {
    Reason.NO_REDEAL_IN_VARIANT: N_("{variant} has no redeal"),
    Reason.ONE_REDEAL_PER_HAND: N_("only one redeal may be proposed in a hand"),
    Reason.ONLY_ELDEST_PROPOSES_REDEAL: N_("only the eldest (the player after the dealer) may propose "
                                      "a redeal"),
    Reason.REDEAL_ONLY_BEFORE_PLAY: N_("a redeal may only be proposed before any card is played or "
                                  "any bet is made"),
}
_MON_RESTE_WHY = {
    Reason.NO_MON_RESTE_IN_VARIANT: N_("{variant} has no mon reste"),
    Reason.NO_RAISE_AFTER_MON_RESTE: N_("after mon reste nobody may raise any more"),
    Reason.NOT_ALLOWED: N_("you cannot say mon reste now"),
    Reason.SAME_SIDE_RAISED_LAST: SAME_SIDE_RAISED_LAST,
    Reason.ANSWER_PENDING: N_("a bet must be settled first"),
    Reason.NO_RAISE_IN_SPECIAL_HAND: N_("nobody may raise in this hand"),
    Reason.MON_RESTE_NOT_A_RAISE: N_("your side lacks only {lack} to reach {target}: mon reste would "
                                "not raise a hand already worth {value}"),
}


class TrucSpecials:
    """The Truc specials of one game: redeal, mon reste, captains and partner signals.

    Held by the game as ``game.truc_specials`` (None when the variant has none of them); its
    methods take the game, whose shared state (phase, turn, hands, hand value) they read and
    change. Whether mon reste is on (``game.mon_reste``) stays on the game: the core scores a
    hand by it and closes the raise ladder after it.

    >>> from truco import Game
    >>> ts = Game("truc", players=4, seed=1).truc_specials
    >>> ts.redeal_on, ts.mon_reste_on, ts.captains_on, ts.signals_on
    (True, True, True, True)
    >>> Game("mineiro", seed=1).truc_specials is None
    True
    """

    __slots__ = ("redeal_on", "mon_reste_on", "captains_on", "signals_on", "bets",
                 "redeal_used", "mr", "signals")

    def __init__(self, redeal_on: bool, mon_reste_on: bool, captains_on: bool,
                 signals_on: bool) -> None:
        self.redeal_on = redeal_on
        self.mon_reste_on = mon_reste_on
        self.captains_on = captains_on
        # Signals are described for the French (piquet-deck) game with four players.
        self.signals_on = signals_on
        self.bets = redeal_on or mon_reste_on  # accept and refuse also answer these
        self.redeal_used = False
        self.mr: Any = None  # (proposer seat, value, value before, resume seat) while pending
        self.signals: list[tuple[int, str]] = []

    @classmethod
    def of(cls, g: Any) -> TrucSpecials | None:
        """The component for game ``g``, or None if its variant has none of the specials.

        >>> ts = TrucSpecials.of(Game("truc", seed=1))  # captains need four players
        >>> ts.redeal_on, ts.mon_reste_on, ts.captains_on, ts.signals_on
        (True, True, False, False)
        """
        v = g.variant
        captains = v.captains and g.n == 4
        if not (v.redeal or v.mon_reste or captains):
            return None
        return cls(v.redeal, v.mon_reste, captains, captains and v.deck_name == "piquet32")

    # --- state ----------------------------------------------------------------------------
    def start_hand(self, g: Any) -> None:
        """Each hand: no redeal proposed, no mon reste, no signals."""
        self.redeal_used = False
        g._mon_reste = None
        self.mr = None
        self.signals = []

    def snapshot(self, g: Any) -> tuple:
        """The family's state, for comparing games: redeal used, mon reste, its offer, signals.

        >>> g = Game.from_deal("truc", [["7c", "8d", "9s"], ["Ac", "Kd", "10s"]], score=(4, 9))
        >>> _ = g.apply("mon reste"); g.truc_specials.snapshot(g)
        ('truc', False, 'pending', (0, 8, 1, 0), ())
        """
        return ("truc", self.redeal_used, g._mon_reste, self.mr, tuple(self.signals))

    def signals_for(self, seat: int) -> tuple:
        """The signals ``seat`` has seen this hand: those of their partners only."""
        return tuple((s, sign) for s, sign in self.signals if s != seat and (s ^ seat) & 1 == 0)

    def observation(self, g: Any, obs: Observation, player: int) -> Observation:
        """``obs`` with the signals ``player`` has seen (in a game with signals)."""
        values = {f.name: getattr(obs, f.name) for f in fields(Observation)}
        return TrucObservation(**values, signals=self.signals_for(player))

    # --- legality ---------------------------------------------------------------------------
    def redeal_why(self, g: Any) -> Reason | None:
        """None if the current player may propose a redeal now, else the reason code.

        >>> g = Game.from_deal("truc", [["7c", "8d", "9s"], ["Ac", "Kd", "10s"]], dealer=1)
        >>> g.truc_specials.redeal_why(g) is None
        True
        >>> _ = g.apply("play 7c"); g.truc_specials.redeal_why(g)  # the dealer's turn now
        'only_eldest_proposes_redeal'
        """
        if not self.redeal_on:
            return Reason.NO_REDEAL_IN_VARIANT
        if self.redeal_used:
            return Reason.ONE_REDEAL_PER_HAND
        if g._current != g.mano:
            return Reason.ONLY_ELDEST_PROPOSES_REDEAL
        if g._actions or g._phase != PLAY_PHASE:
            return Reason.REDEAL_ONLY_BEFORE_PLAY
        return None

    def mon_reste_why(self, g: Any) -> Reason | None:
        """None if the current player may say mon reste now, else the reason code.

        >>> g = Game.from_deal("truc", [["7c", "8d", "9s"], ["Ac", "Kd", "10s"]], score=(11, 4))
        >>> g.truc_specials.mon_reste_why(g)  # 1 lacking, and the hand is worth 1 already
        'mon_reste_not_a_raise'
        """
        if not self.mon_reste_on:
            return Reason.NO_MON_RESTE_IN_VARIANT
        if g._mon_reste is not None:
            return Reason.NO_RAISE_AFTER_MON_RESTE
        phase = g._phase
        if phase == PLAY_PHASE:
            value = g._value
        elif phase == ANSWER:  # answering a raise: accepts it, then mon reste on top
            value = g._pending[1]
        else:
            return Reason.NOT_ALLOWED
        turn = g._raise_turn_why()  # who may raise
        if turn is not None:
            return turn
        if g.variant.target - g._score[g._current & 1] <= value:
            return Reason.MON_RESTE_NOT_A_RAISE
        if phase == PLAY_PHASE and flor_due(g, g._current):
            return Reason.FLOR_FIRST
        return None

    def actions(self, g: Any, legal: list) -> None:
        """Append redeal and mon reste where their rules allow them now (each rule's first
        test is read here first: it fails at most decisions, and saves the call).

        >>> g = Game.from_deal("truc", [["7c", "8d", "9s"], ["Ac", "Kd", "10s"]], dealer=1)
        >>> legal = []; g.truc_specials.actions(g, legal); legal
        [Action('redeal'), Action('mon reste')]
        """
        if not g._actions and self.redeal_why(g) is None:
            legal.append(g._table[REDEAL])
        if g._mon_reste is None and self.mon_reste_why(g) is None:
            legal.append(g._table[MON_RESTE])

    def answer_actions(self, g: Any) -> list:
        """The answers while a redeal or a mon reste waits (else []).

        >>> g = Game.from_deal("truc", [["7c", "8d", "9s"], ["Ac", "Kd", "10s"]], score=(4, 9))
        >>> g.truc_specials.answer_actions(g)
        []
        >>> _ = g.apply("mon reste"); g.truc_specials.answer_actions(g)
        [Action('mon reste'), Action('refuse')]
        """
        phase = g._phase
        if phase == REDEAL_ANSWER:
            return [g._table[ACCEPT], g._table[REFUSE]]
        if phase == MON_RESTE_ANSWER:
            return [g._table[MON_RESTE], g._table[REFUSE]]
        return []

    def may_fold(self, g: Any) -> bool:
        """Who may go to the deck in the play phase: anyone, or with captains only they.

        >>> g = Game("truc", players=4, seed=1); g.captains, g.current_player
        ((0, 1), 1)
        >>> _ = g.apply("play 9h"); g.current_player, g.truc_specials.may_fold(g)
        (2, False)
        """
        return not self.captains_on or g._current == g.dealer or g._current == g.mano

    def answerer(self, g: Any, seat: int) -> int:
        """With captains, a bet by ``seat`` is answered by the other side's captain.

        >>> g = Game("truc", players=4, seed=1)  # captains: the dealer 0 and the eldest 1
        >>> g.truc_specials.answerer(g, 3), g.truc_specials.answerer(g, 2)
        (0, 1)
        """
        return g.dealer if (g.dealer ^ seat) & 1 else g.mano

    def captain_error(self, g: Any, kind: str) -> IllegalAction:
        """The error of a partner who is not a captain conceding or answering."""
        if kind == FOLD:
            return IllegalAction(_("only the captains (the dealer and the eldest) may concede"),
                                 reason=Reason.ONLY_CAPTAINS_CONCEDE)
        return IllegalAction(_("only the captains (the dealer and the eldest) may accept or "
                               "refuse; player {captain} is to answer").format(
                                   captain=g._current), reason=Reason.ONLY_CAPTAINS_ANSWER)

    def check_captain(self, g: Any, kind: str, player: int) -> None:
        """With captains, a partner who is not one may not answer or concede for the side.

        >>> g = Game("truc", players=4, seed=1); _ = g.apply("raise")  # captain 0 answers
        >>> try: g.apply("accept", player=2)
        ... except truco.IllegalAction as err: print(err.reason, "-", err)
        only_captains_answer - only the captains (the dealer and the eldest) may accept or
        refuse; player 0 is to answer
        """
        if player not in (g.dealer, g.mano) and (
                kind == FOLD or kind in (ACCEPT, REFUSE, MON_RESTE) and
                g._phase in (ANSWER, REDEAL_ANSWER, MON_RESTE_ANSWER)):
            raise self.captain_error(g, kind)

    def answer_why(self, g: Any, kind: str) -> IllegalAction | None:
        """While a redeal or a mon reste waits for its answer: None if ``kind`` answers it,
        else the IllegalAction.

        >>> g = Game.from_deal("truc", [["7c", "8d", "9s"], ["Ac", "Kd", "10s"]], dealer=1)
        >>> _ = g.apply("redeal"); g.truc_specials.answer_why(g, "play").reason
        'answer_pending'
        """
        if g._phase == REDEAL_ANSWER:
            if kind == ACCEPT or kind == REFUSE:
                return None
            if kind == REDEAL:
                return redeal_error(g)
            return IllegalAction(_("the dealer must first accept or refuse the redeal"),
                                 reason=Reason.ANSWER_PENDING)
        if kind == MON_RESTE or kind == REFUSE:
            return None
        if kind == ACCEPT:
            return IllegalAction(_("mon reste is not simply accepted: answer 'mon reste' "
                                   "(the hand's winner wins the game) or refuse"),
                                 reason=Reason.MON_RESTE_NO_PLAIN_ACCEPT)
        return IllegalAction(_("mon reste must be answered first: 'mon reste' or refuse"),
                             reason=Reason.ANSWER_PENDING)

    # --- what the actions do (only called once legal) ------------------------------------
    def redeal(self, g: Any, action) -> Event:
        """The eldest proposes a redeal: the dealer answers."""
        seat = g._current
        self.redeal_used = True
        g._phase = REDEAL_ANSWER
        g._current = g.dealer
        return g._log_event("redeal", seat, action, redeal_proposal(seat))

    def redeal_hands(self, g: Any) -> None:
        """Put the hands aside and deal three new cards each from the stock (same dealer).

        >>> g = Game.from_deal("truc", [["7c", "8d", "9s"], ["Ac", "Kd", "10s"]], dealer=1, seed=3)
        >>> _ = g.apply("redeal"); _ = g.apply("accept"); g.notation()
        'truc 2p dealer=1 score=0-0 hands=7h,7s,Jh/Js,Qs,8c redealt'
        """
        n = g.n
        aside = {c.id for c in g._dealt}  # by id: a card's own hash is a Python call
        if g.vira is not None:
            aside.add(g.vira.id)
        stock = [c for c in g._deck if c.id not in aside]
        rand = g._rng.random
        last = len(stock)
        for i in range(3 * n):
            j = i + trunc(rand() * (last - i))
            stock[i], stock[j] = stock[j], stock[i]
        g._dealt = dealt = stock[:3 * n]
        g._hands = [dealt[k:k + 3] for k in range(0, 3 * n, 3)]
        g._hand_acts = [None] * n
        # The hand's notation now starts from the new deal (the log keeps the redeal).
        g._actions.clear()
        g._notations[-1] = ((g.dealer, tuple(g._score), g.vira, dealt, "redealt"), g._actions)
        self.signals = []
        g._log_event("deal", g.dealer, None, None)

    def accept(self, g: Any, action) -> Event:
        """Accept: a redeal (the hands are dealt again), else the core's accept."""
        if g._phase != REDEAL_ANSWER:
            return g._on_accept(action)
        seat = g._current
        event = g._log_event("accept", seat, action, redeal_answer(seat, True))
        self.redeal_hands(g)
        g._phase = PLAY_PHASE
        g._current = g._leader = g.mano
        return event

    def refuse(self, g: Any, action) -> Event:
        """Refuse: a redeal (play on as dealt), a mon reste (resolve_side.mon_reste_refusal),
        else the core's refuse.

        >>> g = Game.from_deal("truc", [["7c", "8d", "9s"], ["Ac", "Kd", "10s"]], score=(4, 9))
        >>> _ = g.apply("mon reste"); g.apply("refuse").verdict.reason, g.score
        ('mon_reste_refused', (5, 9))
        """
        phase = g._phase
        if phase == REDEAL_ANSWER:
            seat = g._current
            g._phase = PLAY_PHASE
            g._current = g.mano
            return g._log_event("refuse", seat, action, redeal_answer(seat, False))
        if phase == MON_RESTE_ANSWER:
            seat = g._current
            proposer, value, before, _resume = self.mr
            verdict = mon_reste_refusal(seat, proposer, value, before, g.variant.target)
            g._pending = self.mr = None
            g._mon_reste = None
            event = g._log_event("refuse", seat, action, verdict)
            g._end_hand(verdict)
            return event
        return g._on_refuse(action)

    def mon_reste(self, g: Any, action) -> Event:
        """Mon reste: offered (the other side answers), or said back (play for the game).

        >>> g = Game.from_deal("truc", [["7c", "8d", "9s"], ["Ac", "Kd", "10s"]], score=(4, 9))
        >>> _ = g.apply("raise"); _ = g.apply("mon reste")  # accepts the 3, then mon reste
        >>> g.pending_raise, g.current_player
        ((1, 3), 0)
        """
        seat, target = g._current, g.variant.target
        if g._phase == MON_RESTE_ANSWER:  # mon reste against mon reste: play for the game
            proposer, value, before, resume = self.mr
            g._mon_reste = "game"
            self.mr = g._pending = None
            g._value = max(target - g._score[0], target - g._score[1])
            g._phase = PLAY_PHASE
            g._current = resume
            return g._log_event("mon_reste", seat, action,
                                mon_reste_answer(seat, g._value, before, target))
        if g._phase == ANSWER:  # answering a raise with mon reste accepts the raise first
            g._value = g._pending[1]
            resume = g._pending[2]
        else:
            resume = seat
        before = g._value
        value = target - g._score[seat & 1]
        g._mon_reste = "pending"
        self.mr = (seat, value, before, resume)
        g._pending = (seat, value, resume)
        g._phase = MON_RESTE_ANSWER
        g._current = g._answerer(seat)
        return g._log_event("mon_reste", seat, action,
                            mon_reste_offer(seat, value, before, target))

    # --- partner signals: optional events, not actions ----------------------------------
    def signal(self, g: Any, seat: int, sign: str) -> Event:
        """``seat`` signals a card to their partner(s) (see :meth:`truco.Game.signal`).

        >>> g = Game("truc", players=4, seed=1)  # player 1 holds 9h, 8s, 7c: no ace
        >>> try: g.signal(1, "shrug")
        ... except truco.IllegalAction as err: print(err.reason)
        dishonest_signal
        """
        if not self.signals_on:
            raise _no_signals()
        if g._phase == OVER:
            raise IllegalAction(_("the game is over"), reason=Reason.GAME_OVER)
        if not isinstance(seat, int) or not 0 <= seat < g.n:
            raise IllegalAction(_("there is no player {player} in a game of {n}").format(
                player=seat, n=g.n), reason=Reason.NO_SUCH_PLAYER)
        word = sign.strip().lower() if isinstance(sign, str) else None
        rank = SIGNALS.get(word)
        if rank is None:
            raise IllegalAction(_("{sign!r} is not a signal: use 'smile' (a 7), 'wink' (an 8) "
                                  "or 'shrug' (an ace)").format(sign=sign),
                                reason=Reason.UNKNOWN_SIGNAL)
        if not any(c.rank == rank for c in g._hands[seat]):
            raise IllegalAction(_("player {seat} cannot {sign}: signals must be honest and they "
                                  "hold no such card").format(seat=seat, sign=word),
                                reason=Reason.DISHONEST_SIGNAL)
        self.signals.append((seat, word))
        return g._log_event("signal", seat, None,
                            TrucVerdict("signal", Reason.SIGNAL, seat, sign=word))


def _no_signals() -> IllegalAction:
    return IllegalAction(_("signals are given between partners in four-player French "
                           "Truc only"), reason=Reason.NO_SIGNALS_IN_VARIANT)


# --- the family's rules as truco.legality asks them (also where the variant has none) -------
def redeal_error(g: Any) -> IllegalAction | None:
    """None if the current player may propose a redeal now, else the IllegalAction."""
    ts = g.truc_specials
    why = Reason.NO_REDEAL_IN_VARIANT if ts is None else ts.redeal_why(g)
    if why is None:
        return None
    return IllegalAction(_(_REDEAL_WHY[why]).format(variant=_(g.variant.title)), reason=why)


def mon_reste_error(g: Any) -> IllegalAction | None:
    """None if the current player may say mon reste now, else the IllegalAction.

    >>> g = Game.from_deal("truc", [["7c", "8d", "9s"], ["Ac", "Kd", "10s"]], score=(4, 9))
    >>> _ = g.apply("mon reste")
    >>> str(mon_reste_error(g)), str(mon_reste_error(Game("mineiro", seed=1)))
    ('after mon reste nobody may raise any more', 'Truco Mineiro has no mon reste')
    """
    ts = g.truc_specials
    why = Reason.NO_MON_RESTE_IN_VARIANT if ts is None else ts.mon_reste_why(g)
    if why is None:
        return None
    if why == Reason.FLOR_FIRST:
        return IllegalAction(_("announce your flor first"), reason=why)
    target = g.variant.target
    value = g._pending[1] if g._phase == ANSWER else g._value
    team = g._current & 1
    return IllegalAction(_(_MON_RESTE_WHY[why]).format(
        variant=_(g.variant.title), target=target, value=value,
        lack=target - g._score[team], team=_first_upper(team_name(team)),
        other=team_name(1 - team)), reason=why)


def fold_error(g: Any) -> IllegalAction | None:
    """Going to the deck in the play phase: None, or (with captains) the partner's error."""
    ts = g.truc_specials
    if ts is None or ts.may_fold(g):
        return None
    return ts.captain_error(g, FOLD)


def mark_redealt(g: Any) -> None:
    """This hand was already dealt again (a game rebuilt from a notation that says so).

    >>> g = Game.from_deal("truc", [["7c", "8d", "9s"], ["Ac", "Kd", "10s"]], dealer=1)
    >>> mark_redealt(g)
    >>> redeal_error(g).reason, g.notation()
    ('one_redeal_per_hand', 'truc 2p dealer=1 score=0-0 hands=7c,8d,9s/Ac,Kd,10s redealt')
    """
    ts = g.truc_specials
    if ts is not None:
        ts.redeal_used = True
    (dealer, score, vira, dealt), actions = g._notations[-1]
    g._notations[-1] = ((dealer, score, vira, dealt, "redealt"), actions)


def signal(g: Any, seat: int, sign: str) -> Event:
    """``seat`` of game ``g`` signals ``sign`` (the rules in :meth:`TrucSpecials.signal`).

    >>> signal(Game("truc", players=4, seed=1), 1, "Wink").verdict.explain()
    'Player 1 winks at their partner: they hold an 8. Rule: ... signals must be honest.'
    """
    ts = g.truc_specials
    if ts is None:
        raise _no_signals()
    return ts.signal(g, seat, sign)


# The game's dispatch entries: each hands the action to the component's method.
HANDLERS: dict[str, Handler] = {REDEAL: delegate("truc_specials.redeal"),
                                MON_RESTE: delegate("truc_specials.mon_reste")}
# With redeal or mon reste, accept and refuse also answer them.
ANSWER_HANDLERS: dict[str, Handler] = {ACCEPT: delegate("truc_specials.accept"),
                                       REFUSE: delegate("truc_specials.refuse")}


__all__ = ["ANSWER_HANDLERS", "HANDLERS", "SIGNALS", "TrucObservation", "TrucSpecials",
           "TrucVerdict", "fold_error", "mark_redealt", "mon_reste_error", "redeal_error",
           "signal"]
