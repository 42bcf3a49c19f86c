"""The *For teachers* page's pictures: screenshots the test suite makes of a live lesson
(``docs/img/live-*.png``), shown inline (``data:`` images: no request, no network), each with
a text alternative in the reader's language; a picture that is missing is left out, with its
words kept."""
from __future__ import annotations

import base64
from html import escape
from pathlib import Path

import ipywidgets as W

from ..language.i18n import N_, _
from ..language.session import apply_session_language
from ..ui.common import READY, rtl

__all__ = ["SHOTS", "screenshots", "IMAGES"]

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "img"
# file -> what it shows (its caption and text alternative)
SHOTS = (
    ("live-projector-asking.png", N_("The projector while the class answers: the question "
                                     "large and how many have answered.")),
    ("live-phone-asking.png", N_("A learner's phone: the same question, answered with a tap.")),
    ("live-projector-revealed.png", N_("After Reveal: the spread of answers, the right one "
                                       "marked, and why.")),
    ("live-phone-revealed.png", N_("The learner's phone after Reveal: right or wrong, and "
                                   "why.")),
)


def screenshots() -> W.HTML:
    apply_session_language()
    figures = []
    for name, words in SHOTS:
        text = _(words)
        path = IMAGES / name
        if path.is_file():
            data = base64.b64encode(path.read_bytes()).decode("ascii")
            img = (f'<img src="data:image/png;base64,{data}" alt="{escape(text, quote=True)}" '
                   f'style="max-width:100%;height:auto;border:1px solid #dee2e6;'
                   f'border-radius:6px">')
        else:
            img = ""
        figures.append(f'<figure class="tutor-guide-shot" style="margin:0 0 1em;flex:1 1 18em;'
                       f'max-width:40em">{img}<figcaption>{escape(text)}</figcaption></figure>')
    view = W.HTML('<div class="tutor-guide" style="display:flex;flex-wrap:wrap;gap:1em">'
                  + "".join(figures) + "</div>")
    view.add_class(READY)
    view.add_class("tutor-widget")
    return rtl(view)
