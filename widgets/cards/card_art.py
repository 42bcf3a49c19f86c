"""The drawing of the cards' faces and backs, shared by :mod:`widgets.cards.svg`: suit symbols, the
colours, the traditional pip layouts of French and Spanish decks, the Spanish frame with its
"pinta" and the patterned back.

Everything is drawn on the card's 100 x 140 ``viewBox`` with plain shapes: no ids, no
``url(...)`` (gradients and patterns would need ids, which collide when forty cards share a
page), no images, no fonts to download. Markup is kept short: a pip is one ``<path>`` (French)
or one small ``<g>`` (Spanish) with a ``transform``; its fill comes from the enclosing group.
"""
from __future__ import annotations

from functools import lru_cache
from math import isclose

W, H = 100, 140
CX, CY = 50, 70  # the card's centre: the lower half of a reversible card is the upper turned

# Colours. The suit colours come from :data:`TWO_COLOUR` / :data:`FOUR_COLOUR`; the rest are
# shared by every suit so that a suit's colour is the only thing four-colour mode changes.
RED, BLACK, GOLD, GREEN, BLUE = "#c8102e", "#1b1b1b", "#d4a017", "#1e7b34", "#1f5fbf"
DARK = "#2b3a4a"
LINE = "#1b1b1b"      # outlines
TRIM = "#e8b830"      # crowns, hilts, braid
SKIN = "#f6d2ae"
HAIR = "#6b3d1c"
STEEL = "#dfe4ea"
PAPER = "#fff"
RUST = "#a8431c"      # the detail on a gold coin
WOOD = "#e3c48e"      # the cut ends of a club's branches

# (fill of the suit symbol, ink for the index); gold ink is darker so it reads on white.
TWO_COLOUR = {("french", "c"): (BLACK, BLACK), ("french", "s"): (BLACK, BLACK),
              ("french", "h"): (RED, RED), ("french", "d"): (RED, RED),
              ("spanish", "o"): (GOLD, "#8a6200"), ("spanish", "c"): (RED, RED),
              ("spanish", "e"): (DARK, DARK), ("spanish", "b"): (DARK, DARK)}
FOUR_COLOUR = {("french", "c"): (GREEN, GREEN), ("french", "s"): (BLACK, BLACK),
               ("french", "h"): (RED, RED), ("french", "d"): (BLUE, BLUE),
               ("spanish", "o"): (GOLD, "#8a6200"), ("spanish", "c"): (RED, RED),
               ("spanish", "e"): (BLUE, BLUE), ("spanish", "b"): (GREEN, GREEN)}


def num(value: float) -> str:
    """A coordinate, short: ``12``, ``12.5``, ``-0.3``."""
    text = f"{round(value, 2):g}"
    return "0" if text == "-0" else text


def place(x: float, y: float, scale: float = 1, angle: float = 0) -> str:
    """A ``transform`` value that puts a shape drawn around (0, 0) at (x, y)."""
    out = f"translate({num(x)} {num(y)})"
    if angle:
        out += f"rotate({num(angle)})"
    if not isclose(scale, 1):
        out += f"scale({num(scale)})"
    return out


# French suit symbols: one path each, in a 20 x 20 box centred on (0, 0).
FRENCH_PATHS = {
    "h": "M0 9C-4 5-10 1-10-4C-10-8-7-10-4.5-10C-2.5-10-.8-8.8 0-7C.8-8.8 2.5-10 4.5-10"
         "C7-10 10-8 10-4C10 1 4 5 0 9Z",
    "d": "M0-10.5Q3.2-4.6 7.6 0Q3.2 4.6 0 10.5Q-3.2 4.6-7.6 0Q-3.2-4.6 0-10.5Z",
    "s": "M0-10C-4-5-10-2-10 2.5C-10 6-7.3 7.8-4.8 7.8C-3 7.8-1.6 7-.7 5.8C-1 8-2.2 9.4-4.2 10"
         "H4.2C2.2 9.4 1 8 .7 5.8C1.6 7 3 7.8 4.8 7.8C7.3 7.8 10 6 10 2.5C10-2 4-5 0-10Z",
    # three lobes, a knot and a flared stem, all drawn clockwise so they fill as one
    "c": "M0-10A4.6 4.6 0 1 1 0-.8A4.6 4.6 0 1 1 0-10Z"
         "M-5.3-2.9A4.6 4.6 0 1 1-5.3 6.3A4.6 4.6 0 1 1-5.3-2.9Z"
         "M5.3-2.9A4.6 4.6 0 1 1 5.3 6.3A4.6 4.6 0 1 1 5.3-2.9Z"
         "M-2.4 1.2L0-2.6L2.4 1.2L0 3.2Z"
         "M.8 1.5Q.9 7.2 4.2 10H-4.2Q-.9 7.2-.8 1.5Z",
}

# Spanish suit symbols, filled with the suit's colour and outlined by the enclosing group
# (see :data:`INKED`); parts without an outline say ``stroke="none"``. The coin and the cup fit
# a 20 x 20 box; the sword and the club are long, 40 high (point or head at y = -20).
INKED = f'stroke="{LINE}" stroke-width=".7"'
_NO = 'stroke="none"'
SPANISH_SHAPES = {
    "o": f'<circle r="10"/><circle r="7" fill="none" stroke="{RUST}" stroke-width="1.1"/>'
         f'<path d="M0-5L1.5-1.5L5 0L1.5 1.5L0 5L-1.5 1.5L-5 0L-1.5-1.5Z" fill="{RUST}" {_NO}/>',
    "c": '<path d="M-8.5-9.5H8.5C8.5-2.5 4.5.5 1.6 1.2V4.8C1.6 6.5 5 7.5 6.5 10H-6.5'
         'C-5 7.5-1.6 6.5-1.6 4.8V1.2C-4.5.5-8.5-2.5-8.5-9.5Z"/>'
         f'<path d="M-8.5-9.5H8.5L8.2-7H-8.2Z" fill="{TRIM}" {_NO}/>'
         f'<ellipse cy="3.2" rx="3" ry="1.5" fill="{TRIM}"/>',
    "e": '<path d="M0-20L2.7-15V8H-2.7V-15Z"/>'
         f'<path d="M0-15V6" stroke="{PAPER}" stroke-width="1" opacity=".6"/>'
         f'<path d="M-8.5 7Q0 10 8.5 7V10.5Q0 13.5-8.5 10.5Z" fill="{TRIM}"/>'
         f'<path d="M-1.7 11.7H1.7V16.6H-1.7Z" fill="{HAIR}" {_NO}/>'
         f'<circle cy="18" r="2.5" fill="{TRIM}"/>',
    # a knotted club: a knobbly head, a thin grip, three cut-off branches showing pale wood
    "b": '<path d="M-4.6-16.5C-4.6-20.8 4.4-21 4.8-16.8C5.6-15 5.2-13.2 4.6-12C5.2-10.5 4.8-8.6'
         ' 4-7L1.9 18C1.6 20.4-1.6 20.4-1.9 18L-3.8-5C-4.8-7-5.2-9-4.4-10.6C-5.4-12.4-5.4-14.6'
         '-4.6-16.5ZM-4.3-10.2L-7.6-12.4L-8.8-10.4L-4.4-7.4ZM3.9-4.4L7.4-6.2L8.4-4L3.5-1.6Z'
         'M-2.8 5.6L-5.6 4.8L-6 7L-2.6 8.8Z"/>'
         '<path d="M-1.5-15Q-.5-5 .2 14" fill="none" stroke-width=".5" opacity=".5"/>'
         f'<path d="M-9.2-11.4a1.1 1.4 0 1 0 2.2 0a1.1 1.4 0 1 0-2.2 0ZM6.8-5.1a1.1 1.4 0 1 0 2.2 0'
         f'a1.1 1.4 0 1 0-2.2 0ZM-6.8 5.9a.9 1.2 0 1 0 1.8 0a.9 1.2 0 1 0-1.8 0Z" fill="{WOOD}" '
         f'stroke-width=".4"/>',
}
LONG = frozenset("eb")  # Spanish suits whose symbol is long (swords and clubs)


def french_pip(suit: str, x: float, y: float, scale: float, angle: float = 0) -> str:
    return f'<path transform="{place(x, y, scale, angle)}" d="{FRENCH_PATHS[suit]}"/>'


def spanish_pip(suit: str, x: float, y: float, scale: float, angle: float = 0) -> str:
    return f'<g transform="{place(x, y, scale, angle)}">{SPANISH_SHAPES[suit]}</g>'


def pip(family: str, suit: str, x: float, y: float, scale: float, angle: float = 0) -> str:
    draw = french_pip if family == "french" else spanish_pip
    return draw(suit, x, y, scale, angle)


# French pip layouts: the traditional positions in three columns between the corner indices.
_L, _M, _R = 32, 50, 68
_T, _B = 27, 113
_ROW3 = (_T, CY, _B)
_ROW4 = (_T, _T + (_B - _T) / 3, _B - (_B - _T) / 3, _B)
FRENCH_LAYOUTS: dict[int, list[tuple[float, float]]] = {
    1: [(_M, CY)],
    2: [(_M, _T), (_M, _B)],
    3: [(_M, y) for y in _ROW3],
    4: [(x, y) for y in (_T, _B) for x in (_L, _R)],
    5: [(x, y) for y in (_T, _B) for x in (_L, _R)] + [(_M, CY)],
    6: [(x, y) for y in _ROW3 for x in (_L, _R)],
    7: [(x, y) for y in _ROW3 for x in (_L, _R)] + [(_M, (_T + CY) / 2)],  # 3-1-3, middle high
    8: [(x, y) for y in _ROW3 for x in (_L, _R)] + [(_M, (_T + CY) / 2), (_M, (CY + _B) / 2)],
    9: [(x, y) for y in _ROW4 for x in (_L, _R)] + [(_M, CY)],
    10: [(x, y) for y in _ROW4 for x in (_L, _R)]
        + [(_M, (_ROW4[0] + _ROW4[1]) / 2), (_M, (_ROW4[2] + _ROW4[3]) / 2)],
}


def french_pips(suit: str, rank: int) -> str:
    """The centre of a French pip card: the pips in the lower half are turned upside down."""
    if rank == 1:
        return french_pip(suit, CX, CY, 2.4)
    return "".join(french_pip(suit, x, y, .78, 180 if y > CY + 1 else 0)
                   for x, y in FRENCH_LAYOUTS[rank])


# Spanish layouts, as on the usual Spanish deck: coins and cups stand in columns, upright;
# swords and clubs are long and cross. (x, y, scale, angle) for each symbol.
_SL, _SR = 34, 66
_ROUND = {
    1: [(CX, CY, 2.6, 0)],
    2: [(CX, 34, 1, 0), (CX, 106, 1, 0)],
    3: [(CX, y, 1, 0) for y in (30, CY, 110)],
    4: [(x, y, 1, 0) for y in (34, 106) for x in (_SL, _SR)],
    5: [(x, y, 1, 0) for y in (34, 106) for x in (_SL, _SR)] + [(CX, CY, 1, 0)],
    6: [(x, y, .95, 0) for y in (30, CY, 110) for x in (_SL, _SR)],
    7: [(x, y, .95, 0) for y in (30, CY, 110) for x in (_SL, _SR)] + [(CX, 50, .95, 0)],
}
_CROSSED = {
    1: [(CX, CY, 2.7, 0)],
    2: [(CX, CY, 2.1, -26), (CX, CY, 2.1, 26)],
    3: [(CX, CY, 2.05, -30), (CX, CY, 2.05, 30), (CX, CY, 2.2, 0)],
    4: [(x, y, 1.2, a) for y, t in ((42, 1), (98, -1)) for x, a in ((35, 12 * t), (65, -12 * t))],
    5: [(x, y, 1.2, a) for y, t in ((42, 1), (98, -1)) for x, a in ((35, 12 * t), (65, -12 * t))]
       + [(CX, CY, 1.2, 0)],
    6: [(x, y, .85, a) for y in (33, CY, 107) for x, a in ((34, 10), (66, -10))],
    7: [(x, y, .85, a) for y in (33, CY, 107) for x, a in ((32, 10), (68, -10))]
       + [(CX, CY, 1.15, 0)],
}


def spanish_pips(suit: str, rank: int) -> str:
    layout = (_CROSSED if suit in LONG else _ROUND)[rank]
    return "".join(spanish_pip(suit, x, y, s, a) for x, y, s, a in layout)


def spanish_group(fill: str, content: str, attributes: str = "") -> str:
    """Spanish symbols in their suit colour, outlined."""
    return f'<g{attributes} fill="{fill}" {INKED}>{content}</g>'


def spanish_frame(suit: str, ink: str) -> str:
    """The frame of a Spanish card with its pinta: the top and bottom lines are broken once
    for copas, twice for espadas, three times for bastos, never for oros."""
    breaks = {"o": 0, "c": 1, "e": 2, "b": 3}[suit]
    left, right, top, bottom, gap = 7, 93, 7, 133, 5
    edges = [f"M{left} {top}V{bottom}M{right} {top}V{bottom}"]
    for y in (top, bottom):
        cuts = [left + (right - left) * (i + 1) / (breaks + 1) for i in range(breaks)]
        x0 = left
        for cut in cuts:
            edges.append(f"M{num(x0)} {y}H{num(cut - gap / 2)}")
            x0 = cut + gap / 2
        edges.append(f"M{num(x0)} {y}H{right}")
    return f'<path d="{"".join(edges)}" fill="none" stroke="{ink}" stroke-width="1.3"/>'


def _lattice(left: float, top: float, right: float, bottom: float, step: float) -> str:
    """Diagonal lines both ways across a rectangle, cut to it (no clipPath: it needs an id)."""
    out = []
    width, height = right - left, bottom - top
    k = -height
    while k < width:
        # the line x - left = (y - top) + k, and its mirror image, inside the rectangle
        y0, y1 = max(0, -k), min(height, width - k)
        if y1 > y0:
            run, y = num(y1 - y0), num(top + y0)
            out.append(f"M{num(left + y0 + k)} {y}l{run} {run}"
                       f"M{num(right - y0 - k)} {y}l-{run} {run}")
        k += step
    return "".join(out)


@lru_cache(maxsize=None)
def back() -> str:
    """The patterned back: a dark blue field with a white lattice and a central rosette."""
    lattice = _lattice(10, 10, 90, 130, 8)
    petals = "".join(f'<ellipse transform="{place(CX, CY, 1, a)}" cy="-9" rx="4.2" ry="9"/>'
                     for a in range(0, 360, 45))
    return (f'<rect x="8" y="8" width="84" height="124" rx="4" fill="#24478f" '
            f'stroke="{PAPER}" stroke-width="1.5"/>'
            f'<path d="{lattice}" stroke="#9db6e4" stroke-width=".9" fill="none"/>'
            f'<rect x="24" y="44" width="52" height="52" rx="26" fill="#1a3570" '
            f'stroke="{PAPER}" stroke-width="1.5"/>'
            f'<g fill="#c9d7f2">{petals}</g>'
            f'<circle cx="{CX}" cy="{CY}" r="5" fill="{TRIM}" stroke="#1a3570"/>')
