"""Classroom mode in a real browser, against a Voilà server of its own (a fresh SQLite file,
a teacher passcode): a learner joins on the start page, answers the first tasks of a lesson of
steps (one stored answer per task), reloads and finds the lesson where it was (nothing stored
twice), sees it in progress on the map; the teacher page refuses a wrong passcode and shows
the class, its questions named in words, with the right one.

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

import truco
from widgets.classroom.store import SQLiteStore, format_code

REPO = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("truco_browser_harness",
                                               REPO / "tests" / "browser" / "conftest.py")
harness = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = harness
_spec.loader.exec_module(harness)
browser = harness.browser  # this module's Chromium (the harness's fixture, reused)

PASSCODE = "s3cret-passcode"
MINEIRO = truco.variant("mineiro")  # the lessons' variant when the learner picked none


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

    # A lesson of steps: its link carries the learner. The first task (who wins this trick)
    # answered wrong, then its new deal right: one stored answer per task, before the
    # learner is told. The answers are worked out with the engine from the cards' codes.
    page.locator(".tutor-path a[href*='03_tricks']").click()
    page.wait_for_url(re.compile(rf"/03_tricks\.ipynb\?learner={token}"))
    ready(page)
    steps = page.locator(".tutor-step").first
    expect(steps.locator(".tutor-step-count")).to_have_text(re.compile(r"Step 1 of \d"))
    total = int(re.search(r"of (\d+)", steps.locator(".tutor-step-count").inner_text())[1])
    said = 0

    def answer(task: int, right: bool) -> tuple[str, str]:
        """Click the winning card of task ``task`` (or the losing one); (prompt, click)."""
        nonlocal said
        cards = steps.locator(f".tutor-task-{task} .tutor-cardrow .tutor-card")
        expect(cards).to_have_count(2)
        codes = cards.evaluate_all("els => els.map(e => e.tutorCode)")
        verdict = MINEIRO.compare(*codes)  # no tie in these steps: one card wins
        assert verdict != 0, codes
        winner, loser = (codes[0], codes[1]) if verdict > 0 else (codes[1], codes[0])
        click = winner if right else loser
        cards.nth(codes.index(click)).click()
        said += 1
        expect(steps.locator(f'.tutor-feedback .tutor-msg[data-n="{said}"]')).to_have_attribute(
            "data-tone", "right" if right else "wrong")
        # everything the click changed (the next task, the page moving down) is drawn: the
        # page marks the click handled after it (a click on the footer during that redraw
        # was lost in a loaded pair of runs)
        expect(steps.locator(f".tutor-handled-{said}")).to_have_count(1)
        return f"0:{codes[0]} 1:{codes[1]}", click

    def stored():
        return [(a.lesson, a.quiz, a.seq, a.item, a.prompt, a.answer, a.right)
                for a in store.answers_of(ana)]

    first = answer(1, right=False)
    expect(steps.locator(".tutor-task-2")).to_be_visible()  # a new deal of the same step
    expect(steps).to_have_class(re.compile(r"\btutor-step-0\b"))
    expect(steps.locator(".tutor-step-count")).to_have_text(f"Step 1 of {total}")
    assert stored() == [("03_tricks", "step-trick-1", 1, 0, *first, False)]
    second = answer(2, right=True)
    expect(steps).to_have_class(re.compile(r"\btutor-step-1\b"))  # the next step
    expect(steps.locator(".tutor-step-count")).to_have_text(f"Step 2 of {total}")
    assert stored() == [("03_tricks", "step-trick-1", 1, 0, *first, False),
                        ("03_tricks", "step-trick-1", 2, 0, *second, True)]

    # Reload: a new kernel resumes at the first step not passed; nothing more is stored,
    # and the next answer goes after the stored ones.
    page.reload()
    ready(page)
    steps = page.locator(".tutor-step").first
    expect(steps).to_have_class(re.compile(r"\btutor-step-1\b"))
    expect(steps.locator(".tutor-step-count")).to_have_text(f"Step 2 of {total}")
    assert len(stored()) == 2
    n = int(re.search(r"\btutor-task-(\d+)\b",
                      steps.locator("[class*='tutor-task-']").first.get_attribute("class"))[1])
    said = 0
    third = answer(n, right=True)
    expect(steps).to_have_class(re.compile(r"\btutor-step-2\b"))
    assert stored()[2:] == [("03_tricks", "step-trick-1", 3, 1, *third, True)]
    assert len(stored()) == 3

    # Back on the start page: the map shows the lesson in progress (two steps passed, not
    # done), with the class's score of the answers.
    with page.expect_navigation(url=re.compile(r"/index\.ipynb\?")):
        page.locator(".tutor-footer a.tutor-home").click()
    ready(page)
    tricks = page.locator(".tutor-map-card", has=page.locator("a[href*='03_tricks.ipynb']"))
    expect(tricks.locator(".tutor-map-status")).to_have_text("In progress: 2 steps passed")
    expect(tricks).to_have_class(re.compile(r"\btutor-map-started\b"))
    expect(tricks).not_to_contain_text("(done)")
    expect(tricks).to_contain_text("Your answers: 2 right out of 3.")
    expect(page.locator("a.tutor-map-continue")).to_have_text(
        "Continue: 1. The deck and the card ranking")

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
    questions = teacher.locator(".tutor-questions")
    for step, (prompt, _click) in ((1, first), (2, third)):  # named in words, not codes
        a, b = (MINEIRO.card(t.split(":")[1]).name() for t in prompt.split())
        expect(questions).to_contain_text(
            f"3. Tricks and hands · Step {step}: Who wins the trick: {a} against {b}")
    expect(questions).not_to_contain_text("step-trick")
    expect(questions).not_to_contain_text("trick-1")
    expect(teacher.locator(".tutor-feedback")).to_contain_text("Welcome.")
    plot = teacher.locator("img.tutor-plot")
    expect(plot).to_be_visible()
    assert plot.evaluate("img => img.complete && img.naturalWidth > 0")
