"""Shared helpers for the widget tests: clicks as the browser sends them."""
from __future__ import annotations

import json


def click_card(row, code):
    """A card click as the frontend sends it: a custom message through ipywidgets."""
    row._handle_custom_msg({"type": "pick", "code": code}, [])


def click_button(button):
    """A button click as the frontend sends it (works on a disabled or hidden button too)."""
    button._handle_custom_msg({"event": "click"}, [])


def walk(widget):
    """Every widget under ``widget`` (itself included)."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def browser_state(widget) -> str:
    """Everything the browser receives from the widget tree, as one JSON text."""
    return json.dumps([w.get_state() for w in walk(widget)], default=str)


def assert_built(tutor):
    """The classes every widget promises to browser tests and the benchmark."""
    root = tutor.widget
    assert "tutor-ready" in root._dom_classes
    assert "tutor-feedback" in tutor.feedback._dom_classes
    assert "tutor-bench-feedback" in tutor.feedback._dom_classes
    assert any("tutor-bench-click" in w._dom_classes for w in walk(root))
    assert tutor.feedback in list(walk(root))
    bundle = tutor._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == root.model_id


def fingerprint(game):
    """The game's whole public state (``Game.copy`` cannot be used once a trick is logged)."""
    return (tuple(game.hand_notations), game.score, len(game.log), game.current_player,
            game.hand_value, game.pending_raise, game.phase, game.is_over,
            tuple(tuple(game.hand(s)) for s in range(game.n)))
