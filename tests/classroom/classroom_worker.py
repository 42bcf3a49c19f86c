"""A child process for the durability and concurrency tests (run as a script, never imported
by the tests themselves).

``lesson``: a learner's lesson page (lesson 3's steps, as the notebook builds them) answered
forever, right and wrong in turn and "Practise again" at the summary, printing
``ACK <quiz> <seq> <answer>`` once each answer's feedback is shown (the learner has been told),
until it is killed.
``writers``: ``threads`` writers, each with its own connection, each storing ``answers``
answers for its own learner (and every answer a second time, as a retry would), all starting
together.
"""
from __future__ import annotations

import os
import sys
import threading
import time


def lesson(name: str) -> None:
    from classroom_helpers import finish_task, lesson_page, step_recorders

    class Env:  # the page's address is in this process's environment already
        def setenv(self, key, value):
            os.environ[key] = value

    token = os.environ["QUERY_STRING"].partition("learner=")[2]
    runner = lesson_page(Env(), token, name)
    assert runner.session is not None, "no class session"
    for n in range(1_000_000):
        if runner.finished:
            runner.practise_again()
        kind = runner.step.task
        out = finish_task(runner, right=n % 3 != 1)
        if runner.tone == "error":
            print("ERROR", runner.message, flush=True)
            return
        rec = step_recorders(runner)[kind]
        print("ACK", rec.quiz, rec.seq, out.answer, flush=True)


def writers(db: str, start_at: float, answers: int, tokens: list[str]) -> None:
    from widgets.classroom.config import Settings
    from widgets.classroom.store import Answer, open_store

    from widgets.classroom.storage import StoreError

    errors = []

    def record(store, learner, a) -> bool:
        """As a page does with an answer it could not save yet: keep it and try again. Under
        a second suite's load a write can wait out the store's 2 s bound; what this test
        checks is that nothing is lost or written twice (the bound is bench-classroom's)."""
        for _attempt in range(20):
            try:
                return store.record_answer(learner, a)
            except StoreError as err:
                if err.reason != "busy":
                    raise
        return store.record_answer(learner, a)

    def write(token: str) -> None:
        try:
            store = open_store(Settings(database=db))
            learner = store.learner(token)
            time.sleep(max(0.0, start_at - time.time()))
            for seq in range(1, answers + 1):
                a = Answer("03_tricks", "trick-1", seq, seq, "mineiro", "4c 3d", "3d", "4c",
                           False)
                if not (record(store, learner, a) and record(store, learner, a)):
                    errors.append(f"{token}: answer {seq} refused")
            store.close()
        except Exception as err:  # reported to the test, which fails on it
            errors.append(f"{type(err).__name__}: {err}")

    threads = [threading.Thread(target=write, args=(t,)) for t in tokens]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print("ERRORS", len(errors), *errors[:3], flush=True)


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "lesson":
        lesson(os.environ["SCRIPT_NAME"].rsplit("/", 1)[-1].removesuffix(".ipynb"))
    elif mode == "writers":
        writers(sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), sys.argv[5:])
