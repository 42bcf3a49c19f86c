"""Issue 35: the live, teacher-paced lesson (stored state, the projector, learners' seats), the
homework and the class's roll, driven in plain Python on SQLite and PostgreSQL."""
from __future__ import annotations

import datetime as dt
from html import escape

import pytest

from widgets.classroom import live_store
from widgets.classroom import teacher as teacher_module
from widgets.classroom.config import Settings
from widgets.classroom.homework_panel import HomeworkPanel
from widgets.classroom.live import parse_plan, question_task, tally
from widgets.classroom.live_projector import plan_options
from widgets.classroom.live_views import LiveBanner, LiveSeat
from widgets.classroom.session import Session
from widgets.classroom.stats import question_words
from widgets.classroom.teacher import TeacherPage

PASSCODE = "s3cret-passcode"
PLAN = "trick:mineiro:2"


@pytest.fixture(autouse=True)
def no_delay(monkeypatch):
    monkeypatch.setattr(teacher_module, "WRONG_DELAY", 0)


def teacher(store) -> TeacherPage:
    page = TeacherPage(Settings(database="unused", teacher_passcode=PASSCODE), store=store,
                       environ={})
    assert page.unlock(PASSCODE)
    return page


@pytest.fixture
def room(store):
    """A teacher's page on a class of three learners, each with a live page open."""
    page = teacher(store)
    code = page.new_class("Room 4")
    learners = [store.join(code, name) for name in ("Ana", "Bruno", "Chen")]
    seats = [LiveSeat(Session(learner, store, "live"), store) for learner in learners]
    return page, code, learners, seats


def poll(*seats):
    for seat in seats:
        seat.poll()


def test_a_whole_live_lesson(room, store):
    page, code, learners, seats = room
    assert all("Waiting for your teacher" in s.message for s in seats)
    live = page.start_live(PLAN, 0)
    assert page.class_box.layout.display == "none"  # the page is the projector now
    poll(*seats)
    items = {s.task.item for s in seats}
    assert len(items) == 1 and live.task.item in items  # the same deal on every page
    right, wrong = seats[0].task.solution(), seats[1].task.wrong_answer()
    seats[0].task.answer(right)
    seats[1].task.answer(wrong)
    # "Answer received" at once, no verdict yet, and the pick is no longer clickable
    assert "Answer received" in seats[0].message and "Right" not in seats[0].message
    assert seats[0].task.view not in seats[0].body.children
    live.poll()
    assert "2 of 3 have answered" in live.count.value
    assert live.spread.value == ""  # nothing shown before the reveal
    assert live.reveal()
    poll(*seats)
    assert seats[0].message.startswith("Right.")
    assert seats[1].message.startswith("No:") and seats[1].feedback.msg["tone"] == "wrong"
    assert "did not answer" in seats[2].message
    assert live.tally.answered == 2 and live.tally.right == 1
    assert "tutor-live-right" in live.spread.value and "Bruno" not in live.spread.value
    live.names.value = True  # names only when the teacher asks
    assert "Bruno" in live.spread.value
    assert escape(live.task.explanation) in live.spread.value
    for n in range(2, 11):
        assert live.next()
        poll(*seats)
        assert {s.state.question for s in seats} == {n}
        seats[2].task.answer(seats[2].task.solution())
        live.reveal()
    assert live.next_button.description == "See the results"
    assert live.next()  # the last question: the lesson ends
    poll(*seats)
    assert live.state is None and live.ended is not None
    assert "tutor-live-results" in live.question.children[0].value
    assert "Chen" in live.spread.value  # per learner at the end
    assert seats[2].message == "Right answers: 9 of 9."
    # stored as class answers: the teacher's tables and the CSV have them
    rows = [r for r in store.class_answers(code) if r[2] == "live"]
    assert len(rows) == 11
    assert question_words(rows[0][3], rows[0][5], rows[0][6], rows[0][7]).startswith(
        "Live question 1")


def test_an_answer_counts_once_and_a_closed_one_not_at_all(room, store):
    page, code, learners, seats = room
    live = page.start_live(PLAN, 0)
    poll(*seats)
    task = seats[0].task
    state = seats[0].state
    assert store.live_answer(learners[0], state.id, 1, "mineiro", "p", task.solution(),
                             "x", True) == "stored"
    # a second answer (another tab, a forged message) changes nothing
    assert store.live_answer(learners[0], state.id, 1, "mineiro", "p", task.wrong_answer(),
                             "x", False) == "again"
    assert [r[3] for r in store.live_answers(state.id, 1)] == [task.solution()]
    live.reveal()
    # a learner whose page still shows the question answers after the reveal
    late = seats[1]
    late.task.answer(late.task.solution())
    assert "closed" in late.message and late.feedback.msg["tone"] == "error"
    assert store.live_answers(state.id, 1) == [(learners[0].id, "Ana", 1, task.solution(),
                                                True)]
    # a learner of another class cannot answer this lesson
    other = store.join(store.create_class("Other"), "Zoe")
    assert store.live_answer(other, state.id, 1, "mineiro", "p", "tie", "x", False) == \
        "other_class"
    # a forged click on a card that is not in the trick is refused by the task
    fresh = LiveSeat(Session(learners[2], store, "live"), store)
    live.next()
    fresh.poll()
    fresh.task.answer("Zz")
    assert "not one of the answers" in fresh.task.refusals.message
    assert store.live_answers(state.id, 2) == []


def test_reloads_and_late_joiners_come_back_to_the_question(room, store):
    page, code, learners, seats = room
    live = page.start_live(PLAN, 0)
    poll(*seats)
    seats[0].task.answer(seats[0].task.solution())
    # a learner reloads: a new page shows their answer as received
    again = LiveSeat(Session(learners[0], store, "live"), store)
    assert again.mine == seats[0].mine and "Answer received" in again.message
    # a late joiner is taken straight to the question on screen
    late = LiveSeat(Session(store.join(code, "Dara"), store, "live"), store)
    assert late.state.question == 1 and late.task.view in late.body.children
    # the teacher reloads: the page comes back to the lesson at its question
    live.reveal()
    reloaded = teacher(store)
    reloaded.show(code)
    assert reloaded.live is not None and reloaded.live.state.state == "revealed"
    # two teacher tabs press Next at once: the lesson moves on once
    assert reloaded.live.next()
    assert not live.next()
    live.poll()
    assert live.state.question == 2


def test_the_countdown_closes_the_question(room, store, monkeypatch):
    page, code, learners, seats = room
    # the clock stands still until the test moves it (a loaded machine took over a second
    # between the start and the seat's poll: "19 s left")
    clock = [live_store.time.time()]
    monkeypatch.setattr(live_store.time, "time", lambda: clock[0])
    live = page.start_live(PLAN, 20)
    poll(*seats)
    assert "20 s left" in seats[0].status.value
    clock[0] += 21
    seats[0].task.answer(seats[0].task.solution())  # too late
    assert "closed" in seats[0].message
    live.poll()
    assert live.state.state == "closed" and "time is up" in live.header.value
    assert live.reveal()


@pytest.mark.parametrize("plan", ["05_raising:mineiro:2", "07_envido_flor:argentino:2",
                                  "01_ranking:truc:2", "12_odds:paulista:2"])
def test_a_lesson_run_live_asks_its_steps(room, store, plan):
    """A lesson's steps, one question each: the step's idea above the question, answers in
    the question's own words on the projector, the engine's reason on every page."""
    page, code, learners, seats = room
    live = page.start_live(plan, 0)
    steps = parse_plan(plan).steps
    assert live.state.questions == len(steps) >= 2
    for n, step in enumerate(steps, 1):
        poll(*seats)
        assert {s.state.question for s in seats} == {n}
        assert {s.task.item for s in seats} == {live.task.item}  # one deal for everyone
        assert seats[0].task.kind == step.task
        idea = escape(step.text)
        assert idea in seats[0].body.children[0].children[0].value
        assert idea in live.question.children[0].children[0].value
        still = live.question.children[0].children[-1]
        assert "tutor-live-still" in still._dom_classes and still.children == (live.task.view,)
        seats[0].task.answer(seats[0].task.solution())
        seats[1].task.answer(seats[1].task.wrong_answer())
        assert "Answer received" in seats[0].message and "Answer received" in seats[1].message
        live.poll()
        assert live.tally.answered == 2 and live.spread.value == ""
        assert live.reveal()
        poll(*seats)
        assert seats[0].message.startswith("Right.") and seats[0].feedback.msg["tone"] == "right"
        assert seats[1].feedback.msg["tone"] == "wrong" and len(seats[1].message) > 20
        assert "did not answer" in seats[2].message
        assert "The right answer:" in seats[2].body.children[-1].value
        right = [k for k, _count, ok in live.tally.bars if ok]
        assert right == [seats[0].mine] and live.tally.right == 1
        label = escape(live.task.choices[right[0]]) if hasattr(live.task, "choices") else None
        assert label is None or label in live.spread.value
        assert live.right.explanation and escape(live.right.explanation) in live.spread.value
        if n == 1:  # a reload after the reveal: the verdict again, from a copy of the question
            again = LiveSeat(Session(learners[1], store, "live"), store)
            assert again.message == seats[1].message
        live.next()
    poll(*seats)
    assert live.ended is not None and seats[0].message == \
        f"Right answers: {len(steps)} of {len(steps)}."
    rows = [r for r in store.class_answers(code) if r[2] == "live"]
    assert len(rows) == 2 * len(steps)
    named = question_words(rows[0][3], rows[0][5], rows[0][6], rows[0][7])
    assert named.startswith("Live question 1: ") and len(named) > len("Live question 1: ")


def test_a_refused_click_in_a_lesson_stores_nothing(room, store):
    page, code, learners, seats = room
    page.start_live("01_ranking:mineiro:2", 0)
    poll(*seats)
    seats[0].task.answer("Zz")  # forged: no card of this question
    assert seats[0].feedback.msg["tone"] == "error" and seats[0].mine is None
    assert store.live_answers(seats[0].state.id, 1) == []
    seats[0].task.answer(seats[0].task.solution())  # the question is still there to answer
    assert "Answer received" in seats[0].message


def test_plans_and_the_banner(store):
    assert ("Who wins this trick? (Truco Mineiro, 2 players)", PLAN) in plan_options(
        ["mineiro"])
    with pytest.raises(ValueError, match="unknown live plan"):
        parse_plan("trick:mineiro:5")
    lessons = dict((p, w) for w, p in plan_options(["mineiro", "argentino"]))
    assert lessons["03_tricks:mineiro:2"] == "Lesson: 3. Tricks and hands (Truco Mineiro)"
    assert "07_envido_flor:argentino:2" in lessons and "07_envido_flor:mineiro:2" not in lessons
    assert not any(p.startswith("09_play") for p in lessons)  # no question of one answer
    code = store.create_class("B")
    session = Session(store.join(code, "Eli"), store, "03_tricks")
    banner = LiveBanner(session, "live.ipynb?learner=x")
    assert banner.html.value == ""
    live = store.start_live(code, PLAN, 3, 10)
    banner.poll()
    assert "tutor-live-join" in banner.html.value and "live.ipynb?learner=x" in \
        banner.html.value
    store.end_live(live.id)
    banner.poll()
    assert banner.html.value == ""
    # the projector's tally counts a stored answer under its key
    t = question_task(live, 1)
    result = tally(t, [(1, "Eli", 1, t.solution(), True)])
    assert (t.solution(), 1, True) in result.bars and result.answered == 1


def test_homework_status_per_learner(store):
    panel = HomeworkPanel(store, today=lambda: dt.date(2026, 12, 10))
    code = store.create_class("H")
    ana, bo, cy = (store.join(code, n) for n in ("Ana", "Bo", "Cy"))
    panel.show(code)
    assert "No homework set" in panel.table.value
    assert not panel.assign("nowhere", dt.date(2026, 12, 12))
    assert panel.message == "Pick a lesson from the list."
    assert not panel.assign("03_tricks", None) and panel.message == "Pick the day it is due."
    assert panel.assign("03_tricks", dt.date(2026, 12, 12))
    store.pass_step(f"class:{ana.id}", "03_tricks", 0, 2)
    store.finish_lesson(f"class:{ana.id}", "03_tricks", 2)
    store.pass_step(f"class:{bo.id}", "03_tricks", 0, 1)
    panel.show(code)
    rows = {r.name: r for r in panel.rows["03_tricks"]}
    assert rows["Ana"].status == "on_time" and rows["Ana"].stars == 2
    assert rows["Ana"].mistakes == 2 and rows["Bo"].status == "not_yet"
    assert "Steps most missed: step 1 (2 learners, 3 mistakes)" in panel.table.value
    panel.today = lambda: dt.date(2026, 12, 13)
    panel.show(code)
    assert {r.name: r.status for r in panel.rows["03_tricks"]}["Cy"] == "missing"
    panel.since.value = dt.date(2026, 12, 13)  # a range of due days without it
    assert panel.rows == {}


def test_remove_a_learner_and_renew_the_code(store):
    page = teacher(store)
    code = page.new_class("R")
    ana, bo = store.join(code, "Ana"), store.join(code, "Bo")
    page.refresh()
    page.show_learner(ana.id)
    assert page.learner_map.children  # what Ana sees on her start page
    assert not page.remove_learner(ana.id)  # a first click asks
    assert "Click again" in page.remove_button.description
    assert page.remove_learner(ana.id)
    assert store.learner(ana.token) is None and [s.name for s in page.learners] == ["Bo"]
    new = page.renew_code()
    assert new != code and not store.class_exists(code)
    assert store.learner(bo.token).class_code == new
