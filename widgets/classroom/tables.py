"""The teacher's page's tables and stars as HTML, shared by its panels (the class, the
homework, the live lesson's results). Every cell's text is made safe here."""
from __future__ import annotations

from html import escape

from .store import shown_text

__all__ = ["table", "stars", "cell", "empty"]

_TABLE = ('style="border-collapse:collapse;margin:.3em 0 1em" ')
_CELL = "padding:.25em .8em;border-bottom:1px solid var(--tutor-line, #dee2e6);text-align:start"


def cell(text) -> str:
    """A cell's text as HTML: escaped, without reordering or invisible characters, and
    isolated (``<bdi>``), so a right-to-left name cannot reorder the rest of its row."""
    return "<bdi>" + escape(shown_text(text)) + "</bdi>"


def table(cls: str, head, rows) -> str:
    """An HTML table: ``head`` and ``rows`` are cell texts (made safe here)."""
    th = "".join(f'<th style="{_CELL}">{escape(str(h))}</th>' for h in head)
    body = "".join("<tr>" + "".join(f'<td style="{_CELL}">{cell(c)}</td>' for c in row)
                   + "</tr>" for row in rows)
    return (f'<table class="{cls}" {_TABLE}><thead><tr>{th}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


def stars(n: int) -> str:
    return "★" * n + "☆" * (3 - n)


def empty(text: str) -> str:
    """An empty table's place: what will appear there and when (the design system's
    ``tutor-empty`` panel)."""
    return f'<p class="tutor-empty" role="note">{escape(text)}</p>'
