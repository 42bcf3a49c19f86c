"""Counting envido (and flor) as steps (lessons 07 and 13): three cards are shown, with the
muestra where the variant turns one up (Uruguay), and the learner picks the points from a few
numbers. The truth is the engine's (``truco.envido_verdict`` / ``truco.flor_verdict`` with
the muestra), and the explanation names the cards counted and the engine's rule.

>>> import random, truco
>>> t = EnvidoCountTask(truco.variant("argentino"), random.Random(3), case="same_suit")
>>> t.answer(t.solution()).right
True
>>> EnvidoCountTask.applies(truco.variant("mineiro")), EnvidoCountTask.applies(
...     truco.variant("argentino"), piezas=True)
(False, False)
"""
from __future__ import annotations


import ipywidgets as W

import truco
from truco.i18n import number
from ...language.i18n import N_, _

from ...cards.cardrow import CardRow
from ...ui.common import card_html, card_item, vira_highlight, vira_word
from .raising import MAX_DEALS, AnswerTask, cards_words, parse_item

__all__ = ["EnvidoCountTask"]

CASES = ("same_suit", "highest")
REASONS = {"same_suit": "two_of_a_suit", "highest": "highest_card"}
QUESTIONS = {"envido": N_("How many envido points does this hand have?"),
             "flor": N_("This hand is a flor: how many points is it worth?")}


def _distractors(truth: int, cards, rng, k: int = 3) -> list[int]:
    """Counts a learner might give instead: off by one, the 20 forgotten or added, a figure
    counted at its face, the highest card alone."""
    faces = sorted((c.rank for c in cards), reverse=True)
    small = sorted((c.rank if c.rank <= 7 else 0 for c in cards), reverse=True)
    pool = {truth - 1, truth + 1, truth - 20 if truth >= 20 else truth + 20, small[0],
            faces[0] + faces[1] + 20, small[0] + small[1], small[0] + small[1] + 20,
            truth - 10, truth + 10}
    pool = sorted(p for p in pool if 0 <= p <= 47 and p != truth)
    return rng.sample(pool, min(k, len(pool)))


class EnvidoCountTask(AnswerTask):
    """Options: ``flor`` (count a flor instead of the envido), ``piezas`` (Uruguay: the hand
    holds a pieza of the muestra; without it, in Uruguay, none), ``case`` ("same_suit": two
    cards of one suit; "highest": no two of a suit; without a pieza)."""

    kind = "envido_count"

    @classmethod
    def applies(cls, variant, flor=False, piezas=False, case=None, **options) -> bool:
        if not variant.envido or variant.family != "spanish":
            return False
        if flor and not variant.flor:
            return False
        if piezas and variant.turned_up_word != "muestra":
            return False
        return case is None or (case in CASES and not piezas and not flor)

    def __init__(self, variant, rng, *, worked=False, flor=False, piezas=False, case=None,
                 **options):
        super().__init__(variant, rng, worked=worked, flor=flor, piezas=piezas, case=case,
                         **options)
        self.flor = bool(flor)
        self.cards, self.muestra, self.verdict = self._deal(bool(piezas), case)
        v = variant
        top = []
        if self.muestra is not None:
            top.append(W.HTML(card_html(v, self.muestra, self.muestra,
                                        highlight=vira_highlight(v), width=66,
                                        caption=vira_word(v))))
        counted = set(self.verdict.cards) if worked else set()
        self.row = CardRow(label=_("Your hand"), on_reject=lambda _m: self._refuse(
            _("Pick the points with the buttons below.")))
        self.row.show([card_item(v, c, self.muestra, enabled=False, reveal=False,
                                 highlight="counts" if c in counted else None)
                       for c in self.cards])
        top.append(self.row)
        self._layout(top)
        truth = self.verdict.points
        choices = sorted([truth] + _distractors(truth, self.cards, rng))
        why = " ".join([self.verdict.explain(),
                        _("Rule: {rule}.").format(rule=self.verdict.rule())])
        self._ask(_(QUESTIONS["flor" if self.flor else "envido"]),
                  {f"n:{n}": number(n) for n in choices}, f"n:{truth}", why)
        self.item = (f"muestra={self.muestra.code if self.muestra else ''};"
                     f"hand={' '.join(c.code for c in self.cards)};"
                     f"count={'flor' if self.flor else 'envido'}")

    def _deal(self, want_pieza: bool, case):
        v, rng = self.variant, self.rng
        for _try in range(MAX_DEALS * 5):
            cards = rng.sample(list(v.deck), 4 if v.uses_vira else 3)
            muestra = cards.pop() if v.uses_vira else None
            flor = truco.flor_verdict(cards, muestra)
            if (flor is not None) != self.flor:
                continue
            verdict = flor if self.flor else truco.envido_verdict(cards, muestra)
            has_pieza = verdict.reason in ("pieza", "flor_pieza")
            if muestra is not None and has_pieza != want_pieza:
                continue
            if case is not None and verdict.reason != REASONS[case]:
                continue
            return tuple(cards), muestra, verdict
        raise RuntimeError("no deal fits this count")  # pragma: no cover

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        facts = parse_item(item)
        try:
            hand = cards_words(variant, facts.get("hand", "").split())
            muestra = facts.get("muestra") or None
            shown = variant.card(muestra).name() if muestra else None
        except ValueError:
            return str(item)
        if facts.get("count") == "flor":
            text = _("Count the flor of {cards}") if shown is None else \
                _("Count the flor of {cards} (muestra: {muestra})")
        else:
            text = _("Count the envido of {cards}") if shown is None else \
                _("Count the envido of {cards} (muestra: {muestra})")
        return text.format(cards=hand, muestra=shown)
