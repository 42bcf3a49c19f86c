"""The Truc specials (seed 002): redeal, mon reste, captains and partner signals.

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
from typing import ClassVar

from .actions import ACCEPT, FOLD, MON_RESTE, REDEAL, REFUSE
from .errors import IllegalAction
from .i18n import N_, _
from .observation import Observation
from .state import (GameBase, ANSWER, MON_RESTE_ANSWER, OVER, PLAY_PHASE, REDEAL_ANSWER, Event,
                    Handler)
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
    given this hand by the observer's partners (never by the opponents, never their own)."""

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


class TrucMixin(GameBase):
    """Redeal, mon reste, captains and partner signals, for the Truc variants.

    Every hook calls ``super()`` so :class:`truco.envido.EnvidoMixin` (before this class in the
    MRO) and the core chain through it; games of other variants keep the core's fast path.
    """

    __slots__ = ()  # the state's slots are declared once, in truco.state.GameBase

    # --- state ----------------------------------------------------------------------------
    def _init_side_state(self) -> None:
        super()._init_side_state()
        v = self.variant
        self._redeal_on = v.redeal
        self._mon_reste_on = v.mon_reste
        self._captains_on = v.captains and self.n == 4
        # Signals are described for the French (piquet-deck) game with four players.
        self._signals_on = self._captains_on and v.deck_name == "piquet32"
        self._redeal_used = False
        self._mon_reste = None  # None, "pending" or "game" (both sides said mon reste)
        self._mr = None  # (proposer seat, value, value before, resume seat) while pending
        self._signals: list = []
        self._truc_bets = self._redeal_on or self._mon_reste_on
        if self._truc_bets or self._captains_on:
            self._truc_on = self._has_sides = True
            if self._truc_bets:  # accept and refuse also answer a redeal or a mon reste
                self._dispatch = {**self._dispatch, **self.answer_handlers}
        # A hand raised by mon reste may be worth a value off the ladder: the game's table of
        # rungs (truco.tables) has no rung above such values.

    def _start_hand_truc(self) -> None:
        self._redeal_used = False
        self._mon_reste = None
        self._mr = None
        self._signals = []

    def _side_snapshot(self):
        return super()._side_snapshot() + (
            ("truc", self._redeal_used, self._mon_reste, self._mr, tuple(self._signals)),)

    @property
    def mon_reste(self):
        """None, "pending" (mon reste waits for its answer) or "game" (the hand's winner wins
        the game)."""
        return self._mon_reste

    @property
    def captains(self) -> tuple:
        """The captains (dealer and eldest) in a 4-player Truc game, else ()."""
        return (self.dealer, self.mano) if self._captains_on else ()

    @property
    def signals(self) -> tuple:
        """Every signal given this hand, ``((seat, sign), ...)`` (an omniscient view: use
        :meth:`signals_for` or :meth:`observation` for what one seat may see)."""
        return tuple(self._signals)

    def signals_for(self, seat: int) -> tuple:
        """The signals ``seat`` has seen this hand: those of their partners only."""
        return tuple((s, sign) for s, sign in self._signals if s != seat and (s ^ seat) & 1 == 0)

    # --- legality ---------------------------------------------------------------------------
    def _redeal_why(self):
        """None if the current player may propose a redeal now, else the reason code."""
        if not self._redeal_on:
            return Reason.NO_REDEAL_IN_VARIANT
        if self._redeal_used:
            return Reason.ONE_REDEAL_PER_HAND
        if self._current != self.mano:
            return Reason.ONLY_ELDEST_PROPOSES_REDEAL
        if self._actions or self._phase != PLAY_PHASE:
            return Reason.REDEAL_ONLY_BEFORE_PLAY
        return None

    def _mon_reste_why(self):
        """None if the current player may say mon reste now, else the reason code."""
        if not self._mon_reste_on:
            return Reason.NO_MON_RESTE_IN_VARIANT
        if self._mon_reste is not None:
            return Reason.NO_RAISE_AFTER_MON_RESTE
        phase = self._phase
        if phase == PLAY_PHASE:
            value = self._value
        elif phase == ANSWER:  # answering a raise: accepts it, then mon reste on top
            value = self._pending[1]
        else:
            return Reason.NOT_ALLOWED
        turn = self._raise_turn_why()  # who may raise
        if turn is not None:
            return turn
        if self.variant.target - self._score[self._current & 1] <= value:
            return Reason.MON_RESTE_NOT_A_RAISE
        if phase == PLAY_PHASE and self._flor_due(self._current):
            return Reason.FLOR_FIRST
        return None

    def _truc_actions(self, legal: list) -> None:
        """Append redeal and mon reste where their rules allow them now (each rule's first
        test is read here first: it fails at most decisions, and saves the call)."""
        if not self._actions and self._redeal_why() is None:
            legal.append(self._table[REDEAL])
        if self._mon_reste is None and self._mon_reste_why() is None:
            legal.append(self._table[MON_RESTE])

    def _other_phase_actions(self) -> list:
        phase = self._phase
        if phase == REDEAL_ANSWER:
            return [self._table[ACCEPT], self._table[REFUSE]]
        if phase == MON_RESTE_ANSWER:
            return [self._table[MON_RESTE], self._table[REFUSE]]
        return super()._other_phase_actions()

    def _may_fold(self) -> bool:
        """Who may go to the deck in the play phase: anyone, or with captains only they."""
        return not self._captains_on or self._current == self.dealer or \
            self._current == self.mano

    def _answerer(self, seat: int) -> int:
        """With captains, a bet is answered by the other side's captain."""
        if self._captains_on:
            return self.dealer if (self.dealer ^ seat) & 1 else self.mano
        return super()._answerer(seat)

    def _redeal_error(self):
        """None if the current player may propose a redeal now, else the IllegalAction."""
        why = self._redeal_why()
        if why is None:
            return None
        return IllegalAction(_(_REDEAL_WHY[why]).format(variant=_(self.variant.title)),
                             reason=why)

    def _mon_reste_error(self):
        """None if the current player may say mon reste now, else the IllegalAction."""
        why = self._mon_reste_why()
        if why is None:
            return None
        if why == Reason.FLOR_FIRST:
            return IllegalAction(_("announce your flor first"), reason=why)
        target = self.variant.target
        value = self._pending[1] if self._phase == ANSWER else self._value
        team = self._current & 1
        return IllegalAction(_(_MON_RESTE_WHY[why]).format(
            variant=_(self.variant.title), target=target, value=value,
            lack=target - self._score[team], team=_first_upper(team_name(team)),
            other=team_name(1 - team)), reason=why)

    def _captain_error(self, kind) -> IllegalAction:
        if kind == FOLD:
            return IllegalAction(_("only the captains (the dealer and the eldest) may concede"),
                                 reason=Reason.ONLY_CAPTAINS_CONCEDE)
        return IllegalAction(_("only the captains (the dealer and the eldest) may accept or "
                               "refuse; player {captain} is to answer").format(
                                   captain=self._current), reason=Reason.ONLY_CAPTAINS_ANSWER)

    def _truc_answer_why(self, kind):
        """While a redeal or a mon reste waits for its answer: None if ``kind`` answers it,
        else the IllegalAction."""
        if self._phase == REDEAL_ANSWER:
            if kind == ACCEPT or kind == REFUSE:
                return None
            if kind == REDEAL:
                return self._redeal_error()
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

    def _check_captain(self, kind, player) -> None:
        """With captains, a partner who is not one may not answer or concede for the side."""
        if player not in (self.dealer, self.mano) and (
                kind == FOLD or kind in (ACCEPT, REFUSE, MON_RESTE) and
                self._phase in (ANSWER, REDEAL_ANSWER, MON_RESTE_ANSWER)):
            raise self._captain_error(kind)

    # --- what the actions do (only called once legal) ------------------------------------
    def _on_redeal(self, action) -> Event:
        seat = self._current
        self._redeal_used = True
        self._phase = REDEAL_ANSWER
        self._current = self.dealer
        return self._log_event("redeal", seat, action, redeal_proposal(seat))

    def _mark_redealt(self) -> None:
        """This hand was already dealt again (a game rebuilt from a notation that says so)."""
        self._redeal_used = True
        (dealer, score, vira, dealt), actions = self._notations[-1]
        self._notations[-1] = ((dealer, score, vira, dealt, "redealt"), actions)

    def _redeal_hands(self) -> None:
        """Put the hands aside and deal three new cards each from the stock (same dealer)."""
        n = self.n
        aside = {c.id for c in self._dealt}  # by id: a card's own hash is a Python call
        if self.vira is not None:
            aside.add(self.vira.id)
        stock = [c for c in self._deck if c.id not in aside]
        rand = self._rng.random
        last = len(stock)
        for i in range(3 * n):
            j = i + trunc(rand() * (last - i))
            stock[i], stock[j] = stock[j], stock[i]
        self._dealt = dealt = stock[:3 * n]
        self._hands = [dealt[k:k + 3] for k in range(0, 3 * n, 3)]
        self._hand_acts = [None] * n
        # The hand's notation now starts from the new deal (the log keeps the redeal).
        self._actions.clear()
        self._notations[-1] = ((self.dealer, tuple(self._score), self.vira, dealt, "redealt"),
                               self._actions)
        self._signals = []
        self._log_event("deal", self.dealer, None, None)

    def _on_accept_truc(self, action) -> Event:
        if self._phase != REDEAL_ANSWER:
            return super()._on_accept(action)
        seat = self._current
        event = self._log_event("accept", seat, action, redeal_answer(seat, True))
        self._redeal_hands()
        self._phase = PLAY_PHASE
        self._current = self._leader = self.mano
        return event

    def _on_refuse_truc(self, action) -> Event:
        phase = self._phase
        if phase == REDEAL_ANSWER:
            seat = self._current
            self._phase = PLAY_PHASE
            self._current = self.mano
            return self._log_event("refuse", seat, action, redeal_answer(seat, False))
        if phase == MON_RESTE_ANSWER:
            seat = self._current
            proposer, value, before, _resume = self._mr
            verdict = mon_reste_refusal(seat, proposer, value, before, self.variant.target)
            self._pending = self._mr = None
            self._mon_reste = None
            event = self._log_event("refuse", seat, action, verdict)
            self._end_hand(verdict)
            return event
        return super()._on_refuse(action)

    def _on_mon_reste(self, action) -> Event:
        seat, target = self._current, self.variant.target
        if self._phase == MON_RESTE_ANSWER:  # mon reste against mon reste: play for the game
            proposer, value, before, resume = self._mr
            self._mon_reste = "game"
            self._mr = self._pending = None
            self._value = max(target - self._score[0], target - self._score[1])
            self._phase = PLAY_PHASE
            self._current = resume
            return self._log_event("mon_reste", seat, action,
                                   mon_reste_answer(seat, self._value, before, target))
        if self._phase == ANSWER:  # answering a raise with mon reste accepts the raise first
            self._value = self._pending[1]
            resume = self._pending[2]
        else:
            resume = seat
        before = self._value
        value = target - self._score[seat & 1]
        self._mon_reste = "pending"
        self._mr = (seat, value, before, resume)
        self._pending = (seat, value, resume)
        self._phase = MON_RESTE_ANSWER
        self._current = self._answerer(seat)
        return self._log_event("mon_reste", seat, action,
                               mon_reste_offer(seat, value, before, target))

    handlers: ClassVar[dict[str, Handler]] = {REDEAL: _on_redeal, MON_RESTE: _on_mon_reste}
    answer_handlers: ClassVar[dict[str, Handler]] = {ACCEPT: _on_accept_truc, REFUSE: _on_refuse_truc}  # with redeal/mon reste

    # --- partner signals: optional events, not actions ----------------------------------
    def signal(self, seat: int, sign: str) -> Event:
        """``seat`` signals a card to their partner(s): "smile" (a 7), "wink" (an 8) or
        "shrug" (an ace). Signals must be honest; only partners see them in
        :meth:`observation`. Not an action: it does not change whose turn it is."""
        if not self._signals_on:
            raise IllegalAction(_("signals are given between partners in four-player French "
                                  "Truc only"), reason=Reason.NO_SIGNALS_IN_VARIANT)
        if self._phase == OVER:
            raise IllegalAction(_("the game is over"), reason=Reason.GAME_OVER)
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalAction(_("there is no player {player} in a game of {n}").format(
                player=seat, n=self.n), reason=Reason.NO_SUCH_PLAYER)
        word = sign.strip().lower() if isinstance(sign, str) else None
        rank = SIGNALS.get(word)
        if rank is None:
            raise IllegalAction(_("{sign!r} is not a signal: use 'smile' (a 7), 'wink' (an 8) "
                                  "or 'shrug' (an ace)").format(sign=sign),
                                reason=Reason.UNKNOWN_SIGNAL)
        if not any(c.rank == rank for c in self._hands[seat]):
            raise IllegalAction(_("player {seat} cannot {sign}: signals must be honest and they "
                                  "hold no such card").format(seat=seat, sign=word),
                                reason=Reason.DISHONEST_SIGNAL)
        self._signals.append((seat, word))
        return self._log_event("signal", seat, None,
                               TrucVerdict("signal", Reason.SIGNAL, seat, sign=word))

    def observation(self, player: int):
        obs = super().observation(player)
        if not self._signals_on:
            return obs
        values = {f.name: getattr(obs, f.name) for f in fields(Observation)}
        return TrucObservation(**values, signals=self.signals_for(player))


__all__ = ["SIGNALS", "TrucMixin", "TrucObservation", "TrucVerdict"]
