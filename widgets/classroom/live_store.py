"""The live lesson and the homework in the class database: the part of :class:`.storage.Store`
that a teacher-paced lesson and a class's assignments need (a mixin of it).

A live lesson is one row of ``live_lessons``: the class, the plan (what is asked: a quick set of
one kind of task in one variant), the seed every page deals from, the question on screen and
its state (``asking``, ``closed`` when a countdown ran out, ``revealed``), and ``ended`` once the
teacher ends it. Every page, on whichever server, reads that row: nothing lives in one
server's memory. The teacher moves it on with :meth:`LiveStore.live_move`, a conditional
update (the question and state it moves from), so two teacher tabs pressing *Next* at once
move it once.

A learner's answer is an ordinary class answer (lesson ``live``, quiz ``live-<kind>-<id>``,
``seq`` and ``item`` the question's number): the teacher's tables and the CSV show it with the
rest, and the answers table's key counts it once. :meth:`LiveStore.live_answer` stores it only
while that question is being asked, for a learner of that class.

Homework is ``homework``: a lesson (or the exam) a class is to finish by a day.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

__all__ = ["LiveState", "LiveStore", "LIVE_TABLES", "LIVE_TABLE_NAMES", "LIVE_LESSON",
           "ASKING", "CLOSED", "REVEALED", "live_quiz"]

LIVE_LESSON = "live"  # the lesson name under which live answers are stored
ASKING, CLOSED, REVEALED = "asking", "closed", "revealed"
_STATES = (ASKING, CLOSED, REVEALED)

LIVE_TABLES = """
CREATE TABLE IF NOT EXISTS live_lessons (
    id {serial}, class_code TEXT NOT NULL REFERENCES classes(code), plan TEXT NOT NULL,
    seed BIGINT NOT NULL, questions INTEGER NOT NULL, question INTEGER NOT NULL,
    state TEXT NOT NULL, countdown INTEGER NOT NULL, started DOUBLE PRECISION NOT NULL,
    changed DOUBLE PRECISION NOT NULL, ended DOUBLE PRECISION);
CREATE INDEX IF NOT EXISTS live_by_class ON live_lessons (class_code, ended);
CREATE TABLE IF NOT EXISTS homework (
    class_code TEXT NOT NULL REFERENCES classes(code), lesson TEXT NOT NULL,
    due TEXT NOT NULL, set_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (class_code, lesson));
"""
LIVE_TABLE_NAMES = ("live_lessons", "homework")
_COLUMNS = ("id, class_code, plan, seed, questions, question, state, countdown, started, "
            "changed, ended")


def live_quiz(kind: str, live_id: int) -> str:
    """The quiz name a live lesson's answers are stored under.

    >>> live_quiz("trick", 7)
    'live-trick-7'
    """
    return f"live-{kind}-{int(live_id)}"


@dataclass(frozen=True)
class LiveState:
    """One live lesson as stored. ``question`` counts from 1; ``ended`` is None while it runs.
    ``changed`` is when the question or its state last changed (a countdown starts there)."""
    id: int
    class_code: str
    plan: str
    seed: int
    questions: int
    question: int
    state: str
    countdown: int
    started: float
    changed: float
    ended: float | None

    @property
    def kind(self) -> str:
        return self.plan.split(":", 1)[0]

    @property
    def quiz(self) -> str:
        return live_quiz(self.kind, self.id)

    def remaining(self, now: float) -> float | None:
        """Seconds left on the countdown while asking (None without one)."""
        if not self.countdown or self.state != ASKING:
            return None
        return max(0.0, self.changed + self.countdown - now)

    @property
    def key(self) -> tuple:
        """What a page redraws on: the same key, nothing to draw again."""
        return (self.id, self.question, self.state, self.ended is None)


class LiveStore:
    """Live lessons and homework; mixed into :class:`.storage.Store` (its ``_tx``, ``_sql``,
    ``_one``, ``_all`` and ``_check_learner``)."""

    # --- live lessons --------------------------------------------------------------------------
    def start_live(self, code: str, plan: str, seed: int, questions: int,
                   countdown: int = 0) -> LiveState:
        """A new live lesson for class ``code`` at its first question (any live lesson of
        the class still running ends)."""
        now = time.time()
        with self._tx() as cur:
            cur.execute(self._sql("UPDATE live_lessons SET ended = ? WHERE class_code = ? AND "
                                  "ended IS NULL"), (now, code))
            cur.execute(self._sql(
                "INSERT INTO live_lessons (class_code, plan, seed, questions, question, state, "
                "countdown, started, changed) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)"),
                (code, plan[:80], int(seed) % 2**62, int(questions), ASKING,
                 max(0, int(countdown)), now, now))
        state = self.live_of(code)
        assert state is not None
        return state

    def live_of(self, code: str) -> LiveState | None:
        """The class's running live lesson, if any."""
        row = self._one(f"SELECT {_COLUMNS} FROM live_lessons WHERE class_code = ? AND "
                        "ended IS NULL ORDER BY id DESC LIMIT 1", (code,))
        return LiveState(*row) if row else None

    def live(self, live_id: int) -> LiveState | None:
        """A live lesson by its number, running or ended."""
        row = self._one(f"SELECT {_COLUMNS} FROM live_lessons WHERE id = ?", (int(live_id),))
        return LiveState(*row) if row else None

    def live_move(self, live_id: int, question: int, state: str, *, to_question: int,
                  to_state: str) -> bool:
        """Move a running live lesson from (``question``, ``state``) to (``to_question``,
        ``to_state``); False when it is not there any more (another tab moved it, or it
        ended): nothing changes then."""
        if to_state not in _STATES:
            raise ValueError(f"unknown live state {to_state!r}")
        with self._tx() as cur:
            cur.execute(self._sql(
                "UPDATE live_lessons SET question = ?, state = ?, changed = ? WHERE id = ? AND "
                "question = ? AND state = ? AND ended IS NULL AND ? BETWEEN 1 AND questions"),
                (int(to_question), to_state, time.time(), int(live_id), int(question), state,
                 int(to_question)))
            return cur.rowcount == 1

    def end_live(self, live_id: int) -> bool:
        with self._tx() as cur:
            cur.execute(self._sql("UPDATE live_lessons SET ended = ? WHERE id = ? AND ended IS "
                                  "NULL"), (time.time(), int(live_id)))
            return cur.rowcount == 1

    def live_answer(self, learner, live_id: int, question: int, variant: str, prompt: str,
                    answer: str, correct: str, right: bool) -> str:
        """Store ``learner``'s answer to ``question`` of a live lesson, at most once. Returns
        "stored", "again" (this learner had answered it: the first answer counts),
        "closed" (the question is not being asked now: moved on, revealed, timed out or
        ended) or "other_class" (the learner is not in the lesson's class); StoreError
        "unknown_learner" for a token the database does not know."""
        with self._tx() as cur:
            self._check_learner(cur, learner)
            cur.execute(self._sql(f"SELECT {_COLUMNS} FROM live_lessons WHERE id = ?"),
                        (int(live_id),))
            row = cur.fetchone()
            live = LiveState(*row) if row else None
            if live is None or live.class_code != learner.class_code:
                return "other_class"
            late = live.remaining(time.time()) == 0.0
            if live.ended is not None or live.question != int(question) or \
                    live.state != ASKING or late:
                return "closed"
            cur.execute(self._sql(
                "INSERT INTO answers (learner_id, lesson, quiz, seq, item, variant, prompt, "
                "answer, correct, is_right, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (learner_id, lesson, quiz, seq) DO NOTHING"),
                (learner.id, LIVE_LESSON, live.quiz, int(question), int(question), variant[:40],
                 prompt[:200], answer[:40], correct[:80], int(bool(right)), time.time()))
            return "stored" if cur.rowcount == 1 else "again"

    def live_answers(self, live_id: int, question: int | None = None) -> list[tuple]:
        """(learner id, name, question, answer, right) of a live lesson's answers (of one
        question), in the order they came."""
        live = self.live(live_id)
        if live is None:
            return []
        sql = ("SELECT l.id, l.name, a.seq, a.answer, a.is_right FROM answers a JOIN learners l "
               "ON l.id = a.learner_id WHERE l.class_code = ? AND a.lesson = ? AND a.quiz = ?")
        params: tuple = (live.class_code, LIVE_LESSON, live.quiz)
        if question is not None:
            sql += " AND a.seq = ?"
            params += (int(question),)
        return [(r[0], r[1], int(r[2]), r[3], bool(r[4]))
                for r in self._all(sql + " ORDER BY a.at, a.id", params)]

    # --- the class's roll ------------------------------------------------------------------------
    def remove_learner(self, code: str, learner_id: int) -> bool:
        """Take a learner out of class ``code``: their answers, visits and progress go, and
        their class link stops working. False when no such learner is in that class."""
        with self._tx() as cur:
            cur.execute(self._sql("SELECT id FROM learners WHERE id = ? AND class_code = ?"),
                        (int(learner_id), code))
            if cur.fetchone() is None:
                return False
            key = f"class:{int(learner_id)}"
            for table in ("step_progress", "lesson_stars", "review_deck", "skill_stats"):
                cur.execute(self._sql(f"DELETE FROM {table} WHERE learner_key = ?"), (key,))
            for table in ("answers", "visits"):
                cur.execute(self._sql(f"DELETE FROM {table} WHERE learner_id = ?"),
                            (int(learner_id),))
            cur.execute(self._sql("DELETE FROM learners WHERE id = ?"), (int(learner_id),))
            return True

    def count_learners(self, code: str) -> int:
        return int(self._one("SELECT COUNT(*) FROM learners WHERE class_code = ?", (code,))[0])

    def renew_code(self, code: str, new: str) -> bool:
        """Give class ``code`` the code ``new`` (a fresh one: :func:`.codes.new_code`): the
        old code no longer lets anyone join; learners, answers and homework stay."""
        with self._tx() as cur:
            cur.execute(self._sql("SELECT title, created FROM classes WHERE code = ?"), (code,))
            row = cur.fetchone()
            if row is None:
                return False
            cur.execute(self._sql("SELECT 1 FROM classes WHERE code = ?"), (new,))
            if cur.fetchone() is not None:
                return False
            cur.execute(self._sql("INSERT INTO classes (code, title, created) VALUES (?, ?, ?)"),
                        (new, row[0], row[1]))
            for table in ("learners", "live_lessons", "homework"):
                cur.execute(self._sql(f"UPDATE {table} SET class_code = ? WHERE class_code = ?"),
                            (new, code))
            cur.execute(self._sql("DELETE FROM classes WHERE code = ?"), (code,))
            return True

    # --- homework ------------------------------------------------------------------------------
    def set_homework(self, code: str, lesson: str, due: str) -> None:
        """Assign ``lesson`` to class ``code``, due on ``due`` (an ISO date, "2026-12-12");
        assigning it again moves the date."""
        with self._tx() as cur:
            cur.execute(self._sql(
                "INSERT INTO homework (class_code, lesson, due, set_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (class_code, lesson) DO UPDATE SET due = excluded.due, "
                "set_at = excluded.set_at"), (code, lesson[:40], due[:10], time.time()))

    def drop_homework(self, code: str, lesson: str) -> None:
        with self._tx() as cur:
            cur.execute(self._sql("DELETE FROM homework WHERE class_code = ? AND lesson = ?"),
                        (code, lesson))

    def lesson_work(self, code: str, lesson: str) -> list[tuple]:
        """What each learner of class ``code`` did in ``lesson``: (learner id, name, stars or
        None, finished at or None, [(step, mistakes, passed at)], [answer times], first visit
        or None), by name."""
        learners = self._all("SELECT id, name FROM learners WHERE class_code = ? ORDER BY "
                             "name, id", (code,))
        keys = {f"class:{r[0]}": r[0] for r in learners}
        stars: dict = {}
        steps: dict = {}
        for key, n, at in self._all("SELECT s.learner_key, s.stars, s.at FROM lesson_stars s "
                                    "WHERE s.lesson = ?",
                                    (lesson,)):
            if key in keys:
                stars[keys[key]] = (int(n), float(at))
        for key, step, mistakes, at in self._all(
                "SELECT learner_key, step, mistakes, passed_at FROM step_progress WHERE "
                "lesson = ?", (lesson,)):
            if key in keys:
                steps.setdefault(keys[key], []).append((int(step), int(mistakes), float(at)))
        times: dict = {}
        for lid, at in self._all("SELECT a.learner_id, a.at FROM answers a JOIN learners l ON "
                                 "l.id = a.learner_id WHERE l.class_code = ? AND a.lesson = ?",
                                 (code, lesson)):
            times.setdefault(lid, []).append(float(at))
        first = {r[0]: float(r[1]) for r in self._all(
            "SELECT v.learner_id, v.first_at FROM visits v JOIN learners l ON l.id = "
            "v.learner_id WHERE l.class_code = ? AND v.lesson = ?", (code, lesson))}
        return [(lid, name, *(stars.get(lid) or (None, None)), sorted(steps.get(lid, [])),
                 sorted(times.get(lid, [])), first.get(lid)) for lid, name in learners]

    def homework(self, code: str) -> list[tuple[str, str, float]]:
        """(lesson, due date, when it was set) of the class's homework, soonest first."""
        return [(r[0], r[1], float(r[2])) for r in self._all(
            "SELECT lesson, due, set_at FROM homework WHERE class_code = ? ORDER BY due, "
            "lesson", (code,))]
