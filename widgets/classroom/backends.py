"""The two storage backends of :class:`~.store.Store`: a SQLite file and PostgreSQL.

Both wait for a locked database only as long as :meth:`~.store.Store.waiting` allows (SQLite's
``busy_timeout``, PostgreSQL's ``lock_timeout``) and turn their drivers' errors into
:class:`~.store.StoreError` with a reason code.

SQLite: a database file deleted or replaced under a running server (a reset, a restored
backup) would otherwise keep receiving writes through the open connection, into a file
nobody will read again. So before each transaction the store compares the identity (device
and inode) of the file and of its ``-wal`` and ``-shm`` with those it opened, and reopens the
path when they differ (making the tables again if the file is new); after each write it
compares again, and a write that went to a replaced file fails ("moved") instead of being
reported as stored.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> s = SQLiteStore(os.path.join(folder, "c.db"))
>>> code = s.create_class()
>>> for suffix in ("", "-wal", "-shm"):
...     os.remove(os.path.join(folder, "c.db" + suffix))
>>> s.class_exists(code), s.classes()  # a new, empty database at the same path
(False, [])
>>> s.close()
"""
from __future__ import annotations

import os
import random
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path

from .storage import Store, StoreError

__all__ = ["SQLiteStore", "PostgresStore"]

POLL_MS = 5  # SQLite's own wait for each try at the write lock (see _begin_write)


def _sqlite_error(err: sqlite3.Error) -> StoreError:
    name = getattr(err, "sqlite_errorname", "") or ""
    text = str(err).lower()
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        reason = "busy"
    elif name.startswith(("SQLITE_READONLY", "SQLITE_FULL")) or "readonly" in text:
        reason = "read_only"
    else:
        reason = "unreachable"
    return StoreError(reason, f"{type(err).__name__}: {err}")


class SQLiteStore(Store):
    """One SQLite file: WAL journal (readers never block the writer), ``synchronous=FULL``
    (a commit is on disk when it returns), a short wait for a busy database, and a check
    that the file is still the one the server reads (see the module's docstring)."""

    def __init__(self, path):
        self.path = str(path)
        self._file = None  # (main, -wal, -shm) identities when connected, None for :memory:
        self._stale = False
        super().__init__()

    def _connect(self) -> None:
        self._stale = True
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.conn = sqlite3.connect(self.path, timeout=self.wait, isolation_level=None,
                                        check_same_thread=False)
            self._busy_ms = None
            self._apply_wait()
            self.conn.execute("PRAGMA journal_mode = WAL")
            self.conn.execute("PRAGMA synchronous = FULL")
            self.conn.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as err:
            raise _sqlite_error(err) from err
        self._ensure_tables()
        self._file = self._identity()
        self._stale = False

    def _apply_wait(self, ms: int | None = None) -> None:
        ms = max(0, int(self.wait * 1000)) if ms is None else ms
        if ms != self._busy_ms:
            self.conn.execute(f"PRAGMA busy_timeout = {ms}")
            self._busy_ms = ms

    def _begin_write(self, cur) -> None:
        """Take the write lock within the wait. SQLite's own busy handler polls less and
        less often (every 100 ms after a while), so a writer that has waited long loses to
        every newcomer; polling every few milliseconds at random gives each waiter the same
        chance, and no answer waits out its whole bound behind a burst of others."""
        deadline = time.monotonic() + self.wait
        self._apply_wait(POLL_MS)
        try:
            while True:
                try:
                    cur.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as err:
                    if _sqlite_error(err).reason != "busy" or time.monotonic() >= deadline:
                        raise
                time.sleep(random.uniform(0.001, 0.01))
        finally:
            self._apply_wait()

    def _identity(self):
        if self.path == ":memory:":
            return None
        ids = []
        for suffix in ("", "-wal", "-shm"):
            try:
                st = os.stat(self.path + suffix)
            except OSError:
                ids.append(None)
            else:
                ids.append((st.st_dev, st.st_ino))
        return tuple(ids)

    def _moved(self) -> bool:
        """Whether the path no longer names the files this connection has open."""
        if self._file is None:
            return False
        now = self._identity()
        if now[0] != self._file[0] or any(
                was is not None and was != is_ for was, is_ in zip(self._file, now)):
            return True
        self._file = tuple(was or is_ for was, is_ in zip(self._file, now))
        return False

    def _before(self) -> None:
        if self._stale or self._moved():
            try:
                self.conn.close()  # SQLite leaves the files of a moved database alone
            except sqlite3.Error:
                pass
            self._connect()

    def _after_write(self) -> None:
        if self._moved():
            raise StoreError("moved", "the database file was replaced during the write")

    def _tables(self, cur) -> set[str]:
        cur.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {row[0] for row in cur.fetchall()}

    def _columns(self, cur, table: str) -> set[str]:
        cur.execute(f"PRAGMA table_info({table})")
        return {row[1] for row in cur.fetchall()}

    @contextmanager
    def _transaction(self, write: bool):
        """A writing transaction takes the write lock at once (no upgrade deadlock), a
        reading one never blocks nor waits for writers (WAL)."""
        cur = None
        try:
            self._apply_wait()
            cur = self.conn.cursor()
            if write:
                self._begin_write(cur)
            else:
                cur.execute("BEGIN")
            yield cur
            cur.execute("COMMIT")
        except BaseException as err:
            try:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            if isinstance(err, sqlite3.Error):
                raise _sqlite_error(err) from err
            raise
        finally:
            if cur is not None:
                cur.close()


class PostgresStore(Store):
    """PostgreSQL through psycopg 3: one connection per kernel, one transaction per write
    (committed, so durable, before the call returns), a new connection (and the tables, if
    the database was made again) after a lost one."""

    placeholder = "%s"
    serial = "BIGSERIAL PRIMARY KEY"

    def __init__(self, url: str):
        import psycopg  # only needed when a PostgreSQL URL is configured

        self._psycopg = psycopg
        self.url = url
        super().__init__()

    def _connect(self) -> None:
        self._lock_ms = None
        try:
            self.conn = self._psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except self._psycopg.Error as err:
            raise self._error(err) from err
        self._ensure_tables()

    def _error(self, err) -> StoreError:
        e = self._psycopg.errors
        if isinstance(err, (e.LockNotAvailable, e.QueryCanceled, e.DeadlockDetected,
                            e.SerializationFailure)):
            reason = "busy"
        elif isinstance(err, (e.ReadOnlySqlTransaction, e.DiskFull, e.InsufficientPrivilege)):
            reason = "read_only"
        else:
            reason = "unreachable"
        return StoreError(reason, f"{type(err).__name__}: {err}")

    def _before(self) -> None:
        if self.conn.closed or self.conn.broken:
            self._connect()

    def _lock_tables(self, cur) -> None:
        cur.execute("SELECT pg_advisory_xact_lock(727274)")  # kernels making tables at once

    def _tables(self, cur) -> set[str]:
        cur.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        return {row[0] for row in cur.fetchall()}

    def _columns(self, cur, table: str) -> set[str]:
        cur.execute("SELECT column_name FROM information_schema.columns WHERE "
                    "table_schema = current_schema() AND table_name = %s", (table,))
        return {row[0] for row in cur.fetchall()}

    @contextmanager
    def _transaction(self, write: bool):
        try:
            ms = max(1, int(self.wait * 1000))  # 0 would mean: wait for ever
            if ms != self._lock_ms:
                self.conn.execute(f"SET lock_timeout = {ms}")
                self._lock_ms = ms
            with self.conn.transaction(), self.conn.cursor() as cur:
                yield cur
        except self._psycopg.Error as err:
            raise self._error(err) from err
