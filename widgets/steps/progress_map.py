"""The progress map on the start page: every lesson of the path as a card with its number,
title, blurb and the learner's stars ("★★☆", "Not started", "In progress: 3 steps passed"),
a "Continue" link to the first unfinished lesson, the review with how many items are due
today, the exam's best result, and "Start over" (with a confirmation step).

Display only: every number is computed in Python from the learner's progress
(:mod:`.progress`); the browser draws the cards and adds ``?variant=`` and ``?lang=`` to the
links, as :class:`widgets.pages.links.LessonLinks` does (the map is one, with its own drawing).
"""
from __future__ import annotations

from html import escape

import ipywidgets as W
import traitlets

from ..language.i18n import _, ngettext

from ..ui.common import feedback_box, rtl, set_feedback
from ..pages.links import _LINKS_ESM, LESSONS, LessonLinks, lesson_href, lesson_title

__all__ = ["ProgressMap", "StartOver", "lesson_status", "map_links", "stars_text", "EXAM"]

EXAM = "11_final_quiz"
NOT_STEPS = ("glossary",)  # pages of the path without steps or stars


def stars_text(stars: int) -> str:
    """>>> stars_text(2)
    '★★☆'
    """
    return "★" * stars + "☆" * (3 - stars)


def lesson_status(name: str, stars: int | None, passed: int) -> tuple[str, str, str]:
    """(text, aria label, css class) of a lesson's state on the map."""
    if name in NOT_STEPS:
        return "", "", ""
    if stars:
        label = ngettext("{n} of 3 stars", "{n} of 3 stars", stars).format(n=stars)
        if name == EXAM:
            label = _("Best result: {stars}").format(stars=label)
        return stars_text(stars), label, "tutor-map-done"
    if passed:
        text = ngettext("In progress: {n} step passed", "In progress: {n} steps passed",
                        passed).format(n=passed)
        return text, text, "tutor-map-started"
    return _("Not started"), _("Not started"), "tutor-map-new"


def map_links(progress, day: int, links_before: list[dict]) -> tuple[list[dict], list[dict]]:
    """The map's cards (``links_before``: the path's links, one per lesson after the start
    page, with the classroom's ticks) and its actions (continue, review)."""
    stars = progress.all_stars() if hasattr(progress, "all_stars") else {
        name: progress.stars(name) for name, _t, _b in LESSONS if progress.stars(name)}
    passed = progress.all_passed() if hasattr(progress, "all_passed") else {
        name: progress.passed(name) for name, _t, _b in LESSONS}
    cards, first_open = [], None
    for (name, _title, _blurb), link in zip(LESSONS[1:], links_before):
        text, label, cls = lesson_status(name, stars.get(name), len(passed.get(name) or {}))
        card = dict(link, status=text, status_label=label,
                    cls=link["cls"] + (" " + cls if cls else "")
                    + (" tutor-map-exam" if name == EXAM else ""))
        if name == EXAM:
            card["badge"] = _("Exam")
        cards.append(card)
        if first_open is None and name not in NOT_STEPS and not stars.get(name):
            first_open = name
    actions = []
    if first_open is not None:
        started = any(passed.values()) or bool(stars)
        words = (_("Continue: {title}") if started else _("Start: {title}")).format(
            title=lesson_title(first_open))
        actions.append({"href": lesson_href(first_open), "text": words,
                        "cls": "tutor-map-continue"})
    due = len(progress.due(day))
    review = (ngettext("Review: {n} due today", "Review: {n} due today", due).format(n=due)
              if due else _("Review: nothing due today"))
    actions.append({"href": lesson_href("review"), "text": review,
                    "cls": "tutor-map-review" + (" tutor-map-due" if due else "")})
    return cards, actions


_MAP_ESM = _LINKS_ESM.replace("function render({ model, el }) {", r"""
function drawMap(model, nav, variant, lang) {
  function withQuery(href, skipLang) {
    if (variant) href += (href.includes("?") ? "&" : "?") + "variant=" + encodeURIComponent(variant);
    if (lang && !skipLang) href += (href.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(lang);
    return href;
  }
  const parts = [];
  const actions = document.createElement("div");
  actions.className = "tutor-map-actions";
  for (const act of (Array.isArray(model.get("actions")) ? model.get("actions") : [])) {
    const a = document.createElement("a");
    a.className = "tutor-map-action " + String(act.cls || "");
    a.href = withQuery(String(act.href || ""), false);
    a.textContent = String(act.text || "");
    actions.appendChild(a);
  }
  parts.push(actions);
  const list = document.createElement("ol");
  list.className = "tutor-map-list";
  for (const link of (Array.isArray(model.get("links")) ? model.get("links") : [])) {
    const item = document.createElement("li");
    item.className = "tutor-map-card " + String(link.cls || "");
    const a = document.createElement("a");
    a.className = "tutor-link " + String(link.cls || "");
    a.href = withQuery(String(link.href || ""), false);
    a.textContent = String(link.text || "");
    if (link.badge) {
      const b = document.createElement("span");
      b.className = "tutor-map-badge";
      b.textContent = String(link.badge);
      item.appendChild(b);
    }
    item.appendChild(a);
    if (link.blurb) {
      const blurb = document.createElement("span");
      blurb.className = "tutor-link-blurb";
      blurb.textContent = String(link.blurb);
      item.appendChild(blurb);
    }
    if (link.status) {
      const st = document.createElement("span");
      st.className = "tutor-map-status";
      st.textContent = String(link.status);
      st.setAttribute("aria-label", String(link.status_label || link.status));
      st.setAttribute("role", "img");
      item.appendChild(st);
    }
    list.appendChild(item);
  }
  parts.push(list);
  nav.replaceChildren(...parts);
}

function render({ model, el }) {""").replace(
    "    nav.replaceChildren(...parts);\n  }",
    "    if (model.get(\"map\")) drawMap(model, nav, variant, lang);\n"
    "    else nav.replaceChildren(...parts);\n  }").replace(
    '"switch_text", "lang", "lang_choices", "dir"]',
    '"switch_text", "lang", "lang_choices", "dir", "actions", "map"]')

assert "drawMap(model, nav" in _MAP_ESM and '"actions", "map"]' in _MAP_ESM

_MAP_CSS = r"""
.tutor-map-actions { display: flex; flex-wrap: wrap; gap: 0.6rem; margin: 0 0 0.9rem; }
.tutor-map-action { display: inline-block; padding: 0.6rem 1rem; min-height: 44px;
  box-sizing: border-box; border-radius: 8px; font-weight: 600; text-decoration: none;
  border: 1px solid var(--tutor-accent, #1864ab); color: var(--tutor-accent, #1864ab); background: var(--tutor-surface, #fff);
  max-width: 100%; }
.tutor-map-action.tutor-map-continue { background: var(--tutor-accent, #1864ab); color: var(--tutor-on-accent, #fff); }
.tutor-map-action.tutor-map-due { border-color: #b35900; color: #7a3d00; background: #fff4e6; }
.tutor-map-action:focus-visible { outline: 3px solid var(--tutor-accent, #1864ab); outline-offset: 2px; }
.tutor-nav ol.tutor-map-list { display: grid; gap: 0.6rem; padding: 0; margin: 0;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 17rem), 1fr)); }
.tutor-map-card { border: 1px solid var(--tutor-line, #dee2e6); border-radius: 8px; padding: 0.6rem 0.8rem;
  background: var(--tutor-surface, #fff); display: flex; flex-direction: column; gap: 0.2rem; min-width: 0;
  overflow-wrap: anywhere; }
.tutor-map-card.tutor-map-done { border-color: #8fc79a; background: var(--tutor-done-bg, #f3faf4); }
.tutor-map-card.tutor-map-started { border-color: #74a9d8; }
.tutor-map-status { font-size: 0.95rem; color: var(--tutor-ink-muted, #495057); }
.tutor-map-done .tutor-map-status { color: var(--tutor-star-on-done, #b8860b); font-size: 1.25rem; letter-spacing: 0.1em; }
.tutor-map-badge { align-self: flex-start; font-size: 0.8rem; font-weight: 700;
  text-transform: uppercase; color: var(--tutor-violet, #5f3dc4); }
.tutor-map-exam { border-width: 2px; }
"""


class ProgressMap(LessonLinks):
    """The map (a :class:`LessonLinks` drawn as cards): ``links`` are the lesson cards
    (``status``, ``status_label`` and ``badge`` besides a link's fields), ``actions`` the
    continue and review links."""

    _esm = _MAP_ESM
    _css = _MAP_CSS + "\n" + LessonLinks._css

    actions = traitlets.List(traitlets.Dict()).tag(sync=True)
    map = traitlets.Bool(True).tag(sync=True)


class StartOver:
    """"Start over" with a confirmation step: ``ask()`` shows the question, ``confirm()``
    forgets the learner's progress (``progress.forget()``) and calls ``after()``."""

    def __init__(self, progress, after):
        self.progress, self.after = progress, after
        self.button = W.Button(description=_("Start over"),
                               layout=W.Layout(width="auto", min_height="44px"))
        self.button.add_class("tutor-start-over")
        self.button.on_click(lambda _b: self.ask())
        self.yes = W.Button(description=_("Yes, forget my progress"), button_style="danger",
                            layout=W.Layout(width="auto", min_height="44px"))
        self.yes.add_class("tutor-start-over-yes")
        self.yes.on_click(lambda _b: self.confirm())
        self.no = W.Button(description=_("Cancel"),
                           layout=W.Layout(width="auto", min_height="44px"))
        self.no.on_click(lambda _b: self.cancel())
        self.question = W.HTML()
        self.confirm_box = W.HBox([self.yes, self.no], layout=W.Layout(flex_flow="row wrap"))
        self.confirm_box.layout.display = "none"
        self.feedback = feedback_box()
        self.asked = False
        self.message = ""
        self.widget = W.VBox([self.button, self.question, self.confirm_box, self.feedback])
        self.widget.add_class("tutor-start-over-box")
        rtl(self.widget)

    def ask(self) -> None:
        self.asked = True
        self.question.value = "<p>" + escape(_(
            "Start over? This forgets your stars, your finished steps and your review on this "
            "device. It cannot be undone.")) + "</p>"
        self.confirm_box.layout.display = None

    def cancel(self) -> None:
        self.asked = False
        self.question.value = ""
        self.confirm_box.layout.display = "none"

    def confirm(self) -> bool:
        if not self.asked:  # a forged click on the hidden button: ask first
            self.ask()
            return False
        self.cancel()
        try:
            self.progress.forget()
        except Exception:
            self._say(_("Your progress could not be forgotten now: the progress database is "
                        "not reachable. Try again in a moment."), "error")
            return False
        self._say(_("Your progress is forgotten: a fresh start."), "right")
        self.after()
        return True

    def _say(self, text: str, tone: str) -> None:
        self.message = text
        set_feedback(self.feedback, text, tone)
