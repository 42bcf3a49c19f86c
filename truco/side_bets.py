"""Envido: the side bet of the first trick (Argentina, Uruguay); flor is in :mod:`truco.flor`.

>>> from truco import Game
>>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]], dealer=1)
>>> for a in ["envido", "real envido", "quiero", "son buenas"]:
...     _ = g.apply(a)
>>> g.score, g.log[-1].verdict.explain()
((5, 0), 'Player 0 wins the envido with 33, the others having said son buenas: team A scores 5.')

One rule family as a component: :class:`Envido` holds the family's state in its own slots
(``game.envido``, None in a variant without envido), states its rule once
(:meth:`Envido.bet_why`, asked through :func:`envido_bet_error`) and does what its words do
(the dispatch entries in :data:`HANDLERS`). The game asks it through ``start_hand``,
``end_first_trick``, ``actions``, ``answer_actions``, ``deck`` and ``snapshot``. It also
keeps where play resumes once the side bet of the hand is settled, which a flor
(:mod:`truco.flor`, ``game.flor``) shares: a flor cancels the envido and takes its place.
"""
from __future__ import annotations

from typing import Any

from .actions import (ENVIDO, FALTA_ENVIDO, FLOR, FOLD, NO_QUIERO, QUIERO, REAL_ENVIDO,
                      SON_BUENAS)
from .errors import IllegalAction
from .flor import flor_unsung
from .i18n import _
from .points import hand_envido
from .resolve_side import BET_POINTS as BET_POINTS  # re-exported
from .resolve_side import (envido_acceptance, envido_bet, envido_declared,
                           envido_next_bets, envido_refusal, envido_showdown, envido_stakes,
                           falta_allowed, falta_envido, son_buenas)
from .side_verdicts import SideVerdict
from .state import (ANSWER, DECLARE, ENVIDO_ANSWER, FLOR_ANSWER, PLAY_PHASE, Event, Handler,
                    delegate)
from .reasons import Reason

ENVIDO_BETS = (ENVIDO, REAL_ENVIDO, FALTA_ENVIDO)


class Envido:
    """The envido of one game: the bets of the hand, the points declared, where play resumes.

    Held by the game as ``game.envido`` (None when the variant has no envido); its methods
    take the game, whose shared state (phase, turn, tricks, hand value, score) they read and
    change.

    >>> from truco import Game
    >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]])
    >>> _ = g.apply("envido"); g.envido.bets, g.envido.bettor, g.envido.resume_at
    (['envido'], 0, (1, 0))
    >>> Game("mineiro", seed=1).envido is None
    True
    """

    __slots__ = ("live", "done", "bets", "bettor", "resume_at", "decl", "muestra")

    def __init__(self) -> None:
        self.live = False  # envido or flor may still be bet this hand (the first trick)
        self.done = False  # the side bet of this hand is settled
        self.bets: list[str] = []  # the envido bets on the table, in order
        self.bettor: int | None = None  # who bet last
        self.resume_at: Any = None  # (phase, seat) to go back to once the side bet is settled
        self.decl: dict | None = None  # the declaring of the points, while it goes on
        self.muestra: Any = None  # the muestra, where it counts in the points (Uruguay)

    @classmethod
    def of(cls, g: Any) -> Envido | None:
        """The component for game ``g``, or None if its variant has no envido."""
        return cls() if g.variant.envido else None

    # --- state ----------------------------------------------------------------------------
    def start_hand(self, g: Any) -> None:
        """Each hand: the envido open, nothing bet.

        >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]])
        >>> for a in ["envido", "quiero", "son buenas", "fold"]:  # a new hand is dealt
        ...     _ = g.apply(a)
        >>> g.score, g.envido.bets, g.envido.done, g.envido.live
        ((2, 1), [], False, True)
        """
        self.live = True
        self.done = False
        self.bets = []
        self.resume_at = None
        self.decl = None
        self.bettor = None
        self.muestra = g.vira if g._tables.muestra else None

    def end_first_trick(self) -> None:
        """Envido and flor live in the first trick only.

        >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]])
        >>> _ = g.apply("play 7e"); _ = g.apply("play 4b")
        >>> g.envido.live, [str(a) for a in g.legal_actions()]
        (False, ['play 6e', 'play 1o', 'raise', 'fold'])
        """
        self.live = False

    def snapshot(self) -> tuple:
        """The family's state, for comparing games: settled, the bets, where play resumes, the
        declaring.

        >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]])
        >>> _ = g.apply("envido"); g.envido.snapshot()
        (False, ('envido',), (1, 0), None)
        """
        decl = self.decl
        return (self.done, tuple(self.bets), self.resume_at, decl and tuple(sorted(
            (k, tuple(sorted(v)) if isinstance(v, set) else v) for k, v in decl.items())))

    # --- what is allowed --------------------------------------------------------------------
    def open(self, g: Any, seat: int) -> bool:
        """Whether ``seat`` may open (or raise, in the answer phase of a raise) an envido.

        >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]])
        >>> _ = g.apply("raise"); g.envido.open(g, 1)  # "el envido va primero"
        True
        >>> _ = g.apply("accept"); g.envido.open(g, 0)  # the truco is settled
        False
        """
        flor = g.flor
        if (self.done or g._tricks or seat in g._trick_seats
                or flor is not None and (flor.sung or seat in flor.points)):
            return False
        if g._raise_right is not None or g._value != g._base_value:
            return False  # the truco is settled
        return g._phase == PLAY_PHASE and g._pending is None or g._phase == ANSWER

    def falta(self, g: Any, team: int | None = None) -> int:
        """The falta envido for ``team`` winning (None: the last bettor's side); the rule is
        :func:`truco.resolve_side.falta_envido`.

        >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]],
        ...                    score=(20, 3))
        >>> g.envido.falta(g, 0), g.envido.falta(g, 1)  # what the leader lacks: 30 - 20
        (10, 10)
        """
        if team is None:
            assert self.bettor is not None  # a falta envido was bet
            team = self.bettor & 1
        return falta_envido(g.variant, g._score, team)

    def bet_options(self, g: Any) -> list:
        """The envido bets the player to act may make now, after the bets on the table (the
        actions, cached per sequence of bets).

        >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]])
        >>> [str(a) for a in g.envido.bet_options(g)]
        ['envido', 'real envido', 'falta envido']
        >>> _ = g.apply("envido"); _ = g.apply("real envido")
        >>> [str(a) for a in g.envido.bet_options(g)]
        ['falta envido']
        """
        known = g._tables.bets.get(tuple(self.bets))
        if known is None:
            known = _options(g, self.bets)
        fixed, with_falta = known
        if with_falta is not None:
            if falta_allowed(g.variant, g._score):
                return with_falta
        return fixed

    def actions(self, g: Any, legal: list) -> None:
        """Append the envido bets (or the flor to announce) the rules allow now, in the play or
        answer phase of the first trick: :meth:`open` and the flor's ``unsung`` say."""
        seat = g._current
        if g._phase == ANSWER and flor_unsung(g, seat):
            legal.append(g._table[FLOR])
        elif self.open(g, seat):
            legal.extend(self.bet_options(g))

    def answer_actions(self, g: Any) -> list:
        """The actions while an envido waits for its answer, or while the points are
        declared.

        >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]])
        >>> _ = g.apply("envido"); [str(a) for a in g.envido.answer_actions(g)]
        ['quiero', 'no quiero', 'envido', 'real envido', 'falta envido']
        >>> _ = g.apply("quiero"); [str(a) for a in g.envido.answer_actions(g)]
        ['son buenas']
        """
        table = g._table
        if g._phase == DECLARE:
            return [table[SON_BUENAS]]
        if flor_unsung(g, g._current):  # a flor is sung instead of answering
            return [table[FLOR]]
        legal = [table[QUIERO], table[NO_QUIERO]] + self.bet_options(g)
        if g.variant.deck_answers:
            legal.append(table[FOLD])
        return legal

    def bet_why(self, g: Any, kind: str) -> IllegalAction | None:
        """None if the current player may bet ``kind`` (envido, real envido, falta envido)
        now, else the IllegalAction saying why.

        >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]])
        >>> g.envido.bet_why(g, "envido") is None
        True
        >>> _ = g.apply("envido"); _ = g.apply("no quiero")
        >>> g.envido.bet_why(g, "envido").reason
        'envido_settled'
        """
        seat, phase = g._current, g._phase
        if phase == ENVIDO_ANSWER:  # raising the envido on the table
            allowed = not flor_unsung(g, seat)
        else:
            allowed = self.open(g, seat)
        if allowed and g._table[kind] in self.bet_options(g):
            return None
        if g._tricks or seat in g._trick_seats:
            return IllegalAction(_("envido is only bet in the first trick, before your first "
                                   "card"), reason=Reason.ENVIDO_ONLY_FIRST_TRICK)
        flor = g.flor
        if self.done or flor is not None and flor.sung:
            return IllegalAction(_("the envido of this hand is settled"),
                                 reason=Reason.ENVIDO_SETTLED)
        if flor is not None and seat in flor.points:
            return IllegalAction(_("with flor you must announce it: flor cancels envido"),
                                 reason=Reason.FLOR_FIRST)
        if g._raise_right is not None or g._value != g._base_value:
            return IllegalAction(_("the truco is settled: envido can no longer be bet"),
                                 reason=Reason.TRUCO_SETTLED)
        return IllegalAction(_("{bet} cannot follow what was bet").format(bet=_(kind)),
                             reason=Reason.ENVIDO_ORDER)

    # --- what the actions do (only called once legal) ------------------------------------
    def resume(self, g: Any) -> None:
        """The side bet of the hand is settled: play goes back to where it was.

        >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]])
        >>> _ = g.apply("play 7e"); _ = g.apply("envido"); _ = g.apply("no quiero")
        >>> g.envido.done, g.phase, g.current_player
        (True, 'play', 1)
        """
        self.done = True
        phase, current = self.resume_at
        self.resume_at = None
        if not g._check_game_over():
            g._phase, g._current = phase, current

    def bet(self, g: Any, action) -> Event:
        """Envido, real envido or falta envido: opened, or raised while it waits."""
        seat, word = g._current, action.kind
        if g._phase != ENVIDO_ANSWER:
            self.resume_at = (g._phase, seat)
            self.bets = []
        bets = self.bets
        bets.append(word)
        self.bettor = seat
        event = g._log_event("envido", seat, action,
                             envido_bet(seat, bets, lambda: self.falta(g)))
        g._phase = ENVIDO_ANSWER
        # A flor cancels the envido: a player holding one sings it before anyone answers.
        flor = g.flor
        holder = flor.first_holder(g, seat) if flor is not None and flor.points else None
        g._current = g._answerer(seat) if holder is None else holder
        return event

    def refuse(self, g: Any, action) -> Event:
        """No quiero: the bettors score what the bets refused are worth.

        >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]])
        >>> _ = g.apply("envido"); _ = g.apply("real envido")
        >>> g.apply("no quiero").verdict.explain(), g.score
        ('Player 0 does not want it: team B scores 2.', (0, 2))
        """
        verdict = envido_refusal(g._current, self.bets)
        g._score[verdict.winner] += verdict.points
        return g._log_event("envido", g._current, action, verdict)

    def deck(self, g: Any, action) -> Event:
        """Going to the deck while an envido waits (rule option ``deck_answers``): the envido
        is refused, then the whole side goes.

        >>> v = variant("argentino", deck_answers=True)
        >>> g = Game.from_deal(v, hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]])
        >>> _ = g.apply("envido"); _ = g.apply("fold")
        >>> g.score, [e.kind for e in g.log[-4:]]  # envido refused: 1, the hand: 1
        ((2, 0), ['envido', 'fold', 'hand', 'deal'])
        """
        self.refuse(g, None)
        self.done = True
        phase, _seat = self.resume_at
        self.resume_at = None
        if g._check_game_over():
            return g.log[-1]
        g._phase = ANSWER if phase == ANSWER else PLAY_PHASE
        return g._fold_side(action)

    def accept(self, g: Any, action) -> Event:
        """Quiero: the points are declared, from the mano on; the first who cannot beat the
        best declared is to say son buenas.

        >>> g = Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]])
        >>> _ = g.apply("envido"); g.apply("quiero").verdict.explain()
        'Player 1 wants it: 2 at stake.'
        >>> g.phase, g.current_player, g.envido.decl["best"][:2]
        ('declare', 1, (0, 33))
        """
        stake, _refused = envido_stakes(self.bets, lambda: self.falta(g))
        event = g._log_event("envido", g._current, action,
                             envido_acceptance(g._current, stake))
        self.decl = {"stake": stake, "best": None, "spoken": set(), "at": 0}
        g._phase = DECLARE
        self.declare_round(g)
        return event

    def declare_round(self, g: Any) -> None:
        """Declare points in turn order from the mano, round and round, until nobody who has
        not spoken can beat the best declared by the other side; a player who cannot beat
        it owes "son buenas" (a tie goes to the player nearer the mano).

        >>> g = Game.from_deal("argentino", hands=[["4b", "5b", "12c"], ["7e", "6e", "1o"]])
        >>> _ = g.apply("envido"); _ = g.apply("quiero")
        >>> [e.verdict.explain() for e in g.log[-3:]], g.score
        (['Player 0 has 29.', 'Player 1 has 33.',
          'Player 1 wins the envido with 33 against 29: team B scores 2.'], (0, 2))
        """
        decl, n, dealt, mano = self.decl, g.n, g._dealt, g.mano
        assert decl is not None  # the envido was accepted
        spoken, best = decl["spoken"], decl["best"]
        while True:
            seat = None
            for k in range(n):  # the next seat, from where the round stopped, still to speak
                s = (mano + (decl["at"] + k) % n) % n
                if s not in spoken and (best is None or best[0] & 1 != s & 1) and \
                        s not in g._out:
                    seat, decl["at"] = s, (decl["at"] + k) % n
                    break
            if seat is None:
                break
            points = hand_envido(dealt[3 * seat:3 * seat + 3], self.muestra)
            order = (seat - mano) % n
            if best is None or points > best[1] or points == best[1] and order < best[3]:
                best = decl["best"] = (seat, points, best[1] if best else None, order)
                spoken.add(seat)
                g._log_event("envido", seat, None, envido_declared(seat, points))
                continue
            g._current = seat  # owes "son buenas"
            return
        seat, points, other, _order = best
        team = seat & 1
        # the stake, with a falta envido worked out for the winner's side
        stake, _refused = envido_stakes(self.bets, lambda: self.falta(g, team))
        verdict = envido_showdown(seat, points, other, stake)
        g._score[team] += verdict.points
        g._log_event("envido", seat, None, verdict)
        self.decl = None
        self.resume(g)

    def son_buenas(self, g: Any, action) -> Event:
        """A player who cannot beat the best points declared says so."""
        seat = g._current
        event = g._log_event("son_buenas", seat, action, son_buenas(seat))
        assert self.decl is not None  # the points are being declared
        self.decl["spoken"].add(seat)
        self.declare_round(g)
        return event


def _options(g: Any, bets: list) -> tuple[list, list | None]:
    """:func:`truco.resolve_side.envido_next_bets` as actions, cached in the variant's
    tables."""
    fixed, with_falta = envido_next_bets(bets, g.variant.envido_cap)
    table = g._table
    known = g._tables.bets[tuple(bets)] = (
        [table[w] for w in fixed],
        None if with_falta is None else [table[w] for w in with_falta])
    return known


def envido_bet_error(g: Any, kind: str) -> IllegalAction | None:
    """None if the current player may bet ``kind`` now, else the IllegalAction (also in a
    variant without envido).

    >>> err = envido_bet_error(Game("mineiro", seed=1), "envido")
    >>> err.reason, str(err)
    ('no_envido_in_variant', 'Truco Mineiro has no envido')
    """
    env = g.envido
    if env is None:
        return IllegalAction(_("{variant} has no envido").format(variant=_(g.variant.title)),
                             reason=Reason.NO_ENVIDO_IN_VARIANT)
    return env.bet_why(g, kind)


# The game's dispatch entries, called as ``handler(game, action)``.
def _on_quiero(g: Any, action) -> Event:
    if g._phase == FLOR_ANSWER:  # quiero to a contraflor al resto
        return g.flor.accept(g, action)
    return g.envido.accept(g, action)


def _on_no_quiero(g: Any, action) -> Event:
    env = g.envido
    event = env.refuse(g, action)
    env.resume(g)
    return event


_on_bet = delegate("envido.bet")
HANDLERS: dict[str, Handler] = {ENVIDO: _on_bet, REAL_ENVIDO: _on_bet, FALTA_ENVIDO: _on_bet,
                                QUIERO: _on_quiero, NO_QUIERO: _on_no_quiero,
                                SON_BUENAS: delegate("envido.son_buenas")}


__all__ = ["BET_POINTS", "ENVIDO_BETS", "Envido", "HANDLERS", "SideVerdict",
           "envido_bet_error"]
