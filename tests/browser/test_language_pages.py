"""The tutor in the learner's language, in a real browser: the start page and two lessons
rendered with ``?lang=pt_BR`` and ``?lang=fa``.

Checked: no English message of the catalogs (a msgid, or a literal piece of one between its
placeholders or its Markdown marks, longer than 12 characters, whose translation differs from
it) is left in the visible text of the page: the widgets (``truco/locale``) and the lessons'
prose (``lessons/locale``, shown translated by Voilà's prelaunch hook, widgets.language.prose). Persian
widgets and prose are right to left.
"""
from __future__ import annotations

import re
from functools import lru_cache

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import expect

from truco.i18n import LANGUAGES, LOCALE_DIR, language_name
from widgets.language.i18n import LOCALE_DIR as WIDGETS_LOCALE_DIR
from widgets.language import prose

PAGES = ("index", "01_ranking", "03_tricks")
MIN_LENGTH = 12
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# Markdown's marks in the prose's msgids: what separates the pieces a reader sees.
MARKDOWN = re.compile(r"\*\*|\*|\||\n|\[|\]\([^)]*\)|^#+ |^\s*- |^\s*\d+\. |-{3,}", re.M)
WIDGET_TEXT = ".tutor-widget, .tutor-feedback, .tutor-nav"
PROSE = ".jp-MarkdownOutput, .jp-RenderedMarkdown"


def words(text: str) -> str:
    return " ".join(text.split())


def pieces_left_over(path, code: str, separators) -> set[str]:
    """The English pieces of the catalog at ``path`` that must not show in ``code``: the
    literal pieces of each msgid longer than MIN_LENGTH, unless the translation keeps them
    (names such as "Minas Gerais")."""
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=code)
    found = set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        strings = message.string if isinstance(message.string, (tuple, list)) \
            else (message.string,)
        translated = " ".join(words(s) for s in strings)
        for msgid in ids:
            for piece in separators.split(msgid):
                piece = words(piece)
                if len(piece) > MIN_LENGTH and piece not in translated:
                    found.add(piece)
    return found


@lru_cache(maxsize=None)
def english_left_over(code: str) -> tuple[str, ...]:
    """English that must not show in the widgets in ``code``: from the engine's catalog and
    the widgets' own (issue 19: two domains, the widgets' falling back to the engine's)."""
    return tuple(sorted(pieces_left_over(LOCALE_DIR / code / "LC_MESSAGES" / "truco.po",
                                         code, PLACEHOLDER)
                        | pieces_left_over(WIDGETS_LOCALE_DIR / code / "LC_MESSAGES"
                                           / "widgets.po", code, PLACEHOLDER)))


@lru_cache(maxsize=None)
def english_prose_left_over(code: str) -> tuple[str, ...]:
    """English that must not show in the lessons' prose in ``code``."""
    path = prose.LOCALE_DIR / code / "LC_MESSAGES" / f"{prose.DOMAIN}.po"
    return tuple(sorted(pieces_left_over(path, code, MARKDOWN)))


def visible_widget_text(page) -> str:
    texts = page.locator(WIDGET_TEXT).evaluate_all(
        "els => els.filter(e => e.offsetParent !== null).map(e => e.innerText)")
    return words(" ".join(texts))


def visible_prose_text(page) -> str:
    return words(" ".join(page.locator(PROSE).all_inner_texts()))


def open_in(open_lesson, name: str, code: str, gallery: bool = False):
    """Open lesson ``name`` (or, with ``gallery``, the widgets it showed before lessons became
    steps: tests/browser/fixtures/gallery_<name>.ipynb) in language ``code``."""
    folder = "tests/browser/fixtures/gallery_" if gallery else "lessons/"
    page = open_lesson(f"{folder}{name}.ipynb?lang={code}")
    # the page is ready when its last widget (the links) is drawn
    expect(page.locator(".tutor-nav a").first).to_be_visible(timeout=30_000)
    return page


@pytest.mark.parametrize("code", ["pt_BR", "fa"])
@pytest.mark.parametrize("name", PAGES)
def test_no_english_left_on_the_page(open_lesson, name, code):
    page = open_in(open_lesson, name, code)
    text = visible_widget_text(page)
    assert len(text) > 40, text
    left = [piece for piece in english_left_over(code) if piece in text]
    assert not left, f"{name} in {code}: English left in the widgets: {left}\n{text}"
    assert page.evaluate("document.documentElement.lang") == code.replace("_", "-")
    prose_text = visible_prose_text(page)
    assert len(prose_text) > 100, prose_text
    left = [piece for piece in english_prose_left_over(code) if piece in prose_text]
    assert not left, f"{name} in {code}: English left in the prose: {left}\n{prose_text}"
    # the links carry the language on to the next page
    hrefs = page.locator(".tutor-nav a.tutor-link:not(.tutor-language)").evaluate_all(
        "els => els.map(a => a.getAttribute('href'))")
    assert hrefs and all(f"lang={code}" in h for h in hrefs), hrefs
    rtl = code == "fa"
    directions = page.locator(".tutor-widget").evaluate_all(
        "els => els.map(e => getComputedStyle(e).direction)")
    assert directions and set(directions) == {"rtl" if rtl else "ltr"}, directions
    paragraphs = page.locator(".jp-RenderedMarkdown p, .jp-RenderedMarkdown li").evaluate_all(
        "els => els.map(e => [getComputedStyle(e).direction, e.innerText.slice(0, 60)])")
    assert paragraphs, "no prose"
    wrong = [text for direction, text in paragraphs if direction != ("rtl" if rtl else "ltr")]
    assert not wrong, wrong
    if rtl:
        assert page.locator(".tutor-msg:not([dir='rtl'])").count() == 0
        # a message, or (a lesson of steps, before any answer) the step's idea
        assert page.locator(".tutor-msg[dir='rtl'], .tutor-step-text[dir='rtl']").count() >= 1
        assert page.locator("nav.tutor-nav:not([dir='rtl'])").count() == 0
        # cards stay readable: every card image is drawn, none mirrored or squashed
        for box in page.locator(".tutor-widget svg").evaluate_all(
                "els => els.map(e => e.getBoundingClientRect().width)"):
            assert box > 0


def test_start_page_offers_the_languages_by_their_own_names(open_lesson):
    page = open_in(open_lesson, "index", "pt_BR")
    links = page.locator("a.tutor-language")
    expect(links).to_have_count(len(LANGUAGES))
    assert [words(t) for t in links.all_inner_texts()] == [language_name(c) for c in LANGUAGES]
    expect(page.locator("a.tutor-language[aria-current='page']")).to_have_text(
        language_name("pt_BR"))
    # picking Persian: the start page again, right to left, then the choice holds in a lesson
    page.locator("a.tutor-language[lang='fa']").click()
    page.wait_for_url(re.compile(r"lang=fa"))
    expect(page.locator(".tutor-widget.tutor-rtl").first).to_be_visible(timeout=60_000)
    expect(page.locator("a.tutor-lesson").first).to_be_visible(timeout=30_000)
    page.locator("a.tutor-lesson").first.click()
    page.wait_for_url(re.compile(r"01_ranking\.ipynb\?.*lang=fa"))
    expect(page.locator(".tutor-widget.tutor-rtl").first).to_be_visible(timeout=60_000)


def test_browser_language_is_the_default(browser, voila_server):
    """Without ?lang=, the browser's preferred language (Accept-Language) is used."""
    context = browser.new_context(locale="pt-BR")
    try:
        page = context.new_page()
        page.goto(f"{voila_server}voila/render/lessons/03_tricks.ipynb")
        step = page.locator(".tutor-widget.tutor-step").first
        expect(step).to_be_visible(timeout=60_000)
        from truco.i18n import set_language
        from widgets.language.i18n import _
        set_language("pt_BR")
        try:
            prompt = _("Which card wins this trick? Click it, or Tie if nobody wins it.")
        finally:
            set_language("en")
        assert prompt != "Which card wins this trick? Click it, or Tie if nobody wins it."
        expect(step).to_contain_text(prompt)
    finally:
        context.close()


# --- issue 18: Persian that reads right ---------------------------------------------------------
# In the first text node under ``selector`` that holds ``needle``: [left, top] of each of its
# characters (Range.getClientRects: where the browser drew it).
_GLYPH_BOXES = """([selector, needle]) => {
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.data.indexOf(needle);
      if (at < 0) continue;
      const boxes = [];
      for (let i = 0; i < needle.length; i++) {
        const range = document.createRange();
        range.setStart(node, at + i);
        range.setEnd(node, at + i + 1);
        const rect = range.getClientRects()[0];
        boxes.push(rect ? [rect.left, Math.round(rect.top)] : null);
      }
      return boxes;
    }
  }
  return null;
}"""


def commons_order() -> str:
    """The engine's ranking chain of Truco Mineiro's common cards: '3 > 2 > A > K ...'."""
    import truco
    from truco.verdicts import commons_rule

    text = commons_rule(truco.variant("mineiro"))  # English: no isolates around the chain
    return re.search(r"rank (.+?);", text).group(1)


def test_persian_ranking_chain_reads_left_to_right(open_lesson):
    """The chain '3 > 2 > A > K > Q > J > 7 > 6 > 5 > 4' inside a Persian sentence is drawn
    as one left-to-right piece: each card's rank to the right of the stronger one before it
    (before issue 18, 'A ... 4' ran left to right while '3' and '2' sat on its right in
    reverse, with mirrored '>')."""
    page = open_in(open_lesson, "01_ranking", "fa", gallery=True)
    cards = page.locator(".tutor-widget .tutor-card")
    cards.nth(cards.count() - 2).click()  # a 4: explained against the 5 above it
    order = commons_order().replace(" ", "\u00a0")  # a short chain is kept on one line
    feedback = ".tutor-widget .tutor-feedback"
    expect(page.locator(feedback).first).to_contain_text(order, timeout=15_000)
    boxes = page.evaluate(_GLYPH_BOXES, [feedback, order])
    assert boxes and all(boxes), boxes
    ranks = [(ch, box) for ch, box in zip(order, boxes) if ch not in " \u00a0>="]
    for (a, (left_a, line_a)), (b, (left_b, line_b)) in zip(ranks, ranks[1:]):
        if line_a == line_b:  # (a chain broken over two lines goes on at the next line's start)
            assert left_a < left_b, f"{a} is drawn right of {b}: {ranks}"
    # the '>' signs point at the weaker card: not mirrored, so each stands between its cards
    signs = [box for ch, box in zip(order, boxes) if ch == ">"]
    assert len(signs) == len(ranks) - 1
    for (_a, (left_a, line_a)), sign, (_b, (left_b, line_b)) in zip(ranks, signs, ranks[1:]):
        if line_a == line_b == sign[1]:
            assert left_a < sign[0] < left_b


