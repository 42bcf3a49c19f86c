"""A live page's timer waits until its page has every widget's state (widgets.ui.joined): a
widget made while a Voilà page joins could reach the page broken ('widget model not found')."""
from __future__ import annotations

import asyncio

import ipywidgets as W
import pytest
from ipywidgets import comm as widget_comm
from ipywidgets.widgets import widget as widget_module
from ipywidgets.widgets.widget import __control_protocol_version__

from widgets.classroom import live_banner
from widgets.ui import joined


class FakeComm:
    """The kernel's end of a front-end's control comm."""

    def __init__(self):
        self.callback = None
        self.sent = []

    def on_msg(self, callback):
        self.callback = callback

    def send(self, data=None, metadata=None, buffers=None):
        self.sent.append(data)


@pytest.fixture
def fresh(monkeypatch):
    """No page joined yet, in a Voilà page's kernel; ipywidgets' control comm put back after.
    The kernel's widgets are this test's own (not those other tests left open)."""
    monkeypatch.setattr(widget_module, "_instances", {})
    monkeypatch.setattr(joined, "_sent", False)
    monkeypatch.setenv(joined.VOILA_PAGE_ENV, "http://127.0.0.1/voila/render/live.ipynb")
    monkeypatch.setattr(W.Widget, "_control_comm", None)
    return joined


def open_control(manager_target):
    comm = FakeComm()
    manager_target(comm, {"metadata": {"version": __control_protocol_version__},
                          "content": {"data": {}}})
    return comm


def request_states(comm):
    comm.callback({"content": {"data": {"method": "request_states"}}})


def test_the_hook_is_the_control_comms_handler_and_answers_as_ipywidgets_does(fresh):
    target = widget_comm.get_comm_manager().targets[joined.CONTROL_TARGET]
    assert target is joined._control_opened
    box = W.HTML("a widget the page has not seen")
    comm = open_control(target)
    assert fresh.held() and not fresh.page_has_widgets()  # opened, not yet answered
    request_states(comm)
    assert comm.sent[-1]["method"] == "update_states"
    assert box.model_id in comm.sent[-1]["states"]
    assert fresh.page_has_widgets() and not fresh.held()
    box.close()


def test_only_a_voila_pages_kernel_waits(fresh, monkeypatch):
    assert fresh.held()
    monkeypatch.delenv(joined.VOILA_PAGE_ENV)
    assert not fresh.held()  # JupyterLab, nbval: nothing to wait for


def test_an_unknown_control_message_is_refused_and_the_page_is_not_taken_as_joined(fresh):
    comm = open_control(joined._control_opened)
    with pytest.raises(RuntimeError, match="Unknown"):
        comm.callback({"content": {"data": {"method": "something_else"}}})
    assert fresh.held()


def test_a_live_pulse_beats_only_once_the_page_has_its_widgets(fresh, monkeypatch):
    beats, ticks = [], []
    real_sleep = asyncio.sleep

    async def quick_sleep(seconds):
        beats.append(seconds)
        await real_sleep(0)

    monkeypatch.setattr(live_banner.asyncio, "sleep", quick_sleep)

    async def run():
        pulse = live_banner.LivePulse(lambda: ticks.append(len(beats)), ms=400, running=True)
        while len(beats) < 5:
            await real_sleep(0)
        held_ticks = list(ticks)
        request_states(open_control(joined._control_opened))
        while not ticks or len(beats) < 8:
            await real_sleep(0)
        pulse.running = False
        return held_ticks

    assert asyncio.run(asyncio.wait_for(run(), 5)) == []  # five beats while held: no tick
    assert ticks and ticks[0] >= 5
