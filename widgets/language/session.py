"""The learner's language for this page: ``?lang=`` in the page's address, else the browser's
preferred language (Voilà passes the ``Accept-Language`` header to the kernel as
``HTTP_ACCEPT_LANGUAGE``, see ``voila.json``), else English.

Every tutor widget applies it when it is built (:func:`apply_session_language`), so a lesson
needs no extra call. Codes coming from the browser are checked against
:data:`truco.i18n.LANGUAGES` before anything uses them.

>>> import os
>>> os.environ["QUERY_STRING"] = "variant=paulista&lang=pt_BR"
>>> requested_language(), session_language()
('pt_BR', 'pt_BR')
>>> os.environ["QUERY_STRING"] = "lang=%3Cscript%3E"
>>> os.environ["HTTP_ACCEPT_LANGUAGE"] = "fa-IR,fa;q=0.9,en;q=0.5"
>>> requested_language(), session_language()
(None, 'fa')
>>> del os.environ["QUERY_STRING"], os.environ["HTTP_ACCEPT_LANGUAGE"]
>>> session_language()
'en'
"""
from __future__ import annotations

import os
from urllib.parse import parse_qs

from truco.i18n import LANGUAGES, get_language, match_language, set_language, text_direction

__all__ = ["LANG_KEY", "LANG_STORAGE_KEY", "apply_session_language", "browser_language",
           "requested_language", "session_language", "direction", "rtl", "RTL_CLASS"]

LANG_KEY = "lang"
LANG_STORAGE_KEY = "truco-tutor-lang"
DEFAULT_LANGUAGE = "en"
RTL_CLASS = "tutor-rtl"


def requested_language() -> str | None:
    """The language named in this page's query string (``?lang=pt_BR``), if it is one of ours."""
    values = parse_qs(os.environ.get("QUERY_STRING", "")[:500]).get(LANG_KEY, [])
    code = values[-1].strip() if values else ""
    return code if code in LANGUAGES else None


def browser_language() -> str | None:
    """The browser's preferred language among ours (from ``Accept-Language``), if any."""
    return match_language(os.environ.get("HTTP_ACCEPT_LANGUAGE"))


def session_language() -> str:
    return requested_language() or browser_language() or DEFAULT_LANGUAGE


def apply_session_language() -> str:
    """Use the page's language for every text built from now on (and in widget callbacks).
    Without ``?lang=`` or ``Accept-Language`` the current language is kept. Returns it."""
    code = requested_language() or browser_language()
    if code is not None:
        set_language(code)
    return get_language()


def direction() -> str:
    """``'rtl'`` or ``'ltr'``: the current language's text direction."""
    return text_direction(get_language())


def rtl(widget):
    """Mark ``widget`` right to left (class ``tutor-rtl``) when the language is (Persian)."""
    if direction() == "rtl":
        widget.add_class(RTL_CLASS)
    return widget
