"""EnvidoTrainer: a hand of three cards is shown; enter its envido (and flor) points.

The points and the cards that count come from the engine (``truco.envido_verdict``,
``truco.flor_verdict``); with a muestra (Uruguay) the piezas count too: the hand's piezas
wear the pieza mark until the learner answers, and the explanation is the engine's pieza
count (the pieza's value plus the best other card's last digit).

>>> t = EnvidoTrainer("argentino", seed=1)
>>> t.answer(t.verdict.points), t.score, t.asked
(True, 1, 1)
>>> t.answer(t.verdict.points), t.asked  # answered already: nothing changes
(False, 1)
"""
from __future__ import annotations

import random
from html import escape

import ipywidgets as W

import truco
from truco.i18n import format_list
from .i18n import _, ngettext

from .app import FROM_APP, resolve_recorder
from .cardrow import CardRow
from .common import (TutorWidget, button, card_html, card_item, get_variant, special_highlight,
                     vira_highlight, vira_word)

__all__ = ["EnvidoTrainer"]

_WRAP = W.Layout(flex_flow="row wrap", align_items="center")

FLOR_SHARE = 0.25  # about one hand in four is dealt with a flor, so flor gets practised
MAX_POINTS = 99


class EnvidoTrainer(TutorWidget):
    """``answer(points)`` checks the envido points, ``answer_flor(points or None)`` the flor
    (None: "no flor"); ``next()`` (or ``new_hand()``) deals another hand. ``score`` counts right
    answers, ``asked`` answers given, ``streak`` right answers in a row.
    ``recorder=`` records the answers: an object with ``seed``, ``save(...)`` and
    ``replay(...)`` (the Recorder protocol of :mod:`widgets.classroom.session`), or None;
    by default the app layer's (:func:`widgets.app.recorder_for`)."""

    def __init__(self, variant="argentino", seed=None, *, recorder=FROM_APP):
        super().__init__()
        self.variant = get_variant(variant)
        if not self.variant.envido or self.variant.family != "spanish":
            names = format_list([n for n in truco.VARIANT_NAMES if truco.variant(n).envido],
                                "or")
            raise ValueError(_("{variant} has no envido; choose one of {valid}").format(
                variant=_(self.variant.title), valid=names))
        # in a class: its seed, answers stored
        self.recorder = resolve_recorder(recorder, "envido", seed, self.say)
        self.seed = seed if self.recorder is None else self.recorder.seed
        self._rng = random.Random(self.seed)
        self.dealt = 0  # hands dealt so far
        self.score = self.asked = self.streak = 0
        self.cards: tuple = ()
        self.muestra = None
        self.verdict = None  # the engine's envido verdict for the hand on show
        self.flor_verdict = None  # the engine's flor verdict, None when there is no flor
        self.envido_answered = self.flor_answered = False
        self.envido_missed = False  # a wrong count the learner may still correct
        self.row = CardRow(label=_("Your hand"),
                           on_reject=lambda m: self.say(_("Type the points below."), "error"))
        self.muestra_html = W.HTML()
        # On a phone the text boxes keep a modest width and the rows wrap, so the buttons keep
        # their whole labels (they were cut to "Check en…" at 390 px).
        box = W.Layout(width="11em", min_width="9em")
        self.envido_input = W.BoundedIntText(value=0, min=0, max=MAX_POINTS,
                                             description=_("Envido"), layout=box)
        self.envido_button = button(_("Check envido"), self._on_envido)
        self.flor_input = W.BoundedIntText(value=0, min=0, max=MAX_POINTS,
                                           description=_("Flor"), layout=box)
        self.flor_button = button(_("Check flor"), self._on_flor)
        self.no_flor_button = button(_("No flor"), lambda: self.answer_flor(None))
        self.next_button = button(_("New hand"), self.next, bench=True)
        self.score_html = W.HTML()
        self._root([self.muestra_html, self.row,
                    W.HBox([self.envido_input, self.envido_button], layout=_WRAP),
                    W.HBox([self.flor_input, self.flor_button, self.no_flor_button],
                           layout=_WRAP),
                    self.next_button, self.feedback, self.score_html])
        self.next()
        if self.recorder is not None and self.recorder.replay(self._replay) and \
                (self.envido_answered or self.envido_missed) and self.flor_answered:
            self.next()

    # --- operations ------------------------------------------------------------------------
    def next(self) -> None:
        """Deal a new hand (a question left unanswered is skipped, not counted)."""
        v, rng = self.variant, self._rng
        self.dealt += 1
        want_flor = rng.random() < FLOR_SHARE
        for _try in range(400):
            cards = rng.sample(list(v.deck), 4 if v.uses_vira else 3)
            muestra = cards.pop() if v.uses_vira else None
            flor = truco.flor_verdict(cards, muestra)
            if (flor is not None) == want_flor:
                break
        self.cards, self.muestra = tuple(cards), muestra
        self.verdict = truco.envido_verdict(cards, muestra)
        self.flor_verdict = flor
        self.envido_answered = self.flor_answered = False
        self.envido_missed = False  # a wrong count the learner may still correct
        self._draw()
        self.say(_("How many envido points does this hand have? And its flor, if it has one?"))

    new_hand = next

    def answer(self, points) -> bool:
        """Check the envido points typed in. Returns True when right."""
        if self.envido_answered:
            self.say(_("The envido of this hand is answered already: press New hand."),
                     "error")
            return False
        if not self._valid(points):
            self.say(_("Envido points are a whole number from 0 to {top}.").format(
                top=MAX_POINTS), "error")
            return False
        right = points == self.verdict.points
        retry = self.envido_missed  # a correction after the explanation: scored once, stored once
        if not retry and not self._saved(f"envido:{points}", f"envido:{self.verdict.points}",
                                         right):
            return False
        if not retry:
            self._count(right)
        self.envido_answered = right
        self.envido_missed = not right
        if right:
            text = ngettext("Right: {points} point of envido.",
                            "Right: {points} points of envido.", self.verdict.points)
        elif retry:
            text = _("Not yet: the envido is not {answer}. Count again with the cards that "
                     "count, then check.")
        else:
            text = _("No: the envido is not {answer}. Look at the cards that count and "
                     "correct your count.")
        details = [self.verdict.explain(), _("Rule: {rule}.").format(rule=self.verdict.rule())]
        self.say(text.format(points=self.verdict.points, answer=points),
                 "right" if right else "wrong", details)
        self._draw()
        return right

    def answer_flor(self, points) -> bool:
        """Check the flor: its points, or None for "this hand has no flor"."""
        if self.flor_answered:
            self.say(_("The flor of this hand is answered already: press New hand."), "error")
            return False
        if points is not None and not self._valid(points):
            self.say(_("Flor points are a whole number from 0 to {top}, or no flor.").format(
                top=MAX_POINTS), "error")
            return False
        flor = self.flor_verdict
        right = (flor is None and points is None) or (flor is not None and points == flor.points)
        if not self._saved(f"flor:{'none' if points is None else points}",
                           f"flor:{'none' if flor is None else flor.points}", right):
            return False
        self.flor_answered = True
        self._count(right)
        if flor is None:
            text = _("Right: this hand has no flor.") if right else \
                _("No: this hand has no flor.")
            self.say(text, "right" if right else "wrong", self._flor_note())
        else:
            text = _("Right: a flor of {points}.") if right else \
                _("No: this hand has a flor of {points}.")
            self.say(text.format(points=flor.points), "right" if right else "wrong",
                     [flor.explain(), _("Rule: {rule}.").format(rule=flor.rule()),
                      *self._flor_note()])
        self._draw()
        return right

    def is_pieza(self, card) -> bool:
        """Whether ``card`` (of the hand on show) is a pieza of this hand's muestra."""
        return self.muestra is not None and \
            special_highlight(self.variant, card, self.muestra) == "pieza"

    # --- internals ---------------------------------------------------------------------------
    def _saved(self, answer: str, correct: str, right: bool) -> bool:
        """In a class, store the answer before the learner is told (False: not stored)."""
        if self.recorder is None:
            return True
        prompt = " ".join(c.code for c in self.cards)
        if self.muestra is not None:
            prompt = f"{self.muestra.code}|{prompt}"
        problem = self.recorder.save(self.dealt, self.variant.name, prompt, answer, correct,
                                     right)
        if problem is not None:
            self.say(problem, "error")
            return False
        return True

    def _replay(self, saved) -> bool:
        """Answer again, without storing it, an answer stored before a reload."""
        while self.dealt < saved.item:
            self.next()
        kind, _sep, value = saved.answer.partition(":")
        if self.dealt != saved.item or not (value == "none" or value.isdigit()):
            return False
        if kind == "envido" and not self.envido_answered:
            self.answer(int(value))
        elif kind == "flor" and not self.flor_answered:
            self.answer_flor(None if value == "none" else int(value))
        else:
            return False
        return True

    @staticmethod
    def _valid(points) -> bool:
        return isinstance(points, int) and not isinstance(points, bool) and \
            0 <= points <= MAX_POINTS

    def _count(self, right: bool) -> None:
        self.asked += 1
        if right:
            self.score += 1
            self.streak += 1
        else:
            self.streak = 0

    def _flor_note(self) -> list[str]:
        if self.variant.flor:
            return []
        return [_("{variant} is played without flor unless the players agree to it.").format(
            variant=_(self.variant.title))]

    def _on_envido(self) -> None:
        self.answer(self.envido_input.value)

    def _on_flor(self) -> None:
        self.answer_flor(self.flor_input.value)

    def _draw(self) -> None:
        v, muestra = self.variant, self.muestra
        shown = self.envido_answered or self.envido_missed or self.flor_answered
        counting = set(self.verdict.cards) if self.envido_answered or self.envido_missed \
            else set()
        if self.flor_answered and self.flor_verdict is not None:
            counting |= set(self.flor_verdict.cards)
        items = []
        for card in self.cards:
            if shown:
                hl = "counts" if card in counting else "muted"
            else:  # a pieza is marked as one: in Uruguay it counts its own value
                hl = "pieza" if self.is_pieza(card) else None
            items.append(card_item(v, card, muestra, highlight=hl, enabled=False))
        self.row.show(items)
        if muestra is not None:
            self.muestra_html.value = card_html(v, muestra, muestra, highlight=vira_highlight(v),
                                                width=56,
                                                caption=vira_word(v))
        else:
            self.muestra_html.value = ""
        self.envido_button.disabled = self.envido_answered
        self.flor_button.disabled = self.no_flor_button.disabled = self.flor_answered
        self.score_html.value = escape(_("Score: {score} of {asked} · streak {streak}").format(
            score=self.score, asked=self.asked, streak=self.streak))
