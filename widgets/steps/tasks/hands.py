"""The "hand" task: who wins the hand after these tricks? Team A, team B, or nobody.

The results of up to three tricks are set (some tied); the engine's hand verdict
(``truco.resolve.hand``) judges and explains. Team A is the mano's side, team B the dealer's.

>>> import random, truco
>>> t = HandTask(truco.variant("paulista"), random.Random(2), all_tied=True)
>>> t.tricks, t.solution()
((None, None, None), 'nobody')
>>> HandTask.name_question(truco.variant("mineiro"), "tricks=tie,A")
'Who wins the hand after these tricks: tied, team A'
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from truco import Undecided, resolve
from truco.i18n import sequence
from ...language.i18n import _

from ...ui.common import ActionButtons, rtl, team_label
from ..model import Outcome, Task
from .tricks import Refusals

__all__ = ["HandTask", "ANSWERS", "decided_results", "deal_results"]

ANSWERS = ("A", "B", "nobody")
_KEY = {0: "A", 1: "B", None: "nobody"}
_CODE = {0: "A", 1: "B", None: "tie"}
ALL_TIED = (None, None, None)
ALL_TIED_WEIGHT = 3  # the all-tied hand comes up more often than once in fifteen


def decided_results(variant, mano=0, dealer=1) -> list[tuple]:
    """Every sequence of trick results (team 0, 1 or None for a tie) that decides a hand
    exactly at its last trick, under ``variant``'s rules (asked to the engine)."""
    found = []
    for n in (2, 3):
        for k in range(3 ** n):
            tricks = tuple((None, 0, 1)[(k // 3 ** i) % 3] for i in range(n))
            try:
                resolve.hand(variant, list(tricks), mano, dealer)
            except (Undecided, ValueError):
                continue
            found.append(tricks)
    return found


def deal_results(variant, rng, ties=None, all_tied=False, mano=0, dealer=1) -> tuple:
    """Trick results that decide a hand: ``all_tied`` gives three tied tricks; ``ties``
    True at least one tied trick, False none, "first" the first trick tied (not all three),
    "later" the first trick won and a later one tied; otherwise any (most have a tie, and
    the all-tied hand is weighted up so it comes up)."""
    if all_tied:
        return ALL_TIED
    options = decided_results(variant, mano, dealer)
    if ties == "first":  # the first trick tied (not all three)
        options = [t for t in options if t[0] is None and t != ALL_TIED]
    elif ties == "later":  # the first trick won, a later one tied
        options = [t for t in options if t[0] is not None and None in t]
    elif ties is not None:
        options = [t for t in options if (None in t) == bool(ties)]
    weights = [ALL_TIED_WEIGHT if t == ALL_TIED else 1 for t in options]
    return rng.choices(options, weights=weights)[0]


def result_name(result) -> str:
    return _("tied") if result is None else str(team_label(result))


class HandTask(Task):
    """Who wins the hand after these tricks? Keys: "A", "B" or "nobody". Options: ``ties``
    (True: a tied trick in it; False: none; "first" or "later": which trick is tied, see
    :func:`deal_results`), ``all_tied`` (three tied tricks)."""

    kind = "hand"

    def __init__(self, variant, rng, *, worked=False, ties=None, all_tied=False, **options):
        super().__init__(variant, rng, worked=worked, ties=ties, all_tied=all_tied, **options)
        self.mano, self.dealer = 0, 1
        self.tricks = deal_results(variant, rng, ties, all_tied, self.mano, self.dealer)
        self.verdict = resolve.hand(variant, list(self.tricks), self.mano, self.dealer)
        self.correct = _KEY[self.verdict.winner]
        self.explanation = self.verdict.explain()  # worked out now, not between click and feedback
        self.done = False
        self.picked = None
        self.item = "tricks=" + ",".join(_CODE[t] for t in self.tricks)
        self.question = self.name_question(variant, self.item)
        self.refusals = Refusals()
        self.head = W.HTML()
        self.buttons = ActionButtons(self.answer, self.refusals.say)
        self.worked_html = W.HTML()
        self.view = rtl(W.VBox([self.head, self.buttons.box, self.worked_html,
                                self.refusals.html]))
        self.view.add_class("tutor-task")
        self._draw()

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        codes = str(item).partition("=")[2].split(",")
        names = {"A": 0, "B": 1, "tie": None}
        results = sequence([result_name(names[c]) for c in codes if c in names])
        return _("Who wins the hand after these tricks: {results}").format(results=results)

    def answer(self, key):
        if self.done:
            self.refusals.say(_("This hand is answered already."))
            return None
        if not isinstance(key, str) or key not in ANSWERS:
            self.refusals.say(_("Answer team A, team B or nobody."))
            return None
        self.refusals.clear()
        self.done, self.picked = True, key
        right = key == self.correct
        explanation = self.explanation
        if not right:
            explanation = " ".join([_("No."), explanation])
        return self.report(Outcome(right, True, explanation, answer=key, correct=self.correct),
                           then=self._draw)

    def solution(self) -> str:
        return self.correct

    def wrong_answer(self) -> str:
        return next(k for k in ANSWERS if k != self.correct)

    def _draw(self) -> None:
        rows = []
        for i in range(3):
            result = self.tricks[i] if i < len(self.tricks) else "-"
            if result == "-":
                word, colour = _("not played"), "var(--tutor-ink-muted, #495057)"
            elif result is None:
                word = _("tied ({word})").format(word=_(self.variant.tie_word))
                colour = "var(--tutor-ink-warm, #5c3d00)"
            else:
                word, colour = str(team_label(result)), ("var(--tutor-team-a, #1c5fa8)",
                                                          "var(--tutor-team-b, #b02a4a)")[result]
            trick = _("Trick {n}").format(n=i + 1)
            rows.append(f"<div style='flex:1 1 7em;border:2px solid {colour};border-radius:6px;"
                        f"padding:.3em .5em;text-align:center'><div style='font-size:.85em'>"
                        f"{escape(trick)}</div><strong "
                        f"style='color:{colour}'>{escape(word)}</strong></div>")
        lines = [_("{variant}: who wins the hand after these tricks?").format(
                     variant=_(self.variant.title)),
                 _("Team A is the mano's side (it played first); the dealer is on team B.")]
        text = "".join(f"<p style='margin:.2em 0'>{escape(t)}</p>" for t in lines)
        self.head.value = (text + "<div style='display:flex;flex-wrap:wrap;gap:.5em;"
                           "margin:.4em 0'>" + "".join(rows) + "</div>")
        self.buttons.show([] if self.done else [("A", _("Team A")), ("B", _("Team B")),
                                                ("nobody", _("Nobody"))])
        for key, b in self.buttons.buttons.items():
            b.button_style = "success" if self.worked and key == self.correct else "primary"
        if self.worked and not self.done:
            worked, do = _("Worked example:"), _("Now give that answer yourself.")
            self.worked_html.value = (f"<div class='tutor-worked' style='margin:.3em 0'>"
                                      f"<strong>{escape(worked)}</strong> "
                                      f"{escape(self.explanation)} "
                                      f"{escape(do)}</div>")
        else:
            self.worked_html.value = ""
