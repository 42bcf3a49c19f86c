"""The app layer the views ask, apart from the views: where a quiz's answers are recorded and
whose seed a deal uses. This module is where the views import the classroom package from; the
views (``widgets/cards``, ``table``, ``explore``, ``charts``, ``ui``: ``TieExplorer``'s quiz,
``PlayTable``, ``VariantCompare`` ...) only get what these functions give them, or what their
caller passes instead (tests/classroom/test_recording.py). The lessons' step pages store their
finished tasks through :mod:`widgets.steps.record`.

A recorder is any object with the Recorder protocol of :mod:`widgets.classroom.session`:
``seed`` (the seed the quiz deals from), ``save(item, variant, prompt, answer, correct,
right)`` (None when stored, else a message for the learner) and ``replay(apply)`` (how many
stored answers were applied again). Outside a class there is none (None).

>>> recorder_for("trick", 3) is None  # no class in this process: nothing is recorded
True
>>> deal_seed("table", 3)  # outside a class, a deal's seed is the lesson's own
3
"""
from __future__ import annotations

from typing import Any, Callable

from . import session as _classroom

__all__ = ["FROM_APP", "deal_seed", "recorder_for", "resolve_recorder"]


class _FromApp:
    """The default of a quiz widget's ``recorder=``: ask :func:`recorder_for`."""

    def __repr__(self) -> str:
        return "FROM_APP"


FROM_APP: Any = _FromApp()


def recorder_for(kind: str, seed, say: Callable[[str], None] | None = None):
    """The recorder of a quiz of ``kind`` on this page: the class's when the page belongs to
    a class's learner, an unsaved one that says why when the page's class link does not
    work, else None. ``say`` shows the recorder's messages ("Saving…") in the quiz."""
    return _classroom.recorder(kind, seed, say)


def deal_seed(kind: str, seed):
    """The seed of a deal that is not a quiz (a table, a ladder, a comparison): in a class the
    class's own, so everyone sees the same deal; else ``seed`` itself."""
    return _classroom.class_seed(kind, seed)


def resolve_recorder(recorder, kind: str, seed, say: Callable[[str], None] | None = None):
    """A quiz widget's recorder: the one it was given, or (``FROM_APP``) the app's."""
    return recorder_for(kind, seed, say) if recorder is FROM_APP else recorder
