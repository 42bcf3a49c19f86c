"""The teacher's page (``lessons/teacher.ipynb``): open with the passcode set in configuration
(see :mod:`.config`), make a class code, and watch the class live.

Shown for the class picked: who is on which lesson (and when they were last seen), each
question's success rate and most common wrong answer, a plot of the success rates, and a
CSV download of every answer (a ``data:`` link: no network, nothing written on the server).
The page refreshes itself every :data:`REFRESH_SECONDS` while it is open.

Nothing here is shown before the passcode is right; the passcode is compared in constant time,
after :data:`MAX_TRIES` wrong tries this page refuses every further try, and after
:data:`GLOBAL_TRIES` wrong tries on any page (counted in the database) every page refuses
until :data:`GLOBAL_WINDOW` seconds have passed: reloading the page does not help a guesser.
"""
from __future__ import annotations

import base64
import hmac
import io
import time
from html import escape

import anywidget
import ipywidgets as W
import traitlets

from truco.i18n import _

from ..common import FEEDBACK, READY, rtl, set_feedback
from ..language import apply_session_language
from .config import Settings
from .session import shared_store
from .stats import csv_text, learner_stats, percent, question_stats, wrong_answer_text

__all__ = ["TeacherPage", "teacher_page", "MAX_TRIES", "REFRESH_SECONDS"]

MAX_TRIES = 5  # wrong passcodes on one page
GLOBAL_TRIES, GLOBAL_WINDOW = 20, 600  # wrong passcodes on any page in 10 minutes
WRONG_DELAY = 0.3  # seconds, times the number of wrong tries: slows guessing down
REFRESH_SECONDS = 10


class Ticker(anywidget.AnyWidget):
    """Asks Python to refresh every ``seconds`` while the page is open (a browser timer)."""

    _esm = r"""
function render({ model, el }) {
  const every = Math.max(2, Number(model.get("seconds")) || 10) * 1000;
  const timer = setInterval(() => { if (model.get("running")) model.send({ type: "tick" }); },
                            every);
  return () => clearInterval(timer);
}
export default { render };
"""
    seconds = traitlets.Int(REFRESH_SECONDS).tag(sync=True)
    running = traitlets.Bool(False).tag(sync=True)


_TABLE = ('style="border-collapse:collapse;margin:.3em 0 1em" ')
_CELL = "padding:.25em .8em;border-bottom:1px solid #dee2e6;text-align:start"


def _table(cls: str, head, rows) -> str:
    """An HTML table: ``head`` and ``rows`` are cell texts (escaped here)."""
    th = "".join(f'<th style="{_CELL}">{escape(str(h))}</th>' for h in head)
    body = "".join("<tr>" + "".join(f'<td style="{_CELL}">{escape(str(c))}</td>' for c in row)
                   + "</tr>" for row in rows)
    return (f'<table class="{cls}" {_TABLE}><thead><tr>{th}</tr></thead>'
            f"<tbody>{body}</tbody></table>")


def _lesson_name(name: str | None) -> str:
    if name is None:
        return "–"
    from ..lesson import lesson_title

    try:
        return lesson_title(name)
    except ValueError:
        return name


def _ago(then: float | None, now: float) -> str:
    if then is None:
        return "–"
    minutes = int((now - then) // 60)
    if minutes < 1:
        return _("just now")
    return _("{n} min ago").format(n=minutes)


class TeacherPage:
    """``unlock(passcode)``, then ``new_class(title)``, ``show(code)``, ``refresh()``.

    ``widget`` is the page's box; ``learners``, ``questions`` hold the numbers last shown."""

    def __init__(self, settings: Settings | None = None, store=None):
        apply_session_language()
        self.settings = settings or Settings.load()
        self._store = store
        self.unlocked = False
        self.tries = 0
        self.code: str | None = None
        self.learners, self.questions, self.rows = [], [], []
        self.message, self.tone = "", "info"
        self.feedback = W.HTML()
        self.feedback.add_class(FEEDBACK)
        self.passcode = W.Password(description=_("Passcode"),
                                   style={"description_width": "initial"})
        self.passcode.add_class("tutor-passcode")
        self.open_button = W.Button(description=_("Open the teacher page"),
                                    layout=W.Layout(width="auto"))
        self.open_button.on_click(lambda _b: self.unlock(self.passcode.value))
        self.gate = W.VBox([self.passcode, self.open_button])
        self.body = W.VBox()
        self.ticker = Ticker()
        self.ticker.on_msg(self._on_tick)
        self.widget = W.VBox([self.gate, self.feedback, self.body, self.ticker])
        self.widget.add_class(READY)
        self.widget.add_class("tutor-widget")
        self.widget.add_class("tutor-teacher")
        rtl(self.widget)
        rtl(self.feedback)
        if not self.settings.teacher_passcode:
            self.gate.layout.display = "none"
            self._say(_("The teacher page is off: set a passcode in TRUCO_TEACHER_PASSCODE "
                        "(or in classroom.toml) where the server starts, then restart it."),
                      "error")
        else:
            self._say(_("Type the teacher passcode."))

    @property
    def store(self):
        if self._store is None:
            self._store = shared_store()
        return self._store

    # --- the gate ------------------------------------------------------------------------------
    def unlock(self, passcode) -> bool:
        expected = self.settings.teacher_passcode
        if self.unlocked:
            return True
        if not expected:
            return False
        if self.tries >= MAX_TRIES:
            self._say(_("Too many wrong passcodes. Reload the page to try again."), "error")
            return False
        try:
            recent = self.store.gate_failures(GLOBAL_WINDOW)
        except Exception:
            recent = 0  # no database: the page's own count still applies
        if recent >= GLOBAL_TRIES:
            self._say(_("Too many wrong passcodes: the teacher page is closed for a few "
                        "minutes."), "error")
            return False
        given = passcode if isinstance(passcode, str) else ""
        if not hmac.compare_digest(given.encode()[:200], expected.encode()):
            self.tries += 1
            try:
                self.store.gate_failure()
            except Exception:
                pass
            self.passcode.value = ""
            time.sleep(WRONG_DELAY * self.tries)
            self._say(_("Wrong passcode."), "wrong")
            return False
        self.unlocked = True
        self.passcode.value = ""
        self.gate.layout.display = "none"
        try:
            self._build()
        except Exception:
            self._say(_("The class database is not reachable. Check its settings."), "error")
            return True
        self._say(_("Welcome. Make a class code for your class, or pick one."), "right")
        return True

    # --- the page --------------------------------------------------------------------------------
    def _build(self) -> None:
        self.title_box = W.Text(description=_("New class"), placeholder=_("e.g. Room 4, Monday"),
                                style={"description_width": "initial"})
        self.new_button = W.Button(description=_("Make a class code"),
                                   layout=W.Layout(width="auto"))
        self.new_button.on_click(lambda _b: self.new_class(self.title_box.value))
        self.picker = W.Dropdown(description=_("Class"), style={"description_width": "initial"})
        self.picker.observe(lambda change: self.show(change["new"]), names="value")
        self.refresh_button = W.Button(description=_("Refresh"), layout=W.Layout(width="auto"))
        self.refresh_button.on_click(lambda _b: self.refresh())
        self.code_html, self.learners_html, self.questions_html = W.HTML(), W.HTML(), W.HTML()
        self.download = W.HTML()
        self.plot = W.HTML()  # an <img> with the PNG inline: no file, no request
        self.body.children = [W.HBox([self.title_box, self.new_button]),
                              W.HBox([self.picker, self.refresh_button]), self.code_html,
                              self.learners_html, self.questions_html, self.plot, self.download]
        self._load_classes()

    def _load_classes(self, select: str | None = None) -> None:
        classes = self.store.classes()
        self.picker.options = [(f"{code} — {title}" if title else code, code)
                               for code, title, _created in classes]
        if select is not None:
            self.picker.value = select
        elif classes and self.picker.value is None:
            self.picker.value = classes[0][0]

    def new_class(self, title="") -> str | None:
        if not self.unlocked:
            return None
        title = " ".join(str(title or "")[:80].split())
        try:
            code = self.store.create_class(title)
            self._load_classes(select=code)
        except Exception:
            self._say(_("The class database is not reachable. Check its settings."), "error")
            return None
        self._say(_("New class code: {code}. Show it to your class.").format(code=code), "right")
        return code

    def show(self, code) -> None:
        if not self.unlocked or code is None:
            return
        self.code = code
        self.ticker.running = True
        self._on_tick(None, {"type": "tick"}, [])

    def refresh(self) -> None:
        if not self.unlocked or self.code is None:
            return
        store, code = self.store, self.code
        self.rows = store.class_answers(code)
        self.learners = learner_stats(store.class_learners(code), self.rows)
        self.questions = question_stats(self.rows)
        now = time.time()
        self.code_html.value = (
            '<p class="tutor-class-code-big" style="font-size:2.2em;font-weight:700;'
            'letter-spacing:.15em;margin:.3em 0">' + escape(code) + "</p>")
        self.learners_html.value = self._learners_table(now)
        self.questions_html.value = self._questions_table()
        png = base64.b64encode(self._plot_png()).decode("ascii")
        alt = _("Success rate per question")
        self.plot.value = (f'<img class="tutor-plot" style="max-width:100%" alt="'
                           f'{escape(alt, quote=True)}" '
                           f'src="data:image/png;base64,{png}">')
        data = base64.b64encode(csv_text(self.rows).encode("utf-8")).decode("ascii")
        self.download.value = (
            f'<a class="tutor-csv" style="color:#1864ab;font-weight:600" download="class-{escape(code)}.csv" '
            f'href="data:text/csv;charset=utf-8;base64,{data}">'
            + escape(_("Download every answer (CSV)")) + "</a>")

    def _learners_table(self, now: float) -> str:
        head = (_("Learner"), _("Lesson now"), _("Last seen"), _("Answers"), _("Right"))
        rows = [(s.name, _lesson_name(s.lesson), _ago(s.seen, now), s.answers,
                 f"{percent(s.right, s.answers)}%") for s in self.learners]
        title = _("Learners ({n})").format(n=len(self.learners))
        return f"<h3>{escape(title)}</h3>" + _table("tutor-learners", head, rows)

    def _questions_table(self) -> str:
        head = (_("Question"), _("Answers"), _("Right"), _("Most common wrong answers"))
        rows = [(q.label(), q.answers, f"{percent(q.right, q.answers)}%",
                 wrong_answer_text(q, most=2)) for q in self.questions]
        title = _("Questions")  # outside the f-string, where Babel's extractor sees it
        return f"<h3>{escape(title)}</h3>" + _table("tutor-questions", head, rows)

    def _plot_png(self) -> bytes:
        from matplotlib.figure import Figure  # no pyplot: no global state, no GUI backend

        qs = self.questions[-30:]
        fig = Figure(figsize=(8, max(2.0, 0.3 * len(qs) + 1)), dpi=80)
        ax = fig.add_subplot()
        if qs:
            ax.barh([q.label() for q in qs][::-1], [100 * q.rate for q in qs][::-1],
                    color="#1e7b34")
        ax.set_xlim(0, 100)
        ax.set_xlabel(_("Right answers (%)"))
        ax.set_title(_("Success rate per question"))
        fig.tight_layout()
        buf = io.BytesIO()
        fig.savefig(buf, format="png")
        return buf.getvalue()

    def _on_tick(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "tick":
            try:
                self.refresh()
            except Exception:
                self._say(_("The class database is not reachable. Check its settings."),
                          "error")

    def _say(self, text: str, tone: str = "info") -> None:
        self.message, self.tone = text, tone
        set_feedback(self.feedback, text, tone)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def teacher_page() -> TeacherPage:
    return TeacherPage()
