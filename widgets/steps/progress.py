"""The page's learner progress (:class:`~.model.Progress`), kept in the classroom store.

:func:`current_progress` gives one progress per kernel (per page):

* in a class (:func:`widgets.classroom.session.current`), the class learner's stored progress
  (key ``class:<learner row id>``), ready at once;
* else, signed in (JupyterHub, a trusted proxy: :meth:`.config.Settings.header_user`), that
  user's (key ``user:<name>``), the same on every device;
* else an anonymous learner's (key ``anon:<id>``): the id comes from the browser after the
  page is drawn (:class:`~.identity.BrowserIdentity`, the progress's ``widget``). Until it
  comes the progress behaves as an empty :class:`~.model.MemoryProgress`; when it comes,
  whatever was recorded meanwhile is merged into the store and the ``when_ready`` callbacks
  run. A browser that cannot keep the id (local storage blocked) keeps the progress in memory
  for the page, and the page says so once;
* when the store cannot be opened, a :class:`~.model.MemoryProgress` with a note.

A write that fails (a busy or read-only database) is kept in memory for the page, merged with
what is read, and tried again with the next write: nothing the learner did is lost while the
page is open.

Days are day numbers (:meth:`datetime.date.toordinal`); :func:`today` reads the environment
variable ``TRUCO_TODAY`` (``YYYY-MM-DD``) at each call, so tests can set the clock (a test
server started with it sees that day). A miss puts a task kind and topic into the deck, due
the next day; FSRS schedules each review after that (:mod:`.schedule`).
"""
from __future__ import annotations

import datetime as dt
import logging
import os
from collections.abc import Callable

import ipywidgets as W

from ..language.i18n import _

from ..ui.common import rtl
from ..language.session import direction
from .identity import BrowserIdentity
from .model import MemoryProgress, Progress, ReviewItem, Step
from .schedule import missed, review

__all__ = ["StoredProgress", "current_progress", "reset", "today"]

log = logging.getLogger(__name__)
TODAY_ENV = "TRUCO_TODAY"
WRITE_WAIT = 0.5  # seconds a progress write waits for a locked database

_current: Progress | None = None


def today() -> int:
    """Today's day number, or the day ``TRUCO_TODAY=YYYY-MM-DD`` sets (read at each call)."""
    value = os.environ.get(TODAY_ENV, "").strip()
    if value:
        try:
            return dt.date.fromisoformat(value).toordinal()
        except ValueError:
            log.warning("%s=%r is not a YYYY-MM-DD date: today's date is used", TODAY_ENV,
                        value)
    return dt.date.today().toordinal()


class StoredProgress(Progress):
    """A learner's progress in the store under ``key`` (None until the learner is known).
    ``learner``: a class learner (each write checks their row is still theirs)."""

    def __init__(self, store, key: str | None = None, learner=None, widget=None):
        self.store = store
        self.key = key
        self.learner = learner
        self.widget = widget
        self.pending = MemoryProgress()  # recorded before the key came, or not yet stored
        self._callbacks: list[Callable[[], object]] = []
        self.problem = ""  # why something is not stored yet, when it is not

    # --- readiness --------------------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        return self.key is not None

    def when_ready(self, fn):
        if self.ready:
            fn()
        else:
            self._callbacks.append(fn)

    def become(self, key: str) -> None:
        """The learner is known: merge what was recorded meanwhile, then run the callbacks."""
        self.key = key
        self._flush()
        self._run_callbacks()

    def stay_in_memory(self) -> None:
        """No key will come (the browser cannot keep one): callbacks run on memory."""
        self._run_callbacks()

    def _run_callbacks(self) -> None:
        callbacks, self._callbacks = self._callbacks, []
        for fn in callbacks:
            try:
                fn()
            except Exception:
                log.exception("a progress callback failed")

    # --- writing: to the store when possible, else kept for the page -----------------------------
    def _write(self, method: str, *args) -> bool:
        if self.key is None:
            return False
        try:
            with self.store.waiting(WRITE_WAIT):
                getattr(self.store, method)(self.key, *args, learner=self.learner)
            return True
        except Exception as err:
            reason = getattr(err, "reason", type(err).__name__)
            log.warning("progress not stored (%s): kept for this page", reason)
            self.problem = reason
            return False

    def _flush(self) -> None:
        """Store what is kept in memory (in the order: steps, stars, deck)."""
        if self.key is None:
            return
        memory, self.pending = self.pending, MemoryProgress()
        for lesson, steps in memory._passed.items():
            for index, mistakes in steps.items():
                if not self._write("pass_step", lesson, index, mistakes):
                    self.pending.pass_step(lesson, index, mistakes)
        for lesson, stars in memory._stars.items():
            if not self._write("finish_lesson", lesson, stars):
                self.pending.finish(lesson, stars)
        for item in memory._deck.values():
            if not self._put(item):
                self.pending._deck[(item.task, item.topic)] = item
        for (source, theme), counts in memory._skills.items():
            if not self._write("add_skill", source, theme, *counts):
                self.pending.add_skill(source, theme, *counts)
        if not (self.pending._passed or self.pending._stars or self.pending._deck or
                self.pending._skills):
            self.problem = ""

    def _put(self, item: ReviewItem) -> bool:
        return self._write("put_review", item.lesson, item.task, item.topic,
                           dict(item.options), item.box, item.due, item.card)

    def pass_step(self, lesson, index, mistakes):
        self._flush()
        if not self._write("pass_step", lesson, int(index), int(mistakes)):
            self.pending.pass_step(lesson, int(index), int(mistakes))

    def finish(self, lesson, stars):
        self._flush()
        if not self._write("finish_lesson", lesson, int(stars)):
            self.pending.finish(lesson, int(stars))

    def miss(self, lesson, step: Step, today):
        card, box, due = missed(today)
        self._keep(ReviewItem(lesson, step.task, step.topic, step.options, box, due, card))

    def reviewed(self, item, right, today):
        card, box, due = review(item.card, item.box, item.due, right=right, today=today)
        self._keep(ReviewItem(item.lesson, item.task, item.topic, item.options, box, due,
                              card))

    def add_skill(self, source, theme, tried, good, lost):
        self._flush()
        if not self._write("add_skill", source, theme, int(tried), int(good), float(lost)):
            self.pending.add_skill(source, theme, tried, good, lost)

    def skills(self):
        out = {(r[0], r[1]): (r[2], r[3], r[4]) for r in self._read("skills", default=[])}
        for key, (t, g, x) in self.pending._skills.items():
            t0, g0, x0 = out.get(key, (0, 0, 0.0))
            out[key] = (t0 + t, g0 + g, x0 + x)
        return out

    def _keep(self, item: ReviewItem) -> None:
        self._flush()
        if not self._put(item):
            self.pending._deck[(item.task, item.topic)] = item

    # --- reading: the store, with what is kept in memory on top -------------------------------------
    def _read(self, method: str, *args, default):
        if self.key is None:
            return default
        try:
            return getattr(self.store, method)(self.key, *args)
        except Exception as err:
            log.warning("progress not read (%s)", getattr(err, "reason", type(err).__name__))
            return default

    def passed(self, lesson):
        out = self._read("passed_steps", lesson, default={})
        for index, mistakes in self.pending.passed(lesson).items():
            out.setdefault(index, mistakes)
        return out

    def all_passed(self) -> dict[str, dict[int, int]]:
        """{lesson: {step: mistakes}} of every lesson (the progress map)."""
        out = self._read("passed_steps", default={})
        for lesson, steps in self.pending._passed.items():
            for index, mistakes in steps.items():
                out.setdefault(lesson, {}).setdefault(index, mistakes)
        return out

    def all_stars(self) -> dict[str, int]:
        out = self._read("lesson_stars", default={})
        for lesson, stars in self.pending._stars.items():
            out[lesson] = max(stars, out.get(lesson, 0))
        return out

    def stars(self, lesson):
        return self.all_stars().get(lesson)

    def deck(self) -> list[ReviewItem]:
        """Every item of the review deck, soonest first."""
        items = {(r[1], r[2]): ReviewItem(*r) for r in self._read("review_deck", default=[])}
        items.update(self.pending._deck)
        return sorted(items.values(), key=lambda i: (i.due, i.lesson, i.topic))

    def due(self, today):
        return [i for i in self.deck() if i.due <= today]

    def forget(self):
        self.pending = MemoryProgress()
        if self.key is None:
            return
        try:
            self.store.forget_learner(self.key)
        except Exception as err:
            log.warning("progress not forgotten (%s)", getattr(err, "reason", "?"))
            raise
        if self.key.startswith("anon:") and isinstance(self.widget, BrowserIdentity):
            self.key = "anon:" + self.widget.replace()  # the browser keeps a new id


# --- the page's progress ---------------------------------------------------------------------------
def _memory_with_note(text: str) -> MemoryProgress:
    progress = MemoryProgress()
    note = W.HTML()
    note.value = f'<p class="tutor-progress-note" role="status">{_html(text)}</p>'
    note.add_class("tutor-progress-note-box")
    rtl(note)
    progress.widget = note
    progress.note = text
    return progress


def _html(text: str) -> str:
    from html import escape

    return escape(str(text))


def _anonymous(store) -> StoredProgress:
    progress = StoredProgress(store)

    def arrived(anon_id: str) -> None:
        try:
            store.seen_anonymous(anon_id)
        except Exception as err:
            log.warning("anonymous visit not noted (%s)", getattr(err, "reason", "?"))
        progress.become("anon:" + anon_id)

    progress.widget = BrowserIdentity(
        on_id=arrived, on_no_storage=progress.stay_in_memory, dir=direction(),
        note=_("This browser does not let the tutor keep your progress (its storage is "
               "blocked): your stars and reviews last only while this page is open."))
    return progress


def current_progress() -> Progress:
    """This page's progress (made on the first call, then the same for the kernel)."""
    global _current
    if _current is not None:
        widget = _current.widget
        if widget is None or getattr(widget, "comm", None) is not None:
            return _current
        _current = None  # its browser widget was closed (a page built again in one process)
    from ..classroom import session as classroom

    unreachable = _("Your progress cannot be kept right now (the progress database is not "
                    "reachable): it lasts only while this page is open.")
    try:
        session = classroom.current()
        if session is not None:
            _current = StoredProgress(session.store, f"class:{session.learner.id}",
                                      learner=session.learner)
            return _current
        store = classroom.shared_store()
        user = classroom.Settings.load().header_user()
    except Exception as err:
        log.warning("progress store not reachable (%s)", getattr(err, "reason", "?"))
        _current = _memory_with_note(unreachable)
        return _current
    # Signed in (a hub, a trusted proxy): the progress is the user's, on every device.
    _current = StoredProgress(store, "user:" + user) if user else _anonymous(store)
    return _current


def reset() -> None:
    """Forget this kernel's progress object (tests)."""
    global _current
    _current = None
