"""The betting lessons (5 Raising, 6 Special hands, 8 Truc) at the card table in a browser.

Each lesson's tables show the learner's cards; on a phone (390 x 844) no element of the page
leaves the viewport and every button's label is fully shown (the check of test_table_browser.py), before
and after a bet; in English and in Persian (right to left). Every wait is on an explicit mark
(the board's ``data-draw``, the feedback's text), never a sleep.

Screenshots go to ``test-artifacts/betting/``: each lesson at 1280 x 900 and 390 x 844, in
English and Persian.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from shots import full_page
from test_table_browser import assert_fits

from truco import set_language
from widgets import BetLadder

DEFAULT = "mineiro"
# The tables of each lesson, in page order, as the lessons build them.
TABLES = {
    "05_raising": [lambda: BetLadder(DEFAULT, seed=1)],
    "06_special_hands": [lambda: BetLadder("mineiro", score=(10, 0), seed=2),
                         lambda: BetLadder("paulista", players=4, score=(11, 0), seed=5),
                         lambda: BetLadder("paulista", score=(11, 11), seed=6)],
    "08_truc": [lambda: BetLadder("truc", players=4, seed=7)],
}
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}


def tables(page):
    return page.locator(".tutor-bet-table")


def expect_drawn(root, shadow) -> None:
    expect(root.locator(f'.tt[data-draw="{shadow.table.draws}"]')).to_have_count(1)


def expect_cards(root, shadow) -> None:
    cards = root.locator(".tutor-table .tutor-card")
    expect(cards).to_have_count(len(shadow.row.items))
    for i, item in enumerate(shadow.row.items):
        expect(cards.nth(i)).to_be_visible()
        expect(cards.nth(i)).to_have_attribute("aria-label", item["label"])


def expect_feedback(root, shadow) -> None:
    expect(root.locator(".tutor-feedback").first).to_have_text(
        re.compile(r"\s*" + r"\s*".join(re.escape(w) for w in shadow.message.split()) + r"\s*"),
        use_inner_text=True)


def open_betting(tutor_page, name: str, lang: str, size: str):
    width, height = SIZES[size]
    tutor_page.page.set_viewport_size({"width": width, "height": height})
    query = "" if lang == "en" else f"?lang={lang}"
    page = tutor_page.open_lesson(f"tests/browser/fixtures/gallery_{name}.ipynb{query}")
    shadows = [make() for make in TABLES[name]]
    expect(tables(page)).to_have_count(len(shadows))
    for k, shadow in enumerate(shadows):
        root = tables(page).nth(k)
        expect_drawn(root, shadow)
        expect_cards(root, shadow)
    return page, shadows


def first_bet(shadow) -> str:
    """A bet to press in each lesson's first table: raise where the learner may, else play
    the hand of ten."""
    return "raise" if "raise" in shadow.offered else "accept"


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_betting_lessons_show_the_cards_and_fit(tutor_page, name, lang, size):
    set_language(lang)  # the shadows' labels and messages in the page's language
    try:
        page, shadows = open_betting(tutor_page, name, lang, size)
        if lang == "fa":
            expect(page.locator(".tutor-bet-table.tutor-rtl")).to_have_count(len(shadows))
        if size == "phone":
            assert_fits(page, f"{name} {lang}")
        full_page(page, f"betting/{name}-{lang}-{SIZES[size][0]}.png")
        # A bet on the first table: the computer answers, the ladder changes; it still fits.
        root, shadow = tables(page).first, shadows[0]
        action = first_bet(shadow)
        root.get_by_role("button", name=shadow.buttons.buttons[action].description,
                         exact=True).click()
        assert shadow.press(action)
        expect_drawn(root, shadow)
        expect_feedback(root, shadow)
        if size == "phone":
            assert_fits(page, f"{name} {lang} after {action}")
        full_page(page, f"betting/{name}-{lang}-{SIZES[size][0]}-after-{action}.png")
    finally:
        set_language("en")


def test_a_hand_of_the_betting_table_to_its_end_on_a_phone(tutor_page):
    """Lesson 5 on a phone: raise, refuse the computer's Seis, and the end-of-hand summary
    (every hand face up) fits too."""
    page, (shadow,) = open_betting(tutor_page, "05_raising", "en", "phone")
    root = tables(page).first
    for action in ("raise", "refuse"):
        root.get_by_role("button", name=shadow.buttons.buttons[action].description,
                         exact=True).click()
        assert shadow.press(action)
        expect_drawn(root, shadow)
    board = root.locator(".tt.tt-state-summary")
    expect(board).to_have_count(1)
    expect(board.locator('.tt-seat svg[data-card="face"]')).to_have_count(6)
    expect(root.get_by_role("button", name="Next hand", exact=True)).to_be_visible()
    expect(root.locator(".tutor-feedback").first).to_contain_text(
        re.compile(r"You refuse Seis: team B scores 4\."))
    assert_fits(page, "the end of a hand")
    full_page(page, "betting/05_raising-en-390-summary.png")
