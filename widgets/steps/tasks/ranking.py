"""Task "rank": which of two cards is stronger (or do they tie)?

Two cards are drawn from the variant's deck (with a vira or muestra turned up where the
variant has one, shown as a card); the learner clicks the stronger card, or "Tie". The engine
judges (``variant.compare``) and explains (``variant.trick_verdict``). The cards' names never
give the answer away: no manilha name or kind beside them.

Options: ``common=True`` (common cards only), ``same_rank=True`` (two cards of one level: a
tie), ``vs="special"`` (one special card against another card), ``vira="3s"`` (a fixed vira).

>>> import random, truco
>>> t = RankTask(truco.variant("mineiro"), random.Random(1), common=True, same_rank=True)
>>> t.solution()
'tie'
>>> t.answer(t.wrong_answer()).right, t.answer("tie").note != ""
(False, True)
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from ...language.i18n import _

from ...cards.cardrow import CardRow
from ...ui.common import card_html, card_item, full_sentence, vira_highlight, vira_word
from ..model import Outcome, Task

__all__ = ["RankTask", "TIE"]

TIE = "tie"


def _level_kind(variant, card, vira) -> str:
    return variant.ranking(vira).kind[card.id] or "common"


class RankTask(Task):
    kind = "rank"

    def __init__(self, variant, rng, *, worked=False, **options):
        super().__init__(variant, rng, worked=worked, **options)
        self.vira, self.cards = self._deal()
        self.over = False
        v, vira = self.variant, self.vira
        a, b = self.cards
        self.item = f"{a.code} {b.code}" + (f" vira {vira.code}" if vira is not None else "")
        self.question = self.name_question(v, self.item)
        self.right_key = self._right_key()
        # Worked out now, not between the click and its feedback: the engine's explanation,
        # and what a wrong answer is told.
        self.explanation = self._explain()
        self.wrong_explanation = _("The answer: {answer}. {why}").format(
            answer=self._answer_words(self.right_key), why=self.explanation)
        self.row = CardRow(on_pick=self.answer, on_reject=self._rejected,
                           label=_("Two cards: click the stronger one"))
        self.row.add_class("tutor-rank-cards")
        self.tie_button = W.Button(description=_("They tie"),
                                   layout=W.Layout(width="auto", min_height="44px",
                                                 align_self="flex-start"))
        self.tie_button.add_class("tutor-rank-tie")
        self.tie_button.on_click(lambda _b: self.answer(TIE))
        self.hint = W.HTML()
        self.hint.add_class("tutor-rank-hint")
        parts = []
        if vira is not None:
            vira_box = W.HTML(f'<div class="tutor-rank-vira" data-code="{vira.code}">'
                              + card_html(v, vira, vira, highlight=vira_highlight(v), width=66,
                                          caption=vira_word(v)) + "</div>")
            parts.append(vira_box)
        question = _("Which card is stronger?")
        prompt = W.HTML(f"<p style='margin:.2em 0'><b>{escape(question)}</b></p>")
        parts += [prompt, self.row, self.tie_button, self.hint]
        self.view = W.VBox(parts)
        self.view.add_class("tutor-task-rank")
        self._draw()
        if worked:
            self.hint.value = ("<p style='margin:.3em 0'>" + _("Example: {answer}").format(
                answer=self._answer_words(self.right_key)) + "<br>"
                + self.explanation + "</p>")

    # --- the deal ----------------------------------------------------------------------------
    def _deal(self):
        v, rng, opts = self.variant, self.rng, self.options
        vira = None
        if v.uses_vira:
            vira = v.card(opts["vira"]) if opts.get("vira") else rng.choice(list(v.deck))
        deck = [c for c in v.deck if c != vira]
        ranking = v.ranking(vira)
        common = [c for c in deck if (ranking.kind[c.id] or "common") == "common"]
        special = [c for c in deck if (ranking.kind[c.id] or "common") != "common"]
        pool = common if opts.get("common") else deck
        if opts.get("same_rank"):
            levels = {}
            for c in pool:
                levels.setdefault(ranking.strength[c.id], []).append(c)
            groups = [g for _s, g in sorted(levels.items()) if len(g) >= 2]
            if groups:
                pair = rng.sample(rng.choice(groups), 2)
                return vira, tuple(pair)
        if opts.get("vs") == "special" and special:
            first = rng.choice(special)
            second = rng.choice([c for c in deck if c != first])
            pair = [first, second]
            rng.shuffle(pair)
            return vira, tuple(pair)
        if opts.get("vs") == "common" or opts.get("common"):
            pool = common
        # two cards of different strength unless asked for a tie (a tie has its own steps)
        for _try in range(50):
            a, b = rng.sample(pool, 2)
            if ranking.strength[a.id] != ranking.strength[b.id]:
                return vira, (a, b)
        return vira, (a, b)

    @classmethod
    def applies(cls, variant, **options) -> bool:
        if options.get("vs") == "special":
            return variant.specials != "none"
        return True

    # --- checking ------------------------------------------------------------------------------
    def _right_key(self) -> str:
        a, b = self.cards
        c = self.variant.compare(a, b, vira=self.vira)
        return TIE if c == 0 else a.code if c > 0 else b.code

    def _explain(self) -> str:
        a, b = self.cards
        verdict = self.variant.trick_verdict([(0, a), (1, b)], self.vira)
        return full_sentence(str(verdict.explain()))

    def _answer_words(self, key: str) -> str:
        if key == TIE:
            return _("they tie")
        return self.variant.card(key).name()

    def _draw(self, reveal=None) -> None:
        v, vira = self.variant, self.vira
        items = []
        for card in self.cards:
            highlight = None
            if reveal is not None and card.code == reveal:
                highlight = "winner"
            elif self.worked and not self.over and card.code == self.right_key:
                highlight = "selected"
            items.append(card_item(v, card, vira, highlight=highlight, reveal=False,
                                   enabled=not self.over, width=88))
        self.row.show(items)

    def _rejected(self, message: str) -> None:
        self.report(Outcome(False, False, "", note=message, slip=True))

    def answer(self, key) -> Outcome:
        if self.over:
            return self.report(Outcome(False, False, "", slip=True,
                                       note=_("This question is over.")))
        if not isinstance(key, str) or key not in (TIE, *(c.code for c in self.cards)):
            return self.report(Outcome(False, False, "", slip=True,
                                       note=_("That card is not one of the cards on offer.")))
        self.over = True  # no other answer counts; the cards and button are locked after
        right = key == self.right_key
        explanation = self.explanation if right else self.wrong_explanation
        return self.report(Outcome(right, True, explanation, answer=key,
                                   correct=self.right_key), then=self._reveal)

    def _reveal(self) -> None:
        """The answered question: the cards and the button locked, the right card shown, the
        hint gone."""
        self.row.lock()
        self.tie_button.disabled = True
        self._draw(reveal=self.right_key if self.right_key != TIE else None)
        self.hint.value = ""

    def solution(self) -> str:
        return self.right_key

    def wrong_answer(self) -> str:
        keys = [TIE, *(c.code for c in self.cards)]
        return next(k for k in keys if k != self.right_key)

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        parts = str(item).split()
        try:
            a, b = variant.card(parts[0]), variant.card(parts[1])
            vira = variant.card(parts[3]) if len(parts) >= 4 else None
        except (ValueError, IndexError, KeyError):
            return str(item)
        if vira is None:
            return _("Which is stronger: {a} or {b}?").format(a=a.name(), b=b.name())
        return _("Which is stronger: {a} or {b}? ({vira}: {card})").format(
            a=a.name(), b=b.name(), vira=vira_word(variant), card=vira.name())
