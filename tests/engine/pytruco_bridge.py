"""pytruco seen through our engine's vocabulary, for the differential test (test_differential.py).

pytruco (github.com/truquito/pytruco, the Python port of gotruco) is an independent engine of
Truco Uruguayo. This module deals a given hand into a pytruco ``Partida``, lists what one player
may do there in our words, and applies one of our actions there.

Seats are the same in both engines: pytruco seats ``zip(azules, rojos)``, so seat 0 is azul,
1 rojo, 2 azul, 3 rojo, and our team ``seat % 2`` is 0 for azul and 1 for rojo. The player
ids are "A0", "R1", "A2", "R3".

pytruco's actions are its "jugadas"; each is named here by the action text of our engine:

=====================================  ============================================
pytruco                                ours
=====================================  ============================================
TirarCarta(7 de oro)                   play 7o
TocarEnvido / RealEnvido / FaltaEnvido envido / real envido / falta envido
CantarFlor / ContraFlor / ...AlResto   flor / contraflor / contraflor al resto
GritarTruco / ReTruco / Vale4          raise (the next rung, whichever it is)
ResponderQuiero                        quiero (an envido or a contraflor al resto),
                                       con flor quiero (a contraflor), accept (a truco)
ResponderNoQuiero                      no quiero (an envido), con flor me achico (a flor
                                       or contraflor), refuse (a truco)
IrseAlMazo                             fold
=====================================  ============================================

The answer a quiero or no quiero gives is decided the way pytruco's own ``hacer`` decides it:
an envido on the table first, then a flor bet, then the truco.
"""
from __future__ import annotations

import pytest

pytest.importorskip("pytruco", reason="the differential test needs pytruco (the test extra)")

from pytruco.pdt.carta import Carta  # noqa: E402
from pytruco.pdt.chi import chi  # noqa: E402
from pytruco.pdt.envite import EstadoEnvite  # noqa: E402
from pytruco.pdt.equipo import Equipo  # noqa: E402
from pytruco.pdt.jugada import (CantarContraFlor, CantarContraFlorAlResto,  # noqa: E402
                                CantarFlor, GritarReTruco, GritarTruco, GritarVale4,
                                IrseAlMazo, ResponderNoQuiero, ResponderQuiero, TirarCarta,
                                TocarEnvido, TocarFaltaEnvido, TocarRealEnvido)
from pytruco.pdt.partida import Partida  # noqa: E402

PALO = {"e": "espada", "o": "oro", "c": "copa", "b": "basto"}
SUIT = {name: letter for letter, name in PALO.items()}
IDS = ("A0", "R1", "A2", "R3", "A4", "R5")
TEAM = (Equipo.AZUL, Equipo.ROJO)

_FIXED_WORDS = {
    TocarEnvido: "envido", TocarRealEnvido: "real envido", TocarFaltaEnvido: "falta envido",
    CantarFlor: "flor", CantarContraFlor: "contraflor",
    CantarContraFlorAlResto: "contraflor al resto", GritarTruco: "raise",
    GritarReTruco: "raise", GritarVale4: "raise", IrseAlMazo: "fold",
}
_ENVIDO_BETS = (EstadoEnvite.ENVIDO, EstadoEnvite.REALENVIDO, EstadoEnvite.FALTAENVIDO)


def carta(code: str) -> Carta:
    return Carta(int(code[:-1]), PALO[code[-1]])


def code(c: Carta) -> str:
    return f"{c.valor}{SUIT[str(c.palo)]}"


def new_partida(target, hands, muestra, mano, score, limite_envido=4) -> Partida:
    """A pytruco match at ``score`` (ours: team 0, team 1), its round dealt as given."""
    n = len(hands)
    ids = IDS[:n]
    p = Partida(target, list(ids[0::2]), list(ids[1::2]), dummy=True, verbose=False,
                limite_envido=limite_envido)
    p.puntajes[Equipo.AZUL], p.puntajes[Equipo.ROJO] = score
    r = p.ronda
    r.el_mano = r.turno = mano
    for m, hand in zip(r.manojos, hands):
        m.cartas = [carta(c) for c in hand]
        m.tiradas = [False] * 3
    r.muestra = carta(muestra)
    r.cachear_flores(reset=True)
    return p


def score(p: Partida) -> tuple[int, int]:
    return (p.puntajes[Equipo.AZUL], p.puntajes[Equipo.ROJO])


def team_of(p: Partida, jid: str) -> Equipo:
    return p.ronda.manojo(jid).jugador.equipo


def word(p: Partida, jugada) -> str:
    """Our action text for a pytruco jugada that is legal now."""
    kind = type(jugada)
    fixed = _FIXED_WORDS.get(kind)
    if fixed is not None:
        return fixed
    if kind is TirarCarta:
        return "play " + code(jugada.carta)
    envite = p.ronda.envite
    mine = team_of(p, jugada.jid)
    by_them = envite.cantado_por != "" and team_of(p, envite.cantado_por) != mine
    if kind is ResponderQuiero:
        if envite.estado in _ENVIDO_BETS:
            return "quiero"
        if envite.estado >= EstadoEnvite.CONTRAFLOR and by_them:
            return "con flor quiero" if envite.estado == EstadoEnvite.CONTRAFLOR else "quiero"
        return "accept"
    if kind is ResponderNoQuiero:
        if envite.estado in _ENVIDO_BETS and by_them:
            return "no quiero"
        if envite.estado >= EstadoEnvite.FLOR and by_them:
            return "con flor me achico"
        return "refuse"
    raise AssertionError(f"unmapped pytruco jugada {jugada}")  # pragma: no cover


def legal(p: Partida, seat: int) -> dict:
    """{our action text: pytruco jugada} for what ``seat`` may do in pytruco now."""
    m = p.ronda.manojos[seat]
    out = {}
    for jugada in chi(p, m):
        text = word(p, jugada)
        assert text not in out, f"two pytruco jugadas map to {text!r}: {out[text]}, {jugada}"
        out[text] = jugada
    return out


def unsung_flores(p: Partida) -> set:
    """Seats whose flor pytruco still waits for."""
    return {p.ronda.JIX(jid) for jid in p.ronda.envite.sin_cantar}


def first_unsung_after(p: Partida, seat: int) -> str:
    """The id of the first player after ``seat``, in turn order, whose flor is unsung."""
    n = len(p.ronda.manojos)
    unsung = set(p.ronda.envite.sin_cantar)
    return next(IDS[s] for s in ((seat + k) % n for k in range(1, n + 1)) if IDS[s] in unsung)


def round_no(p: Partida):
    """Changes when pytruco starts its next round (the mano moves on)."""
    return p.ronda.el_mano


def envido_points(p: Partida, seat: int) -> int:
    """pytruco's envido points (its calcular_envido presumes a hand without flor)."""
    return p.ronda.manojos[seat].calcular_envido(p.ronda.muestra)


def is_plain_flor(p: Partida, seat: int) -> bool:
    """Three cards of one suit and no pieza: the flor pytruco counts without its 20."""
    m, muestra = p.ronda.manojos[seat], p.ronda.muestra
    return (len({str(c.palo) for c in m.cartas}) == 1
            and not any(c.es_pieza(muestra) for c in m.cartas))


def tied_trick_leader(p: Partida, trick: int):
    """The seat pytruco lets lead after a tied trick: the first still in the hand to have
    played the trick's top card (None if they have all gone to the deck)."""
    tiradas, muestra = p.ronda.manos[trick].cartas_tiradas, p.ronda.muestra
    best = max(t.carta.calc_poder(muestra) for t in tiradas)
    for t in tiradas:
        if t.carta.calc_poder(muestra) == best and not p.ronda.manojo(t.jugador).se_fue_al_mazo:
            return p.ronda.JIX(t.jugador)
    return None


def fold_team(p: Partida, seat: int) -> None:
    """The whole side of ``seat`` leaves the hand, which is what our 'fold' does (pytruco's
    mazo takes one player out): the partners leave quietly (pytruco's own bookkeeping of a
    mazo, without its checks: a partner may have played all their cards), then ``seat`` goes
    to the deck, which ends the hand for the side."""
    n = len(p.ronda.manojos)
    for other in range(seat % 2, n, 2):
        m = p.ronda.manojos[other]
        if other != seat and not m.se_fue_al_mazo:
            p.ir_al_mazo(m)
    IrseAlMazo(p.ronda.manojos[seat].jugador.id).hacer(p)
