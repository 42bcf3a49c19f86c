"""The live lesson's pages: the learner's seat (``lessons/live.ipynb``), the teacher's projector
view (on the teacher's page) and the banner other pages show while a live lesson runs.

Every page's kernel reads the live lesson from the class database (see :mod:`.live_store`)
on a short timer of its own (:class:`LivePulse`), and redraws only when the question or its
state changed: no server holds the live lesson in memory, so the teacher's page and the
learners' may be on different servers.
What is right stays in Python: a learner's page builds its question from the seed, stores
the first answer and says "answer received"; the verdict and the engine's explanation are
drawn only once the stored state says *revealed*. A forged click, an answer to a closed
question or from outside the class changes nothing and gets a message saying why.
"""
from __future__ import annotations

import time
from html import escape

import ipywidgets as W

from truco.i18n import number
from truco.i18n import percent as shown_percent
from ..language.i18n import _
from ..language.prose import lesson_text
from ..language.session import apply_session_language
from ..ui.common import READY, feedback_box, rtl, set_feedback
from . import session as classroom
from ..steps.model import Outcome
from .live import answer_label, key_outcome, question_step, question_task, stored_prompt
from .live_banner import BANNER_MS, POLL_MS, LiveBanner, LivePulse, live_banner
from .live_store import CLOSED, REVEALED, LiveState
from .store import StoreError

__all__ = ["LivePulse", "LiveSeat", "LiveBanner", "live_page", "live_banner", "question_html",
           "question_view", "spread_html", "POLL_MS", "BANNER_MS"]

# The projector's copy of a question is only shown: nothing on it is clicked.
STILL_CSS = ("<style>.tutor-live-still{pointer-events:none}.tutor-live-still "
             ".widget-button{min-height:44px;font-size:1.1em}</style>")


# --- drawing a question and its answers --------------------------------------------------------
def question_html(task, *, width: int = 110, reveal: bool = False) -> str:
    """A "who wins this trick?" question drawn large for the projector (the winning cards
    marked once revealed)."""
    from ..cards.svg import card_svg
    from ..steps.tasks.tricks import seat_card_svg, vira_html

    v, vira = task.variant, task.vira
    cards = []
    for seat, card in task.plays:
        hl = "winner" if reveal and card.code in task.correct else None
        label = v.card_name(card, vira) if reveal else card.name()
        svg = card_svg(card, width=width, highlight=hl, label=label)
        if task.players > 2:
            svg = seat_card_svg(svg, seat, width)
        cards.append(f'<div class="tutor-live-card">{svg}</div>')
    head = vira_html(v, vira) if vira is not None else ""
    ask = "" if reveal else (
        '<p style="font-size:1.3em;text-align:center;margin:.4em 0">'
        + escape(_("Which card wins this trick? Click it, or Tie if nobody wins it.")) + "</p>")
    return (f'<div class="tutor-live-question" style="display:flex;flex-wrap:wrap;gap:1em;'
            f'align-items:center;justify-content:center">{head}{"".join(cards)}</div>{ask}')


def idea_html(step) -> str:
    """A lesson step's idea, above its question (as in the lesson)."""
    return (f'<p class="tutor-live-idea" style="font-size:1.15em;margin:.3em 0">'
            f"{escape(lesson_text(step.text))}</p>")


def question_view(task, step=None, *, reveal: bool = False, still: bool = False):
    """A question as a widget: a trick drawn large on the projector (``still``), the task's
    own view on a learner's page; a lesson's step with its idea above it. The projector's copy
    of any other task is its view, shown and not clicked."""
    if still and task.kind == "trick" and step is None:
        return W.HTML(question_html(task, reveal=reveal))
    head = [W.HTML(idea_html(step))] if step is not None else []
    if not still:
        return W.VBox([*head, task.view]) if head else task.view
    if task.kind == "trick":
        return W.VBox([*head, W.HTML(question_html(task, reveal=reveal))])
    view = W.VBox([task.view])
    view.add_class("tutor-live-still")
    return W.VBox([*head, W.HTML(STILL_CSS), view])


def spread_html(task, tally, names: dict[str, list[str]] | None = None) -> str:
    """The spread of the class's answers as bars (the right answer marked in words and in
    colour), with who gave each answer only when ``names`` is given."""
    most = max([count for _k, count, _r in tally.bars] + [1])
    rows = []
    for key, count, right in tally.bars:
        words = answer_label(task, key)
        share = count / tally.answered if tally.answered else 0.0
        colour = "#1e7b34" if right else "#868e96"
        mark = (" ✓ " + escape(_("right answer"))) if right else ""
        who = ""
        if names is not None and names.get(key):
            who = ('<div class="tutor-live-names" style="font-size:.9em;color:var(--tutor-ink-muted, #495057)">'
                   + escape(", ".join(names[key])) + "</div>")
        rows.append(
            f'<div class="tutor-live-bar{" tutor-live-right" if right else ""}" '
            f'style="margin:.35em 0"><div style="display:flex;justify-content:space-between;'
            f'gap:1em;font-weight:{700 if right else 400}"><bdi>{escape(words)}{mark}</bdi>'
            f'<span>{number(count)} · {shown_percent(share, 0)}</span></div>'
            f'<div style="background:var(--tutor-track, #e9ecef);border-radius:4px;height:1.1em">'
            f'<div style="width:{100 * count / most:.0f}%;background:{colour};height:100%;'
            f'border-radius:4px"></div></div>{who}</div>')
    return '<div class="tutor-live-spread" role="list">' + "".join(rows) + "</div>"


def _p(text: str, cls: str = "", size: str = "1em") -> str:
    return (f'<p class="{cls}" style="font-size:{size};margin:.4em 0">{escape(text)}</p>')


# --- the learner's seat ------------------------------------------------------------------------
class LiveSeat:
    """A learner's page in a live lesson. ``state`` is the live lesson last drawn, ``task``
    its question, ``mine`` the answer stored for it (None before one), ``message`` the last
    line said."""

    def __init__(self, session=None, store=None):
        apply_session_language()
        self.session = classroom.current() if session is None else session
        self._store = store
        self.state: LiveState | None = None
        self.last_id: int | None = None
        self.task = None
        self.step = None  # the lesson's step asked (None in a quick set)
        self.outcome = None  # the engine's verdict on this page's answer to the question
        self._ahead = None  # ((live id, question), task) built ahead of the teacher's Next
        self.mine: str | None = None
        self.message = ""
        self._key = object()
        self.status = W.HTML()
        self.body = W.VBox()
        self.feedback = feedback_box()
        self.pulse = LivePulse(self.poll, ms=POLL_MS)
        self.widget = rtl(W.VBox([self.status, self.body, self.feedback]))
        for cls in (READY, "tutor-widget", "tutor-live", "tutor-live-seat"):
            self.widget.add_class(cls)
        if self.session is None:
            self._say(classroom.problem() or _(
                "The live lesson is for a class: join your class on the start page first "
                "(ask your teacher for the class code), then come back here."), "error")
            return
        self.pulse.running = True
        self.poll()

    @property
    def store(self):
        return self._store or self.session.store

    def poll(self) -> None:
        """Look at the class's live lesson; draw it again if it moved on."""
        state = self.store.live_of(self.session.learner.class_code)
        key = None if state is None else state.key
        if key != self._key:
            self._key = key
            self._draw(state)
        elif state is not None:
            self._draw_status(state)
            self._prepare(state)

    def _task_for(self, state: LiveState):
        """The question on show: the one prepared ahead if it is that one."""
        ahead, self._ahead = self._ahead, None
        if ahead is not None and ahead[0] == (state.id, state.question):
            return ahead[1]
        if ahead is not None:
            ahead[1].view.close()
        return question_task(state)

    def _prepare(self, state: LiveState) -> None:
        """Once this question is answered or shown, build the next one (the same deal as
        everyone's) while the class talks: when the teacher moves on, the page only swaps it
        in, and 30 pages do not all build theirs in the same moment."""
        if self._ahead is not None or state.question >= state.questions or not (
                state.state == REVEALED or self.mine is not None):
            return
        self._ahead = ((state.id, state.question + 1), question_task(state, state.question + 1))

    # --- drawing ---------------------------------------------------------------------------------
    def _draw(self, state: LiveState | None) -> None:
        self.state = state
        if state is None:
            self.task, self.mine = None, None
            if self.last_id is not None:
                self._summary(self.last_id)
            else:
                self.status.value = ""
                self.body.children = []
                self._say(_("Waiting for your teacher to start the live lesson. Keep this "
                            "page open: the first question will appear here."))
            return
        self.last_id = state.id
        if self.task is not None:
            self.task.view.close()
        self.task = self._task_for(state)
        self.step = question_step(state)
        self.outcome = None
        self.task.on_outcome(self._answered)
        self.mine = self._stored_answer(state)
        self._draw_status(state)
        if state.state == REVEALED:
            self._reveal()
        elif self.mine is not None:
            self._received()
        elif state.state == CLOSED:
            self.body.children = []
            self._say(_("Time is up for this question. Wait for your teacher to show the "
                        "answer."))
        else:
            self.body.children = [question_view(self.task, self.step)]
            self._say(_("Question {n}: answer on your own. Your teacher shows the right "
                        "answer when everyone has answered.").format(n=state.question))

    def _draw_status(self, state: LiveState) -> None:
        text = _("Live lesson · question {n} of {total}").format(n=state.question,
                                                                 total=state.questions)
        left = state.remaining(time.time())
        if left is not None:
            text += " · " + _("{n} s left").format(n=int(left + 0.999))
        self.status.value = _p(text, "tutor-live-status", "1.1em")

    def _stored_answer(self, state: LiveState) -> str | None:
        me = self.session.learner.id
        rows = [r for r in self.store.live_answers(state.id, state.question) if r[0] == me]
        return rows[0][3] if rows else None

    def _received(self) -> None:
        words = answer_label(self.task, self.mine)
        self.body.children = [W.HTML(_p(_("You answered: {answer}.").format(answer=words),
                                        "tutor-live-mine", "1.2em"))]
        self._say(_("Answer received. Wait for your teacher to show the right answer."),
                  "info")

    def _reveal(self) -> None:
        task = self.task
        right, mine = self._verdicts()
        if task.kind == "trick":
            self.body.children = [W.HTML(question_html(task, width=72, reveal=True))]
        else:
            answer = answer_label(task, right.correct or right.answer)
            head = [W.HTML(idea_html(self.step))] if self.step is not None else []
            self.body.children = [*head, W.HTML(_p(_("The right answer: {answer}.").format(
                answer=answer), "tutor-live-key", "1.2em"))]
        if mine is None:
            self._say(_("You did not answer this one.") + " " + right.explanation, "info")
        elif mine.right:
            self._say(_("Right.") + " " + right.explanation, "right")
        else:
            self._say(" ".join(t for t in (mine.explanation, mine.note) if t), "wrong")

    def _verdicts(self):
        """The engine's verdicts on the right answer and on this learner's (None if none): a
        trick's from the task itself, any other task's from this page's answer or a copy of
        the question (after a reload)."""
        task, state = self.task, self.state
        if task.kind == "trick":
            right = Outcome(True, True, task.explanation, correct=" ".join(sorted(task.correct)))
            if self.mine is None:
                return right, None
            if self.mine in task.correct:
                return right, Outcome(True, True, task.explanation, answer=self.mine)
            from ..steps.tasks.tricks import why_wrong

            return right, Outcome(False, True, why_wrong(task.variant, task.vira, task.verdict,
                                                         self.mine), answer=self.mine)
        mine = None
        if self.mine is not None:
            mine = self.outcome if self.outcome is not None and \
                self.outcome.answer == self.mine else key_outcome(state, answer=self.mine)
        right = mine if mine is not None and mine.right else key_outcome(state)
        return right, mine

    def _summary(self, live_id: int) -> None:
        me = self.session.learner.id
        mine = [r for r in self.store.live_answers(live_id) if r[0] == me]
        right = sum(1 for r in mine if r[4])
        self.status.value = _p(_("The live lesson is over."), "tutor-live-status", "1.1em")
        line, words = _("Question {n}: {result}"), (_("wrong"), _("right"))
        rows = "".join("<li>" + escape(line.format(n=r[2], result=words[r[4]])) + "</li>"
                       for r in sorted(mine, key=lambda r: r[2]))
        self.body.children = [W.HTML(f'<ul class="tutor-live-summary">{rows}</ul>')]
        self._say(_("Right answers: {right} of {answered}.").format(
            right=number(right), answered=number(len(mine))), "right" if mine else "info")

    # --- answering -------------------------------------------------------------------------------
    def _answered(self, outcome) -> None:
        state = self.state
        if state is None or self.task is None:
            return
        if outcome.slip or not outcome.answer:  # not an answer (a refused click): not stored
            if outcome.note:
                self._say(outcome.note, "error")
            return
        try:
            said = self.store.live_answer(self.session.learner, state.id, state.question,
                                          self.task.variant.name, stored_prompt(self.task),
                                          outcome.answer, outcome.correct, outcome.right)
        except StoreError as err:
            self._say(classroom.save_problem(err.reason), "error")
            self._key = object()  # draw the question again at the next look
            return
        if said in ("stored", "again"):
            self.mine = outcome.answer if said == "stored" else self._stored_answer(state)
            self.outcome = outcome if said == "stored" else None
            self._received()
            return
        refused = (_("That question is closed: your teacher has moved on. Here is the question "
                     "on screen now.") if said == "closed" else
                   _("This live lesson is not your class's: your answer was not counted."))
        self._key = object()
        self.poll()  # what is on screen now
        self._say(refused + " " + self.message, "error")

    def _say(self, text: str, tone: str = "info") -> None:
        self.message = text
        set_feedback(self.feedback, text, tone)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def live_page() -> LiveSeat:
    return LiveSeat()
