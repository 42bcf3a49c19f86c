"""The storage interface, the same tests on SQLite and PostgreSQL (``db_url`` is both)."""
from __future__ import annotations

import pytest

from widgets.classroom.store import (CODE_ALPHABET, CODE_LENGTH, Answer, SQLiteStore,
                                     format_code, normalise_code)


def answer(seq, item=None, lesson="03_tricks", quiz="trick-1", given="3d", right=False):
    return Answer(lesson, quiz, seq, seq if item is None else item, "mineiro", "4c 3d", given,
                  "4c", right)


def test_classes_have_readable_unique_codes(store):
    codes = {store.create_class(f"room {i}") for i in range(20)}
    assert len(codes) == 20
    for code in codes:
        assert len(code) == 10 and normalise_code(code) == code
        assert not set(code) & set("0O1IL")
        shown = format_code(code)  # two groups of five, to read aloud and type
        assert shown == code[:5] + "-" + code[5:]
        assert normalise_code(shown.lower()) == normalise_code(f" {shown[:3]} {shown[3:]} ") \
            == code
    assert store.class_exists(next(iter(codes)).lower())
    assert not store.class_exists("ZZZZZZ") and not store.class_exists("<script>")
    assert [c for c, _t, _at in store.classes()][:1] == [max(
        store.classes(), key=lambda c: c[2])[0]]


def test_guessing_a_class_code_in_a_school_day_is_hopeless():
    codes = len(CODE_ALPHABET) ** CODE_LENGTH
    assert len(CODE_ALPHABET) == 31 and codes > 8e14
    unthrottled_day = 160 * 8 * 3600  # the 160 tries a second one page once managed
    assert unthrottled_day * 1000 / codes < 1e-5  # even with 1,000 classes: < 1 in 100,000


def test_older_short_codes_still_work(store):
    code = store.create_class("last year", code="KX7P2Q")
    assert code == "KX7P2Q" and format_code(code) == "KX7P2Q"
    assert store.join("kx7-p2q", "Ana").class_code == code


def test_join_checks_the_code_and_the_name(store):
    code = store.create_class("Room 4")
    with pytest.raises(KeyError):
        store.join("ABCDEF", "Ana")
    for bad_name in ("", "   ", "x" * 41, None, 7):
        with pytest.raises(ValueError):
            store.join(code, bad_name)
    ana, ana2 = store.join(code, "Ana"), store.join(f" {code.lower()} ", "Ana")
    assert ana.token != ana2.token and ana.id != ana2.id  # a typed name is no identity
    assert store.learner(ana.token) == ana and store.learner(ana2.token) == ana2
    for forged in ("", "x", ana.token[:-1] + "?", "' OR 1=1 --" * 3, None):
        assert store.learner(forged) is None


def test_a_signed_in_user_gets_their_row_back(store):
    code = store.create_class()
    first = store.join(code, "ana", external="ana")
    again = store.join(code, "ana", external="ana")
    other = store.join(code, "ana", external="ana2")
    assert again == first and other.id != first.id


def test_answers_are_kept_once_and_only_for_their_learner(store):
    code = store.create_class()
    ana, bia = store.join(code, "Ana"), store.join(code, "Bia")
    assert store.record_answer(ana, answer(1))
    assert store.record_answer(ana, answer(1))  # the same answer again (a retry): one row
    assert not store.record_answer(ana, answer(1, given="4c", right=True))  # another tab
    assert store.record_answer(bia, answer(1, given="4c", right=True))
    assert store.record_answer(ana, answer(2, quiz="trick-2"))
    assert [(a.quiz, a.seq, a.answer) for a in store.answers_of(ana)] == [
        ("trick-1", 1, "3d"), ("trick-2", 2, "3d")]
    assert [a.answer for a in store.answers_of(bia)] == ["4c"]
    assert [a.seq for a in store.answers_of(ana, "03_tricks", "trick-2")] == [2]
    assert store.count_answers(code) == 3 and store.count_answers() == 3
    rows = store.class_answers(code)
    assert [(r[1], r[8], r[10]) for r in rows] == [("Ana", "3d", False), ("Bia", "4c", True),
                                                   ("Ana", "3d", False)]
    other = store.create_class()
    assert store.class_answers(other) == [] and store.count_answers(other) == 0


def test_visits_say_where_each_learner_is(store):
    code = store.create_class()
    ana, bia = store.join(code, "Ana"), store.join(code, "Bia")
    store.visit(ana, "01_ranking", 0)
    store.visit(ana, "03_tricks", 2)
    store.visit(ana, "03_tricks", 2)  # a reload: still one row
    assert set(store.visits_of(ana)) == {"01_ranking", "03_tricks"}
    assert store.visits_of(ana)["03_tricks"][0] == 2
    assert store.visits_of(bia) == {}
    where = {name: lesson for _id, name, lesson, _at in store.class_learners(code)}
    assert where == {"Ana": "03_tricks", "Bia": None}


def test_sqlite_uses_a_write_ahead_log(tmp_path):
    s = SQLiteStore(tmp_path / "sub" / "c.db")
    assert s.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert s.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    s.close()
