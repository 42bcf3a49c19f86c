"""Leaving a page shuts its kernel down at once (no 403, no kernel left for the culler).

The page's front-end (the tutor's, widgets/frontend, like Voilà's widget manager) sends
``POST /voila/api/shutdown/<kernel>`` as a beacon when a page is left, with the ``_xsrf``
cookie's value as its ``_xsrf`` field. Standalone Voilà never sets that
cookie, so the tutor's page template sets a random one (see
``share/jupyter/voila/templates/tutor/index.html.j2``). Without it the post is refused with 403
(a console error, which the ``tutor_page`` fixture fails on) and the kernel stays alive.
"""
from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request

from playwright.sync_api import expect

LESSON = "lessons/index.ipynb"
NEXT_PAGE = "tests/browser/fixtures/bare.ipynb"
SHUTDOWN_TIMEOUT = 20.0  # seconds for the beacon to arrive and the kernel to stop

# Talk to the local server directly, whatever *_proxy variables say.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def kernel_id(page) -> str:
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    assert config.get("kernelId"), config
    return config["kernelId"]


def kernel_status(base_url: str, kernel: str) -> int:
    """HTTP status of GET /api/kernels/<kernel>: 200 while it runs, 404 once it is gone."""
    try:
        with _OPENER.open(f"{base_url}api/kernels/{kernel}", timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as err:
        return err.code


def wait_for_status(base_url: str, kernel: str, status: int, timeout: float) -> int:
    deadline = time.monotonic() + timeout
    while True:
        now = kernel_status(base_url, kernel)
        if now == status or time.monotonic() > deadline:
            return now
        time.sleep(0.2)  # poll interval


def shutdown_posts(log: str, kernel: str) -> list[str]:
    return [line for line in log.splitlines()
            if f"/voila/api/shutdown/{kernel}" in line and re.search(r"\b403\b", line)]


def leave_and_check(tutor_page, kernel: str, log_start: int) -> None:
    """Navigate to another page; the old page's kernel must be shut down, without a 403."""
    base = tutor_page.base_url
    assert kernel_status(base, kernel) == 200, "the page's kernel should be running"
    tutor_page.open_lesson(NEXT_PAGE)
    assert kernel_id(tutor_page.page) != kernel
    status = wait_for_status(base, kernel, 404, SHUTDOWN_TIMEOUT)
    log = tutor_page.server.log_text(log_start)
    assert not shutdown_posts(log, kernel), shutdown_posts(log, kernel)
    assert status == 404, (f"kernel {kernel} still answers {status} {SHUTDOWN_TIMEOUT} s after "
                           f"its page was left; server log:\n{log[-3000:]}")


def test_leaving_a_page_shuts_its_kernel_down(tutor_page):
    log_start = tutor_page.server.log_size()
    page = tutor_page.open_lesson(LESSON)
    kernel = kernel_id(page)
    first = {c["name"]: c for c in page.context.cookies(tutor_page.base_url)}
    leave_and_check(tutor_page, kernel, log_start)
    # The template set a random _xsrf cookie for the whole site, kept from other sites ...
    assert "_xsrf" in first, first
    xsrf = first["_xsrf"]
    assert re.fullmatch(r"[0-9a-f]{32}", xsrf["value"]), xsrf
    assert xsrf["path"] == "/" and xsrf["sameSite"] == "Strict", xsrf
    # ... and the next page kept it (it is only set when missing).
    after = {c["name"]: c["value"] for c in page.context.cookies(tutor_page.base_url)}
    assert after["_xsrf"] == xsrf["value"]
    expect(page.locator(".tutor-ready")).to_be_visible()


def test_an_existing_xsrf_cookie_is_kept(tutor_page):
    """A cookie the server (or an earlier page) set is used as it is, never replaced."""
    token = "0123456789abcdef" * 2
    tutor_page.page.context.add_cookies([{"name": "_xsrf", "value": token,
                                          "url": tutor_page.base_url}])
    log_start = tutor_page.server.log_size()
    page = tutor_page.open_lesson(NEXT_PAGE)
    kernel = kernel_id(page)
    values = [c["value"] for c in page.context.cookies(tutor_page.base_url)
              if c["name"] == "_xsrf"]
    assert values == [token], values
    leave_and_check(tutor_page, kernel, log_start)
