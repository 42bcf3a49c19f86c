"""A row of clickable cards: one anywidget with inline JavaScript and CSS (no CDN, no build).

The browser only draws the cards and reports clicks. Which cards may be picked, and whether
the row is locked, is decided here in Python; the greyed-out look in the browser is cosmetic.
Only display data (each card's code, SVG, accessible label and enabled look) is synced to the
browser, so never put answers, scores or whose turn it is into the items. For a face-down
card, use a code that does not reveal the card (e.g. ``"back-1"``).

>>> row = CardRow([{"code": "4c", "svg": "<svg/>", "label": "4 of clubs", "enabled": True}])
>>> picked = []
>>> row.on_pick = picked.append
>>> row.pick("4c"), row.pick("7h"), picked
(True, False, ['4c'])
>>> row.last_rejected
'That card is not one of the cards on offer.'
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

import anywidget
import traitlets

from ..language.i18n import _

__all__ = ["CardRow", "MAX_CODE_LENGTH"]

MAX_CODE_LENGTH = 64
_ITEM_KEYS = frozenset({"code", "svg", "label", "enabled"})

_ESM = r"""
const SVG_NS = "http://www.w3.org/2000/svg";

function cleanSvg(markup) {
  // Parse as SVG (never as HTML) and drop anything that could run code.
  const doc = new DOMParser().parseFromString(String(markup || ""), "image/svg+xml");
  const svg = doc.documentElement;
  if (!svg || svg.namespaceURI !== SVG_NS || doc.getElementsByTagName("parsererror").length) {
    return null;
  }
  for (const bad of Array.from(svg.querySelectorAll("script, foreignObject"))) bad.remove();
  for (const node of [svg, ...svg.querySelectorAll("*")]) {
    for (const attr of Array.from(node.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith("on") || (name.endsWith("href") && !attr.value.startsWith("#"))) {
        node.removeAttribute(attr.name);
      }
    }
  }
  svg.setAttribute("aria-hidden", "true");  // the button carries the accessible name
  svg.setAttribute("focusable", "false");
  return document.importNode(svg, true);
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "tutor-cardrow";
  root.setAttribute("role", "group");
  el.appendChild(root);

  const pick = (code) => model.send({ type: "pick", code: code });

  function newCard(code) {
    const card = document.createElement("div");
    card.tutorCode = code;  // properties, not attributes: the page stays small
    card.setAttribute("role", "button");
    card.tabIndex = 0;
    card.addEventListener("click", () => pick(code));
    card.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " " || event.key === "Spacebar") {
        event.preventDefault();
        if (!event.repeat) pick(code);
        return;
      }
      const all = Array.from(root.children);
      const here = all.indexOf(card);
      const rtl = getComputedStyle(root).direction === "rtl";
      let next = -1;
      if (event.key === "ArrowRight") next = here + (rtl ? -1 : 1);
      else if (event.key === "ArrowLeft") next = here + (rtl ? 1 : -1);
      else if (event.key === "Home") next = 0;
      else if (event.key === "End") next = all.length - 1;
      if (next >= 0 && next < all.length) {
        event.preventDefault();
        all[next].focus();
      }
    });
    return card;
  }

  function fill(card, item, enabled, key) {
    const code = card.tutorCode;
    card.tutorKey = key;
    const name = String(item.label || code);
    const svg = cleanSvg(item.svg);
    let className = enabled ? "tutor-card" : "tutor-card tutor-card-disabled";
    if (!svg) className += " tutor-card-text";  // unreadable picture: show the name instead
    if (card.className !== className) card.className = className;
    if (card.getAttribute("aria-label") !== name) card.setAttribute("aria-label", name);
    card.setAttribute("aria-disabled", enabled ? "false" : "true");
    if (svg) card.replaceChildren(svg); else card.textContent = name;
  }

  function draw() {
    const items = Array.isArray(model.get("items")) ? model.get("items") : [];
    const locked = Boolean(model.get("locked"));
    const cards = Array.from(root.children);
    const focused = cards.indexOf(document.activeElement);
    const label = model.get("label");
    if (label) root.setAttribute("aria-label", label); else root.removeAttribute("aria-label");
    root.classList.toggle("tutor-cardrow-locked", locked);
    // One element per card code, kept while the code is shown. When a card's picture, name
    // or state changes, only that element's content is replaced: the row keeps its children,
    // so a new highlight on one card restyles and repaints that card alone.
    const byCode = new Map(cards.map((card) => [card.tutorCode, card]));
    const kept = [];
    for (const item of items) {
      const code = String(item.code);
      const enabled = Boolean(item.enabled) && !locked;
      const key = [code, item.svg, item.label, enabled].map(String).join("\u0000");
      let card = byCode.get(code);
      if (card) byCode.delete(code); else card = newCard(code);
      if (card.tutorKey !== key) fill(card, item, enabled, key);
      kept.push(card);
    }
    // Move only what moved: a kept card already in its place stays in the document, so the
    // browser does not style, lay out and paint it again (replaceChildren would take every
    // card out and put it back). Cards no longer shown end up last and are removed.
    kept.forEach((card, i) => {
      const here = root.children[i];
      if (here !== card) root.insertBefore(card, here || null);
    });
    while (root.children.length > kept.length) root.lastElementChild.remove();
    if (focused >= 0 && root.children.length) {
      const target = root.children[Math.min(focused, root.children.length - 1)];
      if (document.activeElement !== target) target.focus();
    }
  }

  for (const name of ["items", "locked", "label"]) model.on(`change:${name}`, draw);
  draw();
  return () => {
    for (const name of ["items", "locked", "label"]) model.off(`change:${name}`, draw);
  };
}

export default { render };
"""

_CSS = r"""
.tutor-cardrow {
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0.5rem;
  padding: 0.4rem;
  max-width: 100%;
  box-sizing: border-box;
}
.tutor-cardrow .tutor-card {
  display: inline-block;
  line-height: 0;
  border-radius: 9px;
  cursor: pointer;
  touch-action: manipulation;
  -webkit-tap-highlight-color: transparent;
  transition: transform 0.12s ease-out;
}
.tutor-cardrow .tutor-card svg {
  display: block;
  max-width: 26vw;
  height: auto;
}
.tutor-cardrow .tutor-card-text {
  line-height: 1.3;
  padding: 0.6rem;
  border: 1px solid #8a8f98;
  background: #ffffff;
  color: #1b1b1b;
}
.tutor-cardrow .tutor-card:hover:not(.tutor-card-disabled) { transform: translateY(-4px); }
.tutor-cardrow .tutor-card:focus { outline: 3px solid #1864ab; outline-offset: 3px; }
.tutor-cardrow .tutor-card:focus:not(:focus-visible) { outline: none; }
.tutor-cardrow .tutor-card:focus-visible {
  outline: 3px solid #1864ab;
  outline-offset: 3px;
  box-shadow: 0 0 0 6px #ffffff;
}
.tutor-cardrow .tutor-card-disabled { cursor: not-allowed; opacity: 0.6; }
@media (max-width: 480px) {
  .tutor-cardrow { gap: 0.3rem; padding: 0.2rem; }
}
@media (prefers-reduced-motion: reduce) {  /* no transition anywhere: tutor.css */
  .tutor-cardrow .tutor-card:hover:not(.tutor-card-disabled) { transform: none; }
}
"""


class CardRow(anywidget.AnyWidget):
    """A row of cards the learner can pick from by click, tap, Enter or Space.

    ``on_pick(code)`` is called for an accepted pick; ``on_reject(message)`` with a
    learner-readable message (also kept in :attr:`last_rejected`) for any other click or
    message. With ``lock_on_pick`` the row locks itself after each accepted pick, so a
    double tap cannot play twice; :meth:`unlock` (or the caller) opens it again.
    """

    _esm = _ESM
    _css = _CSS

    # Display only: what the browser draws. Never answers, scores or turn information.
    items = traitlets.List(traitlets.Dict()).tag(sync=True)
    locked = traitlets.Bool(False).tag(sync=True)  # cosmetic copy of the Python-side lock
    label = traitlets.Unicode("").tag(sync=True)  # accessible name of the whole row
    # Python only (not synced).
    last_rejected = traitlets.Unicode(None, allow_none=True)

    def __init__(self, items: Iterable[dict] | None = None,
                 on_pick: Callable[[str], object] | None = None, *,
                 on_reject: Callable[[str], object] | None = None,
                 lock_on_pick: bool = False, label: str = "", **kwargs):
        super().__init__(label=label, **kwargs)
        self.on_pick = on_pick
        self.on_reject = on_reject
        self.lock_on_pick = lock_on_pick
        self._offered: frozenset[str] = frozenset()
        self._locked = False
        self.on_msg(self._on_custom_msg)
        self.show(items or [])

    # -- state ----------------------------------------------------------------------------
    @property
    def offered(self) -> frozenset[str]:
        """Codes that can be picked now (those shown with ``enabled``); Python only."""
        return self._offered

    @property
    def is_locked(self) -> bool:
        return self._locked

    def show(self, items: Iterable[dict]) -> None:
        """Display ``items``: dicts with ``code`` (str), ``svg`` (str), ``label`` (str) and
        ``enabled`` (bool). The enabled codes become :attr:`offered`."""
        clean, seen = [], set()
        for item in items:
            if not isinstance(item, dict):
                raise TypeError(f"each item must be a dict, not {type(item).__name__}")
            extra = set(item) - _ITEM_KEYS
            if extra:  # keep anything else (answers, scores ...) out of the browser
                raise ValueError(f"unexpected item keys {sorted(extra)}; allowed: "
                                 f"{sorted(_ITEM_KEYS)}")
            code = item.get("code")
            if not isinstance(code, str) or not code or len(code) > MAX_CODE_LENGTH:
                raise ValueError(f"item code must be a non-empty string of at most "
                                 f"{MAX_CODE_LENGTH} characters, not {code!r}")
            if code in seen:
                raise ValueError(f"duplicate card code {code!r} in one row")
            seen.add(code)
            clean.append({"code": code, "svg": str(item.get("svg", "")),
                          "label": str(item.get("label") or code),
                          "enabled": bool(item.get("enabled", True))})
        self._offered = frozenset(i["code"] for i in clean if i["enabled"])
        self.items = clean

    def lock(self) -> None:
        """Refuse every pick until :meth:`unlock` (the cards also look disabled)."""
        self._locked = True
        self.locked = True

    def unlock(self) -> None:
        self._locked = False
        self.locked = False

    # -- picking --------------------------------------------------------------------------
    def pick(self, code) -> bool:
        """Do what a click on the card ``code`` does; returns whether the pick was accepted."""
        if not isinstance(code, str) or len(code) > MAX_CODE_LENGTH:
            return self._reject(_("That click could not be understood. Please try again."))
        if self._locked:
            return self._reject(_("Please wait: no card can be picked right now."))
        if code not in self._offered:
            return self._reject(_("That card is not one of the cards on offer."))
        self.last_rejected = None
        if self.lock_on_pick:
            self.lock()
        if self.on_pick is not None:
            self.on_pick(code)
        return True

    def _reject(self, message: str) -> bool:
        self.last_rejected = message
        if self.on_reject is not None:
            self.on_reject(message)
        return False

    def _on_custom_msg(self, widget, content, buffers) -> None:
        """ipywidgets custom-message callback: ``callback(widget, content, buffers)``."""
        try:
            code = content.get("code") if isinstance(content, dict) else None
            kind = content.get("type") if isinstance(content, dict) else None
        except Exception:  # a dict subclass with a broken get; stay safe
            code = kind = None
        if kind != "pick" or not isinstance(code, str) or len(code) > MAX_CODE_LENGTH:
            self._reject(_("That click could not be understood. Please try again."))
            return
        self.pick(code)
