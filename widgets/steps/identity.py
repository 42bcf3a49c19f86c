"""The anonymous learner's id, kept by the browser and handed to the page's kernel.

A learner who is not in a class gets a random id (22 url-safe characters or more, made with
``crypto.getRandomValues``) kept in the browser's local storage under
:data:`STORAGE_KEY`. When the page is drawn, :class:`BrowserIdentity` reads it (making one on
the first visit) and sends it to the kernel in a custom message; Python checks its format and
length and takes the first valid id only: anything else (a forged message, a wrong format, a
second id) is refused with a logged reason, never an exception into the page. A browser whose
local storage is blocked says so; the page then keeps progress in memory and shows one polite
note. "Start over" (:meth:`BrowserIdentity.replace`) gives the browser a new id to keep.

Nothing here is trusted for more than "which anonymous progress is this": the id is the only
key to it, like the class link's token.

>>> valid_anonymous_id("x" * 22), valid_anonymous_id("x" * 21), valid_anonymous_id("a b" * 9)
(True, False, False)
>>> len(new_anonymous_id()) >= 22 and valid_anonymous_id(new_anonymous_id())
True
"""
from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Callable

import anywidget
import traitlets

__all__ = ["BrowserIdentity", "STORAGE_KEY", "new_anonymous_id", "valid_anonymous_id"]

STORAGE_KEY = "truco-tutor-learner"
ID_RE = re.compile(r"^[A-Za-z0-9_-]{22,64}$")
log = logging.getLogger(__name__)


def valid_anonymous_id(value) -> bool:
    return isinstance(value, str) and bool(ID_RE.match(value))


def new_anonymous_id() -> str:
    """A fresh id (128 random bits, 22 url-safe characters)."""
    return secrets.token_urlsafe(16)


_ESM = r"""
const KEY = "__KEY__";
const ID = /^[A-Za-z0-9_-]{22,64}$/;

function fresh() {
  const bytes = new Uint8Array(18);
  window.crypto.getRandomValues(bytes);
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function render({ model, el }) {
  el.classList.add("tutor-identity");
  let id = "";
  let kept = true;
  try {
    id = window.localStorage.getItem(KEY) || "";
    if (!ID.test(id)) {
      id = fresh();
      window.localStorage.setItem(KEY, id);
    }
    kept = window.localStorage.getItem(KEY) === id;
  } catch (err) {
    kept = false;
  }
  function note() {
    const text = String(model.get("note") || "");
    el.replaceChildren();
    if (!kept && text) {
      const p = document.createElement("p");
      p.className = "tutor-progress-note";
      p.setAttribute("role", "status");
      p.setAttribute("dir", String(model.get("dir") || "ltr"));
      p.textContent = text;
      el.appendChild(p);
    }
  }
  note();
  if (kept) model.send({ type: "id", id: id });
  else model.send({ type: "no_storage" });
  function onMsg(msg) {
    if (!msg || msg.type !== "replace" || !ID.test(String(msg.id || ""))) return;
    try { window.localStorage.setItem(KEY, String(msg.id)); } catch (err) { /* ignore */ }
  }
  model.on("msg:custom", onMsg);
  model.on("change:note", note);
  return () => { model.off("msg:custom", onMsg); model.off("change:note", note); };
}
export default { render };
""".replace("__KEY__", STORAGE_KEY)

_CSS = r"""
.tutor-identity:empty { display: none; }
.tutor-identity .tutor-progress-note { color: var(--tutor-ink-muted, #495057); font-size: 0.95rem; margin: 0.3rem 0;
  padding: 0.4rem 0.7rem; border-inline-start: 4px solid #adb5bd;
  background: var(--tutor-surface-sunken, #f8f9fa); }
"""


class BrowserIdentity(anywidget.AnyWidget):
    """Hands the browser's anonymous id to Python (see the module's docstring).

    ``on_id(id)`` is called once, with the first valid id; ``on_no_storage()`` once when the
    browser cannot keep one. ``refused`` lists the reasons of messages refused (tests)."""

    _esm = _ESM
    _css = _CSS

    note = traitlets.Unicode("").tag(sync=True)  # shown only where storage is blocked
    dir = traitlets.Unicode("ltr").tag(sync=True)

    def __init__(self, on_id: Callable[[str], object] | None = None,
                 on_no_storage: Callable[[], object] | None = None, **kwargs):
        super().__init__(**kwargs)
        self.on_id = on_id
        self.on_no_storage = on_no_storage
        self.learner_id: str | None = None
        self.storage_blocked = False
        self.refused: list[str] = []
        self.on_msg(self._on_custom_msg)

    def _refuse(self, reason: str) -> None:
        self.refused.append(reason)
        log.warning("anonymous learner id refused: %s", reason)

    def _on_custom_msg(self, _widget, content, _buffers) -> None:
        try:
            self.receive(content)
        except Exception:  # a callback's failure must never reach the page
            log.exception("anonymous learner id: handling failed")

    def receive(self, content) -> None:
        """What the browser sent (also called by tests, with anything a browser could send)."""
        if not isinstance(content, dict):
            return self._refuse("not a message")
        kind = content.get("type")
        if kind == "no_storage":
            if self.learner_id is None and not self.storage_blocked:
                self.storage_blocked = True
                if self.on_no_storage is not None:
                    self.on_no_storage()
            return None
        if kind != "id":
            return self._refuse("unknown message type")
        value = content.get("id")
        if not isinstance(value, str):
            return self._refuse("the id is not text")
        if len(value) > 64 or len(value) < 22:
            return self._refuse(f"the id has {len(value)} characters (22 to 64 expected)")
        if not valid_anonymous_id(value):
            return self._refuse("the id has characters other than letters, digits, - and _")
        if self.learner_id is not None:
            if value != self.learner_id:
                self._refuse("a second id for this page")
            return None
        self.learner_id = value
        if self.on_id is not None:
            self.on_id(value)
        return None

    def replace(self) -> str:
        """Start over: a new id, sent to the browser to keep (and used from now on)."""
        value = new_anonymous_id()
        self.learner_id = value
        self.send({"type": "replace", "id": value})
        return value
