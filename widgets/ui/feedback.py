"""The feedback box: the line where a tutor widget answers the learner ("Right: ...").

It is an anywidget whose only synced value is the message (text, detail lines, tone, number,
direction and the icon's name for screen readers). The browser keeps one box and, for each
message, changes its text and its tone's class: no HTML is parsed on a click, so the answer is
drawn about as fast as a plain label's text (a box of styled HTML, parsed anew for every
message, took 0.7 ms of the browser's time on a click against 0.4 for a label). Its look comes
with it (``_css``), so it looks the same in Voilà and in JupyterLab, with no network.

:attr:`FeedbackBox.value` is the same message as self-contained HTML (inline styles, the icon
inline): what the box shows, for anything that reads it without a browser.

>>> box = feedback_box()
>>> set_feedback(box, "Right: the 4 of clubs is the top manilha.", "right", ["Level 14."], 3)
>>> box.msg["tone"], box.msg["n"], box.msg["details"]
('right', 3, ['Level 14.'])
>>> 'data-tone="right"' in box.value and 'aria-label="Right"' in box.value
True
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from html import escape

import anywidget
import traitlets

from ..language.i18n import N_, _
from ..language.session import direction, rtl

__all__ = ["FeedbackBox", "feedback_box", "set_feedback", "tone_icon", "FEEDBACK", "TONES",
           "TONE_STYLES"]

FEEDBACK = "tutor-feedback"
TONES = ("info", "right", "wrong", "error")

# How each tone looks: (text colour, background, accent for the border and the icon). The text
# has a contrast ratio of at least 7:1 on its background, the accent at least 3:1, and every
# tone but "info" also shows an icon of its own shape (a tick, a cross, a warning sign) named
# for screen readers, so right and wrong never differ by colour alone.
TONE_STYLES = {
    "info": ("#1b1b1b", "#f8f9fa", "#868e96"),
    "right": ("#0b3d1a", "#ebfbee", "#1e7b34"),
    "wrong": ("#5c0a0a", "#fff5f5", "#c92a2a"),
    "error": ("#4a2600", "#fff4e6", "#b35c00"),
}
_TONE_WORDS = {"right": N_("Right"), "wrong": N_("Wrong"), "error": N_("Not possible")}
# Icons drawn in a 20 x 20 box: a white mark on a shape filled with the accent colour.
_TONE_ICONS = {
    "right": '<circle cx="10" cy="10" r="10" fill="{accent}"/>'
             '<path d="M5.2 10.4l3.2 3.2 6.4-7" fill="none" stroke="#fff" stroke-width="2.4" '
             'stroke-linecap="round" stroke-linejoin="round"/>',
    "wrong": '<circle cx="10" cy="10" r="10" fill="{accent}"/>'
             '<path d="M6.3 6.3l7.4 7.4M13.7 6.3l-7.4 7.4" stroke="#fff" stroke-width="2.4" '
             'stroke-linecap="round"/>',
    "error": '<path d="M10 1L19.5 18.5H0.5Z" fill="{accent}" stroke="{accent}" '
             'stroke-linejoin="round" stroke-width="1"/>'
             '<rect x="8.9" y="6.5" width="2.2" height="6.6" rx="1" fill="#fff"/>'
             '<circle cx="10" cy="15.6" r="1.3" fill="#fff"/>',
}
_ICONS = {tone: shape.format(accent=TONE_STYLES[tone][2]) for tone, shape in _TONE_ICONS.items()}

# One look, written once: inline in :attr:`FeedbackBox.value`, as rules in the box's ``_css``.
_BOX = ("display:flex;align-items:flex-start;gap:.55em;box-sizing:border-box;max-width:100%;"
        "margin:.35em 0;padding:.45em .75em;line-height:1.45;border-radius:4px")
_BODY = "min-width:0"
_ICON = "flex:none;margin-top:.1em"
_STRONG = "font-weight:600"
_PAST = "padding:.2em .6em;font-size:.92em;opacity:.92;border-inline-start-width:.2em"
_ABOUT = "font-weight:600"


def _colours(tone: str) -> str:
    ink, background, accent = TONE_STYLES[tone]
    return (f"color:{ink};background:{background};border:1px solid {accent};"
            f"border-inline-start:.35em solid {accent}")


_CSS = "\n".join([
    f".tutor-msg {{ {_BOX} }}",
    f".tutor-msg-body {{ {_BODY} }}",
    f".tutor-msg-icon {{ {_ICON} }}",
    f".tutor-msg-strong {{ {_STRONG} }}",
    *(f".tutor-msg-{tone} {{ {_colours(tone)} }}" for tone in TONES),
    # a verdict on a step that has moved on: a compact line of the step's history, its step
    # named, so it is not read as a verdict on the task now on screen
    f".tutor-msg-past {{ {_PAST} }}",
    f".tutor-msg-about {{ {_ABOUT} }}",
])

_ESM = r"""
const ICONS = __ICONS__;  // tone -> the icon's shapes (this module's own markup, never a message)
const SVG_NS = "http://www.w3.org/2000/svg";
const drawn = new Map();  // tone -> the icon, parsed once per page

function icon(tone, word) {
  if (!ICONS[tone]) return null;
  let svg = drawn.get(tone);
  if (!svg) {
    svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("class", "tutor-msg-icon");
    svg.setAttribute("viewBox", "0 0 20 20");
    svg.setAttribute("width", "20");
    svg.setAttribute("height", "20");
    svg.setAttribute("role", "img");
    svg.setAttribute("focusable", "false");
    svg.innerHTML = ICONS[tone];
    drawn.set(tone, svg);
  }
  const copy = svg.cloneNode(true);
  copy.setAttribute("aria-label", word || "");
  return copy;
}

function render({ model, el }) {
  const box = document.createElement("div");
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  const body = document.createElement("div");
  body.className = "tutor-msg-body";
  const main = document.createElement("div");
  const about = document.createElement("span");  // the step a past verdict was about
  about.className = "tutor-msg-about";
  about.hidden = true;
  const textEl = document.createElement("span");
  main.append(about, textEl);
  body.appendChild(main);
  box.appendChild(body);
  el.appendChild(box);
  // One icon per tone, drawn into the box the first time that tone is said and then only
  // shown or hidden: a new message changes the box's text, classes and attributes, never its
  // tree of elements (putting an icon in and taking one out cost a large page a few tenths of
  // a millisecond per message). What has not changed is not written again.
  const icons = new Map();  // tone -> {svg, word}
  let shown = null;  // the tone whose icon shows

  function draw() {
    const msg = model.get("msg") || {};
    const n = Number(msg.n) || 0;
    const said = msg.tone !== undefined;
    const tone = (ICONS[msg.tone] || msg.tone === "info") ? msg.tone : "info";
    // No message yet: the box stays in the page (a live region must be there before it
    // speaks), empty and unstyled, so it takes no room.
    const past = said && msg.past ? String(msg.past) : "";
    const cls = said ? `tutor-msg tutor-msg-${tone}${past ? " tutor-msg-past" : ""}`
                     : "tutor-msg-none";
    if (box.className !== cls) box.className = cls;
    const dir = msg.dir === "rtl" ? "rtl" : "ltr";
    if (box.getAttribute("dir") !== dir) box.setAttribute("dir", dir);
    const dataTone = said ? tone : "";
    if (box.dataset.tone !== dataTone) box.dataset.tone = dataTone;
    box.dataset.n = String(n);
    const want = said && ICONS[tone] ? tone : null;
    if (want && !icons.has(want)) {
      const svg = icon(want, "");
      svg.style.display = "none";
      box.insertBefore(svg, body);
      icons.set(want, { svg, word: "" });
    }
    if (shown !== want) {
      if (shown) icons.get(shown).svg.style.display = "none";
      if (want) icons.get(want).svg.style.display = "";
      shown = want;
    }
    if (want) {
      const entry = icons.get(want);
      const word = String(msg.word || "");
      if (entry.word !== word) {
        entry.svg.setAttribute("aria-label", word);
        entry.word = word;
      }
    }
    const label = past ? past + " " : "";  // a space, so a screen reader reads two words
    if (about.textContent !== label) about.textContent = label;
    about.hidden = !past;
    const strong = said && tone !== "info" && !past ? "tutor-msg-strong" : "";
    if (main.className !== strong) main.className = strong;
    const text = String(msg.text || "");
    if (textEl.textContent !== text) textEl.textContent = text;
    const details = Array.isArray(msg.details) ? msg.details : [];
    while (body.children.length > details.length + 1) body.lastElementChild.remove();
    details.forEach((line, i) => {
      let el = body.children[i + 1];
      if (!el) {
        el = document.createElement("div");
        body.appendChild(el);
      }
      const words = String(line);
      if (el.textContent !== words) el.textContent = words;
    });
  }

  // msg.focus = n: the page's n-th task is coming (drawn just after this message); once it is
  // there, the focus goes to it (its step's idea, read first), if the focus was on the page or
  // nowhere (a clicked answer that went away), never taken from elsewhere.
  let watching = null;
  function focusNext() {
    const n = Number(model.get("msg").focus) || 0;
    if (watching) { watching.disconnect(); watching = null; }
    const page = el.closest(".tutor-widget");
    if (!n || !page) return;
    const settle = () => {
      const box = page.querySelector(`.tutor-task-${n}`);
      if (!box) return false;
      const active = document.activeElement;
      if (active && active !== document.body && !page.contains(active)) return true;
      // the idea in the new task's box first, else the page's (the runner draws it above)
      const idea = box.querySelector(".tutor-step-text")
        || page.querySelector(".tutor-step-text") || box;
      if (!idea.hasAttribute("tabindex")) idea.setAttribute("tabindex", "-1");
      idea.focus({ preventScroll: false });
      return true;
    };
    if (settle()) return;
    watching = new MutationObserver(() => {
      if (settle()) { watching.disconnect(); watching = null; }
    });
    watching.observe(page, { subtree: true, attributes: true, attributeFilter: ["class"],
                             childList: true });
    // bounded: a task that never comes (the page was left) stops the watch; a slow machine
    // drawing a deck of forty cards takes seconds
    const mine = watching;
    setTimeout(() => { if (watching === mine) { mine.disconnect(); watching = null; } }, 30000);
  }

  function update() { draw(); focusNext(); }
  model.on("change:msg", update);
  draw();
  return () => {
    model.off("change:msg", update);
    if (watching) watching.disconnect();
  };
}

export default { render };
""".replace("__ICONS__", json.dumps(_ICONS))


class FeedbackBox(anywidget.AnyWidget):
    """A tutor widget's feedback line. Only what the learner reads is synced: never an answer,
    a score or whose turn it is (see :mod:`widgets.cards.cardrow`)."""

    _esm = _ESM
    _css = _CSS
    msg = traitlets.Dict().tag(sync=True)

    def show(self, text: str, tone: str = "info", details: Iterable[str] = (),
             count: int = 0, *, past: str = "", focus: int = 0) -> None:
        """Say ``text`` (plain text) in ``tone``; ``details`` are lines under it; ``count``
        numbers the message, so saying the same words again still changes the box.

        ``past`` names the step the verdict was about when the page moves on with it ("Step 2
        of 8 passed"): the box becomes a compact line of the step's history, said once.
        ``focus`` = n: the page's n-th task comes next, and gets the focus once drawn."""
        tone = tone if tone in TONES else "info"
        msg = {"text": str(text), "details": [str(d) for d in details if d],
               "tone": tone, "n": int(count), "dir": direction(),
               "word": _(_TONE_WORDS[tone]) if tone in _TONE_WORDS else ""}
        if past:
            msg["past"] = str(past)
        if focus:
            msg["focus"] = int(focus)
        self.msg = msg

    def clear(self) -> None:
        """No message: the box takes no room."""
        self.msg = {"dir": direction()}

    @property
    def value(self) -> str:
        """The message as self-contained HTML (inline styles, the icon inline; '' for none)."""
        msg = self.msg
        if "tone" not in msg:
            return ""
        tone, past = msg["tone"], msg.get("past", "")
        strong = "" if tone == "info" or past else f' style="{_STRONG}"'
        lines = "".join(f"<div>{escape(d)}</div>" for d in msg["details"])
        about = (f'<span class="tutor-msg-about" style="{_ABOUT}">{escape(past)} </span>'
                 if past else "")
        cls, style = ("tutor-msg-past", f";{_PAST}") if past else ("", "")
        return (f'<div class="tutor-msg tutor-msg-{tone}{" " + cls if cls else ""}" '
                f'dir="{msg["dir"]}" role="status" '
                f'aria-live="polite" data-tone="{tone}" data-n="{msg["n"]}" '
                f'style="{_BOX};{_colours(tone)}{style}">{tone_icon(tone, msg["word"])}'
                f'<div class="tutor-msg-body" style="{_BODY}">'
                f'<div{strong}>{about}{escape(msg["text"])}</div>{lines}</div></div>')


def tone_icon(tone: str, word: str | None = None) -> str:
    """The icon of ``tone`` as inline SVG named for screen readers ('' for "info").

    It holds no text, so the box's text stays exactly the message."""
    if tone not in _ICONS:
        return ""
    word = escape(_(_TONE_WORDS[tone]) if word is None else word, quote=True)
    return (f'<svg class="tutor-msg-icon" xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 20 20" width="20" height="20" role="img" aria-label="{word}" '
            f'focusable="false" style="{_ICON}">{_ICONS[tone]}</svg>')


def feedback_box() -> FeedbackBox:
    box = FeedbackBox()
    box.clear()
    box.add_class(FEEDBACK)
    return rtl(box)


def set_feedback(box: FeedbackBox, text: str, tone: str = "info", details: Iterable[str] = (),
                 count: int = 0, *, past: str = "", focus: int = 0) -> None:
    """Show ``text`` in ``box`` (see :meth:`FeedbackBox.show`)."""
    box.show(text, tone, details, count, past=past, focus=focus)
