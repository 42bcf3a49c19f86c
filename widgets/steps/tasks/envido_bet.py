"""Envido betting as steps (lesson 07): at the table, the learner's cards in view, the opponent
(mano) calls envido, real envido or falta envido; the learner says what refusing scores, what
the envido scores once accepted (the opponent declares first), or answers the call (quiero,
no quiero or a raise) and then says what it scores. Every value is the engine's: a copy of
the game applies the answers, and the envido's verdict (its stake, who won, who scores) is
the truth.

>>> import random, truco
>>> t = EnvidoBetTask(truco.variant("argentino"), random.Random(4), bet="envido", ask="refuse")
>>> t.solution(), t.answer(t.solution()).right
('them:1', True)
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

import truco
from truco import Game, IllegalAction
from truco.i18n import format_list
from ...language.i18n import N_, _

from ..model import Outcome
from .raising import MAX_DEALS, AnswerTask, number_choices, parse_item, table_for

__all__ = ["EnvidoBetTask"]

BETS = ("envido", "real envido", "falta envido")
ASKS = ("refuse", "accept", "answer")
SETTLED = ("envido_won", "envido_buenas", "envido_refused")
ANSWERS = {"quiero": N_("Quiero"), "no quiero": N_("No quiero"), "envido": N_("Envido"),
           "real envido": N_("Real envido"), "falta envido": N_("Falta envido"),
           "play": N_("Play a card first")}
QUESTIONS = {"refuse": N_("If you say no quiero, who scores, and how many points?"),
             "accept": N_("You say quiero. Who wins the envido, and how many points?"),
             "answer": N_("Answer the call: quiero, no quiero, or raise the envido?")}


def settle(game) -> object:
    """Play the declarations out (the learner says son buenas when beaten) and return the
    engine's verdict that scores the envido (None while it is not settled)."""
    for _k in range(8):
        if game.phase != "declare":
            break
        game.apply("son buenas")
    for event in reversed(game.log):
        verdict = event.verdict
        if event.kind == "envido" and verdict is not None and verdict.reason in SETTLED:
            return verdict
    return None


def declared(game, seat: int):
    """The envido points ``seat`` declared in this hand (None if they did not)."""
    for event in game.log:
        v = event.verdict
        if event.kind == "envido" and v is not None and v.reason == "declared" and \
                event.seat == seat:
            return v.facts.get("envido")
    return None


class EnvidoBetTask(AnswerTask):
    """Options: ``bet`` (the opponent's call: "envido", "real envido" or "falta envido"; a
    random one when not given), ``ask`` ("refuse", "accept" or "answer"; random when not
    given). The learner is player 0 of two; the opponent is mano and calls first."""

    kind = "envido_bet"

    @classmethod
    def applies(cls, variant, bet=None, ask=None, **options) -> bool:
        return variant.envido and (bet is None or bet in BETS) and (ask is None or ask in ASKS)

    def __init__(self, variant, rng, *, worked=False, bet=None, ask=None, **options):
        super().__init__(variant, rng, worked=worked, bet=bet, ask=ask, **options)
        self.bet = bet if bet in BETS else rng.choice(BETS)
        self.ask = ask if ask in ASKS else rng.choice(ASKS)
        self.game, self.start = self._deal()
        self.table = table_for(variant, self.game, 0, self.start, self._refuse)
        self.said = W.HTML()
        self._layout([self.table.widget, self.said])
        hand = " ".join(self.game.observation(0).hand)
        self.item = (f"bet={self.bet};ask={self.ask};hand={hand};"
                     f"score={self.game.score[0]}-{self.game.score[1]};"
                     f"muestra={self.game.vira.code if self.game.vira else ''}")
        if self.ask == "answer":
            choices = {k: _(label) for k, label in ANSWERS.items()}
            legal = [k for k in ANSWERS if self._why_not(k) is None]
            why = _("Allowed now: {answers}.").format(
                answers=format_list([choices[k] for k in legal], "or"))
            self._ask(_(QUESTIONS["answer"]), choices, legal[0], why)
            self.stage = "action"
        else:
            self._ask_score(self.ask, self.game.copy(), self.ask)

    def _deal(self):
        v, rng = self.variant, self.rng
        for _try in range(MAX_DEALS):
            score = (rng.randrange(0, v.target - 6), rng.randrange(0, v.target - 6))
            game = Game(v, players=2, seed=rng.randrange(1 << 30), dealer=0, score=score)
            if v.flor and any(truco.flor(h, game.vira) is not None for h in game.dealt):
                continue  # a flor cancels the envido: not this question's deal
            start = len(game.log)
            try:
                game.apply(self.bet, player=1)
            except IllegalAction:
                continue
            if game.current_player == 0:
                return game, start
        raise RuntimeError("no deal fits this envido")  # pragma: no cover

    def _why_not(self, key: str):
        """The engine's reason why ``key`` may not be done now (None: it may). "play" is
        playing the first of the learner's cards."""
        if key == "play":
            return self.game.why_not(f"play {self.game.observation(0).hand[0]}", player=0)
        return self.game.why_not(key, player=0)

    def _ask_score(self, ask: str, game, action: str | None, reply: str | None = None) -> None:
        """Ask what the envido scores after the learner's ``action`` (and the opponent's
        ``reply`` to a raise), applied to ``game`` (a copy)."""
        if action is not None:
            game.apply("quiero" if action == "accept" else "no quiero"
                       if action == "refuse" else action, player=0)
        if reply is not None:
            game.apply(reply, player=1)
        verdict = settle(game)
        lines = []
        if reply is not None:
            lines.append(_("Your opponent answers: {answer}.").format(answer=_(ANSWERS[reply])))
        mano_points = declared(game, 1)
        if mano_points is not None:
            lines.append(_("Your opponent, mano, declares {points}.").format(
                points=mano_points))
        self.said.value = "".join(f"<p>{escape(line)}</p>" for line in lines)
        who = "you" if verdict.winner == 0 else "them"
        pool = [1, 2, 3, 4, 5, verdict.points + 1, max(verdict.points - 1, 1)]
        values = number_choices(verdict.points, pool, self.rng, k=2)
        choices = {}
        for side in ("you", "them"):
            for n in values:
                text = _("You score {n}") if side == "you" else _("Your opponent scores {n}")
                choices[f"{side}:{n}"] = text.format(n=n)
        question = _(QUESTIONS[ask]) if ask in QUESTIONS and ask != "answer" else \
            _("What does the envido score?")
        self._ask(question, choices, f"{who}:{verdict.points}", verdict.explain())
        self.stage = "score"

    def _judge(self, key: str) -> Outcome:
        if self.stage != "action":
            return super()._judge(key)
        refused = self._not_allowed(key)
        if refused is not None:
            return refused
        game = self.game.copy()
        reply = None
        if key in BETS:  # the opponent answers the learner's raise
            game.apply(key, player=0)
            reply = self.rng.choice(("quiero", "no quiero"))
            self._ask_score("answer", game, None, reply)
        else:
            self._ask_score("answer", game, "accept" if key == "quiero" else "refuse")
        self.table.draw(game, bubbles=self._bubbles(game))
        self.table.buttons.box.layout.display = "none"
        return Outcome(True, False, _("{answer}: allowed.").format(answer=_(ANSWERS[key])),
                       answer=key)

    def _bubbles(self, game) -> dict:
        from ...table.words import bubbles
        return bubbles(game.log[self.start:], self.variant, game.hand_no)

    def wrong_answer(self) -> str:
        if self.stage == "action":
            return "play"  # a call is answered before any card is played
        return super().wrong_answer()

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        facts = parse_item(item)
        bet, ask = facts.get("bet"), facts.get("ask")
        if bet not in BETS or ask not in QUESTIONS:
            return str(item)
        return _("Your opponent calls {bet}, at {score}: {question}").format(
            bet=_(ANSWERS[bet]), score=facts.get("score", "").replace("-", " : "),
            question=_(QUESTIONS[ask]))
