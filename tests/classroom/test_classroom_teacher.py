"""The teacher's page: its gate, and its numbers on a known set of answers (both backends)."""
from __future__ import annotations

import base64
import csv
import io
import re

import pytest

from widgets.classroom import teacher as teacher_module
from widgets.classroom.config import Settings
from widgets.classroom.stats import percent
from widgets.classroom.store import Answer
from widgets.classroom.teacher import MAX_TRIES, TeacherPage


@pytest.fixture(autouse=True)
def no_delay(monkeypatch):
    monkeypatch.setattr(teacher_module, "WRONG_DELAY", 0)


def page(store, passcode="s3cret-passcode") -> TeacherPage:
    return TeacherPage(Settings(database="unused", teacher_passcode=passcode), store=store)


def known_class(store) -> str:
    """25 learners. Question 1 (4c vs 3d in Mineiro): 15 right, 8 chose the 3 of diamonds,
    2 said tie. Question 2: everyone right. Learner 0 is on lesson 03, the others on 01."""
    code = store.create_class("Room 4")
    for i in range(25):
        learner = store.join(code, f"Learner {i:02d}")
        store.visit(learner, "01_ranking", 0)
        if i == 0:
            store.visit(learner, "03_tricks", 2)
        given = "4c" if i < 15 else ("3d" if i < 23 else "tie")
        store.record_answer(learner, Answer("03_tricks", "trick-1", 1, 1, "mineiro", "4c 3d",
                                            given, "4c", given == "4c"))
        store.record_answer(learner, Answer("03_tricks", "trick-1", 2, 2, "mineiro", "5h 6s",
                                            "6s", "6s", True))
    store.record_answer(store.join(store.create_class(), "Elsewhere"), Answer(
        "03_tricks", "trick-1", 1, 1, "mineiro", "4c 3d", "3d", "4c", False))
    return code


def test_the_numbers_on_a_known_class(store):
    code = known_class(store)
    teacher = page(store)
    assert teacher.unlock("s3cret-passcode")
    teacher.show(code)
    (q1, q2) = teacher.questions
    assert (q1.key, q1.answers, q1.right, percent(q1.right, q1.answers)) == (
        ("03_tricks", "trick-1", 1), 25, 15, 60)
    assert q1.wrong == [("3d", 8), ("tie", 2)]
    assert (q2.answers, q2.right, q2.wrong) == (25, 25, [])
    html = teacher.questions_html.value
    assert ("32% chose the 3 of diamonds over the 4 of clubs (Zap); "
            "8% chose a tie over the 4 of clubs (Zap)") in html
    assert "60%" in html and "100%" in html
    learners = {s.name: s for s in teacher.learners}
    assert len(learners) == 25 and "Elsewhere" not in learners
    assert learners["Learner 00"].lesson == "03_tricks"
    assert learners["Learner 20"].lesson == "01_ranking"
    assert (learners["Learner 20"].answers, learners["Learner 20"].right) == (2, 1)
    assert "Learners (25)" in teacher.learners_html.value
    assert teacher.learners_html.value.count("1. The deck and the card ranking") == 24
    png = re.search(r'src="data:image/png;base64,([^"]+)"', teacher.plot.value).group(1)
    assert base64.b64decode(png).startswith(b"\x89PNG")
    link = re.search(r'href="data:text/csv;charset=utf-8;base64,([^"]+)"',
                     teacher.download.value)
    rows = list(csv.reader(io.StringIO(base64.b64decode(link.group(1)).decode())))
    assert rows[0][:4] == ["learner", "lesson", "quiz", "question"] and len(rows) == 51
    assert sum(1 for r in rows[1:] if r[9] == "1") == 40
    assert rows[1][0] == "Learner 00" and rows[1][10].endswith("+00:00")


def test_a_new_class_code_is_shown_to_project(store):
    teacher = page(store)
    assert teacher.new_class("Monday") is None  # locked: nothing
    teacher.unlock("s3cret-passcode")
    code = teacher.new_class("Monday")
    assert store.class_exists(code) and teacher.picker.value == code
    assert code in teacher.message and code in teacher.code_html.value


def test_the_gate_refuses_wrong_passcodes(store):
    known_class(store)
    teacher = page(store)
    for wrong in ("", "s3cret", "S3CRET-PASSCODE", None, 12):
        assert not teacher.unlock(wrong)
        assert teacher.message == "Wrong passcode." and not teacher.unlocked
    assert teacher.body.children == () and teacher.learners == []
    assert not teacher.unlock("s3cret-passcode")  # MAX_TRIES reached: refused even if right
    assert teacher.tries == MAX_TRIES and "Too many" in teacher.message
    teacher.refresh()
    assert teacher.rows == []


def test_without_a_passcode_the_teacher_page_is_off(store):
    teacher = page(store, passcode=None)
    assert not teacher.unlock("") and not teacher.unlock("anything")
    assert "TRUCO_TEACHER_PASSCODE" in teacher.message and teacher.gate.layout.display == "none"


def test_the_page_refreshes_itself_while_open(store):
    code = known_class(store)
    teacher = page(store)
    teacher.unlock("s3cret-passcode")
    teacher.show(code)
    assert teacher.ticker.running
    late = store.join(code, "Late")
    store.record_answer(late, Answer("03_tricks", "trick-1", 1, 1, "mineiro", "4c 3d", "3d",
                                     "4c", False))
    teacher._on_tick(teacher.ticker, {"type": "tick"}, [])  # what the page's timer sends
    assert teacher.questions[0].answers == 26 and teacher.questions[0].wrong[0] == ("3d", 9)
    assert "Learners (26)" in teacher.learners_html.value
    assert "35% chose the 3 of diamonds" in teacher.questions_html.value


def test_names_cannot_become_spreadsheet_formulas():
    from widgets.classroom.stats import csv_text

    row = (1, "=HYPERLINK(\"x\")", "03_tricks", "trick-1", 1, 1, "mineiro", "4c 3d", "3d",
           "4c", False, 0.0)
    line = list(csv.reader(io.StringIO(csv_text([row]))))[1]
    assert line[0] == "'=HYPERLINK(\"x\")" and line[10] == "1970-01-01T00:00:00+00:00"


def test_reloading_does_not_help_a_guesser(store):
    from widgets.classroom.teacher import GLOBAL_TRIES

    tries = 0
    while tries < GLOBAL_TRIES:
        teacher = page(store)  # a reload: a new page, its own count starts again
        for _i in range(min(MAX_TRIES, GLOBAL_TRIES - tries)):
            assert not teacher.unlock(f"guess {tries}")
            tries += 1
    teacher = page(store)
    assert not teacher.unlock("s3cret-passcode") and "closed for a few minutes" in \
        teacher.message
    assert store.gate_failures(60) == GLOBAL_TRIES


def test_a_question_with_two_right_answers_names_both():
    from widgets.classroom.stats import question_stats, wrong_answer_text

    rows = [(i, f"L{i}", "03_tricks", "trick-2", 1, 1, "mineiro", "4c 3d 2s 4d",
             "3d" if i < 3 else "4d", "4c 4d", i >= 3, float(i)) for i in range(4)]
    (stat,) = question_stats(rows)
    assert wrong_answer_text(stat) == (
        "75% chose the 3 of diamonds over the 4 of clubs (Zap) or the 4 of diamonds")
