"""The tutor's widgets: thin views over the :mod:`truco` engine.

Each widget's ``widget`` attribute is its displayable root (the object displays itself too).

Widgets are imported on first use (``from widgets import TrickQuiz`` loads only the trick
quiz and what it needs), so a lesson's page pays only for its own widgets when it opens.
"""
from importlib import import_module

_HOMES = {"BetLadder": "bet_ladder", "CardRow": "cardrow", "EnvidoTrainer": "envido_trainer",
          "ManilhaTrainer": "manilha_trainer", "PlayTable": "play_table",
          "simple_player": "play_table", "RankingExplorer": "ranking_explorer",
          "TableView": "table",
          "TieExplorer": "tie_explorer", "TrickQuiz": "trick_quiz",
          "VariantCompare": "variant_compare"}

__all__ = ["BetLadder", "CardRow", "EnvidoTrainer", "ManilhaTrainer", "PlayTable",
           "RankingExplorer", "TableView", "TieExplorer", "TrickQuiz", "VariantCompare",
           "simple_player"]


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'widgets' has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted([*globals(), *__all__])
