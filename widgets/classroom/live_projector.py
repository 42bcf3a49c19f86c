"""The teacher's side of a live lesson: the projector view on the teacher's page.

The question large (the same deal every learner has), how many have answered, a countdown
only when the teacher set one; *Reveal* shows the spread of answers (bars, names only when the
teacher asks), the right answer and the engine's explanation; *Next* moves every page on; at
the end, the class's results per question and per learner. Everything is read from and written
to the class database (:mod:`.live_store`), so a reloaded teacher's page, another tab or a
page on another server shows the same lesson at the same question.
"""
from __future__ import annotations

import os
import time
from html import escape

import ipywidgets as W

import truco
from truco.i18n import number
from truco.i18n import percent as shown_percent
from ..language.i18n import _
from .tables import table
from .live import (COUNTDOWNS, LIVE_LESSONS, PLANS, key_outcome, parse_plan, plan_questions,
                   plan_text, plan_words, question_step, question_task, results, tally)
from .live_store import ASKING, CLOSED, REVEALED, LiveState
from .live_views import POLL_MS, LivePulse, question_view, spread_html

__all__ = ["LiveProjector", "PlanPicker", "plan_options"]


def plan_options(variants, with_variant: bool = True) -> list[tuple[str, str]]:
    """(words, plan) for each quick set a teacher can start, then each lesson whose steps
    can be asked live, in the given variants (their names in the words unless
    ``with_variant`` is false)."""
    out = []
    for name in variants:
        for kind in PLANS:
            for players in (2, 4):
                try:
                    text = plan_text(kind, name, players)
                except ValueError:
                    continue
                out.append((plan_words(text, with_variant), text))
        for lesson in LIVE_LESSONS:
            try:
                text = plan_text(lesson, name)
            except ValueError:  # no step of it asks one question in this variant
                continue
            out.append((plan_words(text, with_variant), text))
    return out


class PlanPicker:
    """What a teacher runs live: a variant, then a quick set or a lesson in it (the lessons
    offered follow the variant). ``value`` is the plan."""

    def __init__(self, variants, variant: str):
        self.variant = W.Dropdown(description=_("Variant"), style={"description_width": "initial"},
                                  options=[(_(truco.variant(v).title), v) for v in variants],
                                  value=variant)
        self.what = W.Dropdown(description=_("Live lesson"), style={"description_width": "initial"},
                               layout=W.Layout(width="min(100%, 26em)"))
        self.what.add_class("tutor-live-plan")
        self._fill()
        self.variant.observe(lambda _c: self._fill(), names="value")
        self.box = W.HBox([self.variant, self.what], layout=W.Layout(flex_flow="row wrap"))

    def _fill(self) -> None:
        old = self.what.value
        kind = old.split(":")[0::2] if old else None
        options = plan_options([self.variant.value], with_variant=False)
        keep = [p for _w, p in options if kind and p.split(":")[0::2] == kind]
        self.what.options = options
        self.what.value = keep[0] if keep else options[0][1]

    @property
    def value(self) -> str:
        return self.what.value


def _button(text: str, cls: str, on_click, style: str = "") -> W.Button:
    b = W.Button(description=text, button_style=style,
                 layout=W.Layout(width="auto", min_height="44px"))
    b.add_class(cls)
    b.on_click(lambda _b: on_click())
    return b


class LiveProjector:
    """``start(plan, countdown)``, then ``reveal()``, ``next()``, ``end()``; ``poll()`` reads the
    database again (the page's timer calls it). ``state`` is the lesson as last read,
    ``tally`` the current question's answers; ``on_close()`` is called when the view is left."""

    def __init__(self, store, code: str, class_size, on_close):
        self.store, self.code = store, code
        self.class_size = class_size  # () -> how many learners the class has
        self.on_close = on_close
        self.state: LiveState | None = None
        self.ended: LiveState | None = None
        self.task = None
        self.right = None  # the engine's verdict on the right answer, once revealed
        self.tally = None
        self.message = ""
        self._key = object()
        self.header = W.HTML()
        self.count = W.HTML()
        self.question = W.VBox()
        self.question.add_class("tutor-live-asked")
        self.spread = W.HTML()
        self.names = W.Checkbox(description=_("Show names"), value=False, indent=False)
        self.names.observe(lambda _c: self._draw_spread(), names="value")
        self.reveal_button = _button(_("Reveal the answer"), "tutor-live-reveal", self.reveal,
                                     "primary")
        self.next_button = _button(_("Next question"), "tutor-live-next", self.next, "primary")
        self.end_button = _button(_("End the live lesson"), "tutor-live-end", self.end)
        self.back_button = _button(_("Back to the class"), "tutor-live-back", self.leave)
        self.controls = W.HBox([self.reveal_button, self.next_button, self.end_button,
                                self.names], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.pulse = LivePulse(self.poll, ms=POLL_MS)
        self.widget = W.VBox([self.header, self.count, self.question, self.spread,
                              self.controls])
        self.widget.add_class("tutor-live-projector")

    # --- what the teacher does -------------------------------------------------------------------
    def start(self, plan: str, countdown: int = 0, questions: int | None = None) -> LiveState:
        """Start ``plan`` (a quick set asks ``questions``, ten by default; a lesson one
        question per step)."""
        if int(countdown) not in COUNTDOWNS:
            raise ValueError(f"a countdown is one of {COUNTDOWNS} seconds")
        parsed = parse_plan(plan)
        if parsed.lesson or questions is None:
            questions = plan_questions(parsed)
        seed = int.from_bytes(os.urandom(6), "big")
        self.state = self.store.start_live(self.code, plan, seed, questions, int(countdown))
        self.ended = None
        self._key = object()
        self.pulse.running = True
        self.poll()
        return self.state

    def resume(self, state: LiveState) -> None:
        """Show a live lesson already running (the teacher's page was reloaded)."""
        self.state, self.ended, self._key = state, None, object()
        self.pulse.running = True
        self.poll()

    def reveal(self) -> bool:
        s = self.state
        if s is None or s.state not in (ASKING, CLOSED):
            return False
        moved = self.store.live_move(s.id, s.question, s.state, to_question=s.question,
                                     to_state=REVEALED)
        self.poll()
        return moved

    def next(self) -> bool:
        s = self.state
        if s is None or s.state != REVEALED:
            return False
        if s.question >= s.questions:
            return self.end()
        moved = self.store.live_move(s.id, s.question, REVEALED, to_question=s.question + 1,
                                     to_state=ASKING)
        self.poll()
        return moved

    def end(self) -> bool:
        if self.state is None:
            return False
        done = self.store.end_live(self.state.id)
        self.poll()
        return done

    def leave(self) -> None:
        self.pulse.running = False
        self.on_close()

    # --- reading the database --------------------------------------------------------------------
    def poll(self) -> None:
        if self.state is None and self.ended is None:
            return
        live_id = (self.state or self.ended).id
        state = self.store.live(live_id)
        if state is None:
            return
        if state.state == ASKING and state.remaining(time.time()) == 0.0:
            self.store.live_move(state.id, state.question, ASKING, to_question=state.question,
                                 to_state=CLOSED)  # time is up: no more answers
            state = self.store.live(live_id) or state
        if state.ended is not None:
            self.state, self.ended = None, state
            if self._key != ("ended", state.id):
                self._key = ("ended", state.id)
                self._draw_results(state)
            self.pulse.running = False
            return
        self.state = state
        answers = self.store.live_answers(state.id, state.question)
        if state.key != self._key:
            self._key = state.key
            if self.task is not None:
                self.task.view.close()
            self.task = question_task(state)
            self.right = key_outcome(state) if state.state == REVEALED else None
            # a lesson's question can be as tall as the screen (a table): its reveal and the
            # teacher's buttons come above it, where the teacher sees them without scrolling
            parts = [self.header, self.count, self.question, self.spread, self.controls]
            if question_step(state) is not None:
                parts = [self.header, self.count, self.controls, self.spread, self.question]
            self.widget.children = parts
            old = self.question.children
            self.question.children = [question_view(self.task, question_step(state),
                                                    reveal=self.right is not None, still=True)]
            for child in old:
                child.close()
        correct = None if self.right is None else (self.right.correct or self.right.answer)
        self.tally = tally(self.task, answers, None if correct is None else correct.split())
        self._answers = answers
        self._draw_header(state)
        self._draw_spread()

    def _draw_header(self, state: LiveState) -> None:
        head = _("Question {n} of {total}").format(n=state.question, total=state.questions)
        left = state.remaining(time.time())
        tail = (" · " + _("{n} s left").format(n=int(left + 0.999))) if left is not None else ""
        if state.state == CLOSED:
            tail = " · " + _("time is up")
        self.header.value = (f'<h2 class="tutor-live-head" style="margin:.2em 0">'
                             f"{escape(head + tail)}</h2>"
                             + f'<p style="margin:0;color:var(--tutor-ink-muted, #495057)">{escape(plan_words(state.plan))}</p>')
        size = self.class_size()
        said = _("{n} of {total} have answered").format(n=number(self.tally.answered),
                                                        total=number(size))
        self.count.value = (f'<p class="tutor-live-count" aria-live="polite" '
                            f'style="font-size:1.6em;font-weight:700;margin:.3em 0">'
                            f"{escape(said)}</p>")
        revealed = state.state == REVEALED
        self.reveal_button.layout.display = "none" if revealed else None
        self.next_button.layout.display = None if revealed else "none"
        self.next_button.description = (_("See the results") if state.question >= state.questions
                                        else _("Next question"))
        self.names.layout.display = None if revealed else "none"

    def _draw_spread(self) -> None:
        s = self.state
        if s is None or s.state != REVEALED or self.tally is None:
            self.spread.value = ""
            return
        names = None
        if self.names.value:
            names = {}
            for row in self._answers:
                names.setdefault(row[3], []).append(row[1])
        right = shown_percent(self.tally.right / self.tally.answered, 0) \
            if self.tally.answered else "–"
        summary = _("Right: {share}").format(share=right)
        self.spread.value = (spread_html(self.task, self.tally, names)
                             + f'<p class="tutor-live-why" style="font-size:1.15em">'
                             f"<strong>{escape(summary)}.</strong> "
                             f"{escape(self.right.explanation)}</p>")

    def _draw_results(self, state: LiveState) -> None:

        learners = self.store.class_learners(self.code)
        per_question, per_learner = results(state, self.store.live_answers(state.id), learners)
        self.header.value = ('<h2 class="tutor-live-head tutor-live-over" style="margin:.2em 0">'
                             + escape(_("The live lesson is over")) + "</h2>")
        self.count.value = ""
        self.question.children = [W.HTML(table(
            "tutor-live-results", (_("Question"), _("Answers"), _("Right")),
            [(number(n), number(answered), shown_percent(right / answered, 0) if answered
              else "–") for n, answered, right in per_question]))]
        self.spread.value = table(
            "tutor-live-learners", (_("Learner"), _("Right"), _("Answers")),
            [(name, number(right), number(answered)) for name, right, answered in per_learner])
        self.controls.children = [self.back_button]
        self.widget.children = [self.header, self.count, self.question, self.spread,
                                self.controls]
        self.message = _("The answers are stored with the class's other answers (the tables "
                         "and the CSV).")
