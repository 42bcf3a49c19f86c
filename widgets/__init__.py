"""The tutor's views: thin ipywidgets/anywidget components over the :mod:`truco` engine,
grouped by concern (docs/contributors.md, "Layout"):

* ``cards``: playing cards drawn as SVG, and the clickable card row (``CardRow``);
* ``table``: the card table (``TableView``) and a game against the computer (``PlayTable``);
* ``steps``: lessons as steps, one task kind per module (``steps/tasks``), progress, review, exam;
* ``explore``: free play met in the lessons (``VariantCompare``, ``RankingExplorer``,
  ``TieExplorer``);
* ``charts``: the odds lesson's charts (``OddsChart``);
* ``pages``: the start page, the links between lessons and the learner's chosen variant;
* ``classroom``: class codes, the answer store and the teacher's page;
* ``language``: the learner's language, the views' catalogs and the lessons' prose;
* ``ui``: the kit every view shares (the feedback box, feedback first, buttons and labels).

Each widget's ``widget`` attribute is its displayable root (the object displays itself too).
Widgets are imported on first use (``from widgets import PlayTable`` loads only the table and
what it needs), so a lesson's page pays only for its own widgets when it opens.

The modules' earlier flat names (``widgets.lesson``, ``widgets.cardrow``, ``widgets.server``
...) still import, as aliases of their new homes (:data:`MOVED`):

>>> import widgets.lesson, widgets.pages.lesson
>>> widgets.lesson is widgets.pages.lesson
True
"""
from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from importlib import import_module

_HOMES = {"CardRow": "cards.cardrow", "OddsChart": "charts.odds", "PlayTable": "table.play",
          "simple_player": "table.play", "RankingExplorer": "explore.ranking",
          "TableView": "table.view", "TieExplorer": "explore.ties",
          "VariantCompare": "explore.compare"}

__all__ = sorted(_HOMES)

# Widgets that taught a second time what the lessons' step tasks teach, removed (issue 33).
REMOVED = {"TrickQuiz": "the trick and hand steps of lessons 3 and 4 (widgets.steps.tasks)",
           "ManilhaTrainer": "the manilha steps of lesson 2 (widgets.steps.tasks.manilhas)",
           "EnvidoTrainer": "the envido steps of lesson 7 (widgets.steps.tasks.envido)",
           "BetLadder": "the raising steps of lesson 5 and the table of lesson 9 (PlayTable)"}

# Where each module of the earlier flat layout lives now.
MOVED = {
    "widgets.app": "widgets.classroom.recording",
    "widgets.card_art": "widgets.cards.card_art",
    "widgets.cardrow": "widgets.cards.cardrow",
    "widgets.common": "widgets.ui.common",
    "widgets.court_figures": "widgets.cards.court_figures",
    "widgets.feedback": "widgets.ui.feedback",
    "widgets.first": "widgets.ui.first",
    "widgets.i18n": "widgets.language.i18n",
    "widgets.lesson": "widgets.pages.lesson",
    "widgets.odds_charts": "widgets.charts.odds",
    "widgets.play_table": "widgets.table.play",
    "widgets.prose": "widgets.language.prose",
    "widgets.ranking_explorer": "widgets.explore.ranking",
    "widgets.svg": "widgets.cards.svg",
    "widgets.table_board": "widgets.table.board",
    "widgets.table_words": "widgets.table.words",
    "widgets.tie_explorer": "widgets.explore.ties",
    "widgets.variant_compare": "widgets.explore.compare",
    "widgets.server": "tutor_server",
}


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        if name in REMOVED:
            raise AttributeError(f"widgets.{name} was removed: the lessons teach it in "
                                 f"{REMOVED[name]}")
        raise AttributeError(f"module 'widgets' has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted([*globals(), *__all__])


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports an earlier module name (``widgets.lesson``) as the module at its new home,
    the very same module object (and ``widgets.server.pool`` as ``tutor_server.pool``)."""

    @staticmethod
    def _target(fullname: str) -> str | None:
        if fullname in MOVED:
            return MOVED[fullname]
        head, _, tail = fullname.partition(".server.")
        return f"tutor_server.{tail}" if head == "widgets" and tail else None

    def find_spec(self, fullname, path=None, target=None):
        new = self._target(fullname)
        return None if new is None else importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec):
        return import_module(self._target(spec.name))

    def exec_module(self, module):
        pass


if not any(isinstance(f, _Alias) for f in sys.meta_path):
    sys.meta_path.append(_Alias())
