"""RankingExplorer: a variant's whole deck in ranking order; click a card to see where it ranks.

A second click compares the two cards with the engine's verdict. Lesson 1 ends with it, as its
Explore step (:mod:`widgets.steps.tasks.explore`): free play, nothing marked.

>>> ex = RankingExplorer("mineiro")
>>> ex.select("4c"), ex.message.split(":")[0]
(True, '4 of clubs (Zap), top manilha')
>>> ex.select("3h"), ex.select("Kd"), ex.tone
(True, True, 'info')
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from truco.i18n import format_list, get_language
from ..language.i18n import _, ngettext

from ..cards.cardrow import CardRow
from ..ui.common import (TutorWidget, button, card_item, card_label, full_sentence, get_variant,
                     kind_name, sentence, special_highlight, variant_picker, vira_highlight,
                     vira_word)

__all__ = ["RankingExplorer"]


class RankingExplorer(TutorWidget):
    """The deck level by level (``variant.ranking(vira).levels``), specials highlighted.

    ``select(code)`` is a click on a card; ``set_vira(code)`` moves the vira (for variants
    with one); ``set_variant(name)`` switches variant (``pick_variant=False`` leaves the
    variant menu out: a lesson's step explores the learner's variant).
    """

    def __init__(self, variant="mineiro", vira=None, *, pick_variant: bool = True):
        super().__init__()
        self.variant = get_variant(variant)
        self.vira = None
        self.selected = None
        self.previous = None  # the card selected before, for the comparison
        self.row = CardRow(on_pick=self.select, on_reject=lambda m: self.say(m, "error"),
                           label=_("The deck in ranking order, strongest first"))
        self.next_button = button(_("Show the strongest card"), self.next_card, bench=True)
        self.next_button.tooltip = _("Selects the card just below the selected one in the "
                                     "ranking, so you can walk down the deck card by card.")
        self.levels_html = W.HTML()
        self._levels_key = None  # (variant, vira, language) the levels list was drawn for
        self.vira_picker = W.Dropdown(description=vira_word(self.variant))
        self.vira_picker.observe(self._on_vira_picker, names="value")
        self.variant_picker = variant_picker(self.variant)
        self.variant_picker.observe(self._on_variant_picker, names="value")
        if not pick_variant:
            self.variant_picker.layout.display = "none"
        self._root([W.HBox([self.variant_picker, self.vira_picker]), self.row,
                    self.next_button, self.feedback, self.levels_html])
        self._setup(vira)

    # --- operations ------------------------------------------------------------------------
    def set_variant(self, variant) -> None:
        try:
            new = get_variant(variant)
        except ValueError as err:
            self.say(full_sentence(str(err)), "error")
            return
        if new == self.variant:
            return
        self.variant = new
        self._setup(None)

    def set_vira(self, code) -> bool:
        """Turn ``code`` up as the vira (only for variants with a vira)."""
        if not self.variant.uses_vira:
            self.say(_("{variant} has no vira: its special cards never move.").format(
                variant=_(self.variant.title)), "error")
            return False
        try:
            card = self.variant.card(code)
        except ValueError as err:
            self.say(full_sentence(str(err)), "error")
            return False
        self.vira = card
        self.selected = self.previous = None
        self._sync_vira_picker()
        self._draw()
        specials = format_list([self.variant.card_name(c, card)
                                for c in self.variant.manilhas(card)])
        self.say(_("{vira} {card}: the special cards are now {specials}.").format(
            vira=vira_word(self.variant), card=card.name(), specials=specials))
        return True

    def next_card(self) -> None:
        """Select the card after the selected one in ranking order (the top card first)."""
        order = [c for lv in self.variant.ranking(self.vira).levels for c in lv.cards]
        i = order.index(self.selected) + 1 if self.selected in order else 0
        self.select(order[i % len(order)].code)

    def select(self, code) -> bool:
        """What a click on card ``code`` does: say where it ranks and why."""
        v, vira = self.variant, self.vira
        if not isinstance(code, str) or code not in self.row.offered:
            self.say(_("That card is not one of the cards on offer."), "error")
            return False
        card = v.card(code)
        ranking = v.ranking(vira)
        level = ranking.level(card)
        strength = ranking.strength[card.id]
        beats = [c for c in v.deck if ranking.strength[c.id] < strength]
        ties = [c for c in level.cards if c != card]
        loses = [c for c in v.deck if ranking.strength[c.id] > strength]
        previous = self.selected if self.selected != card else self.previous
        self.previous, self.selected = previous, card
        where = sentence(_("{card}: level {position} of {levels} ({kind}).").format(
            card=card_label(v, card, vira), position=level.position,
            levels=len(ranking.levels), kind=kind_name(level.kind)))
        details = []
        if previous is not None:
            # The two cards clicked one after the other, judged by the engine as a trick.
            details.append(v.trick_verdict([(0, card), (1, previous)], vira).explain())
        details.append(ngettext("It beats {beats} card and loses to {loses}.",
                                "It beats {beats} cards and loses to {loses}.", len(beats))
                       .format(beats=len(beats), loses=len(loses)))
        if ties:
            details.append(_("It ties with {cards}.").format(
                cards=format_list([v.card_name(c, vira) for c in ties])))
        else:
            details.append(_("No other card ties with it."))
        if previous is None:
            # Why: the engine's own explanation against the nearest card below (or above).
            below = max(beats, key=lambda c: ranking.strength[c.id], default=None)
            above = min(loses, key=lambda c: ranking.strength[c.id], default=None)
            if below is not None:
                details.append(v.trick_verdict([(0, card), (1, below)], vira).explain())
            if above is not None:
                details.append(v.trick_verdict([(0, card), (1, above)], vira).explain())
        self.say(where, "info", details)  # the feedback first, then the redrawn row
        self._draw()
        return True

    # --- drawing ---------------------------------------------------------------------------
    def _setup(self, vira) -> None:
        v = self.variant
        self.selected = self.previous = None
        if v.uses_vira:
            self.vira = v.card(vira) if vira is not None else v.deck[0]
        else:
            if vira is not None:
                raise ValueError(_("{variant} has no vira").format(variant=_(v.title)))
            self.vira = None
        if self.variant_picker.value != v.name and v.name in dict(
                (n, t) for t, n in self.variant_picker.options):
            self.variant_picker.value = v.name
        self._sync_vira_picker()
        self._draw()
        n = len(v.ranking(self.vira).levels)
        self.say(ngettext("{variant}: {n} level, strongest first. Click a card to see where it "
                          "ranks.", "{variant}: {n} levels, strongest first. Click a card to "
                          "see where it ranks.", n).format(variant=_(v.title), n=n))

    def _sync_vira_picker(self) -> None:
        v = self.variant
        picker = self.vira_picker
        picker.layout.display = None if v.uses_vira else "none"
        picker.description = vira_word(v)
        options = [(c.name(), c.code) for c in v.deck] if v.uses_vira else []
        self._updating = True
        try:
            if list(picker.options) != options:
                picker.options = options
            picker.value = self.vira.code if self.vira is not None else None
        finally:
            self._updating = False

    def _draw(self) -> None:
        v, vira = self.variant, self.vira
        ranking = v.ranking(vira)
        items = []
        for level in ranking.levels:
            for card in level.cards:
                if card == self.selected:
                    hl = "selected"
                elif vira is not None and card == vira:
                    hl = vira_highlight(v)
                else:  # manilha, brava, pieza or mata: the ranking's kind; None for commons
                    hl = special_highlight(v, card, vira)
                extra = _("level {position}").format(position=level.position)
                items.append(card_item(v, card, vira, highlight=hl, extra=extra, width=66))
        self.row.show(items)
        self._name_walk_button(ranking)
        # The list of levels changes with the variant, the vira or the language only, not
        # with the selected card: worked out again only then. The cards above are the main
        # view; the list is there for whoever wants it as text, closed until opened.
        key = (v, vira, get_language())
        if key != self._levels_key:
            rows = "".join(
                "<li>" + escape(_("{kind}: {cards}").format(
                    kind=kind_name(lv.kind),
                    cards=format_list([v.card_name(c, vira) for c in lv.cards])))
                + "</li>" for lv in ranking.levels)
            head = ""
            if vira is not None:
                text = _("{vira}: {card}").format(vira=vira_word(v), card=vira.name())
                head = f"<p>{escape(text)}</p>"
            summary = escape(_("The ranking as a list of levels"))
            self.levels_html.value = (
                f'<details class="tutor-levels-list"><summary style="cursor:pointer">'
                f'{summary}</summary>{head}<ol class="tutor-levels" style="margin:.3em 0;'
                f'font-size:.92em">{rows}</ol></details>')
            self._levels_key = key

    def _name_walk_button(self, ranking) -> None:
        """The walk button says what its next click does."""
        last = ranking.levels[-1].cards[-1]
        if self.selected is None:
            label = _("Show the strongest card")
        elif self.selected == last:
            label = _("Back to the strongest card")
        else:
            label = _("Next card down the ranking")
        self.next_button.description = label

    # --- browser events (validated here) ---------------------------------------------------
    def _on_vira_picker(self, change) -> None:
        if getattr(self, "_updating", False) or change["new"] is None:
            return
        if self.vira is None or change["new"] != self.vira.code:
            self.set_vira(change["new"])

    def _on_variant_picker(self, change) -> None:
        self.set_variant(change["new"])
