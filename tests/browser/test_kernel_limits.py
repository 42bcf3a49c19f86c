"""Every page request starts a kernel: the tutor bounds them (``tutor_server.TutorKernelManager``).

Two servers of their own, with small settings so that a few requests reach the limits:

* ``limited``: at most 3 kernels, 2 per client address, the client address taken from
  ``X-Forwarded-For`` (as behind a proxy), so one test process can be several clients;
* ``culling``: a kernel whose page never connects its websocket is shut down 3 s after its
  last activity (the app's setting is 45 s, checked every 10 s: within a minute).

Kernels are held by connecting a websocket to them, as a page does, so only the kernels the
tests let go are shut down. Waits are on state (a status code, a CSS class), never on time.
"""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.error
import urllib.request
import uuid

import pytest
import websocket
from playwright.sync_api import expect

BARE = "tests/browser/fixtures/bare.ipynb"
MAX_KERNELS, PER_CLIENT = 3, 2
UNCONNECTED_TIMEOUT = 3
STATE_TIMEOUT = 60.0  # seconds to wait for a kernel to go (a deadline, not an expectation)

_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@pytest.fixture(scope="module")
def limited(voila_factory):
    server = voila_factory.start("voila-limited", (
        f"--TutorKernelManager.max_kernels={MAX_KERNELS}",
        f"--TutorKernelManager.max_kernels_per_client={PER_CLIENT}",
        "--TutorKernelManager.client_address_header=X-Forwarded-For",
    ))
    try:
        yield server
    finally:
        voila_factory.stop(server)


@pytest.fixture(scope="module")
def culling(voila_factory):
    server = voila_factory.start("voila-culling", (
        f"--TutorKernelManager.unconnected_timeout={UNCONNECTED_TIMEOUT}",
        "--TutorKernelManager.unconnected_check_interval=1",
    ))
    try:
        yield server
    finally:
        voila_factory.stop(server)


def kernel_of(html: str) -> str:
    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', html)
    assert found, html[-2000:]
    return found.group(1)


def kernel_status(server: str, kernel: str) -> int:
    """200 while the kernel runs, 404 once it is gone."""
    try:
        with _OPENER.open(f"{server}api/kernels/{kernel}", timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as err:
        return err.code


def wait_gone(server: str, kernel: str) -> None:
    deadline = time.monotonic() + STATE_TIMEOUT
    while kernel_status(server, kernel) != 404:
        assert time.monotonic() < deadline, f"kernel {kernel} still runs after {STATE_TIMEOUT}s"
        time.sleep(0.2)  # poll interval


def shut_down(server: str, kernel: str) -> None:
    """What a page does when it is left: Voilà's shutdown beacon (double-submit _xsrf)."""
    token = uuid.uuid4().hex
    request = urllib.request.Request(
        f"{server}voila/api/shutdown/{kernel}", data=f"_xsrf={token}".encode(), method="POST",
        headers={"Cookie": f"_xsrf={token}",
                 "Content-Type": "application/x-www-form-urlencoded"})
    with _OPENER.open(request, timeout=30) as response:
        assert response.status == 204
    wait_gone(server, kernel)


class Holder:
    """Pages of one test: GETs as given clients; each kernel obtained is held by a websocket
    (a connected page) until ``release``."""

    def __init__(self, server, http_get):
        self.server, self.http_get = server, http_get
        self.kernels: dict[str, websocket.WebSocket] = {}

    def open(self, client: str | None, lang: str | None = None):
        headers = {"X-Forwarded-For": client} if client else {}
        path = "/voila/render/" + BARE + (f"?lang={lang}" if lang else "")
        status, response_headers, body = self.http_get(self.server, path, headers=headers)
        if status == 200:
            kernel = kernel_of(body)
            ws_url = self.server.replace("http://", "ws://", 1)
            self.kernels[kernel] = websocket.create_connection(
                f"{ws_url}api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}",
                timeout=20)
        return status, response_headers, body

    def release(self, kernel: str) -> None:
        self.kernels.pop(kernel).close()
        shut_down(self.server, kernel)

    def release_all(self) -> None:
        for kernel in list(self.kernels):
            self.release(kernel)


@pytest.fixture
def holder(limited, http_get):
    pages = Holder(limited, http_get)
    try:
        yield pages
    finally:
        pages.release_all()


def assert_busy(status: int, headers: dict, body: str, title: str = "The tutor is busy") -> None:
    assert status == 503, (status, body[-1500:])
    assert int(headers["retry-after"]) > 0
    assert headers["content-type"].startswith("text/html")
    assert f"<h1>{title}</h1>" in body, body
    assert "jupyter-config-data" not in body  # no page, no kernel
    # A small offline page: nothing to fetch, no script.
    links = re.findall(r"""(?:src|href)\s*=\s*["']?([^"' >]*)""", body, re.I)
    assert all(link.startswith("data:") for link in links), links
    assert not re.search(r"<script|@import|url\(", body, re.I), body


def test_kernels_per_client_and_in_all_are_bounded(holder):
    a, b, c = "10.0.0.1", "10.0.0.2", "10.0.0.3"
    assert holder.open(a)[0] == 200
    assert holder.open(a)[0] == 200
    assert_busy(*holder.open(a))                       # a third page for the same address
    assert_busy(*holder.open(f"192.0.2.7, {a}"))       # the proxy's own entry (last) counts
    assert holder.open(b)[0] == 200                    # another device still gets in ...
    assert len(holder.kernels) == MAX_KERNELS
    assert_busy(*holder.open(c))                       # ... until the server is full
    holder.release(next(iter(holder.kernels)))         # a page is left:
    assert holder.open(c)[0] == 200                    # its room is free again


def test_simultaneous_requests_never_pass_the_limit(limited, http_get):
    """Many GETs at once from one address: exactly ``PER_CLIENT`` get a kernel."""
    results: list[tuple[int, str]] = []
    lock = threading.Lock()

    def get() -> None:
        status, _headers, body = http_get(limited, "/voila/render/" + BARE,
                                          headers={"X-Forwarded-For": "10.0.1.1"})
        with lock:
            results.append((status, body))

    threads = [threading.Thread(target=get) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    kernels = [kernel_of(body) for status, body in results if status == 200]
    try:
        assert sorted(status for status, _ in results) == [200] * PER_CLIENT + [503] * 4
    finally:
        for kernel in kernels:
            shut_down(limited, kernel)


def test_busy_page_in_the_browser(holder, limited, record_page):
    """A full server answers a browser with the small busy page, in the page's language,
    and the page fetches nothing (not even from 127.0.0.1)."""
    for client in ("10.0.2.1", "10.0.2.1", "10.0.2.2"):
        assert holder.open(client)[0] == 200
    recorder = record_page(limited)
    # The browser's main document answered 503: Chromium reports it on the console.
    recorder.allow_console_error(r"status of 503 \(Service Unavailable\)")
    page = recorder.page
    response = page.goto(f"{limited}voila/render/{BARE}?lang=pt_BR")
    assert response.status == 503
    assert int(response.headers["retry-after"]) > 0
    expect(page.locator("h1")).to_have_text("O tutor está ocupado")
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")
    assert recorder.requests == [f"{limited}voila/render/{BARE}?lang=pt_BR"]
    assert recorder.websockets == []


def test_busy_page_speaks_persian_right_to_left(holder):
    for client in ("10.0.3.1", "10.0.3.1", "10.0.3.2"):
        assert holder.open(client)[0] == 200
    status, headers, body = holder.open("10.0.3.3", lang="fa")
    assert_busy(status, headers, body, title="آموزگار مشغول است")
    assert '<html lang="fa" dir="rtl">' in body, body[:300]


def test_unconnected_kernels_are_culled_connected_ones_kept(culling, record_page, http_get):
    """A kernel whose page never connects (a script's plain GET) is shut down; a kernel with
    a page is kept, even when it has been idle as long as the one that was culled."""
    recorder = record_page(culling)
    page = recorder.open_lesson(BARE)
    kept = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]

    status, _headers, body = http_get(culling, "/voila/render/" + BARE)
    assert status == 200
    dropped = kernel_of(body)
    wait_gone(culling, dropped)
    # Once more: when this second one goes, the page's kernel (started earlier, idle since
    # before this GET) has been idle longer than the timeout too, and was passed over.
    status, _headers, body = http_get(culling, "/voila/render/" + BARE)
    assert status == 200
    wait_gone(culling, kernel_of(body))

    assert kernel_status(culling, kept) == 200
    page.locator(".bare-button").click()
    expect(page.locator(".bare-label")).to_have_text("clicked 1 times")
    log = culling.log_text()
    assert re.search(rf"Culling kernel {dropped}: no page connected", log), log[-3000:]
    assert not re.search(rf"Culling kernel {kept}", log)
