"""The exam (lesson 11) in Chromium ends with a mark: a learner answers its twenty questions,
right or wrong (the exam does not re-ask: a wrong answer shows the engine's explanation and
the next question comes), and the result says "N of 20" with passed or not, and the topics
missed (put into the review deck).

The test clicks the first answer on offer in each question: a choice button when the task
has them, else the first card still to pick, else the first button. A question that takes
several clicks (the four manilhas to find) is clicked until it ends: the exam's feedback
says "info" while the question goes on, "right" or "wrong" when it is over. Like the lesson
runner, the exam names the n-th question drawn (``tutor-task-<n>``) and numbers every
message (``data-n``), and marks the click whose feedback was message n handled
(``tutor-handled-<n>``: all it changed has been sent): the test waits on them, never on time.
"""
from __future__ import annotations

import re

from playwright.sync_api import expect

from truco.i18n import format_list
from widgets.steps.exam import TOPICS

LESSON = "lessons/11_final_quiz.ipynb"
QUESTIONS, PASS_MARK = 20, 15  # as the notebook sets them


def first_answer(task):
    """The first answer on offer in a question's box (once the question has something to
    click: its views may still be drawn when the page shows)."""
    expect(task.locator("button:enabled:visible, .tutor-card:not(.tutor-card-disabled)")
           .first).to_be_visible()
    choices = task.locator(".tutor-task-choices button:enabled:visible")
    if choices.count():
        return choices.first
    cards = task.locator(".tutor-card:not(.tutor-card-disabled)")
    if cards.count():
        return cards.first
    buttons = task.locator("button:enabled:visible")
    assert buttons.count(), "a question with nothing to click"
    return buttons.first


def test_the_exam_ends_with_a_mark(tutor_page):
    page = tutor_page.open_lesson(f"{LESSON}?variant=mineiro")
    exam = page.locator(".tutor-exam").first
    count = exam.locator(".tutor-step-count")
    feedback = exam.locator(":scope > .tutor-feedback")
    expect(exam.locator(".tutor-step-header")).to_contain_text("Final exam: Truco Mineiro")
    said, tones, clicks = 0, [], 0
    for n in range(1, QUESTIONS + 1):
        task = exam.locator(f".tutor-task-{n}")
        expect(task).to_be_visible()
        expect(count).to_have_text(f"Question {n} of {QUESTIONS}")
        while True:  # one question: one click, or several for a multi-pick task
            first_answer(task).click()
            clicks += 1
            said += 1
            message = feedback.locator(f'.tutor-msg[data-n="{said}"]')
            expect(message).to_have_count(1)
            # Everything the click changed has come (the feedback comes first: a two-stage
            # question hides its first buttons after it), before the next answer is chosen.
            expect(exam.locator(f".tutor-handled-{said}")).to_have_count(1)
            tone = message.get_attribute("data-tone")
            assert tone in ("right", "wrong", "info"), (n, tone, message.inner_text())
            if tone != "info":
                tones.append(tone)
                break
            assert clicks < 20 * QUESTIONS, "a question that never ends"
    assert len(tones) == QUESTIONS  # every question answered once, none re-asked

    summary = exam.locator(".tutor-summary")
    mark = summary.locator(".tutor-exam-mark")
    expect(mark).to_be_visible()
    right = tones.count("right")
    if right >= PASS_MARK:
        expected = f"{right} of {QUESTIONS}: passed"
        expect(summary.locator(".tutor-stars")).to_have_count(1)
    else:
        expected = (f"{right} of {QUESTIONS}: not passed yet (the pass mark is "
                    f"{PASS_MARK})")
        expect(summary.locator(".tutor-stars")).to_have_count(0)
    expect(mark).to_have_text(expected)
    expect(count).to_have_text("Done")
    expect(exam.locator(".tutor-progressbar")).to_have_attribute("aria-valuenow",
                                                                 str(QUESTIONS))
    expect(exam.locator(f".tutor-task-{QUESTIONS + 1}")).to_have_count(0)

    # The topics missed, named in words (the exam's own names), into the review deck.
    text = summary.inner_text()
    wrong = tones.count("wrong")
    if wrong:
        found = re.search(r"To review: (.+)\. They are in your review deck\.", text)
        assert found, text
        named = [words for _kind, _options, words, _lesson in TOPICS
                 if words in found.group(1)]
        assert 1 <= len(named) <= wrong, (found.group(1), wrong)
        assert found.group(1) == format_list(
            sorted(named, key=lambda w: found.group(1).index(w))), found.group(1)
    else:
        assert "No topic to review: well done." in text
    expect(summary.get_by_role("button", name="Take the exam again")).to_be_visible()
    expect(summary.locator("a.tutor-home")).to_have_attribute(
        "href", re.compile(r"index\.ipynb\?.*variant=mineiro"))
    tutor_page.screenshot("mark")
