"""Instant lessons (issue 17) in a real browser, against servers of this module's own.

* The loading screen: the lesson's title and "Getting the lesson ready…" in the learner's
  language and direction, never Voilà's "Executing N of M"; it stays until the lesson's first
  widget is on the page. Screenshots: ``test-artifacts/loading/``.
* Warm kernels: the server keeps kernels ready (``TutorKernelManager``'s pool); pages take
  them, and each page gets its own request's language (``?lang=``, Accept-Language) and
  learner (``?learner=``, a proxy's user header), never another's or the pool's.
* The pool and the bounds: pooled kernels count against ``max_kernels``, are never culled
  (``unconnected_timeout``), and give way to pages.

Waits are on state (a CSS class, a log line, a status code); the one wait on time checks
that nothing happens to idle pooled kernels over several culler passes.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
import urllib.error
import urllib.request
import uuid

import psutil
import pytest
import websocket
from playwright.sync_api import expect

from truco.i18n import get_language, set_language
from widgets.language.i18n import _  # the classroom's messages are the widgets' own
from widgets.classroom.store import SQLiteStore, format_code
from tutor_server import LOADING_TEXT, voila_env

LESSON = "lessons/04_ties.ipynb"
INDEX = "lessons/index.ipynb"
BARE = "tests/browser/fixtures/bare.ipynb"
POOL_TIMEOUT = 180.0  # seconds for a new server's pool to fill (a deadline, not an expectation)
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "loading"
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def wait_pool_full(server, start: int = 0) -> None:
    deadline = time.monotonic() + POOL_TIMEOUT
    while "Kernel pool full" not in server.log_text(start):
        assert server.process.poll() is None, server.log_text()[-3000:]
        assert time.monotonic() < deadline, "pool not full: " + server.log_text()[-3000:]
        time.sleep(0.1)  # poll interval


def wait_pool_refilled(server) -> None:
    """Until the pool is full again after the pages taken so far."""
    deadline = time.monotonic() + POOL_TIMEOUT
    while True:
        log = server.log_text()
        full = log.rfind("Kernel pool full")
        taken = max(log.rfind("a warm kernel from the pool"), log.rfind("leaves the pool"))
        if full > taken:
            return
        assert time.monotonic() < deadline, "pool not refilled: " + log[-3000:]
        time.sleep(0.1)  # poll interval


def pooled_ids(server) -> list[str]:
    return re.findall(r"Kernel ([0-9a-f-]{36}) warm for the pool", server.log_text())


def taken_ids(server) -> list[str]:
    return re.findall(r"Kernel ([0-9a-f-]{36}): a warm kernel from the pool", server.log_text())


def kernel_of(page) -> str:
    return json.loads(page.locator("#jupyter-config-data").first.text_content())["kernelId"]


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    db = tmp_path_factory.mktemp("fast-pages") / "classroom.db"
    store = SQLiteStore(db)
    code = store.create_class("Room 17")
    ana = store.join(code, "Ana", external="ana")
    bruno = store.join(code, "Bruno", external="bruno")
    return db, store, code, ana, bruno


@pytest.fixture(scope="module")
def fast(voila_factory, classroom):
    """The app's settings, a pool of two, a classroom database, and a proxy's user header
    (X-Forwarded-User) passed to the kernels, as behind a signing-in proxy."""
    db = classroom[0]
    env = voila_env()
    env.update({"TRUCO_CLASSROOM_DB": str(db), "TRUCO_KERNEL_POOL": "2",
                "TRUCO_CLASSROOM_USER_HEADER": "X-Forwarded-User"})
    server = voila_factory.start("voila-fast-pages", (
        "--VoilaConfiguration.http_header_envs=Accept-Language",
        "--VoilaConfiguration.http_header_envs=X-Forwarded-User"), env=env)
    try:
        wait_pool_full(server)
        yield server
    finally:
        voila_factory.stop(server)


def english_heading(notebook: str) -> str:
    """The notebook's first heading as written (the lessons are being rewritten: no copy)."""
    import nbformat

    root = Path(__file__).resolve().parents[2]
    for cell in nbformat.read(root / notebook, as_version=4).cells:
        for line in cell.source.splitlines() if cell.cell_type == "markdown" else []:
            if line.startswith("# "):
                return line[2:].strip()
    raise AssertionError(f"{notebook} has no heading")


def in_language(language: str, text: str, **values) -> str:
    """``text`` as the tutor says it in ``language`` (with the values put in, as it does)."""
    before = get_language()
    set_language(language)
    try:
        return _(text).format(**values)
    finally:
        set_language(before)


# -- the loading screen --------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "fa"])
def test_loading_screen_in_the_learners_language(fast, record_page, lang):
    """With the page's scripts held back, the loading screen stays: the lesson's title and the
    words in the page's language and direction, a spinner, and no "Executing"."""
    recorder = record_page(fast)
    recorder.allow_console_error(r"net::ERR_FAILED|Failed to load resource")
    page = recorder.page
    # the tutor's front-end, or Voila's where it is not built
    page.route(re.compile(r".*/(?:tutor-frontend|voila)\.js(?:\?.*)?$"), lambda route: route.abort())
    page.goto(f"{fast}voila/render/{LESSON}" + ("" if lang == "en" else f"?lang={lang}"))
    screen = page.locator("#tutor-loading")
    expect(screen).to_be_visible()
    expect(screen).to_have_attribute("lang", lang)
    expect(screen).to_have_attribute("dir", "rtl" if lang == "fa" else "ltr")
    expect(screen.locator(".tutor-loading-text")).to_have_text(LOADING_TEXT[lang])
    title = screen.locator(".tutor-loading-title")
    heading = english_heading(LESSON)
    if lang == "en":
        expect(title).to_have_text(heading)
    else:
        expect(title).not_to_have_text(heading)
        assert re.search(r"[\u0600-\u06FF]", title.text_content()), title.text_content()
    assert page.title() == title.text_content()            # the browser tab says it too
    expect(screen.locator("svg.tutor-spinner")).to_be_visible()
    # The notebook ran (the page is whole) but its widgets cannot answer: still loading.
    expect(page.locator("#rendered_cells")).to_be_attached()
    assert "Executing" not in page.locator("body").inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"loading-{lang}.png"))


def test_loading_screen_goes_when_the_first_widget_is_up(fast, record_page):
    recorder = record_page(fast)
    page = recorder.open_lesson(LESSON)
    expect(page.locator("#tutor-loading")).to_have_count(0)
    expect(page.locator(".tutor-ready").first).to_be_visible()
    assert kernel_of(page) in taken_ids(fast)              # a warm kernel from the pool


def test_a_page_loads_only_the_widget_extensions_and_keeps_their_files(fast, record_page):
    """The page's configuration names only the allowed extensions; their files (named by
    their content) come with an immutable cache header, so a warm page asks for none of them
    again."""
    from tutor_server import PAGE_EXTENSIONS

    recorder = record_page(fast)
    page = recorder.open_lesson(LESSON)
    expect(page.locator(".tutor-ready").first).to_be_visible()
    config = json.loads(page.locator("#jupyter-config-data").first.text_content())
    names = sorted(e["name"] for e in config["federated_extensions"])
    assert names == sorted(PAGE_EXTENSIONS), names
    for extension in config["federated_extensions"]:
        url = (f"{fast}voila/labextensions/{extension['name']}/"
               f"{extension['load'].replace('./', '', 1)}")
        with _OPENER.open(url, timeout=30) as response:
            assert "immutable" in response.headers.get("Cache-Control", ""), url
    # Voila's own bundle is not named by content (voila.js): browsers still ask for it again.
    with _OPENER.open(f"{fast}voila/static/voila.js", timeout=30) as response:
        assert "immutable" not in response.headers.get("Cache-Control", "")


# -- each request its own, from warm kernels --------------------------------------------------

def test_two_learners_two_languages_from_warm_kernels(fast, classroom, browser):
    """Ana asks in Persian (?lang=fa), Bruno's browser prefers Portuguese (Accept-Language);
    each is signed in by the proxy (X-Forwarded-User) and opens the start page with their own
    link. Both pages are served by kernels warmed before either request, and each shows its
    own learner in its own language."""
    _db, _store, code, ana, bruno = classroom
    wait_pool_refilled(fast)
    ready = set(pooled_ids(fast)) - set(taken_ids(fast))   # warm, waiting for a page
    assert len(ready) == 2
    pages = []
    for learner, user, lang, accept in ((ana, "ana", "fa", "en"), (bruno, "bruno", None, "pt-BR")):
        context = browser.new_context(extra_http_headers={"X-Forwarded-User": user,
                                                          "Accept-Language": accept})
        page = context.new_page()
        query = f"learner={learner.token}" + (f"&lang={lang}" if lang else "")
        page.goto(f"{fast}voila/render/{INDEX}?{query}")
        pages.append((context, page))
    try:
        said = "You are {name}, in class {code}. Your answers are saved as you go; the " \
               "lessons you finished are ticked below."
        for (_context, page), learner, lang in ((pages[0], ana, "fa"), (pages[1], bruno, "pt_BR")):
            page.wait_for_selector(".tutor-classroom", state="visible", timeout=60_000)
            expect(page.locator(".tutor-classroom")).to_contain_text(
                in_language(lang, said, name=learner.name, code=format_code(code)))
            assert page.evaluate("document.documentElement.lang") == lang.replace("_", "-")
        ids = [kernel_of(page) for _context, page in pages]
        assert len(set(ids)) == 2 and set(ids) == ready, (ids, ready)
        assert set(ids) <= set(taken_ids(fast))
        assert pages[0][1].locator(".tutor-rtl").count() > 0   # Persian widgets right to left
        assert pages[1][1].locator(".tutor-rtl").count() == 0
    finally:
        for context, _page in pages:
            context.close()


def test_a_link_works_for_its_own_proxy_user_only(fast, classroom, browser):
    """Ana's link opened by Bruno (the proxy says so): a warm kernel, but Bruno's request,
    so Ana's class session is not his."""
    _db, _store, _code, ana, _bruno = classroom
    context = browser.new_context(extra_http_headers={"X-Forwarded-User": "bruno"})
    try:
        page = context.new_page()
        page.goto(f"{fast}voila/render/{INDEX}?learner={ana.token}")
        page.wait_for_selector(".tutor-classroom", state="visible", timeout=60_000)
        panel = page.locator(".tutor-classroom")
        expect(panel).to_contain_text("Signed in as bruno.")
        expect(panel).not_to_contain_text("You are Ana")
        assert kernel_of(page) in taken_ids(fast)
    finally:
        context.close()


# -- the pool and the bounds ------------------------------------------------------------------

def kernel_processes(server) -> int:
    """The server's kernel processes: those started with a kernel connection file."""
    return sum(1 for child in psutil.Process(server.process.pid).children(recursive=True)
               if any(os.path.basename(part).startswith("kernel-") and part.endswith(".json")
                      for part in child.cmdline()))


def api_status(server, kernel: str) -> int:
    try:
        with _OPENER.open(f"{server}api/kernels/{kernel}", timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as err:
        return err.code


@pytest.fixture(scope="module")
def bounded(voila_factory):
    server = voila_factory.start("voila-fast-bounded", (
        "--TutorKernelManager.max_kernels=3", "--TutorKernelManager.pool_size=2",
        "--TutorKernelManager.unconnected_timeout=2",
        "--TutorKernelManager.unconnected_check_interval=0.5"))
    try:
        wait_pool_full(server)
        yield server
    finally:
        voila_factory.stop(server)


def test_pooled_kernels_fit_within_the_bound_and_are_never_culled(bounded, http_get):
    warm = pooled_ids(bounded)
    assert len(warm) == 2 and kernel_processes(bounded) == 2
    # Idle, never connected, far longer than unconnected_timeout: still there.
    start = bounded.log_size()
    deadline = time.monotonic() + 6
    while time.monotonic() < deadline:
        time.sleep(0.5)  # several culler passes (every 0.5 s)
    assert all(api_status(bounded, k) == 200 for k in warm)
    assert "Culling kernel" not in bounded.log_text(start)

    holders = []
    try:
        def open_page(path: str) -> tuple[int, str]:
            status, _headers, body = http_get(bounded, "/voila/render/" + path)
            if status != 200:
                return status, ""
            kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', body).group(1)
            ws = bounded.replace("http://", "ws://", 1)
            holders.append(websocket.create_connection(
                f"{ws}api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}", timeout=20))
            return status, kernel

        first = open_page(LESSON)[1]
        second = open_page(BARE)[1]                         # not a lesson: its own kernel
        assert first in warm and second not in warm
        assert kernel_processes(bounded) <= 3               # a pooled kernel gave way
        third = open_page(LESSON)[1]
        assert kernel_processes(bounded) <= 3
        assert len({first, second, third}) == 3
        status, _ = open_page(LESSON)                       # three pages: the bound
        assert status == 503
        assert kernel_processes(bounded) == 3
    finally:
        for holder in holders:
            holder.close()
