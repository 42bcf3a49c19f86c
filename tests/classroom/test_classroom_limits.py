"""Joining a class cannot be flooded and class codes cannot be tried fast: one learner per
page, tries counted per page, per device and for the whole server before a code is looked
up, on a fake clock (both backends)."""
from __future__ import annotations

from widgets.classroom import join as join_module
from widgets.classroom.join import JoinPanel
from widgets.classroom.limits import JOIN, Limit

from classroom_helpers import INDEX, make_read_only, open_page


def start_page(monkeypatch, device: str | None = "a-tablet-in-room-4") -> JoinPanel:
    open_page(monkeypatch, INDEX)
    panel = JoinPanel()
    if device is not None:
        panel.browser.client = device  # what the page's script sends
    return panel


def learners(store, code) -> int:
    return len(store.class_learners(code))


def test_a_flood_of_join_clicks_makes_one_learner(classroom_env, monkeypatch, clock):
    code = classroom_env.create_class()
    panel = start_page(monkeypatch)
    hrefs = set()
    for i in range(200):  # forged clicks, each with another name
        assert panel.join(f"Ana {i}", code) and panel.tone == "right"
        hrefs.add(panel.navigator.href)
    assert learners(classroom_env, code) == 1 and len(hrefs) == 1
    assert "Ana 0" in panel.message
    assert classroom_env.count_attempts("join", 0) == 1


def test_class_codes_cannot_be_tried_fast_on_one_page(classroom_env, monkeypatch, clock):
    code = classroom_env.create_class()
    panel = start_page(monkeypatch)
    wrong = [f"ZZZZZ{i:05d}".replace("0", "A").replace("1", "B") for i in range(200)]
    refused = 0
    for guess in wrong:
        assert not panel.join("Ana", guess)
        refused += "Too many tries on this page" in panel.message
    assert refused == 200 - JOIN.page  # only the first few were looked up
    assert classroom_env.count_attempts("join", 0) == JOIN.page
    assert not panel.join("Ana", code) and "wait 1 min" in panel.message  # even the right one
    clock.advance(JOIN.page_window)
    assert panel.join("Ana", code) and learners(classroom_env, code) == 1


def test_reloading_does_not_help_a_guessing_device(classroom_env, monkeypatch, clock):
    code = classroom_env.create_class()
    for _page in range(JOIN.client // JOIN.page):
        panel = start_page(monkeypatch)
        for _try in range(JOIN.page):
            assert not panel.join("Ana", "WRONGCODE2") and "There is no class" in panel.message
    panel = start_page(monkeypatch)  # another reload from the same device
    assert not panel.join("Ana", code) and "from this device" in panel.message
    other = start_page(monkeypatch, device="another-tablet-04")
    assert other.join("Bia", code)  # the rest of the class joins
    clock.advance(JOIN.window)
    assert start_page(monkeypatch).join("Ana", code)
    assert learners(classroom_env, code) == 2


def test_the_whole_server_takes_a_bounded_number_of_tries(classroom_env, monkeypatch, clock):
    small = Limit("join", page=5, page_window=60, client=10, everyone=12, window=600)
    monkeypatch.setattr(join_module, "JOIN", small)
    code = classroom_env.create_class()
    for i in range(small.everyone):  # twelve devices, each well under its own bound
        assert start_page(monkeypatch, device=f"tablet-number-{i:04d}").join(f"L{i}", code)
    late = start_page(monkeypatch, device="the-late-tablet-0")
    assert not late.join("Late", code) and "on this server just now" in late.message
    assert not start_page(monkeypatch, device=None).join("Late", code)
    clock.advance(small.window)
    assert late.join("Late", code) and learners(classroom_env, code) == small.everyone + 1


def test_a_join_that_cannot_be_counted_is_not_tried(classroom_env, monkeypatch, clock):
    code = classroom_env.create_class()
    make_read_only(classroom_env)
    panel = start_page(monkeypatch)
    for typed in (code, "WRONGCODE2"):  # no oracle: a right and a wrong code read the same
        assert not panel.join("Ana", typed)
        assert panel.tone == "error" and "not reachable" in panel.message
