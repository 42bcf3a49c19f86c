"""Envido: the side bet of the first trick (Argentina, Uruguay); flor is in :mod:`truco.flor`.

>>> from truco import Game
>>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]], dealer=1)
>>> for a in ["envido", "real envido", "quiero", "son buenas"]:
...     _ = g.apply(a)
>>> g.score, g.log[-1].verdict.explain()
((5, 0), 'Player 0 wins the envido with 33, the others having said son buenas: team A scores 5.')
"""
from __future__ import annotations

from typing import ClassVar

from .actions import (ENVIDO, FALTA_ENVIDO, FLOR, FOLD, NO_QUIERO, QUIERO, REAL_ENVIDO,
                      SON_BUENAS)
from .errors import IllegalAction
from .i18n import _
from .flor import flor_unsung
from .points import hand_envido
from .resolve_side import BET_POINTS as BET_POINTS  # re-exported
from .resolve_side import (envido_acceptance, envido_bet, envido_declared,
                           envido_next_bets, envido_refusal, envido_showdown, envido_stakes,
                           falta_allowed, falta_envido, son_buenas)
from .side_verdicts import SideVerdict
from .state import (GameBase, ANSWER, DECLARE, ENVIDO_ANSWER, FLOR_ANSWER, OVER, PLAY_PHASE,
                    Event, Handler)
from .reasons import Reason

ENVIDO_BETS = (ENVIDO, REAL_ENVIDO, FALTA_ENVIDO)


class EnvidoMixin(GameBase):
    """Envido betting and flor, for variants whose rules value has ``envido`` set."""

    __slots__ = ()  # the state's slots are declared once, in truco.state.GameBase

    def _init_side_state(self) -> None:
        super()._init_side_state()
        if self.variant.envido:
            self._envido_on = self._has_sides = True

    def _start_hand_envido(self) -> None:
        t = self._tables
        self._env_live = True
        self._env_done = False
        self._env_bets: list[str] = []
        self._env_resume = None
        self._env_decl = None
        self._env_bettor = None
        self._muestra = self.vira if t.muestra else None

    # --- what is allowed ---------------------------------------------------------------
    def _after_first_trick(self) -> None:
        self._env_live = False  # envido and flor live in the first trick only
        if self.truc_specials is None:
            self._has_sides = False

    def _envido_open(self, seat) -> bool:
        flor = self.flor
        if (not self.variant.envido or self._env_done or self._tricks
                or seat in self._trick_seats
                or flor is not None and (flor.sung or seat in flor.points)):
            return False
        if self._raise_right is not None or self._value != self.variant.base_value:
            return False  # the truco is settled
        return self._phase == PLAY_PHASE and self._pending is None or self._phase == ANSWER

    def _falta(self, team=None) -> int:
        """The falta envido for ``team`` winning (None: the last bettor's side); the rule is
        :func:`truco.resolve_side.falta_envido`."""
        return falta_envido(self.variant, self._score,
                            self._env_bettor & 1 if team is None else team)

    def _envido_bets(self) -> list:
        """The envido bets the player to act may make now, after the bets on the table (the
        actions, cached per sequence of bets)."""
        known = self._tables.bets.get(tuple(self._env_bets))
        if known is None:
            known = self._envido_options(self._env_bets)
        fixed, with_falta = known
        if with_falta is not None:
            if falta_allowed(self.variant, self._score):
                return with_falta
        return fixed

    def _envido_options(self, bets) -> tuple[list, list | None]:
        """:func:`truco.resolve_side.envido_next_bets` as actions, cached in the variant's
        tables."""
        fixed, with_falta = envido_next_bets(bets, self.variant.envido_cap)
        table = self._table
        known = self._tables.bets[tuple(bets)] = (
            [table[w] for w in fixed],
            None if with_falta is None else [table[w] for w in with_falta])
        return known

    def _envido_actions(self, legal: list) -> None:
        """Append the envido bets (or the flor to announce) the rules allow now, in the play or
        answer phase of the first trick: ``_envido_open`` and ``_unsung_flor`` say."""
        seat = self._current
        if self._phase == ANSWER and flor_unsung(self, seat):
            legal.append(self._table[FLOR])
        elif self._envido_open(seat):
            legal.extend(self._envido_bets())

    def _envido_bet_why(self, kind):
        """None if the current player may bet ``kind`` (envido, real envido, falta envido)
        now, else the IllegalAction saying why."""
        seat, phase = self._current, self._phase
        if phase == ENVIDO_ANSWER:  # raising the envido on the table
            allowed = not flor_unsung(self, seat)
        else:
            allowed = self._envido_open(seat)
        if allowed and self._table[kind] in self._envido_bets():
            return None
        if not self.variant.envido:
            return IllegalAction(_("{variant} has no envido").format(
                variant=_(self.variant.title)), reason=Reason.NO_ENVIDO_IN_VARIANT)
        if self._tricks or seat in self._trick_seats:
            return IllegalAction(_("envido is only bet in the first trick, before your first "
                                   "card"), reason=Reason.ENVIDO_ONLY_FIRST_TRICK)
        flor = self.flor
        if self._env_done or flor is not None and flor.sung:
            return IllegalAction(_("the envido of this hand is settled"),
                                 reason=Reason.ENVIDO_SETTLED)
        if flor is not None and seat in flor.points:
            return IllegalAction(_("with flor you must announce it: flor cancels envido"),
                                 reason=Reason.FLOR_FIRST)
        if self._raise_right is not None or self._value != self.variant.base_value:
            return IllegalAction(_("the truco is settled: envido can no longer be bet"),
                                 reason=Reason.TRUCO_SETTLED)
        return IllegalAction(_("{bet} cannot follow what was bet").format(bet=_(kind)),
                             reason=Reason.ENVIDO_ORDER)

    def _other_phase_actions(self) -> list:
        phase, table = self._phase, self._table
        if phase == ENVIDO_ANSWER:
            if flor_unsung(self, self._current):  # a flor is sung instead of answering
                return [table[FLOR]]
            legal = [table[QUIERO], table[NO_QUIERO]] + self._envido_bets()
            if self.variant.deck_answers:
                legal.append(table[FOLD])
            return legal
        if phase == DECLARE:
            return [table[SON_BUENAS]]
        if phase == FLOR_ANSWER:
            return self.flor.answer_actions(self)
        return super()._other_phase_actions()

    def _side_snapshot(self):
        if not self.variant.envido:
            return super()._side_snapshot()
        return super()._side_snapshot() + (
            self._env_done, tuple(self._env_bets), self._env_resume, self._env_decl and
            tuple(sorted((k, tuple(sorted(v)) if isinstance(v, set) else v)
                         for k, v in self._env_decl.items())),
            self.flor and self.flor.snapshot())

    # --- what the actions do ------------------------------------------------------------
    def _log_side(self, action, verdict) -> Event:
        kind = "envido" if verdict.reason.startswith("envido") else "flor"
        return self._log_event(kind, self._current, action, verdict)

    def _resume(self) -> None:
        self._env_done = True
        phase, current = self._env_resume
        self._env_resume = None
        if not self._check_game_over():
            self._phase, self._current = phase, current

    def _on_envido_bet(self, action):
        seat, word = self._current, action.kind
        if self._phase != ENVIDO_ANSWER:
            self._env_resume = (self._phase, seat)
            self._env_bets = []
        bets = self._env_bets
        bets.append(word)
        self._env_bettor = seat
        event = self._log_side(action, envido_bet(seat, bets, self._falta))
        self._phase = ENVIDO_ANSWER
        # A flor cancels the envido: a player holding one sings it before anyone answers.
        flor = self.flor
        holder = flor.first_holder(self, seat) if flor is not None and flor.points else None
        self._current = self._answerer(seat) if holder is None else holder
        return event

    def _on_no_quiero(self, action):
        event = self._refuse_envido(action)
        self._resume()
        return event

    def _refuse_envido(self, action):
        verdict = envido_refusal(self._current, self._env_bets)
        self._score[verdict.winner] += verdict.points
        return self._log_side(action, verdict)

    def _on_deck(self, action):
        """Going to the deck; with ``deck_answers``, also while an envido waits (refused)."""
        if self._phase == ENVIDO_ANSWER:
            self._refuse_envido(None)
            self._env_done = True
            phase, _seat = self._env_resume
            self._env_resume = None
            if self._check_game_over():
                return self.log[-1]
            self._phase = ANSWER if phase == ANSWER else PLAY_PHASE
            return self._fold_side(action)  # an answer: the whole side goes
        return self._on_fold(action)

    def _on_quiero(self, action):
        if self._phase == FLOR_ANSWER:  # quiero to a contraflor al resto
            return self.flor.accept(self, action)
        stake, _refused = envido_stakes(self._env_bets, self._falta)
        event = self._log_side(action, envido_acceptance(self._current, stake))
        self._env_decl = {"stake": stake, "best": None, "spoken": set(), "at": 0}
        self._phase = DECLARE
        self._declare_round()
        return event

    def _declare_round(self) -> None:
        """Declare points in turn order from the mano, round and round, until nobody who has
        not spoken can beat the best declared by the other side; a player who cannot beat
        it owes "son buenas" (a tie goes to the player nearer the mano)."""
        decl, n, dealt, mano = self._env_decl, self.n, self._dealt, self.mano
        spoken, best = decl["spoken"], decl["best"]
        while True:
            seat = None
            for k in range(n):  # the next seat, from where the round stopped, still to speak
                s = (mano + (decl["at"] + k) % n) % n
                if s not in spoken and (best is None or best[0] & 1 != s & 1) and \
                        s not in self._out:
                    seat, decl["at"] = s, (decl["at"] + k) % n
                    break
            if seat is None:
                break
            points = hand_envido(dealt[3 * seat:3 * seat + 3], self._muestra)
            order = (seat - mano) % n
            if best is None or points > best[1] or points == best[1] and order < best[3]:
                best = decl["best"] = (seat, points, best[1] if best else None, order)
                spoken.add(seat)
                self._log_event("envido", seat, None, envido_declared(seat, points))
                continue
            self._current = seat  # owes "son buenas"
            return
        seat, points, other, _order = best
        team = seat & 1
        # the stake, with a falta envido worked out for the winner's side
        stake, _refused = envido_stakes(self._env_bets, lambda: self._falta(team))
        verdict = envido_showdown(seat, points, other, stake)
        self._score[team] += verdict.points
        self._log_event("envido", seat, None, verdict)
        self._env_decl = None
        self._resume()

    def _on_son_buenas(self, action):
        event = self._log_event("son_buenas", self._current, action,
                                son_buenas(self._current))
        self._env_decl["spoken"].add(self._current)
        self._declare_round()
        return event

    handlers: ClassVar[dict[str, Handler]] = {ENVIDO: _on_envido_bet, REAL_ENVIDO: _on_envido_bet,
                FALTA_ENVIDO: _on_envido_bet, QUIERO: _on_quiero, NO_QUIERO: _on_no_quiero,
                SON_BUENAS: _on_son_buenas, FOLD: _on_deck}


__all__ = ["EnvidoMixin", "SideVerdict", "OVER"]
