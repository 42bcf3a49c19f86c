"""The Brazilian special hands (Mineiro, Paulista): the hand of ten / eleven and the iron hand.

When one side reaches the threshold (``variant.hand_of``: Mineiro 10, Paulista 11) and the
other has not, the hand is that side's hand of ten / eleven: before any card is played, it
looks at its cards and decides to play (the hand is worth ``hand_of_value``) or to run (the
other side scores ``hand_of_refused``). When both sides are at the threshold, the hand is the
iron hand: its winner wins the game (in Paulista, and in Mineiro with the option
``iron_hand_blind``, it is played blind). Nobody may raise in a special hand.

>>> g = Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], score=(10, 4))
>>> g.special_hand, g.phase, g.current_player, [str(a) for a in g.legal_actions()]
('hand_of', 'decide', 0, ['accept', 'refuse'])
>>> g.apply("accept").verdict.reason, g.hand_value, g.phase
('hand_of_played', 4, 'play')
>>> g.why_not("raise").reason
'no_raise_in_hand_of_10'

One rule family as a component: :class:`SpecialHands` holds the family's state in its own
slots (``game.special_hands``, None in a variant without special hands), states its rules once
and does what its decision does. The game calls it at explicit points only: ``start_hand``
(which hand this is), ``kind`` read where raising is asked (``raise_why``, inlined in the
game's legal actions), ``decide`` (accept or refuse in the decide phase), ``blind`` and
``shows_partners`` (the observation) and ``snapshot``; :mod:`truco.legality` asks
``raise_error`` and ``decide_first``. What a hand scores stays with the core
(:func:`truco.resolve.hand_points`, asked by ``game._hand_points``): it weighs the iron hand
together with the hand's value and mon reste, and every hand is scored by it.
"""
from __future__ import annotations

from typing import Any

from .actions import ACCEPT, REFUSE
from .errors import IllegalAction
from .i18n import _
from .reasons import Reason
from .resolve import special_hand_decision
from .state import DECIDE, PLAY_PHASE, Event

HAND_OF, IRON = "hand_of", "iron"


class SpecialHands:
    """The special hands of one game: the threshold, and which special hand this one is.

    Held by the game as ``game.special_hands`` (None when the variant has no special hands);
    its methods take the game, whose shared state (phase, turn, hand value, score) they read
    and change. ``kind`` is None in a common hand, ``"hand_of"`` or ``"iron"``
    (``game.special_hand`` shows it).

    >>> sh = Game("paulista", seed=1).special_hands
    >>> sh.threshold, sh.value, sh.blind_on, sh.kind
    (11, 3, True, None)
    >>> Game("argentino", seed=1).special_hands is None
    True
    """

    __slots__ = ("threshold", "value", "blind_on", "kind")

    def __init__(self, threshold: int, value: int, blind_on: bool) -> None:
        self.threshold = threshold  # the score that makes a side's hand special
        self.value = value  # what a hand of ten / eleven is worth when played
        self.blind_on = blind_on  # the iron hand is played blind
        self.kind: str | None = None  # this hand: None, "hand_of" or "iron"

    @classmethod
    def of(cls, g: Any) -> SpecialHands | None:
        """The component for game ``g``, or None if its variant has no special hands.

        >>> SpecialHands.of(Game("mineiro", seed=1)).threshold
        10
        >>> SpecialHands.of(Game("truc", seed=1)) is None
        True
        """
        v = g.variant
        if v.hand_of is None:
            return None
        return cls(v.hand_of, v.hand_of_value, v.iron_hand_blind)

    # --- state ----------------------------------------------------------------------------
    def start_hand(self, g: Any) -> None:
        """Each hand, from the score at the deal: a common hand, the iron hand (both sides at
        the threshold), or one side's hand of ten / eleven, which first decides (the phase
        "decide", the first of its players from the mano on to act).

        >>> hands = [["4c", "7h", "As"], ["3d", "2s", "Kc"]]
        >>> [Game.from_deal("mineiro", hands, score=s).special_hand
        ...  for s in [(9, 9), (4, 10), (10, 11)]]
        [None, 'hand_of', 'iron']
        """
        score, threshold = g._score, self.threshold
        first, second = score[0] >= threshold, score[1] >= threshold
        if first and second:
            self.kind = IRON
        elif first or second:
            self.kind = HAND_OF
            team = 0 if first else 1
            g._phase = DECIDE
            g._current = next(s for s in g._seats_from(g.mano) if s & 1 == team)
        else:
            self.kind = None

    def snapshot(self) -> str | None:
        """The family's state, for comparing games: which special hand this is.

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]], score=(10, 4))
        >>> g.special_hands.snapshot(), g == g.copy()
        ('hand_of', True)
        """
        return self.kind

    def name(self) -> str:
        """This special hand in words.

        >>> Game.from_deal("paulista", [["3c", "2c", "Ac"], ["4d", "5d", "6d"]], vira="Qs",
        ...                score=(11, 11)).special_hands.name()
        'the iron hand'
        """
        if self.kind == IRON:
            return _("the iron hand")
        return _("the hand of {n}").format(n=self.threshold)

    # --- legality ---------------------------------------------------------------------------
    def raise_why(self) -> Reason | None:
        """Nobody may raise in a special hand: the reason, or None in a common hand (the
        game's legal actions read ``kind`` for it directly, at every decision).

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]], score=(11, 11))
        >>> g.special_hands.raise_why(), "raise" in [str(a) for a in g.legal_actions()]
        ('no_raise_in_special_hand', False)
        """
        return None if self.kind is None else Reason.NO_RAISE_IN_SPECIAL_HAND

    def raise_error(self) -> IllegalAction:
        """The error of a raise in this special hand, its reason naming the hand.

        >>> g = Game.from_deal("paulista", [["3c", "2c", "Ac"], ["4d", "5d", "6d"]], vira="Qs",
        ...                    score=(11, 11))
        >>> err = g.special_hands.raise_error(); err.reason, str(err)
        ('no_raise_in_iron_hand', 'nobody may raise in this hand: the iron hand')
        """
        reason = Reason.hand_of(self.threshold) if self.kind == HAND_OF else \
            Reason.NO_RAISE_IN_IRON_HAND
        return IllegalAction(_("nobody may raise in this hand: {what}").format(
            what=self.name()), reason=reason)

    def decide_actions(self, g: Any) -> list:
        """What the side at its hand of ten / eleven may do first: accept (play) or refuse
        (run).

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]], score=(10, 4))
        >>> [str(a) for a in g.special_hands.decide_actions(g)]
        ['accept', 'refuse']
        """
        return [g._table[ACCEPT], g._table[REFUSE]]

    # --- what the decision does (only called once legal) ----------------------------------
    def decide(self, g: Any, action, play: bool) -> Event:
        """The side at its hand of ten / eleven plays (the hand is worth ``value``, the mano
        leads) or runs (the other side scores, and the next hand is dealt).

        >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]], score=(4, 10))
        >>> g.apply("refuse").verdict.explain()
        'Team B runs: team A scores 2. Rule: a side that runs from its special hand gives the
        opponents points.'
        >>> g.score, g.hand_no, g.special_hand
        ((6, 10), 2, 'hand_of')
        """
        seat = g._current
        verdict = special_hand_decision(g.variant, seat & 1, play)
        if not play:
            event = g._log_event("decide", seat, action, verdict)
            g._end_hand(verdict)
            return event
        g._value = self.value
        g._phase = PLAY_PHASE
        g._current = g._leader
        return g._log_event("decide", seat, action, verdict)

    # --- what a seat sees -----------------------------------------------------------------
    def blind(self) -> bool:
        """Whether this hand is played blind (the iron hand, where the variant says so).

        >>> hands = [["3c", "2c", "Ac"], ["4d", "5d", "6d"]]
        >>> g = Game.from_deal("paulista", hands, vira="Qs", score=(11, 11))
        >>> g.special_hands.blind(), g.observation(0).hand, g.observation(0).legal_actions
        (True, None, ('play #1', 'play #2', 'play #3', 'fold'))
        """
        return self.kind == IRON and self.blind_on

    def shows_partners(self, g: Any, player: int) -> bool:
        """Whether ``player`` sees their partners' cards: in a hand of ten / eleven, the side
        at the threshold looks at its cards before it decides.

        >>> hands = [["4c", "7h", "As"], ["3d", "2s", "Kc"], ["5c", "5h", "6s"], ["Qd", "Jd", "Kd"]]
        >>> g = Game.from_deal("mineiro", hands, score=(10, 4))
        >>> g.observation(0).partner_hands, g.observation(1).partner_hands
        (((2, ('5c', '5h', '6s')),), ())
        """
        return self.kind == HAND_OF and g._score[player & 1] >= self.threshold


def decide_first() -> IllegalAction:
    """The error of anything but accept or refuse while a hand of ten / eleven waits for its
    side's decision.

    >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]], score=(10, 4))
    >>> g.why_not("play 4c").reason
    'decide_first'
    """
    return IllegalAction(_("first decide whether to play this hand or run"),
                         reason=Reason.DECIDE_FIRST)


__all__ = ["HAND_OF", "IRON", "SpecialHands", "decide_first"]
