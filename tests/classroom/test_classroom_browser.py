"""Classroom mode in a real browser, against a Voilà server of its own (a fresh SQLite file,
a teacher passcode): a learner joins on the start page, answers, reloads and finds the answer
still counted; the teacher page refuses a wrong passcode and shows the class with the right one.

Reuses the browser harness of tests/browser (start_voila, Chromium's settings, TutorPage's
record of console errors and of requests leaving 127.0.0.1).
"""
from __future__ import annotations

import importlib.util
import os
import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from widgets.classroom.store import SQLiteStore, format_code

REPO = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("truco_browser_harness",
                                               REPO / "tests" / "browser" / "conftest.py")
harness = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = harness
_spec.loader.exec_module(harness)
browser = harness.browser  # this module's Chromium (the harness's fixture, reused)

PASSCODE = "s3cret-passcode"


@pytest.fixture(scope="module")
def classroom_server(tmp_path_factory):
    db = tmp_path_factory.mktemp("classroom-browser") / "classroom.db"
    settings = {"TRUCO_CLASSROOM_DB": str(db), "TRUCO_TEACHER_PASSCODE": PASSCODE}
    saved = {name: os.environ.get(name) for name in settings}
    os.environ.update(settings)  # the server's environment, which its kernels inherit
    try:
        server = harness.start_voila(harness.free_port(),
                                     harness.ARTIFACTS / "voila-classroom.log")
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    try:
        yield server, SQLiteStore(db)
    finally:
        harness.stop_voila(server)


@pytest.fixture
def recorded(browser, classroom_server, request):
    server, _store = classroom_server
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    recorder = harness.TutorPage(page=page, server=server, name=request.node.nodeid)
    recorder.attach()
    try:
        yield recorder
        recorder.screenshot()
    finally:
        context.close()
    assert not recorder.external_urls()
    assert not recorder.unexpected_errors(), recorder.unexpected_errors()


def ready(page) -> None:
    """The page is whole: Voilà may render progressively, and every page here (start page,
    lesson, teacher page) ends with links to other pages."""
    page.wait_for_selector(".tutor-ready", state="visible", timeout=60_000)
    page.wait_for_selector(".tutor-nav", state="visible", timeout=60_000)


def test_join_answer_reload_and_the_teacher_page(recorded, classroom_server):
    _server, store = classroom_server
    code = store.create_class("Room 4")
    page = recorded.open_lesson("lessons/index.ipynb")

    # Join on the start page: a wrong code first, then the right one.
    panel = page.locator(".tutor-classroom")
    panel.locator(".tutor-learner-name input").fill("Ana")
    panel.locator(".tutor-class-code input").fill("NOPE42")
    panel.get_by_role("button", name="Join the class").click()
    expect(panel.locator(".tutor-feedback")).to_have_text(
        "There is no class NOPE42. Check the code with your teacher.")
    panel.locator(".tutor-class-code input").fill(format_code(code).lower())  # kx7pq-2mrta
    panel.get_by_role("button", name="Join the class").click()
    page.wait_for_url(re.compile(r"/index\.ipynb\?learner=[A-Za-z0-9_-]{20,}$"))
    ready(page)
    expect(page.locator(".tutor-classroom")).to_contain_text(
        f"You are Ana, in class {format_code(code)}. Your answers are saved as you go")
    # Both tries were counted for this browser, by the id it keeps (the join limits).
    tried = [row[0] for row in store._all("SELECT client FROM attempts WHERE kind = 'join'")]
    assert len(tried) == 2 and len(set(tried)) == 1
    assert re.fullmatch(r"browser:[0-9a-f]{32}", tried[0])
    token = page.url.split("learner=")[1]
    ana = store.learner(token)
    assert (ana.name, ana.class_code) == ("Ana", code)

    # A lesson: its link carries the learner; answer the first question.
    page.locator(".tutor-path a[href*='03_tricks']").click()
    page.wait_for_url(re.compile(rf"/03_tricks\.ipynb\?learner={token}"))
    ready(page)
    quiz = page.locator(".tutor-widget").first
    quiz.locator(".tutor-card").first.click()
    expect(quiz).to_contain_text(re.compile(r"Score: [01] of 1"))
    score = re.search(r"Score: ([01]) of 1", quiz.inner_text()).group(1)
    stored = store.answers_of(ana)
    assert len(stored) == 1 and stored[0].right == (score == "1")

    # Reload: a new kernel, the answer still counted, the next question on show.
    page.reload()
    ready(page)
    quiz = page.locator(".tutor-widget").first
    expect(quiz).to_contain_text(f"Score: {score} of 1")
    expect(quiz.locator(".tutor-card").first).to_be_enabled()
    assert len(store.answers_of(ana)) == 1

    # Back on the start page: the lesson's score.
    page.locator(".tutor-footer a.tutor-home").click()
    ready(page)
    expect(page.locator(".tutor-path")).to_contain_text(
        f"Your answers: {score} right out of 1.")

    # The teacher page: a wrong passcode shows nothing; the right one shows the class.
    page.goto(f"{recorded.base_url}voila/render/lessons/teacher.ipynb")
    ready(page)
    teacher = page.locator(".tutor-teacher")
    teacher.locator(".tutor-passcode input").fill("not-the-passcode")
    teacher.get_by_role("button", name="Open the teacher page").click()
    expect(teacher.locator(".tutor-feedback")).to_have_text("Wrong passcode.")
    expect(teacher.locator("table")).to_have_count(0)
    gate = store._all("SELECT client FROM attempts WHERE kind = 'gate'")
    assert [row[0] for row in gate] == [tried[0]]  # the same browser, the same id
    teacher.locator(".tutor-passcode input").fill(PASSCODE)
    teacher.get_by_role("button", name="Open the teacher page").click()
    expect(teacher.locator(".tutor-learners")).to_contain_text("Ana")
    expect(teacher.locator(".tutor-learners")).to_contain_text("3. Tricks and hands")
    expect(teacher.locator(".tutor-questions")).to_contain_text("question 1")
    expect(teacher.locator(".tutor-feedback")).to_contain_text("Welcome.")
    plot = teacher.locator("img.tutor-plot")
    expect(plot).to_be_visible()
    assert plot.evaluate("img => img.complete && img.naturalWidth > 0")
