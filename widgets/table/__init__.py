"""The card table: the view from the learner's seat (:mod:`.view`, ``TableView``), its drawing
surface (:mod:`.board`), what it says (:mod:`.words`), and a whole game against the computer
(:mod:`.play`, ``PlayTable``)."""
from importlib import import_module

__all__ = ["PlayTable", "TableView"]


def __getattr__(name: str):
    home = {"TableView": "view", "PlayTable": "play"}.get(name)
    if home is None:
        raise AttributeError(f"module 'widgets.table' has no attribute {name!r}")
    return getattr(import_module(f".{home}", __name__), name)
