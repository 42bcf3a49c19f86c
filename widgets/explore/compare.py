"""VariantCompare: one deal, the same plays, judged by two variants side by side.

Two variants can judge one deal when their decks share the dealt cards: the same deck, or two
decks of one kind of cards (Truco Mineiro's 40 French cards and French Truc's 32 share the 7s,
jacks, queens, kings and aces; the deal is drawn from those). Each variant's column stops at the
trick that decides the hand under its rules (the engine's ``resolve.hand``).

>>> c = VariantCompare("mineiro", seed=2)
>>> c.other.name, any(c.differs)
('paulista', True)
>>> [v.name for v in compatible_variants(truco.variant("mineiro"))]
['paulista', 'truc', 'truc-sackson']
"""
from __future__ import annotations

import random
from html import escape

import ipywidgets as W

import truco
from truco import Undecided, resolve
from truco.i18n import format_list, sequence
from ..language.i18n import _, ngettext

from ..classroom.recording import deal_seed
from ..cards.cardrow import CardRow
from ..ui.common import (TutorWidget, button, card_html, card_item, full_sentence, get_variant,
                     kind_name, sentence, team_label, variant_picker, vira_highlight, vira_word)

__all__ = ["VariantCompare", "compatible_variants", "same_deck_variants", "shared_cards"]

TRIES = 30  # deals tried to find one the two variants judge differently
DEALT = 6  # three cards for each side


def shared_cards(a, b) -> tuple:
    """The cards of ``a``'s deck that ``b``'s deck has too, in ``a``'s order."""
    theirs = set(b.deck)
    return tuple(c for c in a.deck if c in theirs)


def compatible_variants(variant) -> list:
    """The other named variants that can judge a deal of ``variant``: their decks share
    enough cards for a deal (six cards, and a card to turn up where one is turned up).
    Those of the very same deck come first."""
    out = []
    for name in truco.VARIANT_NAMES:
        other = truco.variant(name)
        if name != variant.name and len(shared_cards(variant, other)) > DEALT:
            out.append(other)
    return sorted(out, key=lambda other: other.deck_name != variant.deck_name)


def same_deck_variants(variant) -> list:
    """The other named variants dealt from the same deck (so cards can be shared)."""
    return [truco.variant(n) for n in truco.VARIANT_NAMES
            if n != variant.name and truco.variant(n).deck_name == variant.deck_name]


def deck_words(variant) -> str:
    """The deck in words: '40 Spanish cards'."""
    n = len(variant.deck)
    if variant.family == "spanish":
        return ngettext("{n} Spanish card", "{n} Spanish cards", n).format(n=n)
    return ngettext("{n} French-suited card", "{n} French-suited cards", n).format(n=n)


class VariantCompare(TutorWidget):
    """Team A plays ``hands[0]``, team B ``hands[1]``, one card each per trick, in order.

    ``deal()`` (or ``next()``) deals again; ``set_deal(hands, vira)`` shows a given deal;
    ``select(code)`` says where a card ranks in both variants; ``set_variant(name)`` and
    ``set_other(name)`` pick the two variants (any two whose decks share the dealt cards,
    see :func:`compatible_variants`). ``other=None`` picks, per deal, a compatible variant
    that judges the deal differently when there is one.
    """

    def __init__(self, variant="mineiro", other=None, seed=None):
        super().__init__()
        self.variant = get_variant(variant)
        self._choices = compatible_variants(self.variant)
        if not self._choices:
            raise ValueError(_("no other variant uses the {variant} deck").format(
                variant=_(self.variant.title)))
        self._fixed_other = None if other is None else self._check_other(other)
        self.other = self._fixed_other or self._choices[0]
        self.seed = deal_seed("compare", seed)  # in a class, the class's own deals
        self._rng = random.Random(self.seed)
        self.hands: tuple = ()
        self.vira = None
        self.verdicts: dict = {}
        self.played: dict = {}  # variant name -> tricks played before the hand was decided
        self.differs: list[bool] = []
        self.row = CardRow(on_pick=self.select, on_reject=lambda m: self.say(m, "error"),
                           label=_("The dealt cards: click one to compare its rank"))
        self.variant_picker = variant_picker(self.variant)
        self.variant_picker.observe(self._on_variant_picker, names="value")
        # description_width "initial": the label keeps its whole text ("Compare with"), in
        # any language, instead of being cut to the default 80px ("Compare ...").
        self.other_picker = W.Dropdown(options=self._other_options(), value=self.other.name,
                                       description=_("Compare with"),
                                       style={"description_width": "initial"})
        self.other_picker.observe(self._on_picker, names="value")
        self.deal_button = button(_("New deal"), self.deal, bench=True)
        self.note = W.HTML()
        self.note.add_class("tutor-compare-note")
        self.table = W.HTML()
        self._root([W.HBox([self.variant_picker, self.other_picker, self.deal_button],
                           layout=W.Layout(flex_flow="row wrap")),
                    self.note, self.row, self.table, self.feedback])
        self.deal()

    # --- operations ------------------------------------------------------------------------
    def deal(self) -> None:
        """Deal again: a deal the two variants judge differently when one can be found."""
        v = self.variant
        candidates = [self._fixed_other] if self._fixed_other else self._choices
        chosen = None
        for other in candidates:  # the very same deck first
            for _try in range(TRIES):
                hands, vira = self._draw_deal(other)
                if any(self._judge(v, hands, vira, other)[2]):
                    chosen = (hands, vira, other)
                    break
            if chosen:
                break
        if chosen is None:
            chosen = (*self._draw_deal(candidates[0]), candidates[0])
        self.hands, vira, self.other = chosen
        self.vira = vira
        self._sync_picker()
        self._update()

    next = deal

    def set_deal(self, hands, vira=None) -> None:
        """Show a given deal: ``hands`` is team A's three cards then team B's (codes)."""
        v, o = self.variant, self.other
        cards = [[v.card(c) for c in hand] for hand in hands]
        if len(cards) != 2 or any(len(h) != 3 for h in cards):
            raise ValueError(_("give two hands of three cards"))
        flat = cards[0] + cards[1]
        for card in flat:
            o.card(card.code)  # in both decks, or ValueError naming the card
        turner = self._turner(o)
        if turner is not None:
            vira = turner.card(vira) if vira is not None else self._rng.choice(
                [c for c in turner.deck if c not in flat])
        else:
            vira = None
        if len(set(flat + ([vira] if vira is not None else []))) != len(flat) + (vira is not None):
            raise ValueError(_("a card is dealt twice"))
        self.hands = (tuple(cards[0]), tuple(cards[1]))
        self.vira = vira
        self._update()

    def set_other(self, other) -> bool:
        try:
            self.other = self._fixed_other = self._check_other(other)
        except ValueError as err:
            self.say(full_sentence(str(err)), "error")
            self._sync_picker()
            return False
        self._sync_picker()
        self.deal()  # a deal both decks have, with a vira where one is turned up
        return True

    def set_variant(self, variant) -> bool:
        """Compare another variant (the first column) with a compatible one."""
        try:
            new = get_variant(variant)
        except ValueError as err:
            self.say(full_sentence(str(err)), "error")
            self._sync_picker()
            return False
        choices = compatible_variants(new)
        if not choices:
            self.say(full_sentence(_("no other variant uses the {variant} deck").format(
                variant=_(new.title))), "error")
            self._sync_picker()
            return False
        self.variant, self._choices = new, choices
        if self._fixed_other not in choices:
            self._fixed_other = None
        self.other = self._fixed_other or choices[0]
        self._syncing = True
        try:
            self.other_picker.options = self._other_options()
        finally:
            self._syncing = False
        self._sync_picker()
        self.deal()
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
        if other.name == self.variant.name:
            raise ValueError(_("compare {variant} with another variant").format(
                variant=_(self.variant.title)))
        if len(shared_cards(self.variant, other)) <= DEALT:
            raise ValueError(_("{other} is played with another deck than {variant} ({deck}): "
                               "pick one of {valid}").format(
                other=_(other.title), variant=_(self.variant.title),
                deck=deck_words(self.variant),
                valid=format_list([_(v.title) for v in self._choices], "or")))
        return other

    def _other_options(self) -> list:
        return [(_(v.title), v.name) for v in self._choices]

    def _turner(self, other=None):
        """The variant whose card turned up (vira or muestra) this deal shows, if any."""
        other = other or self.other
        return other if other.uses_vira else (self.variant if self.variant.uses_vira else None)

    def _draw_deal(self, other):
        """Six cards both decks have, and a card to turn up when one of the two needs it."""
        cards = self._rng.sample(shared_cards(self.variant, other), DEALT)
        hands = (tuple(cards[:3]), tuple(cards[3:]))
        turner = other if other.uses_vira else (self.variant if self.variant.uses_vira
                                                else None)
        vira = None
        if turner is not None:
            vira = self._rng.choice([c for c in turner.deck if c not in cards])
        return hands, vira

    @staticmethod
    def _vira_of(v, vira):
        return vira if v.uses_vira else None

    def _vira_for(self, v):
        return self._vira_of(v, self.vira)

    def _judge(self, v, hands, vira, other):
        """(verdicts of v, verdicts of other, differs per trick played under both)."""
        mine = [v.trick_verdict([(0, a), (1, b)], self._vira_of(v, vira))
                for a, b in zip(*hands)]
        theirs = [other.trick_verdict([(0, a), (1, b)], self._vira_of(other, vira))
                  for a, b in zip(*hands)]
        both = min(self._hand(v, mine)[1], self._hand(other, theirs)[1])
        return mine, theirs, [i < both and x.winner != y.winner
                              for i, (x, y) in enumerate(zip(mine, theirs))]

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
        self.played = {name: k for name, (_verdict, k) in self.hand_verdicts.items()}
        self._draw_note()
        both = min(self.played.values())
        n = sum(self.differs)
        # Each trick's explanation is in the table, once; the feedback sums it up.
        text = ngettext("{n} of the {played} tricks played under both rules has a different "
                        "winner in {a} and in {b}.",
                        "{n} of the {played} tricks played under both rules have a different "
                        "winner in {a} and in {b}.", n).format(
            n=n, played=both, a=_(v.title), b=_(o.title))
        self.say(text, "info")  # the feedback first, then the cards
        self._draw()

    def _sync_picker(self) -> None:
        self._syncing = True
        try:
            self.other_picker.value = self.other.name
            self.variant_picker.value = self.variant.name
        finally:
            self._syncing = False

    def _on_picker(self, change) -> None:
        if getattr(self, "_syncing", False) or change["new"] == self.other.name:
            return
        self.set_other(change["new"])

    def _on_variant_picker(self, change) -> None:
        if getattr(self, "_syncing", False) or change["new"] == self.variant.name:
            return
        self.set_variant(change["new"])

    def _cell(self, verdict) -> str:
        if verdict.winner is None:
            outcome = _("tied")
        else:
            outcome = _("{team} wins").format(team=team_label(verdict.winner))
        return sentence(_("{outcome}: {why}").format(outcome=outcome, why=verdict.explain()))

    def _draw_note(self) -> None:
        """Why some variants are not offered (another deck), and which cards a deal of two
        decks is drawn from."""
        v, o = self.variant, self.other
        lines = []
        if v.deck_name != o.deck_name:
            ranks = []
            for card in shared_cards(v, o):
                if card.rank_name() not in ranks:
                    ranks.append(card.rank_name())
            n = len(shared_cards(v, o))
            lines.append(ngettext(
                "{a} is played with {deck_a} and {b} with {deck_b}. They share {n} card, the "
                "{ranks} of every suit: the deal uses only those.",
                "{a} is played with {deck_a} and {b} with {deck_b}. They share {n} cards, the "
                "{ranks} of every suit: the deal uses only those.", n).format(
                a=_(v.title), deck_a=deck_words(v), b=_(o.title), deck_b=deck_words(o), n=n,
                ranks=format_list(ranks)))
        others = [x for x in map(truco.variant, truco.VARIANT_NAMES)
                  if x.name != v.name and x not in self._choices]
        if others:
            groups = {}
            for x in others:
                groups.setdefault(deck_words(x), []).append(_(x.title))
            listed = sequence([_("{variants}, with {deck}").format(
                deck=deck, variants=format_list(names)) for deck, names in groups.items()],
                strong=True)
            lines.append(_("Not offered, because no deal of {variant} fits their cards: "
                           "{groups}. To compare them, first choose one of them as the "
                           "variant.").format(variant=_(v.title), groups=listed))
        self.note.value = "".join(f'<p style="margin:.2em 0">{escape(x)}</p>' for x in lines)

    def _draw(self) -> None:
        v, o = self.variant, self.other
        last = max(self.played.values())  # tricks played under either rule
        items = []
        for team, hand in enumerate(self.hands):
            for i, card in enumerate(hand):
                if i < last:
                    extra = _("{team}, trick {n}").format(team=team_label(team), n=i + 1)
                else:
                    extra = _("{team}, not played").format(team=team_label(team))
                items.append(card_item(v, card, self._vira_for(v), extra=extra, width=66))
        self.row.show(items)
        titles = (_("Trick"), _("Cards"), _(v.title), _(o.title))  # not in an f-string: Babel
        head = "<tr>" + "".join(f"<th>{escape(t)}</th>" for t in titles) + "</tr>"
        rows = []
        for i, (a, b) in enumerate(zip(*self.hands)):
            if i >= last:  # decided under both rules: this trick is not played
                break
            cells = []
            for var in (v, o):
                k = self.played[var.name]
                if i < k:
                    cells.append(self._cell(self.verdicts[var.name][i]))
                else:
                    cells.append(_("Not played: the hand was decided at trick {k}.").format(k=k))
            cards = "".join(card_html(v, card, self._vira_for(v), width=40,
                                      caption=sentence(team_label(team)))
                            for team, card in enumerate((a, b)))
            mark = ""
            cls = ""
            if self.differs[i]:
                cls = ' class="tutor-differ"'
                mark = " " + escape(_("(different winner)"))
            # data-label: a phone stacks each row's cells under their column's title
            label = [f' data-label="{escape(t, quote=True)}"' for t in titles]
            rows.append(f"<tr{cls}><td{label[0]}>{i + 1}{mark}</td><td{label[1]}>{cards}</td>"
                        + "".join(f"<td{label[k]}>{escape(c)}</td>"
                                  for k, c in enumerate(cells, 2)) + "</tr>")
        hands = []
        for var in (v, o):
            verdict, k = self.hand_verdicts[var.name]
            hands.append(escape(_("{variant}: decided after trick {k}. {why}").format(
                variant=_(var.title), k=k, why=verdict.explain())))
        vira = ""
        turned = self._turner()
        if self.vira is not None and turned is not None:
            users = format_list([_(x.title) for x in (v, o) if x.uses_vira])
            vira = card_html(turned, self.vira, self.vira, width=56,
                             highlight=vira_highlight(turned),
                             caption=_("{vira} (used by {variants})").format(
                                 vira=vira_word(turned), variants=users))
        self.table.value = (vira + f'<table class="tutor-compare">{head}{"".join(rows)}</table>'
                            + "".join(f"<p>{h}</p>" for h in hands))
