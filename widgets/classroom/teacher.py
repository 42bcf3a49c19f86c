"""The teacher's page (``lessons/teacher.ipynb``): open with the passcode set in configuration
(see :mod:`.config`), make a class code, and watch the class live.

Shown for the class picked: its code big, the join address and its QR code (see :mod:`.qr`;
"Project" shows only those, large, for the projector), who is on which lesson (and when they
were last seen), each question's success rate and most common wrong answer, a plot of the
success rates, one learner's answers lesson by lesson with their visits, steps and stars, and
a CSV download of every answer (a ``data:`` link: no network, nothing written on the server).
Questions are named in words in the teacher's language (see :func:`.stats.question_words`).
The page refreshes itself every :data:`REFRESH_SECONDS` while it is open.

Nothing here is shown before the passcode is right; the passcode is compared in constant time,
and only after the try is counted in the database (:data:`.limits.GATE`: 5 wrong tries per
page, 20 per client and 100 on the whole server in 10 minutes), so reloading the page does
not help a guesser, and one learner's guesses do not close the page for the teacher on
another device. A try that cannot be counted (a read-only, full or locked database) is not
judged: the page refuses passcodes for :data:`CLOSED_SECONDS` and says why.

Learners' names are shown as text: escaped, and without the characters that reorder or hide
text (see :func:`.store.shown_text`); the CSV download keeps them from becoming formulas.
"""
from __future__ import annotations

import base64
import hmac
import os
import time
from html import escape
from types import SimpleNamespace

import anywidget
import ipywidgets as W
import traitlets

import truco
from truco.i18n import number
from ..language.i18n import _

from ..ui.common import READY, feedback_box, rtl, set_feedback
from ..language.session import apply_session_language
from . import class_report as report, limits, skills
from .config import Settings
from .limits import GATE, BrowserId, client_key, refusal
from .homework_panel import HomeworkPanel
from .live import COUNTDOWNS
from .live_projector import LiveProjector, PlanPicker
from .qr import join_html, join_url
from .session import shared_store
from .stats import (answer_words, csv_text, learner_stats, lesson_name, question_stats,
                    question_words)
from .tables import cell as _cell, empty, stars as _stars, table as _table  # noqa: F401
from .store import format_code, shown_text

__all__ = ["TeacherPage", "teacher_page", "MAX_TRIES", "REFRESH_SECONDS"]

MAX_TRIES = GATE.page  # wrong passcodes on one page
CLOSED_SECONDS = 60  # no passcode is checked for this long after a try could not be counted
GATE_WAIT = 1.0  # seconds counting a try waits for a locked database
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


class TeacherPage:
    """``unlock(passcode)``, then ``new_class(title)``, ``show(code)``, ``refresh()``.

    ``widget`` is the page's box; ``learners``, ``questions`` hold the numbers last shown."""

    def __init__(self, settings: Settings | None = None, store=None, environ=None):
        apply_session_language()
        self.settings = settings or Settings.load()
        self.environ = environ
        self._store = store
        self.unlocked = False
        self.tries = 0
        self.closed_until = 0.0
        self.code: str | None = None
        self.learners, self.questions, self.rows = [], [], []
        self.message, self.tone = "", "info"
        self.feedback = feedback_box()
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
        self.browser = BrowserId()
        self.widget = W.VBox([self.gate, self.feedback, self.body, self.ticker, self.browser])
        self.widget.add_class(READY)
        self.widget.add_class("tutor-widget")
        self.widget.add_class("tutor-teacher")
        rtl(self.widget)
        if self.settings.hub_user:  # JupyterHub says who is a teacher: no passcode
            self.gate.layout.display = "none"
            if self.settings.hub_teacher:
                self._open()
            else:
                self._say(_("This page is for teachers. Ask whoever runs the school's hub to "
                            "add you to its teachers group."), "error")
        elif not self.settings.teacher_passcode:
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
        if not expected or self.settings.hub_user:  # under a hub, no passcode opens it
            return False
        now = limits.clock()
        if now < self.closed_until:
            self._say(self._cannot_count(), "error")
            return False
        if self.tries >= MAX_TRIES:
            self._say(refusal("gate", "page", 0), "error")
            return False
        try:  # counted first, as a wrong try: a try that cannot be counted is not judged
            with self.store.waiting(GATE_WAIT):
                admitted = self.store.admit(GATE.kind, self.client(), now, GATE.window,
                                            GATE.client, GATE.everyone)
        except Exception:
            self.closed_until = now + CLOSED_SECONDS
            self._say(self._cannot_count(), "error")
            return False
        if not admitted.allowed:
            self._say(refusal("gate", admitted.over, admitted.retry_after), "error")
            return False
        given = passcode if isinstance(passcode, str) else ""
        if not hmac.compare_digest(given.encode()[:200], expected.encode()):
            self.tries += 1
            self.passcode.value = ""
            time.sleep(WRONG_DELAY * self.tries)
            self._say(_("Wrong passcode."), "wrong")
            return False
        try:
            self.store.forgive(admitted.id)  # a right passcode is no failure
        except Exception:
            pass  # one try too many counted: harmless
        self.passcode.value = ""
        return self._open()

    def _open(self) -> bool:
        """The passcode was right (or the hub says this user teaches): the page opens."""
        self.unlocked = True
        self.gate.layout.display = "none"
        try:
            self._build()
        except Exception:
            self._say(_("The class database is not reachable. Check its settings."), "error")
            return True
        if self.live is None:  # (else the live lesson that runs has said so)
            self._say(_("Welcome. Make a class code for your class, or pick one."), "right")
        return True

    def client(self) -> str | None:
        """Who is trying the passcode, for the per-client limit (see :mod:`.limits`)."""
        return client_key(self.settings, self.browser, self.environ)

    @staticmethod
    def _cannot_count() -> str:
        return _("Passcodes cannot be checked now: the class database cannot record wrong "
                 "tries (it is read-only, full or busy). Try again in a minute.")

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
        self.skills_html = W.HTML()
        self.skills = {}
        self.download = W.HTML()
        self.plot = W.HTML()  # an <img> with the PNG inline: no file, no request
        self.project_button = W.Button(description=_("Project the code"), icon="expand",
                                       layout=W.Layout(width="auto", align_self="flex-start",
                                                       min_height="36px"))
        self.project_button.on_click(lambda _b: self.project(True))
        self.project_button.add_class("tutor-project-button")
        self.renew_button = W.Button(description=_("New code for this class"),
                                     layout=W.Layout(width="auto", min_height="36px"))
        self.renew_button.add_class("tutor-renew-code")
        self.renew_button.on_click(lambda _b: self.renew_code())
        self.back_button = W.Button(description=_("Back to the class"),
                                    layout=W.Layout(width="auto"))
        self.back_button.on_click(lambda _b: self.project(False))
        self.back_button.add_class("tutor-project-back")
        self.learner_picker = W.Dropdown(description=_("Learner"),
                                         style={"description_width": "initial"},
                                         layout=W.Layout(width="min(100%, 24em)"))
        self._loading = False
        self.learner_picker.observe(lambda change: self._loading or self.show_learner(
            change["new"]), names="value")
        self.learner_html = W.HTML()
        self.learner_map = W.VBox()
        self.remove_button = W.Button(description=_("Remove from the class"),
                                      layout=W.Layout(width="auto", min_height="36px"))
        self.remove_button.add_class("tutor-remove-learner")
        self.remove_button.on_click(lambda _b: self.remove_learner(self.learner_id))
        self.remove_button.layout.display = "none"
        self.removing = None  # the learner a first click on Remove asked about
        self.learner_box = W.VBox([W.HTML("<h3>" + escape(_("One learner")) + "</h3>"),
                                   self.learner_picker, self.learner_map, self.learner_html,
                                   self.remove_button])
        self.learner_box.add_class("tutor-learner-view")
        for box in (self.code_html, self.learners_html, self.questions_html, self.learner_html):
            box.layout.max_width = "100%"
            box.layout.overflow_x = "auto"  # a wide table scrolls, the page does not
        # the page's sections, each a panel: the class and its code, the live lesson, the
        # homework, the class report, one learner
        self.class_panel = W.VBox([W.HBox([self.title_box, self.new_button],
                                          layout=W.Layout(flex_flow="row wrap")),
                                   W.HBox([self.picker, self.refresh_button],
                                          layout=W.Layout(flex_flow="row wrap")),
                                   self.code_html,
                                   W.HBox([self.project_button, self.renew_button],
                                          layout=W.Layout(flex_flow="row wrap"))])
        self.report_panel = W.VBox([self.learners_html, self.skills_html, self.questions_html,
                                    self.plot, self.download])
        self.live_plan = PlanPicker(truco.VARIANT_NAMES, truco.VARIANT_NAMES[0])
        self.live_countdown = W.Dropdown(
            description=_("Countdown"), style={"description_width": "initial"},
            options=[(_("Off"), 0), *((_("{n} s").format(n=n), n) for n in COUNTDOWNS[1:])])
        self.live_button = W.Button(description=_("Start a live lesson"), icon="play",
                                    button_style="primary",
                                    layout=W.Layout(width="auto", min_height="36px"))
        self.live_button.add_class("tutor-live-start")
        self.live_button.on_click(lambda _b: self.start_live(self.live_plan.value,
                                                             self.live_countdown.value))
        self.live_start = W.VBox([W.HTML("<h3>" + escape(_("Live lesson")) + "</h3>"),
                                  W.HTML("<p>" + escape(_(
                                      "You lead: one question at a time on the projector, "
                                      "every learner answers on their own device, you reveal "
                                      "the answer and move on.")) + "</p>"),
                                  W.HBox([self.live_plan.box, self.live_countdown],
                                         layout=W.Layout(flex_flow="row wrap")),
                                  self.live_button, W.HTML(self._guide_link())])
        self.homework = HomeworkPanel(self.store)
        self.class_box = W.VBox([self.class_panel, self.live_start, self.homework.widget,
                                 self.report_panel, self.learner_box])
        for panel in self.class_box.children:
            panel.add_class("tutor-panel")
        self.live = None
        self.live_box = W.VBox(layout=W.Layout(display="none"))
        self.live_box.add_class("tutor-live-box")
        self.project_html = W.HTML()
        self.project_box = W.VBox([self.back_button, self.project_html],
                                  layout=W.Layout(display="none", align_items="stretch"))
        self.back_button.layout.align_self = "flex-start"
        self.project_box.add_class("tutor-project")
        self.body.children = [self.class_box, self.project_box, self.live_box]
        self.projecting = False
        self.learner_id = None
        self._load_classes()
        self._sections()

    def _sections(self) -> None:
        """Before a class is picked, only the class's panel shows, saying what will come."""
        chosen = self.code is not None
        for panel in self.class_box.children[1:]:
            panel.layout.display = None if chosen else "none"
        if not chosen:
            self.code_html.value = empty(_(
                "No class picked yet. Type a name and press Make a class code, or pick a "
                "class above: its code, join address and QR code appear here, then the live "
                "lesson, the homework and the class report."))

    def _load_classes(self, select: str | None = None) -> None:
        classes = self.store.classes()
        self.picker.options = [(f"{format_code(code)} — {title}" if title else format_code(code),
                                code) for code, title, _created in classes]
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
        self._say(_("New class code: {code}. Show it to your class.").format(
            code=format_code(code)), "right")
        return code

    def show(self, code) -> None:
        if not self.unlocked or code is None:
            return
        self.code = code
        self._sections()
        self.ticker.running = True
        self._on_tick(None, {"type": "tick"}, [])

    def refresh(self) -> None:
        if not self.unlocked or self.code is None:
            return
        store, code = self.store, self.code
        if not store.class_exists(code):  # the database was reset or replaced under the page
            self.ticker.running = False
            self.code = None
            self._load_classes()
            self._sections()
            self._say(_("Class {code} is no longer in the class database (it was reset or "
                        "replaced): make a new class code.").format(code=format_code(code)),
                      "error")
            return
        if self.live is None:
            running = store.live_of(code)
            if running is not None:  # the page was reloaded (or another tab started it)
                self._live_view(running)
        self.rows = store.class_answers(code)
        self.learners = learner_stats(store.class_learners(code), self.rows)
        try:
            self.skills = store.skills_of(f"class:{s.id}" for s in self.learners)
        except Exception:  # an older store, or one that cannot be read now
            self.skills = {}
        self.skills_html.value = skills.class_html(self.skills)
        self.questions = question_stats(self.rows)
        now = time.time()
        self.join_address = join_url(code, os.environ if self.environ is None else self.environ)
        self.code_html.value = join_html(code, self.join_address)
        if self.projecting:
            self.project_html.value = join_html(code, self.join_address, big=True)
        self.learners_html.value = report.learners_html(self.learners, self.skills, code, now)
        self._load_learners()
        self.questions_html.value = report.questions_html(self.questions)
        self.homework.show(code)
        self.plot.value = report.plot_html(self.questions)
        self.show_learner(self.learner_id)
        data = base64.b64encode(csv_text(self.rows).encode("utf-8")).decode("ascii")
        self.download.value = (
            f'<a class="tutor-csv" style="color:var(--tutor-accent, #1864ab);font-weight:600" download="class-{escape(code)}.csv" '
            f'href="data:text/csv;charset=utf-8;base64,{data}">'
            + escape(_("Download every answer (CSV)")) + "</a>")

    # --- the live lesson --------------------------------------------------------------------------
    def start_live(self, plan, countdown=0):
        """Start a live lesson for the class shown: the page becomes the projector view."""
        if not self.unlocked or self.code is None:
            return None
        try:
            self._live_view(None).start(str(plan), int(countdown or 0))
        except ValueError:
            self._live_closed()
            self._say(_("Pick a live lesson from the list."), "error")
            return None
        except Exception:
            self._live_closed()
            self._say(_("The class database is not reachable. Check its settings."), "error")
            return None
        self._say(_("The live lesson has started: learners of the class see a link to it on "
                    "their pages."), "right")
        return self.live

    @staticmethod
    def _guide_link() -> str:
        from ..pages.links import GUIDE_PAGE, lesson_href

        text = _("How a live lesson works, with pictures (For teachers)")
        return (f'<p><a class="tutor-guide-link" style="color:var(--tutor-accent, #1864ab);font-weight:600;'
                f'text-decoration:underline" href="{escape(lesson_href(GUIDE_PAGE), quote=True)}">'
                f"{escape(text)}</a></p>")

    def _live_view(self, running) -> LiveProjector:
        code = self.code
        self.live = LiveProjector(self.store, code, lambda: self.store.count_learners(code),
                                  self._live_closed)
        self.live_box.children = [self.live.widget]
        self.live_box.layout.display = "flex"
        self.class_box.layout.display = "none"
        if running is not None:
            self.live.resume(running)
            self._say(_("Class {code} has a live lesson running: back at question {n} of "
                        "{total}.").format(code=format_code(code), n=running.question,
                                           total=running.questions), "right")
        return self.live

    def _live_closed(self) -> None:
        if self.live is not None:
            self.live.pulse.running = False
        self.live = None
        self.live_box.children = []
        self.live_box.layout.display = "none"
        self.class_box.layout.display = None
        if self.code is not None:
            self.refresh()

    # --- projecting the code, one learner -------------------------------------------------------
    def project(self, on: bool = True) -> None:
        """Show only the class code, the join address and its QR code, large (or go back)."""
        if not self.unlocked or (on and self.code is None):
            return
        self.projecting = bool(on)
        self.project_html.value = join_html(self.code, self.join_address, big=True) if on \
            else ""  # gone: the page's prose and footer come back
        self.class_box.layout.display = "none" if on else None
        self.project_box.layout.display = "flex" if on else "none"

    def _load_learners(self) -> None:
        options = [(str(_("Pick a learner")), None),
                   *((shown_text(s.name), s.id) for s in self.learners)]
        if [tuple(o) for o in self.learner_picker.options] != options:
            keep = self.learner_id if self.learner_id in {i for _n, i in options} else None
            self._loading = True  # the options change: not a pick
            try:
                self.learner_picker.options = options
                self.learner_picker.value = keep
            finally:
                self._loading = False

    def show_learner(self, learner_id) -> None:
        """One learner of the class shown: their lessons, steps and stars, and every answer,
        lesson by lesson (a learner of another class is nobody here)."""
        stat = next((s for s in self.learners if s.id == learner_id), None)
        changed = (None if stat is None else stat.id) != self.learner_id
        self.learner_id = None if stat is None else stat.id
        self.learner_html.value = "" if stat is None else self._learner_view(stat, time.time())
        self.remove_button.layout.display = None if stat is not None else "none"
        if changed or stat is None:
            self.removing = None
            self.remove_button.description = _("Remove from the class")
            self.learner_map.children = [] if stat is None else self._learner_map(stat.id)

    def _learner_map(self, learner_id) -> list:
        """What the learner sees on their start page (their map), read-only."""
        from ..pages.start import learner_map
        from .session import Session

        try:
            learner = self.store.learner_in(self.code, learner_id)
            if learner is None:
                return []
            view = learner_map(Session(learner, self.store, None))
        except Exception:  # the map is a view: without it the tables below still show
            return []
        return [W.HTML("<h4>" + escape(_("What they see on their start page")) + "</h4>"), view]

    def remove_learner(self, learner_id) -> bool:
        """Take a learner out of the class: a first call asks, a second one removes them
        (their answers and progress go, their class link stops working)."""
        stat = next((s for s in self.learners if s.id == learner_id), None)
        if not self.unlocked or self.code is None or stat is None:
            return False
        if self.removing != stat.id:
            self.removing = stat.id
            self.remove_button.description = _("Click again to remove {name}").format(
                name=shown_text(stat.name))
            self.remove_button.button_style = "danger"
            return False
        self.removing = None
        self.remove_button.button_style = ""
        try:
            removed = self.store.remove_learner(self.code, stat.id)
        except Exception:
            self._say(_("The class database is not reachable. Check its settings."), "error")
            return False
        self.learner_id = None
        self.refresh()
        if removed:
            self._say(_("{name} is no longer in the class.").format(name=shown_text(stat.name)),
                      "right")
        return removed

    def renew_code(self) -> str | None:
        """A new code for the class shown: the old one no longer lets anyone join (learners
        already in keep their place and answers)."""
        from .codes import new_code

        if not self.unlocked or self.code is None:
            return None
        old = self.code
        try:
            for _attempt in range(5):
                new = new_code()
                if self.store.renew_code(old, new):
                    break
            else:
                return None
        except Exception:
            self._say(_("The class database is not reachable. Check its settings."), "error")
            return None
        self._load_classes(select=new)
        self.show(new)
        self._say(_("New class code: {code}. The old code no longer works for joining.").format(
            code=format_code(new)), "right")
        return new

    def _learner_view(self, stat, now: float) -> str:
        out = ["<h4><bdi>" + escape(shown_text(stat.name)) + "</bdi></h4>"]
        try:
            visits = self.store.visits_of(SimpleNamespace(id=stat.id))
        except Exception:
            visits = {}
        passed, stars = self._steps_of(stat.id)
        lessons = sorted(set(visits) | set(passed) | set(stars))
        if lessons:
            head = (_("Lesson"), _("Last visit"), _("Steps passed"), _("Stars"))
            rows = [(lesson_name(n), report.ago(visits[n][1], now) if n in visits else "–",
                     number(len(passed.get(n, {}))), _stars(stars[n]) if n in stars else "–")
                    for n in lessons]
            title = _("Lessons")
            out.append(f"<h4>{escape(title)}</h4>" + _table("tutor-learner-lessons",
                                                                    head, rows))
        else:
            out.append("<p>" + escape(_("No lesson opened yet.")) + "</p>")
        out.append(skills.learner_html(self.skills.get(f"class:{stat.id}", [])))
        answers = [r for r in self.rows if r[0] == stat.id]
        if not answers:
            out.append("<p>" + escape(_("No answers yet.")) + "</p>")
        head = (_("Question"), _("Answer"), _("Result"), _("When"))
        for lesson in sorted({r[2] for r in answers}):
            rows = [(question_words(quiz, item, variant, prompt),
                     answer_words(variant, answer, prompt), _("right") if right else _("wrong"),
                     report.ago(at, now))
                    for (_l, _n, les, quiz, _s, item, variant, prompt, answer, _c, right, at)
                    in answers if les == lesson]
            out.append("<h4>" + escape(lesson_name(lesson)) + "</h4>"
                       + _table("tutor-learner-answers", head, rows))
        return "".join(out)

    def _steps_of(self, learner_id: int) -> tuple[dict, dict]:
        """({lesson: {step: mistakes}}, {lesson: stars}) of a class learner, from the progress
        tables of lessons as steps (keyed "class:<learner id>"); empty where the store has
        none (an older store) or cannot be read."""
        key = f"class:{int(learner_id)}"
        try:
            passed = self.store.passed_steps(key)
            stars = self.store.lesson_stars(key)
        except Exception:
            return {}, {}
        return dict(passed or {}), {k: int(v) for k, v in dict(stars or {}).items()}

    def _on_tick(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "tick":
            if self.live is not None:
                return  # the live view reads the database on its own, faster timer
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
