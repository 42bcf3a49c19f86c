"""Where a class's results live: the storage interface over plain SQL.

:class:`Store` speaks plain SQL through a DB-API connection; :class:`SQLiteStore` (the
default: one file, WAL journal, ``synchronous=FULL``) and :class:`PostgresStore` (psycopg 3,
for several Voilà processes or machines) differ only in how they connect, their DDL and
their placeholders; they live in :mod:`.backends`. :func:`~.store.open_store` picks one
from :class:`~.config.Settings`, and :mod:`.store` is where the rest of the package imports
all of it from.

Every write is one short transaction, committed before the method returns: an answer a
learner has been told about is on disk even if the kernel is killed the next instant. A write
waits for a locked database only as long as :meth:`Store.waiting` allows (:data:`WAIT`
seconds by default), and every failure is a :class:`StoreError` with a reason code, so a page
can say what happened ("busy", "read_only", "unknown_learner", ...). An answer is stored only
for a learner whose token is in the database now: after a reset or a replaced database file,
an old link's answers are refused, never written for whoever has that row number now.
Answers are keyed by (learner, lesson, quiz, seq): a retried write never makes a second row,
and two tabs of one learner cannot both record answer number ``seq``.

>>> from widgets.classroom.backends import SQLiteStore
>>> s = SQLiteStore(":memory:")
>>> code = s.create_class("Room 4")
>>> len(code), format_code(code)[5], normalise_code(format_code(code).lower()) == code
(10, '-', True)
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

import json
import re
import secrets
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass

from .live_store import LIVE_TABLE_NAMES, LIVE_TABLES, LiveStore
from .codes import (CODE_ALPHABET, CODE_LENGTH, clean_name, format_code, new_code,
                    normalise_code, shown_text, valid_token)

__all__ = ["Admission", "Answer", "Learner", "Store", "StoreError", "normalise_code", "format_code", "clean_name",
           "valid_token", "shown_text", "CODE_ALPHABET", "CODE_LENGTH", "WAIT",
           "valid_learner_key"]

WAIT = 2.0  # seconds a write waits for a locked database, unless told otherwise
KEEP_ATTEMPTS = 3600.0  # seconds tries are kept for the limits (longer than any window)

class StoreError(Exception):
    """The database could not be reached or refused a write. ``reason`` says why:
    "busy" (locked longer than the wait allowed), "read_only" (read-only or full),
    "unknown_learner" (the learner's row is not in the database now: reset or replaced),
    "moved" (the database file was replaced during the write) or "unreachable"."""

    def __init__(self, reason: str = "unreachable", detail: str = ""):
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


@dataclass(frozen=True)
class Admission:
    """The answer of :meth:`Store.admit`: ``allowed`` (and the try's ``id``), or who is over
    the limit ("client" or "everyone") and in how many seconds a try is allowed again."""
    allowed: bool
    id: int | None = None
    over: str | None = None
    retry_after: float = 0.0


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
CREATE TABLE IF NOT EXISTS attempts (
    id {serial}, kind TEXT NOT NULL, client TEXT NOT NULL, at DOUBLE PRECISION NOT NULL);
CREATE INDEX IF NOT EXISTS attempts_by_kind ON attempts (kind, at);
CREATE TABLE IF NOT EXISTS probes (name TEXT PRIMARY KEY, at DOUBLE PRECISION NOT NULL);
CREATE TABLE IF NOT EXISTS anonymous_learners (
    id TEXT PRIMARY KEY, created DOUBLE PRECISION NOT NULL,
    last_seen DOUBLE PRECISION NOT NULL);
CREATE TABLE IF NOT EXISTS step_progress (
    learner_key TEXT NOT NULL, lesson TEXT NOT NULL, step INTEGER NOT NULL,
    mistakes INTEGER NOT NULL, passed_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (learner_key, lesson, step));
CREATE TABLE IF NOT EXISTS lesson_stars (
    learner_key TEXT NOT NULL, lesson TEXT NOT NULL, stars INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL, PRIMARY KEY (learner_key, lesson));
CREATE TABLE IF NOT EXISTS review_deck (
    learner_key TEXT NOT NULL, lesson TEXT NOT NULL, task TEXT NOT NULL, topic TEXT NOT NULL,
    options TEXT NOT NULL, box INTEGER NOT NULL, due INTEGER NOT NULL, card TEXT,
    PRIMARY KEY (learner_key, task, topic));
CREATE INDEX IF NOT EXISTS review_deck_due ON review_deck (learner_key, due);
CREATE TABLE IF NOT EXISTS skill_stats (
    learner_key TEXT NOT NULL, source TEXT NOT NULL, theme TEXT NOT NULL,
    tried INTEGER NOT NULL, good INTEGER NOT NULL, lost DOUBLE PRECISION NOT NULL,
    at DOUBLE PRECISION NOT NULL, PRIMARY KEY (learner_key, source, theme));
"""
_TABLES += LIVE_TABLES
TABLES = ("classes", "learners", "visits", "answers", "attempts", "probes",
          "anonymous_learners", "step_progress", "lesson_stars", "review_deck", "skill_stats",
          *LIVE_TABLE_NAMES)
# Columns added after a table was first made: (table, column, type), added where missing.
ADDED_COLUMNS = (("review_deck", "card", "TEXT"),)


class Store(LiveStore):
    """The storage interface over a DB-API connection ``conn`` (see :mod:`.backends`)."""

    placeholder = "?"
    serial = "INTEGER PRIMARY KEY"

    def __init__(self):
        self._lock = threading.RLock()  # one connection, possibly two threads (timers)
        self.wait = WAIT
        self._connect()

    # --- plumbing ------------------------------------------------------------------------------
    # A backend defines _connect (sets ``conn``, makes the tables), _transaction (one
    # transaction; its driver's errors raised as StoreError) and _tables (the table names).
    def _connect(self) -> None:  # pragma: no cover - every backend defines it
        raise NotImplementedError

    def _before(self) -> None:
        """Before a transaction: reconnect if the connection can no longer be used."""

    def _after_write(self) -> None:
        """After a committed write: raise StoreError if it did not reach the database."""

    def _lock_tables(self, cur) -> None:
        """Inside the transaction that makes the tables: keep other processes out."""

    @contextmanager
    def _tx(self, write: bool = True):
        with self._lock:
            self._before()
            with self._transaction(write) as cur:
                yield cur
            if write:
                self._after_write()

    def _ensure_tables(self) -> None:
        """Make the tables that are missing (a reading check first: a page that starts while
        another connection holds the write lock does not wait when the tables are there)."""
        with self._transaction(write=False) as cur:
            if set(TABLES) <= self._tables(cur) and not self._missing_columns(cur):
                return
        with self._transaction(write=True) as cur:
            self._lock_tables(cur)
            for statement in _TABLES.format(serial=self.serial).split(";"):
                if statement.strip():
                    cur.execute(statement)
            for table, column, kind in self._missing_columns(cur):  # an older database
                cur.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    def _missing_columns(self, cur) -> list:
        have: dict = {}
        for table, column, kind in ADDED_COLUMNS:
            if table not in have:
                have[table] = self._columns(cur, table)
        return [(t, c, k) for t, c, k in ADDED_COLUMNS if have[t] and c not in have[t]]

    @contextmanager
    def waiting(self, seconds: float):
        """Writes inside wait at most ``seconds`` for a locked database, then fail "busy"."""
        with self._lock:
            before, self.wait = self.wait, float(seconds)
            try:
                yield self
            finally:
                self.wait = before

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

    def writable(self) -> bool:
        """Whether a write reaches the database now (a real, tiny write: a read-only or full
        database, or one locked longer than the wait, says no)."""
        try:
            with self._tx() as cur:
                cur.execute(self._sql("INSERT INTO probes (name, at) VALUES ('write', ?) ON "
                                      "CONFLICT (name) DO UPDATE SET at = excluded.at"),
                            (time.time(),))
            return True
        except StoreError:
            return False

    # --- classes ---------------------------------------------------------------------------------
    def create_class(self, title: str = "", code: str | None = None) -> str:
        """A new class with a fresh random code (or ``code``); returns the code."""
        for _attempt in range(20):
            new = normalise_code(code) if code else new_code()
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
        raise StoreError("unreachable", "could not find a free class code")

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
        quiz holds a different answer (the same quiz answered in another tab). StoreError
        "unknown_learner" when the learner's token is not in the database now."""
        params = (learner.id, a.lesson, a.quiz, int(a.seq), int(a.item), a.variant,
                  a.prompt[:200], a.answer[:40], a.correct[:80], int(bool(a.right)),
                  time.time())
        with self._tx() as cur:
            self._check_learner(cur, learner)
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

    def _check_learner(self, cur, learner: Learner) -> None:
        """The learner's token names the same row in this database, or StoreError: after a
        reset, a restored backup or another database, row ``learner.id`` may be nobody, or
        somebody else."""
        cur.execute(self._sql("SELECT id FROM learners WHERE token = ?"), (learner.token,))
        row = cur.fetchone()
        if row is None or row[0] != learner.id:
            raise StoreError("unknown_learner")

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
            self._check_learner(cur, learner)
            cur.execute(self._sql(
                "INSERT INTO visits (learner_id, lesson, quizzes, first_at, last_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (learner_id, lesson) DO UPDATE SET "
                "last_at = excluded.last_at, quizzes = excluded.quizzes"),
                (learner.id, lesson, int(quizzes), now, now))

    def visits_of(self, learner: Learner) -> dict[str, tuple[int, float]]:
        """{lesson: (quizzes on it, last visit time)} for this learner."""
        return {r[0]: (r[1], r[2]) for r in self._all(
            "SELECT lesson, quizzes, last_at FROM visits WHERE learner_id = ?", (learner.id,))}

    # --- step progress, stars and the review deck (lessons as steps) ---------------------------
    # Keyed by a learner key: "anon:<id>" (an anonymous learner, its id kept by the browser) or
    # "class:<learner row id>". With ``learner`` (a class learner), a write first checks that
    # the learner's token still names that row (see _check_learner), in the same transaction.
    def _step_write(self, sql: str, params, learner: Learner | None = None) -> None:
        with self._tx() as cur:
            if learner is not None:
                self._check_learner(cur, learner)
            cur.execute(self._sql(sql), params)

    def seen_anonymous(self, anon_id: str) -> None:
        """Note an anonymous learner's visit (made on the first)."""
        if not valid_learner_key("anon:" + str(anon_id)):
            raise ValueError("not an anonymous learner id")
        now = time.time()
        self._step_write("INSERT INTO anonymous_learners (id, created, last_seen) VALUES "
                         "(?, ?, ?) ON CONFLICT (id) DO UPDATE SET last_seen = "
                         "excluded.last_seen", (anon_id, now, now))

    def anonymous_seen(self, anon_id: str) -> tuple[float, float] | None:
        """(created, last seen) of an anonymous learner, None when unknown."""
        row = self._one("SELECT created, last_seen FROM anonymous_learners WHERE id = ?",
                        (anon_id,))
        return tuple(row) if row else None

    def pass_step(self, key: str, lesson: str, index: int, mistakes: int,
                  learner: Learner | None = None) -> None:
        """Step ``index`` of ``lesson`` passed with ``mistakes``; the first pass is kept."""
        _check_key(key)
        self._step_write("INSERT INTO step_progress (learner_key, lesson, step, mistakes, "
                         "passed_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (learner_key, lesson, "
                         "step) DO NOTHING", (key, lesson[:40], int(index), int(mistakes),
                                              time.time()), learner)

    def learner_in(self, code: str, learner_id: int) -> Learner | None:
        """Learner ``learner_id`` of class ``code``, or None."""
        row = self._one("SELECT id, token, class_code, name, external FROM learners WHERE "
                        "id = ? AND class_code = ?", (int(learner_id), code))
        return Learner(*row) if row else None

    def passed_steps(self, key: str, lesson: str | None = None) -> dict:
        """{step: mistakes} of ``lesson``; without a lesson {lesson: {step: mistakes}}."""
        if lesson is not None:
            return {r[0]: r[1] for r in self._all(
                "SELECT step, mistakes FROM step_progress WHERE learner_key = ? AND lesson = ?",
                (key, lesson))}
        out: dict[str, dict[int, int]] = {}
        for name, step, mistakes in self._all(
                "SELECT lesson, step, mistakes FROM step_progress WHERE learner_key = ?", (key,)):
            out.setdefault(name, {})[step] = mistakes
        return out

    def finish_lesson(self, key: str, lesson: str, stars: int,
                      learner: Learner | None = None) -> None:
        """``lesson`` finished with ``stars`` (1 to 3): the best is kept."""
        _check_key(key)
        self._step_write("INSERT INTO lesson_stars (learner_key, lesson, stars, at) VALUES "
                         "(?, ?, ?, ?) ON CONFLICT (learner_key, lesson) DO UPDATE SET stars = "
                         "CASE WHEN excluded.stars > lesson_stars.stars THEN excluded.stars "
                         "ELSE lesson_stars.stars END, at = excluded.at",
                         (key, lesson[:40], max(1, min(3, int(stars))), time.time()), learner)

    def lesson_stars(self, key: str) -> dict[str, int]:
        """{lesson: best stars} of the finished lessons."""
        return {r[0]: r[1] for r in self._all(
            "SELECT lesson, stars FROM lesson_stars WHERE learner_key = ?", (key,))}

    def put_review(self, key: str, lesson: str, task: str, topic: str, options, box: int,
                   due: int, card: str | None = None, learner: Learner | None = None) -> None:
        """The review item of (``task``, ``topic``): ``box`` its right reviews in a row, due
        on day ``due``, ``card`` its FSRS card (JSON)."""
        _check_key(key)
        self._step_write(
            "INSERT INTO review_deck (learner_key, lesson, task, topic, options, box, due, card) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (learner_key, task, topic) DO UPDATE "
            "SET lesson = excluded.lesson, options = excluded.options, box = excluded.box, "
            "due = excluded.due, card = excluded.card",
            (key, lesson[:40], task[:40], topic[:80], json.dumps(dict(options or {}),
                                                                 sort_keys=True),
             int(box), int(due), None if card is None else str(card)[:2000]), learner)

    def review_deck(self, key: str, due_by: int | None = None) -> list[tuple]:
        """(lesson, task, topic, options, box, due, card) of the deck (due on ``due_by`` or
        before, when given), soonest first; ``card`` is None for an item stored before
        FSRS."""
        sql, params = ("SELECT lesson, task, topic, options, box, due, card FROM review_deck "
                       "WHERE learner_key = ?"), [key]
        if due_by is not None:
            sql, params = sql + " AND due <= ?", params + [int(due_by)]
        return [(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5], r[6])
                for r in self._all(sql + " ORDER BY due, lesson, topic", params)]

    def add_skill(self, key: str, source: str, theme: str, tried: int, good: int,
                  lost: float, learner: Learner | None = None) -> None:
        """Count ``tried`` decisions (``source`` "hand": played at the table; "puzzle": a
        puzzle answered) of ``theme``, ``good`` of them best or good, ``lost`` points lost."""
        _check_key(key)
        self._step_write(
            "INSERT INTO skill_stats (learner_key, source, theme, tried, good, lost, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (learner_key, source, theme) DO UPDATE "
            "SET tried = skill_stats.tried + excluded.tried, "
            "good = skill_stats.good + excluded.good, lost = skill_stats.lost + excluded.lost, "
            "at = excluded.at",
            (key, source[:12], theme[:40], max(0, int(tried)), max(0, int(good)),
             max(0.0, float(lost)), time.time()), learner)

    def skills(self, key: str) -> list[tuple]:
        """(source, theme, tried, good, lost) of a learner, by source and theme."""
        return self.skills_of([key]).get(key, [])

    def skills_of(self, keys) -> dict[str, list[tuple]]:
        """{learner key: [(source, theme, tried, good, lost), ...]} of ``keys`` at once."""
        keys = [str(k) for k in keys][:1000]
        if not keys:
            return {}
        out: dict = {}
        for r in self._all("SELECT learner_key, source, theme, tried, good, lost FROM "
                           f"skill_stats WHERE learner_key IN ({', '.join('?' * len(keys))}) "
                           "ORDER BY learner_key, source, theme", keys):
            out.setdefault(r[0], []).append(tuple(r[1:]))
        return out

    def forget_learner(self, key: str) -> None:
        """Start over: this learner's steps, stars and deck (and an anonymous learner's
        row), in one transaction."""
        _check_key(key)
        with self._tx() as cur:
            for table in ("step_progress", "lesson_stars", "review_deck", "skill_stats"):
                cur.execute(self._sql(f"DELETE FROM {table} WHERE learner_key = ?"), (key,))
            if key.startswith("anon:"):
                cur.execute(self._sql("DELETE FROM anonymous_learners WHERE id = ?"),
                            (key[5:],))

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

    # --- limits on tries (teacher passcodes, joins), counted across pages and processes --------
    def admit(self, kind: str, client: str | None, now: float, window: float,
              client_max: int, everyone_max: int) -> Admission:
        """Count one try of ``kind`` (e.g. "gate", "join") by ``client`` at ``now``, unless
        the last ``window`` seconds hold ``client_max`` tries of this client (None: a client
        we cannot tell apart, counted with everyone only) or ``everyone_max`` of everyone;
        then nothing is counted. One transaction, so every page of every process counts in
        the same place. StoreError when the try cannot be counted: the caller refuses it."""
        since = now - window
        with self._tx() as cur:
            cur.execute(self._sql("DELETE FROM attempts WHERE at < ?"), (now - KEEP_ATTEMPTS,))
            checks = [("everyone", everyone_max, "", ())]
            if client is not None:
                checks.insert(0, ("client", client_max, " AND client = ?", (client,)))
            for over, most, where, params in checks:
                cur.execute(self._sql("SELECT COUNT(*), MIN(at) FROM attempts WHERE kind = ? "
                                      "AND at > ?" + where), (kind, since, *params))
                count, first = cur.fetchone()
                if count >= most:
                    return Admission(False, over=over,
                                     retry_after=max(1.0, (first or now) + window - now))
            cur.execute(self._sql("INSERT INTO attempts (kind, client, at) VALUES (?, ?, ?) "
                                  "RETURNING id"), (kind, client or "", now))
            return Admission(True, id=cur.fetchone()[0])

    def forgive(self, attempt_id: int) -> None:
        """Take back a counted try (a right passcode is no failure)."""
        with self._tx() as cur:
            cur.execute(self._sql("DELETE FROM attempts WHERE id = ?"), (attempt_id,))

    def count_attempts(self, kind: str, since: float, client: str | None = None) -> int:
        sql, params = "SELECT COUNT(*) FROM attempts WHERE kind = ? AND at > ?", [kind, since]
        if client is not None:
            sql, params = sql + " AND client = ?", params + [client]
        return self._one(sql, params)[0]

    def count_answers(self, code: str | None = None) -> int:
        if code is None:
            return self._one("SELECT COUNT(*) FROM answers")[0]
        return self._one("SELECT COUNT(*) FROM answers a JOIN learners l ON l.id = "
                         "a.learner_id WHERE l.class_code = ?", (code,))[0]


# A signed-in user (a hub's or a trusted proxy's name, at most 120 characters): "user:<name>",
# with no control character and no space at either end.
_KEY_RE = re.compile(r"^(anon:[A-Za-z0-9_-]{22,64}|class:[0-9]{1,18}|user:[^\x00-\x1f\x7f\s]"
                     r"(?:[^\x00-\x1f\x7f]{0,118}[^\x00-\x1f\x7f\s])?)$")


def valid_learner_key(key) -> bool:
    """A progress key: "anon:<22 to 64 url-safe characters>", "class:<learner row id>" or
    "user:<a signed-in user's name>".

    >>> valid_learner_key("anon:" + "x" * 22), valid_learner_key("class:12")
    (True, True)
    >>> valid_learner_key("user:ana"), valid_learner_key("user:")
    (True, False)
    >>> valid_learner_key("user:a" + chr(10) + "b")  # a control character
    False
    >>> valid_learner_key("anon:short"), valid_learner_key("class:1; DROP")
    (False, False)
    """
    return isinstance(key, str) and bool(_KEY_RE.match(key))


def _check_key(key) -> None:
    if not valid_learner_key(key):
        raise ValueError("not a learner key")
