"""A click on a lesson's task, as the browser sends it (a message to the widget's comm): the
feedback is the first update to leave the kernel, the task's own changes (its cards revealed,
its buttons disabled) follow it, the next task is drawn, and the learner's progress is written
last, before the click's handler returns."""
from __future__ import annotations

import comm
import pytest
from comm.base_comm import BaseComm

from widgets.classroom import session as classroom
from widgets.steps import MemoryProgress, Plan, Step
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


@pytest.mark.parametrize("right", [True, False])
def test_a_pick_sends_the_feedback_first_then_the_task_then_writes(right):
    r = runner_of_two_rank_steps()
    task = r.task
    key = task.solution() if right else task.wrong_answer()
    if key == "tie":
        key = next(c.code for c in task.cards)  # a card pick: the row's own message
        right = key == task.solution()
    row_id, box_id = task.row.comm.comm_id, r.task_box.comm.comm_id  # the task closes
    SENT.clear()
    from_browser(task.row, {"type": "pick", "code": key})
    feedback = updates(r.feedback.comm.comm_id)
    assert feedback, "no feedback sent"
    first = feedback[0]
    assert f'data-tone="{"right" if right else "wrong"}"' in SENT[first][3]["state"]["value"]
    sent_before = [row for row in SENT[:first] if row[0] == "msg"]
    assert sent_before == []  # nothing of the task reaches the page before the feedback
    row_updates = updates(row_id)
    assert row_updates and min(row_updates) > first  # the cards revealed, after it
    assert "locked" in SENT[row_updates[0]][3]["state"]  # held changes leave together
    writes = [i for i, row in enumerate(SENT) if row[0] == "write"]
    assert len(writes) == 1 and writes[0] > first  # written once, after the feedback ...
    assert writes[0] > max(updates(box_id))  # ... and after the next task is drawn
    assert r.task is not task and (r.index == 1) == right


def test_a_click_that_is_no_answer_is_not_held_back():
    r = runner_of_two_rank_steps()
    r.task.answer(r.task.solution())  # the first step passed: the second one's task
    task = r.task
    SENT.clear()
    from_browser(task.row, {"type": "pick", "code": "not-a-card"})
    first = updates(r.feedback.comm.comm_id)[0]
    assert "not one of the cards" in SENT[first][3]["state"]["value"]
    assert [row for row in SENT if row[0] == "write"] == []
    tie_id = task.tie_button.comm.comm_id
    SENT.clear()
    from_browser(task.tie_button, {"event": "click"})  # then a real answer still works
    assert updates(r.feedback.comm.comm_id)[0] < min(updates(tie_id))
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
