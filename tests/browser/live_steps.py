"""A live lesson driven in Chromium, as a teacher and a learner do it (shared by the live
lesson's browser test and the two-server test in tests/deploy)."""
from __future__ import annotations

from playwright.sync_api import expect

import truco
from widgets.classroom.store import format_code

MINEIRO = truco.variant("mineiro")


def ready(page) -> None:
    page.wait_for_selector(".tutor-ready", state="visible", timeout=60_000)
    page.wait_for_selector(".tutor-nav", state="visible", timeout=60_000)


def seat_cards(page) -> list[str]:
    """The question's cards on a learner's page (codes, in the order played)."""
    cards = page.locator(".tutor-live-seat .tutor-cardrow .tutor-card")
    expect(cards).to_have_count(2)
    return cards.evaluate_all("els => els.map(e => e.tutorCode)")


def answer(page, right: bool) -> str:
    """Answer the question on a learner's page, worked out with the engine; the key sent."""
    codes = seat_cards(page)
    verdict = MINEIRO.compare(*codes)
    if verdict == 0:
        keys = ["tie", codes[0]]
    else:
        keys = [codes[0], codes[1]] if verdict > 0 else [codes[1], codes[0]]
    key = keys[0] if right else keys[1]
    if key == "tie":
        page.locator(".tutor-live-seat .tutor-task button").first.click()
    else:
        page.locator(".tutor-live-seat .tutor-card").nth(codes.index(key)).click()
    return key


def tone(page) -> str | None:
    return page.locator(".tutor-live-seat .tutor-feedback .tutor-msg").get_attribute(
        "data-tone")


def open_teacher(page, base: str, passcode: str, code: str) -> None:
    """Open the teacher's page on ``base`` with the passcode: the only class is picked at
    once (its page, or its live lesson when one is running)."""
    page.goto(f"{base}voila/render/lessons/teacher.ipynb", wait_until="commit")
    ready(page)
    teacher = page.locator(".tutor-teacher")
    teacher.locator(".tutor-passcode input").fill(passcode)
    teacher.get_by_role("button", name="Open the teacher page").click()
    expect(teacher.locator(".tutor-live-start:visible, .tutor-live-projector:visible")
           .first).to_be_visible()
    if teacher.locator(".tutor-live-start").is_visible():
        picked = teacher.locator("select").first.evaluate(
            "s => s.options[s.selectedIndex].text")
        assert format_code(code) in picked
