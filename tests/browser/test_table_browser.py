"""The card table of lesson 9 in a real browser: whole hands in 2 and 4 players, and a phone.

As in test_lessons.py, a shadow PlayTable built with the lesson's seed does what the page is
made to do, and the page must show exactly what the shadow says. Every wait is on an explicit
ready mark: the board's ``data-draw`` (how many times the table was drawn) and its state
classes (``tt-state-play``, ``tt-turn-you``, ``tt-state-summary``), never a sleep.

Screenshots go to ``test-artifacts/table/``.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from layout import assert_fits as fits
from shots import full_page

from widgets import PlayTable

LESSON = "tests/browser/fixtures/gallery_09_play.ipynb"  # the play table as lesson 9 had it
DEFAULT, SEED = "mineiro", 9  # the lesson's table: PlayTable(variant=session_variant(), seed=9)


def words(text: str) -> str:
    return " ".join(text.split())


def table(page):
    return page.locator(".tutor-play").first


def expect_drawn(root, shadow) -> None:
    """The page's table has been drawn as often as the shadow's: the same position."""
    expect(root.locator(f'.tt[data-draw="{shadow.table.draws}"]')).to_have_count(1)


def expect_feedback(root, shadow) -> None:
    expect(root.locator(".tutor-feedback").first).to_have_text(
        re.compile(r"\s*" + r"\s*".join(re.escape(w) for w in shadow.message.split()) + r"\s*"),
        use_inner_text=True)


def step(root, shadow) -> None:
    """The learner's next move, the same in the page and in the shadow: accept a raise, else
    play the lowest card on offer, else the first action; then wait for the table."""
    legal = shadow.view.legal_actions
    if "accept" in legal:
        text = "accept"
    elif shadow.row.offered:
        code = sorted(shadow.row.offered)[0]
        index = next(i for i, item in enumerate(shadow.row.items) if item["code"] == code)
        card = root.locator(".tutor-table .tutor-card").nth(index)
        expect(card).to_have_attribute("aria-label", shadow.row.items[index]["label"])
        card.click()
        assert shadow.play(code)
        expect_drawn(root, shadow)
        expect_feedback(root, shadow)
        return
    else:
        text = next(a for a in legal if not a.startswith("play "))
    label = shadow.buttons.buttons[text].description
    root.get_by_role("button", name=label, exact=True).click()
    assert shadow.act(text)
    expect_drawn(root, shadow)
    expect_feedback(root, shadow)


def play_a_hand(root, shadow) -> None:
    for _i in range(40):
        if shadow.paused or shadow.game.is_over:
            return
        expect(root.locator(".tt.tt-turn-you")).to_have_count(1)
        step(root, shadow)
    raise AssertionError("the hand did not end")


def check_summary(root, shadow) -> None:
    """Every hand face up, each card named; the points; the Next hand button."""
    summary = shadow.summary
    board = root.locator(".tt.tt-state-summary")
    expect(board).to_have_count(1)
    n = len(summary.start.dealt)
    expect(board.locator('.tt-seat svg[data-card="face"]')).to_have_count(3 * n)
    expect(board.locator('.tt-seat svg[data-card="back"]')).to_have_count(0)
    labels = board.locator('.tt-seat svg[data-card="face"]').evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    for hand in summary.start.dealt:
        for card in hand:
            name = shadow.variant.card_name(card, summary.start.vira)
            assert any(label.startswith(name) for label in labels), (name, labels)
    points = "Points this hand: Team A +{}, Team B +{}.".format(*summary.points)
    expect(board.locator(".tt-points")).to_contain_text(points)
    expect(board.locator(".tt-result").first).to_have_text(words(summary.result))
    expect(board.locator(".tt-tricks li")).to_have_count(len(summary.tricks))
    expect(root.get_by_role("button", name="Next hand", exact=True)).to_be_visible()
    expect(root.locator(".tutor-table .tutor-card")).to_have_count(0)


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_hand_at_the_table(tutor_page, players):
    page = tutor_page.open_lesson(LESSON)
    root, shadow = table(page), PlayTable(DEFAULT, seed=SEED)
    expect_drawn(root, shadow)
    expect_feedback(root, shadow)
    if players != 2:
        root.get_by_role("button", name=f"{players} players", exact=True).click()
        assert shadow.choose_players(players)
        expect(root.locator(f'.tt[data-n="{players}"]')).to_have_count(1)
        expect_drawn(root, shadow)
        expect_feedback(root, shadow)
    expect(root.locator(".tt-seat")).to_have_count(players)
    expect(root.locator(".tt-seat.tt-me")).to_contain_text("You")
    play_a_hand(root, shadow)
    check_summary(root, shadow)
    full_page(page, f"table/browser-summary-{players}p.png")
    # Next hand deals on.
    hand = shadow.game.hand_no
    root.get_by_role("button", name="Next hand", exact=True).click()
    assert shadow.next_hand()
    expect_drawn(root, shadow)
    expect(root.locator(f'.tt.tt-state-play[data-hand="{hand}"]')).to_have_count(1)
    expect_feedback(root, shadow)
    expect(root.get_by_role("button", name="Next hand", exact=True)).to_be_hidden()


def assert_fits(page, where: str) -> None:
    """Nothing past the viewport, every label whole, every button or card 44 px each way."""
    fits(page, where, buttons=".tutor-play button, .tutor-play .tutor-card",
         targets=".tutor-play button, .tutor-play .tutor-card")


@pytest.mark.parametrize("players", [4, 6])
def test_the_table_fits_a_phone(tutor_page, players):
    page = tutor_page.page
    page.set_viewport_size({"width": 390, "height": 844})
    variant = "mineiro" if players == 4 else "argentino"
    page = tutor_page.open_lesson(f"{LESSON}?variant={variant}")
    root, shadow = table(page), PlayTable(variant, seed=SEED)
    expect_drawn(root, shadow)
    assert_fits(page, "2 players")
    root.get_by_role("button", name=f"{players} players", exact=True).click()
    assert shadow.choose_players(players)
    expect(root.locator(f'.tt[data-n="{players}"]')).to_have_count(1)
    expect_drawn(root, shadow)
    assert_fits(page, f"{players} players")
    play_a_hand(root, shadow)
    check_summary(root, shadow)
    assert_fits(page, "the end of a hand")
    full_page(page, f"table/browser-phone-summary-{players}p.png")


def test_a_played_card_moves_in_from_its_seat_unless_motion_is_reduced(tutor_page):
    page = tutor_page.open_lesson(LESSON)
    root, shadow = table(page), PlayTable(DEFAULT, seed=SEED)
    expect_drawn(root, shadow)
    # the page opened mid-deal: what is on the table is there already, nothing moves in
    expect(root.locator(".tt-arrive")).to_have_count(0)
    assert shadow.row.offered and shadow.game.current_player == shadow.seat
    played = len(shadow.game.observation(shadow.seat).trick)
    step(root, shadow)  # the learner plays a card (the computer may answer in the same drawing)
    mine = root.locator(".tt-seat.tt-me .tt-card.tt-arrive")
    expect(mine).to_have_count(1)
    assert mine.evaluate("e => getComputedStyle(e).animationName") == "tt-arrive"
    moved = root.locator(".tt-arrive").count()
    assert moved >= 1 and moved <= 2 - played
    page.emulate_media(reduced_motion="reduce")
    assert mine.evaluate("e => getComputedStyle(e).animationName") == "none"
