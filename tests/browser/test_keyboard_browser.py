"""A lesson played with the keyboard alone (issue 37): Tab to the right card or button, Enter
to answer; after each right answer the step moves on, the verdict becomes a line of the step's
history that names its step, and the focus is on the new step's idea, so the next Tab goes
into the new task. What has the focus shows a visible ring. What a screen reader gets from the
page's live region is the verdict in the learner's language."""
from __future__ import annotations

import re

import pytest
import truco
from playwright.sync_api import expect

from test_steps_browser import (EXPLORE, LESSON, answers, at_summary, deal, root_of, said,
                                step_index)

MAX_TABS = 60  # a page's focus order is short; more means a trap or a control out of order


def focused(page) -> dict:
    return page.evaluate("""() => {
        const a = document.activeElement;
        const s = getComputedStyle(a);
        return {code: a.tutorCode || null, cls: String(a.className || ""), tag: a.tagName,
                outline: s.outlineStyle, width: parseFloat(s.outlineWidth) || 0,
                text: (a.textContent || "").trim().slice(0, 80)};
    }""")


def tab_to(page, wanted, what: str) -> dict:
    """Press Tab until ``wanted(focused)``; the element reached shows a focus ring."""
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        now = focused(page)
        if wanted(now):
            assert now["outline"] != "none" and now["width"] >= 2, (what, now)
            return now
    raise AssertionError(f"{what}: not reached with {MAX_TABS} presses of Tab")


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_lesson_played_with_tab_and_enter_only(tutor_page, lang):
    variant = truco.variant("mineiro")
    page = tutor_page.open_lesson(f"{LESSON}?variant=mineiro&lang={lang}")
    root = root_of(page)
    n, passed = 0, 0
    while True:
        if at_summary(root, n + 1):
            break
        if n:  # the step moved on: its idea has the focus, the old verdict is history
            expect(root.locator(".tutor-step-text")).to_be_focused()
            past = root.locator(":scope > .tutor-feedback .tutor-msg-past .tutor-msg-about")
            numbers = re.findall(r"[\d۰-۹]+", past.inner_text())
            assert len(numbers) == 2, past.inner_text()  # "Step 3 of 8 passed:"
            # the words a screen reader gets from the live region, in the learner's language
            live = root.locator(":scope > .tutor-feedback [aria-live]").first.text_content()
            if lang == "fa":
                assert re.search("[\u0600-\u06ff]", live) and "passed" not in live, live
            else:
                assert re.match(r"Step \d+ of \d+ passed: \S", live.strip()), live
        if root.locator(EXPLORE).count():
            tab_to(page, lambda f: "tutor-explore-continue" in f["cls"], "Continue")
        else:
            index = step_index(root)
            codes, vira = deal(root)
            right, _wrong = answers(variant, codes, vira)
            if right == "tie":
                tab_to(page, lambda f: "tutor-rank-tie" in f["cls"], f"step {index}: tie")
            else:
                tab_to(page, lambda f, c=right: f["code"] == c, f"step {index}: {right}")
        page.keyboard.press("Enter")
        n += 1
        said(root, n, "right")
        passed += 1
    summary = root.locator(".tutor-summary")
    expect(summary.locator(".tutor-stars")).to_have_attribute("data-stars", "3")  # no mistake
    assert passed >= 5


TABLE = "tests/browser/fixtures/gallery_09_play.ipynb"  # lesson 9's table (test_table_browser)


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_hand_at_the_table_played_with_tab_and_enter_only(tutor_page, lang):
    """The learner's moves made with Tab and Enter, the same as a shadow table's; after each,
    the table's live region says the play (in English exactly the shadow's words, in Persian
    Persian words), and the hand ends with the summary."""
    from test_table_browser import DEFAULT, SEED, expect_drawn, table

    from widgets import PlayTable

    page = tutor_page.open_lesson(f"{TABLE}?lang={lang}" if lang != "en" else TABLE)
    root = table(page)
    shadow = PlayTable(DEFAULT, seed=SEED)
    expect_drawn(root, shadow)
    for _move in range(40):
        if shadow.paused or shadow.game.is_over:
            break
        expect(root.locator(".tt.tt-turn-you")).to_have_count(1)
        legal = shadow.view.legal_actions
        if "accept" not in legal and shadow.row.offered:
            code = sorted(shadow.row.offered)[0]
            tab_to(page, lambda f, c=code: f["code"] == c, f"the card {code}")
            page.keyboard.press("Enter")
            assert shadow.play(code)
        else:
            text = "accept" if "accept" in legal else next(
                a for a in legal if not a.startswith("play "))
            cls = shadow.buttons.buttons[text]._dom_classes
            mark = next((c for c in cls if c.startswith("tutor-")), None)
            label = shadow.buttons.buttons[text].description
            tab_to(page, lambda f, m=mark, t=label: (m and m in f["cls"]) or (
                f["tag"] == "BUTTON" and lang == "en" and f["text"] == t), f"the button {text}")
            page.keyboard.press("Enter")
            assert shadow.act(text)
        expect_drawn(root, shadow)
        live = root.locator(".tutor-feedback [aria-live]").first
        if lang == "en":  # the words a screen reader gets are the shadow's message
            expect(live).to_have_text(
                re.compile(r"\s*" + r"\s*".join(map(re.escape, shadow.message.split())) + r"\s*"))
        else:
            expect(live).to_have_text(re.compile("[\u0600-\u06ff]"))
            assert "You play" not in live.text_content()
    else:
        raise AssertionError("the hand did not end")
    expect(root.locator(".tt.tt-state-summary")).to_have_count(1)
