"""Envido and flor: the side bets of the first trick (Argentina, Uruguay).

>>> from truco import Game
>>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]], dealer=1)
>>> for a in ["envido", "real envido", "quiero", "son buenas"]:
...     _ = g.apply(a)
>>> g.score, g.log[-1].verdict.explain()
((5, 0), 'Player 0 wins the envido with 33, the others having said son buenas: team A scores 5.')
"""
from __future__ import annotations

from .actions import (CON_FLOR_ACHICO, CON_FLOR_QUIERO, CONTRAFLOR, CONTRAFLOR_RESTO, ENVIDO,
                      FALTA_ENVIDO, FLOR, FOLD, NO_QUIERO, QUIERO, REAL_ENVIDO, SON_BUENAS)
from .errors import IllegalAction
from .i18n import N_, _
from .points import flor_codes, hand_envido, hand_flor
from .state import ANSWER, DECLARE, ENVIDO_ANSWER, FLOR_ANSWER, OVER, PLAY_PHASE, Event
from .verdicts import Verdict, team_name

BET_POINTS = {ENVIDO: 2, REAL_ENVIDO: 3}
ENVIDO_BETS = (ENVIDO, REAL_ENVIDO, FALTA_ENVIDO)


class SideVerdict(Verdict):
    """An envido or flor bet, answer or result, explained in words."""

    __slots__ = ("seat", "facts")

    def __init__(self, reason, seat, winner=None, points=0, **facts):
        self.kind, self.reason, self.winner, self.points = "side", reason, winner, points
        self.seat, self.facts = seat, facts

    def rule(self) -> str:
        return _(SIDE_RULES.get(self.reason, SIDE_RULES["envido_won"]))

    def explain(self) -> str:
        team = self.winner if self.winner is not None else self.seat & 1
        fmt = dict(seat=self.seat, team=team_name(team), points=self.points, **self.facts)
        if "bet" in fmt:
            fmt["bet"] = _(fmt["bet"].title())
        return _(SIDE_TEXT[self.reason]).format(**fmt)

    def _key(self):
        return super()._key() + (self.seat, tuple(sorted(self.facts.items())))


SIDE_RULES = {
    "envido_called": N_("envido is bet during the first trick: Envido 2, Real Envido 3, Falta "
                        "Envido what the leader lacks to win"),
    "envido_refused": N_("a first bet refused gives the bettor 1; later, the side whose bet was "
                         "refused scores what had been accepted until then"),
    "envido_won": N_("the higher envido wins; a tie goes to the player nearest the mano"),
    "flor_alone": N_("a flor unopposed scores 3"),
    "flor_duel": N_("against another flor, the higher flor wins 3 for each flor announced"),
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
    "flor_alone": N_("Nobody answers the flor of player {seat}: {team} scores {points}."),
    "flor_duel": N_("Player {seat}'s flor of {best} beats {other}: {team} scores {points}."),
    "flor_achico": N_("Player {seat} backs down with flor: {team} scores {points}."),
    "contraflor_called": N_("Player {seat} calls {bet}: {stake} at stake."),
}


class EnvidoMixin:
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
        muestra = self.vira if t.muestra else None
        self._muestra = muestra
        self._flor_of = flor_of = {}  # seat -> flor points
        if t.flor:  # a flor needs three cards of one suit, or a pieza
            codes = flor_codes(muestra)
            seat = 0
            for hand in self._hands:
                a, b, c = hand
                x = codes[a.id] | codes[b.id] | codes[c.id]
                if x >= 16 or not x & (x - 1):
                    points = hand_flor(hand, muestra)
                    if points is not None:
                        flor_of[seat] = points
                seat += 1
        self._flor_sung: list[int] = []
        self._flor_bet = None  # (word, caller seat, stake) while a contraflor waits

    # --- what is allowed ---------------------------------------------------------------
    def _after_first_trick(self) -> None:
        self._env_live = False  # envido and flor live in the first trick only
        if not self._truc_on:
            self._has_sides = False

    def _unsung_flor(self, seat) -> bool:
        return (self.variant.envido and seat in self._flor_of and seat not in self._flor_sung
                and seat not in self._trick_seats and not self._tricks)

    def _envido_open(self, seat) -> bool:
        if (not self.variant.envido or self._env_done or self._tricks or self._flor_sung
                or seat in self._trick_seats or (self.variant.flor and seat in self._flor_of)):
            return False
        if self._raise_right is not None or self._value != self.variant.base_value:
            return False  # the truco is settled
        return self._phase == PLAY_PHASE and self._pending is None or self._phase == ANSWER

    def _envido_stake(self, bets) -> int:
        if FALTA_ENVIDO in bets:
            return self.variant.target - max(self._score)
        return sum(BET_POINTS[b] for b in bets)

    def _envido_bets(self) -> list:
        """The envido bets the player to act may make now, after the bets on the table (the
        actions, cached per sequence of bets)."""
        known = self._tables.bets.get(tuple(self._env_bets))
        if known is None:
            known = self._envido_options(self._env_bets)
        fixed, with_falta = known
        if with_falta is not None:
            cap = self.variant.envido_cap
            if cap is None or self.variant.target - max(self._score) <= cap:
                return with_falta
        return fixed

    def _envido_options(self, bets) -> tuple[list, list | None]:
        """(the bets that may follow ``bets`` whatever the score, the same with falta envido or
        None if it may not follow), as actions; cached in the variant's tables."""
        if not bets:
            options = list(ENVIDO_BETS)
        elif bets[-1] == FALTA_ENVIDO:
            options = []
        elif bets[-1] == REAL_ENVIDO:
            options = [FALTA_ENVIDO]
        else:
            options = ([ENVIDO] if bets.count(ENVIDO) == 1 and len(bets) == 1 else []) + \
                [REAL_ENVIDO, FALTA_ENVIDO]
        cap, table = self.variant.envido_cap, self._table
        fixed = [table[o] for o in options if o != FALTA_ENVIDO and
                 (cap is None or sum(BET_POINTS[b] for b in bets + [o]) <= cap)]
        with_falta = fixed + [table[FALTA_ENVIDO]] if FALTA_ENVIDO in options else None
        known = self._tables.bets[tuple(bets)] = (fixed, with_falta)
        return known

    def _envido_actions(self, legal: list) -> None:
        # _unsung_flor and _envido_open, inlined: the caller checked this is the first trick
        # and the envido is not settled.
        seat, phase = self._current, self._phase
        if phase == ANSWER and seat in self._flor_of and seat not in self._flor_sung \
                and seat not in self._trick_seats:
            legal.append(self._table[FLOR])
        elif not (self._flor_sung or seat in self._trick_seats or seat in self._flor_of
                  or self._raise_right is not None or self._value != self.variant.base_value):
            if phase == PLAY_PHASE and self._pending is None or phase == ANSWER:
                legal.extend(self._envido_bets())

    def _forced_actions(self):
        if self._flor_of and self._unsung_flor(self._current):
            return [self._table[FLOR]] + ([self._table[FOLD]] if self._may_fold() else [])
        return super()._forced_actions()

    def _extra_raise_blocker(self):
        blocker = super()._extra_raise_blocker()
        if blocker is None and self.variant.envido and self._flor_of and \
                self._phase == PLAY_PHASE and self._unsung_flor(self._current):
            return IllegalAction(_("announce your flor first"), reason="flor_first")
        return blocker

    def _other_phase_actions(self) -> list:
        phase, table = self._phase, self._table
        if phase == ENVIDO_ANSWER:
            legal = [table[QUIERO], table[NO_QUIERO]] + self._envido_bets()
            if self._unsung_flor(self._current):
                legal.append(table[FLOR])
            return legal
        if phase == DECLARE:
            return [table[SON_BUENAS]]
        if phase == FLOR_ANSWER:
            if self._flor_bet is None:
                words = [FLOR, CONTRAFLOR, CONTRAFLOR_RESTO, CON_FLOR_ACHICO]
            elif self._flor_bet[0] == CONTRAFLOR:
                words = [CON_FLOR_QUIERO, CON_FLOR_ACHICO, CONTRAFLOR_RESTO]
            else:
                words = [QUIERO, CON_FLOR_ACHICO]
            return [table[w] for w in words]
        return super()._other_phase_actions()

    def _side_illegal(self, action):
        kind = action.kind
        if kind in ENVIDO_BETS:
            if not self.variant.envido:
                return IllegalAction(_("{variant} has no envido").format(
                    variant=_(self.variant.title)), reason="no_envido_in_variant")
            if self._tricks or self._current in self._trick_seats:
                return IllegalAction(_("envido is only bet in the first trick, before your first "
                                       "card"), reason="envido_only_first_trick")
            if self._env_done or self._flor_sung:
                return IllegalAction(_("the envido of this hand is settled"),
                                     reason="envido_settled")
            if self.variant.flor and self._current in self._flor_of:
                return IllegalAction(_("with flor you must announce it: flor cancels envido"),
                                     reason="flor_first")
            if self._raise_right is not None or self._value != self.variant.base_value:
                return IllegalAction(_("the truco is settled: envido can no longer be bet"),
                                     reason="truco_settled")
            return IllegalAction(_("{bet} cannot follow what was bet").format(bet=_(kind)),
                                 reason="envido_order")
        if kind in (FLOR, CONTRAFLOR, CONTRAFLOR_RESTO, CON_FLOR_QUIERO, CON_FLOR_ACHICO):
            return IllegalAction(_("only a player holding flor, before their first card, can "
                                   "announce or answer a flor"), reason="no_flor")
        if kind in (QUIERO, NO_QUIERO, SON_BUENAS):
            return IllegalAction(_("there is no envido to answer"), reason="nothing_to_answer")
        return super()._side_illegal(action)

    def _side_snapshot(self):
        if not self.variant.envido:
            return super()._side_snapshot()
        return super()._side_snapshot() + (
            self._env_done, tuple(self._env_bets), self._env_resume, self._env_decl and
            tuple(sorted(self._env_decl.items())), tuple(self._flor_sung), self._flor_bet)

    # --- what the actions do ------------------------------------------------------------
    def _log_side(self, action, verdict) -> Event:
        return self._log_event("envido" if verdict.reason[0] == "e" else "flor", self._current,
                               action, verdict)

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
        refused = 1 if not bets else self._envido_stake(bets)
        bets.append(word)
        verdict = SideVerdict("envido_called", seat, None, 0, bet=word,
                              stake=self._envido_stake(bets), refused=refused)
        event = self._log_side(action, verdict)
        self._phase = ENVIDO_ANSWER
        self._current = (seat + 1) % self.n
        return event

    def _on_no_quiero(self, action):
        bets = self._env_bets
        points = 1 if len(bets) == 1 else self._envido_stake(bets[:-1])
        bettor = 1 - (self._current & 1)
        self._score[bettor] += points
        event = self._log_side(action, SideVerdict("envido_refused", self._current, bettor,
                                                   points))
        self._resume()
        return event

    def _on_quiero(self, action):
        if self._phase == FLOR_ANSWER:
            return self._flor_showdown(action, self._flor_bet[2])
        stake = self._envido_stake(self._env_bets)
        event = self._log_side(action, SideVerdict("envido_accepted", self._current,
                                                   stake=stake))
        self._env_decl = {"stake": stake, "best": None, "next": 0}
        self._phase = DECLARE
        self._declare_round()
        return event

    def _declare_round(self) -> None:
        """Declare points from the mano: automatic when they win, else 'son buenas' is owed."""
        decl, n, dealt = self._env_decl, self.n, self._dealt
        k, best = decl["next"], decl["best"]
        while k < n:
            seat = (self.mano + k) % n
            if best is not None and best[0] & 1 == seat & 1:
                k += 1
                continue
            points = hand_envido(dealt[3 * seat:3 * seat + 3], self._muestra)
            if best is None or points > best[1]:
                best = (seat, points, best[1] if best else None)
                self._log_event("envido", seat, None,
                                SideVerdict("declared", seat, envido=points))
                k += 1
                continue
            decl["next"], decl["best"] = k, best
            self._current = seat  # owes "son buenas"
            return
        decl["next"], decl["best"] = k, best
        seat, points, other = decl["best"]
        team = seat & 1
        self._score[team] += decl["stake"]
        facts = {"best": points} if other is None else {"best": points, "other": other}
        self._log_event("envido", seat, None, SideVerdict(
            "envido_won" if other is not None else "envido_buenas", seat, team, decl["stake"],
            **facts))
        self._env_decl = None
        self._resume()

    def _on_son_buenas(self, action):
        event = self._log_side(action, SideVerdict("son_buenas", self._current))
        self._env_decl["next"] += 1
        self._declare_round()
        return event

    def _on_flor(self, action):
        seat = self._current
        if self._phase == FLOR_ANSWER:  # another flor: compare them
            self._flor_sung.append(seat)
            return self._flor_showdown(action, 3 * len(self._flor_sung))
        if self._phase == ENVIDO_ANSWER:  # flor cancels the envido on the table
            self._env_bets = []
        else:
            self._env_resume = (self._phase, seat)
        self._flor_sung.append(seat)
        event = self._log_side(action, SideVerdict("flor_sung", seat,
                                                   flor=self._flor_of[seat]))
        self._flor_next(seat)
        return event

    def _flor_next(self, singer) -> None:
        """Ask the next opponent holding an unannounced flor, or score the flor alone."""
        for k in range(1, self.n):
            seat = (singer + k) % self.n
            if seat & 1 != singer & 1 and seat in self._flor_of and seat not in self._flor_sung:
                self._phase, self._current = FLOR_ANSWER, seat
                self._flor_singer = singer
                return
        team = singer & 1
        self._score[team] += 3
        self._log_event("flor", singer, None, SideVerdict("flor_alone", singer, team, 3))
        if self._pending is None and self._env_resume[0] == ANSWER:
            self._env_resume = (PLAY_PHASE, self._env_resume[1])
        self._resume_after_flor()

    def _resume_after_flor(self) -> None:
        self._flor_bet = None
        if any(s not in self._flor_sung and s not in self._trick_seats for s in self._flor_of):
            phase, current = self._env_resume  # partners may still announce theirs
            if not self._check_game_over():
                self._phase, self._current = phase, current
            return
        self._resume()

    def _flor_showdown(self, action, stake):
        best = min(self._flor_sung, key=lambda s: (-self._flor_of[s],
                                                   (s - self.mano) % self.n))
        other = max((self._flor_of[s] for s in self._flor_sung if s & 1 != best & 1),
                    default="-")
        team = best & 1
        self._score[team] += stake
        event = self._log_side(action, SideVerdict("flor_duel", best, team, stake,
                                                   best=self._flor_of[best], other=other))
        self._resume_after_flor()
        return event

    def _on_contraflor(self, action):
        seat, word = self._current, action.kind
        if seat not in self._flor_sung:
            self._flor_sung.append(seat)
        flors = 3 * len(self._flor_sung)
        if word == CONTRAFLOR:
            stake = flors + 3
        else:
            stake = self.variant.target - max(self._score) + flors
        before = flors if self._flor_bet is None else self._flor_bet[2]
        answerer = self._flor_singer if self._flor_bet is None else self._flor_bet[1]
        self._flor_bet = (word, seat, stake, before)
        event = self._log_side(action, SideVerdict("contraflor_called", seat, bet=word,
                                                   stake=stake))
        self._current = answerer
        return event

    def _on_con_flor_quiero(self, action):
        return self._flor_showdown(action, self._flor_bet[2])

    def _on_achico(self, action):
        seat = self._current
        team = 1 - (seat & 1)
        if self._flor_bet is None:
            points = 3 * sum(1 for s in self._flor_sung if s & 1 == team) + 1
        else:
            points = self._flor_bet[3]
        self._score[team] += points
        event = self._log_side(action, SideVerdict("flor_achico", seat, team, points))
        self._resume_after_flor()
        return event

    handlers = {ENVIDO: _on_envido_bet, REAL_ENVIDO: _on_envido_bet,
                FALTA_ENVIDO: _on_envido_bet, QUIERO: _on_quiero, NO_QUIERO: _on_no_quiero,
                SON_BUENAS: _on_son_buenas, FLOR: _on_flor, CONTRAFLOR: _on_contraflor,
                CONTRAFLOR_RESTO: _on_contraflor, CON_FLOR_QUIERO: _on_con_flor_quiero,
                CON_FLOR_ACHICO: _on_achico}


__all__ = ["EnvidoMixin", "SideVerdict", "OVER"]
