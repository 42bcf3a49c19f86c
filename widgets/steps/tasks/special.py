"""The special hands as steps (lesson 06): the hand of ten (Mineiro) or eleven (Paulista) and
the iron hand, where the variant has them. Each question is a game of the engine dealt at the
score it is about; the answer is the engine's: may you call Truco now (its raise blocker),
what is the hand worth if your side plays it, what do the opponents score if you run (the
decision's verdict), may you see your partner's cards (the learner's observation), do you see
your own cards in the iron hand (a blind hand's observation).

>>> import random, truco
>>> t = SpecialHandTask(truco.variant("mineiro"), random.Random(2), ask="worth")
>>> t.answer(t.solution()).right, t.solution()
(True, 'n:4')
>>> SpecialHandTask.applies(truco.variant("argentino"))
False
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from truco import Game
from truco.i18n import number
from ...language.i18n import N_, _

from ...ui.common import card_item, team_label
from ...cards.cardrow import CardRow
from ..model import Outcome
from .raising import AnswerTask, number_choices, parse_item, table_for

__all__ = ["SpecialHandTask"]

ASKS = ("truco", "worth", "run", "partner", "blind")
QUESTIONS = {
    "truco": N_("May you call Truco in this hand?"),
    "worth": N_("If your side plays this hand, what is it worth?"),
    "run": N_("If your side runs from this hand, how many points do the opponents score?"),
    "partner": N_("May you look at your partner's cards before the hand is played?"),
    "blind": N_("Both sides are at the iron hand: may you look at your own cards?"),
}


class SpecialHandTask(AnswerTask):
    """Options: ``ask`` (one of "truco", "worth", "run", "partner", "blind"; a random one
    when not given). The learner is player 0 (team A) and mano; "partner" is asked at a table
    of four."""

    kind = "special_hand"

    @classmethod
    def applies(cls, variant, ask=None, **options) -> bool:
        if variant.hand_of is None or (ask is not None and ask not in ASKS):
            return False
        return ask != "partner" or 4 in variant.players

    def __init__(self, variant, rng, *, worked=False, ask=None, **options):
        super().__init__(variant, rng, worked=worked, ask=ask, **options)
        asks = [a for a in ASKS if self.applies(variant, a)]
        self.ask = ask if ask in asks else rng.choice(asks)
        n = variant.hand_of
        low = rng.randrange(0, n)
        if self.ask in ("worth", "run"):
            score = (n, low)
        elif self.ask == "blind":
            score = (n, n)
        elif self.ask == "partner":
            score = rng.choice([(n, low), (low, n)])
        else:  # may you call Truco: at your hand of n, theirs, the iron hand, or neither
            score = rng.choice([(n, low), (low, n), (n, n), (n - 1, low)])
        players = 4 if self.ask == "partner" else 2
        self.game = Game(variant, players=players, seed=rng.randrange(1 << 30),
                         dealer=players - 1, score=score)
        if self.ask == "truco" and self.game.phase == "decide":
            self.game.apply("accept")  # the side at its special hand plays it
        self.score = score
        hidden = self.ask in ("partner", "blind")  # the table would give the answer away
        self.situation = W.HTML(self._situation_html())
        self.table = table_for(variant, self.game, 0, 0, self._refuse)
        self.table.widget.layout.display = "none" if hidden else None
        parts = [self.situation, self.table.widget]
        self.own = None
        if self.ask == "partner":
            self.own = CardRow(label=_("Your cards"))
            self.own.show([card_item(variant, variant.card(c), self.game.vira, enabled=False,
                                     reveal=False) for c in self.game.hand(0)])
            parts.insert(1, self.own)
        self._layout(parts)
        self.item = (f"ask={self.ask};score={score[0]}-{score[1]};players={players};"
                     f"hand={' '.join(c.code for c in self.game.hand(0))}")
        self._question()

    def _situation_html(self) -> str:
        mine, theirs = self.score
        text = _("Your side has {mine} points, the opponents {theirs}.").format(
            mine=mine, theirs=theirs)
        return f"<p>{escape(text)}</p>"

    def _question(self) -> None:
        v, game, ask = self.variant, self.game, self.ask
        question = _(QUESTIONS[ask])
        yes_no = {"yes": _("Yes"), "no": _("No")}
        if ask == "truco":
            err = game.why_not("raise", player=0)
            if err is None:
                offer = game.copy().apply("raise", player=0).verdict
                right, why = "yes", offer.explain()
            else:
                right, why = "no", _("No: {reason}.").format(reason=err.message)
            self._ask(question, yes_no, right, why)
        elif ask in ("worth", "run"):
            copy = game.copy()
            event = copy.apply("accept" if ask == "worth" else "refuse", player=0)
            verdict = event.verdict
            value = copy.hand_value if ask == "worth" else verdict.points
            pool = [v.base_value, v.hand_of_value, v.hand_of_refused] + \
                [x for _n, x in v.ladder]
            choices = {f"n:{x}": number(x) for x in number_choices(value, pool, self.rng)}
            self._ask(question, choices, f"n:{value}", verdict.explain())
        elif ask == "partner":
            seen = bool(game.observation(0).partner_hands)
            at = 0 if self.score[0] >= v.hand_of else 1
            what = _("the hand of {n}").format(n=v.hand_of)
            if seen:
                why = _("Yes: at {what}, the side at it looks at both its hands before "
                        "deciding.").format(what=what)
            else:
                why = _("No: only the side at {what}, {team}, sees its partner's cards.") \
                    .format(what=what, team=team_label(at))
            self._ask(question, yes_no, "yes" if seen else "no", why)
        else:
            blind = game.observation(0).hand is None
            why = (_("No: in {variant} the iron hand is played blind, the cards face down.")
                   if blind else
                   _("Yes: in {variant} the iron hand is played with the cards seen; nobody "
                     "may raise.")).format(variant=_(v.title))
            self._ask(question, yes_no, "no" if blind else "yes", why)

    def _judge(self, key: str) -> Outcome:
        outcome = super()._judge(key)
        if outcome.done:  # the table, now that the answer is given
            self.table.widget.layout.display = None
            if self.own is not None:
                self.own.layout.display = "none"
        return outcome

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        facts = parse_item(item)
        ask = facts.get("ask")
        if ask not in QUESTIONS:
            return str(item)
        mine, _sep, theirs = facts.get("score", "").partition("-")
        return _("Special hands, at {mine} to {theirs}: {question}").format(
            mine=mine, theirs=theirs, question=_(QUESTIONS[ask]))
