"""The progress map (start page) and the review page, driven in plain Python."""
from __future__ import annotations

import re

import ipywidgets as W
import pytest

from widgets.classroom import session as classroom
from widgets.classroom.store import SQLiteStore
from widgets.pages.lesson import LESSONS, start_page
from widgets.steps import progress as P
from widgets.steps import tasks
from widgets.steps.model import Outcome, Step, Task
from widgets.steps.review import ReviewPage, format_day

ID = "Map-learner-0123456789_x"
KEY = "anon:" + ID


class FakeTask(Task):
    """A task whose right answer is "yes" (registered as kind "fake" in the tests)."""
    kind = "fake"
    made = []

    def __init__(self, variant, rng, *, worked=False, **options):
        super().__init__(variant, rng, worked=worked, **options)
        self.view = W.HTML("Say yes")
        self.item = str(rng.random())
        FakeTask.made.append(self)

    def answer(self, key):
        right = key == "yes"
        return self.report(Outcome(right, True, "Yes is right." if right else "It was yes.",
                                   answer=key, correct="yes"))

    def solution(self):
        return "yes"

    def wrong_answer(self):
        return "no"


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "map.db"
    for name in ("QUERY_STRING", "SCRIPT_NAME", "TRUCO_CLASSROOM_CONFIG", P.TODAY_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TRUCO_CLASSROOM_DB", str(path))
    real = tasks.task_class
    import widgets.steps.review as review
    monkeypatch.setattr(review, "task_class",
                        lambda kind: FakeTask if kind == "fake" else real(kind))
    FakeTask.made = []
    classroom.reset()
    P.reset()
    store = SQLiteStore(path)
    yield store
    store.close()
    P.reset()
    classroom.reset()


def cards(page) -> dict:
    return {l["href"].split("?")[0].rsplit("/", 1)[1][:-6]: l for l in page.links.links}


def test_the_map_shows_stars_progress_and_the_way_on(db, monkeypatch):
    db.finish_lesson(KEY, "01_ranking", 2)
    db.pass_step(KEY, "02_manilhas", 0, 0)
    db.pass_step(KEY, "02_manilhas", 1, 1)
    db.finish_lesson(KEY, "11_final_quiz", 3)
    db.put_review(KEY, "03_tricks", "fake", "tie", {}, 0, P.today())
    page = start_page()
    assert [c["status"] for c in page.links.links][:2] == ["Not started"] * 2  # not yet known
    page.progress.widget.receive({"type": "id", "id": ID})  # the browser's id arrives
    shown = cards(page)
    assert len(page.links.links) == len(LESSONS) - 1
    assert shown["01_ranking"]["status"] == "★★☆"
    assert shown["01_ranking"]["status_label"] == "2 of 3 stars"
    assert "tutor-map-done" in shown["01_ranking"]["cls"]
    assert shown["02_manilhas"]["status"] == "In progress: 2 steps passed"
    assert shown["03_tricks"]["status"] == "Not started"
    assert shown["11_final_quiz"]["badge"] == "Exam"
    assert shown["11_final_quiz"]["status_label"] == "Best result: 3 of 3 stars"
    assert shown["glossary"]["status"] == ""
    go, review = page.links.actions
    assert go["text"] == "Continue: 2. Manilhas and cartas bravas"
    assert go["href"].endswith("/02_manilhas.ipynb")
    assert review["text"] == "Review: 1 due today" and review["href"].endswith("/review.ipynb")


def test_a_new_learner_is_asked_to_start_with_lesson_1(db):
    page = start_page()
    page.progress.widget.receive({"type": "id", "id": ID})
    go, review = page.links.actions
    assert go["text"] == "Start: 1. The deck and the card ranking"
    assert review["text"] == "Review: nothing due today"


def test_start_over_asks_first_then_forgets(db):
    db.finish_lesson(KEY, "01_ranking", 3)
    page = start_page()
    page.progress.widget.receive({"type": "id", "id": ID})
    sent = []
    page.progress.widget.send = sent.append
    assert cards(page)["01_ranking"]["status"] == "★★★"
    assert not page.start_over.confirm()  # a click on the hidden "yes": asks first
    assert db.lesson_stars(KEY) == {"01_ranking": 3}
    page.start_over.cancel()
    page.start_over.button.click()
    assert "cannot be undone" in page.start_over.question.value
    page.start_over.yes.click()
    assert db.lesson_stars(KEY) == {}
    assert cards(page)["01_ranking"]["status"] == "Not started"
    assert sent and sent[0]["type"] == "replace"
    assert "fresh start" in page.start_over.message


def test_the_map_in_persian_is_right_to_left(db, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=fa")
    page = start_page()
    assert "tutor-rtl" in page.path._dom_classes and page.links.dir == "rtl"


def test_the_review_deals_due_items_and_brings_a_wrong_one_back(db):
    day = P.today()
    db.put_review(KEY, "03_tricks", "fake", "tie", {}, 0, day)
    db.put_review(KEY, "01_ranking", "fake", "rank", {}, 1, day - 1)
    db.put_review(KEY, "05_raising", "fake", "later", {}, 2, day + 5)
    db.put_review(KEY, "05_raising", "unknown_kind", "x", {}, 0, day)  # not dealable
    progress = P.current_progress()
    page = ReviewPage("mineiro", progress=progress, seed=1)
    assert "Getting your review ready" in page.header.value
    progress.widget.receive({"type": "id", "id": ID})
    assert page.left == 2 and "2 left today" in page.header.value
    bar = re.compile(r'role="progressbar" aria-label="Review progress" aria-valuemin="0" '
                     r'aria-valuemax="(\d+)" aria-valuenow="(\d+)"')
    assert bar.search(page.header.value).groups() == ("2", "0")  # the bar every page has
    page.answer("no")  # wrong: shown, box 0 due tomorrow, and again later today
    assert page.tone == "wrong" and "It was yes." in page.message
    assert "comes back later" in page.message
    assert page.left == 2
    assert bar.search(page.header.value).groups() == ("3", "1")  # the missed one comes back
    deck = {i.topic: i for i in progress.deck()}
    assert (deck["rank"].box, deck["rank"].due) == (0, day + 1)
    page.answer("yes")  # the other one, right: still being learnt (FSRS), back tomorrow
    deck = {i.topic: i for i in progress.deck()}
    assert (deck["tie"].box, deck["tie"].due) == (1, day + 1) and deck["tie"].card
    assert page.left == 1 and "1 left today" in page.header.value
    page.answer("yes")  # the missed one again: right, still due tomorrow
    deck = {i.topic: i for i in progress.deck()}
    assert (deck["rank"].box, deck["rank"].due) == (0, day + 1)
    assert page.done and page.left == 0
    assert bar.search(page.header.value).groups() == ("3", "3")  # full
    assert f"next review on {format_day(day + 1)}" in page.message
    assert len(FakeTask.made) == 3  # a new deal each time
    # the way back to the map is the page's footer alone (no second button beside it)
    from widgets.pages.lesson import footer
    assert page.end.children == ()
    assert [link["href"] for link in footer("review").links][-1].endswith("/index.ipynb")


def test_nothing_due_names_the_next_day_in_the_learners_language(db, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lang=pt_BR")
    db.put_review(KEY, "01_ranking", "fake", "rank", {}, 0, P.today() + 3)
    progress = P.current_progress()
    page = ReviewPage("mineiro", progress=progress)
    progress.widget.receive({"type": "id", "id": ID})
    assert page.done and page.left == 0
    assert format_day(P.today() + 3) in page.message and " de " in format_day(P.today() + 3)
    page.answer("yes")  # nothing to answer: said, no error
    assert page.tone == "error"


def test_the_clock_moves_the_review(db, monkeypatch):
    progress = P.current_progress()
    progress.widget.receive({"type": "id", "id": ID})
    progress.miss("03_tricks", Step("fake", "t", topic="tie"), P.today())
    assert ReviewPage("mineiro", progress=progress).left == 0
    tomorrow = __import__("datetime").date.fromordinal(P.today() + 1).isoformat()
    monkeypatch.setenv(P.TODAY_ENV, tomorrow)
    assert ReviewPage("mineiro", progress=progress).left == 1
