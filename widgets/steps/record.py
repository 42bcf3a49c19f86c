"""In a class, one task is one stored answer: the step pages' (a lesson, the exam) recorder of
finished tasks, one classroom recorder per kind of task (quiz ``step-<kind>-<n>``, named in
words on the teacher's page by the task class's ``name_question``)."""
from __future__ import annotations

from ..classroom import session as classroom
from .model import Outcome

__all__ = ["TaskAnswers"]


class TaskAnswers:
    """``store(kind, number, variant, task, outcome)`` stores a finished task's answer before
    the learner is told; None when stored (or outside a class), else a message saying why not.
    ``session``: the page's class session (None outside a class); ``seed``: the page's seed;
    ``say``: the page's ``say`` (shows "Saving…" while it waits)."""

    def __init__(self, session, seed, say):
        self.session, self.seed, self.say = session, seed, say
        self._recorders: dict = {}

    def store(self, kind: str, number: int, variant, task, outcome: Outcome) -> str | None:
        if self.session is None and classroom.problem() is None:
            return None
        if not getattr(task, "records", True):  # no answer (an Explore step): nothing stored
            return None
        rec = self._recorders.get(kind)
        if rec is None:
            # the session fixed when the page opened, never the address read again now
            rec = self._recorders[kind] = classroom.recorder(
                f"step-{kind}", self.seed, say=self.say, session=self.session)
            if rec is not None:  # after a reload: new answers go after the stored ones
                rec.replay(lambda _answer: True)
        if rec is None:
            return None
        return rec.save(number, variant.name, task.item, outcome.answer, outcome.correct or "",
                        outcome.right)
