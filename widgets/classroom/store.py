"""Where a class's results live: a small storage interface and its two backends.

:class:`Store` speaks plain SQL through a DB-API connection; :class:`SQLiteStore` (the
default: one file, WAL journal, ``synchronous=FULL``) and :class:`PostgresStore` (psycopg 3,
for several Voilà processes or machines) differ only in how they connect, their DDL and
their placeholders. :func:`open_store` picks one from :class:`~.config.Settings`.

Every write is one short transaction, committed before the method returns: an answer a
learner has been told about is on disk even if the kernel is killed the next instant.
Answers are keyed by (learner, lesson, quiz, seq): a retried write never makes a second row,
and two tabs of one learner cannot both record answer number ``seq``.

>>> s = SQLiteStore(":memory:")
>>> code = s.create_class("Room 4")
>>> ana = s.join(code, "  Ana   Souza ")
>>> ana.name, ana.class_code == code, len(ana.token) >= 20
('Ana Souza', True, True)
>>> s.learner(ana.token) == ana, s.learner("x" * 24)
(True, None)
>>> a = Answer("03_tricks", "trick-1", 1, 1, "mineiro", "4c 3d", "3d", "4c", False)
>>> s.record_answer(ana, a), s.record_answer(ana, a)  # a retry is no second row
(True, True)
>>> len(s.answers_of(ana))
1
"""
from __future__ import annotations

import re
import secrets
import sqlite3
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Answer", "Learner", "Store", "SQLiteStore", "PostgresStore", "StoreError",
           "open_store", "normalise_code", "clean_name", "valid_token", "CODE_ALPHABET"]

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: easy to read aloud
CODE_LENGTH = 6
_CODE_RE = re.compile(r"^[A-Z0-9]{4,12}$")
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
NAME_MAX = 40


class StoreError(Exception):
    """The database could not be reached or refused a write (shown as a plain message)."""


@dataclass(frozen=True)
class Learner:
    id: int
    token: str
    class_code: str
    name: str
    external: str | None = None


@dataclass(frozen=True)
class Answer:
    """One answer: ``item`` is the question (deal) number inside the quiz, the same for the
    whole class; ``seq`` numbers this learner's answers in the quiz (a round of picks has
    several answers to one item). ``prompt``, ``answer`` and ``correct`` are card codes or
    answer keys, so the teacher page can name them in the teacher's language."""
    lesson: str
    quiz: str
    seq: int
    item: int
    variant: str
    prompt: str
    answer: str
    correct: str
    right: bool


def normalise_code(text) -> str | None:
    """A class code as typed ('kx7-p2q ') in its stored form ('KX7P2Q'), or None."""
    if not isinstance(text, str):
        return None
    code = re.sub(r"[\s-]+", "", text[:40]).upper()
    return code if _CODE_RE.match(code) else None


def clean_name(text) -> str | None:
    """A learner's name with spaces tidied, or None when empty, too long or not text."""
    if not isinstance(text, str):
        return None
    name = " ".join("".join(ch for ch in text[:200] if ch.isprintable()).split())
    return name if 0 < len(name) <= NAME_MAX else None


def valid_token(token) -> bool:
    return isinstance(token, str) and bool(_TOKEN_RE.match(token))


_TABLES = """
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY, title TEXT NOT NULL, created DOUBLE PRECISION NOT NULL);
CREATE TABLE IF NOT EXISTS learners (
    id {serial}, token TEXT NOT NULL UNIQUE, class_code TEXT NOT NULL REFERENCES classes(code),
    name TEXT NOT NULL, external TEXT, created DOUBLE PRECISION NOT NULL,
    UNIQUE (class_code, external));
CREATE TABLE IF NOT EXISTS visits (
    learner_id BIGINT NOT NULL REFERENCES learners(id), lesson TEXT NOT NULL,
    quizzes INTEGER NOT NULL, first_at DOUBLE PRECISION NOT NULL,
    last_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (learner_id, lesson));
CREATE TABLE IF NOT EXISTS answers (
    id {serial}, learner_id BIGINT NOT NULL REFERENCES learners(id), lesson TEXT NOT NULL,
    quiz TEXT NOT NULL, seq INTEGER NOT NULL, item INTEGER NOT NULL, variant TEXT NOT NULL,
    prompt TEXT NOT NULL, answer TEXT NOT NULL, correct TEXT NOT NULL,
    is_right INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL,
    UNIQUE (learner_id, lesson, quiz, seq));
CREATE INDEX IF NOT EXISTS learners_by_class ON learners (class_code);
CREATE TABLE IF NOT EXISTS gate_failures (at DOUBLE PRECISION NOT NULL);
"""


class Store:
    """The storage interface. Subclasses set ``conn`` and implement ``_tx``."""

    placeholder = "?"
    serial = "INTEGER PRIMARY KEY"

    def __init__(self):
        self._lock = threading.RLock()  # one connection, possibly two threads (timers)
        with self._tx() as cur:
            for statement in _TABLES.format(serial=self.serial).split(";"):
                if statement.strip():
                    cur.execute(statement)

    # --- plumbing ------------------------------------------------------------------------------
    @contextmanager
    def _tx(self, write: bool = True):  # pragma: no cover - every backend defines it
        raise NotImplementedError
        yield

    def _sql(self, sql: str) -> str:
        return sql if self.placeholder == "?" else sql.replace("?", self.placeholder)

    def _one(self, sql, params=()):
        with self._tx(write=False) as cur:
            cur.execute(self._sql(sql), params)
            return cur.fetchone()

    def _all(self, sql, params=()):
        with self._tx(write=False) as cur:
            cur.execute(self._sql(sql), params)
            return cur.fetchall()

    def close(self) -> None:
        with self._lock:
            self.conn.close()

    # --- classes ---------------------------------------------------------------------------------
    def create_class(self, title: str = "", code: str | None = None) -> str:
        """A new class with a fresh random code (or ``code``); returns the code."""
        for _attempt in range(20):
            new = normalise_code(code) if code else "".join(
                secrets.choice(CODE_ALPHABET) for _i in range(CODE_LENGTH))
            if new is None:
                raise ValueError("a class code is 4 to 12 letters or digits")
            with self._tx() as cur:
                cur.execute(self._sql("SELECT 1 FROM classes WHERE code = ?"), (new,))
                if cur.fetchone() is None:
                    cur.execute(self._sql("INSERT INTO classes (code, title, created) "
                                          "VALUES (?, ?, ?)"), (new, title[:80], time.time()))
                    return new
            if code:
                return new  # an existing class asked for by its code
        raise StoreError("could not find a free class code")

    def class_exists(self, code) -> bool:
        code = normalise_code(code)
        return code is not None and self._one(
            "SELECT 1 FROM classes WHERE code = ?", (code,)) is not None

    def classes(self) -> list[tuple[str, str, float]]:
        return [tuple(r) for r in self._all(
            "SELECT code, title, created FROM classes ORDER BY created DESC")]

    # --- learners --------------------------------------------------------------------------------
    def join(self, code, name, external: str | None = None) -> Learner:
        """A learner of class ``code``: a new row with a fresh token; with ``external`` (a
        user name a trusted proxy or hub vouches for), that user's row if they joined before."""
        code, name = normalise_code(code), clean_name(name)
        if code is None or name is None:
            raise ValueError("a class code and a name are needed")
        with self._tx() as cur:
            cur.execute(self._sql("SELECT 1 FROM classes WHERE code = ?"), (code,))
            if cur.fetchone() is None:
                raise KeyError(code)
            if external is not None:
                cur.execute(self._sql("SELECT id, token, class_code, name, external FROM "
                                      "learners WHERE class_code = ? AND external = ?"),
                            (code, external))
                row = cur.fetchone()
                if row is not None:
                    return Learner(*row)
            token = secrets.token_urlsafe(18)
            cur.execute(self._sql("INSERT INTO learners (token, class_code, name, external, "
                                  "created) VALUES (?, ?, ?, ?, ?) RETURNING id"),
                        (token, code, name, external, time.time()))
            return Learner(cur.fetchone()[0], token, code, name, external)

    def learner(self, token) -> Learner | None:
        if not valid_token(token):
            return None
        row = self._one("SELECT id, token, class_code, name, external FROM learners "
                        "WHERE token = ?", (token,))
        return Learner(*row) if row else None

    # --- progress ----------------------------------------------------------------------------------
    def record_answer(self, learner: Learner, a: Answer) -> bool:
        """Store ``a`` in its own transaction. True when the row is in the database now (also
        when this exact answer was stored before: a retry); False when answer ``seq`` of this
        quiz holds a different answer (the same quiz answered in another tab)."""
        params = (learner.id, a.lesson, a.quiz, int(a.seq), int(a.item), a.variant,
                  a.prompt[:200], a.answer[:40], a.correct[:80], int(bool(a.right)),
                  time.time())
        with self._tx() as cur:
            cur.execute(self._sql(
                "INSERT INTO answers (learner_id, lesson, quiz, seq, item, variant, prompt, "
                "answer, correct, is_right, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (learner_id, lesson, quiz, seq) DO NOTHING"), params)
            if cur.rowcount == 1:
                return True
            cur.execute(self._sql("SELECT item, answer FROM answers WHERE learner_id = ? AND "
                                  "lesson = ? AND quiz = ? AND seq = ?"), params[:4])
            row = cur.fetchone()
            return row is not None and tuple(row) == (int(a.item), a.answer[:40])

    def answers_of(self, learner: Learner, lesson: str | None = None,
                   quiz: str | None = None) -> list[Answer]:
        """This learner's answers (never anyone else's), in the order given."""
        sql = ("SELECT lesson, quiz, seq, item, variant, prompt, answer, correct, is_right "
               "FROM answers WHERE learner_id = ?")
        params: list = [learner.id]
        if lesson is not None:
            sql, params = sql + " AND lesson = ?", params + [lesson]
        if quiz is not None:
            sql, params = sql + " AND quiz = ?", params + [quiz]
        rows = self._all(sql + " ORDER BY lesson, quiz, seq", params)
        return [Answer(*r[:8], bool(r[8])) for r in rows]

    def visit(self, learner: Learner, lesson: str, quizzes: int) -> None:
        now = time.time()
        with self._tx() as cur:
            cur.execute(self._sql(
                "INSERT INTO visits (learner_id, lesson, quizzes, first_at, last_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (learner_id, lesson) DO UPDATE SET "
                "last_at = excluded.last_at, quizzes = excluded.quizzes"),
                (learner.id, lesson, int(quizzes), now, now))

    def visits_of(self, learner: Learner) -> dict[str, tuple[int, float]]:
        """{lesson: (quizzes on it, last visit time)} for this learner."""
        return {r[0]: (r[1], r[2]) for r in self._all(
            "SELECT lesson, quizzes, last_at FROM visits WHERE learner_id = ?", (learner.id,))}

    # --- the teacher's view (behind the passcode) ----------------------------------------------------
    def class_learners(self, code: str) -> list[tuple]:
        """(learner id, name, lesson last opened or None, time of it or None) per learner."""
        return [tuple(r) for r in self._all(
            "SELECT l.id, l.name, v.lesson, v.last_at FROM learners l LEFT JOIN visits v ON "
            "v.learner_id = l.id AND v.lesson = (SELECT w.lesson FROM visits w WHERE "
            "w.learner_id = l.id ORDER BY w.last_at DESC, w.lesson LIMIT 1) "
            "WHERE l.class_code = ? ORDER BY l.name, l.id", (code,))]

    def class_answers(self, code: str) -> list[tuple]:
        """(learner id, name, lesson, quiz, seq, item, variant, prompt, answer, correct,
        right, time) for every answer of the class, oldest first."""
        return [tuple(r[:10]) + (bool(r[10]), r[11]) for r in self._all(
            "SELECT l.id, l.name, a.lesson, a.quiz, a.seq, a.item, a.variant, a.prompt, "
            "a.answer, a.correct, a.is_right, a.at FROM answers a JOIN learners l ON "
            "l.id = a.learner_id WHERE l.class_code = ? ORDER BY a.at, a.id", (code,))]

    # --- the teacher page's gate: wrong passcodes counted across pages and processes ---------
    def gate_failure(self) -> None:
        now = time.time()
        with self._tx() as cur:
            cur.execute(self._sql("DELETE FROM gate_failures WHERE at < ?"), (now - 3600,))
            cur.execute(self._sql("INSERT INTO gate_failures (at) VALUES (?)"), (now,))

    def gate_failures(self, seconds: float) -> int:
        """Wrong teacher passcodes typed in the last ``seconds``, on any page."""
        return self._one("SELECT COUNT(*) FROM gate_failures WHERE at >= ?",
                         (time.time() - seconds,))[0]

    def count_answers(self, code: str | None = None) -> int:
        if code is None:
            return self._one("SELECT COUNT(*) FROM answers")[0]
        return self._one("SELECT COUNT(*) FROM answers a JOIN learners l ON l.id = "
                         "a.learner_id WHERE l.class_code = ?", (code,))[0]


class SQLiteStore(Store):
    """One SQLite file: WAL journal (readers never block the writer), ``synchronous=FULL``
    (a commit is on disk when it returns), and a 30 s wait for a busy database."""

    def __init__(self, path):
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = str(path)
        self.conn = sqlite3.connect(self.path, timeout=30, isolation_level=None,
                                    check_same_thread=False)
        self.conn.execute("PRAGMA busy_timeout = 30000")
        self.conn.execute("PRAGMA journal_mode = WAL")
        self.conn.execute("PRAGMA synchronous = FULL")
        self.conn.execute("PRAGMA foreign_keys = ON")
        super().__init__()

    @contextmanager
    def _tx(self, write: bool = True):
        """A transaction; a writing one takes the write lock at once (no upgrade deadlock),
        a reading one never blocks nor waits for writers (WAL)."""
        with self._lock:
            cur = self.conn.cursor()
            try:
                cur.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                yield cur
                cur.execute("COMMIT")
            except BaseException:
                if self.conn.in_transaction:
                    cur.execute("ROLLBACK")
                raise
            finally:
                cur.close()


class PostgresStore(Store):
    """PostgreSQL through psycopg 3: one connection per kernel, one transaction per write
    (committed, so durable, before the call returns)."""

    placeholder = "%s"
    serial = "BIGSERIAL PRIMARY KEY"

    def __init__(self, url: str):
        import psycopg  # only needed when a PostgreSQL URL is configured

        self._psycopg = psycopg
        self.url = url
        self.conn = psycopg.connect(url, autocommit=True, connect_timeout=10)
        self._lock = threading.RLock()
        with self._lock, self.conn.transaction():
            # Several kernels may create the tables at once: one at a time.
            self.conn.execute("SELECT pg_advisory_xact_lock(727274)")
            for statement in _TABLES.format(serial=self.serial).split(";"):
                if statement.strip():
                    self.conn.execute(statement)

    @contextmanager
    def _tx(self, write: bool = True):
        with self._lock:
            if self.conn.closed or self.conn.broken:
                self.conn = self._psycopg.connect(self.url, autocommit=True, connect_timeout=10)
            with self.conn.transaction(), self.conn.cursor() as cur:
                yield cur


def open_store(settings=None) -> Store:
    """The store the settings name (SQLite by default); StoreError if it cannot be opened."""
    from .config import Settings

    settings = settings or Settings.load()
    try:
        if settings.is_postgres:
            return PostgresStore(settings.database)
        return SQLiteStore(settings.database)
    except Exception as err:  # sqlite3/psycopg errors, a read-only folder ...
        raise StoreError(f"cannot open the classroom database: {type(err).__name__}") from err
