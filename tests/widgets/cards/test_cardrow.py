"""CardRow: Python decides what can be picked; clicks arrive as custom messages."""
import shutil
import subprocess

import pytest

from truco.cards import card_from_code
from widgets.cards.cardrow import MAX_CODE_LENGTH, CardRow
from widgets.cards.svg import card_svg

NOT_OFFERED = "That card is not one of the cards on offer."


def item(code, enabled=True, family="french"):
    card = card_from_code(family, code)
    return {"code": code, "svg": card_svg(card), "label": card.name(), "enabled": enabled}


class Recorder:
    def __init__(self):
        self.picked, self.rejected = [], []


@pytest.fixture
def rec():
    return Recorder()


@pytest.fixture
def row(rec):
    r = CardRow([item("4c"), item("7h"), item("Ah", enabled=False)], on_pick=rec.picked.append,
                on_reject=rec.rejected.append)
    yield r
    r.close()


def click(row, content):
    """What the frontend does: a custom message through ipywidgets' real dispatch."""
    row._handle_custom_msg(content, [])


def test_offered_is_the_enabled_codes(row):
    assert row.offered == frozenset({"4c", "7h"})
    assert [i["code"] for i in row.items] == ["4c", "7h", "Ah"]
    assert [i["enabled"] for i in row.items] == [True, True, False]


def test_pick_of_offered_code_calls_on_pick_once(row, rec):
    assert row.pick("4c") is True
    assert rec.picked == ["4c"] and rec.rejected == []
    assert row.last_rejected is None


def test_click_message_of_offered_code_calls_on_pick_once(row, rec):
    click(row, {"type": "pick", "code": "7h"})
    assert rec.picked == ["7h"] and rec.rejected == []


def test_pick_of_code_not_offered_is_rejected(row, rec):
    for code in ("Ah", "Kd", ""):  # disabled, absent, empty
        assert row.pick(code) is False
    assert rec.picked == []
    assert row.last_rejected == NOT_OFFERED
    assert rec.rejected == [NOT_OFFERED] * 3


def test_click_on_disabled_card_is_rejected(row, rec):
    click(row, {"type": "pick", "code": "Ah"})
    assert rec.picked == [] and row.last_rejected == NOT_OFFERED


def test_locked_row_rejects_then_unlock_accepts(row, rec):
    row.lock()
    assert row.locked is True and row.is_locked
    assert row.pick("4c") is False
    click(row, {"type": "pick", "code": "4c"})
    assert rec.picked == []
    assert len(rec.rejected) == 2 and row.last_rejected
    assert row.last_rejected != NOT_OFFERED
    row.unlock()
    assert row.locked is False
    assert row.pick("4c") is True and rec.picked == ["4c"]
    assert row.last_rejected is None


def test_frontend_cannot_unlock_or_enable(row, rec):
    """Synced traits are cosmetic: a browser rewriting them changes nothing in Python."""
    row.lock()
    row.set_state({"locked": False, "items": [dict(i, enabled=True) for i in row.items]})
    assert row.pick("4c") is False
    row.unlock()
    assert row.pick("Ah") is False
    assert rec.picked == []


@pytest.mark.parametrize("code", [None, 4, 4.0, ["4c"], {"code": "4c"}, b"4c", object()])
def test_pick_of_non_string_is_rejected(row, rec, code):
    assert row.pick(code) is False
    assert rec.picked == [] and row.last_rejected and rec.rejected == [row.last_rejected]


MALFORMED = [
    None, "4c", 42, ["pick", "4c"], b"pick",
    {}, {"type": "pick"}, {"code": "4c"}, {"type": "play", "code": "4c"},
    {"type": "pick", "code": None}, {"type": "pick", "code": 4},
    {"type": "pick", "code": ["4c"]}, {"type": "pick", "code": {"code": "4c"}},
    {"type": "pick", "code": "4c" * 10_000}, {"type": "pick", "code": "x" * (MAX_CODE_LENGTH + 1)},
    {"type": ["pick"], "code": "4c"},
]


@pytest.mark.parametrize("content", MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_message_is_rejected_never_raises(row, rec, content):
    row._on_custom_msg(row, content, [])  # the registered callback itself: must not raise
    click(row, content)  # and through ipywidgets' dispatch
    assert rec.picked == []
    assert row.last_rejected
    assert len(rec.rejected) == 2
    assert "4c" * 10 not in row.last_rejected  # the message never echoes the input


def test_rejection_without_callback_only_sets_last_rejected():
    row = CardRow([item("4c")])
    click(row, {"type": "pick", "code": "9s"})
    click(row, {"type": "pick", "code": "4c"})  # no on_pick: accepted silently
    assert row.last_rejected is None
    click(row, "garbage")
    assert row.last_rejected
    row.close()


def test_show_replaces_the_offer(row, rec):
    row.show([item("1e", family="spanish"), item("7o", enabled=False, family="spanish")])
    assert row.offered == frozenset({"1e"})
    assert row.pick("4c") is False
    assert row.pick("1e") is True
    assert rec.picked == ["1e"]
    row.show([])
    assert row.offered == frozenset() and row.items == []


def test_on_pick_may_reshow_the_row(rec):
    row = CardRow([item("4c"), item("7h")], on_reject=rec.rejected.append)
    row.on_pick = lambda code: (rec.picked.append(code), row.show([item("7h")]))
    click(row, {"type": "pick", "code": "4c"})
    click(row, {"type": "pick", "code": "4c"})  # a double click: 4c has gone
    assert rec.picked == ["4c"] and rec.rejected == [NOT_OFFERED]
    row.close()


def test_lock_on_pick_stops_double_taps(rec):
    row = CardRow([item("4c"), item("7h")], on_pick=rec.picked.append, lock_on_pick=True)
    click(row, {"type": "pick", "code": "4c"})
    click(row, {"type": "pick", "code": "7h"})
    assert rec.picked == ["4c"] and row.locked
    row.unlock()
    click(row, {"type": "pick", "code": "7h"})
    assert rec.picked == ["4c", "7h"]
    row.close()


@pytest.mark.parametrize("bad", [
    [{"code": "4c", "svg": "", "label": "x", "enabled": True, "correct": True}],
    [{"code": 4, "svg": "", "label": "x", "enabled": True}],
    [{"code": "", "svg": "", "label": "x", "enabled": True}],
    [{"code": "4c"}, {"code": "4c"}],
    ["4c"],
])
def test_show_refuses_bad_items(row, bad):
    with pytest.raises((TypeError, ValueError)):
        row.show(bad)
    assert row.offered == frozenset({"4c", "7h"})  # unchanged


def test_synced_state_holds_display_data_only(row):
    row.lock()
    row.pick("Kd")
    state = row.get_state()
    assert "last_rejected" not in state and "offered" not in state
    assert "on_pick" not in state and "lock_on_pick" not in state
    assert {k for i in state["items"] for k in i} == {"code", "svg", "label", "enabled"}
    assert state["locked"] is True


def test_frontend_code_and_css():
    row = CardRow()
    esm, css = row._esm, row._css
    assert "export default" in esm and "model.send" in esm
    assert '"pick"' in esm and "code" in esm
    for needle in ('"role", "button"', "tabIndex = 0", '"aria-label"', '"aria-disabled"',
                   "tutor-cardrow", "tutor-card-disabled", '"Enter"', '" "'):
        assert needle in esm, needle
    assert "import " not in esm.split("export default")[0]  # no CDN, no imports
    assert "http" not in esm.replace("http://www.w3.org/2000/svg", "")
    assert "flex-wrap: wrap" in css and ":focus-visible" in css and "outline" in css
    assert "http" not in css
    row.close()


def test_esm_is_valid_javascript(tmp_path):
    assert shutil.which("node"), "node is needed to check the widget's JavaScript"
    path = tmp_path / "cardrow.mjs"
    path.write_text(CardRow._esm if isinstance(CardRow._esm, str) else str(CardRow._esm))
    result = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr


BROWSER_SCRIPT = r'''
import json, sys
from playwright.sync_api import sync_playwright

esm, css, items, chromium = json.loads(sys.stdin.read())
page_html = ("<!doctype html><html><head><style>" + css + "</style></head>"
             "<body><div id=host></div></body></html>")
setup = """async ([esm, items]) => {
  const url = URL.createObjectURL(new Blob([esm], {type: "text/javascript"}));
  const widget = (await import(url)).default;
  const state = {items, locked: false, label: "Your hand"};
  const handlers = {};
  window.sent = [];
  window.model = {
    get: (k) => state[k],
    set: (k, v) => { state[k] = v; (handlers["change:" + k] || []).forEach((f) => f()); },
    on: (e, f) => { (handlers[e] = handlers[e] || []).push(f); },
    off: (e, f) => { handlers[e] = (handlers[e] || []).filter((g) => g !== f); },
    send: (msg) => window.sent.push(msg),
  };
  window.cleanup = widget.render({model: window.model, el: document.getElementById("host")});
}"""
out = {}
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 360, "height": 640})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_content(page_html)
    page.evaluate(setup, [esm, items])
    cards = page.locator(".tutor-cardrow > .tutor-card")
    out["cards"] = [{k: cards.nth(i).get_attribute(k) for k in
                     ("role", "tabindex", "aria-label", "aria-disabled", "class")}
                    for i in range(cards.count())]
    cards.nth(0).click()
    cards.nth(2).click(force=True)  # a disabled card still reports the click
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press(" ")
    out["outline"] = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    out["sent"] = page.evaluate("window.sent")
    out["pwned"] = page.evaluate("window.pwned || null")
    out["tops"] = page.evaluate(
        "[...document.querySelectorAll('.tutor-card')].map(c => c.getBoundingClientRect().top)")
    page.evaluate("model.set('locked', true)")
    out["locked"] = page.evaluate(
        "[...document.querySelectorAll('.tutor-card')].map(c => c.getAttribute('aria-disabled'))")
    page.evaluate("cleanup()")
    out["errors"] = errors
    browser.close()
print(json.dumps(out))
'''


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def test_frontend_in_a_real_browser(tmp_path):
    """The ESM in headless chromium with a stand-in model: buttons, keys, wrapping, safety."""
    assert _chromium(), "make test installs Debian chromium: it is missing"
    import json
    import sys

    evil = ('<svg xmlns="http://www.w3.org/2000/svg" onload="window.pwned=1">'
            '<script>window.pwned=2</script><rect width="10" height="10"/></svg>')
    items = [item("4c"), item("7h"), item("Ah", enabled=False), item("Kd"), item("Qs"),
             item("Jc"), {"code": "x", "svg": evil, "label": "odd", "enabled": True}]
    script = tmp_path / "browser.py"
    script.write_text(BROWSER_SCRIPT)
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                            timeout=180,
                            input=json.dumps([CardRow._esm, CardRow._css, items, _chromium()]))
    assert result.returncode == 0, result.stderr[-3000:]
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert out["errors"] == []
    cards = out["cards"]
    assert [c["aria-label"] for c in cards] == [i["label"] for i in items]
    assert all(c["role"] == "button" and c["tabindex"] == "0" for c in cards)
    assert [c["aria-disabled"] for c in cards] == ["false", "false", "true"] + ["false"] * 4
    assert "tutor-card-disabled" in cards[2]["class"].split()
    # click, forced click on a disabled card, Tab to the next card + Enter, ArrowRight + Space
    assert out["sent"] == [{"type": "pick", "code": c} for c in ("4c", "Ah", "Kd", "Qs")]
    assert out["outline"] == "solid"  # a visible focus ring
    assert len(set(out["tops"])) > 1  # seven cards wrap onto two lines on a 360px phone
    assert out["locked"] == ["true"] * len(items)
    assert out["pwned"] is None
