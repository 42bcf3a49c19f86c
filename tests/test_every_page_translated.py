"""Every page in every language, driven in plain Python (issue 18): no English left.

Each lesson notebook's code cells run here as Voilà runs them, with the page's language
(``QUERY_STRING=lang=<code>``); then a seeded "learner" clicks what the page offers (buttons,
cards, pickers) for a few dozen steps. Everything the browser would receive (the widgets'
HTML, labels, button texts and tooltips, the pickers' options, the cards' names, the charts'
texts) is read after each step, and the lesson's prose as Voilà's hook translates it.

A page fails when it shows an English word of the English catalog (a word of a msgid of
``truco/locale``, ``widgets/language/locale`` or ``lessons/locale``) that the language's catalogs never use (a word the
translators kept, such as "Truco", "Zap" or "manilha", is fine). The failure lists, for the
translators, the messages the pages looked up that the language's catalog does not translate
(missing, empty, fuzzy, or left in English), with the pages that showed them; the same list is
written to ``test-artifacts/untranslated-<code>.txt``. Until the catalogs are brought up to
date and translated (``python -m widgets.language.i18n update``, then the translation pass), this test
fails and its message is the translators' work list.
"""
from __future__ import annotations

import ast
import random
import re
from functools import lru_cache
from html import unescape
from pathlib import Path

import ipywidgets as W
import nbformat
import pytest
from babel.messages.pofile import read_po

from truco import catalogs as truco_catalogs
from truco import i18n
from truco.i18n import LANGUAGES, set_language
from widgets.language import i18n as widgets_i18n
from widgets.language import prose

REPO = Path(__file__).resolve().parents[1]
ARTIFACTS = REPO / "test-artifacts"
PAGES = sorted(p.stem for p in prose.LESSONS_DIR.glob("*.ipynb"))
TRANSLATED = [code for code in LANGUAGES if code != "en"]
STEPS = 24  # clicks per page
NO_CLICKS = {"index", "teacher"}  # classroom forms: shown, not submitted (no database here)
WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# Game words every catalog may keep as they are (see tests/test_i18n.py, NATIVE_TERMS).
from test_i18n import NATIVE_TERMS  # noqa: E402


# --- the catalogs -------------------------------------------------------------------------------
def _catalog(path: Path, code: str):
    with path.open("rb") as fh:
        return read_po(fh, locale=code)


@lru_cache(maxsize=None)
def catalogs(code: str) -> tuple:
    """``code``'s catalogs: the engine's, the widgets', the lessons' prose."""
    return (_catalog(i18n.TRUCO.po_path(code), code),
            _catalog(widgets_i18n.WIDGETS.po_path(code), code),
            _catalog(prose.LOCALE_DIR / code / "LC_MESSAGES" / f"{prose.DOMAIN}.po", code))


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


@lru_cache(maxsize=None)
def english_words() -> frozenset:
    """Every word of the English msgids (engine, widgets and prose)."""
    found = set()
    for catalog in catalogs("en"):
        for message in catalog:
            for msgid in (message.id if isinstance(message.id, tuple) else (message.id,)):
                if msgid:
                    found |= words(msgid)
    return frozenset(found)


@lru_cache(maxsize=None)
def kept_words(code: str) -> frozenset:
    """The Latin words ``code``'s translations use themselves (names, game words ...)."""
    found = set()
    for catalog in catalogs(code):
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in strings:
                if text and text not in (message.id if isinstance(message.id, tuple)
                                         else (message.id,)):
                    found |= words(text)
    for term in NATIVE_TERMS:
        found |= words(term)
    for other in LANGUAGES:  # the language picker names each language in its own words
        found |= words(i18n.language_name(other))
    return frozenset(found)


def untranslated(code: str, msgid) -> bool:
    """Whether ``code``'s catalog leaves ``msgid`` (a str, or a (singular, plural) pair) in
    English: missing, empty, fuzzy, or the same text where it has English words."""
    engine, views, _prose = catalogs(code)
    message = engine.get(msgid) or views.get(msgid)  # the widgets' domain falls back so
    if message is None or "fuzzy" in message.flags:
        return True
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    if not all(s and s.strip() for s in strings):
        return True
    singular = msgid[0] if isinstance(msgid, tuple) else msgid
    same = strings[0] == singular
    return same and singular not in NATIVE_TERMS and bool(
        re.search(r"[A-Za-z]{3}", PLACEHOLDER.sub("", singular)))


# --- what the browser receives ---------------------------------------------------------------
_ATTR = re.compile(r'\b(?:aria-label|title|alt)="([^"]*)"')


def html_text(value: str) -> str:
    """The text a reader gets from an HTML value: its text and its accessible names."""
    names = " ".join(_ATTR.findall(value))
    value = re.sub(r"<(style|script)\b.*?</\1>", " ", value, flags=re.S | re.I)
    return unescape(re.sub(r"<[^>]+>", " ", value) + " " + names)


def strings_in(state, key="") -> list[str]:
    if isinstance(state, str):
        # codes, not words a reader gets (a feedback's tone and text direction are attributes)
        if key in ("code", "href", "svg", "cls", "here", "variant", "lang_choices", "choices",
                   "tone", "dir"):
            return [html_text(state)] if key == "svg" else []
        if state.startswith("IPY_MODEL_"):  # a child widget's id
            return []
        return [html_text(state) if "<" in state else state]
    if isinstance(state, dict):
        return [t for k, v in state.items()
                if not k.startswith("_") or k == "_options_labels"
                for t in strings_in(v, k)]
    if isinstance(state, (list, tuple)):
        return [t for v in state for t in strings_in(v, key)]
    return []


def walk(widget):
    yield widget
    for child in getattr(widget, "children", ()) or ():
        if isinstance(child, W.Widget):
            yield from walk(child)


def roots(shown) -> list:
    out = []
    for obj in shown:
        root = getattr(obj, "widget", obj)
        if isinstance(root, W.Widget):
            out.append(root)
    return out


def page_text(shown) -> str:
    texts = []
    for root in roots(shown):
        for widget in walk(root):
            layout = getattr(widget, "layout", None)
            if layout is not None and getattr(layout, "display", None) == "none":
                continue
            state = widget.get_state()
            state.pop("layout", None)
            state.pop("style", None)
            texts.extend(strings_in(state))
    return " ".join(" ".join(t.split()) for t in texts if t)


# --- running a page ----------------------------------------------------------------------------
def run_cells(name: str) -> list:
    """Run the notebook's code cells as Voilà does; the values each cell shows."""
    namespace: dict = {"__name__": "__main__"}
    shown = []
    for cell in nbformat.read(prose.LESSONS_DIR / f"{name}.ipynb", as_version=4).cells:
        if cell.cell_type != "code" or not cell.source.strip():
            continue
        tree = ast.parse(cell.source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, f"<{name}>", "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), f"<{name}>", "eval"), namespace)
            if value is not None:
                shown.append(value)
    return shown


def clicks(shown) -> list:
    """What the learner may do now: (kind, widget, argument)."""
    found = []
    for root in roots(shown):
        for widget in walk(root):
            layout = getattr(widget, "layout", None)
            if layout is not None and getattr(layout, "display", None) == "none":
                continue
            if isinstance(widget, W.Button) and not widget.disabled:
                found.append(("button", widget, None))
            elif type(widget).__name__ == "CardRow":
                found.extend(("card", widget, code) for code in sorted(widget.offered))
            elif isinstance(widget, W.Dropdown) and not widget.disabled and widget.options:
                found.append(("pick", widget, None))
    return found


def click(kind, widget, argument, rng) -> None:
    if kind == "button":
        widget.click()
    elif kind == "card":
        widget.pick(argument)
    else:
        values = [v for _label, v in widget.options] if isinstance(widget.options[0], tuple) \
            else list(widget.options)
        widget.value = rng.choice(values)


def visit(name: str, code: str, monkeypatch) -> str:
    """Everything page ``name`` shows in ``code`` while a learner clicks through it."""
    monkeypatch.setenv("QUERY_STRING", f"lang={code}")
    monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE", raising=False)
    set_language(code)
    shown = run_cells(name)
    texts = [page_text(shown)]
    if name not in NO_CLICKS:
        rng = random.Random(f"{name}-{code}")
        picks = 0
        for _step in range(STEPS):
            options = clicks(shown)
            if picks >= 2:  # a few other variants or viras, then the page's own
                options = [o for o in options if o[0] != "pick"] or options
            if not options:
                break
            kind, widget, argument = rng.choice(options)
            picks += kind == "pick"
            click(kind, widget, argument, rng)
            texts.append(page_text(shown))
    for root in roots(shown):
        for widget in walk(root):
            widget.close()
    return " ".join(texts)


def prose_text(name: str, code: str) -> str:
    notebook = prose.translate_notebook(
        nbformat.read(prose.LESSONS_DIR / f"{name}.ipynb", as_version=4), code)
    return " ".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")


class Lookups:
    """The msgids looked up through ``code``'s catalog while pages are built and clicked."""

    def __init__(self, code: str, monkeypatch):
        self.seen: dict = {}
        self.page = ""
        # both code domains: the widgets' (whose misses go on to the engine's) and the engine's
        for translations in (widgets_i18n._translations(code), i18n._translations(code)):
            self._watch(translations, monkeypatch)

    def _watch(self, translations, monkeypatch):
        gettext, ngettext = translations.gettext, translations.ngettext

        def looked_up(message):
            self.seen.setdefault(message, set()).add(self.page)
            return gettext(message)

        def looked_up_plural(singular, plural, n):
            self.seen.setdefault((singular, plural), set()).add(self.page)
            return ngettext(singular, plural, n)

        monkeypatch.setattr(translations, "gettext", looked_up, raising=False)
        monkeypatch.setattr(translations, "ngettext", looked_up_plural, raising=False)


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


@pytest.fixture(scope="module", autouse=True)
def compiled():
    truco_catalogs.compile(i18n.TRUCO)
    widgets_i18n.compile_catalogs()
    prose.compile_all()


def report(code: str, missing: dict, english: dict) -> str:
    lines = [f"{code}: {len(missing)} messages shown untranslated, {len(english)} pages with "
             f"English words.", "", "Messages to translate (msgid, then the pages showing it):"]
    for msgid in sorted(missing, key=lambda m: m if isinstance(m, str) else m[0]):
        shown = ", ".join(sorted(missing[msgid]))
        if isinstance(msgid, tuple):
            lines.append(f"  msgid {msgid[0]!r} / msgid_plural {msgid[1]!r}   [{shown}]")
        else:
            lines.append(f"  msgid {msgid!r}   [{shown}]")
    lines += ["", "English words on the pages (each with where it was first seen):"]
    for page, found in sorted(english.items()):
        lines.append(f"  {page}: {', '.join(sorted(found))}")
        for word, seen in sorted(found.items()):
            lines.append(f"      {word}: ...{seen}...")
    return "\n".join(lines)


def context(text: str, word: str, width: int = 50) -> str:
    match = re.search(rf"(?i)(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", text)
    if match is None:  # pragma: no cover - the word was found in this text
        return word
    start, end = max(0, match.start() - width), match.end() + width
    return "".join(ch for ch in text[start:end] if ch not in i18n.BIDI_CONTROLS)


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_english_on_any_page(code, monkeypatch):
    lookups = Lookups(code, monkeypatch)
    english = {}
    from widgets.steps import progress as step_progress

    for name in PAGES:
        lookups.page = name
        step_progress.reset()  # each page makes its own progress, in its own language
        text = visit(name, code, monkeypatch) + " " + prose_text(name, code)
        found = (words(text) & english_words()) - kept_words(code)
        if found:
            english[name] = {w: context(text, w) for w in found}
    missing = {m: pages for m, pages in lookups.seen.items() if untranslated(code, m)}
    text = report(code, missing, english)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"untranslated-{code}.txt").write_text(text + "\n", encoding="utf-8")
    assert not missing and not english, text


def test_the_check_sees_english():
    """The check itself: an English message on a Persian page is caught."""
    set_language("fa")
    found = (words("بازیکن ۱ It beats 3 cards") & english_words()) - kept_words("fa")
    assert {"beats", "cards"} <= found and "truco" not in found
    assert untranslated("fa", "a message no catalog has")
    assert not untranslated("fa", "New game")
