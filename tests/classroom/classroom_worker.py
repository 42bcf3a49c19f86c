"""A child process for the durability and concurrency tests (run as a script, never imported
by the tests themselves).

``quiz``: a learner's page answering a TrickQuiz forever, printing ``ACK <seq> <answer>``
once each answer's feedback is shown (the learner has been told), until it is killed.
``writers``: ``threads`` writers, each with its own connection, each storing ``answers``
answers for its own learner (and every answer a second time, as a retry would), all starting
together.
"""
from __future__ import annotations

import os
import sys
import threading
import time


def quiz(lesson: str) -> None:
    from widgets import TrickQuiz

    quiz = TrickQuiz("mineiro", seed=3)
    assert quiz.recorder is not None, "no class session"
    while True:
        answer = sorted(quiz.offered_answers())[0]
        quiz.choose(answer)
        if quiz.tone == "error":
            print("ERROR", quiz.message, flush=True)
            return
        print("ACK", quiz.recorder.seq, answer, flush=True)
        quiz.next()


def writers(db: str, start_at: float, answers: int, tokens: list[str]) -> None:
    from widgets.classroom.config import Settings
    from widgets.classroom.store import Answer, open_store

    errors = []

    def write(token: str) -> None:
        try:
            store = open_store(Settings(database=db))
            learner = store.learner(token)
            time.sleep(max(0.0, start_at - time.time()))
            for seq in range(1, answers + 1):
                a = Answer("03_tricks", "trick-1", seq, seq, "mineiro", "4c 3d", "3d", "4c",
                           False)
                if not (store.record_answer(learner, a) and store.record_answer(learner, a)):
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
    if mode == "quiz":
        quiz(os.environ["SCRIPT_NAME"])
    elif mode == "writers":
        writers(sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), sys.argv[5:])
