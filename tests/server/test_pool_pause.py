"""The pool's warm-up steps aside while a page's kernel answers (tutor_server/pause.py): a
kernel still warming is stopped from a page's message until that page's kernel is idle, and is
never left stopped for a page that takes it, a shutdown, or a page busy for too long."""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time

import psutil
import pytest
from jupyter_client.session import Session

from tutor_server import TutorKernelManager, pause, pool
from tutor_server.websocket import _is_idle_status


@pytest.fixture
def sleeper():
    """A process standing in for a warming kernel."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield proc
    proc.kill()
    proc.wait()


def _settles(pid: int, want_stopped: bool) -> bool:
    """Whether process ``pid`` is (or becomes within 2 s: a signal takes effect at once, the
    status shows it soon after) stopped, as wanted."""
    deadline = time.monotonic() + 2
    while True:
        now_stopped = psutil.Process(pid).status() == psutil.STATUS_STOPPED
        if now_stopped == want_stopped or time.monotonic() > deadline:
            return now_stopped == want_stopped
        time.sleep(0.01)


def stopped(pid: int) -> bool:
    return _settles(pid, True)


def running(pid: int) -> bool:
    return _settles(pid, False)


def manager_with_warming(pid: int, ready: bool = False) -> TutorKernelManager:
    manager = TutorKernelManager(pool_size=2)
    entry = pool._Pooled("warming", "python3", {})
    loop = asyncio.new_event_loop()
    try:
        entry.task = loop.create_future()
        if ready:
            entry.task.set_result("warming")
    finally:
        loop.close()
    manager._pool.append(entry)
    manager._pool_ids.add("warming")
    manager._kernel_pid = lambda kernel_id: pid if kernel_id == "warming" else None
    return manager


def test_a_page_message_stops_the_warm_up_until_the_page_is_idle(sleeper):
    manager = manager_with_warming(sleeper.pid)
    manager.page_busy("page-a")
    manager.page_busy("page-b")
    assert stopped(sleeper.pid) and manager.pause_count() == 1
    manager.page_idle("page-a")
    assert stopped(sleeper.pid)  # page b is still answering
    manager.page_idle("page-b")
    assert running(sleeper.pid) and manager.pause_count() == 0


def test_a_pooled_kernels_own_messages_and_ready_kernels_stop_nothing(sleeper):
    manager = manager_with_warming(sleeper.pid)
    manager.page_busy("warming")  # the pool's own warm-up talking to its kernel
    time.sleep(0.05)  # (a stop would show by now)
    assert running(sleeper.pid)
    ready = manager_with_warming(sleeper.pid, ready=True)
    ready.page_busy("page-a")  # a warm kernel waits doing nothing: left alone
    time.sleep(0.05)
    assert running(sleeper.pid)


def test_a_page_taking_a_stopped_kernel_gets_it_running(sleeper):
    manager = manager_with_warming(sleeper.pid)
    manager.page_busy("page-a")
    assert stopped(sleeper.pid)
    taken = manager._pool_take("python3")
    assert taken.kernel_id == "warming" and running(sleeper.pid)
    manager.page_idle("page-a")
    assert running(sleeper.pid) and manager.pause_count() == 0


def test_a_page_busy_too_long_lets_the_warm_up_go_on(sleeper, monkeypatch):
    manager = manager_with_warming(sleeper.pid)
    manager.page_busy("page-a")
    assert stopped(sleeper.pid)
    since = manager._busy_pages["page-a"]
    monkeypatch.setattr(pause.time, "monotonic", lambda: since + pause.PAUSE_LIMIT + 0.1)
    manager._pause_expire()
    assert running(sleeper.pid) and manager._busy_pages == {}


def test_shutting_down_continues_a_stopped_kernel_first(sleeper):
    manager = manager_with_warming(sleeper.pid)
    manager.page_busy("page-a")
    assert stopped(sleeper.pid)
    manager._pool_continue("warming")  # what shutdown_kernel and the eviction do first
    assert running(sleeper.pid)


def test_only_an_iopub_idle_status_ends_a_pages_turn():
    session = Session(key=b"secret")

    def frames(msg_type, content, parent=None):
        msg = session.msg(msg_type, content=content, parent=parent)
        return session.serialize(msg, ident=[b"kernel"])

    assert _is_idle_status(session, "iopub", frames("status", {"execution_state": "idle"}))
    assert not _is_idle_status(session, "iopub", frames("status", {"execution_state": "busy"}))
    assert not _is_idle_status(session, "shell", frames("status", {"execution_state": "idle"}))
    assert not _is_idle_status(session, "iopub", frames("comm_msg", {"data": {}}))
    assert not _is_idle_status(session, "iopub", [b"not", b"a", b"message"])


def test_a_real_warming_kernel_is_stopped_and_still_gets_warm(tmp_path):
    """A kernel of the pool stopped while it warms, continued, warms up as usual."""
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

    async def scenario():
        manager = TutorKernelManager(pool_size=1, root_dir=repo, max_kernels=10)
        try:
            warming = manager._pool_start("python3")
            pid = None
            while pid is None and not warming.task.done():
                pid = manager._kernel_pid(warming.kernel_id)
                await asyncio.sleep(0.01)
            manager.page_busy("page-a")
            was_stopped = stopped(pid)
            await asyncio.sleep(0.3)
            manager.page_idle("page-a")
            await asyncio.wait_for(asyncio.shield(warming.task), 120)
            return was_stopped, warming.ready, manager.pause_count()
        finally:
            manager.pool_size = 0
            await manager.shutdown_all(now=True)

    was_stopped, ready, count = asyncio.run(scenario())
    assert was_stopped and ready and count == 0
