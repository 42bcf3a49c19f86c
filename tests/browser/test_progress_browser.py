"""Progress without an account, in a real browser against Voilà servers of this module's own
(a fresh SQLite file; the clock set with TRUCO_TODAY): the browser keeps an anonymous id, the
map shows the stars stored for it after a reload, in a new page of the same browser and after
a server restart on the same database; the next day (a server started with tomorrow's date)
the review page deals the missed task; "Start over" forgets. Screenshots of the map at
1280x900 and 390x844, in English and Persian, go to test-artifacts/.

The missed task is a real wrong answer in lesson 1; the stars and the passed step are written
through the store (as the lesson runner's ``finish``/``pass_step`` do), with the id the browser
made; the map and the review page read them back.
"""
from __future__ import annotations

import datetime as dt
import re
import time

from playwright.sync_api import expect

import truco
from widgets.classroom.store import SQLiteStore
from tutor_server import voila_env

from conftest import ARTIFACTS, TutorPage, free_port, start_voila, stop_voila
from layout import assert_fits
from test_steps_browser import answers, click, deal, root_of, said

DAY = dt.date(2030, 3, 14)
STORAGE = "truco-tutor-learner"


def server(db, day: dt.date, name: str, port: int | None = None):
    """A server on ``port`` (the browser keeps local storage per origin: a restarted server
    must answer on the same port to be the same site)."""
    env = dict(voila_env(), TRUCO_CLASSROOM_DB=str(db), TRUCO_TODAY=day.isoformat())
    return start_voila(port or free_port(), ARTIFACTS / f"{name}.log", env=env)


def wait_for(predicate, timeout=30.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def open_map(recorder: TutorPage, query: str = ""):
    page = recorder.open_lesson("lessons/index.ipynb" + query)
    page.wait_for_selector(".tutor-map .tutor-map-card", timeout=60_000)
    return page


def card(page, lesson: str):
    return page.locator(".tutor-map-card", has=page.locator(f"a[href*='{lesson}.ipynb']"))


def no_overflow(page) -> None:
    assert_fits(page, "the map", inside=".tutor-map *, .tutor-start-over-box *",
                buttons=".tutor-map button, .tutor-start-over-box button")


def shots(page, base: str, label: str) -> None:
    for width, height in ((1280, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)  # a relayout, not a wait for the app
        no_overflow(page)
        page.locator(".tutor-map").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"progress-map-{label}-{width}x{height}.png"),
                        full_page=True)


def test_progress_survives_reload_new_page_restart_and_the_review_next_day(browser, tmp_path):
    db = tmp_path / "progress.db"
    first = server(db, DAY, "voila-progress-1")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    recorders = []

    def new_page(srv) -> TutorPage:
        page = context.new_page()
        page.set_default_timeout(30_000)
        rec = TutorPage(page=page, server=srv, name="progress-browser")
        rec.attach()
        recorders.append(rec)
        return rec

    store = SQLiteStore(db)
    try:
        rec = new_page(first)
        page = open_map(rec)
        anon = page.evaluate(f"() => window.localStorage.getItem('{STORAGE}')")
        assert re.fullmatch(r"[A-Za-z0-9_-]{22,64}", anon)
        wait_for(lambda: store.anonymous_seen(anon) is not None)  # the kernel has the id
        key = "anon:" + anon
        # A real miss: lesson 1's first task answered wrong in this browser goes into the
        # learner's review deck, due tomorrow.
        lesson = rec.open_lesson("lessons/01_ranking.ipynb")
        root = root_of(lesson)
        expect(root.locator(".tutor-task-1 .tutor-rank-cards .tutor-card")).to_have_count(2)
        codes, vira = deal(root)
        _right, wrong = answers(truco.variant("mineiro"), codes, vira)
        click(root, wrong, codes)
        said(root, 1, "wrong")
        wait_for(lambda: len(store.review_deck(key)) == 1)
        assert store.review_deck(key)[0][4:6] == (0, DAY.toordinal() + 1)
        # What the runner records as a lesson goes on: lesson 1 with two stars, a step of 2.
        store.finish_lesson(key, "01_ranking", 2)
        store.pass_step(key, "02_manilhas", 0, 0)

        page = open_map(rec)
        page.reload()
        page.wait_for_selector(".tutor-map .tutor-map-card", timeout=60_000)
        expect(card(page, "01_ranking").locator(".tutor-map-status")).to_have_text("★★☆")
        expect(card(page, "02_manilhas")).to_contain_text("In progress: 1 step passed")
        expect(page.locator("a.tutor-map-continue")).to_contain_text(
            "Continue: 2. Manilhas and cartas bravas")
        expect(page.locator("a.tutor-map-review")).to_have_text("Review: nothing due today")
        assert page.evaluate(f"() => window.localStorage.getItem('{STORAGE}')") == anon
        shots(page, first, "en")

        other = new_page(first)  # a new page in the same browser
        page2 = open_map(other, "?lang=fa")
        expect(card(page2, "01_ranking").locator(".tutor-map-status")).to_have_text("★★☆")
        expect(page2.locator(".tutor-map-box.tutor-rtl")).to_be_visible()
        shots(page2, first, "fa")
        for r in recorders:
            r.page.goto("about:blank")
    finally:
        stop_voila(first)

    tomorrow = DAY + dt.timedelta(days=1)
    second = server(db, tomorrow, "voila-progress-2", first.port)  # restarted, same db
    try:
        rec = new_page(second)
        page = open_map(rec)
        expect(card(page, "01_ranking").locator(".tutor-map-status")).to_have_text("★★☆")
        review = page.locator("a.tutor-map-review")
        expect(review).to_have_text("Review: 1 due today")
        review.click()
        page.wait_for_url(re.compile(r"/review\.ipynb"))
        page.wait_for_selector(".tutor-review .tutor-review-count", timeout=60_000)
        expect(page.locator(".tutor-review-count")).to_have_text("1 left today")
        page.locator(".tutor-rank-tie").click()  # right or wrong, the review is counted
        wait_for(lambda: store.review_deck(key)[0][4:6] != (0, tomorrow.toordinal()))
        box, due = store.review_deck(key)[0][4:6]
        assert (box, due) in ((1, tomorrow.toordinal() + 1), (0, tomorrow.toordinal() + 1))  # FSRS
        rec.screenshot("review")

        # Back to the map, then start over: asked first, then everything is forgotten.
        page = open_map(rec)
        expect(card(page, "01_ranking").locator(".tutor-map-status")).to_have_text("★★☆")
        page.get_by_role("button", name="Start over").click()
        page.get_by_role("button", name="Yes, forget my progress").click()
        expect(card(page, "01_ranking").locator(".tutor-map-status")).to_have_text(
            "Not started")
        wait_for(lambda: page.evaluate(
            f"() => window.localStorage.getItem('{STORAGE}')") != anon)
        assert store.lesson_stars(key) == {} and store.review_deck(key) == []
        page.reload()
        page.wait_for_selector(".tutor-map .tutor-map-card", timeout=60_000)
        expect(page.locator("a.tutor-map-continue")).to_contain_text("Start: 1.")
        for r in recorders:
            r.page.goto("about:blank")
    finally:
        stop_voila(second)
        store.close()
        context.close()
    for r in recorders:
        assert not r.external_urls(), r.external_urls()
        assert not r.unexpected_errors(), r.unexpected_errors()
