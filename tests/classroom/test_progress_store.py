"""The step progress tables (steps passed, best stars, the review deck, anonymous learners),
on SQLite and on PostgreSQL (``store`` runs each test on both backends)."""
from __future__ import annotations

import pytest

from widgets.classroom.store import StoreError, valid_learner_key

ANA = "anon:" + "A" * 22
BIA = "anon:" + "b-_9" * 6


def test_steps_passed_keep_their_first_mistakes(store):
    store.pass_step(ANA, "01_ranking", 0, 2)
    store.pass_step(ANA, "01_ranking", 0, 0)  # passed again later: the first pass is kept
    store.pass_step(ANA, "01_ranking", 1, 0)
    store.pass_step(BIA, "01_ranking", 3, 1)
    assert store.passed_steps(ANA, "01_ranking") == {0: 2, 1: 0}
    assert store.passed_steps(ANA, "02_manilhas") == {}
    assert store.passed_steps(BIA) == {"01_ranking": {3: 1}}


def test_the_best_stars_are_kept(store):
    store.finish_lesson(ANA, "01_ranking", 2)
    store.finish_lesson(ANA, "01_ranking", 1)
    assert store.lesson_stars(ANA) == {"01_ranking": 2}
    store.finish_lesson(ANA, "01_ranking", 3)
    store.finish_lesson(ANA, "03_tricks", 1)
    assert store.lesson_stars(ANA) == {"01_ranking": 3, "03_tricks": 1}
    assert store.lesson_stars(BIA) == {}


def test_the_review_deck_is_one_item_per_task_and_topic(store):
    store.put_review(ANA, "03_tricks", "trick", "tie", {"players": 4}, 0, 101)
    store.put_review(ANA, "01_ranking", "rank", "rank", {}, 2, 110)
    store.put_review(ANA, "04_ties", "trick", "tie", {"players": 2}, 1, 104,
                     '{"state": 2}')  # the same again, with its FSRS card
    assert store.review_deck(ANA) == [("04_ties", "trick", "tie", {"players": 2}, 1, 104,
                                       '{"state": 2}'),
                                      ("01_ranking", "rank", "rank", {}, 2, 110, None)]
    assert [r[1] for r in store.review_deck(ANA, due_by=104)] == ["trick"]
    assert store.review_deck(ANA, due_by=103) == []
    assert store.review_deck(BIA) == []


def test_forget_is_everything_of_one_learner(store):
    store.seen_anonymous(ANA[5:])
    store.seen_anonymous(BIA[5:])
    for key in (ANA, BIA):
        store.pass_step(key, "01_ranking", 0, 0)
        store.finish_lesson(key, "01_ranking", 3)
        store.put_review(key, "01_ranking", "rank", "rank", {}, 0, 5)
    store.forget_learner(ANA)
    assert (store.passed_steps(ANA), store.lesson_stars(ANA), store.review_deck(ANA)) == (
        {}, {}, [])
    assert store.anonymous_seen(ANA[5:]) is None
    assert store.passed_steps(BIA) == {"01_ranking": {0: 0}}
    assert store.lesson_stars(BIA) == {"01_ranking": 3}
    assert len(store.review_deck(BIA)) == 1 and store.anonymous_seen(BIA[5:]) is not None


def test_an_anonymous_visit_is_noted_once_and_seen_again(store):
    store.seen_anonymous(ANA[5:])
    created, first = store.anonymous_seen(ANA[5:])
    store.seen_anonymous(ANA[5:])
    created_again, last = store.anonymous_seen(ANA[5:])
    assert created_again == created and last >= first
    with pytest.raises(ValueError):
        store.seen_anonymous("short")


def test_bad_keys_are_refused_before_any_write(store):
    assert valid_learner_key(ANA) and valid_learner_key("class:7")
    for key in ("anon:short", "class:x", "anon:" + "a" * 22 + "'", "", None, "teacher:1"):
        assert not valid_learner_key(key)
        with pytest.raises(ValueError):
            store.pass_step(key, "01_ranking", 0, 0)
    assert store.passed_steps("anon:short") == {}


def test_a_class_learners_progress_is_checked_against_their_row(store):
    code = store.create_class("Room 4")
    ana = store.join(code, "Ana")
    key = f"class:{ana.id}"
    store.pass_step(key, "01_ranking", 0, 1, learner=ana)
    store.finish_lesson(key, "01_ranking", 2, learner=ana)
    store.put_review(key, "01_ranking", "rank", "rank", {}, 0, 9, learner=ana)
    assert store.passed_steps(key) == {"01_ranking": {0: 1}}
    forged = type(ana)(ana.id, "x" * 24, code, "Ana")  # a token that is not this row's
    with pytest.raises(StoreError) as err:
        store.pass_step(key, "01_ranking", 1, 0, learner=forged)
    assert err.value.reason == "unknown_learner"
    assert store.passed_steps(key, "01_ranking") == {0: 1}


def test_an_older_database_gets_the_new_tables(db_url, tmp_path):
    """A database made before step progress existed gets its tables when opened."""
    from widgets.classroom.config import Settings
    from widgets.classroom.store import open_store

    first = open_store(Settings(database=db_url))
    with first._tx() as cur:
        for table in ("review_deck", "lesson_stars", "step_progress", "anonymous_learners"):
            cur.execute(f"DROP TABLE {table}")
    code = first.create_class("Old")
    first.close()
    again = open_store(Settings(database=db_url))
    try:
        assert again.class_exists(code)
        again.finish_lesson(ANA, "01_ranking", 3)
        assert again.lesson_stars(ANA) == {"01_ranking": 3}
    finally:
        again.close()


def test_a_deck_from_before_fsrs_migrates(db_url):
    """A database made before FSRS (no ``card`` column, no skill table) gains both when a
    server opens it; its items keep their box and due day, and their first review gives
    them an FSRS card."""
    from widgets.classroom.config import Settings
    from widgets.classroom.store import open_store
    from widgets.steps import progress as P
    from widgets.steps.model import ReviewItem

    old = open_store(Settings(database=db_url))
    with old._tx() as cur:
        cur.execute("DROP TABLE skill_stats")
        cur.execute("ALTER TABLE review_deck DROP COLUMN card")
        cur.execute(old._sql("INSERT INTO review_deck (learner_key, lesson, task, topic, "
                             "options, box, due) VALUES (?, ?, ?, ?, ?, ?, ?)"),
                    (ANA, "01_ranking", "rank", "rank", "{}", 3, 200))
    old.close()
    store = open_store(Settings(database=db_url))
    assert store.review_deck(ANA) == [("01_ranking", "rank", "rank", {}, 3, 200, None)]
    progress = P.StoredProgress(store, ANA)
    [item] = progress.due(200)
    assert item == ReviewItem("01_ranking", "rank", "rank", {}, 3, 200, None)
    progress.reviewed(item, True, today=200)
    [after] = progress.deck()
    assert after.card is not None and after.box == 4 and after.due > 200 + 16
    store.add_skill(ANA, "hand", "lead", 2, 1, 1.5)
    store.add_skill(ANA, "hand", "lead", 1, 1, 0.0)
    assert store.skills(ANA) == [("hand", "lead", 3, 2, 1.5)]
    store.forget_learner(ANA)
    assert store.skills(ANA) == [] and store.review_deck(ANA) == []
