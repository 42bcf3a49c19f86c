"""A click on a lesson's task, as the browser sends it (a message to the widget's comm): the
feedback is the first update to leave the kernel, the task's own changes (its cards revealed,
its buttons disabled) follow it, the learner's progress is written, and the next task is drawn
(so a page showing the next step has stored it). The same for the exam's questions (the mark shown
before the review deck and the stars are written) and the review's deals."""
from __future__ import annotations

import comm
import pytest
from comm.base_comm import BaseComm

from widgets.classroom import session as classroom
from widgets.steps import MemoryProgress, Plan, Step
from widgets.steps import exam as exam_module
from widgets.steps.exam import Exam
from widgets.steps.review import ReviewPage
from widgets.steps.runner import StepRunner

SENT: list = []


class RecordingComm(BaseComm):
    """A comm that keeps what it would send to the browser."""

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        SENT.append(("msg", self.comm_id, msg_type, data))


class WritesProgress(MemoryProgress):
    """Progress that notes when it is written, among the messages sent."""

    def pass_step(self, lesson, index, mistakes):
        SENT.append(("write", "pass_step", index))
        super().pass_step(lesson, index, mistakes)

    def miss(self, lesson, step, today):
        SENT.append(("write", "miss", step.task))
        super().miss(lesson, step, today)

    def finish(self, lesson, stars):
        SENT.append(("write", "finish", lesson))
        super().finish(lesson, stars)

    def reviewed(self, item, right, today):
        SENT.append(("write", "reviewed", right))
        super().reviewed(item, right, today)


@pytest.fixture(autouse=True)
def recording(monkeypatch):
    for name in ("QUERY_STRING", "SCRIPT_NAME"):
        monkeypatch.delenv(name, raising=False)
    classroom.reset()
    monkeypatch.setattr(comm, "create_comm", lambda **kw: RecordingComm(**kw))
    SENT.clear()
    yield
    classroom.reset()


def from_browser(widget, content):
    """What the page sends when the learner clicks ``widget`` (ipywidgets' custom message)."""
    widget.comm.handle_msg({"content": {"data": {"method": "custom", "content": content}},
                            "buffers": []})


def updates(comm_id):
    """The indices in SENT of the state updates sent to one widget."""
    return [i for i, row in enumerate(SENT) if row[0] == "msg" and row[1] == comm_id
            and row[2] == "comm_msg" and row[3].get("method") == "update"]


def runner_of_two_rank_steps():
    plan = Plan("01_ranking", [Step("rank", "Which is stronger?", options={"common": True}),
                               Step("rank", "One more.", options={"common": True})])
    return StepRunner(plan, variant="mineiro", progress=WritesProgress(), seed=4)


def a_pick(task, right):
    """A card of ``task``'s row to pick, and whether that pick is right."""
    key = task.solution() if right else task.wrong_answer()
    if key == "tie":
        key = next(c.code for c in task.cards)  # a card pick: the row's own message
    return key, key == task.solution()


def feedback_leaves_first(page, row_id, right):
    """The index in SENT of ``page``'s first feedback update, checked to be the first message
    sent and in the answer's tone, with the row's own messages after it (its cards locked and
    revealed, or the row closed: the page moved on to the next task)."""
    feedback = updates(page.feedback.comm.comm_id)
    assert feedback, "no feedback sent"
    first = feedback[0]
    assert SENT[first][3]["state"]["msg"]["tone"] == ("right" if right else "wrong")
    assert [row for row in SENT[:first] if row[0] == "msg"] == []  # nothing of the task before
    row_messages = [i for i, row in enumerate(SENT) if row[0] == "msg" and row[1] == row_id]
    assert row_messages and min(row_messages) > first  # after it
    return first


@pytest.mark.parametrize("right", [True, False])
def test_a_pick_sends_the_feedback_first_then_writes_then_the_next_task(right):
    r = runner_of_two_rank_steps()
    task = r.task
    key, right = a_pick(task, right)
    row_id, box_id = task.row.comm.comm_id, r.task_box.comm.comm_id  # the task closes
    SENT.clear()
    from_browser(task.row, {"type": "pick", "code": key})
    first = feedback_leaves_first(r, row_id, right)
    writes = [i for i, row in enumerate(SENT) if row[0] == "write"]
    assert len(writes) == 1 and writes[0] > first  # written once, after the feedback ...
    assert writes[0] < min(updates(box_id))  # ... and before the next task is drawn (a page
    # showing the next step has stored it: a reload at once opens that step)
    assert r.task is not task and (r.index == 1) == right


def test_the_next_task_drawn_by_a_click_is_held_at_the_next_click():
    """A widget holds its changes from the moment it first changes during a browser message
    (no list of widgets to keep up to date): the task a click drew holds at the next click,
    and so does a task drawn from Python (no browser message)."""
    r = runner_of_two_rank_steps()

    def pick(right):
        task = r.task
        key, right = a_pick(task, right)
        row_id = task.row.comm.comm_id  # the task closes
        SENT.clear()
        from_browser(task.row, {"type": "pick", "code": key})
        feedback_leaves_first(r, row_id, right)
        return task

    for _click in range(3):
        assert pick(False) is not r.task  # a new task, drawn after the feedback
    r._new_task()  # drawn outside a browser message
    pick(True)


def test_a_click_that_is_no_answer_is_not_held_back():
    r = runner_of_two_rank_steps()
    r.task.answer(r.task.solution())  # the first step passed: the second one's task
    task = r.task
    SENT.clear()
    from_browser(task.row, {"type": "pick", "code": "not-a-card"})
    first = updates(r.feedback.comm.comm_id)[0]
    assert "not one of the cards" in SENT[first][3]["state"]["msg"]["text"]
    assert [row for row in SENT if row[0] == "write"] == []
    tie_id = task.tie_button.comm.comm_id
    SENT.clear()
    from_browser(task.tie_button, {"event": "click"})  # then a real answer still works
    tie_messages = [i for i, row in enumerate(SENT) if row[0] == "msg" and row[1] == tie_id]
    assert updates(r.feedback.comm.comm_id)[0] < min(tie_messages)  # disabled, or closed
    assert [row[0] for row in SENT].count("write") == 1


def test_a_late_message_for_an_answered_task_changes_nothing():
    r = runner_of_two_rank_steps()
    old = r.task
    old_comm = old.tie_button.comm
    from_browser(old.tie_button, {"event": "click"})
    assert r.task is not old and old.tie_button.comm is None  # answered, closed, replaced
    SENT.clear()
    said, index = r.message, r.index
    old_comm.handle_msg({"content": {"data": {"method": "custom",
                                              "content": {"event": "click"}}}, "buffers": []})
    assert (r.message, r.index) == (said, index) and not any(row[0] == "write" for row in SENT)


# -- the exam and the review: the same mechanism (TaskPage) ------------------------------------

def exam_of_rank_questions(monkeypatch, questions):
    monkeypatch.setattr(exam_module, "TOPICS", exam_module.TOPICS[:1])  # card ranking only
    return Exam(variant="mineiro", questions=questions, pass_mark=questions,
                progress=WritesProgress(), seed=4)


def test_an_exam_question_sends_the_feedback_first_then_the_next_question(monkeypatch):
    e = exam_of_rank_questions(monkeypatch, 2)
    task = e.task
    key, right = a_pick(task, False)
    row_id, box_id = task.row.comm.comm_id, e.task_box.comm.comm_id
    SENT.clear()
    from_browser(task.row, {"type": "pick", "code": key})
    first = feedback_leaves_first(e, row_id, right)
    assert min(updates(box_id)) > first  # the next question, drawn after the feedback
    assert e.task is not task and e.number == 1 and e.right == int(right)
    assert "tutor-task-2" in e.task_box._dom_classes
    assert [row for row in SENT if row[0] == "write"] == []  # written at the end only


@pytest.mark.parametrize("right", [True, False])
def test_the_exam_mark_is_shown_before_the_deck_and_the_stars_are_written(monkeypatch, right):
    e = exam_of_rank_questions(monkeypatch, 1)
    task = e.task
    key, right = a_pick(task, right)
    row_id, summary_id = task.row.comm.comm_id, e.summary.comm.comm_id
    SENT.clear()
    from_browser(task.row, {"type": "pick", "code": key})
    first = feedback_leaves_first(e, row_id, right)
    assert e.finished and e.passed == right
    writes = [(i, row[1]) for i, row in enumerate(SENT) if row[0] == "write"]
    assert [what for _i, what in writes] == (["finish"] if right else ["miss"])
    assert writes[0][0] > max(updates(summary_id)) > first  # the mark shown, then written
    assert e.progress.stars(exam_module.LESSON) == (3 if right else None)
    assert [i.lesson for i in e.progress.due(10 ** 7)] == ([] if right else ["01_ranking"])


@pytest.mark.parametrize("right", [True, False])
def test_a_review_deal_sends_the_feedback_first_then_writes_then_the_next_deal(right):
    progress = WritesProgress()
    for topic in ("rank", "rank-again"):
        progress.miss("01_ranking", Step("rank", "", topic=topic, options={"common": True}), 1)
    page = ReviewPage(variant="mineiro", progress=progress, seed=2, day=5)
    assert page.left == 2
    task = page.task
    key, right = a_pick(task, right)
    row_id, box_id = task.row.comm.comm_id, page.task_box.comm.comm_id
    SENT.clear()
    from_browser(task.row, {"type": "pick", "code": key})
    first = feedback_leaves_first(page, row_id, right)
    writes = [i for i, row in enumerate(SENT) if row[0] == "write"]
    assert len(writes) == 1 and first < writes[0] < min(updates(box_id))  # written, then drawn
    assert page.task is not task and page.left == (1 if right else 2)
    assert {i.box for i in progress.due(10 ** 7)} == ({0, 1} if right else {0})


def test_the_last_review_deal_is_written_before_the_next_date_is_named():
    progress = WritesProgress()
    progress.miss("01_ranking", Step("rank", "", topic="rank", options={"common": True}), 1)
    page = ReviewPage(variant="mineiro", progress=progress, seed=2, day=5)
    task = page.task
    key, right = a_pick(task, True)
    SENT.clear()
    from_browser(task.row, {"type": "pick", "code": key})
    assert page.done
    assert [row[2] for row in SENT if row[0] == "write"] == [True]
    assert "next review on" in page.message  # read from the deck as written: box 1, day 8


def test_the_bench_target_moves_to_the_buttons_a_second_question_shows():
    """bench/app.py clicks the element marked tutor-bench-click: after "Answer the call" is
    answered, the task hides those buttons and asks for the hand's value with new ones."""
    from ipywidgets import Button

    from widgets.ui.common import BENCH_CLICK

    plan = Plan("05_raising", [Step("truco_answer", "Answer.", options={"ask": "answer"})])
    r = StepRunner(plan, variant="mineiro", progress=WritesProgress(), seed=4)

    def marked():
        todo, found = [r.task.view], []
        while todo:
            widget = todo.pop()
            if isinstance(widget, Button) and BENCH_CLICK in widget._dom_classes:
                found.append(widget)
            todo.extend(getattr(widget, "children", ()))
        return found

    [first] = marked()
    task = r.task
    action = task.solution()
    button = task.buttons.buttons[action]
    from_browser(button, {"event": "click"})
    assert r.task is task and task.stage == "value"  # allowed: now its value
    [second] = marked()
    assert second is not first and not second.disabled and second.layout.display != "none"
    assert first.layout.display == "none" or first.disabled
