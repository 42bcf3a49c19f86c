"""Replicas behind a load balancer, for real: HAProxy (deploy/haproxy/haproxy.cfg) in front of
two tutor servers on one PostgreSQL, learners in Chromium.

* the limits on tries are counted in the database, so they hold across servers (10 joins per
  device in all, not 10 per server);
* the server a learner is on is killed: the page says so, its Reload lands on the other server,
  at the step the learner reached, with every acknowledged answer stored;
* a live lesson led from the teacher's page on one server reaches learners whose pages are on
  the other: the live state goes through the database;
* a third server added while learners answer takes the new pages; a server drained and then
  stopped gently loses no answer.

The tests run in this order, on one set of servers (the module's fixture), as the servers'
story does: a kill, an addition, a drain.
"""
from __future__ import annotations

import importlib.util
import re
import sys

import pytest
from playwright.sync_api import expect

from widgets.classroom.limits import JOIN

from lesson_steps import answer_right, ready, step_count

harness = sys.modules["truco_browser_harness"]  # loaded by this folder's conftest.py
_spec = importlib.util.spec_from_file_location(
    "truco_live_steps", harness.__file__.replace("conftest.py", "live_steps.py"))
live_steps = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(live_steps)

LESSON = "lessons/03_tricks.ipynb"


@pytest.fixture
def learner(browser, replicas, request):
    """A new learner's browser (own context): ``open(path)`` opens a page through HAProxy (a
    new tab with ``tab=True``); ``server()`` is the server the last page is on."""
    contexts = []

    class Learner:
        def __init__(self):
            self.context = browser.new_context(viewport={"width": 1280, "height": 900})
            contexts.append(self.context)
            self.page = None

        def open(self, path: str, tab: bool = False):
            if self.page is None or tab:
                self.page = self.context.new_page()
                self.page.set_default_timeout(30_000)
            self.page.goto(f"{replicas.url}voila/render/{path}", wait_until="commit",
                           timeout=60_000)
            ready(self.page)
            return self.page

        def server(self) -> str:
            return replicas.server_of(self.page)

    yield Learner
    for index, context in enumerate(contexts):
        for tab, page in enumerate(context.pages):
            page.screenshot(path=str(harness.ARTIFACTS / (
                f"replicas-{request.node.name}-{index}-{tab}.png")), full_page=True)
        context.close()


def join_try(page, code: str) -> str:
    """A try on this page to join with ``code`` (a new code each time); what the page says."""
    panel = page.locator(".tutor-classroom")
    panel.locator(".tutor-learner-name input").fill("Eve")
    panel.locator(".tutor-class-code input").fill(code)
    panel.get_by_role("button", name="Join the class").click()
    said = panel.locator(".tutor-feedback")
    expect(said).to_contain_text(re.compile(f"{code}|Too many"))
    return said.inner_text()


def test_join_limits_hold_across_servers(replicas, learner):
    """Ten wrong class codes from one device, five on each server, then an eleventh: refused
    for the device, although each server saw only five."""
    eve = learner()
    said, servers = [], []
    for _server in range(2):
        # A second tab without the affinity cookie: HAProxy's leastconn sends it to the
        # server that does not hold the first tab's page. The browser's id is the same.
        eve.context.clear_cookies()
        page = eve.open("lessons/index.ipynb", tab=True)
        servers.append(eve.server())
        said += [join_try(page, f"NOPE{n}{len(servers)}") for n in range(JOIN.page)]
    assert sorted(servers) == ["tutor1", "tutor2"]
    assert all(text.startswith("There is no class NOPE") for text in said), said
    assert JOIN.client == len(said) == 10
    page = eve.open("lessons/index.ipynb", tab=True)
    assert join_try(page, "NOPE99") == (
        f"Too many tries to join from this device: wait {JOIN.window // 60:.0f} min, then "
        "try again.")
    clients = replicas.store._all("SELECT client FROM attempts WHERE kind = 'join'")
    assert len(clients) == 10 and len(set(clients)) == 1, clients


def test_a_live_lesson_across_two_servers(replicas, learner):
    """The teacher's page on one server, the learners' on the other, one database between
    them: the question, the answers counted, the reveal, Next and the end all cross."""
    code = replicas.store.create_class("Room 9")
    ana, bia = (replicas.store.join(code, name) for name in ("Ana", "Bia"))
    one, other = replicas.servers["tutor1"], replicas.servers["tutor2"]
    teacher = learner().context.new_page()
    teacher.set_default_timeout(30_000)
    live_steps.open_teacher(teacher, one.url, replicas.passcode, code)
    teacher.get_by_role("button", name="Start a live lesson").click()
    projector = teacher.locator(".tutor-live-projector")
    expect(projector.locator(".tutor-live-count")).to_have_text("0 of 2 have answered")
    seats = []
    for who in (ana, bia):
        page = learner().context.new_page()
        page.set_default_timeout(30_000)
        page.goto(f"{other.url}voila/render/lessons/live.ipynb?learner={who.token}",
                  wait_until="commit", timeout=60_000)
        live_steps.ready(page)
        assert replicas.server_of(page) == "tutor2"
        seats.append(page)
    assert replicas.server_of(teacher) == "tutor1"
    live_steps.answer(seats[0], True)
    live_steps.answer(seats[1], False)
    expect(projector.locator(".tutor-live-count")).to_have_text("2 of 2 have answered")
    projector.get_by_role("button", name="Reveal the answer").click()
    expect(projector.locator(".tutor-live-why")).to_contain_text("Right: 50%")
    for page, tone in zip(seats, ("right", "wrong")):
        expect(page.locator(".tutor-live-seat .tutor-feedback .tutor-msg")).to_have_attribute(
            "data-tone", tone)
    projector.get_by_role("button", name="Next question").click()
    for page in seats:
        expect(page.locator(".tutor-live-status")).to_contain_text("question 2 of 10")
    live_steps.answer(seats[1], True)
    expect(projector.locator(".tutor-live-count")).to_have_text("1 of 2 have answered")
    projector.get_by_role("button", name="End the live lesson").click()
    expect(seats[1].locator(".tutor-live-seat .tutor-feedback")).to_contain_text(
        "Right answers: 1 of 2.")
    stored = [r for r in replicas.store.class_answers(code) if r[2] == "live"]
    assert sorted(r[1] for r in stored) == ["Ana", "Bia", "Bia"]


def test_a_killed_server_s_learner_reloads_onto_the_other(replicas, learner):
    code = replicas.store.create_class("Room 5")
    ana = replicas.store.join(code, "Ana")
    browser = learner()
    page = browser.open(f"{LESSON}?learner={ana.token}")
    first = browser.server()
    answer_right(page)
    answer_right(page)
    expect(page.locator(".tutor-step-count").first).to_have_text(re.compile(r"Step 3 of \d+"))
    assert len(replicas.store.answers_of(ana)) == 2

    replicas.kill(first)
    note = page.locator("#tutor-lost")
    expect(note).to_be_visible(timeout=30_000)
    note.get_by_role("button").click()
    ready(page)
    assert browser.server() != first
    # At the step reached, nothing acknowledged lost, and the next answer goes on from there.
    assert re.fullmatch(r"Step 3 of \d+", step_count(page))
    answer_right(page)
    answers = replicas.store.answers_of(ana)
    assert [a.seq for a in answers] == [1, 2, 3] and all(a.right for a in answers)
    assert re.search(rf"{first}.*(DOWN|is DOWN)", replicas.proxy.log_text())


def test_an_added_server_takes_new_pages_and_a_drained_one_loses_nothing(replicas, learner):
    survivor = next(name for name, s in replicas.servers.items() if s.process.poll() is None)
    code = replicas.store.create_class("Room 6")
    cid, bea = replicas.store.join(code, "Cid"), replicas.store.join(code, "Bea")
    before = learner()
    answering = before.open(f"{LESSON}?learner={cid.token}")
    assert before.server() == survivor  # the one server left

    added = replicas.start("tutor3")
    replicas.proxy.add_server("tutor3", f"127.0.0.1:{added.port}")
    replicas.proxy.wait_state("tutor3", "UP")
    answer_right(answering)  # nothing stops for those who were answering
    first = learner()
    page = first.open(f"{LESSON}?learner={bea.token}")
    # leastconn: the new server holds no page, so the next new learner lands there, and keeps
    # to it: the added server has an affinity cookie of its own (not an empty, expired one).
    assert first.server() == "tutor3"
    affinity = {c["name"]: c["value"] for c in first.context.cookies()}.get("TUTOR_SERVER")
    assert affinity, first.context.cookies()
    answer_right(page)

    replicas.proxy.command("set server tutors/tutor3 state drain")
    replicas.proxy.wait_state("tutor3", "DRAIN")
    answer_right(page)  # a drained server still serves the pages it has
    newcomer = learner()
    newcomer.open("lessons/index.ipynb")
    assert newcomer.server() == survivor  # new pages go elsewhere
    assert len(replicas.store.answers_of(bea)) == 2

    replicas.stop_server("tutor3")  # gently: SIGTERM, its kernels shut down
    note = page.locator("#tutor-lost")
    expect(note).to_be_visible(timeout=30_000)
    note.get_by_role("button").click()
    ready(page)
    assert first.server() == survivor
    assert re.fullmatch(r"Step 3 of \d+", step_count(page))
    answer_right(page)
    assert [a.seq for a in replicas.store.answers_of(bea)] == [1, 2, 3]
    answer_right(answering)
    assert [a.seq for a in replicas.store.answers_of(cid)] == [1, 2]
