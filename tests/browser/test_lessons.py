"""Every lesson in a real browser: open it, do its core interaction, read the feedback.

The lessons deal with fixed seeds, so each test builds the same widget here ("a shadow"),
does the same thing to it, and expects the page to show exactly the shadow's feedback. The
page's and the shadow's texts both come from the engine: the test checks that the browser,
the kernel and the widget are wired together, not the rules themselves.

Checked on every page: no code, error output, traceback or plain Python repr is visible,
the footer links point to the next lesson and to the start, and (by the ``tutor_page``
fixture, at teardown) no console error happened and no request left 127.0.0.1. One
screenshot per lesson goes to ``test-artifacts/lesson-<name>.png``.
"""
from __future__ import annotations

import json
import re
import uuid
from datetime import datetime, timezone
from pathlib import Path

import pytest
from shots import full_page
import websocket
from playwright.sync_api import expect

from widgets import PlayTable, RankingExplorer, TieExplorer, VariantCompare
from widgets.pages.lesson import LESSONS, Scoreboard

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
DEFAULT = "mineiro"  # the lessons' variant when the page is opened without ?variant=


# --- helpers -------------------------------------------------------------------------------------
def lesson_path(name: str) -> str:
    """The start page is the lesson itself; every other lesson's widgets are tested on its
    gallery (``tests/browser/fixtures/gallery_<name>.ipynb``: the widgets the lesson showed
    before lessons became steps, still public and still used)."""
    if name == "index":
        return "lessons/index.ipynb"
    return f"tests/browser/fixtures/gallery_{name}.ipynb"


def words(text: str) -> str:
    return " ".join(text.split())


def widget(page, index: int = 0):
    """The ``index``-th tutor widget of the page, in cell order."""
    return page.locator(".tutor-widget").nth(index)


def feedback(root):
    return root.locator(".tutor-feedback").first


def expect_feedback(root, shadow_message: str, timeout: float = 10_000) -> None:
    """The feedback box shows exactly the shadow's message (whitespace aside)."""
    expect(feedback(root)).to_have_text(re.compile(r"\s*" + r"\s*".join(
        re.escape(w) for w in shadow_message.split()) + r"\s*"), use_inner_text=True,
        timeout=timeout)


def click_card(root, row, code: str) -> None:
    """Click the card ``code`` of the shadow's CardRow ``row`` in the page's row: the card at
    the same place, which must have the same accessible name."""
    index = next(i for i, item in enumerate(row.items) if item["code"] == code)
    card = root.locator(".tutor-card").nth(index)
    expect(card).to_have_attribute("aria-label", row.items[index]["label"])
    card.click()


def wait_row_drawn(root, row) -> None:
    """Wait until the page's first card row shows exactly the shadow's ``row``: each card's
    picture, name and state (the row's own key per card, see widgets/cards/cardrow.py). A
    redraw may reach the page after the feedback that came with it."""
    keys = ["\u0000".join([str(i["code"]), str(i["svg"]), str(i["label"]),
                           "true" if i["enabled"] and not row.locked else "false"])
            for i in row.items]
    row_el = root.locator(".tutor-cardrow").first.element_handle()
    root.page.wait_for_function(
        "([row, keys]) => row.children.length === keys.length && "
        "Array.from(row.children).every((c, i) => c.tutorKey === keys[i])", arg=[row_el, keys])


def click_button(root, text: str) -> None:
    root.get_by_role("button", name=text, exact=True).click()


def check_page(page, name: str) -> None:
    """Nothing a learner should not see, and the links of the lesson's footer."""
    assert page.locator(".jp-InputArea-editor").count() == 0, "code is visible"
    bad = page.locator(".jp-OutputArea-output[data-mime-type*='error'], "
                       ".jp-OutputArea-output[data-mime-type*='stderr'], "
                       ".jp-OutputArea-output[data-mime-type='text/plain']")
    assert bad.count() == 0, bad.all_inner_texts()
    text = page.locator("body").inner_text()
    assert "Traceback" not in text, text[-2000:]
    assert not re.search(r"\b[A-Z]\w*(Error|Exception)\b", text), text[-2000:]
    if name == "index":
        return
    names = [n for n, _t, _b in LESSONS]
    nav = page.locator(".tutor-footer")
    folder = r"/voila/render/[\w/]+/"  # lessons/, or the galleries' fixtures folder
    expect(nav.locator("a.tutor-home")).to_have_attribute(
        "href", re.compile(rf"^{folder}index\.ipynb(\?variant=[a-z-]+)?$"))
    i = names.index(name)
    if i + 1 < len(names):
        expect(nav.locator("a.tutor-next")).to_have_attribute(
            "href", re.compile(rf"^{folder}{names[i + 1]}\.ipynb"))
    else:
        assert nav.locator("a.tutor-next").count() == 0


def screenshot(page, name: str) -> Path:
    return full_page(page, f"lesson-{name}.png")


@pytest.fixture
def lesson(tutor_page):
    """``lesson(name) -> page``: open a lesson, wait for .tutor-ready; at the end of the test
    the page is checked and a screenshot taken (call ``done()`` for the final state)."""
    opened = []

    def open_(name: str, query: str = ""):
        page = tutor_page.open_lesson(lesson_path(name) + query)
        opened.append(name)
        return page

    yield open_
    if opened:
        page = tutor_page.page
        check_page(page, opened[-1])
        screenshot(page, opened[-1])


# --- the start page ------------------------------------------------------------------------------
def test_start_page_picks_a_variant_for_the_session(tutor_page, lesson):
    # Leaving each page shuts its kernel down with no console error (no 403 is allowed):
    # see test_shutdown.py.
    page = lesson("index")
    path = page.locator(".tutor-path a.tutor-link")
    expect(path).to_have_count(len(LESSONS) - 1)
    expect(path.first).to_have_attribute("href", "/voila/render/lessons/01_ranking.ipynb")
    expect(feedback(widget(page))).to_contain_text("Pick the variant you want to learn")

    page.locator(".tutor-widget select").select_option(
        label="Truco Paulista — São Paulo and most of Brazil")
    expect(feedback(widget(page))).to_have_text(re.compile(
        r"Truco Paulista it is: played in São Paulo and most of Brazil\."))
    expect(path.first).to_have_attribute(
        "href", "/voila/render/lessons/01_ranking.ipynb?variant=paulista")
    expect(path.last).to_have_attribute(
        "href", "/voila/render/lessons/glossary.ipynb?variant=paulista")
    check_page(page, "index")
    screenshot(page, "index")

    # Lesson 1 opens in the chosen variant, and its links carry the choice on.
    path.first.click()
    page.wait_for_url(re.compile(r"/01_ranking\.ipynb\?variant=paulista$"))
    page.wait_for_selector(".tutor-ready", state="visible", timeout=60_000)
    expect(page.locator(".tutor-step .tutor-step-count")).to_have_text(re.compile(r"^Step 1 of "))
    nav = page.locator(".tutor-footer")
    expect(nav).to_contain_text("You are learning Truco Paulista.")
    expect(nav.locator("a.tutor-next")).to_have_attribute(
        "href", "/voila/render/lessons/02_manilhas.ipynb?variant=paulista")

    # Back to the start: the picker still shows the choice.
    nav.locator("a.tutor-home").click()
    page.wait_for_url(re.compile(r"/index\.ipynb\?variant=paulista$"))
    page.wait_for_selector(".tutor-ready", state="visible", timeout=60_000)
    expect(page.locator(".tutor-widget select option:checked")).to_have_text(
        re.compile(r"^Truco\sPaulista"))

    # Opened again without ?variant= in the same tab: the browser remembers it.
    page.goto(f"{tutor_page.base_url}voila/render/lessons/index.ipynb")
    page.wait_for_selector(".tutor-ready", state="visible", timeout=60_000)
    expect(page.locator(".tutor-widget select option:checked")).to_have_text(
        re.compile(r"^Truco\sPaulista"))
    expect(feedback(widget(page))).to_contain_text("Truco Paulista it is")
    expect(path.first).to_have_attribute(
        "href", "/voila/render/lessons/01_ranking.ipynb?variant=paulista")

    # A lesson opened without it keeps its default, and offers the remembered variant.
    page.goto(f"{tutor_page.base_url}voila/render/lessons/01_ranking.ipynb")
    page.wait_for_selector(".tutor-ready", state="visible", timeout=60_000)
    switch = page.locator(".tutor-footer a.tutor-switch")
    expect(switch).to_have_text("You picked Truco Paulista: show this lesson with it")
    expect(switch).to_have_attribute(
        "href", "/voila/render/lessons/01_ranking.ipynb?variant=paulista")


# --- one test per lesson ---------------------------------------------------------------------------
def test_01_ranking_3_beats_king(lesson):
    page = lesson("01_ranking")
    root, shadow = widget(page), RankingExplorer(DEFAULT)
    expect_feedback(root, shadow.message)
    for code in ("3c", "Kh"):
        click_card(root, shadow.row, code)
        shadow.select(code)
        expect_feedback(root, shadow.message)
    expect(feedback(root)).to_contain_text("King of hearts: level 8 of 14 (common card)")
    # A new selection redraws the pictures of the two cards whose highlight changed; every
    # card keeps its element and every other picture stays as it was (no flicker, little
    # work for the browser).
    cards = root.locator(".tutor-card")
    wait_row_drawn(root, shadow.row)  # every picture of the last selection is in (a loaded pair
    # once caught the 3's redraw after this point, and counted it as the next click's)
    cards.evaluate_all("els => { window.__before = els.map(e => [e, e.firstElementChild]); }")
    click_card(root, shadow.row, "2c")
    shadow.select("2c")
    expect_feedback(root, shadow.message)
    # (The card row's redraw may reach the page after the feedback's: wait for it.)
    page.wait_for_function(
        "() => window.__before.filter(([e, pic]) => e.firstElementChild !== pic).length >= 2")
    assert cards.evaluate_all("els => els.every((e, i) => e === window.__before[i][0])")
    changed = {shadow.row.items[i]["code"] for i in cards.evaluate_all(
        "els => els.map((e, i) => e.firstElementChild === window.__before[i][1] ? -1 : i)"
        ".filter(i => i >= 0)")}
    assert changed == {"Kh", "2c"}, changed


def set_trick(root, trick: int, result: str) -> None:
    label = {"A": "team A", "B": "team B", "tie": "tie", None: "-"}[result]
    root.locator(".widget-toggle-buttons").nth(trick).get_by_role(
        "button", name=label, exact=True).click()


ANSWER_BUTTONS = {"A": "Team A", "B": "Team B", "nobody": "Nobody"}


def test_04_ties_explore_and_quiz(lesson):
    # A variant name that is not one is ignored: the lesson uses its default, links drop it.
    page = lesson("04_ties", "?variant=%3Cb%3Ebogus")
    root, shadow = widget(page), TieExplorer(DEFAULT, seed=5)
    expect_feedback(root, shadow.message)
    expect(page.locator(".tutor-footer a.tutor-home")).to_have_attribute(
        "href", re.compile(r"^/voila/render/[\w/]+/index\.ipynb$"))  # no bogus variant
    for trick, result in ((0, "tie"), (1, "B")):
        set_trick(root, trick, result)
        shadow.set_trick(trick, result)
        expect_feedback(root, shadow.message)
    assert shadow.winner == 1
    for right in (True, False):
        click_button(root, "Quiz me")
        shadow.quiz()
        expect_feedback(root, shadow.message)
        expected = shadow.expected_answer()
        choice = expected if right else next(a for a in ("A", "B", "nobody") if a != expected)
        click_button(root, ANSWER_BUTTONS[choice])
        assert shadow.answer(choice) is right
        expect_feedback(root, shadow.message)
    expect(root).to_contain_text("Quiz score: 1 of 2")


def test_08_truc_spoiled_tricks(lesson):
    """Truc's spoiled tricks in the tie explorer: a spoiled (tied) trick goes to whoever won
    the first trick."""
    page = lesson("08_truc")
    root, shadow = widget(page), TieExplorer("truc", seed=8)
    for trick, result in ((0, "A"), (1, "B"), (2, "tie")):
        set_trick(root, trick, result)
        shadow.set_trick(trick, result)
        expect_feedback(root, shadow.message)
    assert shadow.winner == 0


def expect_hand_in_view(root, shadow) -> None:
    """The learner's cards are on screen at the table: one card element each, named as the
    shadow names them (face-down cards, in a blind hand, as face-down cards)."""
    cards = root.locator(".tutor-table .tutor-card")
    expect(cards).to_have_count(len(shadow.row.items))
    assert shadow.row.items
    for i, item in enumerate(shadow.row.items):
        expect(cards.nth(i)).to_be_visible()
        expect(cards.nth(i)).to_have_attribute("aria-label", item["label"])


def test_09_play_a_card(lesson):
    page = lesson("09_play")
    root, shadow = widget(page), PlayTable(DEFAULT, seed=9)
    expect_feedback(root, shadow.message)
    expect_hand_in_view(root, shadow)
    code = sorted(shadow.row.offered)[0]
    click_card(root, shadow.row, code)
    assert shadow.play(code)
    expect_feedback(root, shadow.message)


def test_10_compare_variants(lesson):
    page = lesson("10_compare")
    root, shadow = widget(page), VariantCompare(DEFAULT, seed=10)
    expect_feedback(root, shadow.message)
    code = shadow.hands[0][0].code
    click_card(root, shadow.row, code)
    shadow.select(code)
    expect_feedback(root, shadow.message)
    click_button(root, "New deal")
    shadow.deal()
    expect_feedback(root, shadow.message)


def test_11_final_quiz_keeps_a_total(lesson):
    """Two quizzes and the line adding them up (the Scoreboard), right then wrong."""
    page = lesson("11_final_quiz")
    roots = [widget(page, 0), widget(page, 1)]
    quizzes = [TieExplorer(DEFAULT, seed=11), TieExplorer(DEFAULT, seed=12)]
    for quiz in quizzes:
        quiz.quiz()
    board = Scoreboard(*quizzes)
    total = page.locator(".tutor-total")
    expect(total).to_have_text(words(re.sub("<[^>]+>", " ", board.widget.value)))
    for root, quiz, right in zip(roots, quizzes, (True, False)):
        expect_feedback(root, quiz.message)
        expected = quiz.expected_answer()
        choice = expected if right else next(a for a in ("A", "B", "nobody") if a != expected)
        click_button(root, ANSWER_BUTTONS[choice])
        assert quiz.answer(choice) is right
        expect_feedback(root, quiz.message)
    assert (board.score, board.asked) == (1, 2)
    expect(total).to_have_text("Your total: 1 right out of 2 (50%).")


# --- a forged widget message ---------------------------------------------------------------------
class KernelClient:
    """A raw client of the page's kernel websocket (the legacy JSON protocol)."""

    def __init__(self, base_url: str, kernel_id: str):
        self.session = uuid.uuid4().hex
        url = base_url.replace("http://", "ws://", 1)
        self.ws = websocket.create_connection(
            f"{url}api/kernels/{kernel_id}/channels?session_id={self.session}", timeout=20)

    def send(self, msg_type: str, content: dict) -> str:
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": msg_type, "username": "forger",
                       "session": self.session, "version": "5.3",
                       "date": datetime.now(timezone.utc).isoformat()},
            "parent_header": {}, "metadata": {}, "content": content, "channel": "shell",
            "buffers": []}))
        return msg_id

    def replies(self, msg_id: str, reply_type: str | None = None):
        """Messages answering ``msg_id``, until the kernel is idle again after it and, if
        ``reply_type`` is given, that shell reply has come too (the idle status, on another
        channel, may overtake it on a busy machine)."""
        idle, replied = False, reply_type is None
        while not (idle and replied):
            msg = json.loads(self.ws.recv())
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            yield msg
            kind = msg["header"]["msg_type"]
            if kind == "status" and msg["content"]["execution_state"] == "idle":
                idle = True
            if kind == reply_type:
                replied = True

    def widget_states(self) -> dict:
        """comm id -> state of every widget model of the kernel."""
        msg_id = self.send("comm_info_request", {"target_name": "jupyter.widget"})
        reply = next(m for m in self.replies(msg_id, "comm_info_reply")
                     if m["header"]["msg_type"] == "comm_info_reply")
        states = {}
        for comm_id in reply["content"]["comms"]:
            ask = self.send("comm_msg", {"comm_id": comm_id,
                                         "data": {"method": "request_state"}})
            for msg in self.replies(ask):
                data = msg["content"].get("data", {})
                if msg["header"]["msg_type"] == "comm_msg" and data.get("method") == "update":
                    states[comm_id] = data["state"]
        return states

    def close(self) -> None:
        self.ws.close()


def game_view(root) -> list[str]:
    """Everything a PlayTable shows but its feedback: score, table, cards, log."""
    return (root.locator(".widget-html:not(.tutor-feedback)").all_inner_texts()
            + [c.get_attribute("aria-label") for c in root.locator(".tutor-card").all()])


def test_forged_pick_of_a_card_not_offered_changes_nothing(lesson, voila_server):
    page = lesson("09_play")
    root, shadow = widget(page), PlayTable(DEFAULT, seed=9)
    expect_feedback(root, shadow.message)
    before = game_view(root)
    hand = set(shadow.row.offered)
    # A card the learner does not hold: one of the computer's, the worst thing to forge.
    theirs = [c.code for c in shadow.game.hand(1)]
    assert theirs and not set(theirs) & hand

    kernel_id = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    client = KernelClient(str(voila_server), kernel_id)
    try:
        rows = [cid for cid, state in client.widget_states().items()
                if "items" in state and {i["code"] for i in state["items"]} == hand]
        assert len(rows) == 1, rows

        def forge(code):
            client.send("comm_msg", {"comm_id": rows[0], "data": {
                "method": "custom", "content": {"type": "pick", "code": code}}})

        forge(theirs[0])
        expect(feedback(root)).to_have_text("That card is not one of the cards on offer.")
        assert game_view(root) == before
        forge("7" * 500)
        expect(feedback(root)).to_have_text(
            "That click could not be understood. Please try again.")
        assert game_view(root) == before
    finally:
        client.close()

    # The game goes on normally, exactly as if nothing had been sent.
    code = sorted(hand)[0]
    click_card(root, shadow.row, code)
    assert shadow.play(code)
    expect_feedback(root, shadow.message)

