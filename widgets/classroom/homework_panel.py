"""The homework part of the teacher's page: assign a lesson (or the exam) with a due day, and
read, per assignment, each learner's status (done on time, late, not yet), stars, mistakes and
time spent, and the steps most missed; the list can be narrowed to a range of due days."""
from __future__ import annotations

import datetime as dt
from html import escape

import ipywidgets as W

from truco.i18n import number
from ..language.i18n import _
from .tables import stars, table
from .homework import (STATUS_WORDS, due_words, duration_words, homework_rows, missed_steps,
                       parse_day)
from .stats import lesson_name

__all__ = ["HomeworkPanel", "homework_lessons"]


def homework_lessons() -> list[tuple[str, str]]:
    """(title, lesson) of every lesson on the path, the exam included."""
    from ..pages.links import LESSONS, lesson_title

    return [(lesson_title(name), name) for name, _t, _b in LESSONS[1:]]


class HomeworkPanel:
    """``assign(lesson, due)``, ``drop(lesson)``, ``show(code)``; ``widget`` is the panel,
    ``rows`` {lesson: [HomeworkRow]} as last shown, ``message`` the last thing said."""

    def __init__(self, store, today=None):
        self.store = store
        self.today = today or dt.date.today
        self.code: str | None = None
        self.rows: dict = {}
        self.message = ""
        self.lesson = W.Dropdown(description=_("Lesson"), options=homework_lessons(),
                                 style={"description_width": "initial"},
                                 layout=W.Layout(width="min(100%, 26em)"))
        self.due = W.DatePicker(description=_("Due"), value=self.today() + dt.timedelta(days=7),
                                style={"description_width": "initial"})
        self.assign_button = W.Button(description=_("Set as homework"), button_style="primary",
                                      layout=W.Layout(width="auto", min_height="36px"))
        self.assign_button.add_class("tutor-homework-assign")
        self.assign_button.on_click(lambda _b: self.assign(self.lesson.value, self.due.value))
        self.since = W.DatePicker(description=_("Due from"), style={"description_width": "initial"})
        self.until = W.DatePicker(description=_("to"), style={"description_width": "initial"})
        for picker in (self.since, self.until):
            picker.observe(lambda _c: self.show(self.code), names="value")
        self.said = W.HTML()
        self.table = W.HTML(layout=W.Layout(max_width="100%", overflow="auto"))
        self.widget = W.VBox([
            W.HTML("<h3>" + escape(_("Homework")) + "</h3>"),
            W.HBox([self.lesson, self.due, self.assign_button],
                   layout=W.Layout(flex_flow="row wrap", align_items="center")),
            W.HBox([self.since, self.until], layout=W.Layout(flex_flow="row wrap")),
            self.said, self.table])
        self.widget.add_class("tutor-homework-panel")

    def assign(self, lesson, due) -> bool:
        if self.code is None:
            return False
        names = {name for _t, name in homework_lessons()}
        if lesson not in names:
            return self._say(_("Pick a lesson from the list."))
        try:
            day = due if isinstance(due, dt.date) else parse_day(due)
        except (ValueError, TypeError):
            return self._say(_("Pick the day it is due."))
        self.store.set_homework(self.code, lesson, day.isoformat())
        self._say(_("{lesson} is homework, due {day}.").format(lesson=lesson_name(lesson),
                                                               day=due_words(day)))
        self.show(self.code)
        return True

    def drop(self, lesson) -> None:
        if self.code is not None:
            self.store.drop_homework(self.code, str(lesson))
            self.show(self.code)

    def show(self, code) -> None:
        self.code = code
        if code is None:
            self.table.value = ""
            return
        items = []
        for lesson, due_text, _set in self.store.homework(code):
            try:
                due = parse_day(due_text)
            except ValueError:
                continue
            if (self.since.value and due < self.since.value) or \
                    (self.until.value and due > self.until.value):
                continue
            items.append((lesson, due))
        self.rows = {}
        out = []
        for lesson, due in items:
            work = self.store.lesson_work(code, lesson)
            rows = self.rows[lesson] = homework_rows(work, due, self.today())
            title = _("{lesson}, due {day}").format(lesson=lesson_name(lesson),
                                                    day=due_words(due))
            out.append(f'<h4 class="tutor-homework-title">{escape(title)}</h4>')
            counts = {k: sum(1 for r in rows if r.status == k) for k in STATUS_WORDS}
            said = _("{status}: {n}")
            out.append("<p>" + escape(" · ".join(
                said.format(status=_(STATUS_WORDS[k]), n=number(n))
                for k, n in counts.items() if n)) + "</p>")

            out.append(table("tutor-homework-table",
                              (_("Learner"), _("Homework"), _("Stars"), _("Mistakes"),
                               _("Time spent")),
                              [(r.name, _(STATUS_WORDS[r.status]),
                                stars(r.stars) if r.stars else "–", number(r.mistakes),
                                duration_words(r.seconds)) for r in rows]))
            missed = missed_steps(work)
            if missed:
                words = _("Steps most missed: {steps}").format(steps="; ".join(
                    _("step {n} ({learners} learners, {mistakes} mistakes)").format(
                        n=number(n), learners=number(who), mistakes=number(m))
                    for n, who, m in missed))
                out.append(f'<p class="tutor-homework-missed">{escape(words)}</p>')
        if not items:
            out.append("<p>" + escape(_("No homework set for this class yet: pick a lesson and "
                                        "the day it is due.")) + "</p>")
        self.table.value = "".join(out)

    def _say(self, text: str) -> bool:
        self.message = text
        self.said.value = f'<p role="status">{escape(text)}</p>'
        return False
