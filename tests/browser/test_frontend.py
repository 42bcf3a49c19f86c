"""The tutor's page front-end (widgets/frontend, built by `make frontend`): a lesson page runs
it instead of Voila's JupyterLab-based one, shows every kind of output, tells the learner
when the lesson's kernel is gone, and Voila's own front-end still serves when asked
(TRUCO_FRONTEND=voila, or no build)."""
from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import psutil
import pytest
from playwright.sync_api import expect

from tutor_server import LOST_TEXT, RELOAD_TEXT, voila_env
from tutor_server.pages import FRONTEND_ENV, frontend_version

LESSON = "lessons/04_ties.ipynb"
OUTPUTS = "tests/browser/fixtures/outputs.ipynb"
FRONTEND_JS = "/voila/templates/tutor/static/tutor-frontend.js"


def paths(tutor_page) -> list[str]:
    return [urlsplit(url).path for url in tutor_page.requests]


def answers_a_click(page) -> None:
    """A click goes to the kernel and its answer comes back: the "Tie" button of lesson 4's
    first step (a tie, worked first), then the step says whether that was right."""
    feedback = page.locator(".tutor-feedback").first
    before = feedback.inner_text()
    page.get_by_role("button", name="Tie").first.click()
    expect(feedback).not_to_have_text(before)


def test_the_frontend_is_built():
    """`make test` builds it first; without it every page below would be Voila's."""
    assert re.fullmatch(r"[0-9a-f]{16}", frontend_version())


def test_a_lesson_page_loads_one_script_and_answers(tutor_page):
    """One script (the tutor's, named by its build) instead of Voila's ~80 and the widget
    extensions'; the page is whole and a click is answered by the kernel."""
    page = tutor_page.open_lesson(LESSON)
    scripts = [p for p in paths(tutor_page) if p.endswith(".js")]
    assert scripts == [FRONTEND_JS], scripts
    assert not [p for p in paths(tutor_page)
                if p.startswith(("/voila/static/", "/voila/labextensions/"))]
    assert f"tutor-frontend.js?v={frontend_version()}" in page.content()
    expect(page.locator("#tutor-loading")).to_have_count(0)
    expect(page.locator("#tutor-lost")).to_be_hidden()
    answers_a_click(page)


def test_a_long_page_scrolls_to_its_end_on_a_phone(tutor_page):
    """Without Voila's shell the document itself scrolls (a phone's address bar folds away);
    the margins are the shell's (10 px), and the footer's last link can be reached."""
    page = tutor_page.page
    page.set_viewport_size({"width": 390, "height": 844})
    tutor_page.open_lesson("lessons/09_play.ipynb")
    cells = page.locator("#rendered_cells")
    assert cells.evaluate("el => el.getBoundingClientRect().x") == 0
    assert cells.evaluate("el => getComputedStyle(el).paddingLeft") == "10px"
    assert page.evaluate("document.documentElement.scrollHeight") > 844 * 2
    last = page.get_by_role("link", name="Back to the start")
    page.mouse.wheel(0, 100_000)
    expect(last).to_be_in_viewport()
    assert page.evaluate("window.scrollY") > 844


def test_outputs_that_are_not_widgets(tutor_page):
    """Printed text, HTML, an image and a value's repr, each where its cell is (Voila leaves
    out what a cell writes to stderr)."""
    page = tutor_page.open_lesson(OUTPUTS)
    outputs = page.locator("#rendered_cells .jp-OutputArea-output")
    expect(outputs.filter(has_text="printed text")).to_have_count(1)
    expect(page.locator("b.fixture-bold")).to_have_text("bold words")
    image = page.locator(".jp-RenderedImage img")
    expect(image).to_have_count(1)
    assert image.evaluate("img => [img.complete, img.naturalWidth, img.naturalHeight]") \
        == [True, 2, 1]
    expect(outputs.filter(has_text=re.compile(r"^\s*42\s*$"))).to_have_count(1)
    # In the notebook's order: the widget first, the value last.
    texts = [t.strip() for t in outputs.all_inner_texts()]
    assert texts[0] == "ready" and texts[-1] == "42", texts


@pytest.fixture
def lone_server(voila_factory):
    """A server of the test's own (the test stops it, or kills its kernel)."""
    server = voila_factory.start("voila-frontend-lost")
    try:
        yield server
    finally:
        voila_factory.stop(server)


@pytest.mark.parametrize("lang, how", [("en", "server stops"), ("fa", "kernel dies")])
def test_the_page_says_when_its_kernel_is_gone(lone_server, voila_factory, record_page, lang,
                                               how):
    """The server stopped (a restart, a crash) or the lesson's kernel died (the kernel bound's
    memory check, a crash; Jupyter starts a new one, without the page's widgets): the page no
    longer answers, and a note in its language says to reload."""
    recorder = record_page(lone_server)
    recorder.allow_console_error(r"WebSocket|websocket|ERR_CONNECTION_REFUSED|Failed to fetch"
                                 r"|Failed to load resource|kernel")
    page = recorder.page
    page.goto(f"{lone_server}voila/render/{LESSON}" + ("" if lang == "en" else "?lang=fa"))
    expect(page.locator(".tutor-ready").first).to_be_visible(timeout=60_000)
    note = page.locator("#tutor-lost")
    expect(note).to_be_hidden()
    if how == "server stops":
        voila_factory.stop(lone_server)
    else:
        kernel = json.loads(page.locator("#jupyter-config-data").first.text_content())["kernelId"]
        [process] = [child for child in psutil.Process(lone_server.process.pid).children(
            recursive=True) if any(kernel in part for part in child.cmdline())]
        process.kill()
    expect(note).to_be_visible(timeout=30_000)
    code = "fa" if lang == "fa" else "en"
    expect(note).to_contain_text(LOST_TEXT[code])
    expect(note).to_have_attribute("dir", "rtl" if lang == "fa" else "ltr")
    # Its button reloads the page (nothing to answer it here: the server is gone or the
    # kernel new; the reload itself is the browser's).
    expect(note.get_by_role("button", name=RELOAD_TEXT[code])).to_be_visible()


@pytest.fixture(scope="module")
def voila_frontend(voila_factory):
    env = voila_env()
    env[FRONTEND_ENV] = "voila"
    server = voila_factory.start("voila-frontend", env=env)
    try:
        yield server
    finally:
        voila_factory.stop(server)


def test_voilas_own_frontend_when_asked(voila_frontend, record_page):
    """TRUCO_FRONTEND=voila (and a checkout where it was never built) serves Voila's front-end:
    the same lesson, ready and answering."""
    recorder = record_page(voila_frontend)
    page = recorder.open_lesson(LESSON)
    assert "/voila/static/voila.js" in paths(recorder)
    assert FRONTEND_JS not in paths(recorder)
    expect(page.locator("#tutor-lost")).to_have_count(0)
    answers_a_click(page)
