"""Typed errors. Each carries a stable ``reason`` code a widget can map to a lesson."""
from __future__ import annotations

from .reasons import Reason


class TrucoError(ValueError):
    """Base class: every engine error is a ``ValueError`` with a reason code, and keyword
    ``details`` (the offending value, the option's name ...) for a caller to show.

    >>> try: variant("mineiro").card("8c")
    ... except ValueError as e: print(type(e).__name__, e.reason, e.details)
    CardError card_not_in_deck {'code': '8c'}
    >>> truco.TrucoError("no such thing").reason
    'error'
    """

    reason: str = Reason.ERROR

    def __init__(self, message: str, reason: str | None = None, **details: object):
        super().__init__(message)
        if reason is not None:
            self.reason = reason
        self.details = details

    @property
    def message(self) -> str:
        """The error in words (the same as ``str(err)``).

        >>> truco.TrucoError("no such thing", reason="bad_argument").message
        'no such thing'
        """
        return str(self)


class CardError(TrucoError):
    """A card code that is malformed or not in the variant's deck.

    >>> variant("argentino").card("8e")
    Traceback (most recent call last):
    ...
    truco.errors.CardError: '8e' is not a card code: use ranks 1 2 3 4 5 6 7 10 11 12 and ...
    """

    reason: str = Reason.BAD_CARD


class UnknownVariant(TrucoError):
    """A variant name or rule option that does not exist.

    >>> try: variant("mineiro", all_tie="mano")   # Mineiro's all-tied hand: dealer or nobody
    ... except truco.UnknownVariant as e: print(e.reason, e.details)
    bad_option_value {'option': 'all_tie'}
    """

    reason: str = Reason.UNKNOWN_VARIANT


class IllegalAction(TrucoError):
    """An action that the rules do not allow now. The game is left exactly as it was.

    >>> g = Game("mineiro", seed=1)
    >>> try: g.apply("raise", player=1 - g.current_player)
    ... except truco.IllegalAction as e: print(e.reason)
    not_your_turn
    >>> g.current_player, g.hand_value, g.pending_raise
    (1, 2, None)
    """

    reason: str = Reason.ILLEGAL_ACTION


class Undecided(TrucoError):
    """A hand whose tricks do not decide it yet.

    >>> variant("mineiro").hand_winner([0])   # one trick won: a second one is needed
    Traceback (most recent call last):
    ...
    truco.errors.Undecided: the hand is not decided yet after 1 trick
    """

    reason: str = Reason.UNDECIDED


class BadArgument(TrucoError):
    """An argument of the wrong type or out of range: players, dealer, score, hands, a seat,
    a hand notation. The ``reason`` names which (``bad_players``, ``bad_score`` ...).

    >>> try: Game("mineiro", players=3)
    ... except truco.BadArgument as e: print(e.reason, "/", e)
    bad_players / Truco Mineiro is played by 2 or 4 players, not 3
    """

    reason: str = Reason.BAD_ARGUMENT
