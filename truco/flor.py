"""Flor (Argentina with the flor option, Uruguay): three cards of one suit, or piezas.

Every flor of a hand is announced in turn, from the first singer on, then all are settled at
once by the best flor (docs/seed-notes.md, section 4, gives the sources):

>>> from truco import Game
>>> hands = [["6b", "6o", "12c"], ["2c", "2e", "1e"], ["4o", "7o", "4c"], ["10b", "12b", "1b"]]
>>> g = Game.from_deal("uruguayo", hands=hands, vira="1c", dealer=2)
>>> for a in ["flor", "flor", "flor"]:
...     _ = g.apply(a)
>>> g.score, g.log[-1].verdict.explain()
((9, 0), "Player 2's flor of 40 beats 33: team A scores 9.")
"""
from __future__ import annotations

from typing import ClassVar, NamedTuple

from .actions import (CON_FLOR_ACHICO, CON_FLOR_QUIERO, CONTRAFLOR, CONTRAFLOR_RESTO, FLOR,
                      QUIERO)
from .errors import IllegalAction
from .i18n import _
from .reasons import Reason
from .resolve_side import flor_refused, flor_showdown, resto_stake
from .side_verdicts import SideVerdict
from .state import GameBase, ANSWER, ENVIDO_ANSWER, FLOR_ANSWER, PLAY_PHASE, Handler


class FlorBet(NamedTuple):
    """A contraflor (or contraflor al resto) on the table: who called it, what it is worth
    accepted (None: al resto, worked out when scored), refused, and whether it was accepted."""

    word: str
    caller: int
    stake: int | None
    refused: int
    accepted: bool
    flores: int = 0  # flores announced when it was called


class FlorMixin(GameBase):
    """Announcing, answering and settling flores (the state is set up with the envido's)."""

    __slots__ = ()  # the state's slots are declared once, in truco.state.GameBase

    def _unsung_flor(self, seat) -> bool:
        """``seat`` holds a flor it must still announce (before its first card)."""
        return (self.variant.envido and seat in self._flor_of and seat not in self._flor_sung
                and seat & 1 != self._flor_out and seat not in self._trick_seats
                and not self._tricks and seat not in self._out)

    def _flor_due(self, seat) -> bool:
        """``seat``, to act in the play phase, must announce its flor before anything else
        (the flor duty: announcing it, or going to the deck, are all it may do)."""
        return seat in self._flor_of and self._unsung_flor(seat)

    def _flor_why(self, kind):
        """None if the current player may say ``kind`` (flor, contraflor, contraflor al
        resto, con flor quiero, con flor me achico) now, else the IllegalAction saying why."""
        seat, phase = self._current, self._phase
        if phase == FLOR_ANSWER:
            allowed = kind in self._flor_answers()
        elif kind != FLOR:
            allowed = False
        elif phase == PLAY_PHASE:
            allowed = self._flor_due(seat)
        elif phase == ANSWER:
            allowed = self._unsung_flor(seat) and not self._env_done
        else:
            allowed = phase == ENVIDO_ANSWER and self._unsung_flor(seat)
        if allowed:
            return None
        return IllegalAction(_("only a player holding flor, before their first card, can "
                               "announce or answer a flor"), reason=Reason.NO_FLOR)

    def _first_flor_holder(self, seat):
        """The first seat after ``seat``, in turn order, holding a flor still to announce."""
        for k in range(1, self.n):
            other = (seat + k) % self.n
            if self._unsung_flor(other):
                return other
        return None

    # --- flor: every flor of the hand announced in turn order, then settled once --------------
    def _on_flor(self, action):
        seat = self._current
        if not self._flor_sung:  # the first flor of the hand
            if self._phase == ENVIDO_ANSWER:  # flor cancels the envido on the table
                self._env_bets = []
            else:
                self._env_resume = (self._phase, seat)
            self._flor_singer = seat
        self._flor_sung.append(seat)
        event = self._log_side(action, SideVerdict(Reason.FLOR_SUNG, seat,
                                                   flor=self._flor_of[seat]))
        self._flor_next(seat)
        return event

    def _flor_teams(self) -> set:
        return {s & 1 for s in self._flor_sung}

    def _flor_next(self, last) -> None:
        """Pass the word to the next seat that must speak about the flores, or settle them.

        While a contraflor waits, the next player of the other side holding a flor answers it;
        otherwise the next player, in turn order, holding a flor still to announce."""
        n, bet, out = self.n, self._flor_bet, self._flor_out
        for k in range(1, n + 1):
            seat = (last + k) % n
            if seat & 1 == out:
                continue
            if bet is not None and not bet.accepted and out is None:
                if seat & 1 != bet.caller & 1 and seat in self._flor_of and \
                        seat not in self._out:
                    break
            elif self._unsung_flor(seat):
                break
        else:
            self._flor_settle()
            return
        self._phase, self._current = FLOR_ANSWER, seat

    def _flor_answers(self) -> list:
        seat, bet = self._current, self._flor_bet
        if self._flor_out is not None:  # the other side conceded: only announce one's flor
            return [FLOR]
        if bet is not None and not bet.accepted:
            if bet.word == CONTRAFLOR:
                return [CON_FLOR_QUIERO, CON_FLOR_ACHICO, CONTRAFLOR_RESTO]
            return [QUIERO, CON_FLOR_ACHICO]
        teams = self._flor_teams()
        if bet is None and teams == {1 - (seat & 1)}:  # answering the other side's flor
            return [FLOR, CONTRAFLOR, CONTRAFLOR_RESTO, CON_FLOR_ACHICO]
        return [FLOR]  # a partner's flor, or one more flor for a duel already on

    def _on_contraflor(self, action):
        seat, word = self._current, action.kind
        if seat not in self._flor_sung:
            self._flor_sung.append(seat)
        stakes = self.variant.flor_points
        if word == CONTRAFLOR:
            stake, refused = stakes.contraflor, stakes.contraflor_refused
        else:
            stake, refused = None, stakes.resto_refused
        self._flor_bet = FlorBet(word, seat, stake, refused, False, len(self._flor_sung))
        shown = self._resto_stake(seat & 1) if stake is None else stake
        event = self._log_side(action, SideVerdict(Reason.CONTRAFLOR_CALLED, seat, bet=word,
                                                   stake=shown,
                                                   refused=self._flor_refused(seat & 1),
                                                   **self._stakes_fact()))
        self._flor_next(seat)
        return event

    def _stakes_fact(self) -> dict:
        stakes = self.variant.flor_stakes
        return {} if stakes == "published" else {"stakes": stakes}

    def _flor_refused(self, team) -> int:
        """What a refused contraflor on the table pays its caller's ``team``."""
        return flor_refused(self._flor_bet, self._flor_sung, team)

    def _resto_stake(self, team) -> int:
        """Contraflor al resto, for ``team`` winning (:func:`truco.resolve_side.resto_stake`)."""
        return resto_stake(self.variant.flor_points, self._flor_sung, self._falta(team))

    def _on_flor_accept(self, action):
        seat = self._current
        if seat not in self._flor_sung:
            self._flor_sung.append(seat)
        self._flor_bet = self._flor_bet._replace(accepted=True)
        event = self._log_side(action, SideVerdict(Reason.CONTRAFLOR_ACCEPTED, seat,
                                                   bet=self._flor_bet.word,
                                                   **self._stakes_fact()))
        self._flor_next(seat)
        return event

    def _on_achico(self, action):
        seat = self._current
        self._flor_out = seat & 1  # this side concedes every flor of the hand
        event = self._log_side(action, SideVerdict(Reason.FLOR_BACKS_DOWN, seat))
        self._flor_next(seat)
        return event

    def _flor_settle(self) -> None:
        """Score the flores of the hand, once (the flor verdict says by which rule)."""
        verdict = flor_showdown(self.variant, self._flor_sung, self._flor_of, self._flor_bet,
                                self._flor_out, self.mano, self.n, self._falta)
        self._score[verdict.winner] += verdict.points
        self._log_event("flor", verdict.seat, None, verdict)
        self._flor_bet = None
        phase, current = self._env_resume
        if phase == ANSWER and self._pending is None:
            self._env_resume = (PLAY_PHASE, current)
        self._resume()

    handlers: ClassVar[dict[str, Handler]] = {FLOR: _on_flor, CONTRAFLOR: _on_contraflor, CONTRAFLOR_RESTO: _on_contraflor,
                CON_FLOR_QUIERO: _on_flor_accept, CON_FLOR_ACHICO: _on_achico}


__all__ = ["FlorBet", "FlorMixin"]
