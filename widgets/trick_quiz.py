"""TrickQuiz: a trick of 2 or 4 cards is dealt; click the winning card, or "tie".

The engine judges every trick (``variant.trick_verdict``); the quiz keeps the score in Python
and leans its next deals towards what the learner got wrong before.

>>> q = TrickQuiz("mineiro", seed=7)
>>> right = q.correct_answers()
>>> q.choose(sorted(right)[0]), q.score, q.asked, q.streak
(True, 1, 1, 1)
>>> q.choose("tie"), q.asked  # a second answer on the same question changes nothing
(False, 1)
"""
from __future__ import annotations

import random
from html import escape

import ipywidgets as W

from truco.i18n import sequence
from .i18n import _

from .app import FROM_APP, resolve_recorder
from .cardrow import CardRow
from .common import ActionButtons, TutorWidget, button, card_item, get_variant, seat_label
from .steps.tasks.tricks import seat_card_svg, vira_html

__all__ = ["TrickQuiz"]

TIE = "tie"
CANDIDATES = 6  # deals drawn per question; the one to ask is picked by weight
MISS_WEIGHT = 3  # weight added to a verdict reason the learner missed
MAX_REASON, MAX_CARD = 9, 3  # caps, so the quiz leans without getting stuck


class TrickQuiz(TutorWidget):
    """Who wins this trick? ``choose(answer)`` is a click (a card code or ``"tie"``);
    ``next()`` deals the next question. ``score``, ``streak`` and ``asked`` live in Python;
    ``weights`` holds what the learner missed (per verdict reason and per card).

    In a class (see :mod:`widgets.classroom`) the quiz deals from the class's seed without
    leaning, so every learner gets the same questions in the same order; each answer is
    stored before its feedback is shown, and a reloaded page replays the stored answers.
    ``recorder=`` records the answers: an object with ``seed``, ``save(...)`` and
    ``replay(...)`` (the Recorder protocol of :mod:`widgets.classroom.session`), or None;
    by default the app layer's (:func:`widgets.app.recorder_for`)."""

    def __init__(self, variant="mineiro", players=2, seed=None, *, recorder=FROM_APP):
        super().__init__()
        self.variant = get_variant(variant)
        if players not in (2, 4) or players not in self.variant.players:
            raise ValueError(_("a trick quiz deals 2 or 4 cards, one per player of {variant}, "
                               "not {n}").format(variant=_(self.variant.title), n=players))
        self.players = players
        self.recorder = resolve_recorder(recorder, "trick", seed, self.say)
        self.lean = self.recorder is None  # a class sees the same questions: no leaning
        self.seed = seed if self.recorder is None else self.recorder.seed
        self._rng = random.Random(self.seed)
        self.dealt = 0  # questions dealt so far (the current one's number)
        self.score = 0
        self.streak = 0
        self.asked = 0
        self.weights: dict[tuple[str, str], int] = {}
        self.history: list[tuple[str, bool]] = []  # (verdict reason, right?) per answer
        self.confusions: list[tuple[str, ...]] = []  # card codes of missed questions
        self.answered = False
        self.vira = None
        self.plays: tuple = ()  # ((seat, card), ...) in play order
        self.verdict = None
        self.prompt = W.HTML()
        self.row = CardRow(on_pick=self.choose, on_reject=self._rejected,
                           label=_("The cards of this trick: click the winner"))
        self.buttons = ActionButtons(self.choose, self._rejected)
        self.next_button = button(_("Next"), self.next, bench=True)
        self.score_html = W.HTML()
        self._root([self.prompt, self.row, W.HBox([self.buttons.box, self.next_button]),
                    self.feedback, self.score_html])
        self.next()
        if self.recorder is not None and self.recorder.replay(self._replay) and self.answered:
            self.next()

    # --- operations ------------------------------------------------------------------------
    def next(self) -> None:
        """Deal the next question (leaning towards what was missed before). An unanswered
        question is skipped and not counted."""
        rng = self._rng
        self.dealt += 1
        candidates = [self._deal() for _i in range(CANDIDATES)]
        if self.lean:
            # Deals that bring back cards the learner confused (the latest confusions first).
            candidates += [self._deal(pair) for pair in self.confusions[-3:][::-1]]
        weights = [self._weight(c) if self.lean else 1 for c in candidates]
        self.vira, self.plays, self.verdict = rng.choices(candidates, weights=weights)[0]
        self.answered = False
        self.say(_("Which card wins this trick? Click it, or click Tie."))
        self._draw()

    def offered_answers(self) -> frozenset[str]:
        """The answers a learner may give now: the cards' codes and "tie"."""
        return frozenset([c.code for _s, c in self.plays] + [TIE])

    def correct_answers(self) -> frozenset[str]:
        """The right answers, from the engine's verdict (every top card of the winners)."""
        verdict = self.verdict
        if verdict.winner is None:
            return frozenset([TIE])
        return frozenset(c.code for c in verdict.winning_cards)

    def choose(self, answer) -> bool:
        """What a click does: ``answer`` is a card code or "tie". Returns True if right."""
        if self.answered:
            self.say(_("This question is answered already: press Next for a new one."),
                     "error")
            return False
        code = self._normalise(answer)
        if code is None:
            self.say(_("That is not one of the answers: click a card of this trick or Tie."),
                     "error")
            return False
        right = code in self.correct_answers()
        if self.recorder is not None:  # stored first: feedback means it is saved
            problem = self.recorder.save(self.dealt, self.variant.name, self.prompt_codes(),
                                         code, self.correct_answers(), right)
            if problem is not None:
                self.say(problem, "error")
                return False
        self.answered = True
        self.asked += 1
        reason = self.verdict.reason
        self.history.append((reason, right))
        if right:
            self.score += 1
            self.streak += 1
            key = ("reason", reason)
            if self.weights.get(key, 0) > 0:
                self.weights[key] = max(self.weights[key] - 2, 0)
            self.say(_("Right!"), "right", [self.verdict.explain()])
        else:
            self.streak = 0
            self._missed(reason, code)
            text, details = self._why_wrong(code)
            self.say(text, "wrong", details)
        self._draw()
        return right

    def prompt_codes(self) -> str:
        """The question in codes, for the teacher's page: the vira (if any), then the cards."""
        cards = " ".join(c.code for _s, c in self.plays)
        return f"{self.vira.code}|{cards}" if self.vira is not None else cards

    # --- internals ---------------------------------------------------------------------------
    def _why_wrong(self, code: str) -> tuple[str, list[str]]:
        """The feedback on a wrong answer, about the learner's own pick: the engine judges
        the picked card against the trick's top card as a trick of two."""
        v, vira, verdict = self.variant, self.vira, self.verdict
        if code == TIE:  # the engine's verdict says why the top card is not equalled
            return _("Not a tie."), [verdict.explain()]
        pick = v.card(code)
        top = verdict.plays[verdict.top][1]
        if v.compare(pick, top, vira) == 0:  # one of the equal top cards of a tied trick
            return _("No: this trick is tied."), [verdict.explain()]
        pair = v.trick_verdict([(0, top), (1, pick)], vira)
        text = _("No: your {card} loses to the {winner}: {rule}.").format(
            card=v.card_name(pick, vira), winner=v.card_name(top, vira), rule=pair.rule())
        # A tied trick: the learner's card is beaten, and the top cards tie each other.
        return text, [verdict.explain()] if verdict.winner is None else []

    def _replay(self, saved) -> bool:
        """Answer again, without storing it, an answer stored before a reload."""
        while self.dealt < saved.item:
            self.next()
        if self.dealt != saved.item or self.answered:
            return False
        self.choose(saved.answer)
        return True

    def _normalise(self, answer) -> str | None:
        if not isinstance(answer, str) or len(answer) > 16:
            return None
        if answer.strip().lower() == TIE:
            return TIE
        try:
            code = self.variant.card(answer).code
        except ValueError:
            return None
        return code if code in self.offered_answers() else None

    def _deal(self, include=()):
        v, rng, n = self.variant, self._rng, self.players
        keep = [v.card(c) for c in include][:n]
        rest = [c for c in v.deck if c not in keep]
        extra = rng.sample(rest, n - len(keep) + (1 if v.uses_vira else 0))
        vira = extra.pop() if v.uses_vira else None
        cards = keep + extra
        rng.shuffle(cards)
        plays = tuple(enumerate(cards))
        verdict = v.trick_verdict([(seat & 1, card) for seat, card in plays], vira, seats=[
            seat for seat, _c in plays])
        return vira, plays, verdict

    def _weight(self, candidate) -> int:
        _vira, plays, verdict = candidate
        w = 1 + self.weights.get(("reason", verdict.reason), 0)
        return w + sum(self.weights.get(("card", c.code), 0) for _s, c in plays)

    def _missed(self, reason: str, code: str) -> None:
        key = ("reason", reason)
        self.weights[key] = min(self.weights.get(key, 0) + MISS_WEIGHT, MAX_REASON)
        # The cards the learner confused: the one chosen and the right one.
        confused = sorted((set(self.correct_answers()) | {code}) - {TIE})
        if self.verdict.winner is None:  # a missed tie: the equal top cards
            top = self.verdict.plays[self.verdict.top][1]
            confused = sorted(set(confused) | {c.code for _s, c in self.plays
                                               if self.variant.compare(c, top, self.vira) == 0})
        for c in confused:
            self.weights[("card", c)] = min(self.weights.get(("card", c), 0) + 1, MAX_CARD)
        self.confusions.append(tuple(confused))

    def _rejected(self, message: str) -> None:
        if self.answered:
            message = _("This question is answered already: press Next for a new one.")
        self.say(message, "error")

    def _draw(self) -> None:
        """Fair: until it is answered, the cards are named plainly (no manilha name or
        "(pieza)"), the vira or muestra lies beside them as a card, and with four players
        every card carries its seat and team."""
        v, vira = self.variant, self.vira
        right = self.correct_answers() if self.answered else frozenset()
        items = []
        for seat, card in self.plays:
            who = seat_label(seat)
            hl = "winner" if card.code in right else None
            item = card_item(v, card, vira, highlight=hl, extra=who, enabled=not self.answered,
                             reveal=self.answered)
            if self.players > 2:
                item["svg"] = seat_card_svg(item["svg"], seat)
            items.append(item)
        self.row.show(items)
        lines = []
        if vira is not None:
            lines.append(vira_html(v, vira))
        name = (lambda c: v.card_name(c, vira)) if self.answered else (lambda c: c.name())
        order = sequence([_("{player}: {card}").format(player=seat_label(s), card=name(c))
                          for s, c in self.plays], strong=True)
        lines.append(escape(_("{variant}, played in this order: {plays}").format(
            variant=_(v.title), plays=order)))
        if self.players == 4:
            lines.append(escape(_("Players 0 and 2 are partners (team A) against players 1 "
                                  "and 3 (team B).")))
        self.prompt.value = "<br>".join(lines)
        self.buttons.show([] if self.answered else [(TIE, _("Tie"))])
        self.score_html.value = escape(_("Score: {score} of {asked} · streak {streak}").format(
            score=self.score, asked=self.asked, streak=self.streak))
