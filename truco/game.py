"""The game: a state machine over one variant, in the spirit of OpenSpiel and pokerkit.

>>> g = Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], dealer=1)
>>> g.current_player, [str(a) for a in g.legal_actions()]
(0, ['play 4c', 'play 7h', 'play As', 'raise', 'fold'])
>>> for a in ["raise", "accept", "play 4c", "play 3d"]:
...     _ = g.apply(a)
>>> g.hand_value, g.log[-1].verdict.explain()
(4, '4 of clubs (Zap) beats 3 of diamonds: manilhas beat every common card.')
>>> g.apply("play 2s", player=1)
Traceback (most recent call last):
...
truco.errors.IllegalAction: it is not player 1's turn: player 0 is to act
"""
from __future__ import annotations

import copy
import random
from _random import Random as _CRandom

from . import resolve
from .legality import why
from .actions import ACCEPT, FLOR, FOLD, PLAY, RAISE, REFUSE, Action, parse_action
from .errors import BadArgument, IllegalAction
from .i18n import _, format_list
from .presets import variant as get_variant
from .preview import Preview, preview
from .flor import HANDLERS as FLOR_HANDLERS, Flor
from .header import check_deal, check_score
from .side_bets import HANDLERS as ENVIDO_HANDLERS, Envido
from .special_hands import SpecialHands
from .truc import ANSWER_HANDLERS, HANDLERS as TRUC_HANDLERS, TrucSpecials
from .truc import signal as give_signal
from .state import (ANSWER, DECIDE, DECLARE, ENVIDO_ANSWER, FLOR_ANSWER, OVER, PLAY_PHASE, Event,
                    GameBase, _new)
from .variants import Variant
from .reasons import Reason

_new_random, _seed_random = random.Random.__new__, _CRandom.seed


class CoreGame(GameBase):
    """Tricks, hands, ties, the truco ladder and going to the deck; see :class:`Game` for
    the whole.

    >>> Game("mineiro", players=3)
    Traceback (most recent call last):
    ...
    truco.errors.BadArgument: Truco Mineiro is played by 2 or 4 players, not 3
    """

    __slots__ = ()

    def __init__(self, variant, players: int = 2, seed=None, dealer: int = 0, *,
                 score=(0, 0), _deal=None):
        v = variant if variant.__class__ is Variant else get_variant(variant)
        if players.__class__ is not int or players not in v.players:
            raise BadArgument(_("{variant} is played by {valid} players, not {n!r}").format(
                variant=_(v.title), valid=format_list([str(p) for p in v.players], "or"), n=players),
                reason=Reason.BAD_PLAYERS)
        if dealer.__class__ is not int or not 0 <= dealer < players:
            raise BadArgument(_("the dealer must be a seat from 0 to {last}, not {dealer!r}")
                              .format(last=players - 1, dealer=dealer), reason=Reason.BAD_DEALER)
        if score != (0, 0) or score.__class__ is not tuple:
            score = check_score(v, score)
        self._setup(v, players, seed, dealer, score)
        self._start_hand(_deal)

    @classmethod
    def from_deal(cls, variant, hands, vira=None, dealer: int = 1, score=(0, 0), seed=None):
        """A game whose first hand is dealt as given (hands in seat order, codes or cards).

        >>> g = Game.from_deal("paulista", [["3c", "2c", "Ac"], ["4d", "5d", "6d"]], vira="Qs")
        >>> g.vira, g.hand(1), g.dealer, g.current_player
        (Card('Qs'), (Card('4d'), Card('5d'), Card('6d')), 1, 0)
        >>> Game.from_deal("mineiro", [["4c", "7h", "As"], ["4c", "2s", "Kc"]])
        Traceback (most recent call last):
        ...
        truco.errors.CardError: 4 of clubs is dealt twice
        """
        v = get_variant(variant)
        dealt, vira = check_deal(v, hands, vira)  # (the rules of a deal: truco.header)
        return cls(v, players=len(dealt), seed=seed, dealer=dealer, score=check_score(v, score),
                   _deal=(dealt, vira))

    # --- the public view --------------------------------------------------------------------
    @property
    def current_player(self):
        """The seat to act now, or None once the game is over."""
        return None if self._phase == OVER else self._current

    @property
    def hand_value(self) -> int:
        """What the hand under way is worth now (its rung on the raise ladder).

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
        >>> before = g.hand_value; _ = g.apply("raise"); _ = g.apply("accept")
        >>> before, g.hand_value
        (2, 4)
        """
        return self._value

    @property
    def score(self) -> tuple[int, int]:
        """The score as (team A's points, team B's points)."""
        return (self._score[0], self._score[1])

    @property
    def winner(self):
        """The winning team (0 or 1) once the game is over, else None.

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]], score=(10, 10))
        >>> g.winner, g.apply("fold").verdict.points, g.winner, g.score, g.current_player
        (None, 2, 1, (10, 12), None)
        """
        return self._winner

    def why_not(self, action, player=None):
        """None if ``action`` is legal now, else the :class:`IllegalAction` it would raise.

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
        >>> g.why_not("play 4c"), g.why_not("accept").reason, str(g.why_not("play 3d"))
        (None, 'nothing_to_answer', "3 of diamonds is not in player 0's hand")
        """
        try:
            self._verify(action, player)
        except IllegalAction as err:
            return err
        return None

    def preview(self, action) -> Preview:
        """What ``action`` would score now if accepted and if refused (a :class:`Preview`,
        with the rule in words); never changes the game.

        >>> g = Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]])
        >>> g.preview("raise")
        Preview(action='raise', if_accepted=4, if_refused=2, reason='raised')
        """
        return preview(self, action)

    def _blind_play(self, text: str):
        """'play #n' names the n-th card of the current player's hand (blind hands)."""
        hand = self._hands[self._current]
        pos = text.strip()[6:]
        if not (pos.isascii() and pos.isdigit()) or not 1 <= int(pos) <= len(hand):
            raise IllegalAction(_("{text!r}: choose a card from #1 to #{n}").format(
                text=text, n=str(len(hand))), reason=Reason.BAD_CARD)  # typed: ASCII digits
        return self._table[PLAY][hand[int(pos) - 1].id]

    def can(self, action, player=None) -> bool:
        """Whether ``action`` is legal now (for ``player``, if given); never changes the game.

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
        >>> g.can("raise"), g.can("accept"), g.can("play 3d", player=1)
        (True, False, False)
        """
        try:
            self._verify(action, player)
        except IllegalAction:
            return False
        return True

    def apply(self, action, player=None) -> Event:
        """Apply an action (an :class:`Action` or its text) for the current player.

        Illegal actions raise :class:`IllegalAction` and leave the game exactly as it was.
        Returns the logged event (with its verdict, if the action resolved something).

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
        >>> e = g.apply("raise"); e.kind, e.seat, e.verdict.reason, g.phase, g.current_player
        ('raise', 0, 'raised', 'answer', 1)
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if player is None:
            for known in legal:  # interned actions: an identity check is the fast path
                if known is action:
                    break
            else:
                action = self._verify(action, None)
        else:
            action = self._verify(action, player)
        self._legal = None
        self._actions.append(action.token)
        return self._dispatch[action.kind](self, action)

    # --- legality in one place ------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """The actions the current player may take now, as a tuple (computed once per state).

        >>> Game("mineiro", seed=1).legal_actions().__class__
        <class 'tuple'>
        """
        legal = self._legal
        if legal is not None:
            return legal
        phase = self._phase
        if phase == PLAY_PHASE:
            cur = self._current
            acts = self._hand_acts[cur]
            if acts is None:
                acts = self._plays_of(cur)
            rr = self._raise_right
            specials = self.special_hands
            # Who may raise (the rule is _raise_turn_why), inlined: asked at every decision.
            may_bet = (specials is None or specials.kind is None) and (rr is None or
                                                                       rr == cur & 1)
            may_raise = may_bet and self._next_rung[self._value] is not None
            if not self._has_sides:  # the common case
                legal = self._legal = tuple(acts) + (self._raise_fold if may_raise
                                                     else self._fold_only)
                return legal
            # A side rule (envido, flor, Truc specials) is live.
            table = self._table
            specials = self.truc_specials
            env = self.envido
            if env is not None and env.live:
                flor = self.flor
                if flor is not None and cur in flor.points and flor.unsung(self, cur):
                    # a flor to announce comes first
                    legal = [table[FLOR]]
                    if specials is None or specials.may_fold(self):
                        legal.append(table[FOLD])
                    legal = self._legal = tuple(legal)
                    return legal
                legal = acts + []
                if specials is not None and specials.bets:
                    specials.actions(self, legal)
                if not env.done:
                    env.actions(self, legal)
            else:
                legal = acts + []
                if specials is not None and specials.bets:
                    specials.actions(self, legal)
            # A flor still to announce would block raising, but it is forced above.
            if may_raise and self._mon_reste is None:
                legal.append(table[RAISE])
            # (in 4-player Truc only the captains may go to the deck)
            if specials is None or specials.may_fold(self):
                legal.append(table[FOLD])
        elif phase == ANSWER:
            table = self._table
            legal = [table[ACCEPT], table[REFUSE]]
            specials = self.special_hands  # (no raise is made in a special hand: defensive)
            if (self._mon_reste is None and (specials is None or specials.kind is None)
                    and self._next_rung.get(self._pending[1]) is not None):
                legal.append(table[RAISE])
            if self.variant.deck_answers:  # going to the deck answers the raise
                legal.append(table[FOLD])
            if self._has_sides:
                specials = self.truc_specials
                if specials is not None and specials.bets:
                    specials.actions(self, legal)
                env = self.envido
                if env is not None and env.live and not env.done:
                    env.actions(self, legal)
        elif phase == DECIDE:  # a hand of ten / eleven: play it or run
            legal = self.special_hands.decide_actions(self)
        elif phase == ENVIDO_ANSWER or phase == DECLARE:  # an envido waits, or its points
            legal = self.envido.answer_actions(self)
        elif phase == FLOR_ANSWER:
            legal = self.flor.answer_actions(self)
        else:  # a redeal or a mon reste waits for its answer
            specials = self.truc_specials
            legal = [] if specials is None else specials.answer_actions(self)
        legal = self._legal = tuple(legal)
        return legal

    def _verify(self, action, player) -> Action:
        """``action`` parsed, if the current player (or ``player``) may take it now; else the
        IllegalAction of the rule that forbids it (truco.legality)."""
        if self._phase == OVER:
            raise IllegalAction(_("the game is over"), reason=Reason.GAME_OVER)
        if isinstance(action, str) and action.strip().lower().startswith("play #"):
            action = self._blind_play(action)
        action = parse_action(self.variant, action)
        if player is not None and player != self._current:
            specials = self.truc_specials
            if specials is not None and specials.captains_on:  # a partner answering or
                specials.check_captain(self, action.kind, player)  # conceding for the side
            raise IllegalAction(_("it is not player {player}'s turn: player {current} is to act")
                                .format(player=player, current=self._current),
                                reason=Reason.NOT_YOUR_TURN)
        if action in self.legal_actions():
            return action
        raise why(self, action) or IllegalAction(  # (never: the rules and the list agree)
            _("'{action}' is not allowed now").format(action=action.text),
            reason=Reason.NOT_ALLOWED)

    def _raise_turn_why(self):
        """Who may raise (the truco ladder, and mon reste): nobody in a special hand
        (truco.special_hands); in the play phase, only a side that did not raise last. None,
        or the reason."""
        specials = self.special_hands
        if specials is not None and specials.kind is not None:
            return specials.raise_why()
        if self._phase == PLAY_PHASE:
            rr = self._raise_right
            if rr is not None and rr != self._current & 1:
                return Reason.SAME_SIDE_RAISED_LAST
        return None

    # --- what each action does (only called once legal) -------------------------------------
    def _on_play(self, action: Action) -> Event:
        seat, card = self._current, action.card
        assert card is not None  # a play action names its card
        hand = self._hands[seat]
        acts = self._hand_acts[seat]
        if acts is None:
            hand.remove(card)
        else:
            i = hand.index(card)
            del hand[i], acts[i]
        team = seat & 1
        event = _new(Event, ("play", seat, action, None, self.hand_no))
        self.log.append(event)
        s = self._strength[card.id]
        plays = self._trick_plays
        if s > self._best:
            self._best, self._top, self._teams = s, len(plays), 1 << team
        elif s == self._best:
            self._teams |= 1 << team
        plays.append((team, card))
        self._trick_seats.append(seat)
        if not self._out:
            if len(plays) < self.n:
                self._current = (seat + 1) % self.n
            else:
                self._end_trick()
        elif len(plays) < self.n - len(self._out):
            self._current = self._next_live(seat)
        else:
            self._end_trick()
        return event

    def _end_trick(self) -> None:
        plays, seats, top, teams = self._trick_plays, self._trick_seats, self._top, self._teams
        v = self.variant
        verdict = resolve.trick_of(v, self._ranking, plays, top, teams, seats)
        tricks = self._tricks
        tricks.append(verdict.winner)
        env = self.envido
        if env is not None and env.live:  # envido and flor live in the first trick only
            env.end_first_trick()
            self._has_sides = self.truc_specials is not None
        self.log.append(_new(Event, ("trick", seats[top], None, verdict, self.hand_no)))
        if teams & (teams - 1) == 0:
            leader = seats[top]
        elif v.tie_lead == "mano":
            leader = self.mano if self.mano not in self._out else self._next_live(self.mano)
        else:
            leader = seats[0]
        if len(tricks) > 1:
            decided, winner, reason = resolve.hand_status(tricks, v.all_tie, self.mano & 1,
                                                          self.dealer & 1)
            if decided:
                specials = self.special_hands
                if winner is None:
                    points = 0
                elif self._mon_reste != "game" and (specials is None or specials.kind is None):
                    points = self._value
                else:  # the iron hand, or mon reste
                    points = self._hand_points(winner)
                self._end_hand(resolve.hand_won(tricks, reason, winner, points))
                return
        # The next trick.
        self._leader = self._current = leader
        self._trick_plays = []
        self._trick_seats = []
        self._best, self._top, self._teams = -2, 0, 0

    def _on_raise(self, action: Action) -> Event:
        seat = self._current
        if self._phase == ANSWER:  # raising again accepts the raise on the table
            self._value = self._pending[1]
            resume = self._pending[2]
        else:
            resume = seat
        current = self._value
        value = self._next_rung[current]  # the next rung: raising is only legal below the top
        verdict = resolve.raise_offer(self.variant, current, seat & 1, value)
        self._pending = (seat, value, resume)
        self._phase = ANSWER
        self._current = self._answerer(seat) if self._out or self.truc_specials is not None else \
            (seat + 1) % self.n
        event = _new(Event, ("raise", seat, action, verdict, self.hand_no))
        self.log.append(event)
        return event

    def _on_accept(self, action: Action) -> Event:
        if self._phase == DECIDE:  # the side at its hand of ten / eleven plays it
            return self.special_hands.decide(self, action, True)
        seat = self._current
        _raiser, value, resume = self._pending
        self._value = value
        self._raise_right = team = seat & 1
        self._pending = None
        self._phase = PLAY_PHASE
        self._current = resume
        event = _new(Event, ("accept", seat, action, resolve.acceptance(self.variant, value, team),
                             self.hand_no))
        self.log.append(event)
        return event

    def _on_refuse(self, action: Action) -> Event:
        if self._phase == DECIDE:  # the side at its hand of ten / eleven runs
            return self.special_hands.decide(self, action, False)
        seat = self._current
        # the raisers score the value before the raise (resolve.refusal)
        verdict = resolve.refusal(self.variant, self._pending[1], self._value, seat & 1)
        self._pending = None
        event = _new(Event, ("refuse", seat, action, verdict, self.hand_no))
        self.log.append(event)
        self._end_hand(verdict)
        return event

    def _on_fold(self, action: Action) -> Event:
        if self._phase == ENVIDO_ANSWER:  # deck_answers: the envido is refused, then the side
            return self.envido.deck(self, action)  # goes to the deck
        seat = self._current
        team = seat & 1
        if self.n > 2 and self.variant.fold_alone and self._phase == PLAY_PHASE and any(
                s & 1 == team and s != seat and s not in self._out for s in range(self.n)):
            return self._leave_alone(action)
        return self._fold_side(action)

    def _fold_side(self, action: Action) -> Event:
        """The current player's whole side goes to the deck (also as an answer to a bet)."""
        seat = self._current
        team = seat & 1
        self._pending = None  # going to the deck also answers a raise on the table
        specials = self.special_hands
        points = (self._value if self._mon_reste != "game" and (specials is None or
                                                              specials.kind is None)
                  else self._hand_points(1 - team))
        verdict = resolve.fold(self.variant, points, team)
        event = _new(Event, ("fold", seat, action, verdict, self.hand_no))
        self.log.append(event)
        self._end_hand(verdict)
        return event

    def _leave_alone(self, action: Action) -> Event:
        """Rule option ``fold_alone`` (Uruguay): a player goes to the deck alone, their cards
        out of the hand, and their partners play on; a side is beaten only when all have."""
        seat = self._current
        self._out += (seat,)
        self._hands[seat] = []
        self._hand_acts[seat] = []
        verdict = resolve.fold_alone(self.variant, self._value, seat & 1)
        event = self._log_event("fold", seat, action, verdict)
        if self._trick_plays and len(self._trick_plays) == self.n - len(self._out):
            self._end_trick()
        else:
            self._current = self._next_live(seat)
        return event

    _handlers = {PLAY: _on_play, RAISE: _on_raise, ACCEPT: _on_accept, REFUSE: _on_refuse,
                 FOLD: _on_fold}
    _plain_handlers = {**_handlers, FOLD: _fold_side}

    def copy(self) -> "CoreGame":
        """An independent deep copy of the game (same state, same random generator).

        >>> g = Game("mineiro", seed=7); h = g.copy(); _ = h.apply("fold")
        >>> h == g, g.hand_no, h.hand_no, h.copy() == h
        (False, 1, 2, True)
        """
        return copy.deepcopy(self)

    def __eq__(self, other) -> bool:
        return isinstance(other, CoreGame) and self._snapshot() == other._snapshot()

    # Games are unhashable: a class that defines __eq__ and not __hash__ gets __hash__ = None.

    def _new_rng(self, seed):
        if seed.__class__ is int:  # what random.Random(seed) does for an int, minus two calls
            rng = _new_random(random.Random)
            _seed_random(rng, seed)
            rng.gauss_next = None
            return rng
        return random.Random(seed)


class Game(CoreGame):
    """One game of a variant for 2, 4 or 6 players (teams alternate seats: team = seat % 2).

    The core rules come from :class:`CoreGame`; the other rule families are components, each
    None where the variant has none of its rules: envido (:class:`truco.side_bets.Envido`,
    ``game.envido``), flor (:class:`truco.flor.Flor`, ``game.flor``), the Truc specials
    (:class:`truco.truc.TrucSpecials`, ``game.truc_specials``) and the Brazilian special
    hands (:class:`truco.special_hands.SpecialHands`, ``game.special_hands``).
    """

    __slots__ = ()

    _envido_family = Envido
    _flor_family = Flor
    _truc_family = TrucSpecials
    _special_family = SpecialHands
    _truc_answers = ANSWER_HANDLERS
    _handlers = {**CoreGame._handlers, **ENVIDO_HANDLERS, **FLOR_HANDLERS,
                 **TRUC_HANDLERS}
    # Without the options deck_answers and fold_alone, going to the deck is always the whole
    # side's, straight away (the common case, one call).
    _plain_handlers = {**_handlers, FOLD: CoreGame._fold_side}

    # --- the Truc specials' public view (truco.truc.TrucSpecials) ---------------------------
    @property
    def mon_reste(self):
        """None, "pending" (mon reste waits for its answer) or "game" (the hand's winner wins
        the game).

        >>> g = Game.from_deal("truc", [["7c", "8d", "9s"], ["Ac", "Kd", "10s"]], score=(4, 9))
        >>> _ = g.apply("mon reste"); first = g.mon_reste; _ = g.apply("mon reste")
        >>> first, g.mon_reste, g.hand_value
        ('pending', 'game', 8)
        """
        return self._mon_reste

    @property
    def captains(self) -> tuple:
        """The captains (dealer and eldest) in a 4-player Truc game, else ().

        >>> Game("truc", players=4, seed=1).captains, Game("truc", seed=1).captains
        ((0, 1), ())
        """
        specials = self.truc_specials
        return (self.dealer, self.mano) if specials is not None and specials.captains_on \
            else ()

    @property
    def signals(self) -> tuple:
        """Every signal given this hand, ``((seat, sign), ...)`` (an omniscient view: use
        :meth:`signals_for` or :meth:`observation` for what one seat may see)."""
        specials = self.truc_specials
        return () if specials is None else tuple(specials.signals)

    def signals_for(self, seat: int) -> tuple:
        """The signals ``seat`` has seen this hand: those of their partners only."""
        specials = self.truc_specials
        return () if specials is None else specials.signals_for(seat)

    def signal(self, seat: int, sign: str) -> Event:
        """``seat`` signals a card to their partner(s): "smile" (a 7), "wink" (an 8) or
        "shrug" (an ace). Signals must be honest; only partners see them in
        :meth:`observation`. Not an action: it does not change whose turn it is.

        >>> hands = [["7c", "8d", "9s"], ["Ac", "Kd", "10s"], ["7h", "Jd", "Qs"],
        ...          ["8c", "9d", "As"]]
        >>> g = Game.from_deal("truc", hands, dealer=3); _ = g.signal(2, "smile")
        >>> g.signals_for(0), g.signals_for(1), g.current_player
        (((2, 'smile'),), (), 0)
        >>> g.signal(1, "smile")
        Traceback (most recent call last):
        ...
        truco.errors.IllegalAction: player 1 cannot smile: signals must be honest and they hold
        no such card
        """
        return give_signal(self, seat, sign)
