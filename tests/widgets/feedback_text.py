"""Helpers for the issue 20 tests: the lines a learner reads, and how they must read."""
from __future__ import annotations

import re
from html import unescape

import truco

_LINE = re.compile(r'<div(?: style="[^"]*")?>([^<]*)</div>')
# A card code as a word of its own: "Qh", "10d", "4c", "1e", "12o" (never in text for people).
_CODE = re.compile(r"(?<![\w/])(?:[2-7AJQK]|10|11|12|1)[chsdebo](?![\w])")


def feedback_lines(widget) -> list[str]:
    """The feedback box's lines (the message, then each detail), as plain text."""
    return [unescape(t) for t in _LINE.findall(widget.feedback.value)]


def html_lines(value: str) -> list[str]:
    """The texts of an HTML status or table (lines, cells, captions, paragraphs), tags and
    card pictures removed, as plain text."""
    value = re.sub(r"<svg.*?</svg>", "", value, flags=re.S)
    parts = re.split(r"<br\s*/?>|</(?:p|li|td|th|div|figcaption|summary)>", value)
    texts = (unescape(re.sub(r"<[^>]+>", "", part)).strip() for part in parts)
    return [t for t in texts if t]


def assert_sentences(lines) -> None:
    """Every line starts with a capital (or a digit, a quote ...), every sentence after a full
    stop too; no card code and no '(s)' plural."""
    for line in lines:
        assert line[:1] == line[:1].upper(), f"starts in lower case: {line!r}"
        for later in re.findall(r"[.!?] +(\w)", line):
            assert later == later.upper(), f"a sentence starts in lower case: {line!r}"
        assert "(s)" not in line, f"a plural written as (s): {line!r}"
        assert not _CODE.search(line), f"a card code in text for people: {line!r}"


def all_card_codes(variant) -> set[str]:
    return {c.code for c in truco.variant(variant).deck}
