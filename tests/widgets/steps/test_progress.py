"""The page's progress: the anonymous id from the browser, merging what came before it, the
class learner's progress, Leitner scheduling, the clock, a store that is down."""
from __future__ import annotations

import datetime as dt
import json

import fsrs
import pytest

from widgets.classroom import session as classroom
from widgets.classroom.store import SQLiteStore
from widgets.steps import progress as P
from widgets.steps import schedule as S
from widgets.steps.identity import BrowserIdentity
from widgets.steps.model import SPACING, MemoryProgress, Step

ID = "Abcdefghijklmnopqrstu_-9"
STEP = Step("trick", "The highest card takes the trick.", topic="tie", options={"players": 4})


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "progress.db"
    for name in ("QUERY_STRING", "SCRIPT_NAME", "TRUCO_CLASSROOM_CONFIG", P.TODAY_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TRUCO_CLASSROOM_DB", str(path))
    classroom.reset()
    P.reset()
    store = SQLiteStore(path)
    yield store
    store.close()
    P.reset()
    classroom.reset()


def test_today_follows_the_environment_at_each_call(monkeypatch):
    monkeypatch.delenv(P.TODAY_ENV, raising=False)
    assert P.today() == dt.date.today().toordinal()
    monkeypatch.setenv(P.TODAY_ENV, "2030-02-03")
    assert P.today() == dt.date(2030, 2, 3).toordinal()
    monkeypatch.setenv(P.TODAY_ENV, "tomorrow")  # not a date: the real day, and a log line
    assert P.today() == dt.date.today().toordinal()


def test_fsrs_schedules_the_deck_on_whole_days():
    card, streak, due = S.missed(100)
    assert (streak, due) == (0, 101)  # a miss: tomorrow
    gaps = []
    for _review in range(5):  # right every time it is due: the gaps grow
        day = due
        card, streak, due = S.review(card, streak, due, right=True, today=day)
        gaps.append(due - day)
    assert streak == 5 and gaps == sorted(gaps) and gaps[-1] > 20 and min(gaps) >= 1
    stable = json.loads(card)["stability"]
    card, streak, again = S.review(card, streak, due, right=False, today=due)
    assert (streak, again) == (0, due + 1)  # a wrong answer: back tomorrow ...
    assert json.loads(card)["stability"] < stable  # ... and remembered as less stable


def test_items_from_before_fsrs_migrate_from_their_box():
    """A Leitner item (a box, a due day, no card): box 0 is still being learnt; a higher box
    is in review with that box's interval as its stability, so a right answer waits longer
    the higher the box was."""
    assert S.card_of(None, 0, 50).state == fsrs.State.Learning
    old = S.card_of(None, 3, 50)
    assert old.state == fsrs.State.Review and old.stability == SPACING[3]
    waits = [S.review(None, box, 50, right=True, today=50)[2] - 50 for box in (1, 2, 3, 4)]
    assert waits == sorted(waits) and waits[0] >= SPACING[1]
    assert S.card_of("not json", 2, 50).stability == SPACING[2]  # a damaged card: its box


def test_the_anonymous_progress_is_ready_when_the_id_arrives(db):
    progress = P.current_progress()
    assert P.current_progress() is progress  # one per kernel
    assert isinstance(progress.widget, BrowserIdentity) and not progress.ready
    calls = []
    progress.when_ready(lambda: calls.append(progress.passed("01_ranking")))
    # Before the id: an empty progress that still records
    assert progress.passed("01_ranking") == {} and progress.due(10**6) == []
    progress.pass_step("01_ranking", 0, 1)
    progress.miss("01_ranking", STEP, today=100)
    progress.finish("02_manilhas", 2)
    assert calls == [] and db.passed_steps("anon:" + ID) == {}
    db.pass_step("anon:" + ID, "01_ranking", 1, 0)  # stored on an earlier visit
    progress.widget.receive({"type": "id", "id": ID})
    assert calls == [{0: 1, 1: 0}]  # merged, then the callbacks ran
    assert db.passed_steps("anon:" + ID, "01_ranking") == {0: 1, 1: 0}
    assert db.lesson_stars("anon:" + ID) == {"02_manilhas": 2}
    [item] = db.review_deck("anon:" + ID)
    assert item[:6] == ("01_ranking", "trick", "tie", {"players": 4}, 0, 101)
    assert json.loads(item[6])["state"] == fsrs.State.Learning  # its FSRS card, stored
    assert db.anonymous_seen(ID) is not None
    later = []
    progress.when_ready(lambda: later.append(1))  # ready now: at once
    assert later == [1]


def test_a_reloaded_page_continues_where_the_learner_was(db):
    first = P.current_progress()
    first.widget.receive({"type": "id", "id": ID})
    first.pass_step("03_tricks", 0, 0)
    first.finish("03_tricks", 3)
    P.reset()  # a new page (a new kernel), the same browser
    again = P.current_progress()
    assert again is not first and again.stars("03_tricks") is None
    again.widget.receive({"type": "id", "id": ID})
    assert again.stars("03_tricks") == 3 and again.passed("03_tricks") == {0: 0}


@pytest.mark.parametrize("message", [
    "not a dict", None, {"type": "id"}, {"type": "id", "id": 12345},
    {"type": "id", "id": "short"}, {"type": "id", "id": "x" * 65},
    {"type": "id", "id": "a" * 21 + "/"}, {"type": "id", "id": "'; DROP TABLE x; --" * 2},
    {"type": "become", "id": ID}, {"type": "id", "id": ["A" * 22]},
])
def test_forged_ids_are_refused_with_a_reason(db, message, caplog):
    progress = P.current_progress()
    progress.widget.receive(message)  # never raises
    assert not progress.ready and progress.widget.refused
    assert "anonymous learner id refused" in caplog.text
    assert db._one("SELECT COUNT(*) FROM anonymous_learners")[0] == 0


def test_a_second_id_on_the_same_page_is_refused(db):
    progress = P.current_progress()
    progress.widget.receive({"type": "id", "id": ID})
    progress.widget.receive({"type": "id", "id": "Z" * 22})
    assert progress.key == "anon:" + ID and progress.widget.refused == ["a second id for this page"]
    progress.widget._on_custom_msg(progress.widget, {"type": "id", "id": ID}, [])  # the same: fine
    assert progress.widget.refused == ["a second id for this page"]


def test_blocked_storage_keeps_progress_in_memory(db):
    progress = P.current_progress()
    calls = []
    progress.when_ready(lambda: calls.append("drawn"))
    progress.widget.receive({"type": "no_storage"})
    assert calls == ["drawn"] and not progress.ready
    assert "storage is blocked" in progress.widget.note
    progress.pass_step("01_ranking", 0, 0)
    progress.finish("01_ranking", 3)
    assert progress.stars("01_ranking") == 3 and progress.passed("01_ranking") == {0: 0}
    assert db._one("SELECT COUNT(*) FROM lesson_stars")[0] == 0


def test_start_over_forgets_and_gives_the_browser_a_new_id(db):
    progress = P.current_progress()
    progress.widget.receive({"type": "id", "id": ID})
    progress.finish("01_ranking", 3)
    progress.miss("01_ranking", STEP, today=5)
    sent = []
    progress.widget.send = sent.append
    progress.forget()
    assert progress.stars("01_ranking") is None and progress.due(10**6) == []
    assert db.lesson_stars("anon:" + ID) == {} and db.anonymous_seen(ID) is None
    assert len(sent) == 1 and sent[0]["type"] == "replace" and sent[0]["id"] != ID
    assert progress.key == "anon:" + sent[0]["id"]
    progress.finish("02_manilhas", 1)  # a new learner from now on
    assert db.lesson_stars("anon:" + sent[0]["id"]) == {"02_manilhas": 1}


def test_reviews_move_through_the_boxes(db):
    progress = P.current_progress()
    progress.widget.receive({"type": "id", "id": ID})
    progress.miss("03_tricks", STEP, today=100)
    assert progress.due(100) == []
    [item] = progress.due(101)
    assert (item.box, item.topic, dict(item.options)) == (0, "tie", {"players": 4})
    progress.reviewed(item, True, today=101)
    [item] = progress.deck()
    assert (item.box, item.due) == (1, 102) and json.loads(item.card)["state"] == 1
    progress.reviewed(item, True, today=102)
    [item] = progress.deck()
    assert item.box == 2 and item.due > 103 and json.loads(item.card)["state"] == 2
    progress.reviewed(item, False, today=item.due)
    [after] = progress.deck()
    assert (after.box, after.due) == (0, item.due + 1)


def test_a_class_learners_progress_is_stored_and_ready_at_once(db, monkeypatch):
    code = db.create_class("Room 4")
    ana = db.join(code, "Ana")
    monkeypatch.setenv("QUERY_STRING", f"learner={ana.token}")
    progress = P.current_progress()
    assert progress.ready and progress.widget is None and progress.key == f"class:{ana.id}"
    progress.pass_step("01_ranking", 0, 0)
    progress.finish("01_ranking", 2)
    assert db.lesson_stars(f"class:{ana.id}") == {"01_ranking": 2}
    progress.forget()
    assert db.lesson_stars(f"class:{ana.id}") == {}


def test_a_write_that_fails_is_kept_for_the_page_and_stored_later(db, monkeypatch):
    progress = P.current_progress()
    progress.widget.receive({"type": "id", "id": ID})
    real = db.finish_lesson.__func__

    def broken(*args, **kwargs):
        from widgets.classroom.store import StoreError
        raise StoreError("busy")

    store = progress.store
    monkeypatch.setattr(store, "finish_lesson", broken)
    progress.finish("01_ranking", 3)
    assert progress.stars("01_ranking") == 3 and progress.problem == "busy"
    monkeypatch.setattr(store, "finish_lesson", real.__get__(store))
    progress.pass_step("01_ranking", 0, 0)  # the next write stores the kept one too
    assert db.lesson_stars("anon:" + ID) == {"01_ranking": 3} and progress.problem == ""


def test_an_unreachable_store_gives_memory_with_a_note(monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setenv("TRUCO_CLASSROOM_DB", str(blocker / "sub" / "x.db"))  # cannot be made
    classroom.reset()
    P.reset()
    try:
        progress = P.current_progress()
        assert isinstance(progress, MemoryProgress)
        assert "cannot be kept right now" in progress.widget.value
        progress.finish("01_ranking", 3)
        assert progress.stars("01_ranking") == 3
    finally:
        P.reset()
        classroom.reset()
