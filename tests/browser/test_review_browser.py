"""The review of one's own hand, in a real browser (issue 36): a hand is played on the Play
and review table with a blunder planted by the test (the learner holds the three best cards of
Truco Mineiro and goes to the deck at once); the review opens by itself, asks for a better move,
a first try is not good enough, a second is; the next day (a server started with tomorrow's
TRUCO_TODAY) the same position comes back in the review deck as a puzzle. Screenshots of the
review at 1280x900 and 390x844, in English and Persian, and of the Play and review and the
puzzle pages, go to test-artifacts/.
"""
from __future__ import annotations

import datetime as dt
import re

from playwright.sync_api import expect

from widgets.classroom.store import SQLiteStore

from conftest import ARTIFACTS, TutorPage, stop_voila
from layout import assert_fits
from test_progress_browser import server, wait_for

DAY = dt.date(2031, 5, 6)
STORAGE = "truco-tutor-learner"
PLANTED = "tests/browser/fixtures/planted_review.ipynb"


def said(box, text: str, tone: str) -> None:
    expect(box.locator(".tutor-feedback").first.locator(
        f'.tutor-msg[data-tone="{tone}"]')).to_contain_text(text)


def shots(page, name: str) -> None:
    for width, height in ((1280, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)  # a relayout, not a wait for the app
        assert_fits(page, "the review", inside=".tutor-hand-review *",
                    buttons=".tutor-hand-review button")
        page.locator(".tutor-hand-review").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"review-{name}-{width}x{height}.png"),
                        full_page=True)


def play_the_blunder(page, english: bool = True) -> object:
    """Go to the deck at once; the review opens by itself at the one decision."""
    page.locator(".tutor-table-actions .tutor-action-fold").click()
    review = page.locator(".tutor-hand-review")
    expect(review).to_be_visible(timeout=30_000)
    expect(review.locator(".tutor-review-ask")).to_be_visible()
    if english:
        expect(review.locator(".tutor-review-title")).to_contain_text("Decision 1 of 1")
        expect(review.locator(".tutor-review-ask")).to_contain_text("Can you find it?")
    return review


def test_a_planted_blunder_is_found_tried_again_and_comes_back_next_day(browser, tmp_path):
    db = tmp_path / "review.db"
    first = server(db, DAY, "voila-review-1")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    store = SQLiteStore(db)

    def new_page(srv) -> TutorPage:
        page = context.new_page()
        page.set_default_timeout(30_000)
        rec = TutorPage(page=page, server=srv, name="review-browser")
        rec.attach()
        return rec

    try:
        rec = new_page(first)
        page = rec.open_lesson(PLANTED)
        review = play_the_blunder(page)
        tries = review.locator(".tutor-review-tries")
        expect(tries.get_by_role("button")).to_have_count(4)  # every action but the deck
        tries.get_by_role("button", name=re.compile("Play the 4 of clubs")).click()
        said(review, "Not that one either", "wrong")  # the Zap wins 2; raising first, more
        expect(review.locator(".tutor-review-ask")).to_be_visible()
        tries.get_by_role("button", name=re.compile("Ask Truco")).click()
        said(review, "Well found", "right")
        expect(review.locator(".tutor-grade-blunder")).to_have_text("Blunder")
        expect(review.locator(".tutor-review-values tr")).to_have_count(6)  # head + 5 actions
        expect(review.locator(".tutor-review-mine")).to_contain_text("Go to the deck")
        expect(review.locator(".tutor-review-summary")).to_contain_text("Accuracy: 0%")
        shots(page, "en")
        anon = page.evaluate(f"() => window.localStorage.getItem('{STORAGE}')")
        key = "anon:" + anon
        wait_for(lambda: [r[1] for r in store.review_deck(key)] == ["puzzle"])
        assert store.review_deck(key)[0][5] == DAY.toordinal() + 1
        assert ("hand", "lead", 1, 0) == store.skills(key)[0][:4]

        fa = rec.open_lesson(PLANTED + "?lang=fa")
        asked = play_the_blunder(fa, english=False)
        expect(asked.locator(".tutor-review-ask")).not_to_contain_text("Can you find it?")
        expect(fa.locator(".tutor-hand-review.tutor-rtl, .tutor-rtl .tutor-hand-review")
               .first).to_be_visible()
        shots(fa, "fa")
        for where in ("lessons/play_review.ipynb", "lessons/puzzles.ipynb"):
            shown = rec.open_lesson(where)
            shown.screenshot(path=str(ARTIFACTS / f"page-{where[8:-6]}.png"), full_page=True)
        rec.page.goto("about:blank")
    finally:
        stop_voila(first)

    tomorrow = DAY + dt.timedelta(days=1)
    second = server(db, tomorrow, "voila-review-2", first.port)
    try:
        rec = new_page(second)
        page = rec.open_lesson("lessons/review.ipynb")
        page.wait_for_selector(".tutor-review .tutor-review-count", timeout=60_000)
        expect(page.locator(".tutor-review-count")).to_have_text("1 left today")
        task = page.locator(".tutor-task")
        expect(task.locator(".tutor-task-question")).to_contain_text(
            "Leading the first trick: what would you do?")
        task.get_by_role("button", name=re.compile("Ask Truco")).click()
        expect(page.locator(".tutor-review-count")).to_have_text("All done for today")
        wait_for(lambda: store.review_deck(key)[0][5] > tomorrow.toordinal())
        rec.screenshot("puzzle-next-day")
    finally:
        stop_voila(second)
        store.close()
        context.close()
