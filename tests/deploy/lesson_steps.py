"""What a learner does in lesson 3 (tricks), for the deployment tests: wait for a page, read
its step, answer its task right (worked out with the engine)."""
from __future__ import annotations

import re

from playwright.sync_api import expect

import truco

MINEIRO = truco.variant("mineiro")  # the lessons' variant when the learner picked none


def ready(page) -> None:
    page.wait_for_selector(".tutor-ready", state="visible", timeout=60_000)
    page.wait_for_selector(".tutor-nav", state="visible", timeout=60_000)


def step_count(page) -> str:
    return page.locator(".tutor-step").first.locator(".tutor-step-count").inner_text()


def answer_right(page) -> None:
    """Answer the current task right (worked out with the engine from the cards' codes: the
    winning card, or Tie) and wait for the verdict, so the answer is acknowledged (stored
    first), and for the next task."""
    steps = page.locator(".tutor-step").first
    n = int(re.search(r"\btutor-task-(\d+)\b",
                      steps.locator("[class*='tutor-task-']").last.get_attribute("class"))[1])
    task = steps.locator(f".tutor-task-{n}")
    cards = task.locator(".tutor-cardrow .tutor-card")
    expect(cards.first).to_be_visible()
    codes = cards.evaluate_all("els => els.map(e => e.tutorCode)")
    # With four or six players each card is labelled "Player <seat>" (seat & 1 is the team).
    seats = [int(x) for x in re.findall(r"Player (\d+)", task.locator(".tutor-cardrow")
                                        .inner_text())] or list(range(len(codes)))
    assert len(seats) == len(codes), (seats, codes)
    verdict = MINEIRO.trick_verdict([(s & 1, c) for s, c in zip(seats, codes)], seats=seats)
    if verdict.winner is None:
        task.get_by_role("button", name="Tie").click()
    else:
        winner = verdict.winning_cards[0].code
        cards.nth(codes.index(winner)).click()
    expect(steps.locator(".tutor-feedback .tutor-msg").first).to_have_attribute("data-tone",
                                                                                "right")
    expect(steps.locator(f".tutor-task-{n + 1}")).to_have_count(1)
