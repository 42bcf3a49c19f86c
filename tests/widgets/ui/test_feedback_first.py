"""Feedback first for every tutor widget (widgets.ui.first): a message from the browser is
answered with the feedback before any other update of the widget leaves the kernel; what was
held back follows, complete; a click that says nothing loses nothing."""
from __future__ import annotations

import comm
import pytest
from comm.base_comm import BaseComm

import widgets.ui.first as first
from widgets import PlayTable
from widgets.ui.first import widgets_under

SENT: list = []


class RecordingComm(BaseComm):
    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        SENT.append((self.comm_id, msg_type, data))


@pytest.fixture(autouse=True)
def recording(monkeypatch):
    monkeypatch.setattr(comm, "create_comm", lambda **kw: RecordingComm(**kw))
    monkeypatch.setattr(first, "PAUSE", 0)
    SENT.clear()


def from_browser(widget, content):
    widget.comm.handle_msg({"content": {"data": {"method": "custom", "content": content}},
                            "buffers": []})


def update_rows(comm_id=None):
    return [i for i, (cid, kind, data) in enumerate(SENT) if kind == "comm_msg"
            and data.get("method") == "update" and (comm_id is None or cid == comm_id)]


def feedback_first(tutor) -> int:
    """The index of the first feedback update: no update of any other widget before it."""
    fb = update_rows(tutor.feedback.comm.comm_id)
    assert fb, "no feedback sent"
    assert update_rows()[0] == fb[0]
    return fb[0]


def drawn(widget) -> dict:
    """What ``widget`` shows (its state without references to other widgets)."""
    return {k: v for k, v in widget.get_state().items()
            if not (isinstance(v, str) and v.startswith("IPY_MODEL_"))}


def test_a_new_game_from_the_browser_says_so_first_then_draws_the_whole_table():
    t = PlayTable("paulista", seed=9)
    twin = PlayTable("paulista", seed=9)
    SENT.clear()
    from_browser(t.new_button, {"event": "click"})
    first_at = feedback_first(t)
    board = update_rows(t.table.board.comm.comm_id)
    assert board and min(board) > first_at  # the table drawn, after the feedback
    twin.new_button.click()  # the same click made in Python: the same page in the end
    assert t.message == twin.message
    assert drawn(t.table.board) == drawn(twin.table.board)
    assert t.table.row.items == twin.table.row.items


def test_a_card_played_from_the_browser_is_answered_first_then_the_table_follows():
    t = PlayTable("mineiro", seed=3)
    code = sorted(t.table.row.offered)[0]
    played = t.table.row.items
    SENT.clear()
    from_browser(t.table.row, {"type": "pick", "code": code})
    first_at = feedback_first(t)
    assert min(update_rows(t.table.row.comm.comm_id)) > first_at
    assert t.table.row.items != played  # the card left the learner's hand, once
    assert not any(w._holding_sync for w in widgets_under(t.widget))  # nothing left held


def test_a_click_that_says_nothing_still_sends_all_it_changed():
    t = PlayTable("mineiro", seed=3)
    SENT.clear()
    from_browser(t.log_button, {"event": "click"})
    assert t.full_log
    assert update_rows(t.log_button.comm.comm_id)  # its new label
    assert update_rows(t.log_html.comm.comm_id)  # the whole game's log
    assert not update_rows(t.feedback.comm.comm_id)


def test_a_forged_message_is_refused_first_and_changes_nothing_else():
    t = PlayTable("mineiro", seed=3)
    before = t.table.row.items
    SENT.clear()
    from_browser(t.table.row, {"type": "pick", "code": "not-a-card"})
    feedback_first(t)
    assert t.tone == "error" and t.table.row.items == before
    assert update_rows() == update_rows(t.feedback.comm.comm_id)


def test_what_changes_before_the_feedback_is_held_until_it_has_left():
    t = PlayTable("mineiro", seed=3)
    t.coach_html.value = "<p>the coach's numbers</p>"  # shown: a move makes them stale
    code = sorted(t.table.row.offered)[0]
    SENT.clear()
    from_browser(t.table.row, {"type": "pick", "code": code})
    assert t.coach_html.value == ""  # cleared before the feedback was said ...
    assert min(update_rows(t.coach_html.comm.comm_id)) > feedback_first(t)  # ... sent after


def test_every_widget_of_a_tutor_widget_is_answered_feedback_first():
    t = PlayTable("mineiro", seed=3)
    from_browser(t.new_button, {"event": "click"})  # widgets it makes are handled so too
    handled = [getattr(w, "_tutor_first", None) for w in widgets_under(t.widget)
               if w.comm is not None]
    assert handled and all(owner is t for owner in handled)


def test_a_lesson_task_holding_a_table_is_answered_by_the_page():
    """A table inside a lesson's task: the page (the outer tutor widget) handles its
    messages, so the page's feedback and the table's both come before the rest."""
    from widgets.steps import MemoryProgress, Plan, Step
    from widgets.steps.runner import StepRunner

    plan = Plan("09_play", [Step("play_hand", "Play.", options={})])
    r = StepRunner(plan, variant="mineiro", progress=MemoryProgress(), seed=5)
    table = r.task.table
    assert table.table.row._tutor_first is r
    SENT.clear()
    if table.table.row.offered:
        from_browser(table.table.row, {"type": "pick", "code": sorted(table.table.row.offered)[0]})
    else:  # a bet to answer first
        from_browser(table.table.buttons.buttons["accept"], {"event": "click"})
    feedbacks = set(update_rows(r.feedback.comm.comm_id)) | set(
        update_rows(table.feedback.comm.comm_id))
    rest = [i for i in update_rows() if i not in feedbacks]
    assert feedbacks and (not rest or min(feedbacks) < min(rest))


def test_a_task_redraws_after_its_report_unless_the_page_closed_it():
    """Task.report(outcome, then=...): the page hears the outcome (and says its feedback)
    before the task draws its answered state; a task the page closed is not drawn again."""
    import random

    import truco
    from widgets.steps.tasks import task_class

    def manilha_task():
        return task_class("manilhas")(truco.variant("paulista"), random.Random(3))

    task = manilha_task()
    seen = []
    task.on_outcome(lambda outcome: seen.append(list(task.row.items)))
    before = list(task.row.items)
    task.answer(task.wrong_answer())  # a slip: the task goes on, the card marked wrong
    assert seen == [before]  # the page heard it before the row changed ...
    assert task.row.items != before  # ... and the row was drawn after

    closed = manilha_task()
    closed.on_outcome(lambda outcome: closed.close())  # the page moves on at once
    drawn_before = list(closed.row.items)
    closed.answer(closed.wrong_answer())
    assert closed.closed and closed.row.items == drawn_before


@pytest.mark.parametrize("kind, variant", [("truco_answer", "paulista"), ("truc_special", "truc")])
def test_an_answer_task_hides_its_buttons_after_its_report(kind, variant):
    """The buttons of a question answered with buttons go once the page has its outcome; no
    second answer counts in between."""
    import random

    import truco
    from widgets.steps.tasks import task_class

    task = task_class(kind)(truco.variant(variant), random.Random(5))
    shown = lambda: {k for k, b in task.buttons.buttons.items()  # noqa: E731
                     if b.layout.display != "none"}
    offered = shown()
    seen = []
    task.on_outcome(lambda outcome: seen.append((shown(), task.answer(task.solution()).done)))
    task.answer(task.wrong_answer())
    assert seen == [(offered, False)]  # heard with the buttons still drawn; a 2nd answer refused
    assert offered and shown() == set()
