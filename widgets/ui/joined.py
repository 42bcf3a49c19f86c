"""Whether this kernel's page has its widgets yet, for the kernel's timers (the live pages'
:class:`~widgets.classroom.live_banner.LivePulse`).

A Voilà page's kernel runs the notebook before the page connects. While the page joins, a widget
that the kernel makes on a timer can reach it broken:

- jupyter_server's "nudge" takes the first output message the kernel sends as the sign that the
  page's link is live, and drops it; the message before may be lost too (the subscription was
  not live yet). If that was a new widget's layout, the widget sent next names a model the
  page never gets.
- A widget opened before the page has the kernel's answer with every widget's state waits for a
  model that only comes in that answer, which waits behind it.

Either way the page logs ``widget model not found`` after 2 s and the widget is not shown. So a
page's timer holds its beats until the page has asked for and been sent every widget's state
(ipywidgets' control comm, ``request_states``): from then on every widget the kernel makes
reaches the page whole. Outside a Voilà page (JupyterLab, nbval, plain Python) nothing is held.

The hook wraps ipywidgets' handler of the control comm; the code it relies on is checked in
``tests/server/test_patched_internals.py``, against the ipywidgets pinned in pyproject.toml.
"""
from __future__ import annotations

import os

import ipywidgets as W

__all__ = ["page_has_widgets", "held", "CONTROL_TARGET", "install"]

CONTROL_TARGET = "jupyter.widget.control"
VOILA_PAGE_ENV = "VOILA_REQUEST_URL"  # set in a kernel that a Voilà page's request runs in

_sent = False  # True once a front-end was sent every widget's state


def page_has_widgets() -> bool:
    """True once a front-end of this kernel was sent the state of every widget."""
    return _sent


def held() -> bool:
    """True while a timer should wait: in a Voilà page's kernel whose page has not joined yet."""
    return not _sent and VOILA_PAGE_ENV in os.environ


def _on_control_msg(msg) -> None:
    global _sent
    W.Widget._handle_control_comm_msg(msg)  # ipywidgets answers (update_states) ...
    data = (msg.get("content") or {}).get("data") or {}
    if data.get("method") == "request_states":
        _sent = True  # ... and only then may a timer make widgets


def _control_opened(comm, msg) -> None:
    W.Widget.handle_control_comm_opened(comm, msg)
    comm.on_msg(_on_control_msg)


def install() -> bool:
    """Put the hook in place of ipywidgets' own handler of the control comm (done on import).
    False where there is no comm manager."""
    from ipywidgets import comm as widget_comm

    manager = widget_comm.get_comm_manager()
    if manager is None:
        return False
    manager.register_target(CONTROL_TARGET, _control_opened)
    return True


install()
