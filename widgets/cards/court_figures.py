"""Court figures drawn with plain SVG shapes, in the colours of the card's suit.

French courts (jack, queen, king) are double-headed like real ones: the upper half of the
frame holds a bust (head, crown or cap, shoulders, the figure's attribute) and the lower half
is the same bust turned round. Spanish figures stand full length, as on Spanish decks: the
sota (a page), the caballo (a rider on a horse) and the rey, each holding the suit's symbol.

Each figure is a ``<g data-figure="...">`` so tests and styles can find it.
"""
from __future__ import annotations

from .card_art import (CX, CY, HAIR, INKED, LINE, PAPER, SKIN, STEEL, TRIM, french_pip,
                       num, spanish_pip)

_NO = 'stroke="none"'  # figures are outlined by their group (INKED): this part is not
_FRAME = (21, 13, 79, 127)  # left, top, right, bottom of a French court's frame


def _face(x: float, y: float, rx: float = 6.8, ry: float = 8) -> str:
    """A head: skin, two eyes, a small mouth."""
    return (f'<ellipse cx="{x}" cy="{y}" rx="{rx}" ry="{ry}" fill="{SKIN}"/>'
            f'<path d="M{x - 2.6} {y - .6}h.1M{x + 2.5} {y - .6}h.1" stroke="{LINE}" '
            f'stroke-width="1.6" stroke-linecap="round"/>'
            f'<path d="M{x - 1.7} {y + 3.6}q1.7 1.1 3.4 0" stroke="{LINE}" stroke-width=".7" '
            f'fill="none"/>')


def _crown(x: float, y: float, w: float = 18, h: float = 12) -> str:
    """A crown with three points standing on (x, y)."""
    a, b, c, d = (num(v) for v in (x - w / 2, x + w / 2, x - w / 4, x + w / 4))
    top, mid, low = (num(v) for v in (y - h, y - h * .45, y - h * .8))
    return (f'<path d="M{a} {y}V{low}L{c} {mid}L{x} {top}L{d} {mid}L{b} {low}V{y}Z" '
            f'fill="{TRIM}"/><path d="M{a} {num(y - 2.2)}H{b}" stroke="{LINE}" '
            f'stroke-width=".5"/>')


# ---- French courts -------------------------------------------------------------------------

def _bust(rank: int, main: str) -> str:
    """The upper half of a French court (above y = 70), in the suit colour ``main``."""
    parts = []
    if rank == 13:  # the king's sword, held upright on his left (our right)
        parts.append(f'<path d="M69.4 60V21L71 16L72.6 21V60Z" fill="{STEEL}"/>')
    elif rank == 11:  # the jack's halberd
        parts.append(f'<path d="M29 66V19" stroke="{HAIR}" stroke-width="2.2"/>'
                     f'<path d="M29 22L37 18.5Q34.5 25.5 37 32L29 28.5Z" fill="{STEEL}" '
                     '/><path d="M29 14L30.8 20H27.2Z" fill="{STEEL}"/>')
    else:  # the queen's flower, and her long hair behind her shoulders
        parts.append(f'<path d="M30 63Q27 50 29 36" stroke="{LINE}" stroke-width="1" '
                     f'fill="none"/><path d="M29 44q-5-1-6-5q5 0 6 5Z" fill="#2f8f46" {_NO}/>'
                     f'<g fill="{main}">'
                     + "".join(f'<circle cx="{29 + dx}" cy="{32 + dy}" r="2.9"/>'
                               for dx, dy in ((0, -3.2), (3.2, 0), (0, 3.2), (-3.2, 0)))
                     + f'</g><circle cx="29" cy="32" r="2" fill="{TRIM}" {_NO}/>'
                     f'<path d="M40.5 34Q40 20 50 20Q60 20 59.5 34L63 53H37Z" fill="{HAIR}" '
                     '/>')
    # the cloak, a pale front panel with a braid of lozenges, and a neck
    parts.append(f'<path d="M23 70V62Q24 51 37 47.5H63Q76 51 77 62V70Z" fill="{main}"/>'
                 f'<path d="M41 47.5H59L62 70H38Z" fill="#f8ecc8"/>'
                 f'<path d="M50 51L53.5 56L50 61L46.5 56ZM50 63L53.5 68L50 73L46.5 68Z" '
                 f'fill="{main}" {_NO}/>'
                 f'<path d="M41 48L38 70M59 48L62 70" stroke="{TRIM}" stroke-width="1.8"/>'
                 f'<path d="M46 40H54V48H46Z" fill="{SKIN}"/>')
    if rank == 13:  # an ermine stole
        parts.append(f'<path d="M33 48Q50 58 67 48L68 53Q50 64 32 53Z" fill="{PAPER}"/>'
                     f'<path d="M38 53.5h.1M44 56.5h.1M50 57.7h.1M56 56.5h.1M62 53.5h.1" '
                     f'stroke="{LINE}" stroke-width="1.7" stroke-linecap="round"/>')
    elif rank == 12:  # a necklace
        parts.append(f'<path d="M44 46Q50 53 56 46" fill="none" stroke="{TRIM}" '
                     f'stroke-width="1.8" stroke-dasharray="1.2 .8"/>')
    else:  # a white ruff
        parts.append(f'<path d="M41 46Q50 53 59 46L60 49Q50 56 40 49Z" fill="{PAPER}" '
                     '/>')
    parts.append(_face(CX, 33, 8, 9.5))
    if rank == 13:  # beard and moustache, then the crown
        parts.append(f'<path d="M42.5 35Q43 45.5 50 46.5Q57 45.5 57.5 35Q53.5 39 50 37.8'
                     f'Q46.5 39 42.5 35Z" fill="{HAIR}"/>' + _crown(CX, 26.5, 18, 13))
    elif rank == 12:
        parts.append(_crown(CX, 25.5, 14, 9.5))
    else:  # the jack's short hair and a cap with a feather
        parts.append(f'<path d="M42.2 33Q42 26 46 25.5H54Q58 26 57.8 33" fill="{HAIR}" {_NO}/>'
                     f'<path d="M40 28Q41 17.5 51 17.5Q61 18 62 27Q51 23.5 40 28Z" '
                     f'fill="{main}"/>'
                     f'<path d="M58 21Q64 13 71 14Q65 16 60 23Z" fill="{TRIM}"/>')
    # the hand that holds the attribute, coming out of a sleeve with a gold cuff
    hx, hy = {13: (71, 62), 12: (30, 63), 11: (29, 61)}[rank]
    sx = 9 if hx > CX else -9
    parts.append(f'<path d="M{hx - sx * 1.3} {hy - 12}Q{hx + sx * .25} {hy - 8} {hx} {hy - 2}" '
                 f'fill="none" stroke="{LINE}" stroke-width=".7"/>'
                 f'<path d="M{hx - 3.6} {hy - 2.8}H{hx + 3.6}" stroke="{TRIM}" stroke-width="2.2"/>'
                 f'<ellipse cx="{hx}" cy="{hy + .6}" rx="3.2" ry="2.7" fill="{SKIN}"/>')
    if rank == 13:
        parts.append(f'<path d="M65.5 58.5H76.5" stroke="{TRIM}" stroke-width="2.4"/>')
    return "".join(parts)


def french_court(suit: str, rank: int, main: str, ink: str) -> str:
    """A jack (11), queen (12) or king (13): a framed, double-headed figure with the suit's
    pip beside the head."""
    name = {11: "jack", 12: "queen", 13: "king"}[rank]
    left, top, right, bottom = _FRAME
    # the bust is drawn 60 wide and shrunk to the frame, which leaves room for the indices
    k = (right - left) / 60
    shrink = f"matrix({num(k)} 0 0 {num(k)} {num(CX * (1 - k))} {num(CY * (1 - k))})"
    # the pip sits on the side away from the figure's attribute
    px = right - 6.5 if rank == 11 else left + 6.5
    half = (f'<g transform="{shrink}">{_bust(rank, main)}</g>'
            f'<g fill="{main}" {_NO}>{french_pip(suit, px, top + 7, .48)}</g>')
    return (f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" '
            f'fill="#fbf6ea" stroke="{ink}" stroke-width="1"/>'
            f'<g data-figure="{name}" {INKED}>{half}'
            f'<g transform="rotate(180 {CX} {CY})">{half}</g></g>'
            f'<path d="M{left} {CY}H{right}" stroke="{ink}" stroke-width=".8"/>')


# ---- Spanish figures -----------------------------------------------------------------------

def _held(suit: str, main: str, x: float, y: float) -> str:
    """The suit's symbol held up in a hand at (x, y): a coin or cup above the hand, a sword
    or a club gripped in the middle and standing tall."""
    if suit in "oc":
        symbol = spanish_pip(suit, x, y - 10, .85)
    elif suit == "e":
        symbol = spanish_pip(suit, x, y - 14, 1.3)  # grip at the hand, blade up
    else:
        symbol = spanish_pip(suit, x + 1, y - 8, 1.2, 12)  # the club rests on the shoulder
    return f'<g fill="{main}">{symbol}</g>'


def _hand(x: float, y: float) -> str:
    return f'<circle cx="{x}" cy="{y}" r="2.8" fill="{SKIN}"/>'


def _sota(suit: str, main: str) -> str:
    return "".join([
        # legs in hose, shoes
        f'<path d="M42 94H48.4V121H42ZM51.6 94H58V121H51.6Z" fill="{PAPER}"/>',
        f'<path d="M40 121H48.4V125H39ZM51.6 121H60L61 125H51.6Z" fill="{LINE}"/>',
        # tunic with a belt, sleeves
        f'<path d="M39 52Q50 47 61 52L67 96H33Z" fill="{main}"/>',
        f'<path d="M36.8 76H63.2" stroke="{TRIM}" stroke-width="2.4"/>',
        f'<path d="M39 52L33 74L37 76L42 58M61 52L68 66L65 69L59 58" fill="{main}"/>',
        f'<path d="M44 50Q50 55 56 50" fill="none" stroke="{PAPER}" stroke-width="2"/>',
        _hand(35, 76),
        _face(CX, 40),
        # cap with a feather
        f'<path d="M43 38Q42 30 50 29.5Q58 30 57 38" fill="{HAIR}" {_NO}/>',
        f'<path d="M40 34Q42 26 51 26Q60 26.5 61 33Q51 30 40 34Z" fill="{main}"/>',
        f'<path d="M57 28Q63 20 69 21Q64 23 59 30Z" fill="{TRIM}"/>',
        _held(suit, main, 68, 68), _hand(67, 67),
    ])


def _rey(suit: str, main: str) -> str:
    return "".join([
        # long robe with a gold hem and a braid down the front, a cape on the shoulders
        f'<path d="M38 52Q50 47 62 52L72 124H28Z" fill="{main}"/>',
        f'<path d="M28.4 121H71.6M50 54V121" stroke="{TRIM}" stroke-width="2.6"/>',
        f'<path d="M37 52Q50 45 63 52L66 64Q50 58 34 64Z" fill="{PAPER}"/>',
        f'<path d="M40 58h.1M46 59h.1M54 59h.1M60 58h.1" stroke="{LINE}" stroke-width="1.6" '
        f'stroke-linecap="round"/>',
        f'<path d="M38 60L32 82L36 84L42 66" fill="{main}"/>',
        _hand(34, 84),
        f'<path d="M33 124H45V127H32ZM55 124H67L68 127H55Z" fill="{LINE}"/>',
        _face(CX, 38),
        f'<path d="M43.5 40Q44 50 50 51.5Q56 50 56.5 40Q53 43.5 50 42.2Q47 43.5 43.5 40Z" '
        f'fill="{HAIR}"/>',
        _crown(CX, 32, 18, 14),
        _held(suit, main, 68, 66), _hand(67, 65),
    ])


def _caballo(suit: str, main: str) -> str:
    horse, mane = "#9a6335", "#4a2c14"
    return "".join([
        # tail, legs, body, neck and head of a horse walking to the left
        f'<path d="M75 86Q84 92 80 112Q77 100 72 92Z" fill="{mane}" {_NO}/>',
        f'<path d="M34 96L31 121H35.5L39 98ZM43 99L43 122H47.5L48 99Z'
        f'M62 99L60 122H64.5L67 99ZM70 96L72 121H76.5L75 94Z" fill="{horse}"/>',
        f'<path d="M31 121h5v3h-6zM43 122h5v3h-5zM60 122h5v3h-5zM72 121h5v3h-5z" '
        f'fill="{LINE}"/>',
        f'<ellipse cx="54" cy="90" rx="23" ry="12" fill="{horse}"/>',
        f'<path d="M38 84L30 62Q28 55 23 57L13 70Q12 75 17 75L25 70L33 96Z" fill="{horse}" '
        '/>',
        f'<path d="M30 62Q34 70 39 82L35 86Q32 74 27 63Z" fill="{mane}" {_NO}/>',
        f'<path d="M19 67h.1" stroke="{LINE}" stroke-width="1.8" stroke-linecap="round"/>',
        f'<path d="M24 58L25 53L28 58Z" fill="{horse}"/>',
        # saddle cloth in the suit colour
        f'<path d="M44 79Q56 76 68 80L66 99Q56 101 46 99Z" fill="{main}"/>',
        f'<path d="M45.5 95.5Q56 98 66.5 96" stroke="{TRIM}" stroke-width="2" fill="none"/>',
        # the rider: leg, body, arm, head and hat
        f'<path d="M52 76L50 96H55L57 78Z" fill="{PAPER}"/>',
        f'<path d="M48 96h8v3h-9z" fill="{LINE}"/>',
        f'<path d="M49 56Q56 52 63 56L64 80H48Z" fill="{main}"/>',
        f'<path d="M48 79H64" stroke="{TRIM}" stroke-width="2"/>',
        f'<path d="M61 57L70 50L72 53L64 62" fill="{main}"/>',
        _face(56, 45, 5.8, 7),
        f'<path d="M48 41Q49 33 56 33Q63 33 64 41Q56 38 48 41Z" fill="{main}"/>',
        f'<path d="M62 36Q67 29 72 30Q68 32 63 38Z" fill="{TRIM}"/>',
        _held(suit, main, 73, 49), _hand(72, 50),
    ])


def spanish_figure(suit: str, rank: int, main: str) -> str:
    """The sota (10), caballo (11) or rey (12) of ``suit``, holding its symbol."""
    name, draw = {10: ("sota", _sota), 11: ("caballo", _caballo), 12: ("rey", _rey)}[rank]
    return f'<g data-figure="{name}" {INKED}>{draw(suit, main)}</g>'


__all__ = ["french_court", "spanish_figure"]
