"""Helpers shared by the classroom tests (imported by name: pytest puts this folder on the
path): a page opened as Voilà opens one, a lesson's page as a learner has it (the lesson's own
steps in a :class:`~widgets.steps.runner.StepRunner`, as ``lessons/<name>.ipynb`` builds
it), a task answered to its end, a held write lock, a read-only store, a fake clock."""
from __future__ import annotations

import functools
import sys
from pathlib import Path

from widgets.classroom import session as classroom

TRICKS = "/voila/render/lessons/03_tricks.ipynb"
INDEX = "/voila/render/lessons/index.ipynb"

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))  # lesson_plans


def lesson_script(name: str) -> str:
    return f"/voila/render/lessons/{name}.ipynb"


def open_page(monkeypatch, script: str, token: str | None = None, extra: str = "") -> None:
    """What Voilà does when a page's kernel starts: a new process (forget sessions) with the
    page's address in its environment."""
    classroom._sessions.clear()
    query = "&".join(p for p in ((f"learner={token}" if token else ""), extra) if p)
    monkeypatch.setenv("QUERY_STRING", query)
    monkeypatch.setenv("SCRIPT_NAME", script)


@functools.cache
def _plan(name: str):
    from lesson_plans import plan_of

    return plan_of(name)


def lesson_page(monkeypatch, token: str | None = None, name: str = "03_tricks",
                variant: str = "mineiro", extra: str = ""):
    """The steps of ``lessons/<name>.ipynb`` as the learner's page has them when it opens (a
    new kernel with the page's address): the lesson's own plan in a StepRunner, with the
    page's progress (the class learner's stored progress) and no seed, as the lesson calls
    ``lesson(plan)``."""
    from widgets.steps import progress
    from widgets.steps.runner import StepRunner

    open_page(monkeypatch, lesson_script(name), token, extra)
    progress.reset()  # a new kernel: its progress read again from the store
    return StepRunner(_plan(name), variant=variant)


def finish_task(runner, right: bool = True):
    """Answer the runner's task to its end, as a learner clicks: right (its solution, clicked
    until the task is over: a manilha hunt takes a click per card, an answered call a second
    click for its value) or wrong (a wrong answer first; a slip, which does not end a task,
    is followed by the solution). Returns the last outcome; the task is over when the page has
    moved on (the next task, the summary, or a new task after an answer not stored)."""
    task, out = runner.task, None
    if not right:
        out = runner.answer(task.wrong_answer())
    for _click in range(40):
        if runner.task is not task or runner.finished:
            return out
        out = runner.answer(task.solution())
    raise AssertionError(f"the task {task.kind} {task.item} did not end")


def step_recorders(runner) -> dict:
    """kind -> the classroom recorder the runner made for it (on its first stored answer)."""
    return dict(runner._answers._recorders)


class hold_write_lock:
    """Another connection holding the database's write lock (a backup, a stuck admin
    session) until ``release()``: reads go on, writes wait."""

    def __init__(self, db_url: str):
        self.db_url = db_url
        if db_url.startswith("postgresql://"):
            import psycopg

            self.conn = psycopg.connect(db_url, autocommit=True)
            self.conn.execute("BEGIN")
            tables = self.conn.execute(
                "SELECT string_agg(quote_ident(tablename), ', ') FROM pg_tables "
                "WHERE schemaname = 'public'").fetchone()[0]
            self.conn.execute(f"LOCK TABLE {tables} IN EXCLUSIVE MODE")
        else:
            import sqlite3

            self.conn = sqlite3.connect(db_url, isolation_level=None)
            self.conn.execute("BEGIN IMMEDIATE")

    def release(self) -> None:
        if self.conn is not None:
            self.conn.execute("ROLLBACK")
            self.conn.close()
            self.conn = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.release()


def make_read_only(store) -> None:
    """The store's own connection can read but no longer write (as root, a chmod would not
    stop SQLite; this is the same refusal a read-only file or database gives)."""
    if store.placeholder == "?":
        store.conn.execute("PRAGMA query_only = ON")
    else:
        store.conn.execute("SET default_transaction_read_only = on")


def make_writable(store) -> None:
    if store.placeholder == "?":
        store.conn.execute("PRAGMA query_only = OFF")
    else:
        store.conn.execute("SET default_transaction_read_only = off")


class FakeClock:
    """The limits' clock in tests: time moves only when told."""

    def __init__(self, start: float = 1_000_000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
