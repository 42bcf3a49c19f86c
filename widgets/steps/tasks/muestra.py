"""Uruguay's muestra as steps (lesson 13): the muestra is shown as a card; the learner finds
the piezas (or the matas) among a row of cards, clicks the piezas from the strongest down, or
clicks the card that wins a trick of a pieza against a mata. Which cards are piezas and matas,
their order and the trick's winner are the engine's (``variant.manilhas(vira=muestra)``, its
ranking's kinds, ``variant.trick_verdict``); the cards are named plainly, never "(pieza)".

>>> import random, truco
>>> t = MuestraTask(truco.variant("uruguayo"), random.Random(5), ask="trick")
>>> t.answer(t.solution()).right
True
>>> MuestraTask.applies(truco.variant("argentino"))
False
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from truco.i18n import chain
from ...language.i18n import N_, _

from ...cards.cardrow import CardRow
from ...ui.common import card_html, card_item, special_highlight, vira_highlight, vira_word
from ..model import Outcome
from .raising import AnswerTask, cards_words, parse_item

__all__ = ["MuestraTask"]

ASKS = ("piezas", "matas", "order", "trick")
QUESTIONS = {
    "piezas": N_("Click every pieza of this muestra."),
    "matas": N_("Click every mata."),
    "order": N_("Click the piezas from the strongest to the weakest."),
    "trick": N_("These two cards meet in a trick: click the one that wins."),
}
DISTRACTORS = 4


class MuestraTask(AnswerTask):
    """Options: ``ask`` ("piezas", "matas", "order" or "trick"; a random one when not
    given). Cards are picked by clicking them; a pick not on offer is refused with a
    message."""

    kind = "muestra"

    @classmethod
    def applies(cls, variant, ask=None, **options) -> bool:
        return variant.turned_up_word == "muestra" and (ask is None or ask in ASKS)

    def __init__(self, variant, rng, *, worked=False, ask=None, **options):
        super().__init__(variant, rng, worked=worked, ask=ask, **options)
        v = variant
        self.ask = ask if ask in ASKS else rng.choice(ASKS)
        self.muestra = m = rng.choice(list(v.deck))
        specials = v.manilhas(vira=m)  # strongest first, the muestra itself left out
        self.piezas = [c for c in specials if special_highlight(v, c, m) == "pieza"]
        self.matas = [c for c in specials if special_highlight(v, c, m) == "mata"]
        self.found: list = []
        self.slips = 0
        if self.ask in ("piezas", "matas"):
            self.targets = list(self.piezas if self.ask == "piezas" else self.matas)
            others = [c for c in v.deck if c not in specials and c != m and
                      (c.suit == m.suit or c.rank in {t.rank for t in self.targets})]
            shown = self.targets + rng.sample(others, min(DISTRACTORS, len(others)))
            rng.shuffle(shown)
        elif self.ask == "order":
            self.targets = list(self.piezas)
            shown = rng.sample(self.targets, len(self.targets))
        else:
            a, b = rng.choice(self.piezas), rng.choice(self.matas)
            if rng.random() < 0.3:  # a pieza against a pieza, or a mata against a mata
                a, b = rng.sample(rng.choice([self.piezas, self.matas]), 2)
            shown = [a, b] if rng.random() < 0.5 else [b, a]
            verdict = v.trick_verdict([(0, shown[0]), (1, shown[1])], vira=m)
            self.targets = [shown[0] if verdict.winner == 0 else shown[1]]
            self.verdict = verdict
        self.shown = shown
        self.explanation = self._why()  # worked out now, not between the click and its feedback
        self.row = CardRow(on_pick=self._click, on_reject=self._refuse,
                           label=_("Cards to pick from"))
        muestra_html = W.HTML(card_html(v, m, m, highlight=vira_highlight(v), width=66,
                                        caption=vira_word(v)))
        self._layout([muestra_html, self.row])
        self.buttons.box.layout.display = "none"
        self.question = _(QUESTIONS[self.ask])
        self.asked.value = f"<p><strong>{escape(self.question)}</strong></p>"
        if worked:
            yourself = _("Now answer it yourself.")
            self.note.value = (f'<p class="tutor-task-worked">{escape(self.explanation)}</p>'
                               f'<p>{escape(yourself)}</p>')
        self.item = (f"ask={self.ask};muestra={m.code};"
                     f"cards={' '.join(c.code for c in shown)}")
        self._draw()

    def _why(self) -> str:
        v, m = self.variant, self.muestra
        if self.ask == "trick":
            return self.verdict.explain()
        if self.ask == "matas":
            return _("The matas: {cards}.").format(cards=cards_words(v, self.matas))
        order = chain([c.name() for c in self.piezas])
        return _("With the {muestra} as the muestra, the piezas from the strongest: "
                 "{order}.").format(muestra=m.name(), order=order)

    def _draw(self) -> None:
        v, m = self.variant, self.muestra
        hint = set(self.targets) if self.worked and self.ask != "order" else set()
        items = []
        for c in self.shown:
            done = c in self.found
            items.append(card_item(v, c, m, reveal=False, enabled=not done and not self.over,
                                   highlight=special_highlight(v, c, m)
                                   if done or c in hint else None))
        self.row.show(items)

    def answer(self, key) -> Outcome:
        if self.over:
            return self._refuse(_("This question is already answered."))
        if not isinstance(key, str) or len(key) > 16 or key not in self.row.offered:
            return self._refuse(_("That card is not one of the cards on offer."))
        if self.message.value:
            self.message.value = ""
        card = self.variant.card(key)
        if self.ask == "order":
            right = card == self.targets[len(self.found)]
        else:
            right = card in self.targets
        if right:
            self.found.append(card)
            done = len(self.found) == len(self.targets)
            outcome = Outcome(True, done, self.explanation if done else _(
                "Right: the {card}. Go on.").format(card=card.name()),
                answer=" ".join(c.code for c in self.found),
                correct=" ".join(c.code for c in self.targets))
        elif self.ask in ("piezas", "matas") and self.slips == 0:
            self.slips += 1
            outcome = Outcome(False, False, "", note=_(
                "Not the {card}: look again at the muestra's suit.").format(card=card.name())
                if self.ask == "piezas" else _("Not the {card}: there are four matas.")
                .format(card=card.name()), answer=key, slip=True)
        else:
            outcome = Outcome(False, True, self.explanation, answer=key,
                              correct=" ".join(c.code for c in self.targets))
        self.over = outcome.done
        return self.report(outcome, then=self._draw)

    def solution(self) -> str:
        rest = [c for c in self.targets if c not in self.found]
        return rest[0].code

    def wrong_answer(self) -> str:
        if self.ask == "order":
            return self.targets[-1].code if len(self.found) < len(self.targets) - 1 else \
                next(c.code for c in self.shown if c not in self.found)
        return next(c.code for c in self.shown if c not in self.targets)

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        facts = parse_item(item)
        ask = facts.get("ask")
        try:
            muestra = variant.card(facts.get("muestra", "")).name()
            cards = cards_words(variant, facts.get("cards", "").split())
        except ValueError:
            return str(item)
        if ask not in QUESTIONS:
            return str(item)
        return _("Muestra {muestra}, cards {cards}: {question}").format(
            muestra=muestra, cards=cards, question=_(QUESTIONS[ask]))
