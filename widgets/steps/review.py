"""The review page: today's due items of the learner's review deck, from every lesson.

Each item is a kind of task and its topic (the confusion it was missed under); it is asked
again as a new deal of the same kind (``task_class(item.task)(variant, rng, **options)``) in
the learner's variant (a puzzle: its own position). FSRS schedules the item's next review
(``progress.reviewed(item, right, today)``, :mod:`.schedule`); a wrong answer shows the
engine's explanation, makes the item due tomorrow and deals it again later in the same session
(that second try does not move it: it is due tomorrow either way). A counter says how many are left
today; when none is, the page says when the next review is, and links back to the map.

Everything the page counts and checks stays in Python; the browser only clicks.
"""
from __future__ import annotations

import datetime as dt
import random

import ipywidgets as W

import truco
from truco.i18n import babel_locale
from ..language.i18n import _, ngettext

from ..pages.links import session_variant
from .model import Outcome, ReviewItem
from .runner import TaskPage
from .summary import header_html
from .tasks import task_class

__all__ = ["ReviewPage", "review_page", "format_day"]


def format_day(day: int) -> str:
    """A day number as a date in the learner's language ("June 3, 2030")."""
    from babel.dates import format_date

    return format_date(dt.date.fromordinal(day), format="long", locale=babel_locale())


def _dealable(item: ReviewItem, variant):
    """The task class of ``item`` when it can be asked in ``variant`` now, else None."""
    try:
        cls = task_class(item.task)
        return cls if cls.applies(variant, **dict(item.options)) else None
    except Exception:  # a kind not written (yet), or options that no longer fit
        return None


class ReviewPage(TaskPage):
    """Today's review. ``answer(key)``: a click on the current task; ``left``: how many
    deals are left in this session (items due, and missed ones coming back); ``done``."""

    def __init__(self, variant=None, progress=None, seed=None, day: int | None = None):
        super().__init__()
        from .progress import current_progress, today

        self.variant = truco.variant(variant if variant is not None else session_variant())
        self.progress = progress if progress is not None else current_progress()
        self._today = today
        self.day = day
        self.rng = random.Random(seed)
        self.queue: list[tuple[ReviewItem, bool]] = []  # (item, a second try this session)
        self.task = None
        self.done = False
        self.reviewed = 0
        self.answered = 0  # deals answered this session, right or wrong
        self.header = W.HTML()
        self.task_box = W.Box(layout=W.Layout(display="flex", flex_flow="column"))
        self.end = W.VBox()
        self.end.add_class("tutor-review-end")
        children = [self.header, self.feedback, self.task_box, self.end]
        if getattr(self.progress, "widget", None) is not None:
            children.append(self.progress.widget)
        root = self._root(children)
        root.add_class("tutor-review")
        self._draw_header(None)
        self.progress.when_ready(self.start)

    # --- the session ---------------------------------------------------------------------------
    def start(self) -> None:
        """Deal today's due items (called once the learner's progress is known)."""
        if self.day is None:
            self.day = self._today()
        due = self.progress.due(self.day)
        self.queue = [(item, False) for item in due if _dealable(item, self.variant)]
        self.skipped = len(due) - len(self.queue)
        self._next()

    @property
    def left(self) -> int:
        return len(self.queue)

    def _draw_header(self, left: int | None) -> None:
        """The title, how many are left and a bar: the deals answered this session out of
        those plus the ones left (a missed one coming back adds one)."""
        if left is None:
            count = _("Getting your review ready…")
        elif left:
            count = ngettext("{n} left today", "{n} left today", left).format(n=left)
        else:
            count = _("All done for today")
        total = max(self.answered + (left or 0), 1)
        position = self.answered + 1 if left or left is None else total + 1
        self.header.value = header_html(_("Review"), position, total, count, kind="review",
                                        label=_("Review progress"))

    def _next(self) -> None:
        if self.task is not None:
            self.task.close()
            self.task = None
        self._draw_header(self.left)
        if not self.queue:
            self._finish()
            return
        item, _again = self.queue[0]
        cls = _dealable(item, self.variant)
        try:
            task = cls(self.variant, self.rng, **dict(item.options))
        except Exception:  # a deal that cannot be made: leave the item for another day
            self.queue.pop(0)
            self._next()
            return
        self.task = task
        self._ended = False
        task.on_outcome(lambda outcome: self._on_outcome(task, outcome))
        self._show_task(task)  # a click's feedback leaves first (TaskPage)

    def _on_outcome(self, task, outcome: Outcome) -> None:
        if task is not self.task or self._ended:
            return
        if outcome.slip or (outcome.right and not outcome.done):
            self.say(outcome.note or outcome.explanation, "info")
            return
        self._ended = True
        item, again = self.queue.pop(0)
        self.answered += 1
        if not outcome.right:
            self.queue.append((item, True))
        # moving on: the verdict names what it was about, and the next deal gets the focus
        past = _("The last question:") if self.queue else ""
        focus = self._tasks + 1 if self.queue else 0
        if outcome.right:
            self.reviewed += 1
            self.say("✓ " + (outcome.explanation or _("Right.")), "right", past=past,
                     focus=focus)
        else:
            self.say(outcome.explanation or _("Not quite."), "wrong",
                     [outcome.note, _("This one comes back later in this review.")],
                     past=past, focus=focus)
        # Told first (say() sends the feedback before anything else); then the item's box is
        # written (a commit) and the next deal drawn: a page showing the next deal has stored
        # this one, and the end of the session reads the deck for the next review's date.
        if not again:
            self.progress.reviewed(item, outcome.right, self.day)
        self._next()

    def _finish(self) -> None:
        self.done = True
        self.task_box.children = ()
        later = [i.due for i in self._deck() if i.due > self.day]
        if later:
            text = _("Nothing to review today; next review on {date}.").format(
                date=format_day(min(later)))
        else:
            text = _("Nothing to review today. The tasks you miss in the lessons come back "
                     "here on the following days.")
        if self.reviewed:
            self.say(_("Well done: today's review is finished."), "right", [text])
        else:
            self.say(text, "info")
        # The way back is the page's footer ("Back to the start", the map): a second button
        # to the same page here would only stack two of them.

    def _deck(self) -> list[ReviewItem]:
        deck = getattr(self.progress, "deck", None)
        if deck is not None:
            return deck()
        return self.progress.due(10 ** 7)  # a MemoryProgress: every item is due by then


def review_page(variant=None, seed=None) -> ReviewPage:
    """The review page's widget (the notebook's last line)."""
    return ReviewPage(variant=variant, seed=seed)
