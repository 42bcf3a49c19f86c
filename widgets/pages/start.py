"""The start page: the variant picker, the languages, the path through the lessons with each
lesson's progress (:mod:`widgets.steps.progress_map`), the class join form; and the exam's
scoreboard. The links it draws are :mod:`.links`'s."""
from __future__ import annotations

from html import escape
from urllib.parse import quote

import ipywidgets as W

import truco
from truco.i18n import LANGUAGES, Percent, get_language, language_name
from ..language.i18n import _
from ..language.session import LANG_KEY, apply_session_language
from ..ui.common import READY, feedback_box, rtl, set_feedback
from .links import (_TITLE_SAYS_WHERE, DEFAULT_VARIANT, LESSONS, QUERY_KEY, LessonLinks, _base,
                    _link, lesson_href, lesson_title, requested_variant, variant_menu_label)

__all__ = ["Scoreboard", "StartPage", "start_page"]


# --- the start page ----------------------------------------------------------------------------
class StartPage:
    """The start page's variant picker (displayed as the object itself) and the path through
    the lessons (``path``, a :class:`LessonLinks` to display in a cell of its own).

    ``choose(name)`` is what picking a variant does; the links then carry it. ``variant``
    is the current choice (a name from :data:`truco.VARIANT_NAMES`).
    """

    def __init__(self, default: str = DEFAULT_VARIANT):
        apply_session_language()  # ?lang=, else the browser's language, else English
        chosen = requested_variant()
        self.variant = chosen or default
        self.picker = W.Dropdown(
            options=[(variant_menu_label(n), n) for n in truco.VARIANT_NAMES],
            value=self.variant, description=_("I want to learn"),
            style={"description_width": "initial"},
            layout=W.Layout(width="min(100%, 34em)"))
        self.feedback = feedback_box()
        self.classroom = _join_panel(self.variant if chosen else None)
        done = (_classroom_progress(self.classroom.session)
                if self.classroom.session is not None else {})
        self._path_links = [_progress_link(name, _(blurb), done.get(name))
                            for name, _title, blurb in LESSONS[1:]]
        self._map_parts(chosen)
        here = get_language()
        self.languages = LessonLinks(
            [{"href": _add_query(lesson_href("index"), LANG_KEY, code),
              "text": language_name(code), "cls": "tutor-language", "lang": code,
              "current": code == here} for code in LANGUAGES],
            chosen, label=_("Language"))
        self.languages.add_class("tutor-languages")
        self.picker.observe(self._on_pick, names="value")
        self.widget = W.VBox([self.languages, self.picker, self.feedback])
        if self.classroom.session is not None:  # a class's live lesson: a link at the top
            from ..classroom.live_banner import LiveBanner
            from .links import LIVE_PAGE

            try:
                banner = LiveBanner(self.classroom.session, lesson_href(LIVE_PAGE))
                self.widget.children = (*self.widget.children, banner.widget)
                self.homework = W.HTML(_homework(self.classroom.session))
                self.widget.children = (*self.widget.children, self.homework)
            except Exception:  # a database that cannot be read: no banner, the page works
                pass
        self.widget.add_class(READY)
        self.widget.add_class("tutor-widget")
        rtl(self.widget)
        self.message = ""
        if chosen is None:
            self._say(_("Pick the variant you want to learn; you can change it here at any "
                        "time. Then start with lesson 1."))
        else:
            self._said_chosen()

    def _map_parts(self, chosen) -> None:
        """The progress map (``links``), "Start over" and the learner's id (``path``, shown
        in a cell of its own, under its heading). Redrawn when the learner's progress is
        loaded (an anonymous learner's id comes from the browser after the page is drawn)."""
        from ..steps.progress import current_progress
        from ..steps.progress_map import ProgressMap, StartOver

        self.progress = current_progress()
        self.links = ProgressMap([], chosen, restore=chosen is None, on_restore=self.choose,
                                 label=_("Your progress map"))
        self.links.add_class("tutor-path")
        self.links.add_class("tutor-map")
        self.start_over = StartOver(self.progress, self.refresh_map)
        parts = [self.links, self.start_over.widget]
        if getattr(self.progress, "widget", None) is not None:
            parts.append(self.progress.widget)
        self.path = W.VBox(parts)
        self.path.add_class("tutor-map-box")
        rtl(self.path)
        self.refresh_map()
        self.progress.when_ready(self.refresh_map)

    def refresh_map(self) -> None:
        from ..steps.progress import today
        from ..steps.progress_map import map_links

        try:
            cards, actions = map_links(self.progress, today(), self._path_links)
        except Exception:  # the map is a view: a failure shows the plain path
            cards, actions = self._path_links, []
        self.links.actions = actions
        self.links.links = cards

    def choose(self, name) -> bool:
        if not isinstance(name, str) or name not in truco.VARIANT_NAMES:
            self._say(_("There is no such variant here."), "error")
            return False
        if self.picker.value != name:
            self.picker.value = name  # observed: _on_pick does the rest
        else:
            self._apply(name)
        return True

    def _on_pick(self, change) -> None:
        self._apply(change["new"])

    def _apply(self, name: str) -> None:
        self.variant = name
        self.classroom.keep_query[QUERY_KEY] = name  # joining keeps the choice
        self.links.variant = name
        self.languages.variant = name
        self._said_chosen()

    def _said_chosen(self) -> None:
        v = truco.variant(self.variant)
        if self.variant in _TITLE_SAYS_WHERE:
            text = _("{title} it is. The lessons will use it wherever its rules apply.").format(
                title=_(v.title))
        else:
            text = _("{title} it is: played in {region}. The lessons will use it wherever "
                     "its rules apply.").format(title=_(v.title), region=_(v.region))
        self._say(text, "right")

    def _say(self, text: str, tone: str = "info") -> None:
        self.message = text
        set_feedback(self.feedback, text, tone)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def start_page(default: str = DEFAULT_VARIANT) -> StartPage:
    return StartPage(default)


def learner_map(session):
    """The progress map ``session``'s learner sees on their start page, for the teacher to
    look at (read-only: no "Start over", nothing it does writes)."""
    from ..steps.progress import StoredProgress, today
    from ..steps.progress_map import ProgressMap, map_links

    done = _classroom_progress(session)
    links = [_progress_link(name, _(blurb), done.get(name)) for name, _t, blurb in LESSONS[1:]]
    progress = StoredProgress(session.store, key=f"class:{session.learner.id}")
    cards, _actions = map_links(progress, today(), links)
    view = ProgressMap([], None, label=_("Their progress map"))
    view.add_class("tutor-map")
    view.add_class("tutor-learner-map")
    view.links = cards
    return view


def _homework(session) -> str:
    """The class's homework for this learner, with the due days in their language."""
    from ..classroom.homework import homework_html

    store, code = session.store, session.learner.class_code
    stars = store.lesson_stars(f"class:{session.learner.id}")
    return homework_html(store.homework(code), stars, href=lesson_href)


def _add_query(href: str, key: str, value: str) -> str:
    return href + ("&" if "?" in href else "?") + key + "=" + quote(value)


def _join_panel(variant: str | None):
    from ..classroom.join import JoinPanel

    keep = {}
    if variant:
        keep[QUERY_KEY] = variant
    lang = get_language()
    if lang in LANGUAGES and lang != "en":
        keep[LANG_KEY] = lang
    return JoinPanel(_base() + "index.ipynb", keep_query=keep)


def _classroom_progress(session) -> dict:
    from ..classroom.join import progress

    try:
        return progress(session)
    except Exception:  # the database is down: no ticks, the lessons still work
        return {}


def _progress_link(name: str, blurb: str, progress) -> dict:
    """A path link; in a class, ticked when done, with the quiz score after the blurb."""
    title, cls = lesson_title(name), "tutor-lesson"
    if progress is not None and progress.done:
        title, cls = _("✓ {title} (done)").format(title=title), "tutor-lesson tutor-done"
    if progress is not None and progress.asked:
        blurb = _("{blurb} Your answers: {score} right out of {asked}.").format(
            blurb=blurb, score=progress.score, asked=progress.asked)
    return _link(name, title, cls, blurb)


# --- a total score over several quizzes ------------------------------------------------------------
class Scoreboard:
    """One line adding up the ``score`` and ``asked`` of several quiz widgets.

    It refreshes whenever one of them shows new feedback (each quiz updates its own score
    before it says anything), so it needs nothing from the quizzes but those two numbers.
    """

    def __init__(self, *quizzes):
        self.quizzes = quizzes
        self.widget = W.HTML()
        self.widget.add_class("tutor-total")
        rtl(self.widget)
        for quiz in quizzes:  # feedback can repeat itself; the score line changes each answer
            for part, name in ((quiz.feedback, "msg"), (getattr(quiz, "score_html", None), "value")):
                if part is not None:
                    part.observe(lambda _change: self.refresh(), names=name)
        self.refresh()

    @property
    def score(self) -> int:
        return sum(q.score for q in self.quizzes)

    @property
    def asked(self) -> int:
        return sum(q.asked for q in self.quizzes)

    def refresh(self) -> None:
        score, asked = self.score, self.asked
        if asked == 0:
            text = _("Your total: nothing answered yet.")
        else:
            text = _("Your total: {score} right out of {asked} ({percent}).").format(
                score=score, asked=asked, percent=Percent(score / asked))
        self.widget.value = (f'<p class="tutor-total-line" role="status" aria-live="polite">'
                             f'<strong>{escape(text)}</strong></p>')

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)
