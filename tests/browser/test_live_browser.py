"""Issue 35: a whole live lesson in Chromium, against a server of its own (a fresh SQLite class
database, a teacher passcode): the teacher's page at 1280 px, three learners (one at 1280 px
in English, one on a phone at 390 px, one in Persian), a banner on a learner's other page, a
reload on each side, a late joiner, the reveal and the end. Screenshots of the projector and of
the phone at each stage go to test-artifacts/live/ (and, with TRUCO_README_SHOTS=update, to
docs/img/, where the For teachers page shows them)."""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from widgets.classroom.store import SQLiteStore

from live_steps import answer, open_teacher, ready, seat_cards, tone
from shots import ARTIFACTS
from tutor_server import voila_env

PASSCODE = "live-passcode-77"
DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
SHOTS = ARTIFACTS / "live"


@pytest.fixture(scope="module")
def live_server(voila_factory, tmp_path_factory):
    db = tmp_path_factory.mktemp("live") / "classroom.db"
    env = dict(voila_env(), TRUCO_CLASSROOM_DB=str(db), TRUCO_TEACHER_PASSCODE=PASSCODE,
               TRUCO_KERNEL_POOL="2")
    server = voila_factory.start("voila-live", env=env)
    try:
        yield server, SQLiteStore(db)
    finally:
        voila_factory.stop(server)


def shot(page, name: str, small: bool = False) -> None:
    """A screenshot for the artifacts; the For teachers page's four are kept small (256
    colours) and copied to docs/img/ on request."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    page.screenshot(path=str(path), animations="disabled")
    if small:
        from PIL import Image

        with Image.open(path) as picture:
            picture.convert("RGB").quantize(256).save(path, optimize=True)
        if os.environ.get("TRUCO_README_SHOTS") == "update":
            shutil.copyfile(path, DOCS_IMG / name)


PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 900}


def open_page(record_page, server, url: str, size: dict):
    """A learner's page opened at a screen size and waited on until it is ready."""
    page = record_page(server).page
    page.set_viewport_size(size)
    page.goto(url, wait_until="commit")
    ready(page)
    return page


def test_a_whole_live_lesson(live_server, record_page):
    server, store = live_server
    code = store.create_class("Room 7")
    ana, bruno, chen = (store.join(code, name) for name in ("Ana", "Bruno", "Chen"))
    base = str(server)
    live_url = f"{base}voila/render/lessons/live.ipynb?learner="

    teacher = record_page(server).page
    teacher.set_viewport_size(DESK)
    open_teacher(teacher, base, PASSCODE, code)
    # Ana is on a lesson when the teacher starts: a banner takes her into the live lesson.
    lesson_url = f"{base}voila/render/lessons/03_tricks.ipynb?learner="
    a = open_page(record_page, server, lesson_url + ana.token, DESK)
    expect(a.locator(".tutor-live-banner")).to_have_count(0)
    teacher.get_by_role("button", name="Start a live lesson").click()
    projector = teacher.locator(".tutor-live-projector")
    expect(projector.locator(".tutor-live-head")).to_have_text("Question 1 of 10")
    expect(projector.locator(".tutor-live-count")).to_have_text("0 of 3 have answered")
    banner = a.locator(".tutor-live-banner")
    expect(banner).to_be_visible(timeout=15_000)
    banner.locator("a.tutor-live-join").click()
    a.wait_for_url(re.compile(r"/live\.ipynb\?learner="))
    ready(a)
    # Bruno on a phone, Chen in Persian.
    b = open_page(record_page, server, live_url + bruno.token, PHONE)
    c = open_page(record_page, server, live_url + chen.token + "&lang=fa", DESK)
    deal = seat_cards(a)
    assert seat_cards(b) == deal and seat_cards(c) == deal  # one deal for everyone
    expect(c.locator(".tutor-live-status")).to_contain_text("۱")  # Persian digits
    shot(teacher, "live-projector-asking.png", small=True)
    shot(b, "live-phone-asking.png", small=True)
    shot(c, "live-fa-asking.png")

    right = answer(a, True)
    expect(a.locator(".tutor-live-mine")).to_be_visible()
    expect(a.locator(".tutor-live-seat .tutor-feedback")).to_contain_text("Answer received")
    assert tone(a) == "info"  # no verdict before the reveal
    answer(b, False)
    expect(b.locator(".tutor-live-mine")).to_be_visible()
    shot(b, "live-phone-received.png")
    # Chen reloads before answering, then answers; Ana reloads after: her answer is kept.
    c.reload(wait_until="commit")
    ready(c)
    assert seat_cards(c) == deal
    answer(c, True)
    a.reload(wait_until="commit")
    ready(a)
    expect(a.locator(".tutor-live-mine")).to_be_visible()
    expect(projector.locator(".tutor-live-count")).to_have_text("3 of 3 have answered")

    # The teacher reloads (a laptop that slept): the page comes back to the live lesson.
    open_teacher(teacher, base, PASSCODE, code)
    projector = teacher.locator(".tutor-live-projector")
    expect(projector.locator(".tutor-live-head")).to_have_text("Question 1 of 10")
    expect(projector.locator(".tutor-live-count")).to_have_text("3 of 3 have answered")
    projector.get_by_role("button", name="Reveal the answer").click()
    spread = projector.locator(".tutor-live-spread")
    expect(spread.locator(".tutor-live-right")).to_contain_text("right answer")
    expect(spread).not_to_contain_text("Bruno")  # no names unless asked
    expect(projector.locator(".tutor-live-why")).to_contain_text("Right: 67%")
    expect(a.locator(".tutor-live-seat .tutor-feedback .tutor-msg")).to_have_attribute(
        "data-tone", "right")
    expect(b.locator(".tutor-live-seat .tutor-feedback .tutor-msg")).to_have_attribute(
        "data-tone", "wrong")
    expect(c.locator(".tutor-live-seat .tutor-feedback .tutor-msg")).to_have_attribute(
        "data-tone", "right")
    shot(teacher, "live-projector-revealed.png", small=True)
    shot(b, "live-phone-revealed.png", small=True)
    shot(c, "live-fa-revealed.png")
    stored = [r for r in store.class_answers(code) if r[2] == "live"]
    assert sorted((r[1], r[8]) for r in stored)[0] == ("Ana", right) and len(stored) == 3

    # A late joiner comes in at the question on screen; Next moves every page on.
    dara = store.join(code, "Dara")
    d = open_page(record_page, server, live_url + dara.token, PHONE)
    expect(d.locator(".tutor-live-seat .tutor-feedback")).to_contain_text(
        "You did not answer this one.")
    projector.get_by_role("button", name="Next question").click()
    expect(projector.locator(".tutor-live-head")).to_have_text("Question 2 of 10")
    for page in (a, b, d):
        expect(page.locator(".tutor-live-status")).to_contain_text("question 2 of 10")
    expect(c.locator(".tutor-live-status")).to_contain_text("۲")
    assert seat_cards(a) != deal or seat_cards(d) == seat_cards(a)
    answer(d, True)
    expect(projector.locator(".tutor-live-count")).to_have_text("1 of 4 have answered")

    # The end: the class's results on the projector, each learner's own summary.
    projector.get_by_role("button", name="End the live lesson").click()
    expect(projector.locator(".tutor-live-over")).to_be_visible()
    expect(projector.locator(".tutor-live-results")).to_contain_text("67%")
    expect(projector.locator(".tutor-live-learners")).to_contain_text("Dara")
    expect(d.locator(".tutor-live-seat .tutor-feedback")).to_contain_text(
        "Right answers: 1 of 1.")
    expect(b.locator(".tutor-live-seat .tutor-feedback")).to_contain_text(
        "Right answers: 0 of 1.")
    shot(teacher, "live-projector-results.png")
    shot(b, "live-phone-summary.png")
    assert len([r for r in store.class_answers(code) if r[2] == "live"]) == 4


def test_the_for_teachers_page_shows_its_pictures(live_server, record_page):
    server, _store = live_server
    page = record_page(server).page
    for width, height in ((1280, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{server}voila/render/lessons/for_teachers.ipynb", wait_until="commit")
        ready(page)
        shots = page.locator(".tutor-guide-shot img")
        expect(shots).to_have_count(4)
        for i in range(4):
            assert shots.nth(i).evaluate("img => img.complete && img.naturalWidth > 0")
            assert shots.nth(i).get_attribute("alt")
        shot(page, f"for-teachers-{width}.png")


def test_a_lesson_run_live(live_server, record_page):
    """A lesson's steps led live: the teacher picks the variant and the lesson, each step's
    idea and question on the projector and on the learners' pages (one a phone in Persian),
    answered with the question's own buttons, the engine's verdict on each page at Reveal."""
    server, store = live_server
    code = store.create_class("Room 8")
    eva, faraz = (store.join(code, name) for name in ("Eva", "Faraz"))
    base = str(server)
    live_url = f"{base}voila/render/lessons/live.ipynb?learner="
    teacher = record_page(server).page
    teacher.set_viewport_size(DESK)
    open_teacher(teacher, base, PASSCODE, code)
    teacher.locator(".tutor-live-plan select").select_option(
        label="Lesson: 5. Raising the stakes")
    teacher.get_by_role("button", name="Start a live lesson").click()
    projector = teacher.locator(".tutor-live-projector")
    expect(projector.locator(".tutor-live-head")).to_have_text(re.compile(r"^Question 1 of "))
    steps = store.live_of(code)
    assert steps is not None and steps.plan == "05_raising:mineiro:2"
    expect(projector.locator(".tutor-live-head")).to_have_text(
        f"Question 1 of {steps.questions}")
    expect(projector.locator(".tutor-live-idea")).to_be_visible()
    e = open_page(record_page, server, live_url + eva.token, DESK)
    f = open_page(record_page, server, live_url + faraz.token + "&lang=fa", PHONE)
    for n in (1, 2):
        for page in (e, f):
            expect(page.locator(".tutor-live-idea")).to_be_visible()
            choices = page.locator(".tutor-live-seat .tutor-task-choices button:visible")
            expect(choices.first).to_be_visible()
        if n == 1:
            shot(teacher, "live-lesson-projector-asking.png")
            shot(f, "live-lesson-fa-phone-asking.png")
        e.locator(".tutor-live-seat .tutor-task-choices button:visible").first.click()
        f.locator(".tutor-live-seat .tutor-task-choices button:visible").last.click()
        for page in (e, f):
            expect(page.locator(".tutor-live-mine")).to_be_visible()
        expect(projector.locator(".tutor-live-count")).to_have_text("2 of 2 have answered")
        projector.get_by_role("button", name="Reveal the answer").click()
        expect(projector.locator(".tutor-live-spread .tutor-live-right")).to_be_visible()
        expect(projector.locator(".tutor-live-why")).not_to_be_empty()
        live = store.live_of(code)
        said = {r[1]: r[4] for r in store.live_answers(live.id, n)}
        for page, name in ((e, "Eva"), (f, "Faraz")):
            expect(page.locator(".tutor-live-seat .tutor-feedback .tutor-msg")).to_have_attribute(
                "data-tone", "right" if said[name] else "wrong")
            expect(page.locator(".tutor-live-key")).to_be_visible()
        if n == 1:
            shot(teacher, "live-lesson-projector-revealed.png")
            shot(f, "live-lesson-fa-phone-revealed.png")
            projector.get_by_role("button", name="Next question").click()
            expect(projector.locator(".tutor-live-head")).to_have_text(
                f"Question 2 of {steps.questions}")
    projector.get_by_role("button", name="End the live lesson").click()
    expect(projector.locator(".tutor-live-learners")).to_contain_text("Faraz")
    right = sum(r[4] for r in store.live_answers(live.id) if r[1] == "Eva")
    expect(e.locator(".tutor-live-seat .tutor-feedback")).to_contain_text(
        f"Right answers: {right} of 2.")
