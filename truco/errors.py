"""Typed errors. Each carries a stable ``reason`` code a widget can map to a lesson."""
from __future__ import annotations


class TrucoError(ValueError):
    """Base class: every engine error is a ``ValueError`` with a reason code."""

    reason = "error"

    def __init__(self, message: str, reason: str | None = None, **details):
        super().__init__(message)
        if reason is not None:
            self.reason = reason
        self.details = details

    @property
    def message(self) -> str:
        return str(self)


class CardError(TrucoError):
    """A card code that is malformed or not in the variant's deck."""

    reason = "bad_card"


class UnknownVariant(TrucoError):
    """A variant name or rule option that does not exist."""

    reason = "unknown_variant"


class IllegalAction(TrucoError):
    """An action that the rules do not allow now. The game is left exactly as it was."""

    reason = "illegal_action"


class Undecided(TrucoError):
    """A hand whose tricks do not decide it yet."""

    reason = "undecided"


class BadArgument(TrucoError):
    """An argument of the wrong type or out of range: players, dealer, score, hands, a seat,
    a hand notation. The ``reason`` names which (``bad_players``, ``bad_score`` ...)."""

    reason = "bad_argument"
