"""Helpers shared by the classroom tests (imported by name: pytest puts this folder on the
path): a page opened as Voilà opens one, a held write lock, a read-only store, a fake clock."""
from __future__ import annotations

from widgets.classroom import session as classroom

TRICKS = "/voila/render/lessons/03_tricks.ipynb"
INDEX = "/voila/render/lessons/index.ipynb"


def open_page(monkeypatch, script: str, token: str | None = None, extra: str = "") -> None:
    """What Voilà does when a page's kernel starts: a new process (forget sessions) with the
    page's address in its environment."""
    classroom._sessions.clear()
    query = "&".join(p for p in ((f"learner={token}" if token else ""), extra) if p)
    monkeypatch.setenv("QUERY_STRING", query)
    monkeypatch.setenv("SCRIPT_NAME", script)


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
