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

One rule family as a component: :class:`Flor` holds the family's state in its own slots
(``game.flor``, None in a game without flor), states its rule once (:meth:`Flor.why`) and does
what its actions do (the dispatch entries in :data:`HANDLERS`). The game asks it through
``start_hand``, ``due``, ``unsung``, ``answer_actions`` and ``snapshot``; the envido
(:mod:`truco.side_bets`) asks whether a seat holds a flor, as flor cancels the envido.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from .actions import (CON_FLOR_ACHICO, CON_FLOR_QUIERO, CONTRAFLOR, CONTRAFLOR_RESTO, FLOR,
                      QUIERO)
from .errors import IllegalAction
from .i18n import _
from .points import flor_codes, hand_flor
from .reasons import Reason
from .resolve_side import falta_envido, flor_refused, flor_showdown, resto_stake
from .side_verdicts import SideVerdict
from .state import ANSWER, ENVIDO_ANSWER, FLOR_ANSWER, PLAY_PHASE, Event, Handler, delegate


class FlorBet(NamedTuple):
    """A contraflor (or contraflor al resto) on the table: who called it, what it is worth
    accepted (None: al resto, worked out when scored), refused, and whether it was accepted.

    >>> g = Game.from_deal("uruguayo", hands=[["4o", "7o", "4c"], ["2c", "2e", "1e"]], vira="1c")
    >>> _ = g.apply("flor"); _ = g.apply("contraflor"); g.flor.bet
    FlorBet(word='contraflor', caller=1, stake=6, refused=4, accepted=False, flores=2)
    """

    word: str
    caller: int
    stake: int | None
    refused: int
    accepted: bool
    flores: int = 0  # flores announced when it was called


class Flor:
    """The flores of one game: who holds one, who sang, the contraflor on the table.

    Held by the game as ``game.flor`` (None unless the variant has envido and flor); its
    methods take the game, whose shared state (phase, turn, tricks, score) they read and change.
    Where play resumes once the flores are settled is kept by the envido (``game.envido``,
    always there with flor): a flor takes the place of the envido of the hand.

    >>> from truco import Game
    >>> g = Game.from_deal("uruguayo", hands=[["4o", "7o", "4c"], ["2c", "2e", "1e"]], vira="1c")
    >>> g.flor.points, g.flor.due(g, 0)
    ({0: 40, 1: 33}, True)
    >>> Game("argentino", seed=1).flor is None
    True
    """

    __slots__ = ("points", "sung", "bet", "singer", "out")

    def __init__(self) -> None:
        self.points: dict[int, int] = {}  # seat -> flor points, this hand
        self.sung: list[int] = []  # the seats that announced a flor, in order
        self.bet: FlorBet | None = None  # a contraflor on the table
        self.out: int | None = None  # the team that said "con flor me achico"
        self.singer: int | None = None  # the first to sing

    @classmethod
    def of(cls, g: Any) -> Flor | None:
        """The component for game ``g``, or None if its variant has no flor.

        >>> Flor.of(Game("argentino", seed=1)) is None  # flor is a rule option there
        True
        >>> Flor.of(Game(variant("argentino", flor=True), seed=1)).sung
        []
        """
        v = g.variant
        return cls() if v.envido and v.flor else None

    # --- state ----------------------------------------------------------------------------
    def start_hand(self, g: Any) -> None:
        """Each hand: who holds a flor (three cards of one suit, or a pieza), nothing sung.

        >>> hands = [["6b", "6o", "12c"], ["2c", "2e", "1e"], ["4o", "7o", "4c"],
        ...          ["10b", "12b", "1b"]]  # with the muestra 1c, 2c and 4c are piezas
        >>> Game.from_deal("uruguayo", hands=hands, vira="1c", dealer=2).flor.points
        {1: 33, 2: 40, 3: 21}
        """
        muestra = g.vira if g._tables.muestra else None
        self.points = points = {}
        codes = flor_codes(muestra)
        seat = 0
        for hand in g._hands:
            a, b, c = hand
            x = codes[a.id] | codes[b.id] | codes[c.id]
            if x >= 16 or not x & (x - 1):
                found = hand_flor(hand, muestra)
                if found is not None:
                    points[seat] = found
            seat += 1
        self.sung = []
        self.bet = None
        self.out = None
        self.singer = None

    def snapshot(self) -> tuple:
        """The family's state, for comparing games: who sang, the contraflor, who conceded.

        >>> g = Game.from_deal("uruguayo", [["4o", "7o", "4c"], ["2c", "2e", "1e"]], vira="1c")
        >>> _ = g.apply("flor"); _ = g.apply("con flor me achico"); g.flor.snapshot()
        ((0,), None, 1)
        """
        return (tuple(self.sung), self.bet, self.out)

    # --- legality ---------------------------------------------------------------------------
    def unsung(self, g: Any, seat: int) -> bool:
        """``seat`` holds a flor it must still announce (before its first card).

        >>> g = Game.from_deal("uruguayo", [["4o", "7o", "4c"], ["2c", "2e", "1e"]], vira="1c")
        >>> _ = g.apply("flor"); g.flor.unsung(g, 0), g.flor.unsung(g, 1)
        (False, True)
        """
        return (seat in self.points and seat not in self.sung and seat & 1 != self.out
                and seat not in g._trick_seats and not g._tricks and seat not in g._out)

    def due(self, g: Any, seat: int) -> bool:
        """``seat``, to act in the play phase, must announce its flor before anything else
        (the flor duty: announcing it, or going to the deck, are all it may do).

        >>> g = Game.from_deal("uruguayo", [["4o", "7o", "4c"], ["2c", "2e", "1e"]], vira="1c")
        >>> g.flor.due(g, 0), [str(a) for a in g.legal_actions()]
        (True, ['flor', 'fold'])
        >>> try: g.apply("play 4o")
        ... except truco.IllegalAction as err: print(err.reason)
        flor_first
        """
        return seat in self.points and self.unsung(g, seat)

    def why(self, g: Any, kind: str) -> IllegalAction | None:
        """None if the current player may say ``kind`` (flor, contraflor, contraflor al
        resto, con flor quiero, con flor me achico) now, else the IllegalAction saying why.

        >>> g = Game.from_deal("uruguayo", [["4o", "7o", "4c"], ["2c", "2e", "1e"]], vira="1c")
        >>> g.flor.why(g, "flor") is None, g.flor.why(g, "contraflor").reason
        (True, 'no_flor')
        """
        seat, phase = g._current, g._phase
        if phase == FLOR_ANSWER:
            allowed = kind in self.answers(g)
        elif kind != FLOR:
            allowed = False
        elif phase == PLAY_PHASE:
            allowed = self.due(g, seat)
        elif phase == ANSWER:
            allowed = self.unsung(g, seat) and not g.envido.done
        else:
            allowed = phase == ENVIDO_ANSWER and self.unsung(g, seat)
        if allowed:
            return None
        return no_flor()

    def first_holder(self, g: Any, seat: int) -> int | None:
        """The first seat after ``seat``, in turn order, holding a flor still to announce.

        >>> hands = [["6b", "6o", "12c"], ["2c", "2e", "1e"], ["4o", "7o", "4c"],
        ...          ["10b", "12b", "1b"]]
        >>> g = Game.from_deal("uruguayo", hands=hands, vira="1c", dealer=2)
        >>> g.flor.first_holder(g, 3), g.flor.first_holder(g, 1)
        (1, 2)
        """
        n = g.n
        for k in range(1, n):
            other = (seat + k) % n
            if self.unsung(g, other):
                return other
        return None

    def answers(self, g: Any) -> list[str]:
        """The words the player to act may say while the flores are sung (phase "flor").

        >>> g = Game.from_deal("uruguayo", [["4o", "7o", "4c"], ["2c", "2e", "1e"]], vira="1c")
        >>> _ = g.apply("flor"); g.flor.answers(g)  # to the other side's flor
        ['flor', 'contraflor', 'contraflor al resto', 'con flor me achico']
        >>> _ = g.apply("contraflor"); g.flor.answers(g)
        ['con flor quiero', 'con flor me achico', 'contraflor al resto']
        """
        seat, bet = g._current, self.bet
        if self.out is not None:  # the other side conceded: only announce one's flor
            return [FLOR]
        if bet is not None and not bet.accepted:
            if bet.word == CONTRAFLOR:
                return [CON_FLOR_QUIERO, CON_FLOR_ACHICO, CONTRAFLOR_RESTO]
            return [QUIERO, CON_FLOR_ACHICO]
        if bet is None and {s & 1 for s in self.sung} == {1 - (seat & 1)}:
            return [FLOR, CONTRAFLOR, CONTRAFLOR_RESTO, CON_FLOR_ACHICO]  # the other side's
        return [FLOR]  # a partner's flor, or one more flor for a duel already on

    def answer_actions(self, g: Any) -> list:
        """:meth:`answers` as actions."""
        table = g._table
        return [table[w] for w in self.answers(g)]

    # --- what the actions do (only called once legal): every flor announced in turn order,
    # then settled once ------------------------------------------------------------------------
    def sing(self, g: Any, action) -> Event:
        """A flor is announced; the first of the hand cancels the envido.

        >>> hands = [["2c", "2e", "1e"], ["4b", "5b", "12c"]]
        >>> g = Game.from_deal("uruguayo", hands=hands, vira="1c", dealer=0)
        >>> _ = g.apply("envido"); g.phase, g.current_player  # player 0 must sing first
        ('envido', 0)
        >>> g.apply("flor").verdict.explain(), g.envido.bets
        ('Player 0 announces flor (33).', [])
        """
        seat = g._current
        if not self.sung:  # the first flor of the hand
            if g._phase == ENVIDO_ANSWER:  # flor cancels the envido on the table
                g.envido.bets = []
            else:
                g.envido.resume_at = (g._phase, seat)
            self.singer = seat
        self.sung.append(seat)
        event = g._log_event("flor", seat, action,
                             SideVerdict(Reason.FLOR_SUNG, seat, flor=self.points[seat]))
        self.pass_word(g, seat)
        return event

    def pass_word(self, g: Any, last: int) -> None:
        """Pass the word to the next seat that must speak about the flores, or settle them.

        While a contraflor waits, the next player of the other side holding a flor answers it;
        otherwise the next player, in turn order, holding a flor still to announce."""
        n, bet, out = g.n, self.bet, self.out
        for k in range(1, n + 1):
            seat = (last + k) % n
            if seat & 1 == out:
                continue
            if bet is not None and not bet.accepted and out is None:
                if seat & 1 != bet.caller & 1 and seat in self.points and seat not in g._out:
                    break
            elif self.unsung(g, seat):
                break
        else:
            self.settle(g)
            return
        g._phase, g._current = FLOR_ANSWER, seat

    def contraflor(self, g: Any, action) -> Event:
        """Contraflor (or al resto): a bet on the best flor; the other side answers.

        >>> g = Game.from_deal("uruguayo", [["4o", "7o", "4c"], ["2c", "2e", "1e"]], vira="1c")
        >>> _ = g.apply("flor"); g.apply("contraflor").verdict.explain(), g.current_player
        ('Player 1 calls Contraflor: 6 at stake if accepted; refused, team B scores 4.', 0)
        """
        seat, word = g._current, action.kind
        if seat not in self.sung:
            self.sung.append(seat)
        stakes = g.variant.flor_points
        if word == CONTRAFLOR:
            stake, refused = stakes.contraflor, stakes.contraflor_refused
        else:
            stake, refused = None, stakes.resto_refused
        self.bet = FlorBet(word, seat, stake, refused, False, len(self.sung))
        team = seat & 1
        shown = resto_stake(stakes, self.sung, falta_envido(g.variant, g._score, team)) \
            if stake is None else stake
        event = g._log_event("flor", seat, action, SideVerdict(
            Reason.CONTRAFLOR_CALLED, seat, bet=word, stake=shown,
            refused=flor_refused(self.bet, self.sung, team), **_stakes_fact(g.variant)))
        self.pass_word(g, seat)
        return event

    def accept(self, g: Any, action) -> Event:
        """Con flor quiero (or quiero, to al resto): the contraflor is played for.

        >>> g = Game.from_deal("uruguayo", [["4o", "7o", "4c"], ["2c", "2e", "1e"]], vira="1c")
        >>> for a in ["flor", "contraflor", "con flor quiero"]:
        ...     _ = g.apply(a)
        >>> g.log[-1].verdict.explain(), g.score
        ("Player 0's flor of 40 beats 33 and wins the contraflor: team A scores 6.", (6, 0))
        """
        seat = g._current
        if seat not in self.sung:
            self.sung.append(seat)
        assert self.bet is not None  # answering the contraflor on the table
        bet = self.bet = self.bet._replace(accepted=True)
        event = g._log_event("flor", seat, action, SideVerdict(
            Reason.CONTRAFLOR_ACCEPTED, seat, bet=bet.word, **_stakes_fact(g.variant)))
        self.pass_word(g, seat)
        return event

    def achico(self, g: Any, action) -> Event:
        """Con flor me achico: this side concedes every flor of the hand.

        >>> g = Game.from_deal("uruguayo", [["4o", "7o", "4c"], ["2c", "2e", "1e"]], vira="1c")
        >>> _ = g.apply("flor"); _ = g.apply("con flor me achico")
        >>> g.log[-1].verdict.explain(), g.score
        ('The flores were conceded to player 0: team A scores 3.', (3, 0))
        """
        seat = g._current
        self.out = seat & 1
        event = g._log_event("flor", seat, action, SideVerdict(Reason.FLOR_BACKS_DOWN, seat))
        self.pass_word(g, seat)
        return event

    def settle(self, g: Any) -> None:
        """Score the flores of the hand, once (the flor verdict says by which rule); play
        resumes where the flor was sung.

        >>> g = Game.from_deal("uruguayo", [["4o", "7o", "4c"], ["2c", "2e", "1e"]], vira="1c")
        >>> for a in ["flor", "contraflor", "con flor me achico"]:
        ...     _ = g.apply(a)
        >>> g.log[-1].verdict.explain(), g.score, g.phase, g.current_player
        ("Player 1's Contraflor is refused: team B scores 4.", (0, 4), 'play', 0)
        """
        v = g.variant
        verdict = flor_showdown(v, self.sung, self.points, self.bet, self.out, g.mano, g.n,
                                lambda team: falta_envido(v, g._score, team))
        g._score[verdict.winner] += verdict.points
        g._log_event("flor", verdict.seat, None, verdict)
        self.bet = None
        env = g.envido  # play resumes where the envido would have
        phase, current = env.resume_at
        if phase == ANSWER and g._pending is None:
            env.resume_at = (PLAY_PHASE, current)
        env.resume(g)


def no_flor() -> IllegalAction:
    """The error of a flor word said by a player who may not say it now."""
    return IllegalAction(_("only a player holding flor, before their first card, can "
                           "announce or answer a flor"), reason=Reason.NO_FLOR)


def flor_due(g: Any, seat: int) -> bool:
    """Whether ``seat`` must announce a flor before anything else (False without flor)."""
    flor = g.flor
    return flor is not None and seat in flor.points and flor.unsung(g, seat)


def flor_unsung(g: Any, seat: int) -> bool:
    """Whether ``seat`` holds a flor still to announce (False without flor).

    >>> flor_unsung(Game("argentino", seed=1), 0)
    False
    """
    flor = g.flor
    return flor is not None and flor.unsung(g, seat)


def flor_error(g: Any, kind: str) -> IllegalAction | None:
    """None if the current player may say flor word ``kind`` now, else the IllegalAction
    (also in a game without flor).

    >>> err = flor_error(Game("argentino", seed=1), "flor")
    >>> err.reason, str(err)
    ('no_flor',
     'only a player holding flor, before their first card, can announce or answer a flor')
    """
    flor = g.flor
    return no_flor() if flor is None else flor.why(g, kind)


def _stakes_fact(v: Any) -> dict:
    stakes = v.flor_stakes
    return {} if stakes == "published" else {"stakes": stakes}


# The game's dispatch entries: each hands the action to the component's method.
HANDLERS: dict[str, Handler] = {FLOR: delegate("flor.sing"),
                                CONTRAFLOR: delegate("flor.contraflor"),
                                CONTRAFLOR_RESTO: delegate("flor.contraflor"),
                                CON_FLOR_QUIERO: delegate("flor.accept"),
                                CON_FLOR_ACHICO: delegate("flor.achico")}


__all__ = ["FlorBet", "Flor", "HANDLERS", "flor_due", "flor_error", "flor_unsung"]
