"""The path through the lessons, the links between them (and each lesson's footer), and the
variant a learner picked on the start page, remembered for the session. The start page itself
is :mod:`.start`.

No rules live here: lessons get every rule from the engine through the other widgets.

How the variant travels. The start page has a picker; every link it draws carries the choice
as ``?variant=<name>``. Voilà hands a page's query string to its kernel (``QUERY_STRING``),
so :func:`session_variant` reads it while the lesson runs, and each lesson's links pass it on.
The browser also keeps the choice in ``sessionStorage`` (this tab, until it is closed): links
drawn on a page opened without ``?variant=`` use the stored choice, and the start page opened
that way shows it again. Names coming from the browser are checked against the engine's
variant names before anything uses them.

The learner's language travels the same way, as ``?lang=<code>`` (checked against
:data:`truco.i18n.LANGUAGES`, kept in ``sessionStorage`` too); a page opened without it uses
the browser's preferred language (see :mod:`widgets.language.session`). The start page offers the
languages by their own names; Persian widgets are drawn right to left.

>>> import os
>>> os.environ["QUERY_STRING"] = "variant=paulista"
>>> session_variant(), session_variant(among=("mineiro", "argentino"))
('paulista', 'mineiro')
>>> os.environ["QUERY_STRING"] = "variant=%3Cscript%3E"
>>> session_variant("argentino")
'argentino'
>>> del os.environ["QUERY_STRING"]
>>> next_lesson("01_ranking"), next_lesson("glossary")
('02_manilhas', None)
>>> lesson_href("03_tricks", "truc")
'/voila/render/lessons/03_tricks.ipynb?variant=truc'
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from urllib.parse import parse_qs, quote

import anywidget
import traitlets

import truco
from truco.i18n import LANGUAGES
from ..language.i18n import N_, _

from ..classroom import session as classroom
from ..ui.common import READY
from ..language.session import (LANG_KEY, LANG_STORAGE_KEY, apply_session_language, direction,
                       requested_language)

__all__ = ["LESSONS", "LessonLinks", "footer", "lesson_href", "lesson_title", "next_lesson",
           "previous_lesson", "session_variant", "variant_menu_label"]

QUERY_KEY = "variant"
STORAGE_KEY = "truco-tutor-variant"
DEFAULT_BASE = "/voila/render/lessons/"
DEFAULT_VARIANT = "mineiro"

# The path: (notebook name without .ipynb, title, one line about it).
LESSONS: tuple[tuple[str, str, str], ...] = (
    ("index", N_("Start here"), N_("What Truco is, and which variant to learn.")),
    ("01_ranking", N_("The deck and the card ranking"),
     N_("Which card beats which, and why a 3 beats a king.")),
    ("02_manilhas", N_("Manilhas and cartas bravas"),
     N_("The few cards above all others: fixed, turned up, or brave.")),
    ("03_tricks", N_("Tricks and hands"),
     N_("Who leads, best of three, and playing with a partner.")),
    ("04_ties", N_("Ties"), N_("Empate, parda, spoiled: what a tied trick means.")),
    ("05_raising", N_("Raising the stakes"),
     N_("Truco!, the ladder of values, refusing, and who may raise next.")),
    ("06_special_hands", N_("Special hands"),
     N_("The hand of ten or eleven, and the iron hand.")),
    ("07_envido_flor", N_("Envido and flor"), N_("The Argentine side bets on your cards.")),
    ("13_uruguay", N_("Muestra, piezas and matas"),
     N_("Uruguay's turned-up card: the piezas, the matas, and envido and flor with them.")),
    ("08_truc", N_("Truc"),
     N_("The French and Catalan game: redeal, spoiled tricks, mon reste, signals.")),
    ("09_play", N_("Play a hand"), N_("A whole game against the computer.")),
    ("play_review", N_("Play and review"),
     N_("Every decision of yours graded after each hand: find a better move.")),
    ("puzzles", N_("Puzzles"), N_("Positions from real hands, by theme: what would you do?")),
    ("10_compare", N_("Variants side by side"), N_("One deal, judged by different rules.")),
    ("11_final_quiz", N_("Final exam"),
     N_("Twenty questions from every lesson, a pass mark, and what to review.")),
    ("12_odds", N_("The odds"),
     N_("Exact chances: manilhas, envido points, flor, the first card of a hand.")),
    ("glossary", N_("Glossary"), N_("Every Truco word the tutor uses, explained once.")),
)
_NAMES = tuple(name for name, _t, _b in LESSONS)
TEACHER_PAGE = "teacher"  # lessons/teacher.ipynb: not on the learners' path
REVIEW_PAGE = "review"  # lessons/review.ipynb: reached from the progress map
LIVE_PAGE = "live"  # lessons/live.ipynb: a class's live lesson, reached from its banner
GUIDE_PAGE = "for_teachers"  # lessons/for_teachers.ipynb: how to run a live lesson
_OFF_PATH = (TEACHER_PAGE, REVIEW_PAGE, LIVE_PAGE, GUIDE_PAGE)


# --- the learner's variant -------------------------------------------------------------------
def requested_variant() -> str | None:
    """The variant named in this page's query string (``?variant=...``), if it is a real one."""
    query = os.environ.get("QUERY_STRING", "")
    values = parse_qs(query[:500]).get(QUERY_KEY, [])
    name = values[-1].strip().lower() if values else ""
    return name if name in truco.VARIANT_NAMES else None


def session_variant(default: str = DEFAULT_VARIANT, among: Iterable[str] | None = None) -> str:
    """The variant this lesson should use: the learner's choice, when it is one of ``among``
    (every variant by default), else ``default``."""
    chosen = requested_variant()
    allowed = tuple(truco.VARIANT_NAMES if among is None else among)
    return chosen if chosen is not None and chosen in allowed else default


def variant_title(name: str) -> str:
    return _(truco.variant(name).title)


# Variants whose title already says where they are played (Truco Argentino: Argentina), or
# whose "region" is not a place (Sackson's rules, the Plato app): their menu label is the
# title alone. Every other variant (and any new one) shows its region after a dash.
_TITLE_SAYS_WHERE = frozenset({"argentino", "uruguayo", "truc", "truc-sackson", "truc-catalan",
                               "plato"})


def variant_menu_label(name: str) -> str:
    """The start page's label of a variant, naming it once: 'Truc (French)', or
    'Truco Mineiro — Minas Gerais, Brazil' where the region adds something."""
    if name in _TITLE_SAYS_WHERE:
        return variant_title(name)
    return _("{title} — {region}").format(title=variant_title(name),
                                         region=_(truco.variant(name).region))


# --- the path --------------------------------------------------------------------------------
def _index(name: str) -> int:
    if name not in _NAMES:
        raise ValueError(f"unknown lesson {name!r}; lessons: {', '.join(_NAMES)}")
    return _NAMES.index(name)


def next_lesson(name: str) -> str | None:
    i = _index(name)
    return _NAMES[i + 1] if i + 1 < len(_NAMES) else None


def previous_lesson(name: str) -> str | None:
    i = _index(name)
    return _NAMES[i - 1] if i > 0 else None


def lesson_title(name: str, numbered: bool = True) -> str:
    i = _index(name)
    title = _(LESSONS[i][1])
    return _("{n}. {title}").format(n=i, title=title) if numbered and i else title


def _base() -> str:
    """The folder URL the lessons are served from (taken from this page's own URL in Voilà)."""
    script = os.environ.get("SCRIPT_NAME", "")
    if script.endswith(".ipynb") and "/" in script:
        return script.rsplit("/", 1)[0] + "/"
    return DEFAULT_BASE


def lesson_href(name: str, variant: str | None = None) -> str:
    """The address of lesson ``name``, carrying ``variant`` along when given, and the
    learner's class token when this page belongs to a class (see :mod:`widgets.classroom`)."""
    if name not in _OFF_PATH:
        _index(name)
    href = _base() + quote(name) + ".ipynb"
    query = []
    session = classroom.current() if name != TEACHER_PAGE else None
    if session is not None:
        query.append(classroom.LEARNER_KEY + "=" + quote(session.token))
    if variant:
        query.append(QUERY_KEY + "=" + quote(variant))
    return href + ("?" + "&".join(query) if query else "")


# --- links drawn in the browser --------------------------------------------------------------
_LINKS_ESM = r"""
const KEY = "__KEY__";
const QUERY = "__QUERY__";
const LANG_KEY = "__LANG_KEY__";
const LANG_QUERY = "__LANG_QUERY__";

function sessionLang(model) {
  // This page's ?lang= (checked by Python) is remembered; without one, the stored choice.
  const choices = Array.isArray(model.get("lang_choices")) ? model.get("lang_choices") : [];
  const lang = String(model.get("lang") || "");
  if (lang && choices.includes(lang)) {
    try { window.sessionStorage.setItem(LANG_KEY, lang); } catch (err) { /* ignore */ }
    return lang;
  }
  try {
    const stored = window.sessionStorage.getItem(LANG_KEY);
    return choices.includes(stored) ? stored : "";
  } catch (err) {
    return "";
  }
}

function readStored(choices) {
  try {
    const value = window.sessionStorage.getItem(KEY);
    return choices.includes(value) ? value : "";
  } catch (err) {
    return "";  // storage blocked: links simply carry no variant
  }
}

function render({ model, el }) {
  const nav = document.createElement("nav");
  nav.className = "tutor-nav";
  el.appendChild(nav);
  let asked = false;

  function draw() {
    const choices = Array.isArray(model.get("choices")) ? model.get("choices") : [];
    let variant = String(model.get("variant") || "");
    let fromStorage = false;
    if (variant && choices.includes(variant)) {
      try { window.sessionStorage.setItem(KEY, variant); } catch (err) { /* ignore */ }
    } else {
      variant = readStored(choices);
      fromStorage = Boolean(variant);
      if (variant && model.get("restore") && !asked) {
        asked = true;  // the start page: ask Python (which checks the name) to show it
        model.send({ type: "restore", variant: variant });
      }
    }
    const lang = sessionLang(model);
    nav.setAttribute("dir", String(model.get("dir") || "ltr"));
    nav.setAttribute("aria-label", String(model.get("label") || ""));
    nav.classList.toggle("tutor-nav-path", Boolean(model.get("ordered")));
    const list = document.createElement(model.get("ordered") ? "ol" : "ul");
    const links = Array.isArray(model.get("links")) ? model.get("links") : [];
    for (const link of links) {
      const item = document.createElement("li");
      const a = document.createElement("a");
      let href = String(link.href || "");
      if (variant) href += (href.includes("?") ? "&" : "?") + QUERY + "=" + encodeURIComponent(variant);
      if (lang && !link.lang) href += (href.includes("?") ? "&" : "?") + LANG_QUERY + "=" + encodeURIComponent(lang);
      if (link.lang) a.setAttribute("lang", String(link.lang).replace("_", "-"));
      a.href = href;
      a.className = "tutor-link " + String(link.cls || "");
      a.textContent = String(link.text || "");
      if (link.current) a.setAttribute("aria-current", "page");
      item.appendChild(a);
      if (link.blurb) {
        const blurb = document.createElement("span");
        blurb.className = "tutor-link-blurb";
        blurb.textContent = String(link.blurb);
        item.appendChild(blurb);
      }
      list.appendChild(item);
    }
    const parts = [list];
    const note = String(model.get("note") || "");
    if (note) {
      const p = document.createElement("p");
      p.className = "tutor-nav-note";
      p.textContent = note;
      parts.unshift(p);
    }
    const here = String(model.get("here") || "");
    const titles = model.get("titles") || {};
    if (fromStorage && here && !model.get("restore")) {
      // Opened without ?variant= although the learner picked one: offer it, never force it.
      const p = document.createElement("p");
      p.className = "tutor-nav-note";
      const a = document.createElement("a");
      a.className = "tutor-link tutor-switch";
      a.href = here + (here.includes("?") ? "&" : "?") + QUERY + "=" +
        encodeURIComponent(variant) +
        (lang ? "&" + LANG_QUERY + "=" + encodeURIComponent(lang) : "");
      a.textContent = String(model.get("switch_text") || "").replace(
        "{variant}", String(titles[variant] || variant));
      p.appendChild(a);
      parts.unshift(p);
    }
    nav.replaceChildren(...parts);
  }

  const names = ["links", "variant", "choices", "note", "label", "ordered", "here", "titles",
                 "switch_text", "lang", "lang_choices", "dir"];
  for (const name of names) model.on(`change:${name}`, draw);
  draw();
  return () => { for (const name of names) model.off(`change:${name}`, draw); };
}

export default { render };
""".replace("__KEY__", STORAGE_KEY).replace("__QUERY__", QUERY_KEY).replace(
    "__LANG_KEY__", LANG_STORAGE_KEY).replace("__LANG_QUERY__", LANG_KEY)

_LINKS_CSS = r"""
.tutor-nav { margin: 0.8rem 0 0.4rem; font-size: 1rem; line-height: 1.5; }
.tutor-nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 0.6rem; padding: 0;
  margin: 0; }
.tutor-nav ol { padding-left: 0; margin: 0; list-style: none; counter-reset: none; }
.tutor-nav-path ol li { padding: 0.35rem 0; border-bottom: 1px solid var(--tutor-line, #e3e6ea); }
.tutor-nav-path ol li:last-child { border-bottom: none; }
.tutor-nav a.tutor-link { color: var(--tutor-accent, #1864ab); font-weight: 600; text-decoration: none; }
.tutor-nav a.tutor-link:hover, .tutor-nav a.tutor-link:focus-visible {
  text-decoration: underline; }
.tutor-nav a.tutor-link:focus-visible { outline: 3px solid var(--tutor-accent, #1864ab); outline-offset: 2px; }
.tutor-nav ul a.tutor-link { display: inline-block; padding: 0.45rem 0.9rem;
  border: 1px solid var(--tutor-accent, #1864ab); border-radius: 6px; background: var(--tutor-surface, #fff); }
.tutor-nav ul a.tutor-next { background: var(--tutor-accent, #1864ab); color: var(--tutor-on-accent, #fff); }
.tutor-nav a[aria-current="page"] { color: var(--tutor-ink, #1b1b1b); }
.tutor-nav .tutor-link-blurb { display: block; color: var(--tutor-ink-muted, #495057); font-size: 0.92rem; }
.tutor-nav .tutor-nav-note { color: var(--tutor-ink-muted, #495057); margin: 0 0 0.5rem; }
"""


class LessonLinks(anywidget.AnyWidget):
    """Links to lessons, drawn in the browser so they can carry the learner's variant.

    ``links`` are dicts with ``href``, ``text``, ``cls`` and optional ``blurb``/``current``;
    ``variant`` is added to each as ``?variant=``. With ``restore`` (the start page), a page
    opened without a variant asks for the one stored in the browser: ``on_restore(name)``
    is called only with one of :data:`truco.VARIANT_NAMES`. A lesson (``here`` is its own
    address) opened without a variant offers a link to itself with the stored one.
    """

    _esm = _LINKS_ESM
    _css = _LINKS_CSS

    links = traitlets.List(traitlets.Dict()).tag(sync=True)
    variant = traitlets.Unicode("").tag(sync=True)
    choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    note = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    ordered = traitlets.Bool(False).tag(sync=True)
    restore = traitlets.Bool(False).tag(sync=True)
    here = traitlets.Unicode("").tag(sync=True)  # this lesson's address, to offer the variant
    titles = traitlets.Dict().tag(sync=True)
    switch_text = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("").tag(sync=True)  # this page's ?lang=, passed on by the links
    lang_choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    dir = traitlets.Unicode("ltr").tag(sync=True)

    def __init__(self, links, variant: str | None = None, *, on_restore=None, **kwargs):
        apply_session_language()
        kwargs.setdefault("lang", requested_language() or "")
        kwargs.setdefault("dir", direction())
        super().__init__(links=list(links), variant=variant or "", lang_choices=list(LANGUAGES),
                         choices=list(truco.VARIANT_NAMES),
                         titles={n: variant_title(n) for n in truco.VARIANT_NAMES},
                         switch_text=_("You picked {variant}: show this lesson with it"),
                         **kwargs)
        self.on_restore = on_restore
        self.on_msg(self._on_custom_msg)

    def _on_custom_msg(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict) or content.get("type") != "restore":
            return
        name = content.get("variant")
        if not self.restore or not isinstance(name, str) or name not in truco.VARIANT_NAMES:
            return
        if self.on_restore is not None:
            self.on_restore(name)


def _link(name: str, text: str, cls: str, blurb: str = "", current: bool = False) -> dict:
    return {"href": lesson_href(name), "text": text, "cls": cls, "blurb": blurb,
            "current": current}


def show_live_banner() -> None:
    """In a class, a banner above the page's links while the class has a live lesson running
    (it looks again every few seconds), linking into it."""
    try:
        from ..classroom.live_banner import live_banner

        banner = live_banner(lesson_href(LIVE_PAGE))
    except Exception:  # a database that cannot be read: no banner, the page works
        return
    if banner is not None:
        from IPython.display import display

        display(banner.widget)


def footer(lesson: str) -> LessonLinks:
    """The end of a lesson: "next lesson" (when there is one), "previous", "back to the start"."""
    apply_session_language()
    if lesson not in _OFF_PATH:
        classroom.visited(lesson)  # in a class: this learner is on this lesson now
    if lesson not in (TEACHER_PAGE, LIVE_PAGE):
        show_live_banner()
    links = []
    if lesson in _OFF_PATH:
        after = before = None
    else:
        after, before = next_lesson(lesson), previous_lesson(lesson)
    if after is not None:
        links.append(_link(after, _("Next lesson: {title} →").format(
            title=lesson_title(after)), "tutor-next"))
    if before is not None and before != "index":
        links.append(_link(before, _("← Previous: {title}").format(
            title=lesson_title(before)), "tutor-previous"))
    links.append(_link("index", _("Back to the start"), "tutor-home"))
    chosen = requested_variant()
    note = ""
    if chosen is not None:
        note = _("You are learning {variant}. Pick another on the start page.").format(
            variant=variant_title(chosen))
    nav = LessonLinks(links, chosen, note=note, label=_("Lessons"), here=lesson_href(lesson))
    nav.add_class("tutor-footer")
    nav.add_class(READY)  # a page whose only widget is its links (the glossary) is ready too
    return nav
