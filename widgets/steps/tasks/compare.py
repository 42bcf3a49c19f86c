"""One trick judged by two variants, as a step (lesson 10): "In which variant does your card
take this trick?". The learner's variant and another whose deck shares the cards (the same
deck first: Mineiro and Paulista, Argentino and Uruguayo ...) judge the same two cards; both
verdicts come from the engine.

>>> import random, truco
>>> t = CompareTask(truco.variant("mineiro"), random.Random(3), worked=True)
>>> t.other.name, t.answer(t.solution()).right
('paulista', True)
"""
from __future__ import annotations

from functools import lru_cache
from html import escape

import truco
from ...language.i18n import _

from ...ui.common import full_sentence, vira_word
from ...explore.compare import compatible_variants, shared_cards
from .truc import ChoiceTask, cards_html

__all__ = ["CompareTask"]

TRIES = 80  # deals tried to find one the two variants judge differently
DIFFER = 0.75  # the share of practice deals the two variants judge differently


def other_variant(variant, rng, other=None):
    """The variant to compare with: ``other`` when given (it must share the cards), else one
    dealt from the very same deck when there is one, else any compatible one."""
    choices = compatible_variants(variant)
    if other is not None:
        other = truco.variant(other)
        if other.name not in {c.name for c in choices}:
            raise ValueError(f"{other.name} cannot judge a deal of {variant.name}")
        return other
    choices = [c for c in choices if can_differ(variant.name, c.name)] or choices
    same = [c for c in choices if c.deck_name == variant.deck_name]
    return rng.choice(same or choices)


@lru_cache(maxsize=64)
def can_differ(name: str, other: str) -> bool:
    """Whether two named variants judge some trick differently (the Plato app's ranking is
    Argentino's: comparing them teaches nothing)."""
    v, o = truco.variant(name), truco.variant(other)
    cards = shared_cards(v, o)
    turner = o if o.uses_vira else (v if v.uses_vira else None)
    viras = list(turner.deck) if turner is not None else [None]
    return any(winner(v, a, b, vira) != winner(o, a, b, vira)
               for vira in viras for a in cards for b in cards if a != b and vira not in (a, b))


def _vira_of(v, vira):
    return vira if v.uses_vira else None


def winner(v, a, b, vira):
    """The team whose card takes the trick under ``v`` (None: tied), by the engine."""
    return v.trick_verdict([(0, a), (1, b)], _vira_of(v, vira)).winner


class CompareTask(ChoiceTask):
    """Options: ``other`` (a variant name; chosen from the compatible ones when not given).
    The learner plays first (team A); keys: "first", "second", "both", "neither"."""

    kind = "compare"

    def __init__(self, variant, rng, *, worked=False, **options):
        variant = truco.variant(variant)
        super().__init__(variant, rng, worked=worked, **options)
        self.other = o = other_variant(variant, rng, options.get("other"))
        cards = shared_cards(variant, o)
        turner = o if o.uses_vira else (variant if variant.uses_vira else None)
        want_differ = worked or rng.random() < DIFFER
        for _try in range(TRIES):
            a, b = rng.sample(cards, 2)
            vira = None
            if turner is not None:
                vira = rng.choice([c for c in turner.deck if c not in (a, b)])
            results = (winner(variant, a, b, vira), winner(o, a, b, vira))
            if not want_differ or (results[0] == 0) != (results[1] == 0):
                break
        self.cards, self.vira, self.turner = (a, b), vira, turner
        self.item = f"{o.name}|{a.code} {b.code}|{vira.code if vira is not None else ''}"
        mine, theirs = (r == 0 for r in results)
        self.right = {(True, True): "both", (True, False): "first", (False, True): "second",
                      (False, False): "neither"}[(mine, theirs)]
        self.choices = {
            "first": _("Only in {variant}").format(variant=_(variant.title)),
            "second": _("Only in {variant}").format(variant=_(o.title)),
            "both": _("In both"), "neither": _("In neither")}
        self.question = _("In which variant does your card take this trick?")
        self.why = " ".join(
            full_sentence(_("{variant}: {verdict}").format(
                variant=_(v.title),
                verdict=v.trick_verdict([(0, a), (1, b)], _vira_of(v, vira)).explain()))
            for v in (variant, o))
        self.body = self._body()
        self._build()

    def _body(self) -> str:
        v, o = self.variant, self.other
        a, b = self.cards
        same = _("The same trick in {a} and in {b}.").format(a=_(v.title), b=_(o.title))
        parts = [f"<p>{escape(same)}</p>",
                 '<div class="tutor-task-trick" style="display:flex;flex-wrap:wrap;gap:1em">']
        for label, card, deck in ((_("Your card"), a, v), (_("Your opponent's card"), b, v)):
            parts.append(f'<figure style="margin:0;text-align:center">{cards_html(deck, [card])}'
                         f'<figcaption>{escape(label)}</figcaption></figure>')
        if self.vira is not None:
            t = self.turner
            label = _("{vira} (only {variant} uses it)").format(
                vira=vira_word(t), variant=_(t.title)) if not (v.uses_vira and o.uses_vira) \
                else vira_word(t)
            parts.append(f'<figure style="margin:0;text-align:center">'
                         f'{cards_html(t, [self.vira])}'
                         f'<figcaption>{escape(label)}</figcaption></figure>')
        parts.append("</div>")
        return "".join(parts)

    @classmethod
    def applies(cls, variant, **options) -> bool:
        return bool(compatible_variants(truco.variant(variant)))

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        try:
            other, cards, vira = item.split("|")
            o = truco.variant(other)
            a, b = (truco.variant(variant).card(c) for c in cards.split())
        except (ValueError, TypeError):
            return item
        text = _("{a} and {b}: who takes {card} against {against}?").format(
            a=_(truco.variant(variant).title), b=_(o.title), card=a.name(), against=b.name())
        if vira:
            text += " " + _("({vira}: {card})").format(vira=vira_word(o if o.uses_vira else
                                                                      truco.variant(variant)),
                                                      card=vira)
        return text
