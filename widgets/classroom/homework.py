"""Homework: lessons (and the exam) a class is to finish by a day, what each learner did, and
how the learner and the teacher read it.

A lesson is done when it was finished with stars (the lessons as steps store that); done on
time when that happened on or before the due day (the server's calendar day), late after it.
Time spent is the time between a learner's steps and answers in the lesson, counting a gap of
more than :data:`IDLE` seconds (a learner away) as :data:`IDLE`.

>>> from datetime import date
>>> status(date(2026, 12, 12), None, today=date(2026, 12, 10))
'not_yet'
>>> status(date(2026, 12, 12), None, today=date(2026, 12, 13))
'missing'
>>> active_seconds([0, 60, 2000, 2030], start=None)
390.0
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from html import escape

from truco.i18n import babel_locale, number
from ..language.i18n import N_, _
from .stats import lesson_name

__all__ = ["IDLE", "HomeworkRow", "status", "active_seconds", "homework_rows", "due_words",
           "duration_words", "missed_steps", "STATUS_WORDS", "parse_day", "homework_html"]

IDLE = 300.0
STATUS_WORDS = {"on_time": N_("done on time"), "late": N_("done late"),
                "not_yet": N_("not yet"), "missing": N_("not done, past the date")}


def parse_day(text) -> dt.date:
    """An ISO day ("2026-12-12"); ValueError naming the problem otherwise."""
    try:
        return dt.date.fromisoformat(str(text)[:10])
    except ValueError:
        raise ValueError(f"not a day: {str(text)[:20]!r} (write it as 2026-12-12)") from None


def status(due: dt.date, finished: float | None, today: dt.date | None = None) -> str:
    """"on_time", "late", "not_yet" (not done, the day has not passed) or "missing"."""
    if finished is not None:
        return "on_time" if dt.date.fromtimestamp(finished) <= due else "late"
    today = today or dt.date.today()
    return "not_yet" if today <= due else "missing"


def active_seconds(times, start: float | None) -> float:
    """Seconds between consecutive events (``start``, then ``times``), each gap at most
    :data:`IDLE`."""
    events = sorted(([start] if start is not None else []) + list(times))
    return float(sum(min(IDLE, b - a) for a, b in zip(events, events[1:])))


@dataclass(frozen=True)
class HomeworkRow:
    learner_id: int
    name: str
    status: str
    stars: int | None
    mistakes: int
    seconds: float


def homework_rows(work, due: dt.date, today: dt.date | None = None) -> list[HomeworkRow]:
    """One row per learner from :meth:`.live_store.LiveStore.lesson_work`."""
    rows = []
    for lid, name, stars, finished, steps, answers, first in work:
        times = [at for _s, _m, at in steps] + list(answers)
        if finished is not None:
            times.append(finished)
        rows.append(HomeworkRow(lid, name, status(due, finished, today), stars,
                                sum(m for _s, m, _at in steps), active_seconds(times, first)))
    return rows


def missed_steps(work, most: int = 3) -> list[tuple[int, int, int]]:
    """The steps most missed in a lesson: (step number from 1, learners who made a mistake in
    it, mistakes), most learners first."""
    per: dict[int, list[int]] = {}
    for _lid, _name, _stars, _fin, steps, _answers, _first in work:
        for step, mistakes, _at in steps:
            if mistakes:
                per.setdefault(step, []).append(mistakes)
    ranked = sorted(per.items(), key=lambda kv: (-len(kv[1]), -sum(kv[1]), kv[0]))
    return [(step + 1, len(ms), sum(ms)) for step, ms in ranked[:most]]


def due_words(day: dt.date) -> str:
    """A due day in the current language's own way of writing a date (Babel; the Gregorian
    calendar, with the language's month names and digits)."""
    from babel.dates import format_date

    from truco.i18n import _native, get_language

    return _native(format_date(day, format="full", locale=babel_locale()), get_language())


def duration_words(seconds: float) -> str:
    minutes = int(round(seconds / 60))
    if minutes < 1:
        return _("under a minute")
    return _("{n} min").format(n=number(minutes))


def homework_html(items, stars: dict, today: dt.date | None = None, href=None) -> str:
    """The learner's homework list for the start page: ``items`` (lesson, due ISO day, set at)
    of the class, ``stars`` the learner's {lesson: stars}; ``href(lesson)`` a lesson's link."""
    if not items:
        return ""
    today = today or dt.date.today()
    lines = []
    for lesson, due_text, _set in items:
        try:
            due = parse_day(due_text)
        except ValueError:
            continue
        done = lesson in stars
        state = _("done") if done else (_("due") if today <= due else _("past the date"))
        title = escape(lesson_name(lesson))
        if href is not None:
            title = (f'<a class="tutor-homework-link" style="color:var(--tutor-accent, #1864ab);font-weight:600" '
                     f'href="{escape(href(lesson), quote=True)}">{title}</a>')
        when = _("by {day}").format(day=due_words(due))
        mark = "✓ " if done else ""
        lines.append(f'<li class="tutor-homework-item" style="margin:.25em 0">{mark}{title} — '
                     f"{escape(when)} ({escape(state)})</li>")
    head = _("Homework from your teacher")
    return (f'<div class="tutor-homework" style="border:1px solid var(--tutor-accent, #1864ab);border-radius:8px;'
            f'padding:.5em 1em;margin:.5em 0"><strong>{escape(head)}</strong>'
            f'<ul style="margin:.3em 0;padding-inline-start:1.2em">{"".join(lines)}</ul></div>')
