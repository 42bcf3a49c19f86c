"""What `make app` serves: the lessons, and nothing else of the repository.

The session's ``voila_server`` may render the test fixtures (a test-only setting in
``tutor_server.voila_env()``); this module starts a second server with the environment
`make app` gives Voilà, and checks that screenshots, fixtures, the README, the classroom
database and path traversal attempts all get 403 or 404 from it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tutor_server import voila_env

REPO = Path(__file__).resolve().parents[2]
PROBE = REPO / "test-artifacts" / "served-probe.png"  # a screenshot-like file that must never be served
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 24
BARE = "tests/browser/fixtures/bare.ipynb"

REFUSED = [
    "/voila/files/test-artifacts/served-probe.png",
    "/voila/render/tests/browser/fixtures/bare.ipynb",
    "/voila/render/tests/browser/fixtures/mermaid.ipynb",
    "/voila/files/tests/browser/fixtures/bare.ipynb",
    "/voila/files/README.md",
    "/voila/files/voila.json",
    "/voila/files/.classroom/classroom.db",
    "/voila/files/widgets/server/__init__.py",
    "/voila/files/widgets/server/pool.py",
]
# Voilà's own static handlers; a traversal there must not be served, but Voilà's template
# handler answers one with 500 (an assertion in its URL parsing), not 403/404.
STATIC_TRAVERSALS = [
    "/voila/static/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/voila/static/../../../../../../etc/passwd",
    "/voila/templates/lab/static/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/voila/templates/lab/static/../../../../README.md",
    "/voila/labextensions/..%2f..%2f..%2f..%2f..%2fREADME.md",
]
TRAVERSALS = [
    "/voila/files/lessons/../test-artifacts/served-probe.png",
    "/voila/files/lessons/%2e%2e/test-artifacts/served-probe.png",
    "/voila/files/lessons%2f..%2ftest-artifacts%2fserved-probe.png",
    "/voila/files/lessons/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/voila/files/..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/voila/render/lessons/../tests/browser/fixtures/bare.ipynb",
    "/voila/render/lessons/%2e%2e/tests/browser/fixtures/bare.ipynb",
    "/voila/render/lessons%2f..%2ftests%2fbrowser%2ffixtures%2fbare.ipynb",
    "/voila/render/..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/voila/render/lessons/..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/voila/tree/..%2f..%2f..%2fetc",
    "/voila/api/contents/..%2f..%2f..%2fetc",
]


def make_app_env() -> dict[str, str]:
    """The environment `make app` gives Voilà: Jupyter's folders under .jupyter-home and
    share/jupyter on the Jupyter paths, without the tests' extra notebook folder."""
    return voila_env(test_notebooks=False)


@pytest.fixture(scope="module")
def app_server(voila_factory):
    PROBE.parent.mkdir(parents=True, exist_ok=True)
    PROBE.write_bytes(PNG)
    server = voila_factory.start("voila-app-config", env=make_app_env())
    try:
        yield server
    finally:
        voila_factory.stop(server)
        PROBE.unlink(missing_ok=True)


def assert_refused(status: int, body: str, path: str) -> None:
    assert status in (403, 404), f"{path} answered {status}"
    assert "PNG" not in body[:8] and "root:" not in body and "# Truco Tutor" not in body, path
    assert "jupyter-config-data" not in body, f"{path} rendered a notebook"


@pytest.mark.parametrize("path", REFUSED)
def test_app_serves_nothing_outside_the_lessons(app_server, http_get, path):
    status, _headers, body = http_get(app_server, path)
    assert_refused(status, body, path)


def get_following(http_get, server, path):
    """GET, following Voilà's redirects (a /voila/render/ address of a file that is not a
    notebook is redirected to /voila/files/) on the same server."""
    for _ in range(5):
        status, headers, body = http_get(server, path)
        if status not in (301, 302, 303, 307, 308):
            return status, body
        location = urlsplit(headers["location"])
        assert location.hostname in (None, "127.0.0.1"), headers["location"]
        path = location.path + (f"?{location.query}" if location.query else "")
    raise AssertionError(f"redirect loop from {path}")


@pytest.mark.parametrize("path", TRAVERSALS)
def test_app_refuses_path_traversal(app_server, http_get, path):
    status, body = get_following(http_get, app_server, path)
    assert_refused(status, body, path)


@pytest.mark.parametrize("path", STATIC_TRAVERSALS)
def test_app_static_files_refuse_path_traversal(app_server, http_get, path):
    status, body = get_following(http_get, app_server, path)
    assert status in (403, 404, 500), f"{path} answered {status}"
    assert "root:" not in body and "# Truco Tutor" not in body, path


def test_app_still_serves_the_lessons(app_server, http_get):
    status, _headers, body = http_get(app_server, "/voila/render/lessons/index.ipynb")
    assert status == 200
    assert re.search(r'"kernelId": "[0-9a-f-]{36}"', body)
    status, _headers, body = http_get(app_server, "/voila/api/contents")  # the directory page's
    assert status == 200 and "lessons" in [item["name"] for item in json.loads(body)["content"]]


def test_the_test_server_renders_the_fixtures(app_server, voila_server, http_get):
    """Control for the refusals above: the probe file is there, and the session's test server
    (same code and configuration, plus the test-only folder) does render the fixtures."""
    assert PROBE.read_bytes() == PNG
    status, _headers, body = http_get(voila_server, "/voila/render/" + BARE)
    assert status == 200 and "jupyter-config-data" in body


def test_app_start_page_works_in_the_browser(app_server, record_page):
    """Everything a lesson page fetches is still served under the app's policy (a refused
    file would be a console error, which record_page fails on)."""
    recorder = record_page(app_server)
    page = recorder.open_lesson("lessons/index.ipynb")
    assert page.locator(".tutor-ready").first.is_visible()
    paths = [urlsplit(url).path for url in recorder.requests]
    assert not [p for p in paths if p.startswith("/voila/files/")], paths


def test_app_log_states_its_kernel_limits(app_server):
    """`make app` runs with bounded kernels: the tutor's kernel manager says so at start."""
    log = app_server.log_text()
    found = re.search(r"Truco Tutor kernels: at most (\d+) at once, (\d+) per client address "
                      r"\(loopback not counted\), notebooks from \['lessons'\]", log)
    assert found, log[-3000:]
    assert 2 <= int(found.group(1)) <= 200
    assert int(found.group(2)) >= 1
