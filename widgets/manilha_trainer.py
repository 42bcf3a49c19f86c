"""ManilhaTrainer: click the special cards strongest first, in the variant's own words.

Manilhas (fixed, or set by the vira), cartas bravas, or Truco Uruguayo's piezas and matas
(set by the muestra): the kinds come from the engine's ranking.

>>> t = ManilhaTrainer("paulista", seed=1)
>>> answer = [c.code for c in t.variant.manilhas(t.vira)]
>>> [t.pick(code) for code in answer], t.score, t.asked
([True, True, True, True], 1, 1)
>>> ManilhaTrainer("uruguayo", seed=1).message  # doctest: +ELLIPSIS
'Muestra caballo (11) of espadas. Click the 5 piezas, then the 4 matas, of Truco Uruguayo...'
"""
from __future__ import annotations

import random

import ipywidgets as W

from truco.i18n import chain
from .i18n import N_, _, ngettext

from .app import FROM_APP, resolve_recorder
from .cardrow import CardRow
from .common import (TutorWidget, button, card_html, card_item, card_label, get_variant,
                     special_highlight, vira_highlight, vira_word)

__all__ = ["ManilhaTrainer"]

OFFER_SIZE = 12  # cards on offer each round: the specials and distractors
# Texts per family of special cards: "manilha" and "brava" (the engine's ranking kinds), and
# "muestra" for Truco Uruguayo, whose muestra makes piezas and matas.
_ASK = {"manilha": N_("Click the {n} manilhas of {variant}, strongest first."),
        "brava": N_("Click the {n} cartas bravas of {variant}, strongest first."),
        "muestra": N_("Click the {piezas} piezas, then the {matas} matas, of {variant}, "
                      "strongest first.")}
_ASK_OTHER = N_("Click the {n} special cards of {variant}, strongest first.")
_NOT_SPECIAL = {"manilha": N_("Not this one: {card} is not a manilha (it ranks at level "
                             "{position})."),
                "brava": N_("Not this one: {card} is not a carta brava (it ranks at level "
                            "{position})."),
                "muestra": N_("Not this one: {card} is neither a pieza nor a mata (it ranks at "
                              "level {position}).")}
_NOT_SPECIAL_OTHER = N_("Not this one: {card} is not a special card (it ranks at level "
                        "{position}).")
MAX_SLIPS = 1  # a round with at most this many slips still counts as right
_ROW_LABEL = {"manilha": N_("Cards to pick the manilhas from"),
              "brava": N_("Cards to pick the cartas bravas from"),
              "muestra": N_("Cards to pick the piezas and matas from")}
_ROW_LABEL_OTHER = N_("Cards to pick the special cards from")
_OUT_OF_ORDER = N_("Not yet: {card} is one of them, but a stronger one is still to find.")


def special_family(variant, vira=None) -> str:
    """Which words fit ``variant``'s special cards: "muestra" (piezas and matas), or the one
    kind all its specials share in the engine's ranking ("manilha", "brava"), else "other"."""
    if variant.turned_up_word == "muestra":
        return "muestra"
    ranking = variant.ranking(vira)
    kinds = {ranking.kind[c.id] for c in ranking.specials()}
    return kinds.pop() if len(kinds) == 1 and kinds <= set(_ASK) else "other"


class ManilhaTrainer(TutorWidget):
    """Find the special cards (manilhas, cartas bravas, or piezas and matas) strongest first.

    ``pick(code)`` is a click; ``new_vira()`` deals a new round. A wrong pick is a slip: it
    is explained and noted, and the round goes on. ``score`` counts rounds finished with at
    most one slip, ``asked`` rounds finished, ``mistakes`` slips this round.

    In a class, one round is one stored answer (every pick of it, in order), stored when its
    last card is found and before the learner is told; a reload replays the finished rounds
    (a round under way starts again).
    ``recorder=`` records the answers: an object with ``seed``, ``save(...)`` and
    ``replay(...)`` (the Recorder protocol of :mod:`widgets.classroom.session`), or None;
    by default the app layer's (:func:`widgets.app.recorder_for`)."""

    def __init__(self, variant="paulista", seed=None, *, recorder=FROM_APP):
        super().__init__()
        self.variant = get_variant(variant)
        if not self.variant.manilhas(self.variant.deck[0] if self.variant.uses_vira else None):
            raise ValueError(_("{variant} has no manilhas or special cards to train").format(
                variant=_(self.variant.title)))
        self.family = special_family(self.variant, self.variant.deck[0]
                                     if self.variant.uses_vira else None)
        # in a class: its seed, picks stored
        self.recorder = resolve_recorder(recorder, "manilhas", seed, self.say)
        self.seed = seed if self.recorder is None else self.recorder.seed
        self._rng = random.Random(self.seed)
        self.dealt = 0  # rounds dealt so far
        self.score = 0
        self.asked = 0
        self.streak = 0
        self.vira = None
        self.found: list = []
        self.wrong: set = set()
        self.mistakes = 0
        self.done = False
        self._answer: tuple = ()
        self._offer: list = []
        self.vira_html = W.HTML()
        self.row = CardRow(on_pick=self.pick, on_reject=self._rejected,
                           label=_(_ROW_LABEL.get(self.family, _ROW_LABEL_OTHER)))
        self.new_button = button(_("New round"), self.new_vira, bench=True)
        self.score_html = W.HTML()
        self._root([self.vira_html, self.row, self.new_button, self.feedback, self.score_html])
        self.new_vira()
        if self.recorder is not None and self.recorder.replay(self._replay) and self.done:
            self.new_vira()

    # --- operations ------------------------------------------------------------------------
    def new_vira(self) -> None:
        """Turn up a new vira (or, without one, deal new distractors) and start a round."""
        v, rng = self.variant, self._rng
        self.dealt += 1
        deck = list(v.deck)
        self.vira = rng.choice(deck) if v.uses_vira else None
        self._answer = tuple(v.manilhas(self.vira))
        rest = [c for c in deck if c not in self._answer and c != self.vira]
        # Distractors: the vira's own rank first (the usual slip), then random cards.
        same = [c for c in rest if self.vira is not None and c.rank == self.vira.rank]
        others = [c for c in rest if c not in same]
        rng.shuffle(others)
        need = max(OFFER_SIZE - len(self._answer), 0)
        offer = list(self._answer) + (same + others)[:need]
        self._offer = sorted(offer, key=deck.index)
        self.found, self.wrong, self.mistakes, self.done = [], set(), 0, False
        self._picks: list[str] = []  # every pick of this round, in order
        ask = self._ask()  # the feedback first: it reaches the learner before the new cards
        if self.vira is not None:
            self.say(_("{vira} {card}.").format(vira=vira_word(v), card=self.vira.name()), "info",
                     [ask])
        else:
            self.say(ask)
        self._draw()

    def pick(self, code) -> bool:
        """What a click on card ``code`` does. Returns True for a right pick."""
        v, vira = self.variant, self.vira
        if self.done:
            self.say(_("This round is over: press New round for another."), "error")
            return False
        offered = {c.code for c in self._offer}
        if not isinstance(code, str) or code not in offered:
            self.say(_("That card is not one of the cards on offer."), "error")
            return False
        card = v.card(code)
        if card in self.found:
            self.say(_("You already found {card}.").format(card=v.card_name(card, vira)),
                     "error")
            return False
        expected = self._answer[len(self.found)]
        if card == expected:
            last = len(self.found) + 1 == len(self._answer)
            if last and self.recorder is not None:  # the round, stored before it is told
                problem = self._save(card)
                if problem is not None:
                    self.say(problem, "error")
                    return False
            self.found.append(card)
            self._picks.append(card.code)
            if last:
                self._finish()
            else:
                self.say(_("Right: {card} is number {n}.").format(
                    card=card_label(v, card, vira), n=len(self.found)), "right")
            self._draw()
            return True
        self.mistakes += 1
        self._picks.append(card.code)
        self.wrong.add(card)
        level = v.ranking(vira).level(card)
        why = v.trick_verdict([(0, expected), (1, card)], vira).explain()
        if card in self._answer:
            text = _(_OUT_OF_ORDER).format(card=v.card_name(card, vira))
        else:
            text = _(_NOT_SPECIAL.get(self.family, _NOT_SPECIAL_OTHER)).format(
                card=v.card_name(card, vira), position=level.position)
        count = _("{found} of {n} found").format(found=len(self.found), n=len(self._answer))
        self.say(text, "info", [why, count])  # a slip: noted, the round goes on
        self._draw()
        return False

    # --- internals ---------------------------------------------------------------------------
    def _save(self, card) -> str | None:
        """Store the round (every pick, in order) as one answer; a message if it failed."""
        v, vira = self.variant, self.vira
        prompt = " ".join(c.code for c in self._offer)
        if vira is not None:
            prompt = f"{vira.code}|{prompt}"
        picks = " ".join([*self._picks, card.code])
        return self.recorder.save(self.dealt, v.name, prompt, picks,
                                  " ".join(c.code for c in self._answer),
                                  self.mistakes <= MAX_SLIPS)

    def _replay(self, saved) -> bool:
        """Play again, without storing it, a round stored before a reload."""
        while self.dealt < saved.item:
            self.new_vira()
        if self.dealt != saved.item or self.done:
            return False
        for code in str(saved.answer).split():
            self.pick(code)
        if not self.done:
            return False
        return True

    def _ask(self) -> str:
        """The task of this round, in the variant's words, counted from the engine's kinds."""
        v = self.variant
        kinds = v.ranking(self.vira).kind
        counts = {kind: sum(1 for c in self._answer if kinds[c.id] == kind)
                  for kind in ("pieza", "mata")}
        text = _ASK.get(self.family, _ASK_OTHER)
        return _(text).format(n=len(self._answer), piezas=counts["pieza"],
                              matas=counts["mata"], variant=_(v.title))

    def _finish(self) -> None:
        v, vira = self.variant, self.vira
        self.done = True
        self.asked += 1
        order = chain([v.card_name(c, vira) for c in self._answer])  # strongest first
        if self.mistakes == 0:
            self.score += 1
            self.streak += 1
            self.say(_("All found with no mistake: {order}.").format(order=order), "right")
        elif self.mistakes <= MAX_SLIPS:  # progress with a note, not a red cross
            self.score += 1
            self.streak += 1
            self.say(ngettext("All found, with {n} slip: {order}.",
                              "All found, with {n} slips: {order}.", self.mistakes).format(
                n=self.mistakes, order=order), "right")
        else:
            self.streak = 0
            self.say(ngettext("All found, with {n} wrong pick: {order}.",
                              "All found, with {n} wrong picks: {order}.", self.mistakes).format(
                n=self.mistakes, order=order), "wrong")

    def _rejected(self, message: str) -> None:
        if self.done:
            message = _("This round is over: press New round for another.")
        self.say(message, "error")

    def _draw(self) -> None:
        v, vira = self.variant, self.vira
        items = []
        for card in self._offer:
            if card in self.found:  # named after its kind: manilha, brava, pieza or mata
                hl, enabled = special_highlight(v, card, vira), False
            elif card in self.wrong:
                hl, enabled = "wrong", not self.done
            else:
                hl, enabled = None, not self.done
            # Until a card is found, its name must not give the answer away.
            reveal = self.done or card in self.found
            items.append(card_item(v, card, vira, highlight=hl, enabled=enabled,
                                   reveal=reveal))
        self.row.show(items)
        if vira is not None:
            caption = _("{vira}: {card}").format(vira=vira_word(v), card=vira.name())
            self.vira_html.value = card_html(v, vira, vira, highlight=vira_highlight(v),
                                             width=64, caption=caption)
        else:
            self.vira_html.value = ""
        self.score_html.value = _("Score: {score} of {asked} · streak {streak}").format(
            score=self.score, asked=self.asked, streak=self.streak)
