"""The start page's classroom box: join a class, or see who you are and your progress.

Joining takes a name (or the user a trusted proxy or hub signed in) and a class code typed by
the learner; the kernel checks both, makes the learner's row (with its secret token) and sends
the browser to the start page's address with ``?learner=<token>``: a new page, whose kernel
reads the token when it starts (see :mod:`.session`). From then on every lesson link carries it.

Joining is limited (see :mod:`.limits`): a page makes one learner at most (another click sends
the page to the same learner), and tries (wrong class codes included) are counted per page,
per client and for the whole server before the code is looked up. The start page of a
learner says their answers are saved only while the database takes writes.

Progress shown per lesson, read back from the store: done (the lesson's steps were all passed:
it has stars; a reading page such as the glossary: opened) and the learner's right answers.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from html import escape
from urllib.parse import parse_qs, quote, urlencode

import anywidget
import ipywidgets as W
import traitlets

from ..ui.feedback import feedback_box, set_feedback
from ..language.i18n import _

from . import limits
from .config import Settings
from .limits import JOIN, BrowserId, PageCount, client_key, refusal
from .session import LEARNER_KEY, Session, current, problem, shared_store
from .store import StoreError, clean_name, format_code, normalise_code

__all__ = ["JoinPanel", "LessonProgress", "READING_PAGES", "progress", "requested_code"]

READING_PAGES = ("glossary",)  # pages with no steps: done once opened


@dataclass(frozen=True)
class LessonProgress:
    done: bool
    score: int
    asked: int


def progress(session: Session) -> dict[str, LessonProgress]:
    """{lesson: LessonProgress} for the lessons this learner opened or answered in."""
    store, learner = session.store, session.learner
    visits = store.visits_of(learner)
    try:
        finished = store.lesson_stars(f"class:{learner.id}")
    except StoreError:
        finished = {}
    tally: dict[str, list[int]] = {}
    for a in store.answers_of(learner):
        t = tally.setdefault(a.lesson, [0, 0])
        t[0] += int(a.right)
        t[1] += 1
    out = {}
    for lesson in set(visits) | set(tally) | set(finished):
        score, asked = tally.get(lesson, (0, 0))
        # "done" means the lesson's steps were passed, never "answered five questions"
        done = lesson in finished or (lesson in READING_PAGES and lesson in visits)
        out[lesson] = LessonProgress(done, score, asked)
    return out


def requested_code() -> str | None:
    """The class code in this page's address (``?class=KX7PQ2MRTA``: the join address the
    teacher's page shows as a QR code), shown as it is read aloud; None when there is none or
    it is no code."""
    values = parse_qs(os.environ.get("QUERY_STRING", "")[:500]).get("class", [])
    code = normalise_code(values[-1]) if values else None
    return format_code(code) if code else None


class Navigator(anywidget.AnyWidget):
    """Sends the browser to ``href`` (a path on this server) when Python sets it."""

    _esm = r"""
function render({ model, el }) {
  function go() {
    const href = String(model.get("href") || "");
    if (href.startsWith("/") && !href.startsWith("//")) window.location.assign(href);
  }
  model.on("change:href", go);
  return () => model.off("change:href", go);
}
export default { render };
"""
    href = traitlets.Unicode("").tag(sync=True)


class JoinPanel:
    """``widget`` is the box; ``join(name, code)`` is what the Join button does."""

    def __init__(self, index_href: str = "/voila/render/lessons/index.ipynb",
                 keep_query: dict | None = None):
        self.index_href = index_href
        self.keep_query = dict(keep_query or {})
        self.session = current()
        self.settings = Settings.load()
        self.user = self.settings.header_user()
        self.message, self.tone = "", "info"
        self.feedback = feedback_box()
        self.navigator = Navigator()
        self.browser = BrowserId()
        self.tries = PageCount(JOIN)
        self.learner_href = ""
        heading = W.HTML("<h3>" + escape(_("In a class?")) + "</h3>")
        if self.session is not None:
            learner = self.session.learner
            self.name_box = self.code_box = self.join_button = None
            again = self.index_href + ("?" + urlencode(self.keep_query, quote_via=quote)
                                       if self.keep_query else "")
            if self.session.store.writable():
                said = _("You are {name}, in class {code}. Your answers are saved as you go; "
                         "the lessons you finished are ticked below.")
            else:
                said = _("You are {name}, in class {code}. Your answers cannot be saved right "
                         "now: the class database does not take writes (read-only, full or "
                         "busy). Tell your teacher; the lessons still work.")
            parts = [heading, W.HTML("<p>" + escape(said.format(
                name=learner.name, code=format_code(learner.class_code))) + "</p>"),
                W.HTML(f'<p><a class="tutor-rejoin" href="{escape(again, quote=True)}">'
                       + escape(_("Not you? Join under another name")) + "</a></p>")]
        else:
            self.code_box = W.Text(description=_("Class code"), placeholder="KX7PQ-2MRTA",
                                   style={"description_width": "initial"},
                                   layout=W.Layout(width="min(100%, 20em)"))
            self.code_box.add_class("tutor-class-code")
            self.code_box.value = requested_code() or ""  # a scanned join address
            if self.user is not None:
                self.name_box = None
                who = W.HTML("<p>" + escape(_("Signed in as {user}.").format(
                    user=self.user)) + "</p>")
            else:
                self.name_box = W.Text(description=_("Your name"),
                                       style={"description_width": "initial"},
                                       layout=W.Layout(width="min(100%, 20em)"))
                self.name_box.add_class("tutor-learner-name")
                who = self.name_box
            # A filled button as wide as its label (in a column a plain one stretched into a
            # grey bar that read as a divider), tall enough for a finger.
            self.join_button = W.Button(description=_("Join the class"), button_style="primary",
                                        layout=W.Layout(width="auto", align_self="flex-start",
                                                        min_height="44px"))
            self.join_button.on_click(lambda _b: self.join(
                self.name_box.value if self.name_box is not None else None,
                self.code_box.value))
            intro = W.HTML("<p>" + escape(_(
                "Type the class code your teacher shows you to save your answers and "
                "progress.")) + "</p>")
            parts = [heading, intro, who, self.code_box, self.join_button, self.browser]
            if problem():
                self._say(problem(), "error")
        from ..ui.common import rtl

        self.widget = W.VBox([*parts, self.feedback, self.navigator])
        rtl(self.widget)
        self.widget.add_class("tutor-widget")
        self.widget.add_class("tutor-classroom")

    def join(self, name, code) -> bool:
        """Check the name and code, make the learner, and send the browser to the class."""
        if self.session is not None:
            return False
        if self.learner_href:  # joined already: the same learner again, never a second one
            self._go()
            return True
        if self.user is not None:
            name = self.user
        name, code = clean_name(name), normalise_code(code)
        if name is None:
            self._say(_("Type your name (at most 40 letters)."), "error")
            return False
        if code is None:
            self._say(_("A class code has 4 to 12 letters and digits, like KX7PQ-2MRTA."),
                      "error")
            return False
        now = limits.clock()
        if not self.tries.take(now):
            self._say(refusal("join", "page", self.tries.retry_after(now)), "error")
            return False
        try:
            store = shared_store()
            admitted = store.admit(JOIN.kind, client_key(self.settings, self.browser), now,
                                   JOIN.window, JOIN.client, JOIN.everyone)
            if not admitted.allowed:
                self._say(refusal("join", admitted.over, admitted.retry_after), "error")
                return False
            learner = store.join(code, name, external=self.user)
        except KeyError:
            self._say(_("There is no class {code}. Check the code with your teacher.").format(
                code=format_code(code)), "error")
            return False
        except Exception:  # a try that cannot be counted is not made either
            self._say(_("The class database is not reachable now. Tell your teacher."),
                      "error")
            return False
        query = {LEARNER_KEY: learner.token, **self.keep_query}
        self.learner_href = self.index_href + "?" + urlencode(query, quote_via=quote)
        self.learner_name = learner.name
        self._go()
        return True

    def _go(self) -> None:
        self._say(_("Welcome, {name}! Opening your class page…").format(
            name=self.learner_name), "right")
        self.navigator.href = ""  # a change each time, so a second click navigates again
        self.navigator.href = self.learner_href

    def _say(self, text: str, tone: str = "info") -> None:
        self.message, self.tone = text, tone
        set_feedback(self.feedback, text, tone)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)
