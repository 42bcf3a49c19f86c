"""Envido and flor: the side bets of the first trick (Argentina, Uruguay).

>>> from truco import Game
>>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]], dealer=1)
>>> for a in ["envido", "real envido", "quiero", "son buenas"]:
...     _ = g.apply(a)
>>> g.score, g.log[-1].verdict.explain()
((5, 0), 'Player 0 wins the envido with 33, the others having said son buenas: team A scores 5.')
"""
from __future__ import annotations

from typing import NamedTuple

from .actions import (CON_FLOR_ACHICO, CON_FLOR_QUIERO, CONTRAFLOR, CONTRAFLOR_RESTO, ENVIDO,
                      FALTA_ENVIDO, FLOR, FOLD, NO_QUIERO, QUIERO, REAL_ENVIDO, SON_BUENAS)
from .errors import IllegalAction
from .i18n import N_, _
from .points import flor_codes, hand_envido, hand_flor
from .state import ANSWER, DECLARE, ENVIDO_ANSWER, FLOR_ANSWER, OVER, PLAY_PHASE, Event
from .verdicts import Verdict, team_name

BET_POINTS = {ENVIDO: 2, REAL_ENVIDO: 3}
ENVIDO_BETS = (ENVIDO, REAL_ENVIDO, FALTA_ENVIDO)


class FlorBet(NamedTuple):
    """A contraflor (or contraflor al resto) on the table: who called it, what it is worth
    accepted (None: al resto, worked out when scored), refused, and whether it was accepted."""

    word: str
    caller: int
    stake: int | None
    refused: int
    accepted: bool
    flores: int = 0  # flores announced when it was called


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
        self._env_bettor = None
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
        self._flor_bet = None  # a FlorBet while a contraflor is on the table
        self._flor_out = None  # the team that said "con flor me achico"
        self._flor_singer = None

    # --- what is allowed ---------------------------------------------------------------
    def _after_first_trick(self) -> None:
        self._env_live = False  # envido and flor live in the first trick only
        if not self._truc_on:
            self._has_sides = False

    def _unsung_flor(self, seat) -> bool:
        """``seat`` holds a flor it must still announce (before its first card)."""
        return (self.variant.envido and seat in self._flor_of and seat not in self._flor_sung
                and seat & 1 != self._flor_out and seat not in self._trick_seats
                and not self._tricks and seat not in self._out)

    def _first_flor_holder(self, seat):
        """The first seat after ``seat``, in turn order, holding a flor still to announce."""
        for k in range(1, self.n):
            other = (seat + k) % self.n
            if self._unsung_flor(other):
                return other
        return None

    def _envido_open(self, seat) -> bool:
        if (not self.variant.envido or self._env_done or self._tricks or self._flor_sung
                or seat in self._trick_seats or (self.variant.flor and seat in self._flor_of)):
            return False
        if self._raise_right is not None or self._value != self.variant.base_value:
            return False  # the truco is settled
        return self._phase == PLAY_PHASE and self._pending is None or self._phase == ANSWER

    def _envido_stake(self, bets, team=None) -> int:
        """What ``bets`` are worth accepted; a falta envido depends on ``team``, the winner,
        under some rule options (None: as if the last bettor won)."""
        if FALTA_ENVIDO in bets:
            return self._falta(team)
        return sum(BET_POINTS[b] for b in bets)

    def _falta(self, team=None) -> int:
        """The falta envido: what the leader lacks to win (``falta_envido="leader"``); or, while
        the leader is in the malas, what the winner lacks to reach the buenas ("chico") or to
        win the game ("game")."""
        v, score = self.variant, self._score
        lead = max(score)
        if v.falta_envido == "leader" or lead >= v.target // 2:
            return v.target - lead
        if team is None:
            team = self._env_bettor & 1
        return (v.target // 2 if v.falta_envido == "chico" else v.target) - score[team]

    def _envido_payout(self, stake, team) -> int:
        return self._falta(team) if FALTA_ENVIDO in self._env_bets else stake

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
        if phase == ANSWER and self._flor_of and self._unsung_flor(seat):
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
            if self._unsung_flor(self._current):  # a flor is sung instead of answering
                return [table[FLOR]]
            legal = [table[QUIERO], table[NO_QUIERO]] + self._envido_bets()
            if self.variant.deck_answers:
                legal.append(table[FOLD])
            return legal
        if phase == DECLARE:
            return [table[SON_BUENAS]]
        if phase == FLOR_ANSWER:
            return [table[w] for w in self._flor_answers()]
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
            tuple(sorted((k, tuple(sorted(v)) if isinstance(v, set) else v)
                         for k, v in self._env_decl.items())),
            tuple(self._flor_sung), self._flor_bet, self._flor_out)

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
        refused = 1 if not bets else self._envido_stake(bets)
        bets.append(word)
        self._env_bettor = seat
        verdict = SideVerdict("envido_called", seat, None, 0, bet=word,
                              stake=self._envido_stake(bets), refused=refused)
        event = self._log_side(action, verdict)
        self._phase = ENVIDO_ANSWER
        # A flor cancels the envido: a player holding one sings it before anyone answers.
        holder = self._first_flor_holder(seat) if self._flor_of else None
        self._current = self._answerer(seat) if holder is None else holder
        return event

    def _on_no_quiero(self, action):
        event = self._refuse_envido(action)
        self._resume()
        return event

    def _refuse_envido(self, action):
        bets = self._env_bets
        points = 1 if len(bets) == 1 else self._envido_stake(bets[:-1])
        bettor = 1 - (self._current & 1)
        self._score[bettor] += points
        return self._log_side(action, SideVerdict("envido_refused", self._current, bettor,
                                                  points))

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
        if self._phase == FLOR_ANSWER:
            return self._on_flor_accept(action)
        stake = self._envido_stake(self._env_bets)
        event = self._log_side(action, SideVerdict("envido_accepted", self._current,
                                                   stake=stake))
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
                self._log_event("envido", seat, None,
                                SideVerdict("declared", seat, envido=points))
                continue
            self._current = seat  # owes "son buenas"
            return
        seat, points, other, _order = best
        team = seat & 1
        stake = self._envido_payout(decl["stake"], team)
        self._score[team] += stake
        facts = {"best": points} if other is None else {"best": points, "other": other}
        self._log_event("envido", seat, None, SideVerdict(
            "envido_won" if other is not None else "envido_buenas", seat, team, stake,
            **facts))
        self._env_decl = None
        self._resume()

    def _on_son_buenas(self, action):
        event = self._log_event("son_buenas", self._current, action,
                                SideVerdict("son_buenas", self._current))
        self._env_decl["spoken"].add(self._current)
        self._declare_round()
        return event

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
        event = self._log_side(action, SideVerdict("flor_sung", seat,
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
        event = self._log_side(action, SideVerdict("contraflor_called", seat, bet=word,
                                                   stake=shown,
                                                   refused=self._flor_refused(seat & 1),
                                                   **self._stakes_fact()))
        self._flor_next(seat)
        return event

    def _stakes_fact(self) -> dict:
        stakes = self.variant.flor_stakes
        return {} if stakes == "published" else {"stakes": stakes}

    def _flor_refused(self, team) -> int:
        """What a refused contraflor (or al resto) on the table pays its caller's ``team``."""
        refused = self._flor_bet.refused
        if refused is None:  # 3 for each flor of the caller's side, plus 1 (gotruco)
            refused = 3 * sum(1 for s in self._flor_sung if s & 1 == team) + 1
        return refused

    def _resto_stake(self, team) -> int:
        """Contraflor al resto: the falta (as the falta envido, for ``team`` winning) plus 3
        for each flor announced."""
        flores = 3 * len(self._flor_sung) if self.variant.flor_points.resto_flores else 0
        return self._falta(team) + flores

    def _on_flor_accept(self, action):
        seat = self._current
        if seat not in self._flor_sung:
            self._flor_sung.append(seat)
        self._flor_bet = self._flor_bet._replace(accepted=True)
        event = self._log_side(action, SideVerdict("contraflor_accepted", seat,
                                                   bet=self._flor_bet.word,
                                                   **self._stakes_fact()))
        self._flor_next(seat)
        return event

    def _on_achico(self, action):
        seat = self._current
        self._flor_out = seat & 1  # this side concedes every flor of the hand
        event = self._log_side(action, SideVerdict("flor_backs_down", seat))
        self._flor_next(seat)
        return event

    def _flor_settle(self) -> None:
        """Score the flores of the hand, once (the flor verdict says by which rule)."""
        sung, bet, out, stakes = self._flor_sung, self._flor_bet, self._flor_out, \
            self.variant.flor_points
        if out is not None:
            team = 1 - out
            seat = next(s for s in sung if s & 1 == team)
            if bet is not None:  # a contraflor refused
                verdict = SideVerdict("contraflor_refused", bet.caller, team,
                                      self._flor_refused(team), bet=bet.word,
                                      **self._stakes_fact())
            else:
                flores = sum(1 for s in sung if s & 1 == team)
                verdict = SideVerdict("flor_achico", seat, team, stakes.achico * flores)
        elif len(self._flor_teams()) == 1:
            team = sung[0] & 1
            points = stakes.flor * len(sung)
            verdict = SideVerdict("flor_alone", sung[0], team, points, flores=len(sung))
        else:
            best = min(sung, key=lambda s: (-self._flor_of[s], (s - self.mano) % self.n))
            other = max(self._flor_of[s] for s in sung if s & 1 != best & 1)
            team = best & 1
            if bet is None:
                reason, points = "flor_duel", stakes.flor * len(sung)
            elif bet.word == CONTRAFLOR:
                later = len(sung) - bet.flores if stakes.later_flores else 0
                reason, points = "contraflor_won", bet.stake + 3 * later
            else:
                reason, points = "contraflor_resto_won", self._resto_stake(team)
            facts = self._stakes_fact() if bet is not None else {}
            verdict = SideVerdict(reason, best, team, points, best=self._flor_of[best],
                                  other=other, **facts)
        self._score[verdict.winner] += verdict.points
        self._log_event("flor", verdict.seat, None, verdict)
        self._flor_bet = None
        phase, current = self._env_resume
        if phase == ANSWER and self._pending is None:
            self._env_resume = (PLAY_PHASE, current)
        self._resume()

    handlers = {ENVIDO: _on_envido_bet, REAL_ENVIDO: _on_envido_bet,
                FALTA_ENVIDO: _on_envido_bet, QUIERO: _on_quiero, NO_QUIERO: _on_no_quiero,
                SON_BUENAS: _on_son_buenas, FOLD: _on_deck, FLOR: _on_flor, CONTRAFLOR: _on_contraflor,
                CONTRAFLOR_RESTO: _on_contraflor, CON_FLOR_QUIERO: _on_flor_accept,
                CON_FLOR_ACHICO: _on_achico}


__all__ = ["EnvidoMixin", "SideVerdict", "OVER"]
