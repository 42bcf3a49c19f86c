"""The betting lessons' steps (5 Raising, 6 Special hands) at the card table in a browser.

The page is the lesson's own steps dealt from a fixed seed (``fixtures/seeded_steps.ipynb``:
the lesson's step cell run with ``seed=1``); the test builds the same StepRunner here ("a
shadow"), answers it as it clicks the page, and expects the page to show exactly what the
shadow shows: the learner's cards at the table, each named as the shadow names it, and the
feedback of every answer. On a phone (390 x 844) no element of the page leaves the viewport
and no button's label is cut, before and after an answer; in English and in Persian (right to
left). Every wait is on an explicit mark (``tutor-task-<n>`` on the n-th task drawn, the
feedback's numbered message), never a sleep.

Screenshots go to ``test-artifacts/betting/``: each lesson at 1280 x 900 and 390 x 844, in
English and Persian, before and after an answer, and lesson 5's summary on a phone.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect
from layout import assert_fits as fits
from shots import full_page

from truco import set_language
from widgets.cards.cardrow import CardRow
from widgets.steps import MemoryProgress
from widgets.steps.runner import StepRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))
from lesson_plans import plan_and_variant  # noqa: E402

PAGE = "tests/browser/fixtures/seeded_steps.ipynb"
SEED = 1  # as the fixture deals
DEFAULT = "mineiro"  # the lessons' variant when the page is opened without ?variant=
LESSONS = ("05_raising", "06_special_hands")
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}

def assert_fits(page, where: str) -> None:
    fits(page, where, buttons=".tutor-step button")


def shadow_of(name: str) -> StepRunner:
    plan, variant = plan_and_variant(name)
    return StepRunner(plan, variant=variant or DEFAULT, progress=MemoryProgress(), seed=SEED)


def words(message: str):
    return re.compile(r"\s*" + r"\s*".join(re.escape(w) for w in message.split()) + r"\s*")


def card_rows(widget):
    """The CardRows under ``widget``, in page order."""
    if isinstance(widget, CardRow):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from card_rows(child)


def expect_task(root, shadow, n: int) -> None:
    """The page shows the shadow's task as its n-th: the step, and the learner's cards, each
    visible and named as the shadow names it."""
    task = root.locator(f".tutor-task-{n}")
    expect(task).to_have_count(1)
    expect(root).to_have_class(re.compile(rf"\btutor-step-{shadow.index}\b"))
    items = [item for row in card_rows(shadow.task.view) for item in row.items]
    assert items, "no cards at the table"
    cards = task.locator(".tutor-card")
    expect(cards).to_have_count(len(items))
    for i, item in enumerate(items):
        expect(cards.nth(i)).to_be_visible()
        expect(cards.nth(i)).to_have_attribute("aria-label", item["label"])


def click(root, shadow, n: int, key: str) -> None:
    """Click the button of ``key`` in the page's n-th task (its label from the shadow), answer
    the shadow the same, and see the page say what the shadow says."""
    label = shadow.task.buttons.buttons[key].description
    root.locator(f".tutor-task-{n}").get_by_role("button", name=label, exact=True).click()
    shadow.answer(key)
    message = root.locator(f':scope > .tutor-feedback .tutor-msg[data-n="{shadow._said}"]')
    expect(message).to_have_attribute("data-tone", shadow.tone)
    expect(message).to_have_text(words(shadow.message), use_inner_text=True)


def finish_task(root, shadow, n: int, right: bool = True) -> int:
    """Answer the page's n-th task to its end (an answered call takes a second click, for its
    value); returns the number of the task drawn next."""
    task = shadow.task
    if not right:
        click(root, shadow, n, task.wrong_answer())
    while shadow.task is task and not shadow.finished:
        click(root, shadow, n, task.solution())
    return n + 1


def open_steps(tutor_page, name: str, lang: str, size: str):
    width, height = SIZES[size]
    tutor_page.page.set_viewport_size({"width": width, "height": height})
    query = f"?lesson={name}" + ("" if lang == "en" else f"&lang={lang}")
    page = tutor_page.open_lesson(PAGE + query)
    root, shadow = page.locator(".tutor-step").first, shadow_of(name)
    expect_task(root, shadow, 1)
    return page, root, shadow


def at_each_size(page, file_name: str, where: str) -> None:
    """The page as it is, shot at each size (a desktop, then a phone: it must fit there)."""
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        if size == "phone":
            page.wait_for_timeout(200)  # one layout pass at the new size, not a wait for the app
            assert_fits(page, where)
        full_page(page, file_name.format(width=width))


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("name", LESSONS)
def test_the_betting_steps_show_the_cards_and_fit(tutor_page, name, lang):
    """One page at both sizes: the layout follows the viewport, no reload needed."""
    set_language(lang)  # the shadow's labels and messages in the page's language
    try:
        page, root, shadow = open_steps(tutor_page, name, lang, "desktop")
        if lang == "fa":
            expect(root).to_have_class(re.compile(r"\btutor-rtl\b"))
        at_each_size(page, f"betting/{name}-{lang}-{{width}}.png", f"{name} {lang}")
        # The first step answered: the engine's reason, and the next step's table; it fits.
        n = finish_task(root, shadow, 1)
        assert shadow.tone == "right"
        expect_task(root, shadow, n)
        at_each_size(page, f"betting/{name}-{lang}-{{width}}-after.png",
                     f"{name} {lang} after an answer")
    finally:
        set_language("en")


def test_the_raising_lesson_to_its_summary_on_a_phone(tutor_page):
    """Lesson 5 on a phone, every step: one wrong answer first (the same step asks a new
    table), the calls answered (accept, raise or refuse, then the value), and the summary
    with its stars fits too."""
    page, root, shadow = open_steps(tutor_page, "05_raising", "en", "phone")
    n = finish_task(root, shadow, 1, right=False)
    assert shadow.tone == "wrong" and shadow.index == shadow.order[0] and shadow.mistakes == 1
    expect_task(root, shadow, n)
    answered = set()
    while not shadow.finished:
        answered.add(shadow.task.ask)
        n = finish_task(root, shadow, n)
        if not shadow.finished:
            expect_task(root, shadow, n)
            assert_fits(page, f"step {shadow.index}")
    assert answered == {"accept", "refuse", "raise", "answer"}
    summary = root.locator(".tutor-summary")
    expect(summary.locator(".tutor-stars")).to_have_attribute(
        "aria-label", f"{shadow.stars} of 3 stars")
    expect(summary).to_contain_text("1 mistake")
    expect(summary.get_by_role("button", name="Practise again")).to_be_visible()
    assert_fits(page, "the summary")
    full_page(page, "betting/05_raising-en-390-summary.png")
