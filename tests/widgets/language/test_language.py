"""The learner's language in the widgets: ``?lang=`` in the page's query string (Voilà passes
it to the kernel as QUERY_STRING), else the browser's Accept-Language (HTTP_ACCEPT_LANGUAGE),
else English; Persian widgets are right to left."""
from __future__ import annotations

import contextvars
import gettext

import pytest

from truco import catalogs, i18n
from truco.i18n import get_language, set_language
from widgets.language import i18n as widgets_i18n
from widgets import TrickQuiz
from widgets.language.session import requested_language, session_language
from widgets.pages.lesson import StartPage, footer

from tutor_clicks import click_card

PROMPT = "Which card wins this trick? Click it, or click Tie."
ANSWERED = "This question is answered already: press Next for a new one."


def catalog(code: str, msgid: str) -> str:
    """``msgid`` in the widgets' own catalog of ``code`` (the quiz's messages are there)."""
    return gettext.translation(widgets_i18n.DOMAIN, localedir=str(widgets_i18n.LOCALE_DIR),
                               languages=[code]).gettext(msgid)


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
    quiz = TrickQuiz(seed=3)
    expected = catalog("pt_BR", PROMPT)
    assert expected != PROMPT
    assert quiz.message == expected
    assert expected in quiz.feedback.value
    assert 'dir="ltr"' in quiz.feedback.value
    assert "tutor-rtl" not in quiz.widget._dom_classes


def test_click_callbacks_keep_the_language_outside_the_cells_context(page):
    """A kernel runs widget callbacks (comm messages) in its main thread but not in the
    context of the cell that built the widget: they still speak the page's language."""
    page.setenv("QUERY_STRING", "lang=pt_BR")
    quiz = contextvars.Context().run(TrickQuiz, seed=3)  # the cell, in a context of its own
    page.delenv("QUERY_STRING")
    code = sorted(quiz.correct_answers() - {"tie"} or [c.code for _s, c in quiz.plays])[0]

    def clicks():
        click_card(quiz.row, code)
        click_card(quiz.row, code)  # answered already

    contextvars.Context().run(clicks)  # a comm message, in a fresh context
    assert quiz.message == catalog("pt_BR", ANSWERED)


def test_persian_is_right_to_left(page):
    page.setenv("QUERY_STRING", "lang=fa")
    quiz = TrickQuiz(seed=3)
    assert quiz.message == catalog("fa", PROMPT)
    assert 'dir="rtl"' in quiz.feedback.value
    assert "tutor-rtl" in quiz.widget._dom_classes
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
    quiz = TrickQuiz(seed=3)
    assert quiz.message == PROMPT and get_language() == "en"
    assert footer("03_tricks").lang == ""


def test_accept_language_is_the_default(page):
    page.setenv("HTTP_ACCEPT_LANGUAGE", "de-DE,es;q=0.8,en;q=0.5")
    assert TrickQuiz(seed=3).message == catalog("es_AR", PROMPT)
    page.setenv("QUERY_STRING", "lang=th")  # the page's own choice wins
    assert TrickQuiz(seed=3).message == catalog("th", PROMPT)
    page.setenv("QUERY_STRING", "")
    page.setenv("HTTP_ACCEPT_LANGUAGE", "de-DE,fr;q=0.8")  # nothing of ours: English
    set_language("en")
    assert TrickQuiz(seed=3).message == PROMPT


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
