"""The teacher page's view of one class as HTML: who is on which lesson, each question's
success rate and most common wrong answers, and the chart of success rates (a PNG inline: no
file, no request). Before any answer, each place says what will appear there and when.
Display only: the numbers come from :mod:`.stats` and :mod:`.skills`.

>>> ago(None, 0.0), ago(0.0, 30.0), ago(0.0, 3 * 3600.0)
('–', 'just now', '3 hours ago')
>>> "Nobody has joined yet" in learners_html([], {}, "KX7PQ2MRTA", 0.0)
True
"""
from __future__ import annotations

import base64
import io
from html import escape

from truco.i18n import number
from truco.i18n import percent as shown_percent
from ..language.i18n import _

from . import skills
from .stats import lesson_name, percent, wrong_answer_text
from .store import format_code
from .tables import empty, table

__all__ = ["ago", "lesson_now", "learners_html", "questions_html", "plot_html", "plot_png"]


def lesson_now(name: str | None) -> str:
    return "–" if name is None else lesson_name(name)


def ago(then: float | None, now: float) -> str:
    """How long ago ``then`` was (seconds since the epoch), in words."""
    if then is None:
        return "–"
    minutes = int((now - then) // 60)
    if minutes < 1:
        return _("just now")
    if minutes < 120:
        return _("{n} min ago").format(n=minutes)
    if minutes < 48 * 60:
        return _("{n} hours ago").format(n=minutes // 60)
    return _("{n} days ago").format(n=minutes // (24 * 60))


def _short(text: str, most: int = 48) -> str:
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


def _hand_counts(skill_rows: dict, learner_id) -> tuple[int, int]:
    rows = skill_rows.get(f"class:{learner_id}", [])
    return (sum(r[2] for r in rows if r[0] == "hand"),
            sum(r[3] for r in rows if r[0] == "hand"))


def learners_html(learners, skill_rows: dict, code: str, now: float) -> str:
    """The class's learners (:func:`.stats.learner_stats`), or who will appear and when."""
    head = (_("Learner"), _("Lesson now"), _("Last seen"), _("Answers"), _("Right"),
            _("Hands: best or good"))
    rows = [(s.name, lesson_now(s.lesson), ago(s.seen, now), number(s.answers),
             shown_percent(percent(s.right, s.answers) / 100, 0),
             skills.accuracy_text(*_hand_counts(skill_rows, s.id))) for s in learners]
    title = _("Learners ({n})").format(n=len(learners))
    if not rows:
        return f"<h3>{escape(title)}</h3>" + empty(_(
            "Nobody has joined yet. Learners type the class code {code} on the start page, "
            "under their name; each appears here at once, with the lesson they are on."
        ).format(code=format_code(code)))
    return f"<h3>{escape(title)}</h3>" + table("tutor-learners", head, rows)


def questions_html(questions) -> str:
    """Each question (:func:`.stats.question_stats`) with its success rate, or a word on
    what will come."""
    head = (_("Question"), _("Answers"), _("Right"), _("Most common wrong answers"))
    rows = [(q.label(), number(q.answers), shown_percent(percent(q.right, q.answers) / 100, 0),
             wrong_answer_text(q, most=2)) for q in questions]
    title = _("Questions")  # outside the f-string, where Babel's extractor sees it
    if not rows:
        return f"<h3>{escape(title)}</h3>" + empty(_(
            "No question answered yet: each one the class answers comes here, with its "
            "success rate and the most common wrong answers."))
    return f"<h3>{escape(title)}</h3>" + table("tutor-questions", head, rows)


def plot_html(questions) -> str:
    """The chart of success rates, or before any answer what will appear there and when
    (an empty chart says nothing)."""
    if not questions:
        return empty(_("No answers yet. As soon as learners of this class answer a step, "
                       "each question appears in the table above with its success rate, "
                       "and this chart fills in: the page refreshes every few seconds."))
    png = base64.b64encode(plot_png(questions)).decode("ascii")
    alt = _("Success rate per question")
    return (f'<img class="tutor-plot" style="max-width:100%" alt="'
            f'{escape(alt, quote=True)}" src="data:image/png;base64,{png}">')


def plot_png(questions) -> bytes:
    """The last 30 questions' success rates as a bar chart (PNG)."""
    from matplotlib.figure import Figure  # no pyplot: no global state, no GUI backend

    qs = questions[-30:]
    fig = Figure(figsize=(8, max(2.0, 0.3 * len(qs) + 1)), dpi=80)
    ax = fig.add_subplot()
    if qs:
        ax.barh([_short(q.label()) for q in qs][::-1], [100 * q.rate for q in qs][::-1],
                color="#1e7b34")
    ax.set_xlim(0, 100)
    ax.set_xlabel(_("Right answers (%)"))
    ax.set_title(_("Success rate per question"))
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()
