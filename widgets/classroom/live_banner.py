"""The banner a class learner's other pages show while a live lesson runs, and the kernel's
timer that live pages look at the class database with (:class:`LivePulse`). Kept apart from
:mod:`.live_views` so that every page's footer can show the banner without loading the live
lesson's views.
"""
from __future__ import annotations

import asyncio
from html import escape

import ipywidgets as W

from ..language.i18n import _
from ..ui import joined
from . import session as classroom

__all__ = ["LivePulse", "LiveBanner", "live_banner", "POLL_MS", "BANNER_MS"]

POLL_MS = 400  # how often a live page asks the database (a question reaches every page fast)
BANNER_MS = 3000  # how often another page of a class asks whether a live lesson started


class LivePulse:
    """Calls ``on_tick`` every ``ms`` milliseconds while ``running``, on the kernel's own event
    loop (between the messages it handles, so never during a click's handler). Nothing goes
    over the network while the live lesson stays as it is: a look is one small query, and a
    page is sent an update only when something it shows changed. Where no event loop runs
    (plain Python, the tests) nothing is scheduled: the caller looks by hand. On a Voilà page
    the beats wait until the page has its widgets (:mod:`widgets.ui.joined`): a widget made
    while the page joins could reach it broken."""

    def __init__(self, on_tick, ms: int = 1000, running: bool = False):
        self._on_tick = on_tick
        self.ms = max(100, int(ms))
        self._task = None
        self._running = False
        self.running = running

    @property
    def running(self) -> bool:
        return self._running

    @running.setter
    def running(self, on: bool) -> None:
        self._running = bool(on)
        if self._running and self._task is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # no kernel loop here
                return
            self._task = loop.create_task(self._beat())
        elif not self._running and self._task is not None:
            self._task.cancel()
            self._task = None

    async def _beat(self) -> None:
        while self._running:
            await asyncio.sleep(self.ms / 1000)
            if not self._running:
                break
            if joined.held():
                continue
            try:
                self._on_tick()
            except Exception:  # a database that cannot be read now: the next look tries again
                pass


# --- the banner on other pages -----------------------------------------------------------------
class LiveBanner:
    """On a class learner's other pages: a link into the live lesson while one runs, held at
    the top of the window wherever the banner's cell is."""

    def __init__(self, session, href: str):
        self.session, self.href = session, href
        self.running = False
        self.html = W.HTML()
        self.pulse = LivePulse(self.poll, ms=BANNER_MS, running=True)
        self.widget = W.VBox([self.html])
        self.widget.add_class("tutor-live-banner-box")
        self.poll()

    def poll(self) -> None:
        running = self.session.store.live_of(self.session.learner.class_code) is not None
        if running == self.running:
            return
        self.running = running
        text = _("Your teacher has started a live lesson.")
        go = _("Join the live lesson")
        self.html.value = "" if not running else (
            f'<div class="tutor-live-banner" role="status" style="position:fixed;top:0;'
            f'left:0;right:0;z-index:1000;background:#1864ab;color:#fff;padding:.7em 1em;'
            f'display:flex;flex-wrap:wrap;gap:.8em;align-items:center;justify-content:center;'
            f'box-shadow:0 2px 6px rgba(0,0,0,.3)"><span>{escape(text)}</span><a class="tutor-live-join" '
            f'style="color:#fff;font-weight:700;text-decoration:underline" '
            f'href="{escape(self.href, quote=True)}">{escape(go)} →</a></div>')


def live_banner(href: str) -> LiveBanner | None:
    """The banner for this page's learner (None outside a class)."""
    session = classroom.current()
    return None if session is None else LiveBanner(session, href)
