"""Truco Tutor's rules engine: decks, rankings, tricks, hands, raises and scoring.

Pure Python; every resolution returns a verdict that explains itself, and illegal actions
raise :class:`IllegalAction` leaving the game untouched.

>>> import truco
>>> v = truco.variant("argentino")
>>> v.compare("1e", "1b") > 0, v.trick_winner([(0, "3e"), (1, "3o")])
(True, None)
"""
from .actions import Action
from .cards import Card
from .errors import BadArgument, CardError, IllegalAction, TrucoError, Undecided, UnknownVariant
from .game import Game
from .evaluation import ActionValue, Evaluation, Grade, evaluate, grade
from .hand_review import Decision, review
from .i18n import get_language, set_language
from .match import Match, score_text
from .notation import Observation, from_notation
from .points import envido, envido_verdict, flor, flor_verdict
from .presets import PRESETS, VARIANT_NAMES, variant
from .variants import Variant

__all__ = [
    "ActionValue", "Decision", "Evaluation", "Grade", "evaluate", "grade", "review",
    "Action", "BadArgument", "Card", "Match", "score_text", "CardError", "Game", "IllegalAction", "Observation", "PRESETS",
    "TrucoError", "Undecided", "envido", "envido_verdict", "flor", "flor_verdict", "UnknownVariant", "VARIANT_NAMES", "Variant", "from_notation",
    "get_language", "set_language", "variant",
]
