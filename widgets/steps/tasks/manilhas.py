"""The "manilhas" task: find the special cards (for this vira) among a grid of cards.

Mineiro: the four fixed manilhas; Paulista: the four manilhas the vira makes; Argentino and
Plato: the four cartas bravas; Uruguayo: the five piezas of the muestra. Each right pick is
progress ("2 of 4 found"); a wrong pick is a slip, noted, and the task goes on; the task is
done when all are found, right overall with at most one slip. With ``order=True`` they are
found strongest first.

>>> import random, truco
>>> t = ManilhaTask(truco.variant("paulista"), random.Random(1))
>>> [t.answer(k).note for k in list(t.targets_left())][-1]
'All 4 found.'
>>> ManilhaTask.name_question(truco.variant("paulista"), "vira=3s")
'Find the manilhas for the vira 3 of spades'
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from truco.i18n import chain
from ...language.i18n import N_, _, ngettext
from truco.ranking import PAULISTA_CYCLE

from ...cards.cardrow import CardRow
from ...ui.common import card_item, rtl, sentence, special_highlight, vira_word
from ..model import Outcome, Task
from .tricks import Refusals, vira_html

__all__ = ["ManilhaTask", "targets", "OFFER_SIZE"]

OFFER_SIZE = 12
MAX_SLIPS = 1  # more slips than this and the task is missed (a new deal)
_WHAT = {"fixed": N_("manilhas"), "vira": N_("manilhas"), "bravas": N_("cartas bravas"),
         "muestra": N_("piezas")}
_ASK = {"fixed": N_("Click the {n} manilhas of {variant}."),
        "vira": N_("Click the {n} manilhas this vira makes."),
        "bravas": N_("Click the {n} cartas bravas of {variant}."),
        "muestra": N_("Click the {n} piezas this muestra makes.")}
_ASK_ORDER = N_("Strongest first.")


def targets(variant, vira=None) -> tuple:
    """The cards to find, strongest first (the engine's specials; in Uruguay the piezas,
    the muestra itself excepted)."""
    cards = variant.manilhas(vira)
    if variant.turned_up_word == "muestra":
        kinds = variant.ranking(vira).kind
        cards = tuple(c for c in cards if kinds[c.id] == "pieza")
    return cards


class ManilhaTask(Task):
    """Find the special cards. Keys: card codes of the grid. Option ``order``: strongest
    first."""

    kind = "manilhas"

    def __init__(self, variant, rng, *, worked=False, order=False, **options):
        super().__init__(variant, rng, worked=worked, order=order, **options)
        if not self.applies(variant):
            raise ValueError(_("{variant} has no manilhas or special cards to train").format(
                variant=_(variant.title)))
        self.order = bool(order)
        deck = list(variant.deck)
        self.vira = rng.choice(deck) if variant.uses_vira else None
        self.targets = targets(variant, self.vira)
        ranks = {c.rank for c in self.targets} | ({self.vira.rank} if self.vira else set())
        rest = [c for c in deck if c not in self.targets and c != self.vira]
        near = [c for c in rest if c.rank in ranks]  # the usual slips: the same ranks
        far = [c for c in rest if c not in near]
        rng.shuffle(near)
        rng.shuffle(far)
        need = max(OFFER_SIZE - len(self.targets), 0)
        offer = list(self.targets) + (near[:need // 2 + 2] + far)[:need]
        self.offer = sorted(offer, key=deck.index)
        self.found: list = []
        self.wrong: list = []
        self.slips = 0
        self.done = False
        # Worked out now, not between a click and its feedback: which cards they are (said
        # after a wrong pick) and their order, strongest first (said at the end).
        self.rule = self._rule()
        self.order_words = chain([variant.card_name(c, self.vira) for c in self.targets])
        self.item = f"vira={self.vira.code}" if self.vira is not None else variant.name
        self.question = self.name_question(variant, self.item)
        self.refusals = Refusals()
        self.head = W.HTML()
        what = _(_WHAT[variant.specials])
        self.row = CardRow(on_pick=self.answer, on_reject=self.refusals.say,
                           label=_("Cards to pick the {what} from").format(what=what))
        self.status = W.HTML()
        self.view = rtl(W.VBox([self.head, self.row, self.status, self.refusals.html]))
        self.view.add_class("tutor-task")
        self._draw()

    @classmethod
    def applies(cls, variant, **options) -> bool:
        return variant.specials in _WHAT

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        what = _(_WHAT.get(variant.specials, N_("manilhas")))
        if str(item).startswith("vira="):
            card = variant.card(item[5:])
            return _("Find the {what} for the {vira} {card}").format(
                what=what, vira=vira_word(variant).lower(), card=card.name())
        return _("Find the {what} of {variant}").format(what=what, variant=_(variant.title))

    def targets_left(self) -> list[str]:
        return [c.code for c in self.targets if c not in self.found]

    # --- answers -----------------------------------------------------------------------------
    def answer(self, key):
        if self.done:
            self.refusals.say(_("All are found already."))
            return None
        card = next((c for c in self.offer if isinstance(key, str) and c.code == key), None)
        if card is None:
            self.refusals.say(_("That card is not one of the cards on offer."))
            return None
        if card in self.found or card in self.wrong:
            self.refusals.say(_("You picked {card} already.").format(card=card.name()))
            return None
        self.refusals.clear()
        n = len(self.targets)
        expected = self.targets[len(self.found)]
        if card in self.targets and (not self.order or card == expected):
            self.found.append(card)
            note = _("{found} of {n} found").format(found=len(self.found), n=n)
            if len(self.found) < n:
                return self.report(Outcome(True, False, "", note=note, answer=card.code,
                                           correct=card.code), then=self._draw)
            return self._finish()
        # a slip: noted, the task goes on
        self.slips += 1
        if card in self.targets:  # found out of order
            why = _("{card} is one of them, but a stronger one is still to find.").format(
                card=card.name())
        else:
            why = _("{card} is not one of them: {rule}.").format(card=card.name(),
                                                                 rule=self.rule)
            self.wrong.append(card)
        count = _("{found} of {n} found").format(found=len(self.found), n=n)
        note = _("{why} {count}.").format(why=sentence(why), count=count)
        return self.report(Outcome(False, False, sentence(why), note=note, answer=card.code,
                                   correct=expected.code, slip=True), then=self._draw)

    def solution(self) -> str:
        return self.targets_left()[0]

    def wrong_answer(self) -> str:
        return next(c.code for c in self.offer if c not in self.targets and c not in self.wrong)

    # --- internals ---------------------------------------------------------------------------
    def _rule(self) -> str:
        """Which cards they are: with a vira, the cycle of ranks it climbs (the engine's
        own); else the engine's rule for a trick of the two strongest (their order)."""
        v, vira = self.variant, self.vira
        if v.turned_up_word == "vira":
            names = {1: "A", 11: "J", 12: "Q", 13: "K"}
            order = chain(names.get(r, str(r)) for r in PAULISTA_CYCLE)
            return _("the manilhas are the next rank up from the vira, in the order {order} "
                     "(after the 3 comes the 4)").format(order=order)
        return v.trick_verdict([(0, self.targets[0]), (1, self.targets[1])], vira).rule()

    def _finish(self) -> Outcome:
        self.done = True
        explanation = _("Strongest first: {order}.").format(order=self.order_words)
        n = len(self.targets)
        note = ngettext("All {n} found.", "All {n} found.", n).format(n=n)
        if self.slips:
            note = ngettext("All {n} found, with {slips} slip.",
                            "All {n} found, with {slips} slips.", self.slips).format(
                                n=n, slips=self.slips)
        right = self.slips <= MAX_SLIPS
        return self.report(Outcome(right, True, explanation, note=note,
                                   answer=" ".join(c.code for c in self.found),
                                   correct=" ".join(c.code for c in self.targets)),
                           then=self._draw)

    def _draw(self) -> None:
        v, vira = self.variant, self.vira
        items = []
        for card in self.offer:
            if card in self.found or (self.worked and card in self.targets):
                hl = special_highlight(v, card, vira)
            elif card in self.wrong:
                hl = "wrong"
            else:
                hl = None
            enabled = not self.done and card not in self.found and card not in self.wrong
            items.append(card_item(v, card, vira, highlight=hl, enabled=enabled,
                                   reveal=self.done or card in self.found))
        self.row.show(items)
        what = _(_WHAT[v.specials])
        lines = [_(_ASK[v.specials]).format(n=len(self.targets), variant=_(v.title))]
        if self.order:
            lines.append(_(_ASK_ORDER))
        if self.worked and not self.done:
            lines.append(_("Worked example: the {what} are marked. Strongest first: {order}. "
                           "Now click them yourself.").format(what=what, order=self.order_words))
        text = "".join(f"<p style='margin:.2em 0'>{escape(t)}</p>" for t in lines)
        parts = []
        if vira is not None:
            parts.append(vira_html(v, vira))
        parts.append(f"<div style='flex:1 1 14em;min-width:0'>{text}</div>")
        self.head.value = ("<div style='display:flex;flex-wrap:wrap;gap:.6em;"
                           "align-items:center'>" + "".join(parts) + "</div>")
        self.status.value = escape(_("{found} of {n} found").format(
            found=len(self.found), n=len(self.targets)))
