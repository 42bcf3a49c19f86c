"""The tutor's widgets: thin views over the :mod:`truco` engine.

Each widget's ``widget`` attribute is its displayable root (the object displays itself too).
"""
from .bet_ladder import BetLadder
from .cardrow import CardRow
from .envido_trainer import EnvidoTrainer
from .manilha_trainer import ManilhaTrainer
from .play_table import PlayTable, simple_player
from .ranking_explorer import RankingExplorer
from .tie_explorer import TieExplorer
from .trick_quiz import TrickQuiz
from .variant_compare import VariantCompare

__all__ = ["BetLadder", "CardRow", "EnvidoTrainer", "ManilhaTrainer", "PlayTable",
           "RankingExplorer", "TieExplorer", "TrickQuiz", "VariantCompare", "simple_player"]
