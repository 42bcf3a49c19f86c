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

from truco.i18n import _, get_language

__all__ = ["HIGHLIGHTS", "SPECIAL_HIGHLIGHTS", "card_svg", "card_back_svg"]

VIEW_W, VIEW_H = 100, 140
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"

# Suit shapes as SVG markup, drawn in a 20 x 20 box centred on (0, 0) and filled by the caller.
_SHAPES = {
    "heart": '<path d="M0 9C-4 5-10 1-10-4C-10-8-7-10-4.5-10C-2.5-10-0.8-8.8 0-7'
             'C0.8-8.8 2.5-10 4.5-10C7-10 10-8 10-4C10 1 4 5 0 9Z"/>',
    "diamond": '<path d="M0-10L7.5 0L0 10L-7.5 0Z"/>',
    "spade": '<path d="M0-10C-4-5-10-2-10 2.5C-10 6-7.3 7.8-4.8 7.8C-3 7.8-1.6 7-0.7 5.8'
             'C-1 8-2.2 9.4-4.2 10L4.2 10C2.2 9.4 1 8 0.7 5.8C1.6 7 3 7.8 4.8 7.8'
             'C7.3 7.8 10 6 10 2.5C10-2 4-5 0-10Z"/>',
    "club": '<circle cx="0" cy="-5" r="4.6"/><circle cx="-5" cy="2" r="4.6"/>'
            '<circle cx="5" cy="2" r="4.6"/><circle cx="0" cy="0.5" r="2.6"/>'
            '<path d="M-0.9 1C-0.9 5.5-2.3 8.8-4.6 10L4.6 10C2.3 8.8 0.9 5.5 0.9 1Z"/>',
    # Spanish suits: a gold coin, a cup, a sword and a knotted cudgel.
    "oros": '<circle r="9.3" stroke="#6b4e00" stroke-width="1.1"/>'
            '<circle r="5.6" fill="none" stroke="#6b4e00" stroke-width="0.9"/>'
            '<circle r="2" fill="#6b4e00"/>',
    "copas": '<path d="M-8-9L8-9C8-2.5 4.5 0.8 1.6 1.4L1.6 5C1.6 6.6 4.8 7.6 6 10L-6 10'
             'C-4.8 7.6-1.6 6.6-1.6 5L-1.6 1.4C-4.5 0.8-8-2.5-8-9Z"/>'
             '<path d="M-6.6-7.4L6.6-7.4" stroke="#fff" stroke-width="0.9" opacity="0.8"/>',
    "espadas": '<path d="M0-10.5L1.9-7.4L1.9 3.6L-1.9 3.6L-1.9-7.4Z"/>'
               '<path d="M-6.5 3.4Q0 5.4 6.5 3.4L6.5 5.8Q0 7.6-6.5 5.8Z"/>'
               '<rect x="-1.1" y="6.2" width="2.2" height="2.8"/><circle cy="9.4" r="1.5"/>',
    "bastos": '<g transform="rotate(-28)"><path d="M-3.2-10.8C-1.5-12.1 1.8-11.9 3.4-10.5'
              'C4.4-9.3 4-6.3 3.4-3.3L1.5 10C1.3 11.2-1.3 11.2-1.5 10L-3.6-3.3'
              'C-4.2-6.3-4.4-9.5-3.2-10.8Z"/><path d="M-3.3-4.6L-6.2-6.4L-5.6-3.4Z'
              'M2.5 0.2L5.2-1L4.4 2Z M-2.1 4.2L-4.3 3.6L-2.6 6.4Z"/></g>',
}
_SHAPE_OF = {("french", "c"): "club", ("french", "h"): "heart", ("french", "s"): "spade",
             ("french", "d"): "diamond", ("spanish", "o"): "oros", ("spanish", "c"): "copas",
             ("spanish", "e"): "espadas", ("spanish", "b"): "bastos"}

_RED, _BLACK, _GOLD, _GREEN, _BLUE = "#c8102e", "#1b1b1b", "#d4a017", "#1e7b34", "#1f5fbf"
_DARK = "#2b3a4a"
# (fill of the suit shape, ink for the index text); gold ink is darker so it reads on white.
_TWO_COLOUR = {("french", "c"): (_BLACK, _BLACK), ("french", "s"): (_BLACK, _BLACK),
               ("french", "h"): (_RED, _RED), ("french", "d"): (_RED, _RED),
               ("spanish", "o"): (_GOLD, "#8a6200"), ("spanish", "c"): (_RED, _RED),
               ("spanish", "e"): (_DARK, _DARK), ("spanish", "b"): (_DARK, _DARK)}
_FOUR_COLOUR = {("french", "c"): (_GREEN, _GREEN), ("french", "s"): (_BLACK, _BLACK),
                ("french", "h"): (_RED, _RED), ("french", "d"): (_BLUE, _BLUE),
                ("spanish", "o"): (_GOLD, "#8a6200"), ("spanish", "c"): (_RED, _RED),
                ("spanish", "e"): (_BLUE, _BLUE), ("spanish", "b"): (_GREEN, _GREEN)}

# highlight -> border colour. Every highlight but "muted" also gets a ribbon with a word,
# so the mark never depends on colour alone (white ribbon text has at least 4.5:1 contrast on
# every colour). The special cards' highlights are named after the engine's ranking kinds
# (``variant.ranking(vira).kind[card.id]``: manilha, brava, pieza, mata); "muestra" marks
# Truco Uruguayo's turned-up card, which plays the part of the vira.
HIGHLIGHTS = {"winner": "#1e7b34", "manilha": "#7b2cbf", "brava": "#862e9c",
              "pieza": "#5f3dc4", "mata": "#0b7285", "vira": "#c2410c", "muestra": "#c2410c",
              "wrong": "#c92a2a", "selected": "#1864ab", "muted": "#868e96"}
SPECIAL_HIGHLIGHTS = ("manilha", "brava", "pieza", "mata")  # the ranking kinds above commons


def _ribbon_word(highlight: str) -> str:
    words = {"winner": _("winner"), "manilha": _("manilha"), "brava": _("carta brava"),
             "pieza": _("pieza"), "mata": _("mata"), "vira": _("vira"),
             "muestra": _("muestra"), "wrong": _("wrong"), "selected": _("selected")}
    return words.get(highlight, "")


def _rank_index(card) -> str:
    if card.family == "french":
        return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(card.rank, str(card.rank))
    return str(card.rank)


def _court_word(card) -> str:
    if card.family == "spanish":
        return {10: _("sota"), 11: _("caballo"), 12: _("rey")}.get(card.rank, "")
    return {11: _("jack"), 12: _("queen"), 13: _("king")}.get(card.rank, "")


def _shape(name: str, x: float, y: float, scale: float, fill: str) -> str:
    return (f'<g transform="translate({x:g} {y:g}) scale({scale:g})" fill="{fill}">'
            f"{_SHAPES[name]}</g>")


def _text(x: float, y: float, text: str, *, size: float, fill: str, weight: str = "bold",
          max_width: float | None = None) -> str:
    fit = ""
    if max_width is not None and len(text) * size * 0.62 > max_width:
        fit = f' textLength="{max_width:g}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{x:g}" y="{y:g}" font-family="{FONT}" font-size="{size:g}" '
            f'font-weight="{weight}" fill="{fill}" text-anchor="middle"{fit}>'
            f"{escape(text, quote=False)}</text>")


def _open(width: float, label: str, highlight: str | None, kind: str) -> str:
    if highlight is not None and highlight not in HIGHLIGHTS:
        raise ValueError(f"unknown highlight {highlight!r}; use one of {', '.join(HIGHLIGHTS)}")
    height = width * VIEW_H / VIEW_W
    marker = ""
    if highlight:
        marker = f' data-highlight="{highlight}" class="tutor-hl tutor-hl-{highlight}"'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW_W} {VIEW_H}" '
            f'width="{width:g}" height="{height:g}" role="img" '
            f'aria-label="{escape(label, quote=True)}" data-card="{kind}"{marker}>'
            f"<title>{escape(label, quote=False)}</title>")


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
    return (f'<rect x="2" y="2" width="96" height="136" rx="8" fill="{fill}" '
            'stroke="#8a8f98" stroke-width="1.5"/>')


def _labelled(label: str, highlight: str | None) -> str:
    word = _ribbon_word(highlight) if highlight else ""
    return _("{card}, {mark}").format(card=label, mark=word) if word else label


def card_back_svg(width: float = 72, *, label: str | None = None,
                  highlight: str | None = None) -> str:
    """The back of a card: a lattice pattern that tells nothing about the card."""
    name = label if label is not None else _labelled(_("face-down card"), highlight)
    lattice = "".join(f"M{x} {y - 5}l5 5l-5 5l-5-5Z"
                      for x in range(14, 87, 12) for y in range(16, 125, 12))
    return "".join([
        _open(width, name, highlight, "back"),
        _blank("#1f3b6e"),
        '<rect x="8" y="8" width="84" height="124" rx="5" fill="#27498a" stroke="#c9d6ee" '
        'stroke-width="1.2"/>',
        f'<path d="{lattice}" fill="none" stroke="#9fb6e0" stroke-width="1"/>',
        '<circle cx="50" cy="70" r="15" fill="#1f3b6e" stroke="#c9d6ee" stroke-width="2"/>',
        '<path d="M50 59L58 70L50 81L42 70Z" fill="#c9d6ee"/>',
        _highlight_layer(highlight),
        "</svg>",
    ])


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


def _card_svg(card, *, face_down: bool = False, four_colour: bool = False,
              highlight: str | None = None, width: float = 72, label: str | None = None) -> str:
    """An SVG string for ``card`` (a :class:`truco.cards.Card`).

    ``highlight`` is one of :data:`HIGHLIGHTS` or ``None``; ``label`` replaces the accessible
    name (by default the card's name, plus the highlight word). A face-down card shows the back
    and its default name does not reveal the card.
    """
    if face_down:
        return card_back_svg(width, label=label, highlight=highlight)
    key = (card.family, card.suit)
    fill, ink = (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[key]
    shape = _SHAPE_OF[key]
    name = label if label is not None else _labelled(card.name(), highlight)
    index = _rank_index(card)
    corner = (_text(17, 26, index, size=18, fill=ink, max_width=20)
              + _shape(shape, 17, 36, 0.5, fill))
    court = _court_word(card)
    if court:  # court cards: a framed pip with the word (sota / caballo / rey, jack ...)
        centre = ('<rect x="25" y="36" width="50" height="74" rx="4" fill="none" '
                  f'stroke="{ink}" stroke-width="1" opacity="0.45"/>'
                  + _shape(shape, 50, 62, 1.8, fill)
                  + _text(50, 102, court, size=12.5, fill=ink, max_width=46))
    else:
        centre = _shape(shape, 50, 70, 2.4 if card.rank == 1 else 2.0, fill)
    parts = [_open(width, name, highlight, "face"), _blank(), corner, centre]
    if not highlight or highlight == "muted":  # the ribbon takes the bottom-right corner
        parts.append(f'<g transform="rotate(180 50 70)">{corner}</g>')
    parts += [_highlight_layer(highlight), "</svg>"]
    return "".join(parts)
