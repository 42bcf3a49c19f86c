"""Limits on tries: teacher passcodes and joining a class (class codes), per page, per client
and for the whole server.

Each page (a kernel) keeps its own count in memory, so a flood of forged clicks never reaches
the database. Across pages and processes, every try is counted in the database *before* it
is judged (:meth:`.store.Store.admit`); a try that cannot be counted is refused (fail
closed), so a read-only, full or locked database never means unlimited guessing.

A client is who a trusted party vouches for, else what the browser keeps: the user a
proxy or hub signed in, else the address a trusted proxy gives (``TRUCO_CLASSROOM_CLIENT_HEADER``,
see :mod:`.config`), else a random id the page's browser keeps in its local storage
(:class:`BrowserId`). The browser's id can be thrown away by a determined guesser, who then
meets the bound for everyone; it keeps one learner's tries from closing the page for the
teacher on another device. A page that sends no id is counted with everyone only.

Time is read from :data:`clock` (tests move a fake one).

>>> page = PageCount(JOIN)
>>> [page.take(t) for t in (0, 1, 2, 3, 4, 5)], page.take(JOIN.page_window + 0.5)
([True, True, True, True, True, False], True)
"""
from __future__ import annotations

import math
import re
import time
from collections import deque
from dataclasses import dataclass

import anywidget
import traitlets

from ..language.i18n import _

__all__ = ["Limit", "GATE", "JOIN", "PageCount", "BrowserId", "client_key", "clock",
           "refusal", "minutes"]

clock = time.time  # every limit reads the time here


@dataclass(frozen=True)
class Limit:
    """At most ``page`` tries per ``page_window`` seconds on one page, ``client`` per
    ``window`` seconds from one client and ``everyone`` per ``window`` on the server."""
    kind: str
    page: int
    page_window: float
    client: int
    everyone: int
    window: float


# Wrong teacher passcodes (a right one is not counted): 5 per page (a reload starts again),
# 20 per client and 100 on the whole server in 10 minutes. A learner's 20 wrong tries close
# the page for that learner's device only; 100 (from devices that each stay under 20, or
# that throw their id away) close it for everyone for 10 minutes.
GATE = Limit("gate", page=5, page_window=math.inf, client=20, everyone=100, window=600)
# Joining (every try, a wrong class code or a right one): 5 a minute on one page (a page
# makes one learner at most: a second join sends the page to the first), 10 per client and
# 300 on the whole server in 10 minutes: a class of 40 joining, some mistyping, fits easily.
JOIN = Limit("join", page=5, page_window=60, client=10, everyone=300, window=600)


class PageCount:
    """One page's tries of ``limit`` in its sliding window (in memory, never the database)."""

    def __init__(self, limit: Limit):
        self.limit = limit
        self.times: deque[float] = deque()

    def take(self, now: float) -> bool:
        """Count a try at ``now`` if the window allows it; False (not counted) if not."""
        while self.times and self.times[0] <= now - self.limit.page_window:
            self.times.popleft()
        if len(self.times) >= self.limit.page:
            return False
        self.times.append(now)
        return True

    def retry_after(self, now: float) -> float:
        return max(1.0, self.times[0] + self.limit.page_window - now) if self.times else 0.0


_ID_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


class BrowserId(anywidget.AnyWidget):
    """The random id this browser keeps for the classroom's limits (made on its first visit,
    kept in local storage; a fresh one per page where storage is off)."""

    _esm = r"""
function render({ model, el }) {
  let id = "";
  try { id = window.localStorage.getItem("truco-client") || ""; } catch (e) {}
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    try { window.localStorage.setItem("truco-client", id); } catch (e) {}
  }
  if (model.get("client") !== id) { model.set("client", id); model.save_changes(); }
}
export default { render };
"""
    client = traitlets.Unicode("").tag(sync=True)


def client_key(settings, browser: BrowserId | None = None, environ=None) -> str | None:
    """Who is trying, for the per-client limits (see the module's docstring); None when the
    page does not say."""
    user = settings.header_user(environ)
    if user:
        return "user:" + user
    address = settings.client_address(environ)
    if address:
        return "addr:" + address
    given = browser.client if browser is not None else ""
    return "browser:" + given if _ID_RE.match(given or "") else None


def minutes(seconds: float) -> int:
    """Whole minutes to wait, at least 1 (0 for a wait with no end: a page's own count)."""
    return max(1, math.ceil(seconds / 60)) if math.isfinite(seconds) else 0


def refusal(kind: str, over: str, seconds: float) -> str:
    """What a page says when a try is refused by a limit (``over``: "page", "client" or
    "everyone")."""
    n = minutes(seconds)
    if kind == "gate":
        if over == "page":
            return _("Too many wrong passcodes. Reload the page to try again.")
        if over == "client":
            return _("Too many wrong passcodes from this device: try again in {n} min.").format(
                n=n)
        return _("Too many wrong passcodes: the teacher page is closed for a few minutes "
                 "(about {n} min).").format(n=n)
    if over == "page":
        return _("Too many tries on this page: wait {n} min, then try again.").format(n=n)
    if over == "client":
        return _("Too many tries to join from this device: wait {n} min, then try "
                 "again.").format(n=n)
    return _("Too many tries to join on this server just now: wait {n} min, then try "
             "again.").format(n=n)
