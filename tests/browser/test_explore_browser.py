"""The lessons' Explore steps in Chromium: lesson 4 ends its ties steps with the tie explorer
(free play: set each trick's result, the engine says who wins the hand), lesson 1 its ranking
steps with the ranking explorer. A learner reaches the step, plays with it, and goes on to
the summary with "Continue": no mistake is counted for it.

Lesson 4's practice steps are answered by clicking one of the offered answers at random (a
wrong one re-asks, as a learner's would); lesson 1's by the engine, as in
``test_steps_browser``. Screenshots of both Explore steps at 1280x900 and 390x844, in English
and in Persian (right to left), go to ``test-artifacts/explore/``; no element may stick out
of the page on the phone.
"""
from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect
from shots import ARTIFACTS

import truco
from truco import resolve
from test_steps_browser import EXPLORE, answers, click, deal, fits, pass_explore, root_of

SHOTS = ARTIFACTS / "explore"
LESSONS = {"01": "lessons/01_ranking.ipynb", "04": "lessons/04_ties.ipynb"}


def page_feedback(root):
    return root.locator(".tutor-feedback").first


def explorer_feedback(root):
    """The explorer's own feedback box, inside the step."""
    return root.locator(f"{EXPLORE} .tutor-feedback").first


def reach_explore(root, variant, rng: random.Random, limit: int = 120) -> tuple[int, int]:
    """Answer the practice steps until the Explore step is on screen; returns (messages the
    page has said, wrong answers given)."""
    n = wrong = 0
    for _click in range(limit):
        box = root.locator(f".tutor-task-{n + 1}")
        expect(root.locator(f".tutor-task-{n + 1} .tutor-card, .tutor-task-{n + 1} button")
               .first).to_be_visible()
        if box.locator(EXPLORE).count():
            return n, wrong
        if box.locator(".tutor-rank-cards").count():  # lesson 1: the engine's answer
            codes, vira = deal(root)
            click(root, answers(variant, codes, vira)[0], codes)
        else:  # a trick (its cards and Tie) or a hand (Team A, Team B, Nobody)
            options = box.locator(".tutor-card").all() + box.locator("button:visible").all()
            rng.choice(options).click()
        n += 1
        expect(page_feedback(root).locator(f'.tutor-msg[data-n="{n}"]')).to_have_count(1)
        tone = page_feedback(root).locator(f'.tutor-msg[data-n="{n}"]').get_attribute(
            "data-tone")
        wrong += tone == "wrong"
    raise AssertionError(f"no Explore step after {limit} answers")


def set_trick(root, trick: int, label: str) -> None:
    root.locator(f"{EXPLORE} .widget-toggle-buttons").nth(trick).get_by_role(
        "button", name=label, exact=True).click()


def expect_words(locator, text: str) -> None:
    """``locator`` shows ``text`` (whitespace aside)."""
    expect(locator).to_contain_text(re.compile(r"\s*".join(re.escape(w) for w in text.split())),
                                    use_inner_text=True)


def test_lesson_04_explore_step_sets_tricks_sees_the_winner_change_and_goes_on(tutor_page):
    variant = truco.variant("mineiro")
    page = tutor_page.open_lesson(f"{LESSONS['04']}?variant=mineiro")
    root = root_of(page)
    n, wrong = reach_explore(root, variant, random.Random(4))
    step = root.locator(EXPLORE)
    expect(root.locator(".tutor-step-text")).to_contain_text("Explore: set each trick's result")
    expect(step.locator(".widget-toggle-buttons")).to_have_count(3)
    expect(step.get_by_role("button", name="Quiz me")).to_have_count(0)  # free play only
    expect(step.locator(".tutor-explore-continue")).to_have_text("Continue")

    # First trick tied, then team B takes the second: team B wins the hand.
    set_trick(root, 0, "tie")
    set_trick(root, 1, "team B")
    b_wins = resolve.hand(variant, [None, 1], 0, 1)
    assert b_wins.winner == 1
    expect_words(explorer_feedback(root), b_wins.explain())
    expect(step.locator("table.tutor-variants .tutor-current")).to_contain_text("team B wins")
    # The second trick to team A instead: the winner changes with it.
    set_trick(root, 1, "team A")
    a_wins = resolve.hand(variant, [None, 0], 0, 1)
    assert a_wins.winner == 0
    expect_words(explorer_feedback(root), a_wins.explain())
    expect(step.locator("table.tutor-variants .tutor-current")).to_contain_text("team A wins")
    # All three tied: Mineiro tables differ, and the rule is the learner's to pick.
    set_trick(root, 1, "tie")
    set_trick(root, 2, "tie")
    rules = step.locator(".widget-radio-box input[type=radio]")
    expect(rules).to_have_count(2)
    # None of it was an answer: the page said nothing since the step opened.
    expect(page_feedback(root).locator(f'.tutor-msg[data-n="{n}"]')).to_have_count(1)

    pass_explore(root, n)
    summary = root.locator(".tutor-summary")
    expect(summary.locator(".tutor-stars")).to_be_visible()
    expect(summary).to_contain_text("You finished")
    mistakes = summary.locator(".tutor-mistakes")
    if wrong:
        expect(mistakes).to_contain_text(f"{wrong} mistake")  # the practice steps' only
    else:
        expect(mistakes).to_have_text("No mistakes")
    expect(root.locator(EXPLORE)).to_have_count(0)


@pytest.mark.parametrize("lesson", ["01", "04"])
@pytest.mark.parametrize("lang", ["en", "fa"])
def test_screenshots_of_the_explore_steps(tutor_page, lesson, lang):
    """One page at both sizes (the layout follows the viewport): it fits, and is shot."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = tutor_page.page
    page.set_viewport_size({"width": 1280, "height": 900})
    name = "paulista" if lesson == "01" else "mineiro"
    page = tutor_page.open_lesson(f"{LESSONS[lesson]}?variant={name}&lang={lang}")
    root = root_of(page)
    n, _wrong = reach_explore(root, truco.variant(name), random.Random(7))
    step = root.locator(EXPLORE)
    if lesson == "04":  # a hand with a tied trick, as a learner would set it
        labels = {"en": ("tie", "team B"), "fa": None}[lang]
        toggles = step.locator(".widget-toggle-buttons")
        if labels is None:  # the same buttons, by place: the third and the second
            toggles.nth(0).locator("button").nth(2).click()
            toggles.nth(1).locator("button").nth(1).click()
        else:
            set_trick(root, 0, labels[0])
            set_trick(root, 1, labels[1])
        expect(step.locator("table.tutor-variants")).to_be_visible()
    else:  # two cards clicked: the engine compares them
        cards = step.locator(".tutor-card")
        cards.nth(0).click()
        cards.nth(9).click()
        expect(explorer_feedback(root).locator('.tutor-msg[data-n="3"]')).to_have_count(1)
    if lang == "fa":
        expect(root).to_have_class(re.compile(r"\btutor-rtl\b"))
        expect(step).to_have_class(re.compile(r"\btutor-rtl\b"))
        assert root.locator(".tutor-step-text").get_attribute("dir") == "rtl"
        label = step.locator(".tutor-explore-continue").inner_text()
        assert label.strip() and not re.search(r"[A-Za-z]", label), label
    for size in ((1280, 900), (390, 844)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(200)  # one layout pass at this size, not a wait for the app
        fits(page, f"{lesson} explore {size} {lang}")
        page.screenshot(path=str(SHOTS / f"{lesson}-explore-{size[0]}x{size[1]}-{lang}.png"),
                        full_page=True)
    pass_explore(root, n)
    expect(root.locator(".tutor-summary .tutor-stars")).to_be_visible()
