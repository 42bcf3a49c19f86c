"""Browser-test harness for the Voilà app.

Fixtures
--------
``voila_server`` (session)
    Starts ``python -m voila`` from the repository root (so ``voila.json`` is
    read) on a free loopback port and yields its base URL, e.g.
    ``http://127.0.0.1:41234/`` (a ``str`` that also carries ``.process``,
    ``.port`` and ``.log_path``).  Log: ``test-artifacts/voila-server.log``
    (``voila-server-gw0.log`` and so on under xdist: a server for each worker).
    Its environment (``tutor_server.voila_env()``) also lets it render the
    notebooks of ``tests/browser/fixtures``, a test-only setting: ``make app``
    renders ``lessons/`` only (``tests/browser/test_app_files.py``).
``browser`` (module)
    Headless ``/usr/bin/chromium`` through Playwright's sync API, with fixed,
    quiet flags.  Overrides pytest-playwright's fixture of the same name.
``tutor_page`` / ``page``
    A fresh page in its own browser context, plus a recorder of console
    errors, page errors, request URLs and websocket URLs (``page`` is the bare
    Playwright page of the same recorder).  At teardown it saves a
    screenshot to ``test-artifacts/`` and fails the test if any request left
    127.0.0.1 or any console/page error happened.  Call
    ``tutor_page.allow_console_error(pattern)`` for an expected error.
``record_page``
    ``record_page(server)`` gives a ``TutorPage`` on another server (one the
    test module started), with the same checks at teardown.
``voila_factory`` (session)
    ``voila_factory.start(name, extra_args=(), env=None)`` starts another
    server (log: ``test-artifacts/<name>.log``) for a test module's own
    settings; ``voila_factory.stop(server)`` stops it (all are stopped at the
    end of the session anyway).
``http_get``
    ``http_get(server, "/voila/files/x", headers={...})`` sends one GET with the
    path exactly as written (no ``..`` folding, no proxy) and returns
    ``(status, headers, body_text)``.
``open_lesson``
    ``open_lesson("lessons/index.ipynb")`` navigates to
    ``/voila/render/<path>``, waits until a ``.tutor-ready`` element is
    visible, and returns the Playwright page.

``browser`` and ``page`` deliberately replace pytest-playwright's fixtures
in this folder; its other fixtures (``context``, ``browser_type``...) are not
meant to be used here.
"""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"

from tutor_server import CHROMIUM, CHROMIUM_ARGS, voila_env  # noqa: E402
from tutor_server.stack import free_port  # noqa: E402,F401 (tests import it from here)

SERVER_START_TIMEOUT = 60.0  # seconds; covers a cold import of jupyter_server
READY_TIMEOUT_MS = 60_000  # a lesson runs all its cells before widgets appear
LOCAL_HOSTS = {"127.0.0.1"}
LOCAL_SCHEMES = {"data", "blob", "about"}



# Talk to the local server directly, whatever *_proxy variables say.
_LOOPBACK_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))




def wait_for_http(url: str, proc: subprocess.Popen, timeout: float, log: Path) -> None:
    """Poll ``url`` until it answers 200; fail early if ``proc`` exits."""
    deadline = time.monotonic() + timeout
    last_error: Exception | None = None
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(
                f"voila exited with code {proc.returncode} before serving; see {log}:\n"
                + log.read_text(errors="replace")[-4000:]
            )
        try:
            with _LOOPBACK_OPENER.open(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError,
                http.client.HTTPException) as exc:  # (not HTTP: another program's port)
            last_error = exc
        time.sleep(0.1)  # poll interval, not a wait for readiness
    raise TimeoutError(f"voila did not answer {url} within {timeout}s ({last_error}); see {log}")


def raw_get(server: str, path: str, headers: dict[str, str] | None = None,
            timeout: float = 120.0) -> tuple[int, dict[str, str], str]:
    """GET ``path`` as written (``http.client`` neither folds ``..`` nor reads *_proxy)."""
    parts = urlsplit(server)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        body = response.read().decode(errors="replace")
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    finally:
        conn.close()


class VoilaServer(str):
    """The server's base URL (``http://127.0.0.1:<port>/``), carrying the
    process, port and log path as attributes."""

    process: subprocess.Popen
    port: int
    log_path: Path

    def __new__(cls, port: int, process: subprocess.Popen, log_path: Path):
        url = super().__new__(cls, f"http://127.0.0.1:{port}/")
        url.port, url.process, url.log_path = port, process, log_path
        return url

    @property
    def url(self) -> str:
        return str(self)

    def log_text(self, start: int = 0) -> str:
        with open(self.log_path, "rb") as log:
            log.seek(start)
            return log.read().decode(errors="replace")

    def log_size(self) -> int:
        return self.log_path.stat().st_size

    def execution_errors(self, start: int = 0) -> list[str]:
        """``ename: evalue`` of cells that raised while Voilà ran a notebook
        (Voilà logs them; the page only shows nothing)."""
        found = []
        for line in self.log_text(start).splitlines():
            if "Error at server while executing cell" in line:
                ename = re.search(r"'ename': '([^']*)'", line)
                evalue = re.search(r"""'evalue': (?:'([^']*)'|"([^"]*)")""", line)
                found.append(f"{ename.group(1) if ename else '?'}: "
                             f"{(evalue.group(1) or evalue.group(2)) if evalue else '?'}")
        return found


def start_voila(port: int, log_path: Path, extra_args: tuple[str, ...] = (),
                env: dict[str, str] | None = None) -> VoilaServer:
    """Start ``python -m voila`` from the repository root; ``env`` defaults to ``voila_env()``
    (which allows the test fixtures), with one warm kernel unless ``TRUCO_KERNEL_POOL`` says
    otherwise; ``extra_args`` are added to the command line."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    cmd = [
        sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
        "--Voila.port_retries=0", "--Voila.ip=127.0.0.1", *extra_args,
    ]
    env = voila_env() if env is None else dict(env)
    # One warm kernel is enough to test the pool's path (the tests that count on more set
    # their own): four per test server would only load the machine.
    env.setdefault("TRUCO_KERNEL_POOL", "1")
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            cmd, cwd=REPO, env=env, stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    server = VoilaServer(port, proc, log_path)
    try:
        wait_for_http(server.url, proc, SERVER_START_TIMEOUT, log_path)
    except BaseException:
        stop_voila(server)
        raise
    return server


def stop_voila(server: VoilaServer) -> None:
    """SIGTERM lets Voilà shut its kernels down; SIGKILL only as a fallback."""
    proc = server.process
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@pytest.fixture(scope="session")
def voila_server():
    """One Voilà server for the session; yields its base URL (a ``str``
    that also has ``.process``, ``.port`` and ``.log_path``)."""
    # one log per xdist worker: each worker has its own session server, and two servers
    # writing one file would mix their lines (a test reading its server's log would read the
    # other's)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    name = f"voila-server-{worker}.log" if worker else "voila-server.log"
    server = start_voila(free_port(), ARTIFACTS / name)
    try:
        yield server
    finally:
        stop_voila(server)


class VoilaFactory:
    """Starts and stops extra servers (see ``voila_factory``)."""

    def __init__(self) -> None:
        self.running: list[VoilaServer] = []

    def start(self, name: str, extra_args: tuple[str, ...] = (),
              env: dict[str, str] | None = None) -> VoilaServer:
        server = start_voila(free_port(), ARTIFACTS / f"{name}.log", extra_args, env)
        self.running.append(server)
        return server

    def stop(self, server: VoilaServer) -> None:
        stop_voila(server)
        if server in self.running:
            self.running.remove(server)


@pytest.fixture(scope="session")
def voila_factory():
    factory = VoilaFactory()
    try:
        yield factory
    finally:
        for server in list(factory.running):
            factory.stop(server)


@pytest.fixture(scope="module")
def browser():
    """Headless system Chromium (never a Playwright download), one per module.

    Overrides pytest-playwright's session-wide ``browser`` on purpose: a sync
    Playwright left running for the rest of the session keeps an asyncio loop
    marked as running in the main thread, and every later ``asyncio.run`` in
    the same pytest process (other test folders) would fail.
    """
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        try:
            yield chromium
        finally:
            chromium.close()


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.hostname in LOCAL_HOSTS


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:150]


@dataclass
class TutorPage:
    """A Playwright page with a record of what it did."""

    page: object
    server: VoilaServer
    name: str
    requests: list[str] = field(default_factory=list)
    websockets: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    allowed_errors: list[re.Pattern] = field(default_factory=list)

    def attach(self) -> None:
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("websocket", lambda ws: self.websockets.append(ws.url))
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda error: self.page_errors.append(str(error)))

    def _on_console(self, message) -> None:
        if message.type == "error":
            location = message.location or {}
            self.console_errors.append(f"{message.text} ({location.get('url', '?')})")

    def allow_console_error(self, pattern: str) -> None:
        self.allowed_errors.append(re.compile(pattern))

    @property
    def base_url(self) -> str:
        return str(self.server)

    def open_lesson(self, path: str, timeout_ms: int = READY_TIMEOUT_MS):
        """Render ``path`` (relative to the repository root) and wait for ``.tutor-ready``.

        Fails at once, with the exception's name and message, if a cell of the
        notebook raises while Voilà runs it (the page would never get ready).
        """
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        log_start = self.server.log_size()
        deadline = time.monotonic() + timeout_ms / 1000
        # Voilà sends the page while it runs the cells, and the document's "load" comes only
        # when they are done: the one deadline is ``timeout_ms`` for the page to be ready, not
        # Playwright's 30 s for "load" (a fresh server under the other worker's load took longer).
        self.page.goto(f"{self.base_url}voila/render/{path.lstrip('/')}",
                       wait_until="commit", timeout=timeout_ms)
        while True:
            try:
                # Short slices so a failing notebook is reported without the full wait.
                self.page.wait_for_selector(".tutor-ready", state="visible", timeout=500)
                return self.page
            except PlaywrightTimeout:
                pass
            errors = self.server.execution_errors(log_start)
            if errors:
                raise AssertionError(f"{path}: a cell raised while Voilà ran it: {errors}")
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{path}: no visible .tutor-ready after {timeout_ms} ms; the page shows: "
                    f"{self._what_the_page_shows()!r}; server log tail:\n"
                    + self.server.log_text(log_start)[-3000:]
                )

    def _what_the_page_shows(self) -> str:
        """For a page that never got ready: its loading screen's words or the start of its
        text, and how many widget views it has (is it waiting on the kernel or the views?)."""
        try:
            return self.page.evaluate("""() => {
                const text = (document.body ? document.body.innerText : "").trim();
                const views = document.querySelectorAll(".jupyter-widgets").length;
                return `${views} widget views; ` + text.slice(0, 400);
            }""")
        except Exception as err:  # a page that crashed or closed
            return f"(page not readable: {type(err).__name__})"

    def screenshot(self, label: str = "") -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{_slug(self.name)}{'-' + _slug(label) if label else ''}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def external_urls(self) -> list[str]:
        return [url for url in self.requests + self.websockets if not is_local(url)]

    def unexpected_errors(self) -> list[str]:
        errors = self.console_errors + [f"pageerror: {e}" for e in self.page_errors]
        return [e for e in errors if not any(p.search(e) for p in self.allowed_errors)]


@contextmanager
def _recorded_page(browser, server: VoilaServer, name: str):
    """A fresh page (own browser context), recorded and checked when the block ends."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(30_000)
    recorder = TutorPage(page=page, server=server, name=name)
    recorder.attach()
    try:
        yield recorder
        if recorder.requests:
            try:
                recorder.screenshot()
            except Exception as exc:  # a screenshot must not hide the real result
                print(f"screenshot failed: {exc}", file=sys.stderr)
    finally:
        # Leave the page as a learner does, so its kernel is shut down at once (the template's
        # shutdown beacon); closing the context alone sends no beacon, and a long session's
        # kernels then piled up until the server's kernel bound answered "busy" (503).
        try:
            page.goto("about:blank", wait_until="load", timeout=10_000)
        except Exception as exc:  # a page that cannot be left still gets closed
            print(f"leaving the page failed: {exc}", file=sys.stderr)
        context.close()
    external = recorder.external_urls()
    errors = recorder.unexpected_errors()
    assert not external, f"requests left 127.0.0.1: {external}"
    assert not errors, "console/page errors:\n" + "\n".join(errors)


@pytest.fixture
def tutor_page(browser, voila_server, request):
    """A fresh page (own browser context), recorded and checked at teardown."""
    with _recorded_page(browser, voila_server, request.node.nodeid) as recorder:
        yield recorder


@pytest.fixture
def record_page(browser, request):
    """``record_page(server) -> TutorPage``: like ``tutor_page``, on a server the test started
    (checked at teardown: no request off 127.0.0.1, no unexpected console error)."""
    with ExitStack() as stack:
        def make(server: VoilaServer) -> TutorPage:
            return stack.enter_context(_recorded_page(browser, server, request.node.nodeid))
        yield make


@pytest.fixture
def page(tutor_page):
    """The Playwright page of ``tutor_page`` (same checks at teardown).

    Overrides pytest-playwright's ``page``, whose session-wide Playwright
    must not be started here (see ``browser``)."""
    return tutor_page.page


@pytest.fixture
def http_get():
    """``http_get(server, path, headers=None) -> (status, headers, body)``, see ``raw_get``."""
    return raw_get


@pytest.fixture
def open_lesson(tutor_page):
    """``open_lesson(path) -> page``: render a notebook and wait for ``.tutor-ready``."""
    return tutor_page.open_lesson
