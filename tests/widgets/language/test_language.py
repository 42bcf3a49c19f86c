"""The learner's language in the widgets: ``?lang=`` in the page's query string (Voilà passes
it to the kernel as QUERY_STRING), else the browser's Accept-Language (HTTP_ACCEPT_LANGUAGE),
else English; Persian widgets are right to left."""
from __future__ import annotations

import contextvars
import gettext
from html import escape

import pytest

from truco import catalogs, i18n
from truco.i18n import get_language, set_language
from widgets.language import i18n as widgets_i18n
from widgets.language.session import requested_language, session_language
from widgets.pages.lesson import StartPage, footer
from widgets.steps import MemoryProgress
from widgets.steps.runner import StepRunner

from lesson_plans import plan_of
from tutor_clicks import click_card

# Lesson 3's steps, the page a learner has: the trick's question, and the feedback's words
# after a wrong answer (the engine's explanation, then the page's own).
PROMPT = "Which card wins this trick? Click it, or Tie if nobody wins it."
TRY = "Try this one."


def catalog(code: str, msgid: str) -> str:
    """``msgid`` in the widgets' own catalog of ``code`` (the steps' messages are there)."""
    return gettext.translation(widgets_i18n.DOMAIN, localedir=str(widgets_i18n.LOCALE_DIR),
                               languages=[code]).gettext(msgid)


def lesson(variant=None) -> StepRunner:
    """Lesson 3's steps as its page builds them (in the page's variant unless one is given)."""
    return StepRunner(plan_of("03_tricks"), variant=variant, progress=MemoryProgress(), seed=3)


def asks(runner, text: str) -> bool:
    """The runner's task asks ``text`` (its question, as the page shows it)."""
    return escape(text) in runner.task.head.value


def wrong_card(runner) -> str:
    return next(c.code for _s, c in runner.task.plays if c.code not in runner.task.correct)


@pytest.fixture(autouse=True)
def page(monkeypatch):
    """A clean page environment; English again afterwards."""
    catalogs.compile(i18n.TRUCO)
    widgets_i18n.compile_catalogs()
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE", raising=False)
    set_language("en")
    yield monkeypatch
    set_language("en")


def test_lang_in_the_query_string_makes_the_feedback_portuguese(page):
    page.setenv("QUERY_STRING", "variant=paulista&lang=pt_BR")
    runner = lesson()
    expected = catalog("pt_BR", PROMPT)
    assert expected != PROMPT and catalog("pt_BR", TRY) != TRY
    assert runner.variant.name == "paulista" and asks(runner, expected)
    runner.answer(runner.task.wrong_answer())
    assert runner.message.endswith(" " + catalog("pt_BR", TRY)) and runner.tone == "wrong"
    assert catalog("pt_BR", TRY) in runner.feedback.value
    assert 'dir="ltr"' in runner.feedback.value
    assert "tutor-rtl" not in runner.widget._dom_classes


def test_click_callbacks_keep_the_language_outside_the_cells_context(page):
    """A kernel runs widget callbacks (comm messages) in its main thread but not in the
    context of the cell that built the widget: they still speak the page's language, and what
    they draw (the next task) too."""
    page.setenv("QUERY_STRING", "lang=pt_BR")
    runner = contextvars.Context().run(lesson)  # the cell, in a context of its own
    page.delenv("QUERY_STRING")
    first = runner.task

    def clicks():
        click_card(first.row, wrong_card(runner))

    contextvars.Context().run(clicks)  # a comm message, in a fresh context
    assert runner.tone == "wrong" and runner.message.endswith(" " + catalog("pt_BR", TRY))
    assert runner.task is not first and asks(runner, catalog("pt_BR", PROMPT))


def test_persian_is_right_to_left(page):
    page.setenv("QUERY_STRING", "lang=fa")
    runner = lesson()
    assert asks(runner, catalog("fa", PROMPT))
    runner.answer(runner.task.wrong_answer())
    assert runner.message.endswith(" " + catalog("fa", TRY))
    assert 'dir="rtl"' in runner.feedback.value
    assert "tutor-rtl" in runner.widget._dom_classes
    nav = footer("03_tricks")
    assert nav.dir == "rtl" and nav.lang == "fa"
    start = StartPage()
    assert "tutor-rtl" in start.widget._dom_classes
    assert 'dir="rtl"' in start.feedback.value


@pytest.mark.parametrize("query", ["lang=de", "lang=%3Cscript%3E", "lang=", "lang=pt_br",
                                   "lang=" + "x" * 600])
def test_a_bad_lang_is_ignored(page, query):
    page.setenv("QUERY_STRING", query)
    assert requested_language() is None and session_language() == "en"
    runner = lesson()
    assert asks(runner, PROMPT) and get_language() == "en"
    runner.answer(runner.task.wrong_answer())
    assert runner.message.endswith(" " + TRY)
    assert footer("03_tricks").lang == ""


def test_accept_language_is_the_default(page):
    page.setenv("HTTP_ACCEPT_LANGUAGE", "de-DE,es;q=0.8,en;q=0.5")
    assert asks(lesson(), catalog("es_AR", PROMPT))
    page.setenv("QUERY_STRING", "lang=th")  # the page's own choice wins
    assert asks(lesson(), catalog("th", PROMPT))
    page.setenv("QUERY_STRING", "")
    page.setenv("HTTP_ACCEPT_LANGUAGE", "de-DE,fr;q=0.8")  # nothing of ours: English
    set_language("en")
    assert asks(lesson(), PROMPT)


def test_start_page_offers_the_languages_by_their_own_names(page):
    page.setenv("QUERY_STRING", "lang=es_AR&variant=argentino")
    start = StartPage()
    texts = [link["text"] for link in start.languages.links]
    assert texts == [i18n.language_name(c) for c in i18n.LANGUAGES]
    assert "Português (Brasil)" in texts and "فارسی" in texts and "English" in texts
    current = [link["lang"] for link in start.languages.links if link["current"]]
    assert current == ["es_AR"]
    hrefs = {link["lang"]: link["href"] for link in start.languages.links}
    assert hrefs["fa"].endswith("index.ipynb?lang=fa")
    # the links carry the variant (added in the browser) and the lessons' links the language
    assert start.languages.variant == "argentino" and start.links.lang == "es_AR"
    start.choose("paulista")
    assert start.languages.variant == "paulista"
