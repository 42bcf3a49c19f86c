"""Answering a raise as steps (lesson 05): the opponent calls Truco (or a raise further up the
ladder) and the learner, holding their cards at the table, says what the hand is worth if they
accept, what the opponent scores if they refuse, what they may raise to, or answers the call
and then gives its value. Every value comes from the engine: a copy of the game applies the
answer and its verdict is the truth. Right and wrong are about values and legality, never
strategy.

:class:`AnswerTask` is the shared base of the betting and counting kinds (special hands,
envido, muestra): a question with a few answer buttons, checked in Python.

>>> import random, truco
>>> t = TrucoTask(truco.variant("mineiro"), random.Random(1), ask="accept")
>>> t.answer(t.solution()).right, t.answer(t.solution()).done  # answered: refused
(True, False)
>>> t = TrucoTask(truco.variant("mineiro"), random.Random(1), ask="answer")
>>> t.answer("accept").done, t.question
(False, 'Answer the call: accept, raise or refuse?')
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from truco import Game, IllegalAction
from truco.i18n import format_list, number
from ...language.i18n import N_, _

from ...ui.common import ActionButtons, card_item, rtl
from ...table.view import TableView
from ...table.words import bubbles
from ..model import Outcome, Task

__all__ = ["AnswerTask", "TrucoTask", "number_choices", "cards_words", "table_for",
           "parse_item", "MAX_DEALS"]

MAX_DEALS = 200  # deals tried until one fits the question (a flor to sing blocks a raise ...)


def number_choices(truth: int, pool, rng, k: int = 4) -> list[int]:
    """``truth`` and up to ``k - 1`` other values of ``pool`` near it, ascending."""
    others = sorted({int(p) for p in pool if p != truth and p >= 0},
                    key=lambda p: (abs(p - truth), rng.random()))
    return sorted([truth] + others[:k - 1])


def cards_words(variant, codes) -> str:
    """Cards named plainly in a list ('4 of clubs, 7 of hearts and ace of spades')."""
    return format_list([variant.card(c).name() for c in codes if c])


def parse_item(item: str) -> dict:
    """A stored item ``key=value;key=value`` as a dict (bad parts are skipped)."""
    out = {}
    for part in str(item).split(";"):
        key, sep, value = part.partition("=")
        if sep:
            out[key.strip()] = value.strip()
    return out


def table_for(variant, game, seat=0, start=0, on_reject=None) -> TableView:
    """The table component around ``game`` from ``seat``: the learner's cards in view (not
    playable here), the calls since ``start`` as speech bubbles, the table's own buttons
    hidden (the task's answer buttons are below it)."""
    reject = on_reject or (lambda _m: None)
    view = TableView(variant, seat, on_card=lambda _c: reject(
        _("Your cards are here to be looked at: answer with the buttons below.")),
        on_action=lambda _a: None, on_reject=reject)
    view.draw(game, bubbles=bubbles(game.log[start:], variant, game.hand_no))
    view.buttons.box.layout.display = "none"
    view.row.show([card_item(variant, variant.card(c), game.vira, enabled=False, reveal=False)
                   for c in (game.observation(seat).hand or ())])
    view.row.add_class("tutor-table-look")  # to be looked at, not dimmed
    return view


class AnswerTask(Task):
    """A question answered by one of a few buttons, in one or more stages. A subclass builds
    its situation widgets, then calls :meth:`_layout` once and :meth:`_ask` for each stage
    (the question, ``{key: label}`` choices, the right key and the engine's explanation).
    :meth:`_judge` (overridable) turns an offered key into an :class:`Outcome`. A key not on
    offer (forged, stale, or sent after the end) is refused with a message and reports
    nothing."""

    def _layout(self, situation: list) -> None:
        self.asked = W.HTML()
        self.asked.add_class("tutor-task-question")
        self.note = W.HTML()
        self.note.add_class("tutor-task-note")
        self.message = W.HTML()
        self.buttons = ActionButtons(self._click, self._refuse)
        self.buttons.box.add_class("tutor-task-choices")
        self.over = False
        self.given: list[str] = []
        self.last_error = None
        self.view = rtl(W.VBox([*situation, self.asked, self.note, self.buttons.box,
                                self.message]))
        self.view.add_class("tutor-task")

    def _ask(self, question: str, choices: dict, right: str, why: str) -> None:
        self.stage_question = str(question)
        if not self.question:
            self.question = str(question)
        self.choices, self.right, self.why = dict(choices), right, str(why)
        self.asked.value = f"<p><strong>{escape(str(question))}</strong></p>"
        if self.worked:
            answer = _("The answer: {answer}.").format(answer=self.choices[right])
            yourself = _("Now answer it yourself.")
            self.note.value = (f'<p class="tutor-task-worked">{escape(answer)} '
                               f'{escape(self.why)}</p>'
                               f'<p>{escape(yourself)}</p>')
        else:
            self.note.value = ""
        self.buttons.show(list(self.choices.items()))
        for key, b in self.buttons.buttons.items():
            b.button_style = "info" if self.worked and key == right else ""

    def _click(self, key: str) -> None:
        self.answer(key)

    def _refuse(self, text: str) -> Outcome:
        self.last_error = str(text)
        self.message.value = f'<p role="status">{escape(str(text))}</p>'
        return Outcome(False, False, str(text))

    def answer(self, key) -> Outcome:
        if self.over:
            return self._refuse(_("This question is already answered."))
        if not isinstance(key, str) or len(key) > 40 or key not in self.buttons.offered:
            return self._refuse(_("That answer is not one of the choices."))
        self.last_error = None
        self.given.append(key)
        outcome = self._judge(key)
        if outcome.done or not outcome.right:
            self.over = outcome.done or not outcome.slip
        # No answer counts once over; the buttons go (and a refusal's line) after the feedback.
        return self.report(outcome, then=self._answered)

    def _answered(self) -> None:
        self.message.value = ""
        if self.over:
            self.buttons.show([])

    def _judge(self, key: str) -> Outcome:
        right = key == self.right
        note = "" if right else _("The answer was: {answer}.").format(
            answer=self.choices[self.right])
        return Outcome(right, True, self.why, note=note, answer=key, correct=self.right)

    def _not_allowed(self, key: str) -> Outcome | None:
        """For a task whose choices are actions at the table (a subclass's ``_why_not(key)``
        gives the engine's reason to refuse one, or None): the wrong, final outcome of an
        action the engine refuses now, its reason told; None when the action is allowed."""
        err = self._why_not(key)
        if err is None:
            return None
        return Outcome(False, True, _("Not allowed: {message}.").format(message=err.message),
                       answer=key, correct=self.right)

    def solution(self) -> str:
        return self.right

    def wrong_answer(self) -> str:
        return next(k for k in self.choices if k != self.right)


ASKS = ("accept", "refuse", "raise", "answer")
QUESTIONS = {
    "accept": N_("If you accept, what is the hand worth?"),
    "refuse": N_("If you refuse, how many points does your opponent score?"),
    "raise": N_("May you raise? If you may, what is the hand worth if your raise is "
                "accepted?"),
    "answer": N_("Answer the call: accept, raise or refuse?"),
}
ACTIONS = {"accept": N_("Accept"), "raise": N_("Raise"), "refuse": N_("Refuse"),
           "play": N_("Play a card first")}
NO_RAISE = "none"


class TrucoTask(AnswerTask):
    """Options: ``rung`` (1: the opponent calls the first raise, Truco; 2: the raise above it
    ...), ``ask`` ("accept", "refuse", "raise", "answer"; a random one when not given). The
    learner is player 0 of two; the raises alternate, the opponent's last."""

    kind = "truco_answer"

    @classmethod
    def applies(cls, variant, rung=1, ask=None, **options) -> bool:
        return isinstance(rung, int) and 1 <= rung <= len(variant.ladder) and \
            (ask is None or ask in ASKS)

    def __init__(self, variant, rng, *, worked=False, rung=1, ask=None, **options):
        super().__init__(variant, rng, worked=worked, rung=rung, ask=ask, **options)
        self.rung = rung
        self.ask = ask if ask in ASKS else rng.choice(ASKS)
        self.game, start = self._deal()
        self.table = table_for(variant, self.game, 0, start, self._refuse)
        self._layout([self.table.widget])
        hand = self.game.observation(0).hand
        self.item = (f"rung={rung};ask={self.ask};hand={' '.join(hand)};"
                     f"vira={self.game.vira.code if self.game.vira else ''}")
        if self.ask == "answer":
            self._ask_action()
        else:
            self._ask_value(self.ask)

    def _deal(self):
        v, rng = self.variant, self.rng
        starter = 1 if self.rung % 2 else 0  # the raises alternate; the opponent's is last
        for _try in range(MAX_DEALS):
            game = Game(v, players=2, seed=rng.randrange(1 << 30), dealer=1 - starter)
            start = len(game.log)
            try:
                for _k in range(self.rung):
                    game.apply("raise")
            except IllegalAction:
                continue
            if game.pending_raise and game.pending_raise[0] == 1 and game.current_player == 0:
                return game, start
        raise RuntimeError("no deal fits this raise")  # pragma: no cover

    def _outcome_of(self, action: str):
        """(value, verdict) of ``action`` applied to a copy: the hand's worth after an
        accept, the points of a refusal, the value asked by a raise; None if illegal."""
        game = self.game.copy()
        try:
            event = game.apply(action, player=0)
        except IllegalAction as err:
            return None, err
        if action == "accept":
            return game.hand_value, event.verdict
        if action == "refuse":
            return event.verdict.points, event.verdict
        return game.pending_raise[1], event.verdict

    def _pool(self) -> list[int]:
        v = self.variant
        return [v.base_value] + [value for _n, value in v.ladder]

    def _ask_value(self, ask: str, after: str | None = None) -> None:
        action = after or ask
        value, verdict = self._outcome_of(action)
        if after is not None:
            question = {"accept": _("You accept: what is the hand worth now?"),
                        "refuse": _("You refuse: how many points does your opponent score?"),
                        "raise": _("You raise: what is the hand worth if your opponent "
                                   "accepts?")}[action]
        else:
            question = _(QUESTIONS[ask])
        choices = {f"n:{n}": number(n) for n in number_choices(
            value if value is not None else self.game.pending_raise[1], self._pool(), self.rng)}
        if ask == "raise" and after is None:
            choices[NO_RAISE] = _("You may not raise")
        if value is None:  # a raise at the top of the ladder: the engine's reason
            right, why = NO_RAISE, _("You may not raise: {reason}.").format(
                reason=verdict.message)
        else:
            right, why = f"n:{value}", verdict.explain()
        self._ask(question, choices, right, why)
        self.stage = "value"

    def _ask_action(self) -> None:
        choices = {k: _(label) for k, label in ACTIONS.items()}
        legal = [k for k in ACTIONS if self._why_not(k) is None]
        why = _("Allowed now: {actions}.").format(
            actions=format_list([choices[k] for k in legal], "or"))
        self._ask(_(QUESTIONS["answer"]), choices, legal[0], why)
        self.stage = "action"

    def _judge(self, key: str) -> Outcome:
        if self.stage != "action":
            return super()._judge(key)
        refused = self._not_allowed(key)
        if refused is not None:
            return refused
        self.chose = key
        self._ask_value(key, after=key)
        return Outcome(True, False, _("{action}: allowed.").format(action=_(ACTIONS[key])),
                       answer=key)

    def _why_not(self, key: str):
        """The engine's reason why ``key`` may not be done now (None: it may). "play" is
        playing the first of the learner's cards."""
        if key == "play":
            return self.game.why_not(f"play {self.game.observation(0).hand[0]}", player=0)
        return self.game.why_not(key, player=0)

    def wrong_answer(self) -> str:
        if self.stage == "action":
            return "play"  # a raise is answered before any card is played
        return super().wrong_answer()

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        facts = parse_item(item)
        try:
            rung = int(facts.get("rung", "1"))
            value = variant.ladder[rung - 1][1]
            hand = cards_words(variant, facts.get("hand", "").split())
        except (ValueError, IndexError, KeyError):
            return str(item)
        ask = facts.get("ask", "accept")
        return _("Your opponent calls {rung} (worth {value}), you hold {cards}: {question}") \
            .format(rung=variant.rung_name(value), value=value, cards=hand,
                    question=_(QUESTIONS.get(ask, QUESTIONS["accept"])))
