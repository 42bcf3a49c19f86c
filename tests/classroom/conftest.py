"""Fixtures for the classroom tests: the same tests run on SQLite and on PostgreSQL.

``pg_server`` (session) starts a throwaway PostgreSQL from Debian's package (``make test``
installs it) in a fresh data folder on a free loopback port, as the ``postgres`` system user
when we run as root (PostgreSQL refuses to run as root), and stops it at the end.
``db_url`` gives, per test, an empty database of either backend as the setting
``TRUCO_CLASSROOM_DB`` takes (a SQLite path or a PostgreSQL URL); ``store`` opens it.
``classroom_env`` points this process's classroom settings at it (and forgets cached sessions).
"""
from __future__ import annotations

import time
import uuid
from pathlib import Path

import pytest

from widgets.classroom import session as classroom_session
from widgets.classroom.store import open_store
from widgets.classroom.config import Settings
from tutor_server.stack import Postgres

from classroom_helpers import FakeClock

BACKENDS = ("sqlite", "postgres")


@pytest.fixture(scope="session")
def pg_server():
    """``postgresql://postgres@127.0.0.1:<port>/`` of a throwaway server (no database part)."""
    server = Postgres()
    try:
        yield server.url
    finally:
        server.stop()


def new_database(kind: str, tmp_path: Path, request) -> str:
    if kind == "sqlite":
        return str(tmp_path / "classroom.db")
    import psycopg

    base = request.getfixturevalue("pg_server")
    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(base + "postgres", autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return base + name


@pytest.fixture(params=BACKENDS)
def db_url(request, tmp_path):
    return new_database(request.param, tmp_path, request)


@pytest.fixture
def store(db_url):
    s = open_store(Settings(database=db_url))
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def classroom_env(db_url, monkeypatch):
    """This process's classroom settings point at ``db_url``; returns its store."""
    for name in ("TRUCO_TEACHER_PASSCODE", "TRUCO_CLASSROOM_USER_HEADER", "JUPYTERHUB_USER",
                 "TRUCO_CLASSROOM_HUB_USER",
                 "TRUCO_CLASSROOM_CONFIG", "QUERY_STRING", "SCRIPT_NAME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TRUCO_CLASSROOM_DB", db_url)
    classroom_session.reset()
    try:
        yield classroom_session.shared_store()
    finally:
        classroom_session.reset()


def wait_until(predicate, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


@pytest.fixture
def clock(monkeypatch):
    """The limits' clock, moved only by the test (``clock.advance(seconds)``)."""
    from widgets.classroom import limits

    fake = FakeClock()
    monkeypatch.setattr(limits, "clock", fake)
    return fake
