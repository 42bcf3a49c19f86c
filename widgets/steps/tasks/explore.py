"""Task "explore": free play with one of the explorers, after a lesson's practice steps.

The step shows its idea and an explorer in the learner's variant: the ranking explorer
(:class:`widgets.explore.ranking.RankingExplorer`, option ``explorer="ranking"``: the whole
deck in ranking order, each click judged by the engine) or the tie explorer
(:class:`widgets.explore.ties.TieExplorer`, ``explorer="ties"``: set each trick's result,
the engine says who wins the hand). Every click is the explorer's, checked there as ever; none
is an answer: nothing is marked right or wrong, no mistake is counted, nothing goes into the
review deck and nothing is stored for a class (``records = False``). The step is passed when
the learner presses "Continue".

>>> import random, truco
>>> t = ExploreTask(truco.variant("argentino"), random.Random(1), explorer="ties")
>>> t.explorer.variant.name, t.explorer.set_trick(0, "A"), t.explorer.set_trick(1, "A")
('argentino', True, True)
>>> t.explorer.winner, t.answer("back").slip, t.over
(0, True, False)
>>> out = t.answer(t.solution()); out.right, out.done, t.over
(True, True, True)
"""
from __future__ import annotations

import ipywidgets as W

from ...language.i18n import N_, _

from ...ui.common import ActionButtons, rtl
from ..model import Outcome, Task

__all__ = ["ExploreTask", "EXPLORERS", "CONTINUE"]

CONTINUE = "continue"  # the one key this task takes

# explorer name -> what it is, in words (the teacher's page and tests)
EXPLORERS = {"ranking": N_("Explore the ranking"), "ties": N_("Explore ties")}


def _explorer(name: str, variant):
    """The explorer ``name`` in ``variant``, set for a step: in that variant only (no variant
    menu), without its own quiz, storing nothing."""
    if name == "ranking":
        from ...explore.ranking import RankingExplorer
        return RankingExplorer(variant, pick_variant=False)
    from ...explore.ties import TieExplorer
    return TieExplorer(variant, recorder=None, pick_variant=False, with_quiz=False)


class ExploreTask(Task):
    """Options: ``explorer`` ("ranking" or "ties"). Key: "continue" (go on to the next step
    or the summary); any other key is refused with a message and changes nothing."""

    kind = "explore"
    buttons_answer = False  # the explorer's buttons are free play, not answers
    records = False  # not an answer: a class stores nothing for it (widgets.steps.record)

    def __init__(self, variant, rng, *, worked=False, **options):
        super().__init__(variant, rng, worked=worked, **options)
        self.name = options.get("explorer")
        if self.name not in EXPLORERS:
            raise ValueError(f"unknown explorer {self.name!r}; explorers: "
                             f"{', '.join(sorted(EXPLORERS))}")
        self.over = False
        self.explorer = _explorer(self.name, variant)
        self.item = self.name
        self.question = _(EXPLORERS[self.name])
        self.buttons = ActionButtons(self.answer, self._refused)
        self.buttons.box.add_class("tutor-explore-go-on")
        self.buttons.show([(CONTINUE, _("Continue"))])
        go_on = self.buttons.buttons[CONTINUE]
        go_on.button_style = "primary"
        go_on.layout.min_height = "44px"
        go_on.add_class("tutor-explore-continue")
        self.explorer.widget.add_class("tutor-explore-free")
        self.view = rtl(W.VBox([self.explorer.widget, self.buttons.box]))
        self.view.add_class("tutor-task")
        self.view.add_class("tutor-task-explore")
        self.view.add_class(f"tutor-explore-{self.name}")

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        text = EXPLORERS.get(str(item))
        return _(text) if text else str(item)

    def answer(self, key) -> Outcome:
        """The key "continue" passes the step (once); anything else, as a forged click could
        send, is refused with a note and changes nothing."""
        if self.over:
            return self.report(Outcome(False, False, "", slip=True,
                                       note=_("This step is over.")))
        if key != CONTINUE:
            return self._refused(_("That button is not available now."))
        self.over = True
        return self.report(Outcome(True, True, _("Free play done: nothing in it counts as a "
                                                 "mistake."), answer=CONTINUE,
                                   correct=CONTINUE), then=self._lock)

    def _refused(self, note: str) -> Outcome:
        """A refused click: the page says why (a note, not a mistake); nothing changes."""
        return self.report(Outcome(False, False, "", slip=True, note=note))

    def _lock(self) -> None:
        self.buttons.show([])

    def solution(self) -> str:
        return CONTINUE

    def wrong_answer(self) -> str:
        """There is no wrong answer: a key that is refused (a slip, not a mistake)."""
        return "back"
