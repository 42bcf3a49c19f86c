"""Lesson 01 as steps in Chromium: a learner finishes it step by step and gets the summary
with stars; a wrong click re-asks. The test reads the two cards' codes (and the vira's) from
the page and works out the answer with the engine in the test process. The lesson's last step
is its Explore step (the ranking explorer, free play): passed with "Continue", no mistake.
Screenshots of a step, the Explore step and the summary at 1280x900 and 390x844 (Persian,
right to left, on the phone) go to ``test-artifacts/steps/``.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from layout import assert_fits
from shots import ARTIFACTS

import truco

LESSON = "lessons/01_ranking.ipynb"

def fits(page, where: str) -> None:
    """The steps' widget inside the viewport, every button's label whole."""
    assert_fits(page, where, inside=".tutor-step *", buttons=".tutor-step button")


def root_of(page):
    return page.locator(".tutor-step").first


def step_index(root) -> int | None:
    classes = root.get_attribute("class").split()
    found = [int(c.rsplit("-", 1)[1]) for c in classes if re.fullmatch(r"tutor-step-\d+", c)]
    return found[0] if found else None


def deal(root):
    codes = root.locator(".tutor-rank-cards .tutor-card").evaluate_all(
        "els => els.map(e => e.tutorCode)")
    vira = root.locator(".tutor-rank-vira")
    return codes, (vira.first.get_attribute("data-code") if vira.count() else None)


def click(root, key: str, codes) -> None:
    if key == "tie":
        root.locator(".tutor-rank-tie").click()
    else:
        root.locator(".tutor-rank-cards .tutor-card").nth(codes.index(key)).click()


def answers(variant, codes, vira):
    """(the right key, a wrong key) for the two cards, by the engine."""
    a, b = codes
    c = variant.compare(a, b, vira=vira)
    right = "tie" if c == 0 else a if c > 0 else b
    return right, next(k for k in ("tie", a, b) if k != right)


def said(root, n: int, tone: str) -> None:
    """The page's own feedback (the first box: an explorer in a step has its own) shows its
    ``n``-th message, in ``tone``."""
    expect(root.locator(".tutor-feedback").first.locator(
        f'.tutor-msg[data-n="{n}"][data-tone="{tone}"]')).to_have_count(1)


EXPLORE = ".tutor-task-explore"


def pass_explore(root, n: int) -> int:
    """The Explore step on screen: "Continue" passes it, with the tick and no mistake;
    returns the page's message count after it."""
    go_on = root.locator(f"{EXPLORE} .tutor-explore-continue")
    expect(go_on).to_be_visible()
    go_on.click()
    said(root, n + 1, "right")
    return n + 1


def at_summary(root, task: int) -> bool:
    """Wait until lesson 1's ``task``-th task is drawn (its two cards or the explorer), or
    the summary after the last; True for the summary."""
    expect(root.locator(f".tutor-task-{task} .tutor-rank-cards .tutor-card, "
                        f".tutor-task-{task} {EXPLORE}, "
                        ".tutor-summary .tutor-stars").first).to_be_visible()
    return bool(root.locator(".tutor-summary .tutor-stars").count())


def finish_lesson(page, variant_name: str, wrong_at: int | None = None, shots: str = ""):
    variant = truco.variant(variant_name)
    root = root_of(page)
    n, steps_seen = 0, []
    while True:
        if at_summary(root, n + 1):
            break
        if root.locator(EXPLORE).count():
            # the ranking explorer: the whole deck, in the learner's variant
            cards = root.locator(f"{EXPLORE} .tutor-card")
            expect(cards).to_have_count(len(variant.deck))
            count = root.locator(".tutor-step-count").inner_text()
            numbers = re.findall(r"\d+", count)  # "Step 8 of 8", in the page's digits
            assert len(numbers) == 2 and numbers[0] == numbers[1], count  # the last step
            index = step_index(root)
            if shots:
                fits(page, f"{shots} explore")
                page.screenshot(path=str(ARTIFACTS / "steps" / f"{shots}-explore.png"),
                                full_page=True)
            n = pass_explore(root, n)
            steps_seen.append(index)
            continue
        expect(root.locator(".tutor-rank-cards .tutor-card")).to_have_count(2)
        index = step_index(root)
        codes, vira = deal(root)
        right, wrong = answers(variant, codes, vira)
        if index == wrong_at and index not in steps_seen:
            steps_seen.append(index)
            count = root.locator(".tutor-step-count").inner_text()
            click(root, wrong, codes)
            n += 1
            said(root, n, "wrong")
            assert step_index(root) == index  # the same step, a new task
            expect(root.locator(".tutor-step-count")).to_have_text(count)
            continue
        if shots and index == 1:
            page.screenshot(path=str(ARTIFACTS / "steps" / f"{shots}-step.png"), full_page=True)
        click(root, right, codes)
        n += 1
        said(root, n, "right")
        steps_seen.append(index)
    return root


@pytest.mark.parametrize("variant", ["mineiro", "paulista"])
def test_a_learner_finishes_lesson_01_step_by_step(tutor_page, variant):
    page = tutor_page.open_lesson(f"{LESSON}?variant={variant}")
    root = root_of(page)
    expect(root.locator(".tutor-progressbar")).to_have_count(1)
    expect(root.locator(".tutor-step-count")).to_have_text(re.compile(r"Step 1 of \d"))
    expect(root.locator(".tutor-example-mark")).to_have_text("Example")
    root = finish_lesson(page, variant, wrong_at=1)
    summary = root.locator(".tutor-summary")
    expect(summary).to_contain_text("You finished The deck and the card ranking")
    expect(summary.locator(".tutor-stars")).to_have_attribute("aria-label", "2 of 3 stars")
    expect(summary).to_contain_text("1 mistake")
    expect(summary.get_by_role("button", name="Practise again")).to_be_visible()
    expect(summary.locator("a.tutor-next")).to_have_attribute(
        "href", re.compile(r"02_manilhas\.ipynb\?.*variant=" + variant))
    expect(summary.locator("a.tutor-home")).to_have_count(1)


@pytest.mark.parametrize("size, lang", [((1280, 900), "en"), ((390, 844), "fa")])
def test_screenshots_of_a_step_and_the_summary(tutor_page, size, lang):
    (ARTIFACTS / "steps").mkdir(parents=True, exist_ok=True)
    page = tutor_page.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page = tutor_page.open_lesson(f"{LESSON}?variant=paulista&lang={lang}")
    root = root_of(page)
    if lang == "fa":
        expect(root).to_have_class(re.compile(r"tutor-rtl"))
        assert root.locator(".tutor-step-text").get_attribute("dir") == "rtl"
    name = f"01-{size[0]}x{size[1]}-{lang}"
    finish_lesson(page, "paulista", shots=name)
    fits(page, f"{name} summary")
    page.screenshot(path=str(ARTIFACTS / "steps" / f"{name}-summary.png"), full_page=True)


def test_the_progress_map_shows_the_stars_after_going_back(tutor_page):
    """The issue's flow: finish lesson 01, "Back to the map": the map shows lesson 01 with
    the stars of the summary, and its "Continue" link opens lesson 02."""
    page = tutor_page.open_lesson(f"{LESSON}?variant=mineiro")
    root = finish_lesson(page, "mineiro", wrong_at=1)
    stars = root.locator(".tutor-summary .tutor-stars")
    earned = int(stars.get_attribute("data-stars"))
    assert earned == 2  # one mistake
    label = stars.get_attribute("aria-label")
    assert label == "2 of 3 stars"

    root.locator(".tutor-summary a.tutor-home").click()
    page.wait_for_url(re.compile(r"/index\.ipynb\?(.*&)?variant=mineiro"))
    page.wait_for_selector(".tutor-map .tutor-map-card", timeout=60_000)
    card = page.locator(".tutor-map-card", has=page.locator("a[href*='01_ranking.ipynb']"))
    status = card.locator(".tutor-map-status")
    expect(status).to_have_text("★" * earned + "☆" * (3 - earned))
    expect(status).to_have_attribute("aria-label", label)
    expect(card).to_have_class(re.compile(r"\btutor-map-done\b"))
    later = page.locator(".tutor-map-card", has=page.locator("a[href*='02_manilhas.ipynb']"))
    expect(later.locator(".tutor-map-status")).to_have_text("Not started")

    go_on = page.locator("a.tutor-map-continue")
    expect(go_on).to_have_text("Continue: 2. Manilhas and cartas bravas")
    go_on.click()
    page.wait_for_url(re.compile(r"/02_manilhas\.ipynb\?(.*&)?variant=mineiro"))
    lesson = root_of(page)
    expect(lesson.locator(".tutor-task-1 .tutor-card").first).to_be_visible(timeout=60_000)
    expect(lesson.locator(".tutor-step-header")).to_contain_text("Manilhas and cartas bravas")
    expect(lesson.locator(".tutor-step-count")).to_have_text(re.compile(r"Step 1 of \d"))


def test_an_anonymous_learner_comes_back_to_the_step_they_were_on(tutor_page):
    """No account: the id the browser keeps brings a reloaded page, and a new page of the same
    browser, back to the first step not passed."""
    page = tutor_page.open_lesson(f"{LESSON}?variant=mineiro")
    root = root_of(page)
    variant = truco.variant("mineiro")
    for n in (1, 2):
        expect(root.locator(f".tutor-task-{n} .tutor-rank-cards .tutor-card")).to_have_count(2)
        codes, vira = deal(root)
        right, _wrong = answers(variant, codes, vira)
        click(root, right, codes)
        said(root, n, "right")
    third = re.compile(r"^Step 3 of \d")
    expect(root.locator(".tutor-step-count")).to_have_text(third)
    page.reload()
    page.wait_for_selector(".tutor-ready", state="visible", timeout=60_000)
    expect(root_of(page).locator(".tutor-step-count")).to_have_text(third)
    other = page.context.new_page()
    try:
        other.goto(page.url)
        expect(root_of(other).locator(".tutor-step-count")).to_have_text(third, timeout=60_000)
    finally:
        other.goto("about:blank")
        other.close()
