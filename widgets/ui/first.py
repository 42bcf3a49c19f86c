"""Feedback first: what the learner clicked gets its answer before anything else is drawn.

A click reaches a tutor widget as a message from the browser to one of its widgets. While that
message is handled, every widget but the feedback boxes (the tutor widget's table, its cards,
its buttons, its next task) keeps its changes back (ipywidgets' ``hold_sync``, entered by a
widget when it first changes); :meth:`FeedbackFirst.release` sends them, and the tutor
widget's ``say()`` calls it right after the feedback has been published. So the browser gets
the feedback first and draws the rest after it.

Between the two the kernel steps aside for :data:`PAUSE` seconds: on a small server (two
cores) the kernel going straight on to draw the next task (a few milliseconds of Python) takes
a core from the server and the browser, which are passing the feedback on and drawing it. The
pause covers the feedback's way to the page (about 3 ms) and the frame that draws it. On
lesson 1, a click's feedback came in 8.3 ms instead of 12.2 with a pause of 4 ms, 7.5 ms with
8 ms (median of 50 clicks, one run each, on a noisy machine); what follows the feedback comes
those few milliseconds later, while the learner reads it.

A message that comes while another is handled, and a click made in Python
(``button.click()``, no browser message), are handled as they are, nothing held.
"""
from __future__ import annotations

import functools
import time
from collections.abc import Iterator

import ipywidgets as W

__all__ = ["FeedbackFirst", "PAUSE", "mark_feedback", "widgets_under"]

PAUSE = 0.010  # seconds the kernel waits, after the feedback, before sending the rest


def widgets_under(root) -> Iterator[W.Widget]:
    """``root`` and every widget under it, with their layouts and styles (each a widget of its
    own in the browser)."""
    todo = [root]
    while todo:
        widget = todo.pop()
        if not isinstance(widget, W.Widget):
            continue
        yield widget
        for name in ("layout", "style"):
            part = getattr(widget, name, None)
            if isinstance(part, W.Widget):
                yield part
        todo.extend(getattr(widget, "children", ()) or ())


# The widgets holding back their changes while a browser message waits for its feedback (in
# the order they first changed), or None. Holding is done where a widget decides to send a
# change (ipywidgets' ``_should_send_property``, see :func:`_hold_changes`): a widget joins
# the list when it first changes, so holding costs nothing for the widgets a click leaves
# alone (listing and flagging a page's forty widgets before each click took a tenth of a
# lesson's time to its feedback).
_held: list | None = None


def mark_feedback(box: W.Widget) -> W.Widget:
    """Mark ``box`` (with its layout and style) as a feedback box: its changes are never held."""
    for part in (box, getattr(box, "layout", None), getattr(box, "style", None)):
        if isinstance(part, W.Widget):
            part._tutor_feedback = True
    return box


class FeedbackFirst:
    """Mixin of the tutor widgets: ``widget`` is the root, ``feedback`` its feedback box.
    :meth:`hook` routes the browser's messages to the widgets under a root through
    :meth:`_on_browser_msg`; :meth:`release` (called by ``say()``) sends what was held."""

    widget: W.Widget
    feedback: W.Widget

    def hook(self, root=None, *, take: bool = False) -> None:
        """Handle the browser's messages to every widget under ``root`` (default: the whole
        tutor widget) feedback-first. A widget already handled so by another tutor widget (one
        inside this one, e.g. a table in a lesson's task) stays with it unless ``take``."""
        for widget in widgets_under(self.widget if root is None else root):
            comm = getattr(widget, "comm", None)
            owner = getattr(widget, "_tutor_first", None)
            if comm is None or owner is self or (owner is not None and not take):
                continue
            widget._tutor_first = self
            comm.on_msg(functools.partial(self._on_browser_msg, widget._handle_msg))

    def _on_browser_msg(self, handle, msg) -> None:
        # A comm has one message handler: this one calls the widget's own (``handle``).
        # Until the feedback is said, every widget but the feedback boxes (see
        # :func:`mark_feedback`) holds back what changes; release() sends it.
        global _held
        if _held is not None:
            handle(msg)
            return
        held = _held = []
        try:
            handle(msg)
        finally:
            if _held is held:  # not released by a say(): send what is held now
                _held = None
                _send_held(held)
        self.after_browser_msg()

    def after_browser_msg(self) -> None:
        """After a message: the widgets it added are handled feedback-first too."""
        self.hook()

    def release(self) -> bool:
        """Send what the message being handled held back (after a pause, see the module's
        notes); nothing to do outside a browser message. Any tutor widget's feedback releases
        it: the first feedback of the message, whichever widget (or widget inside) says it.
        Returns whether it did (then what was published before it has left the kernel: the
        pause lets the kernel's output thread send it)."""
        global _held
        held, _held = _held, None
        if held is None:
            return False
        time.sleep(PAUSE)
        _send_held(held)
        return True


# ipywidgets' ``Widget.hold_sync``, entered by a widget when it first changes during a browser
# message (the same flag and set of held names, ipywidgets 8). A widget already held (by a
# hold_sync of its own) is left to its holder; a feedback box is never held.
_should_send_property = W.Widget._should_send_property


def _hold_changes(widget, key, value):
    held = _held
    if held is not None and widget._holding_sync is not True and widget.comm is not None \
            and not getattr(widget, "_tutor_feedback", False):
        widget._holding_sync = True
        held.append(widget)
    return _should_send_property(widget, key, value)


W.Widget._should_send_property = _hold_changes


def _send_held(held: list[W.Widget]) -> None:
    for widget in held:
        widget._holding_sync = False
        names = widget._states_to_send
        if names:
            widget.send_state(set(names))
            names.clear()
