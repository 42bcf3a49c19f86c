"""Truco Uruguayo's muestra: piezas of the muestra's suit, then the matas.

Where the digest leaves a detail open this follows gotruco (github.com/truquito/gotruco), the
most thoroughly tested public engine of the Uruguayan game.

>>> from truco import variant
>>> v = variant("uruguayo")
>>> [str(c) for c in v.manilhas(vira="3o")]
['2o', '4o', '5o', '11o', '10o', '1e', '1b', '7e', '7o']
>>> [str(c) for c in v.manilhas(vira="4o")][:2]   # the 12 takes the muestra's place
['2o', '12o']
"""
from __future__ import annotations

from .points import piezas
from .ranking import MATA, PIEZA

MATAS = ("1e", "1b", "7e", "7o")


def muestra_specials(variant, muestra):
    """(special cards strongest first, {code: kind}) for a muestra: its suit's five piezas,
    then the four matas that are not piezas.

    >>> v = variant("uruguayo")
    >>> specials, kinds = muestra_specials(v, "4e")   # the 4 turned up: the 12 replaces it
    >>> [str(c) for c in specials]
    ['2e', '12e', '5e', '11e', '10e', '1e', '1b', '7e', '7o']
    >>> kinds["12e"], kinds["7e"]
    ('pieza', 'mata')
    """
    specials = list(piezas(muestra))
    kinds = {c.code: PIEZA for c in specials}
    for code in MATAS:
        card = variant.card(code)
        if card not in kinds:
            specials.append(card)
            kinds[code] = MATA
    return specials, kinds
