"""How the lessons look in a real browser: feedback tones, button widths, labels, ribbons.

The widget tests check the markup; these check what Chromium makes of it (computed styles,
boxes, clipping). Screenshots of the states checked go to ``test-artifacts/look-*.png``.
"""
from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect
from shots import full_page

from widgets import RankingExplorer, TieExplorer
from widgets.ui.feedback import TONE_STYLES

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"


def widget(page, index: int = 0):
    return page.locator(".tutor-widget").nth(index)


def snapshot(page, name: str) -> None:
    full_page(page, f"look-{name}.png")


def click_card(root, row, code: str) -> None:
    index = next(i for i, item in enumerate(row.items) if item["code"] == code)
    card = root.locator(".tutor-card").nth(index)
    expect(card).to_have_attribute("aria-label", row.items[index]["label"])
    card.click()


def computed(locator, prop: str) -> str:
    return locator.evaluate("(el, prop) => getComputedStyle(el).getPropertyValue(prop)", prop)


def words_of(message: str):
    return re.compile(r"\s*" + r"\s*".join(re.escape(w) for w in message.split()) + r"\s*")


def test_right_and_wrong_feedback_look_different(tutor_page):
    """The tie explorer's quiz, answered right then wrong: each tone's own colours (those of
    TONE_STYLES) and its own named icon."""
    page = tutor_page.open_lesson("tests/browser/fixtures/gallery_04_ties.ipynb")
    root, shadow = widget(page), TieExplorer("mineiro", seed=5)
    looks = {}
    for tone, word in (("right", "Right"), ("wrong", "Wrong")):
        root.get_by_role("button", name="Quiz me", exact=True).click()
        shadow.quiz()
        expect(root.locator(".tutor-feedback").first).to_have_text(
            words_of(shadow.message), use_inner_text=True)
        expected = shadow.expected_answer()
        choice = expected if tone == "right" else next(
            a for a in ("A", "B", "nobody") if a != expected)
        label = {"A": "Team A", "B": "Team B", "nobody": "Nobody"}[choice]
        root.get_by_role("button", name=label, exact=True).click()
        shadow.answer(choice)
        assert shadow.tone == tone
        msg = root.locator(f".tutor-feedback .tutor-msg-{tone}")
        expect(msg).to_be_visible()
        icon = msg.locator("svg.tutor-msg-icon:visible")  # the tone's own, the only one shown
        expect(icon).to_have_count(1)
        expect(icon).to_have_attribute("aria-label", word)
        expect(msg).to_have_text(words_of(shadow.message), use_inner_text=True)
        looks[tone] = tuple(computed(msg, p) for p in
                            ("background-color", "color", "border-inline-start-color"))
        assert looks[tone][0] not in ("rgba(0, 0, 0, 0)", "transparent"), looks[tone]
        snapshot(page, f"04_ties-{tone}")
    right, wrong = looks["right"], looks["wrong"]
    assert all(a != b for a, b in zip(right, wrong)), looks
    for tone, look in looks.items():  # the box's own stylesheet: the colours of TONE_STYLES
        ink, background, accent = TONE_STYLES[tone]
        assert look == (rgb(background), rgb(ink), rgb(accent)), (tone, look)


def rgb(colour: str) -> str:
    r, g, b = (int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgb({r}, {g}, {b})"


def test_the_feedback_box_shows_its_message_as_text(tutor_page):
    """Markup in a message is shown as the learner would type it, never run or drawn; an
    empty box is in the page (a live region) but takes no room."""
    page = tutor_page.open_lesson("tests/browser/fixtures/feedback.ipynb")
    empty = page.locator(".tutor-feedback .tutor-msg-none")
    expect(empty).to_have_attribute("role", "status")
    assert empty.bounding_box()["height"] == 0
    page.get_by_role("button", name="Say").click()
    msg = page.locator('.tutor-feedback .tutor-msg[data-n="1"][data-tone="wrong"]')
    expect(msg).to_have_text("<b>not bold</b> & <img src=x onerror=alert(1)>a <i>detail</i>")
    assert msg.locator("b, img, i").count() == 0
    expect(msg.locator("svg.tutor-msg-icon")).to_have_attribute("aria-label", "Wrong")
    page.get_by_role("button", name="Say").click()  # the same words again: a new message
    expect(page.locator('.tutor-feedback .tutor-msg[data-n="2"]')).to_have_count(1)
    expect(page.locator(".tutor-feedback svg.tutor-msg-icon")).to_have_count(1)  # not two
    # Another tone shows its own icon; coming back shows the first one again, the same element
    # (a message changes the box's text and attributes, not its tree).
    page.evaluate("document.querySelector('.tutor-feedback svg.tutor-msg-icon').tutorMark = 1")
    page.get_by_role("button", name="Right").click()
    shown = page.locator(".tutor-feedback svg.tutor-msg-icon:visible")
    expect(shown).to_have_attribute("aria-label", "Right")
    page.get_by_role("button", name="Say").click()
    expect(shown).to_have_attribute("aria-label", "Wrong")
    assert shown.evaluate("svg => svg.tutorMark") == 1
    page.get_by_role("button", name="Clear").click()
    expect(page.locator(".tutor-feedback .tutor-msg")).to_have_count(0)
    expect(page.locator(".tutor-feedback svg.tutor-msg-icon:visible")).to_have_count(0)
    assert empty.bounding_box()["height"] == 0


def test_buttons_stay_as_wide_as_their_label(tutor_page):
    for lesson, name, index in (("01_ranking", "Show the strongest card", 0),
                                ("04_ties", "Quiz me", 0)):
        page = tutor_page.open_lesson(f"tests/browser/fixtures/gallery_{lesson}.ipynb")
        root = widget(page, index)
        box = root.bounding_box()
        button = root.get_by_role("button", name=name, exact=True).bounding_box()
        assert button["width"] < min(0.4 * box["width"], 260), (lesson, name, button, box)
        assert abs(button["x"] - box["x"]) < 40, (lesson, name, button, box)  # at the start
        if lesson == "04_ties":
            snapshot(page, lesson)


def test_compare_label_is_shown_whole(tutor_page):
    page = tutor_page.open_lesson("tests/browser/fixtures/gallery_10_compare.ipynb")
    label = widget(page).locator(".widget-dropdown label").nth(1)
    expect(label).to_have_text("Compare with")
    sizes = label.evaluate("el => [el.scrollWidth, el.clientWidth]")
    assert sizes[0] <= sizes[1], f"label cut off: needs {sizes[0]}px, has {sizes[1]}px"
    snapshot(page, "10_compare")


def test_tie_explorer_lists_the_tricks_once(tutor_page):
    page = tutor_page.open_lesson("tests/browser/fixtures/gallery_04_ties.ipynb")
    root, shadow = widget(page), TieExplorer("mineiro", seed=5)
    for trick, result, label in ((0, "tie", "tie"), (1, "B", "team B")):
        root.locator(".widget-toggle-buttons").nth(trick).get_by_role(
            "button", name=label, exact=True).click()
        shadow.set_trick(trick, result)
        expect(root.locator(".tutor-feedback")).to_contain_text(shadow.message.split(".")[0])
    assert shadow.message.startswith("Tricks: tied, team B.")
    # The table under the feedback is drawn after it: its head no longer lists the tricks.
    expect(root.locator("p", has_text="the dealer is on")).to_have_text(re.compile("^Team A is"))
    assert root.inner_text().count("Tricks:") == 1, root.inner_text()
    snapshot(page, "04_ties")


def test_uruguayo_ranking_names_piezas_matas_and_the_muestra(tutor_page):
    page = tutor_page.open_lesson("tests/browser/fixtures/gallery_01_ranking.ipynb?variant=uruguayo")
    root, shadow = widget(page), RankingExplorer("uruguayo")
    ribbons = root.locator(".tutor-card svg text")
    # Turn up the 3 of oros as the muestra (the second picker), as a learner would.
    shadow.set_vira("3o")
    root.locator("select").nth(1).select_option(label=shadow.vira.name())
    expect(root.locator(".tutor-feedback")).to_contain_text(shadow.message.split(":")[0])
    ranking = shadow.variant.ranking(shadow.vira)
    kinds = [ranking.kind[c.id] for c in ranking.specials()]
    assert (kinds.count("pieza"), kinds.count("mata")) == (5, 4)
    expect(ribbons.filter(has_text=re.compile(r"^PIEZA$"))).to_have_count(5)
    expect(ribbons.filter(has_text=re.compile(r"^MATA$"))).to_have_count(4)
    expect(ribbons.filter(has_text=re.compile(r"^MUESTRA$"))).to_have_count(1)
    expect(ribbons.filter(has_text=re.compile(r"^(MANILHA|VIRA)$"))).to_have_count(0)
    snapshot(page, "01_ranking-uruguayo")
