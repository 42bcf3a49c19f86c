"""Legality, stated once: for each kind of action one rule that says whether the current
player may take it now and, if not, why (an :class:`~truco.errors.IllegalAction` with its
reason and the rule in words).

:func:`why` is the whole of it. The rules of a family live with the family and are asked from
here: who may raise (``_raise_turn_why``) in :mod:`truco.game`, envido and flor in
:mod:`truco.side_bets` and :mod:`truco.flor` (the components ``game.envido`` and
``game.flor``), redeal, mon reste and captains in :mod:`truco.truc` (``game.truc_specials``),
the special hands' decision and closed ladder in :mod:`truco.special_hands`
(``game.special_hands``). :func:`derived_actions` lists what the rules allow;
``Game.legal_actions``, asked at every decision, is a faster path to the same list, and a
Hypothesis property checks the two agree over random states of every variant and player count
(tests/engine/test_legality.py).

>>> from truco import Game
>>> g = Game.from_deal("argentino", hands=[["4e", "7c", "1o"], ["5b", "6b", "12c"]], dealer=1)
>>> _ = g.apply("envido")
>>> why(g, g._table["play"][g.variant.card("5b").id]).reason
'answer_pending'
>>> [str(a) for a in derived_actions(g)] == [str(a) for a in g.legal_actions()]
True
"""
from __future__ import annotations

from typing import Any

from .actions import (ACCEPT, CON_FLOR_ACHICO, CON_FLOR_QUIERO, CONTRAFLOR, CONTRAFLOR_RESTO,
                      ENVIDO, FALTA_ENVIDO, FLOR, FOLD, MON_RESTE, NO_QUIERO, PLAY, QUIERO, RAISE,
                      REAL_ENVIDO, REDEAL, REFUSE, SON_BUENAS, WORDS, Action)
from .errors import IllegalAction
from .i18n import N_, _
from .reasons import Reason
from .flor import flor_due, flor_error, flor_unsung
from .side_bets import envido_bet_error
from .special_hands import decide_first
from .truc import fold_error, mon_reste_error, redeal_error
from .verdicts import SAME_SIDE_RAISED_LAST, _first_upper, team_name
from .state import (ANSWER, DECIDE, DECLARE, ENVIDO_ANSWER, FLOR_ANSWER, MON_RESTE_ANSWER,
                    OVER, PLAY_PHASE, REDEAL_ANSWER)

# What waits for an answer, by phase, when a card is played instead (redeal and mon reste
# say their own in truco.truc).
WAITING = {
    ANSWER: N_("a raise must be answered first: accept, refuse or raise"),
    ENVIDO_ANSWER: N_("an envido must be answered first: quiero, no quiero or a raise"),
    FLOR_ANSWER: N_("a bet must be settled first"),
    DECLARE: N_("a bet must be settled first"),
}


def _play(g: Any, action: Action) -> IllegalAction | None:
    """A card is played in the play phase, from the hand of the player to act, unless a flor
    must be announced first."""
    phase = g._phase
    if phase != PLAY_PHASE:
        waiting = WAITING.get(phase)
        if waiting is not None:  # a bet waits for its answer: no card before it
            return IllegalAction(_(waiting), reason=Reason.ANSWER_PENDING)
        return decide_first()  # (the phase "decide" of a hand of ten / eleven)
    cur, card = g._current, action.card
    assert card is not None  # a play action names its card
    if card in g._hands[cur]:
        if not flor_due(g, cur):
            return None
        return IllegalAction(_("announce your flor first"), reason=Reason.FLOR_FIRST)
    owner = next((s for s, h in enumerate(g._hands) if card in h), None)
    if owner is not None and owner != cur:
        return IllegalAction(_("{card} is not in player {player}'s hand").format(
            card=card.name(), player=cur), reason=Reason.NOT_YOUR_CARD)
    return IllegalAction(_("{card} is not in your hand").format(card=card.name()),
                         reason=Reason.CARD_NOT_IN_HAND)


def _raise(g: Any, action: Action) -> IllegalAction | None:
    """The truco ladder: a raise goes one rung up, below the top, by a side that may raise
    (``Game._raise_turn_why``: nobody in a special hand, not the side that raised last), not
    after a mon reste, and not before a flor owed is announced."""
    phase = g._phase
    if g._mon_reste == "game":  # say why before "top of the ladder"
        return mon_reste_error(g)
    turn = g._raise_turn_why()
    if turn == Reason.NO_RAISE_IN_SPECIAL_HAND and phase != OVER:
        return g.special_hands.raise_error()
    if phase not in (PLAY_PHASE, ANSWER):
        return IllegalAction(_("you cannot raise now"), reason=Reason.NOT_ALLOWED)
    current = g._pending[1] if phase == ANSWER else g._value
    if g.variant.raise_value(current) is None:
        return IllegalAction(_("{value} is the top of the ladder: it cannot be raised")
                             .format(value=current), reason=Reason.TOP_OF_LADDER)
    if turn == Reason.SAME_SIDE_RAISED_LAST:
        team = g._current & 1
        return IllegalAction(_(SAME_SIDE_RAISED_LAST).format(
            team=_first_upper(team_name(team)), other=team_name(1 - team)),
            reason=Reason.SAME_SIDE_RAISED_LAST)
    if g._mon_reste is not None:
        return mon_reste_error(g)
    if phase == PLAY_PHASE and flor_due(g, g._current):
        return IllegalAction(_("announce your flor first"), reason=Reason.FLOR_FIRST)
    return None


def _answer(g: Any, action: Action) -> IllegalAction | None:
    """Accept and refuse answer a raise, or decide a hand of ten / eleven."""
    if g._phase in (ANSWER, DECIDE):
        return None
    return IllegalAction(_("there is nothing to answer"), reason=Reason.NOTHING_TO_ANSWER)


def _fold(g: Any, action: Action) -> IllegalAction | None:
    """Going to the deck: in the play phase (only the captains, where there are); as an
    answer to a raise or an envido only under the rule option ``deck_answers``."""
    phase = g._phase
    if phase == PLAY_PHASE:
        return fold_error(g)
    if g.variant.deck_answers and (phase == ANSWER or phase == ENVIDO_ANSWER
                                   and not flor_unsung(g, g._current)):
        return None
    return IllegalAction(_("answer first; refusing is how you give up now"),
                         reason=Reason.ANSWER_PENDING)


def _envido_bet(g: Any, action: Action) -> IllegalAction | None:
    return envido_bet_error(g, action.kind)


def _envido_answer(g: Any, action: Action) -> IllegalAction | None:
    """Quiero and no quiero answer an envido (quiero also a contraflor al resto); son buenas
    is said while the envido points are declared."""
    kind, phase = action.kind, g._phase
    if kind == SON_BUENAS:
        allowed = phase == DECLARE
    elif phase == ENVIDO_ANSWER:
        allowed = not flor_unsung(g, g._current)
    else:  # quiero also accepts a contraflor al resto
        allowed = kind == QUIERO and phase == FLOR_ANSWER and QUIERO in g.flor.answers(g)
    if allowed:
        return None
    return IllegalAction(_("there is no envido to answer"), reason=Reason.NOTHING_TO_ANSWER)


def _flor(g: Any, action: Action) -> IllegalAction | None:
    return flor_error(g, action.kind)


def _redeal(g: Any, action: Action) -> IllegalAction | None:
    return redeal_error(g)


def _mon_reste(g: Any, action: Action) -> IllegalAction | None:
    return mon_reste_error(g)


RULES = {PLAY: _play, RAISE: _raise, ACCEPT: _answer, REFUSE: _answer, FOLD: _fold,
         ENVIDO: _envido_bet, REAL_ENVIDO: _envido_bet, FALTA_ENVIDO: _envido_bet,
         QUIERO: _envido_answer, NO_QUIERO: _envido_answer, SON_BUENAS: _envido_answer,
         FLOR: _flor, CONTRAFLOR: _flor, CONTRAFLOR_RESTO: _flor, CON_FLOR_QUIERO: _flor,
         CON_FLOR_ACHICO: _flor, REDEAL: _redeal, MON_RESTE: _mon_reste}


def why(g: Any, action: Action) -> IllegalAction | None:
    """None if the current player may take ``action`` now, else the error saying why.

    >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
    >>> table = g._table
    >>> why(g, table["raise"]), why(g, table["accept"]).reason, why(g, table["envido"]).reason
    (None, 'nothing_to_answer', 'no_envido_in_variant')
    """
    phase = g._phase
    if phase == OVER:
        return IllegalAction(_("the game is over"), reason=Reason.GAME_OVER)
    if phase == REDEAL_ANSWER or phase == MON_RESTE_ANSWER:  # a Truc special waits
        return g.truc_specials.answer_why(g, action.kind)
    return RULES[action.kind](g, action)


# The order in which the legal actions are offered, by phase (cards first, in hand order).
ORDER = {
    PLAY_PHASE: (PLAY, FLOR, REDEAL, MON_RESTE, ENVIDO, REAL_ENVIDO, FALTA_ENVIDO, RAISE, FOLD),
    ANSWER: (ACCEPT, REFUSE, RAISE, FOLD, MON_RESTE, FLOR, ENVIDO, REAL_ENVIDO, FALTA_ENVIDO),
    DECIDE: (ACCEPT, REFUSE),
    ENVIDO_ANSWER: (FLOR, QUIERO, NO_QUIERO, ENVIDO, REAL_ENVIDO, FALTA_ENVIDO, FOLD),
    DECLARE: (SON_BUENAS,),
    REDEAL_ANSWER: (ACCEPT, REFUSE),
    MON_RESTE_ANSWER: (MON_RESTE, REFUSE),
    OVER: (),
}
# Answering the other side's flor, and answering a contraflor (the flor words' orders differ).
FLOR_ORDERS = ((FLOR, CONTRAFLOR, CONTRAFLOR_RESTO, CON_FLOR_ACHICO),
               (CON_FLOR_QUIERO, QUIERO, CON_FLOR_ACHICO, CONTRAFLOR_RESTO))


def candidates(g: Any) -> list[Action]:
    """Every action there is (each card of the deck, each word), in the order of the phase.

    >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
    >>> acts = [str(a) for a in candidates(g)]
    >>> len(acts), acts[:4], acts[40:42]   # the hand's cards, the other 37, then the words
    (57, ['play 4c', 'play 7h', 'play As', 'play Ac'], ['flor', 'redeal'])
    """
    table = g._table
    phase = g._phase
    if phase == FLOR_ANSWER:
        bet = g.flor.bet
        words: tuple[str, ...] = FLOR_ORDERS[bet is not None and not bet.accepted]
    else:
        words = ORDER[phase]
    order = [*words, *(w for w in WORDS if w not in words)]
    acts: list[Action] = []
    for w in order:
        if w == PLAY:  # the hand's cards first, in hand order, then the rest of the deck
            hand = g._hands[g._current]
            acts += [table[PLAY][c.id] for c in hand]
            acts += [a for i, a in table[PLAY].items() if all(c.id != i for c in hand)]
        else:
            acts.append(table[w])
    return acts


def derived_actions(g: Any) -> list[Action]:
    """The actions the rules allow now, derived from :func:`why` alone.

    >>> g = Game.from_deal("mineiro", [["4c", "7h", "As"], ["3d", "2s", "Kc"]])
    >>> _ = g.apply("raise"); _ = g.apply("raise")   # Seis asked: Dez may still be
    >>> [str(a) for a in derived_actions(g)]
    ['accept', 'refuse', 'raise']
    """
    if g._phase == OVER:
        return []
    return [a for a in candidates(g) if why(g, a) is None]


__all__ = ["ORDER", "RULES", "WAITING", "candidates", "derived_actions", "why"]
