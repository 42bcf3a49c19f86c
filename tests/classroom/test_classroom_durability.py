"""Nothing is lost: an answer the learner was told about (on a lesson's steps) survives
``kill -9`` of its kernel,
and 30 writers at once (in several processes) neither lose nor duplicate a row. Both backends."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from widgets.classroom.config import Settings
from widgets.classroom.store import open_store

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
WORKER = HERE / "classroom_worker.py"
KILL_AFTER = 12  # acknowledged answers before the kill


def child_env(db_url: str, **extra) -> dict:
    env = dict(os.environ, TRUCO_CLASSROOM_DB=db_url, PYTHONPATH=str(REPO), **extra)
    env.pop("TRUCO_CLASSROOM_USER_HEADER", None)
    return env


def test_acknowledged_answers_survive_kill_9(db_url):
    store = open_store(Settings(database=db_url))
    code = store.create_class()
    ana = store.join(code, "Ana")
    proc = subprocess.Popen(
        [sys.executable, str(WORKER), "lesson"], cwd=REPO, stdout=subprocess.PIPE, text=True,
        env=child_env(db_url, QUERY_STRING=f"learner={ana.token}",
                      SCRIPT_NAME="/voila/render/lessons/03_tricks.ipynb"))
    acked = []
    try:
        for line in proc.stdout:
            assert line.startswith("ACK"), line
            _ack, quiz, seq, given = line.split()
            acked.append(((quiz, int(seq)), given))
            if len(acked) == KILL_AFTER:
                os.kill(proc.pid, signal.SIGKILL)  # while it is writing the next answer
                break
    finally:
        proc.kill()
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    stored = {(a.quiz, a.seq): a.answer for a in store.answers_of(ana)}
    assert len(acked) == KILL_AFTER and len({q for (q, _s), _g in acked}) == 2  # two kinds
    for key, given in acked:
        assert stored.get(key) == given, (key, given, stored)
    # Answers stored after the last one the test had read: the worker goes on writing while
    # its acknowledgements wait in the pipe (under load, more than one). Each is a next answer
    # of the page's quizzes, with none missing in between: nothing acknowledged was lost.
    extra = set(stored) - {key for key, _given in acked}
    for quiz in {q for q, _s in stored}:
        seqs = sorted(s for q, s in stored if q == quiz)
        assert seqs == list(range(1, len(seqs) + 1)), (quiz, seqs)
    for quiz, seq in extra:
        assert seq > max((s for (q, s), _g in acked if q == quiz), default=0)
    store.close()


def test_thirty_writers_at_once_lose_and_duplicate_nothing(db_url):
    store = open_store(Settings(database=db_url))
    code = store.create_class()
    learners = [store.join(code, f"learner {i}") for i in range(30)]
    start_at = time.time() + 4  # every process has imported and connected by then
    procs = [subprocess.Popen(
        [sys.executable, str(WORKER), "writers", db_url, str(start_at), "10",
         *[l.token for l in learners[i::6]]], cwd=REPO, stdout=subprocess.PIPE, text=True,
        env=child_env(db_url)) for i in range(6)]  # 6 processes x 5 threads
    outputs = [p.communicate(timeout=120)[0] for p in procs]
    assert [p.returncode for p in procs] == [0] * 6, outputs
    assert all(out.startswith("ERRORS 0") for out in outputs), outputs
    rows = store.class_answers(code)
    assert len(rows) == 300 and store.count_answers(code) == 300
    assert len({(r[0], r[3], r[4]) for r in rows}) == 300  # (learner, quiz, seq) once each
    for learner in learners:
        assert [a.seq for a in store.answers_of(learner)] == list(range(1, 11))
    store.close()
