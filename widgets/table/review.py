"""HandReview: the learner's own decisions in a hand, graded by the engine's evaluator
(:func:`truco.review`), one at a time with the table as it was.

At each decision: the grade, the best action, what each legal action was worth and one
sentence why, in the learner's language. On a mistake or a blunder the learner first gets to
look for a better move ("find a better move", as lichess's "learn from your mistakes"); the
answer is shown when they find one, or ask for it. Every grade and every value is the
engine's; this view only shows them.

>>> import truco
>>> g = truco.Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["2d", "Kc", "Qs"]], dealer=1)
>>> for a in ["play 3h", "play 2d", "play 5s", "play Kc", "raise", "refuse"]: _e = g.apply(a)
>>> r = HandReview(g, 0, hand=1)
>>> len(r.decisions), r.index, r.asking
(3, 0, True)
>>> r.try_move("accept")                # not legal then: refused, nothing changes
False
>>> r.try_move("play 5s"), r.revealed    # still a mistake: try again
(False, False)
>>> r.try_move("raise"), r.revealed      # the best: the answer is shown
(True, True)
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

import truco
from truco.i18n import number, percent
from truco.notation import from_notation

from ..language.i18n import N_, _
from ..ui.common import ActionButtons, TutorWidget, button, card_item, get_variant
from .view import TableView
from .words import action_label

__all__ = ["HandReview", "accuracy", "hand_totals"]

GRADE_WORDS = {"best": N_("Best"), "good": N_("Good"), "inaccuracy": N_("Inaccuracy"),
               "mistake": N_("Mistake"), "blunder": N_("Blunder")}
ASK = ("mistake", "blunder")  # grades that ask for a better move before the answer


def accuracy(decisions) -> float | None:
    """The share of decisions graded best or good (None without decisions)."""
    if not decisions:
        return None
    return sum(1 for d in decisions if d.grade in ("best", "good")) / len(decisions)


def hand_totals(decisions) -> dict:
    """The summary of a hand's decisions: how many, the points lost, the accuracy and the
    worst decision (None when every one was the best)."""
    worst = max(decisions, key=lambda d: d.loss, default=None)
    return {"decisions": len(decisions), "lost": sum(d.loss for d in decisions),
            "accuracy": accuracy(decisions),
            "worst": worst if worst is not None and worst.grade != "best" else None}


class HandReview(TutorWidget):
    """Step through ``seat``'s decisions in hand number ``hand`` of ``game`` (the last hand
    played when None): :meth:`next` and :meth:`previous` move, :meth:`try_move` looks for a
    better move, :meth:`show_answer` gives it."""

    def __init__(self, game, seat: int, *, hand: int | None = None, decisions=None,
                 progress=None, so_far=()):
        super().__init__()
        # so_far: (hand number, decision) of the game's hands reviewed before this one
        self.variant, self.seat = get_variant(game.variant), seat
        self.so_far = tuple(so_far)
        self.hand = hand if hand is not None else game.hand_no
        if decisions is None:
            decisions = truco.review(game, seat, hand=hand, progress=progress)
        self.decisions = tuple(decisions)
        self.index = 0
        self.revealed = False
        self.tries = 0
        self.title = W.HTML()
        self.title.add_class("tutor-review-title")
        self.table = TableView(self.variant, seat, on_card=lambda _c: self.say(
            _("This is the hand as it was, to be looked at."), "info"),
                               on_action=lambda _a: None,
                               on_reject=lambda m: self.say(m, "error"))
        # the table as it was: the learner's cards in view, its own buttons hidden
        self.table.buttons.box.layout.display = "none"
        self.table.row.add_class("tutor-table-look")
        self.grade_html = W.HTML()
        self.grade_html.add_class("tutor-review-grade")
        self.tries_box = ActionButtons(self.try_move, lambda m: self.say(m, "error"))
        self.tries_box.box.add_class("tutor-review-tries")
        self.answer_button = button(_("Show the answer"), self.show_answer)
        self.prev_button = button(_("Previous decision"), self.previous)
        self.next_button = button(_("Next decision"), self.next)
        nav = W.HBox([self.prev_button, self.next_button, self.answer_button],
                      layout=W.Layout(flex_flow="row wrap"))
        nav.add_class("tutor-review-nav")
        self.summary_html = W.HTML(self._summary_html())
        self.summary_html.add_class("tutor-review-summary")
        self._root([self.summary_html, self.title, self.table.widget, self.feedback,
                    self.grade_html, self.tries_box.box, nav])
        self.widget.add_class("tutor-hand-review")
        if self.decisions:
            self.go(0)
        else:
            self.say(_("You took no decision in this hand: every move was forced."), "info")
            for w in (self.table.widget, nav):
                w.layout.display = "none"

    # --- moving -----------------------------------------------------------------------------
    @property
    def decision(self):
        return self.decisions[self.index] if self.decisions else None

    @property
    def asking(self) -> bool:
        """The learner is looking for a better move (the answer is not shown yet)."""
        return bool(self.decisions) and not self.revealed

    def go(self, index) -> bool:
        """Show decision number ``index`` (from 0)."""
        if index.__class__ is not int or not 0 <= index < len(self.decisions):
            self.say(_("That choice could not be understood. Please try again."), "error")
            return False
        self.index, self.tries = index, 0
        d = self.decisions[index]
        self.revealed = d.grade not in ASK
        self._game = game = from_notation(d.notation)  # the hand as it was at the decision
        self.table.draw(game)
        self.table.buttons.box.layout.display = "none"
        self.table.row.show([card_item(self.variant, self.variant.card(c), game.vira,
                                       enabled=False, reveal=False)
                             for c in (d.observation.hand or ())])
        self.title.value = (f"<strong>{escape(self._position_words())}</strong>")
        self._draw()
        return True

    def next(self) -> bool:
        """The next decision (the Next decision button)."""
        if self.index + 1 >= len(self.decisions):
            self.say(_("That was your last decision of this hand."), "info")
            return False
        return self.go(self.index + 1)

    def previous(self) -> bool:
        """The decision before (the Previous decision button)."""
        if self.index == 0:
            self.say(_("This is your first decision of this hand."), "info")
            return False
        return self.go(self.index - 1)

    # --- find a better move -----------------------------------------------------------------
    def try_move(self, action) -> bool:
        """The learner's try at a better move: True when it is the best or good (then the
        answer is shown); a wrong try says what it is worth."""
        d = self.decision
        if d is None or self.revealed:
            self.say(_("That button is not available now."), "error")
            return False
        legal = [a.action for a in d.evaluation.actions]
        if not isinstance(action, str) or action not in legal or action == d.action:
            self.say(_("That button is not available now."), "error")
            return False
        self.tries += 1
        g = truco.grade(d.evaluation, action)
        if g.label in ("best", "good"):
            self.revealed = True
            self._draw()
            self.say(_("Well found: {why}").format(why=g.explain()), "right")
            return True
        self.say(_("Not that one either: {why} Try again, or ask for the answer.").format(
            why=g.explain()), "wrong")
        return False

    def show_answer(self) -> bool:
        """Show the grade, the best action and every alternative (the Show the answer
        button)."""
        if self.decision is None or self.revealed:
            self.say(_("The answer is shown."), "info")
            return False
        self.revealed = True
        self._draw()
        self.say(self.decision.explain(), "info")
        return True

    # --- drawing ----------------------------------------------------------------------------
    def _position_words(self) -> str:
        return _("Decision {k} of {n}").format(k=number(self.index + 1),
                                               n=number(len(self.decisions)))

    def _draw(self) -> None:
        d = self.decision
        self.prev_button.disabled = self.index == 0
        self.next_button.disabled = self.index + 1 >= len(self.decisions)
        self.answer_button.layout.display = None if not self.revealed else "none"
        obs, game = d.observation, self._game
        you = _("You chose: {action}.").format(action=self._label(d.action, obs, game))
        if not self.revealed:
            ask = _("There was a better move. Can you find it?")
            self.grade_html.value = f'<p class="tutor-review-ask">{escape(you)} {escape(ask)}</p>'

            self.tries_box.show([(a.action, self._label(a.action, obs, game))
                                 for a in d.evaluation.actions if a.action != d.action])
            if self.tries == 0:
                self.say(_("Find a better move before the answer is shown."), "info")
            return
        self.tries_box.show([])
        badge = (f'<span class="tutor-grade tutor-grade-{d.grade}">'
                 f'{escape(_(GRADE_WORDS[d.grade]))}</span>')
        rows = []
        for a in d.evaluation.actions:
            label = truco.grade(d.evaluation, a.action).label
            cls = " tutor-review-mine" if a.action == d.action else ""
            err = "" if a.error == 0 else f" ± {number(round(a.error, 1), 1)}"
            rows.append(f'<tr class="tutor-review-row{cls}"><td>'
                        f'{escape(self._label(a.action, obs, game))}</td>'
                        f'<td>{escape(number(round(a.points, 1), 1))}{escape(err)}</td>'
                        f'<td>{escape(percent(a.hand_win, 0))}</td>'
                        f'<td>{escape(_(GRADE_WORDS[label]))}</td></tr>')
        names = (_("Action"), _("Points"), _("Hand won"), _("Grade"))
        head = "<tr>" + "".join(f"<th>{escape(n)}</th>" for n in names) + "</tr>"
        caption = _("What each action was worth for your side")
        self.grade_html.value = (
            f'<p>{badge} {escape(you)}</p><p>{escape(d.explain())}</p>'
            f'<table class="tutor-review-values"><caption>{escape(caption)}</caption>'
            f'{head}{"".join(rows)}</table>')
        if d.grade not in ASK:
            self.say(d.explain(), "right" if d.grade in ("best", "good") else "info")

    def _label(self, action: str, obs, game) -> str:
        try:
            preview = game.preview(action)
        except truco.TrucoError:
            preview = None
        return action_label(self.variant, action, obs, preview)

    def _summary_html(self) -> str:
        t = hand_totals(self.decisions)
        if not t["decisions"]:
            return ""
        parts = [_("Your decisions in this hand: {n}.").format(n=number(t["decisions"])),
                 _("Accuracy: {pct}.").format(pct=percent(t["accuracy"], 0)),
                 _("Points lost against the best play: {x}.").format(
                     x=number(round(t["lost"], 1), 1))]
        worst = t["worst"]
        if worst is not None:
            parts.append(_("Worst: decision {k} ({grade}).").format(
                k=number(self.decisions.index(worst) + 1), grade=_(GRADE_WORDS[worst.grade])))
        out = "<p>" + " ".join(escape(p) for p in parts) + "</p>"
        if self.so_far:
            every = self.so_far + tuple((self.hand, d) for d in self.decisions)
            g = hand_totals([d for _h, d in every])
            game = _("This game so far: {n} decisions, accuracy {pct}, {x} points lost.").format(
                n=number(g["decisions"]), pct=percent(g["accuracy"], 0),
                x=number(round(g["lost"], 1), 1))
            if g["worst"] is not None:
                hand = next(h for h, d in every if d is g["worst"])
                game += " " + _("Worst: hand {h} ({grade}).").format(
                    h=number(hand), grade=_(GRADE_WORDS[g["worst"].grade]))
            out += f'<p class="tutor-review-game">{escape(game)}</p>'
        return out
