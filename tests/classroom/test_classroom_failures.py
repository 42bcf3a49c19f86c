"""When the database misbehaves, a learner is never told an answer is saved unless it is in the
database the server reads next: a database file deleted or replaced under an open lesson, a
reset database, a locked one (an answer within a couple of seconds, never 30) and one that
cannot be written. Both backends unless the case is SQLite's own (a file on disk). The learner's
page is a lesson's steps (the lesson's own plan in a StepRunner, as its notebook builds it)."""
from __future__ import annotations

import os
import sqlite3

import pytest

from widgets import TieExplorer
from widgets.classroom import session as classroom
from widgets.classroom.join import JoinPanel
from widgets.classroom.store import SQLiteStore, StoreError
from widgets.steps.exam import Exam

from classroom_helpers import (INDEX, finish_task, hold_write_lock, lesson_page, lesson_script,
                               make_read_only, make_writable, open_page, step_recorders)


def said(runner) -> list[tuple[str, str]]:
    """Every message the page shows from now on, with its tone, in order."""
    shown: list[tuple[str, str]] = []
    original = runner.say

    def say(text, tone="info", details=(), **marks):  # marks: past=, focus= (moving on)
        shown.append((text, tone))
        original(text, tone, details, **marks)

    runner.say = say
    # What the page's recorders announce ("Saving…") goes the same way: a recorder is made
    # with the page's answers' ``say`` on the first answer of its kind.
    runner._answers.say = say
    return shown


def not_counted(runner, step: int) -> None:
    """The answer was refused: the learner is still on ``step``, which is not passed."""
    assert (runner.index, runner.finished) == (step, False)
    assert step not in runner.progress.passed(runner.plan.lesson)


def remove_database_files(path: str) -> None:
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


def reset_database(db_url: str) -> None:
    """What an administrator's reset does: the database is gone and an empty one is there."""
    if db_url.startswith("postgresql://"):
        import psycopg

        base, name = db_url.rsplit("/", 1)
        with psycopg.connect(base + "/postgres", autocommit=True) as conn:
            conn.execute(f"DROP DATABASE {name} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE {name}")
    else:
        remove_database_files(db_url)


def test_answers_after_a_reset_are_refused_and_the_old_link_says_so(classroom_env, db_url,
                                                                     monkeypatch):
    code = classroom_env.create_class()
    ana = classroom_env.join(code, "Ana")
    runner = lesson_page(monkeypatch, ana.token)
    finish_task(runner)
    assert runner.tone == "right"
    step = runner.index
    reset_database(db_url)
    for _try in range(2):  # and again: never "Right" for an answer that went nowhere
        finish_task(runner)
        assert runner.tone == "error" and "could not be saved" in runner.message
        assert "link no longer works" in runner.message
        assert "join the class again" in runner.message
        not_counted(runner, step)
    from widgets.classroom.config import Settings
    from widgets.classroom.store import open_store

    fresh = open_store(Settings(database=db_url))  # what the server reads next
    try:
        assert fresh.count_answers() == 0 and fresh.learner(ana.token) is None
    finally:
        fresh.close()
    open_page(monkeypatch, INDEX, ana.token)  # the learner reloads: told, not pretended
    panel = JoinPanel()
    assert panel.session is None and panel.tone == "error"
    assert "not valid" in panel.message and "reset" in panel.message
    again = lesson_page(monkeypatch, ana.token)  # or reloads the lesson itself
    first = again.index
    finish_task(again)
    assert again.tone == "error" and "reset" in again.message and "not saved" in again.message
    not_counted(again, first)


def test_a_database_file_replaced_by_a_backup_gets_the_next_answers(tmp_path, monkeypatch):
    db = str(tmp_path / "classroom.db")
    monkeypatch.setenv("TRUCO_CLASSROOM_DB", db)
    classroom.reset()
    try:
        store = classroom.shared_store()
        ana = store.join(store.create_class(), "Ana")
        runner = lesson_page(monkeypatch, ana.token)
        finish_task(runner)
        assert runner.tone == "right"
        backup = str(tmp_path / "backup.db")
        with sqlite3.connect(backup) as copy:
            store.conn.backup(copy)  # what `sqlite3 classroom.db ".backup ..."` makes
        finish_task(runner)  # answer 2: in the file about to be replaced
        assert runner.tone == "right"
        remove_database_files(db)
        os.replace(backup, db)  # the backup restored under the open lesson
        step = runner.index
        finish_task(runner)
        assert runner.tone == "right" and runner.index != step
        restored = SQLiteStore(db)
        assert [a.seq for a in restored.answers_of(ana)] == [1, 3]  # 3: told, so on disk
        restored.close()
    finally:
        classroom.reset()


def test_a_locked_database_says_saving_then_could_not_be_saved(classroom_env, db_url,
                                                               monkeypatch):
    ana = classroom_env.join(classroom_env.create_class(), "Ana")
    runner = lesson_page(monkeypatch, ana.token)
    step = runner.index
    shown = said(runner)
    waits = []
    waiting = classroom_env.waiting

    def spy(seconds):
        waits.append((seconds, list(shown)))
        return waiting(seconds)

    monkeypatch.setattr(classroom_env, "waiting", spy)
    with hold_write_lock(db_url):
        finish_task(runner)
    assert [tone for _text, tone in shown] == ["info", "error"]
    assert shown[0][0] == "Saving…" and "could not be saved" in shown[1][0]
    assert "busy" in shown[1][0]
    not_counted(runner, step)
    # a second or two in all: a short first wait, "Saving…", then one more bounded wait
    assert [w for w, _before in waits] == [classroom.FIRST_WAIT, classroom.MORE_WAIT]
    assert waits[1][1] == [("Saving…", "info")]
    assert classroom.FIRST_WAIT + classroom.MORE_WAIT <= 2.5
    assert classroom_env.answers_of(ana) == []
    finish_task(runner)
    assert runner.tone == "right" and runner.index != step  # the lock is gone
    assert len(classroom_env.answers_of(ana)) == 1


def test_every_quiz_shows_saving_in_its_own_feedback(classroom_env, monkeypatch):
    ana = classroom_env.join(classroom_env.create_class(), "Ana")
    runner = lesson_page(monkeypatch, ana.token)
    finish_task(runner)  # a kind's recorder is made with its first answer
    open_page(monkeypatch, lesson_script("11_final_quiz"), ana.token)
    exam = Exam(variant="mineiro", questions=4, pass_mark=3)
    finish_task(exam)
    open_page(monkeypatch, lesson_script("04_ties"), ana.token)
    ties = TieExplorer("mineiro", seed=5)
    assert ties.recorder.say == ties.say  # the widget that made the recorder
    recorders = [*step_recorders(runner).values(), *step_recorders(exam).values(),
                 ties.recorder]
    assert len(recorders) == 3
    for page, recorder in zip((runner, exam, ties), recorders):
        assert recorder.say == page.say  # the page whose answers it stores
        recorder.say("Saving…")
        assert page.message == "Saving…" and page.tone == "info"


def test_a_lock_let_go_while_saving_gets_the_answer_saved(classroom_env, db_url, monkeypatch):
    ana = classroom_env.join(classroom_env.create_class(), "Ana")
    runner = lesson_page(monkeypatch, ana.token)
    step = runner.index
    shown = said(runner)
    lock = hold_write_lock(db_url)
    announce = runner._answers.say  # what the recorder, made with the answer, announces with

    def on_saving(text, tone="info", details=()):
        announce(text, tone, details)
        lock.release()  # the backup finishes while the learner reads "Saving…"

    runner._answers.say = on_saving
    try:
        finish_task(runner)
    finally:
        lock.release()
    assert runner.index != step
    assert [tone for _text, tone in shown] == ["info", "right"]
    assert [a.seq for a in classroom_env.answers_of(ana)] == [1]


def test_a_store_write_waits_only_as_long_as_asked(store, db_url):
    code = store.create_class()
    with hold_write_lock(db_url):
        with pytest.raises(StoreError) as err, store.waiting(0.2):
            store.join(code, "Ana")
        assert err.value.reason == "busy"
        assert store.class_exists(code)  # reading goes on under the lock
    assert store.join(code, "Ana").name == "Ana"


def test_a_read_only_database_is_said_so_and_nothing_claims_saved(classroom_env, monkeypatch):
    ana = classroom_env.join(classroom_env.create_class(), "Ana")
    open_page(monkeypatch, INDEX, ana.token)
    assert "saved as you go" in JoinPanel().widget.children[1].value
    make_read_only(classroom_env)
    open_page(monkeypatch, INDEX, ana.token)
    start = JoinPanel().widget.children[1].value
    assert "saved" not in start.replace("cannot be saved", "") and "cannot be saved" in start
    runner = lesson_page(monkeypatch, ana.token)
    step = runner.index
    shown = said(runner)
    finish_task(runner)
    assert len(shown) == 1 and shown[0][1] == "error"  # no "Saving…": waiting cannot help
    assert "could not be saved" in shown[0][0] and "cannot be written" in shown[0][0]
    not_counted(runner, step)
    make_writable(classroom_env)
    finish_task(runner)
    assert runner.tone == "right" and runner.index != step
    assert len(classroom_env.answers_of(ana)) == 1
