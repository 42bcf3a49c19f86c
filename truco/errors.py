"""Typed errors. Each carries a stable ``reason`` code a widget can map to a lesson."""
from __future__ import annotations

from .reasons import Reason


class TrucoError(ValueError):
    """Base class: every engine error is a ``ValueError`` with a reason code."""

    reason: str = Reason.ERROR

    def __init__(self, message: str, reason: str | None = None, **details: object):
        super().__init__(message)
        if reason is not None:
            self.reason = reason
        self.details = details

    @property
    def message(self) -> str:
        """The error in words (the same as ``str(err)``)."""
        return str(self)


class CardError(TrucoError):
    """A card code that is malformed or not in the variant's deck."""

    reason: str = Reason.BAD_CARD


class UnknownVariant(TrucoError):
    """A variant name or rule option that does not exist."""

    reason: str = Reason.UNKNOWN_VARIANT


class IllegalAction(TrucoError):
    """An action that the rules do not allow now. The game is left exactly as it was."""

    reason: str = Reason.ILLEGAL_ACTION


class Undecided(TrucoError):
    """A hand whose tricks do not decide it yet."""

    reason: str = Reason.UNDECIDED


class BadArgument(TrucoError):
    """An argument of the wrong type or out of range: players, dealer, score, hands, a seat,
    a hand notation. The ``reason`` names which (``bad_players``, ``bad_score`` ...)."""

    reason: str = Reason.BAD_ARGUMENT
