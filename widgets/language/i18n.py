"""The views' and the app's messages: the gettext domain ``widgets``.

Its catalogs are ``widgets/language/locale/<lang>/LC_MESSAGES/widgets.po`` (template
``widgets/language/locale/widgets.pot``, extracted from ``widgets/`` with the mapping file
``babel-widgets.cfg``). A message the engine's code uses too stays in the engine's catalog
(``truco/locale``, :mod:`truco.i18n`): this domain falls back to the engine's, then to
English, so a widget translates engine words (a variant's title, a card's name) with the
same ``_``. The language is the engine's one shared choice (:func:`truco.i18n.set_language`);
numbers, lists and directions come from :mod:`truco.i18n` too.

- ``python -m widgets.language.i18n extract`` writes both templates, the engine's first (a widget
  message the engine's code uses too is left out of ``widgets.pot``);
- ``python -m widgets.language.i18n update`` extracts and merges both domains' catalogs;
- ``python -m widgets.language.i18n compile`` compiles both (``make`` runs it; the lessons' prose has
  its own domain, :mod:`widgets.language.prose`).

The work itself is :mod:`truco.catalogs`' (``python -m truco.catalogs ...`` does the engine's
domain alone).

>>> from truco.i18n import set_language
>>> set_language("pt_BR")
>>> _("hearts") == truco_i18n._("hearts") != "hearts"   # an engine word, through the fallback
True
>>> set_language("en")
"""
from __future__ import annotations

import gettext
import sys
from pathlib import Path

from truco import catalogs
from truco import i18n as truco_i18n
from truco.i18n import N_, Domain, Message, get_language

__all__ = ["DOMAIN", "LOCALE_DIR", "N_", "TEMPLATE", "WIDGETS", "_", "compile_catalogs",
           "ngettext", "npgettext", "pgettext", "update"]

LOCALE_DIR = Path(__file__).with_name("locale")
TEMPLATE = LOCALE_DIR / "widgets.pot"
DOMAIN = "widgets"
WIDGETS = Domain(DOMAIN, LOCALE_DIR, truco_i18n.REPO_DIR / "babel-widgets.cfg",
                 fallback=truco_i18n.TRUCO)
CODE_DOMAINS = (truco_i18n.TRUCO, WIDGETS)


def _translations(code: str) -> gettext.NullTranslations:
    """The widgets' catalog of ``code``, chained to the engine's."""
    return WIDGETS.translations(code)


def _(message: str) -> Message:
    """``message`` in the current language (a :class:`truco.i18n.Message`), from the widgets'
    catalog, else the engine's, else English."""
    return Message(WIDGETS.translations(get_language()).gettext(message))


def ngettext(singular: str, plural: str, n: int) -> Message:
    """The form of the message for ``n`` by the language's plural rule."""
    return Message(WIDGETS.translations(get_language()).ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> Message:
    """``message`` as meant in ``context`` (gettext's ``msgctxt``)."""
    return WIDGETS.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> Message:
    """:func:`ngettext` in ``context``."""
    return WIDGETS.npgettext(context, singular, plural, n)


def compile_catalogs() -> int:
    """Compile the widgets' catalogs (``.po`` to ``.mo``); returns how many."""
    return catalogs.compile(WIDGETS)


def update() -> list[str]:
    """Extract and merge the engine's catalogs, then the widgets' (whose template leaves out
    what the engine's holds)."""
    catalogs.update(truco_i18n.TRUCO)
    return catalogs.update(WIDGETS)


if __name__ == "__main__":  # pragma: no cover - command line
    sys.exit(catalogs.main(CODE_DOMAINS, sys.argv[1:], "widgets.language.i18n"))
