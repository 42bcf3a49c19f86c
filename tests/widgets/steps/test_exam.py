"""The final exam in plain Python: a fixed number of questions, no re-ask, a mark, the missed
topics into the review deck, the variant fixed, kinds not written yet skipped."""
from __future__ import annotations

import pytest

import truco
from widgets.classroom import session as classroom
from widgets.steps import MemoryProgress
from widgets.steps import exam as exam_module
from widgets.steps.exam import Exam, available_topics
from widgets.steps.runner import today


@pytest.fixture(autouse=True)
def no_class(monkeypatch):
    for name in ("QUERY_STRING", "SCRIPT_NAME"):
        monkeypatch.delenv(name, raising=False)
    classroom.reset()


def run(e: Exam, wrong_at=()) -> None:
    """Answer every question: wrong at the numbers in ``wrong_at``, right elsewhere."""
    while not e.finished:
        n = e.number
        e.answer(e.task.wrong_answer() if n in wrong_at else e.task.solution())


def test_the_exam_ends_with_a_mark_and_the_missed_topics_go_to_the_deck():
    progress = MemoryProgress()
    e = Exam(variant="mineiro", questions=20, pass_mark=15, progress=progress, seed=7)
    assert "Truco Mineiro" in e.header.value and "Question 1 of 20" in e.header.value
    wrong = {0, 5, 9}
    missed = {e.plan[i][0] for i in wrong}
    asked = []
    while not e.finished:
        asked.append(e.number)
        task = e.task
        e.answer(task.wrong_answer() if e.number in wrong else task.solution())
        assert e.task is not task or e.finished or e.number == asked[-1]
    assert sorted(set(asked)) == list(range(20))  # twenty questions, no re-ask
    assert e.right == 17 and e.passed and e.summary_text.startswith("17 of 20: passed")
    assert progress.stars("11_final_quiz") == 1
    deck = {i.task for i in progress.due(today() + 1)}
    assert deck == missed and len(e.missed) == len(missed)
    assert "tutor-exam-mark" in e.summary.children[0].value


def test_topics_are_spread_evenly_and_fit_the_variant():
    e = Exam(variant="truc", questions=20, seed=1)
    kinds = [t[0] for t in e.plan]
    counts = {k: kinds.count(k) for k in set(kinds)}
    assert max(counts.values()) - min(counts.values()) <= 1
    assert "manilhas" not in counts and "rank" in counts
    assert {t[0] for t in available_topics(truco.variant("mineiro"))} >= {"rank", "manilhas"}


def test_a_failed_exam_is_not_finished_and_can_be_taken_again():
    progress = MemoryProgress()
    e = Exam(variant="paulista", questions=6, pass_mark=5, progress=progress, seed=2)
    run(e, wrong_at={0, 1, 2})
    assert e.finished and not e.passed and "not passed yet" in e.summary_text
    assert progress.stars("11_final_quiz") is None
    assert e.answer("4c") is None and e.tone == "error"
    e.again()
    assert not e.finished and e.number == 0
    run(e)
    assert e.passed and progress.stars("11_final_quiz") == 3


def test_kinds_not_written_yet_are_skipped(monkeypatch):
    from widgets.steps import tasks
    monkeypatch.setitem(tasks.KINDS, "not_a_kind_yet", "no_such_module:Nothing")
    monkeypatch.setitem(tasks.KINDS, "half_written", "ranking:NoSuchClass")
    monkeypatch.setattr(exam_module, "TOPICS", exam_module.TOPICS + (
        ("not_a_kind_yet", {}, "nothing", "01_ranking"),
        ("half_written", {}, "nothing", "01_ranking")))
    e = Exam(variant="mineiro", questions=4, seed=3)
    kinds = {t[0] for t in e.plan}
    assert "rank" in kinds and not kinds & {"not_a_kind_yet", "half_written"}
