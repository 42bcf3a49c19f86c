"""Playing cards drawn as self-contained SVG strings (no fonts to download, no images, no ids).

Every function is pure and returns markup that can be put straight into HTML. Shapes are
drawn on a 100 x 140 ``viewBox`` and scaled by ``width``, so a card stays sharp at any size.

>>> from truco.cards import card_from_code
>>> svg = card_svg(card_from_code("spanish", "11o"), highlight="vira")
>>> svg.startswith("<svg") and 'data-highlight="vira"' in svg and "caballo" in svg
True
"""
from __future__ import annotations

from functools import lru_cache
from html import escape

from truco.i18n import get_language
from ..language.i18n import _

from .card_art import (CX, CY, FOUR_COLOUR, TWO_COLOUR, H, W, back, french_pip, french_pips,
                       spanish_frame, spanish_group, spanish_pips)
from .court_figures import french_court, spanish_figure

__all__ = ["HIGHLIGHTS", "SPECIAL_HIGHLIGHTS", "card_svg", "card_back_svg"]

VIEW_W, VIEW_H = W, H
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"

# highlight -> border colour. Every highlight but "muted" also gets a ribbon with a word,
# so the mark never depends on colour alone (white ribbon text has at least 4.5:1 contrast on
# every colour). The special cards' highlights are named after the engine's ranking kinds
# (``variant.ranking(vira).kind[card.id]``: manilha, brava, pieza, mata); "muestra" marks
# Truco Uruguayo's turned-up card, which plays the part of the vira.
HIGHLIGHTS = {"winner": "#1e7b34", "manilha": "#7b2cbf", "brava": "#862e9c",
              "pieza": "#5f3dc4", "mata": "#0b7285", "vira": "#c2410c", "muestra": "#c2410c",
              "wrong": "#c92a2a", "selected": "#1864ab", "counts": "#1864ab",
              "muted": "#868e96"}
SPECIAL_HIGHLIGHTS = ("manilha", "brava", "pieza", "mata")  # the ranking kinds above commons


def _ribbon_word(highlight: str) -> str:
    words = {"winner": _("winner"), "manilha": _("manilha"), "brava": _("carta brava"),
             "pieza": _("pieza"), "mata": _("mata"), "vira": _("vira"),
             "muestra": _("muestra"), "wrong": _("wrong"), "selected": _("selected"),
             "counts": _("counts")}
    return words.get(highlight, "")


def _rank_index(card) -> str:
    if card.family == "french":
        return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(card.rank, str(card.rank))
    return str(card.rank)


def _text(x: float, y: float, text: str, *, size: float, fill: str,
          max_width: float | None = None) -> str:
    """Bold text centred on ``x`` (the font, weight and anchor are set on the ``<svg>``)."""
    fit = ""
    if max_width is not None and len(text) * size * 0.62 > max_width:
        fit = f' textLength="{max_width:g}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{fill}"{fit}>'
            f"{escape(text, quote=False)}</text>")


def _open(width: float, label: str, highlight: str | None, kind: str) -> str:
    if highlight is not None and highlight not in HIGHLIGHTS:
        raise ValueError(f"unknown highlight {highlight!r}; use one of {', '.join(HIGHLIGHTS)}")
    height = width * VIEW_H / VIEW_W
    marker = ""
    if highlight:
        marker = f' data-highlight="{highlight}" class="tutor-hl tutor-hl-{highlight}"'
    # label "": a card drawn inside something that carries the name (a row of backs labelled
    # "2 cards in hand"), hidden from screen readers rather than an image without a name
    named = (f'role="img" aria-label="{escape(label, quote=True)}"' if label
             else 'aria-hidden="true" focusable="false"')
    title = f"<title>{escape(label, quote=False)}</title>" if label else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW_W} {VIEW_H}" '
            f'width="{width:g}" height="{height:g}" {named} data-card="{kind}"{marker} '
            f'font-family="{FONT}" font-weight="bold" text-anchor="middle">{title}')


def _highlight_layer(highlight: str | None) -> str:
    """The border (and ribbon) drawn over the card for ``highlight``."""
    if not highlight:
        return ""
    colour = HIGHLIGHTS[highlight]
    out = []
    if highlight == "muted":
        out.append('<rect x="2" y="2" width="96" height="136" rx="8" fill="#fff" '
                   'opacity="0.55"/>')
    out.append(f'<rect x="3" y="3" width="94" height="134" rx="7" fill="none" '
               f'stroke="{colour}" stroke-width="{3 if highlight == "muted" else 6}"/>')
    word = _ribbon_word(highlight)
    if word:
        out.append(f'<rect x="3" y="115" width="94" height="20" fill="{colour}"/>')
        out.append(_text(50, 129.5, word.upper(), size=11, fill="#fff", max_width=84))
    return "".join(out)


def _blank(fill: str = "#fff") -> str:
    return (f'<rect x="1" y="1" width="98" height="138" rx="7" fill="{fill}" '
            'stroke="#8a8f98" stroke-width="1.2"/>')


def _labelled(label: str, highlight: str | None) -> str:
    word = _ribbon_word(highlight) if highlight else ""
    return _("{card}, {mark}").format(card=label, mark=word) if word else label


def card_back_svg(width: float = 72, *, label: str | None = None,
                  highlight: str | None = None) -> str:
    """The back of a card: a lattice pattern that tells nothing about the card."""
    name = label if label is not None else _labelled(_("face-down card"), highlight)
    return "".join([_open(width, name, highlight, "back"), _blank(), back(),
                    _highlight_layer(highlight), "</svg>"])


def card_svg(card, *, face_down: bool = False, four_colour: bool = False,
             highlight: str | None = None, width: float = 72, label: str | None = None) -> str:
    """An SVG string for ``card``; see :func:`_card_svg`. Pure, so results are cached (per
    language, since the accessible name is translated)."""
    return _cached_card_svg(card, face_down, four_colour, highlight, width, label,
                            get_language())


@lru_cache(maxsize=4096)
def _cached_card_svg(card, face_down, four_colour, highlight, width, label, _language) -> str:
    return _card_svg(card, face_down=face_down, four_colour=four_colour, highlight=highlight,
                     width=width, label=label)


def _french(card, fill: str, ink: str) -> tuple[str, str, str]:
    """A French card's frame (none), centre and corner index: the rank over a small pip."""
    corner = (_text(10.5, 20.5, _rank_index(card), size=18, fill=ink, max_width=15)
              + f'<g fill="{fill}">{french_pip(card.suit, 10.5, 30, .52)}</g>')
    if card.rank > 10:
        return "", french_court(card.suit, card.rank, fill, ink), corner
    pips = french_pips(card.suit, card.rank)
    return "", f'<g data-pips="{card.rank}" fill="{fill}">{pips}</g>', corner


def _spanish(card, fill: str, ink: str) -> tuple[str, str, str]:
    """A Spanish card's frame with its pinta, centre and corner number."""
    corner = _text(16, 24, _rank_index(card), size=16, fill=ink, max_width=14)
    if card.rank >= 10:
        centre = spanish_figure(card.suit, card.rank, fill)
    else:
        centre = spanish_group(fill, spanish_pips(card.suit, card.rank),
                               f' data-pips="{card.rank}"')
    return spanish_frame(card.suit, ink), centre, corner


def _card_svg(card, *, face_down: bool = False, four_colour: bool = False,
              highlight: str | None = None, width: float = 72, label: str | None = None) -> str:
    """An SVG string for ``card`` (a :class:`truco.cards.Card`).

    ``highlight`` is one of :data:`HIGHLIGHTS` or ``None``; ``label`` replaces the accessible
    name (by default the card's name, plus the highlight word). A face-down card shows the back
    and its default name does not reveal the card.
    """
    if face_down:
        return card_back_svg(width, label=label, highlight=highlight)
    fill, ink = (FOUR_COLOUR if four_colour else TWO_COLOUR)[card.family, card.suit]
    name = label if label is not None else _labelled(card.name(), highlight)
    frame, centre, corner = (_french if card.family == "french" else _spanish)(card, fill, ink)
    parts = [_open(width, name, highlight, "face"), _blank(), frame, centre, corner]
    if not highlight or highlight == "muted":  # the ribbon takes the bottom-right corner
        parts.append(f'<g transform="rotate(180 {CX} {CY})">{corner}</g>')
    parts += [_highlight_layer(highlight), "</svg>"]
    return "".join(parts)
