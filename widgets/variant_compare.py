"""VariantCompare: one deal, the same plays, judged by two variants side by side.

>>> c = VariantCompare("mineiro", seed=2)
>>> c.other.name, any(c.differs)
('paulista', True)
"""
from __future__ import annotations

import random
from html import escape

import ipywidgets as W

import truco
from truco import Undecided, resolve
from truco.i18n import _

from .cardrow import CardRow
from .classroom.session import class_seed
from .common import (TutorWidget, button, card_html, card_item, get_variant, kind_name,
                     team_label, vira_highlight, vira_word)

__all__ = ["VariantCompare", "same_deck_variants"]

TRIES = 30  # deals tried to find one the two variants judge differently


def same_deck_variants(variant) -> list:
    """The other named variants dealt from the same deck (so cards can be shared)."""
    return [truco.variant(n) for n in truco.VARIANT_NAMES
            if n != variant.name and truco.variant(n).deck_name == variant.deck_name]


class VariantCompare(TutorWidget):
    """Team A plays ``hands[0]``, team B ``hands[1]``, one card each per trick, in order.

    ``deal()`` (or ``next()``) deals again; ``set_deal(hands, vira)`` shows a given deal;
    ``select(code)`` says where a card ranks in both
    variants; ``set_other(name)`` picks the variant to compare with. ``other=None`` picks, per
    deal, a variant of the same deck that judges the deal differently when there is one.
    """

    def __init__(self, variant="mineiro", other=None, seed=None):
        super().__init__()
        self.variant = get_variant(variant)
        self._choices = same_deck_variants(self.variant)
        if not self._choices:
            raise ValueError(_("no other variant uses the {variant} deck").format(
                variant=_(self.variant.title)))
        self._fixed_other = None if other is None else self._check_other(other)
        self.other = self._fixed_other or self._choices[0]
        self.seed = class_seed("compare", seed)  # in a class, the class's own deals
        self._rng = random.Random(self.seed)
        self.hands: tuple = ()
        self.vira = None
        self.verdicts: dict = {}
        self.differs: list[bool] = []
        self.row = CardRow(on_pick=self.select, on_reject=lambda m: self.say(m, "error"),
                           label=_("The dealt cards: click one to compare its rank"))
        # description_width "initial": the label keeps its whole text ("Compare with"), in
        # any language, instead of being cut to the default 80px ("Compare ...").
        self.other_picker = W.Dropdown(options=[(_(v.title), v.name) for v in self._choices],
                                       value=self.other.name, description=_("Compare with"),
                                       style={"description_width": "initial"})
        self.other_picker.observe(self._on_picker, names="value")
        self.deal_button = button(_("New deal"), self.deal, bench=True)
        self.table = W.HTML()
        self._root([W.HBox([self.other_picker, self.deal_button]), self.row, self.table,
                    self.feedback])
        self.deal()

    # --- operations ------------------------------------------------------------------------
    def deal(self) -> None:
        """Deal again: a deal the two variants judge differently when one can be found."""
        rng, v = self._rng, self.variant
        candidates = [self._fixed_other] if self._fixed_other else self._choices
        chosen = None
        for _try in range(TRIES):
            cards = rng.sample(list(v.deck), 7)
            hands, vira = (tuple(cards[:3]), tuple(cards[3:6])), cards[6]
            for other in candidates:
                if any(self._judge(v, hands, vira, other)[2]):
                    chosen = (hands, vira, other)
                    break
            if chosen:
                break
        if chosen is None:
            chosen = (hands, vira, candidates[0])
        self.hands, vira, self.other = chosen
        self.vira = vira if (v.uses_vira or self.other.uses_vira) else None
        self._sync_picker()
        self._update()

    next = deal

    def set_deal(self, hands, vira=None) -> None:
        """Show a given deal: ``hands`` is team A's three cards then team B's (codes)."""
        v = self.variant
        cards = [[v.card(c) for c in hand] for hand in hands]
        if len(cards) != 2 or any(len(h) != 3 for h in cards):
            raise ValueError(_("give two hands of three cards"))
        flat = cards[0] + cards[1]
        needs_vira = v.uses_vira or self.other.uses_vira
        vira = v.card(vira) if vira is not None else None
        if needs_vira and vira is None:
            vira = self._rng.choice([c for c in v.deck if c not in flat])
        if len(set(flat + ([vira] if vira is not None else []))) != len(flat) + (vira is not None):
            raise ValueError(_("a card is dealt twice"))
        self.hands = (tuple(cards[0]), tuple(cards[1]))
        self.vira = vira if needs_vira else None
        self._update()

    def set_other(self, other) -> bool:
        try:
            self.other = self._fixed_other = self._check_other(other)
        except ValueError as err:
            self.say(str(err), "error")
            return False
        if self.vira is None and self.other.uses_vira:  # turn up a vira for it
            dealt = {c for h in self.hands for c in h}
            self.vira = self._rng.choice([c for c in self.variant.deck if c not in dealt])
        self._sync_picker()
        self._update()
        return True

    def select(self, code) -> bool:
        """What a click on a dealt card does: its rank in both variants."""
        if not isinstance(code, str) or code not in self.row.offered:
            self.say(_("That card is not one of the cards on offer."), "error")
            return False
        lines = []
        for v in (self.variant, self.other):
            vira = self._vira_for(v)
            card = v.card(code)
            ranking = v.ranking(vira)
            level = ranking.level(card)
            lines.append(_("In {variant}: {card}, level {position} of {levels} ({kind}).")
                         .format(variant=_(v.title), card=v.card_name(card, vira),
                                 position=level.position, levels=len(ranking.levels),
                                 kind=kind_name(level.kind)))
        self.say(lines[0], "info", lines[1:])
        return True

    # --- internals ---------------------------------------------------------------------------
    def _check_other(self, other):
        other = get_variant(other)
        if other.deck_name != self.variant.deck_name:
            raise ValueError(_("{other} is played with another deck than {variant}: pick one "
                               "of {valid}").format(other=_(other.title),
                                                    variant=_(self.variant.title),
                                                    valid=", ".join(v.name for v in
                                                                    self._choices)))
        if other.name == self.variant.name:
            raise ValueError(_("compare {variant} with another variant").format(
                variant=_(self.variant.title)))
        return other

    @staticmethod
    def _vira_of(v, vira):
        return vira if v.uses_vira else None

    def _vira_for(self, v):
        return self._vira_of(v, self.vira)

    def _judge(self, v, hands, vira, other):
        """(verdicts of v, verdicts of other, differs per trick)."""
        mine = [v.trick_verdict([(0, a), (1, b)], self._vira_of(v, vira))
                for a, b in zip(*hands)]
        theirs = [other.trick_verdict([(0, a), (1, b)], self._vira_of(other, vira))
                  for a, b in zip(*hands)]
        return mine, theirs, [x.winner != y.winner for x, y in zip(mine, theirs)]

    def _hand(self, v, verdicts):
        """(HandVerdict, tricks played) under ``v``: the first prefix that decides it."""
        results = [t.winner for t in verdicts]
        for k in range(1, 4):
            try:
                return resolve.hand(v, results[:k], mano=0, dealer=1), k
            except Undecided:
                continue
        return None, 3  # pragma: no cover - three tricks always decide a hand

    def _update(self) -> None:
        v, o = self.variant, self.other
        mine, theirs, self.differs = self._judge(v, self.hands, self.vira, o)
        self.verdicts = {v.name: mine, o.name: theirs}
        self.hand_verdicts = {v.name: self._hand(v, mine), o.name: self._hand(o, theirs)}
        n = sum(self.differs)
        text = _("{n} of 3 tricks have a different winner in {a} and in {b}.").format(
            n=n, a=_(v.title), b=_(o.title))
        details = []
        for i, differ in enumerate(self.differs):
            if differ:
                details.append(_("Trick {n} in {variant}: {why}").format(
                    n=i + 1, variant=_(v.title), why=mine[i].explain()))
                details.append(_("Trick {n} in {variant}: {why}").format(
                    n=i + 1, variant=_(o.title), why=theirs[i].explain()))
        self.say(text, "info", details)  # the feedback first, then the cards
        self._draw()

    def _sync_picker(self) -> None:
        self._syncing = True
        try:
            self.other_picker.value = self.other.name
        finally:
            self._syncing = False

    def _on_picker(self, change) -> None:
        if getattr(self, "_syncing", False) or change["new"] == self.other.name:
            return
        self.set_other(change["new"])

    def _cell(self, verdict) -> str:
        if verdict.winner is None:
            outcome = _("tied")
        else:
            outcome = _("{team} wins").format(team=team_label(verdict.winner))
        return _("{outcome}: {why}").format(outcome=outcome, why=verdict.explain())

    def _draw(self) -> None:
        v, o = self.variant, self.other
        items = []
        for team, hand in enumerate(self.hands):
            for i, card in enumerate(hand):
                extra = _("{team}, trick {n}").format(team=team_label(team), n=i + 1)
                items.append(card_item(v, card, self._vira_for(v), extra=extra, width=52))
        self.row.show(items)
        titles = (_("Trick"), _("Cards"), _(v.title), _(o.title))  # not in an f-string: Babel
        head = "<tr>" + "".join(f"<th>{escape(t)}</th>" for t in titles) + "</tr>"
        rows = []
        for i, (a, b) in enumerate(zip(*self.hands)):
            mine, theirs = self.verdicts[v.name][i], self.verdicts[o.name][i]
            cards = (card_html(v, a, self._vira_for(v), width=40, caption=team_label(0))
                     + card_html(v, b, self._vira_for(v), width=40, caption=team_label(1)))
            mark = ""
            cls = ""
            if self.differs[i]:
                cls = ' class="tutor-differ" style="background:#fff3bf"'
                mark = " " + escape(_("(different winner)"))
            rows.append(f"<tr{cls}><td>{i + 1}{mark}</td><td>{cards}</td>"
                        f"<td>{escape(self._cell(mine))}</td>"
                        f"<td>{escape(self._cell(theirs))}</td>"
                        "</tr>")
        hands = []
        for var in (v, o):
            verdict, k = self.hand_verdicts[var.name]
            hands.append(escape(_("{variant}: decided after trick {k}. {why}").format(
                variant=_(var.title), k=k, why=verdict.explain())))
        vira = ""
        if self.vira is not None:
            users = ", ".join(_(x.title) for x in (v, o) if x.uses_vira)
            turned = o if o.uses_vira else v  # the variant whose vira (or muestra) this is
            vira = card_html(v, self.vira, self.vira if v.uses_vira else None, width=44,
                             highlight=vira_highlight(turned),
                             caption=_("{vira} (used by {variants})").format(
                                 vira=vira_word(turned), variants=users))
        self.table.value = (vira + f'<table class="tutor-compare">{head}{"".join(rows)}</table>'
                            + "".join(f"<p>{h}</p>" for h in hands))
