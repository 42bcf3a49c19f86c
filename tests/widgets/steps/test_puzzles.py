"""Puzzles (widgets.steps.puzzles, the puzzle task and page): the stored set still says what
the engine's evaluator finds, weak themes come more often, and a reviewed hand's mistake comes
back as its own position in the review deck."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import truco
from widgets.steps import puzzles
from widgets.steps.model import MemoryProgress
from widgets.steps.puzzle_page import PuzzlePage, skills_table
from widgets.steps.review import ReviewPage
from widgets.steps.tasks import task_class
from widgets.steps.tasks.puzzle import PuzzleTask

ANSWER = ("mineiro 2p dealer=1 score=0-0 hands=4c,3h,5s/2d,Kc,Qs : 3h 2d 5s Kc raise")


@pytest.mark.parametrize("index", range(len(puzzles.stored())))
def test_every_stored_puzzle_is_still_clear(index):
    p = puzzles.stored()[index]
    game = truco.from_notation(p["notation"])
    obs = game.observation(p["seat"])
    ev = truco.evaluate(obs, variant=game.variant)
    assert ev.best == p["best"] and puzzles.theme_of(obs) == p["theme"]
    assert puzzles._clear(ev), "no longer one clear best action"


def test_the_stored_set_covers_the_themes():
    counts = Counter(p["theme"] for p in puzzles.stored())
    assert set(counts) == set(puzzles.THEMES) and min(counts.values()) >= 2


def test_weak_themes_come_more_often():
    skills = {("puzzle", "answer"): (10, 0, 5.0), ("hand", "last_trick"): (10, 10, 0.0)}
    rng = random.Random(3)
    drawn = Counter(puzzles.pick(rng, "mineiro", skills)["theme"] for _i in range(600))
    assert drawn["answer"] > 2 * drawn["last_trick"]
    assert all(puzzles.pick(rng, "mineiro", {}, theme="answer")["theme"] == "answer"
               for _i in range(5))


def test_a_puzzle_is_checked_by_the_evaluator():
    t = PuzzleTask(truco.variant("argentino"), random.Random(1), notation=ANSWER, seat=0,
                   theme="answer")
    assert t.variant.name == "mineiro"  # the puzzle's own variant, not the page's
    assert t.right == t.evaluation.best == "raise"
    out = t.answer("refuse")
    assert not out.right and out.done and "A blunder" in out.explanation
    assert t.answer("raise").right is False  # answered: nothing counts any more
    t2 = PuzzleTask(truco.variant("mineiro"), random.Random(1), notation=ANSWER, seat=0)
    assert not t2.answer("play 4c").right and t2.last_error  # forged: refused, not judged
    assert t2.answer("raise").right


def test_puzzles_that_cannot_be_asked_are_left_out():
    cls = task_class("puzzle")
    assert cls.applies(truco.variant("mineiro"), notation=ANSWER, seat=0)
    assert not cls.applies(truco.variant("mineiro"), notation=ANSWER, seat=1)
    assert not cls.applies(truco.variant("mineiro"), notation="mineiro 2p : nonsense", seat=0)


def test_the_puzzle_page_counts_and_shows_success_per_theme():
    progress = MemoryProgress()
    page = PuzzlePage("mineiro", progress=progress, seed=4)
    assert "after your first puzzle" in page.skills.value
    assert not page.next() and "Answer this puzzle first" in page.message
    theme = page.task.theme
    page.answer(page.task.wrong_answer())
    assert (page.tried, page.solved) == (1, 0) and page.tone == "wrong"
    assert progress.skills()[("puzzle", theme)][:2] == (1, 0)
    assert puzzles.theme_words(theme) in page.skills.value and "0%" in page.skills.value
    assert page.next() and page.answer(page.task.solution()).right
    assert page.solved == 1 and "Solved today: 1 of 2" in page.header.value


def test_a_filed_mistake_comes_back_as_its_position_in_the_review():
    progress = MemoryProgress()
    game = truco.from_notation(ANSWER)
    game.apply("refuse")
    decisions = truco.review(game, 0)
    puzzles.keep_hand(decisions, progress, today=100)
    assert progress.due(100) == []
    review = ReviewPage("mineiro", progress=progress, seed=1, day=101)
    assert review.left == 2 and review.task.kind == "puzzle"
    assert review.task.item in {d.notation for d in decisions}
    review.answer(review.task.solution())
    assert review.tone == "right" and review.left == 1
    assert skills_table(progress.skills()).count("<tr>") == 1 + 3  # the head, three themes
