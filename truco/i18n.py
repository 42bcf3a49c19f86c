"""Translation of every text the engine shows, through gettext catalogs managed with Babel.

Messages are English msgids with named placeholders; the language is chosen per context
(per kernel, per learner) with :func:`set_language`. ``python -m truco.i18n compile`` compiles
the ``.po`` catalogs in ``truco/locale`` to ``.mo`` files (``make`` runs it).
"""
from __future__ import annotations

import contextvars
import gettext as _gettext
import sys
from functools import lru_cache
from pathlib import Path

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "truco"
LANGUAGES = ("en", "pt_BR", "es_AR", "th", "tl", "fa")
RTL = frozenset({"fa"})
_current = contextvars.ContextVar("truco_language", default="en")


def set_language(code: str) -> None:
    """Use ``code`` for every text built from now on in this context."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
    _current.set(code)


def get_language() -> str:
    return _current.get()


@lru_cache(maxsize=None)
def _translations(code: str) -> _gettext.NullTranslations:
    return _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code], fallback=True)


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translations(_current.get()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a message for extraction without translating it yet."""
    return message


def compile_catalogs() -> int:
    """Compile every ``.po`` under ``truco/locale`` to ``.mo``; returns how many."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    count = 0
    for po_path in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        with po_path.open("rb") as fh:
            catalog = read_po(fh)
        with po_path.with_suffix(".mo").open("wb") as fh:
            write_mo(fh, catalog)
        count += 1
    _translations.cache_clear()
    return count


if __name__ == "__main__":  # pragma: no cover - command line
    if sys.argv[1:] == ["compile"]:
        print(f"compiled {compile_catalogs()} catalog(s)")
    else:
        print("usage: python -m truco.i18n compile")
