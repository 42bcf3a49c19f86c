"""A puzzle: a position from a real hand (a learner's own mistake, or the stored set), "what
would you do?", checked by the engine's evaluator (:func:`truco.evaluate`).

The answer is right when the evaluator grades it best or good; either way the learner reads
the grade's sentence (what the action and the best one are worth). The position is the
puzzle's own, in its own variant, whatever the page's variant.

>>> import random, truco
>>> t = PuzzleTask(truco.variant("mineiro"), random.Random(1),
...                notation="mineiro 2p dealer=1 score=0-0 hands=4c,3h,5s/2d,Kc,Qs : 3h 2d 5s Kc "
...                         "raise", seat=0, theme="answer")
>>> t.right, t.answer("refuse").right
('raise', False)
"""
from __future__ import annotations

import truco
from truco.notation import from_notation
from ...language.i18n import _

from ...table.words import action_label
from ..model import Outcome
from ..puzzles import pick, theme_words
from .raising import AnswerTask, table_for

__all__ = ["PuzzleTask"]


class PuzzleTask(AnswerTask):
    """Options: ``notation`` (the hand up to the decision) and ``seat`` (whose decision), or
    only ``theme`` (a stored puzzle of that theme); ``skills`` (a progress's ``skills()``)
    makes a stored puzzle of a weak theme more likely."""

    kind = "puzzle"

    @classmethod
    def applies(cls, variant, notation=None, seat=0, theme=None, **options) -> bool:
        if notation is None:
            return True
        try:
            game = from_notation(str(notation))
        except truco.TrucoError:
            return False
        return game.current_player == seat and len(game.observation(seat).legal_actions) > 1

    def __init__(self, variant, rng, *, worked=False, notation=None, seat=0, theme=None,
                 skills=None, **options):
        super().__init__(variant, rng, worked=worked, notation=notation, seat=seat,
                         theme=theme, **options)
        if notation is None:
            chosen = pick(rng, variant.name, skills or {}, theme)
            notation, seat, theme = chosen["notation"], chosen["seat"], chosen["theme"]
        self.game = from_notation(notation)
        self.seat, self.theme = int(seat), theme
        self.variant = self.game.variant  # the puzzle's own variant
        obs = self.game.observation(self.seat)
        self.evaluation = truco.evaluate(obs, variant=self.game.variant)
        start = max(i for i, e in enumerate(self.game.log) if e.kind == "deal")
        self.table = table_for(self.game.variant, self.game, self.seat, start, self._refuse)
        self._layout([self.table.widget])
        self.item = notation
        choices = {}
        for a in self.evaluation.actions:
            try:
                preview = self.game.preview(a.action)
            except truco.TrucoError:
                preview = None
            choices[a.action] = action_label(self.game.variant, a.action, obs, preview)
        best = self.evaluation.best
        self._ask(_("{theme}: what would you do?").format(theme=theme_words(theme or "play")),
                  {k: choices[k] for k in obs.legal_actions}, best,
                  truco.grade(self.evaluation, best).explain())

    def _judge(self, key: str) -> Outcome:
        g = truco.grade(self.evaluation, key)
        right = g.label in ("best", "good")
        note = "" if right else _("The best: {answer}.").format(answer=self.choices[self.right])
        return Outcome(right, True, g.explain(), note=note, answer=key, correct=self.right)

    def wrong_answer(self) -> str:
        return next(a.action for a in reversed(self.evaluation.actions)
                    if truco.grade(self.evaluation, a.action).label not in ("best", "good"))
