"""The game's state and its hand/trick bookkeeping (the rules' mechanics live in game.py)."""
from __future__ import annotations

from collections import namedtuple
from math import trunc
from operator import attrgetter
from random import Random
from typing import TYPE_CHECKING, Any, Callable, ClassVar

from .actions import Action
from .i18n import _
from .tables import tables
from .header import header
from .observation import observe
from .reasons import Reason
from .resolve import hand_points
from .verdicts import GameVerdict

DECIDE, PLAY_PHASE, ANSWER, OVER = 0, 1, 2, 3
# Phases of the side bets and Truc specials (truco.side_bets, truco.truc).
ENVIDO_ANSWER, DECLARE, FLOR_ANSWER, REDEAL_ANSWER, MON_RESTE_ANSWER = 4, 5, 6, 7, 8
PHASE_NAMES = {DECIDE: "decide", PLAY_PHASE: "play", ANSWER: "answer", OVER: "over",
               ENVIDO_ANSWER: "envido", DECLARE: "declare", FLOR_ANSWER: "flor",
               REDEAL_ANSWER: "redeal", MON_RESTE_ANSWER: "mon reste"}


class Event(namedtuple("EventFields", "kind seat action verdict hand")):
    """One entry of the append-only log: who did what, and the verdict if one was reached.

    A tuple underneath, so logging costs one allocation; events still compare by identity.

    >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
    >>> _ = g.apply("play 4c"); _ = g.apply("play 3d"); g.log[-1]
    <Event hand 1 trick seat=0 <TrickVerdict special_beats_common winner=0 points=0>>
    """

    __slots__ = ()
    __eq__, __ne__, __hash__ = object.__eq__, object.__ne__, object.__hash__

    def explain(self) -> str:
        """The event in words: its verdict's sentence, else who did what.

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
        >>> g.log[0].explain(), g.apply("play 4c").explain()
        ('Player 1 deals.', 'Player 0 plays 4 of clubs.')
        """
        if self.verdict is not None:
            return self.verdict.explain()
        if self.kind == "play":
            return _("Player {seat} plays {card}.").format(seat=self.seat,
                                                           card=self.action.card.name())
        if self.kind == "deal":
            return _("Player {seat} deals.").format(seat=self.seat)
        return _("Player {seat}: {action}.").format(seat=self.seat, action=self.action)

    def __repr__(self) -> str:
        what = self.action if self.action is not None else self.verdict
        return f"<Event hand {self.hand} {self.kind} seat={self.seat} {what!r}>"

    def _key(self):
        return (self.kind, self.seat, None if self.action is None else self.action.text,
                None if self.verdict is None else self.verdict._key(), self.hand)


_new = tuple.__new__  # Event(...) without the Python-level __new__: _new(Event, (...))


def _split(cards) -> tuple:
    """Dealt cards in seat order, three a seat."""
    return tuple(tuple(cards[k:k + 3]) for k in range(0, len(cards), 3))


# A rule handler, called through the game's dispatch table as ``handler(game, action)``: the
# core's are the game's methods (truco.game), the families' hand the action to their
# component (``delegate``, or a module function where the answer depends on the phase).
Handler = Callable[[Any, Action], Event]


def delegate(path: str) -> Handler:
    """The dispatch entry that hands an action to a component's method: ``delegate("flor.sing")``
    calls ``game.flor.sing(game, action)``.

    >>> from truco import Game
    >>> g = Game.from_deal("uruguayo", hands=[["4o", "7o", "4c"], ["2c", "2e", "1e"]], vira="1c")
    >>> delegate("flor.sing")(g, g.legal_actions()[0]).action.text
    'flor'
    """
    return _Delegate(path)


class _Delegate:
    """``delegate(path)``'s entry: a plain object, so a game's dispatch table pickles."""

    __slots__ = ("path", "method")

    def __init__(self, path: str) -> None:
        self.path, self.method = path, attrgetter(path)

    def __call__(self, g: Any, action: Action) -> Event:
        return self.method(g)(g, action)

    def __reduce__(self):
        return delegate, (self.path,)


class GameBase:
    """State, dealing and hand bookkeeping shared by the game's rule handlers.

    >>> g = Game("mineiro", players=4, seed=3)
    >>> hasattr(g, "__dict__"), g.hand_no, g.dealer, g.mano, [len(h) for h in g.dealt]
    (False, 1, 0, 1, [3, 3, 3, 3])
    """

    # Every attribute of a game is a slot: some fifty names are too many for Python's
    # shared-key instance dicts, so with a dict each attribute read was a hash lookup; a slot
    # is read at a fixed offset. The game's classes (CoreGame, Game) add none of their own
    # (``__slots__ = ()``). The side bets, the Truc specials and the Brazilian special hands
    # are components with slots of their own (``envido``, ``flor``, ``truc_specials``,
    # ``special_hands``), each None where the variant has none of their rules; the game calls
    # them at explicit points (dealing, the end of the first trick, the legal actions of their
    # phases, the snapshot).
    __slots__ = (
        "variant", "n", "seed", "dealer", "mano", "vira", "hand_no", "is_over", "log",
        "_rng", "_score", "_winner", "_tables", "_table", "_raise_fold", "_fold_only", "_plays",
        "_notations", "_next_rung", "_has_sides", "_deck", "_target", "_base_value", "_steps",
        "_fixed_ranking", "_sides_enabled", "_dispatch",
        # the hand under way
        "_dealt", "_hands", "_hand_acts", "_ranking", "_strength", "_leader", "_current",
        "_value", "_raise_right", "_pending", "_legal", "_tricks", "_actions",
        "_phase", "_out", "_trick_plays", "_trick_seats", "_best", "_top", "_teams",
        # mon reste (set by the Truc specials; the core scores a hand by it)
        "_mon_reste",
        # the rule families' components (truco.side_bets.Envido, truco.flor.Flor,
        # truco.truc.TrucSpecials, truco.special_hands.SpecialHands), or None
        "envido", "flor", "truc_specials", "special_hands",
    )
    # The slots' types, for the type checker (no class attributes: declarations only).
    variant: Any
    n: int
    seed: Any
    dealer: int
    mano: int
    vira: Any
    hand_no: int
    is_over: bool
    log: list[Event]
    _rng: Any
    _score: list[int]
    _winner: int | None
    _tables: Any
    _table: Any
    _raise_fold: Any
    _fold_only: Any
    _plays: Any
    _notations: list[tuple[tuple, list[str]]]
    _next_rung: Any
    _has_sides: Any
    _deck: Any
    _target: Any
    _base_value: Any
    _steps: Any
    _fixed_ranking: Any
    _sides_enabled: Any
    _dispatch: Any
    _dealt: Any
    _hands: list[list[Any]]
    _hand_acts: Any
    _ranking: Any
    _strength: Any
    _leader: Any
    _current: int
    _value: int
    _raise_right: Any
    _pending: Any
    _legal: Any
    _tricks: list[int | None]
    _actions: list[str]
    _phase: int
    _out: tuple[int, ...]
    _trick_plays: list[tuple[int, Any]]
    _trick_seats: list[int]
    _best: Any
    _top: Any
    _teams: Any
    _mon_reste: Any
    envido: Any  # truco.side_bets.Envido | None
    flor: Any  # truco.flor.Flor | None
    truc_specials: Any  # truco.truc.TrucSpecials | None
    special_hands: Any  # truco.special_hands.SpecialHands | None

    # What each action kind does (set by the core in truco.game, the families' entries added
    # by truco.Game); declared here for the type checker only.
    _handlers: ClassVar[dict[str, Handler]]
    _plain_handlers: ClassVar[dict[str, Handler]]
    # The families' component classes (truco.side_bets.Envido, truco.flor.Flor,
    # truco.truc.TrucSpecials, truco.special_hands.SpecialHands; set by truco.Game, so that
    # this module imports none of them)
    # and the handlers by which accept and refuse also answer a redeal or a mon reste.
    _envido_family: ClassVar[Any] = None
    _flor_family: ClassVar[Any] = None
    _truc_family: ClassVar[Any] = None
    _special_family: ClassVar[Any] = None
    _truc_answers: ClassVar[dict[str, Handler]] = {}
    if TYPE_CHECKING:
        def _new_rng(self, seed: Any) -> Random: ...
        def _on_accept(self, action: Action) -> Event: ...
        def _on_refuse(self, action: Action) -> Event: ...

    def _setup(self, v, players, seed, dealer, score) -> None:
        t = tables(v)
        self.variant = v
        self.n = players
        self.seed = seed
        self._rng = self._new_rng(seed)
        self.dealer = dealer
        self._score = list(score)
        self._winner = None
        self.is_over = False  # a plain attribute: read before every decision
        self._tables = t
        self._table = t.table
        self._raise_fold, self._fold_only = tuple(t.raise_fold), tuple(t.fold_only)
        self._plays = t.plays
        self.log: list[Event] = []
        self.hand_no = 0
        self._notations: list[tuple[tuple, list[str]]] = []
        self._next_rung = t.next_rung  # shared, read only
        self._has_sides = False
        self._deck = t.deck
        self._target = v.target
        self._base_value = v.base_value
        self._steps = t.steps[players]
        self._fixed_ranking = t.fixed_ranking
        # What each action kind does (a Truc game adds some).
        self._dispatch = self._handlers if v.deck_answers or v.fold_alone else \
            self._plain_handlers
        self._mon_reste = None  # None, "pending" or "game" (set by truco.truc.TrucSpecials)
        # The rule families' components, where the variant has their rules: envido and flor
        # (the side bets of the first trick), the Truc specials.
        family = self._envido_family
        self.envido = env = None if family is None else family.of(self)
        family = self._flor_family
        self.flor = None if family is None else family.of(self)
        if env is not None:
            self._has_sides = True
        family = self._truc_family
        self.truc_specials = specials = None if family is None else family.of(self)
        if specials is not None:
            self._has_sides = True
            if specials.bets:  # accept and refuse also answer a redeal or a mon reste
                self._dispatch = {**self._dispatch, **self._truc_answers}
        self._sides_enabled = self._has_sides  # the components are asked only where there are
        family = self._special_family  # the Brazilian special hands
        self.special_hands = None if family is None else family.of(self)

    # --- dealing ------------------------------------------------------------------------
    def _start_hand(self, deal=None) -> None:
        n = self.n
        if deal is None:  # a partial Fisher-Yates shuffle: as fair as sample(), much faster
            cards = list(self._deck)
            rand = self._rng.random
            for i, left in self._steps:
                j = i + trunc(rand() * left)  # int(), but cheaper to call
                cards[i], cards[j] = cards[j], cards[i]
            if n == 2:
                hands = [cards[0:3], cards[3:6]]
                dealt = cards[0:6]
            elif n == 4:
                hands = [cards[0:3], cards[3:6], cards[6:9], cards[9:12]]
                dealt = cards[0:12]
            else:
                hands = [cards[k:k + 3] for k in range(0, 3 * n, 3)]
                dealt = cards[:3 * n]
            vira = None if self._fixed_ranking is not None else cards[3 * n]
        else:
            hands, vira = [list(h) for h in deal[0]], deal[1]
            dealt = [c for h in hands for c in h]
        self.hand_no = hand_no = self.hand_no + 1
        dealer, score = self.dealer, self._score
        self._dealt = dealt
        self._hands = hands
        self._hand_acts = [None] * n  # each seat's play actions, listed when first needed
        self.vira = vira
        if vira is None:
            self._ranking = ranking = self._fixed_ranking
        else:
            self._ranking = ranking = self._tables.rankings[vira.id] or \
                self._tables.ranking(vira)
        self._strength = ranking.strength
        self.mano = self._leader = self._current = (dealer + 1) % n
        self._value = self._base_value
        self._raise_right = self._pending = self._legal = None
        self._out = ()  # seats that went to the deck alone this hand (rule option fold_alone)
        self._tricks = []
        actions: list[str] = []
        self._actions = actions
        self._notations.append(((dealer, (score[0], score[1]), vira, dealt), actions))
        self._phase = PLAY_PHASE
        self._trick_plays = []
        self._trick_seats = []
        self._best, self._top, self._teams = -2, 0, 0
        self.log.append(_new(Event, ("deal", dealer, None, None, hand_no)))
        if self._sides_enabled:
            self._has_sides = True
            env = self.envido
            if env is not None:
                env.start_hand(self)
                flor = self.flor
                if flor is not None:
                    flor.start_hand(self)
            specials = self.truc_specials
            if specials is not None:
                specials.start_hand(self)
        specials = self.special_hands
        if specials is not None:  # a hand of ten / eleven, or the iron hand
            specials.start_hand(self)

    def _plays_of(self, seat: int) -> list:
        """The play actions of ``seat``'s cards, in hand order (kept as cards are played)."""
        acts = self._hand_acts[seat]
        if acts is None:
            plays, hand = self._plays, self._hands[seat]
            if len(hand) == 3:
                a, b, c = hand
                acts = [plays[a.id], plays[b.id], plays[c.id]]
            else:
                acts = [plays[c.id] for c in hand]
            self._hand_acts[seat] = acts
        return acts

    @property
    def dealt(self) -> tuple:
        """The hands as dealt at the start of this hand, in seat order (cards played too).

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
        >>> _ = g.apply("play 4c"); g.dealt[0], g.hand(0)
        ((Card('4c'), Card('7h'), Card('As')), (Card('7h'), Card('As')))
        """
        return _split(self._dealt)

    def _seats_from(self, seat: int):
        """Every seat, from ``seat`` on in playing order."""
        return [(seat + k) % self.n for k in range(self.n)]

    def _answerer(self, seat: int) -> int:
        """Who answers a bet made by ``seat``: the next player of the other side (with
        captains, the other side's captain)."""
        specials = self.truc_specials
        if specials is not None and specials.captains_on:
            return specials.answerer(self, seat)
        return (seat + 1) % self.n if not self._out else self._next_live(seat, 2)

    def _next_live(self, seat: int, step: int = 1) -> int:
        """The next seat after ``seat`` still in the hand (``step`` 2: of the other side,
        counting the other side's seats only)."""
        n, out = self.n, self._out
        nxt = (seat + 1) % n
        while nxt in out:
            nxt = (nxt + step) % n
        return nxt

    def _hand_points(self, winner) -> int:
        """What the hand scores ``winner`` now (resolve.hand_points states the rule: the
        hand's value; in the iron hand or after mon reste, all the winner lacks)."""
        specials = self.special_hands
        return hand_points(self._value, winner, None if specials is None else specials.kind,
                           self._mon_reste == "game", self._target, self._score)

    def _end_hand(self, verdict) -> None:
        winner = verdict.winner
        if winner is not None and verdict.points:
            self._score[winner] += verdict.points
        self.log.append(_new(Event, ("hand", None, None, verdict, self.hand_no)))
        score, target = self._score, self._target
        if score[0] < target and score[1] < target or not self._check_game_over():
            self.dealer = (self.dealer + 1) % self.n
            self._start_hand()

    def _check_game_over(self) -> bool:
        target = self.variant.target
        if self._score[0] < target and self._score[1] < target:
            return False
        leaders = [t for t in (0, 1) if self._score[t] >= target]
        if not leaders:
            return False
        self._winner = winner = max(leaders, key=lambda t: self._score[t])
        self._phase = OVER
        self.is_over = True
        self._legal = ()
        if self._mon_reste == "game":
            reason = Reason.MON_RESTE
        elif self.special_hand == "iron":
            reason = Reason.IRON_HAND
        else:
            reason = Reason.TARGET_REACHED
        self._log_event("game", None, None, GameVerdict(reason, winner, self._score, target))
        return True

    def _log_event(self, kind, seat, action, verdict) -> Event:
        event = _new(Event, (kind, seat, action, verdict, self.hand_no))
        self.log.append(event)
        return event


    # --- the view from one seat --------------------------------------------------------------
    def observation(self, player: int):
        """What ``player`` can see: their own cards (and a partner's where the rules allow);
        in a game with partner signals, the partners' signals too (truco.truc).

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
        >>> _ = g.apply("play 4c"); obs = g.observation(1)
        >>> obs.hand, obs.trick, obs.legal_actions
        (('3d', '2s', 'Kc'), ((0, '4c'),), ('play 3d', 'play 2s', 'play Kc', 'raise', 'fold'))
        """
        obs = observe(self, player)
        specials = self.truc_specials
        if specials is None or not specials.signals_on:
            return obs
        return specials.observation(self, obs, player)

    def notation(self) -> str:
        """The current hand in the text notation (deal, then every action so far).

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
        >>> _ = g.apply("raise"); _ = g.apply("accept"); g.notation()
        'mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc : raise accept'
        """
        return self.hand_notations[-1]

    @property
    def hand_notations(self) -> list[str]:
        """Every hand of this game in the text notation, oldest first.

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]], seed=1)
        >>> _ = g.apply("fold"); len(g.hand_notations), g.hand_notations[0]
        (2, 'mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc : fold')
        """
        return [f"{header(self, d[0], d[1], d[2], _split(d[3]), len(d) > 4)} : "
                f"{' '.join(actions)}".rstrip(" :") for d, actions in self._notations]

    @property
    def phase(self) -> str:
        """The phase: "play", "answer", "decide", "envido", "declare", "flor", "redeal",
        "mon reste" or "over".

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
        >>> before = g.phase; _ = g.apply("raise"); before, g.phase
        ('play', 'answer')
        """
        return PHASE_NAMES.get(self._phase, "other")

    @property
    def pending_raise(self):
        """(raiser seat, value if accepted) while a raise waits for its answer, else None.

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
        >>> _ = g.apply("raise"); _ = g.apply("raise"); g.pending_raise, g.hand_value
        ((1, 6), 4)
        """
        return None if self._pending is None else self._pending[:2]

    @property
    def tricks(self) -> tuple:
        """The results (team or None) of this hand's finished tricks.

        >>> g = Game.from_deal("mineiro", [["3c", "Kc", "5c"], ["3h", "Ks", "5h"]])
        >>> for card in ["3c", "3h", "Kc", "Ks"]:
        ...     _ = g.apply("play " + card)
        >>> g.tricks, g.current_player   # two ties: who led the tied trick leads the next
        ((None, None), 0)
        """
        return tuple(self._tricks)

    @property
    def current_trick(self) -> tuple:
        """((seat, card), ...) played so far in the trick under way."""
        return tuple(zip(self._trick_seats, (c for _t, c in self._trick_plays)))

    def hand(self, seat: int) -> tuple:
        """The cards ``seat`` still holds (use :meth:`observation` for a fair view)."""
        return tuple(self._hands[seat])

    @property
    def special_hand(self):
        """None, "hand_of" (hand of ten / eleven) or "iron" (truco.special_hands).

        >>> hands = [["4c", "7h", "As"], ["3d", "2s", "Kc"]]
        >>> [Game.from_deal("paulista", hands, vira="Qs", score=s).special_hand
        ...  for s in [(0, 0), (11, 3), (11, 11)]]
        [None, 'hand_of', 'iron']
        """
        specials = self.special_hands
        return None if specials is None else specials.kind

    def _snapshot(self):
        return (self.variant, self.n, self.dealer, tuple(self._score), self._winner, self._phase,
                self._current, self._value, self._raise_right, self._pending, self.vira,
                tuple(map(tuple, self._hands)), tuple(self._tricks), tuple(self._trick_plays),
                tuple(self._trick_seats), self.hand_no, self.mano,
                tuple(e._key() for e in self.log), tuple(self.hand_notations),
                self._rng.getstate(), self._families_snapshot())

    def _families_snapshot(self) -> tuple:
        """The rule families' state, each from its component (None where there is none)."""
        specials, env, flor, hands = self.truc_specials, self.envido, self.flor, \
            self.special_hands
        return (("truc", False, self._mon_reste, None, ()) if specials is None
                else specials.snapshot(self),
                None if env is None else env.snapshot(),
                None if flor is None else flor.snapshot(),
                None if hands is None else hands.snapshot())
