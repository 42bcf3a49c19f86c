"""The tutor on JupyterHub, for real: the hub (deploy/jupyterhub/jupyterhub_config.py, run as
the README says, from another folder, with the dummy authenticator and a password on the
command line), its proxy (npm's configurable-http-proxy), the hub's database and the
classroom's on a throwaway PostgreSQL, learners signing in in Chromium.

* learners sign in and land on the tutor; their progress is the hub user's, in the database;
* a learner's server is killed (SIGKILL): the page says so, Reload brings a new server (the hub
  spawns it) at the step reached, nothing acknowledged lost;
* the hub restarts while the proxy runs: open pages keep answering;
* a learner cannot open another's server, nor reach the contents API, a terminal, JupyterLab,
  or run code in their own kernel; a teacher (the hub's teachers group) opens the teacher page
  without a passcode, a learner does not.
"""
from __future__ import annotations

import json
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tutor_server.stack import JupyterHub, Postgres, family, kill_all
from widgets.classroom.config import Settings
from widgets.classroom.store import open_store

from lesson_steps import answer_right, ready, step_count

harness = sys.modules["truco_browser_harness"]  # loaded by this folder's conftest.py
REPO = Path(__file__).resolve().parents[2]
CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PASSWORD = "a-hub-password"
LESSON = "lessons/03_tricks.ipynb"
TIMEOUT = 90.0  # seconds for the hub to be up or a server to come back (a deadline)
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class Hub(JupyterHub):
    """The hub on a throwaway PostgreSQL (its own database and the classroom's), with "tea"
    in the teachers group."""

    def __init__(self, tmp: Path):
        self.postgres = Postgres()
        self.classroom_db = self.postgres.database()
        self.store = open_store(Settings(database=self.classroom_db))
        hub_db = self.postgres.database().replace("postgresql://", "postgresql+psycopg://")
        try:
            super().__init__(tmp, hub_db, {"TRUCO_CLASSROOM_DB": self.classroom_db,
                                           "TRUCO_HUB_TEACHERS": "tea"},
                             PASSWORD, harness.ARTIFACTS, TIMEOUT)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        super().stop()
        self.store.close()
        self.postgres.stop()


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    stack = Hub(tmp_path_factory.mktemp("hub"))
    try:
        yield stack
    finally:
        stack.stop()


@pytest.fixture
def sign_in(browser, hub, request):
    """``sign_in(*users)``: each user signs in in a browser of their own, all at once (the
    hub spawns their servers side by side); their start pages, once ready."""
    contexts = []

    def sign_in(*users):
        pages = []
        for user in users:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            contexts.append(context)
            page = context.new_page()
            page.set_default_timeout(60_000)
            page.goto(f"{hub.url}hub/login")
            page.locator("input[name=username]").fill(user)
            page.locator("input[name=password]").fill(PASSWORD)
            page.locator("input[type=submit], button[type=submit]").first.click()
            pages.append(page)
        for user, page in zip(users, pages):
            page.wait_for_url(re.compile(rf"/user/{user}/voila/render/lessons/index\.ipynb"),
                              timeout=TIMEOUT * 1000)
            ready(page)
        return pages

    yield sign_in
    for index, context in enumerate(contexts):
        for page in context.pages:
            page.screenshot(path=str(harness.ARTIFACTS / f"hub-{request.node.name}-{index}.png"),
                            full_page=True)
        context.close()


def open_lesson(page, hub, user: str):
    page.goto(f"{hub.url}user/{user}/voila/render/{LESSON}", wait_until="commit")
    ready(page)
    return page


def stored_steps(hub, user: str) -> dict:
    return hub.store.passed_steps("user:" + user, "03_tricks")


def test_learners_sign_in_and_a_killed_server_comes_back(hub, sign_in):
    users = ("ana", "bea", "cid")
    pages = {user: open_lesson(page, hub, user) for user, page in zip(users, sign_in(*users))}
    for page in pages.values():
        answer_right(page)
        answer_right(page)
    for user, page in pages.items():
        assert re.fullmatch(r"Step 3 of \d+", step_count(page)), user
        assert len(stored_steps(hub, user)) == 2, (user, hub.store._all(
            "SELECT learner_key, lesson, step FROM step_progress"))

    server = hub.server_process("ana")
    kill_all(family(server.pid))
    page = pages["ana"]
    note = page.locator("#tutor-lost")
    expect(note).to_be_visible(timeout=30_000)
    note.get_by_role("button").click()
    # The hub sees the server gone and spawns it again; the page comes back at the step.
    page.wait_for_selector(".tutor-step-count", timeout=TIMEOUT * 1000)
    ready(page)
    assert re.fullmatch(r"Step 3 of \d+", step_count(page))
    assert hub.server_process("ana").pid != server.pid
    answer_right(page)
    assert len(stored_steps(hub, "ana")) == 3
    for user in ("bea", "cid"):  # the others never noticed
        answer_right(pages[user])
        assert len(stored_steps(hub, user)) == 3

    # The hub restarts while the proxy and the servers run: the open pages keep answering.
    hub.stop_hub()
    answer_right(pages["bea"])
    hub.start()
    answer_right(pages["cid"])
    answer_right(pages["bea"])  # through the proxy the new hub took over
    assert len(stored_steps(hub, "bea")) == 5 and len(stored_steps(hub, "cid")) == 4
    for user in ("bea", "cid"):  # their connections were never cut
        expect(pages[user].locator("#tutor-lost")).to_be_hidden()


FORGED_CODE = """async ([url, proof]) => {
  const ws = new WebSocket(url);
  const seen = [];
  await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = fail; });
  const send = (type, content) => {
    const id = crypto.randomUUID();
    ws.send(JSON.stringify({header: {msg_id: id, msg_type: type, username: '', session: 'x',
      date: '', version: '5.3'}, parent_header: {}, metadata: {}, content, channel: 'shell',
      buffers: []}));
    return id;
  };
  const forged = send('execute_request', {code: `open(${JSON.stringify(proof)}, 'w')`,
    silent: false, store_history: false, user_expressions: {}, allow_stdin: false});
  const asked = send('kernel_info_request', {});
  await new Promise((ok) => { ws.onmessage = (e) => { const m = JSON.parse(e.data);
    seen.push([m.msg_type, (m.parent_header || {}).msg_id === forged]);
    if ((m.parent_header || {}).msg_id === asked && m.msg_type === 'kernel_info_reply') ok(); };
  });
  ws.close();
  return seen;
}"""


def refused(page, url: str) -> bool:
    """The learner's own browser (their cookies) asks for ``url``: refused (403, 404), or sent
    away to a page that is not that resource (the hub, the tutor's start page)."""
    response = page.request.get(url, max_redirects=0)
    if response.status in (403, 404):
        return True
    where = response.headers.get("location", "")
    return response.status in (301, 302, 303, 307) and (
        "/hub/" in where or where.endswith("/voila/render/lessons/index.ipynb"))


def test_a_learner_reaches_only_the_tutor_on_their_own_server(hub, sign_in, tmp_path):
    page, _other = sign_in("ana", "bea")  # both servers run (signing in again spawns none)
    base = f"{hub.url}user/ana/"
    for path in ("api/contents", "api/contents/lessons/01_ranking.ipynb", "api/terminals",
                 "terminals/1", "lab", "tree", "api/kernelspecs", "api/sessions", "files/README.md",
                 "voila/render/tests/browser/fixtures/seeded_steps.ipynb",  # not a lesson
                 "voila/files/README.md"):
        # (Voilà's directory page, voila/tree/, is the app's own, as under `make app`: it lists
        # names; what it links to is refused above unless it is a lesson.)
        assert refused(page, base + path), path
    started = page.evaluate(
        "async (u) => (await fetch(u, {method: 'POST', body: '{}', headers: "
        "{'X-XSRFToken': (document.cookie.match(/_xsrf=([^;]+)/) || [])[1] || ''}})).status",
        base + "api/kernels")
    assert started in (403, 404), started
    # Code of one's own, over the page's own kernel websocket: dropped, never run.
    kernel = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    proof = tmp_path / "ran"
    seen = page.evaluate(FORGED_CODE, [
        f"{hub.url.replace('http', 'ws', 1)}user/ana/api/kernels/{kernel}/channels", str(proof)])
    assert ["kernel_info_reply", False] in seen
    assert not [kind for kind, forged in seen if forged], seen
    assert not proof.exists()
    # Another learner's server: the hub refuses ana, and never shows bea's page.
    response = page.goto(f"{hub.url}user/bea/voila/render/lessons/index.ipynb")
    assert response.status == 403, (response.status, page.url)
    assert page.locator(".tutor-ready").count() == 0


def test_the_teacher_page_opens_for_the_teachers_group_only(hub, sign_in):
    teacher_page, learner_page = sign_in("tea", "cid")
    for page, user in ((teacher_page, "tea"), (learner_page, "cid")):
        page.goto(f"{hub.url}user/{user}/voila/render/lessons/teacher.ipynb", wait_until="commit")
        ready(page)
    teacher = teacher_page.locator(".tutor-teacher")
    expect(teacher.locator(".tutor-passcode input")).to_be_hidden()
    expect(teacher.locator(".tutor-feedback")).to_contain_text("Welcome.")
    expect(learner_page.locator(".tutor-teacher .tutor-feedback")).to_contain_text(
        "This page is for teachers.")
    expect(learner_page.locator(".tutor-teacher table")).to_have_count(0)
