"""Translation of every text the engine shows, through gettext catalogs managed with Babel.

Messages are English msgids with named placeholders; the language is chosen per context
(per kernel, per learner) with :func:`set_language`. ``python -m truco.i18n compile`` compiles
the ``.po`` catalogs in ``truco/locale`` to ``.mo`` files (``make`` runs it).

Keeping the catalogs in step with the code (Babel; ``babel.cfg`` at the repository root):

- ``python -m truco.i18n extract`` writes the template ``truco/locale/truco.pot`` from every
  ``_()``, ``N_()`` and ``ngettext()`` in ``truco/`` and ``widgets/``;
- ``python -m truco.i18n update`` extracts, then merges the template into every language's
  ``truco.po`` (new messages arrive untranslated, for a translator to fill in; English is the
  identity catalog, filled in automatically);
- ``python -m truco.i18n compile`` compiles them to ``.mo`` (``make`` runs it).
"""
from __future__ import annotations

import contextvars
import gettext as _gettext
import sys
import threading
from functools import lru_cache
from pathlib import Path

LOCALE_DIR = Path(__file__).with_name("locale")
REPO_DIR = Path(__file__).resolve().parents[1]
TEMPLATE = LOCALE_DIR / "truco.pot"
DOMAIN = "truco"
LANGUAGES = ("en", "pt_BR", "es_AR", "th", "tl", "fa")
RTL = frozenset({"fa"})
_current = contextvars.ContextVar("truco_language", default=None)
# The thread's language, also set by set_language: a kernel runs widget callbacks (comm
# messages) in its main thread but outside the context of the cell that chose the language,
# so they fall back to it. Another thread (another learner) still starts in English.
_thread = threading.local()


def set_language(code: str) -> None:
    """Use ``code`` for every text built from now on, in this context and (as the fallback
    for contexts that chose none, such as a kernel's widget callbacks) in this thread."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
    _thread.code = code
    _current.set(code)


def language_name(code: str) -> str:
    """The language's own name for itself (``'português (Brasil)'`` for ``pt_BR``)."""
    from babel import Locale

    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def text_direction(code: str | None = None) -> str:
    """``'rtl'`` for a right-to-left language (Persian), else ``'ltr'``; default: the current."""
    return "rtl" if (code or get_language()) in RTL else "ltr"


def match_language(value: str | None) -> str | None:
    """The tutor's language for ``value``: a code (``pt_BR``, ``pt-br``, ``es``) or an HTTP
    ``Accept-Language`` header (``'fa-IR,fa;q=0.9,en;q=0.5'``); None when nothing fits.

    >>> match_language("pt-BR,pt;q=0.9"), match_language("es"), match_language("de, fa;q=0.3")
    ('pt_BR', 'es_AR', 'fa')
    >>> match_language("de-DE") is None, match_language("fil-PH")
    (True, 'tl')
    """
    if not value:
        return None
    wanted = []
    for i, part in enumerate(str(value)[:500].split(",")):
        tag, _sep, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _eq, number = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(number)
                except ValueError:
                    q = 0.0
        tag = tag.strip().replace("-", "_").lower()
        if tag and tag != "*" and q > 0:
            wanted.append((-q, i, tag))
    by_code = {c.lower(): c for c in LANGUAGES}
    by_base = {c.split("_")[0].lower(): c for c in reversed(LANGUAGES)}
    by_base["fil"] = "tl"
    for _q, _i, tag in sorted(wanted):
        if tag in by_code:
            return by_code[tag]
        base = tag.split("_")[0]
        if base in by_base:
            return by_base[base]
    return None


def get_language() -> str:
    return _current.get() or getattr(_thread, "code", "en")


@lru_cache(maxsize=None)
def _translations(code: str) -> _gettext.NullTranslations:
    return _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code], fallback=True)


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _translations(get_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translations(get_language()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a message for extraction without translating it yet."""
    return message


def compile_catalogs(locale_dir: Path = LOCALE_DIR, domain: str = DOMAIN) -> int:
    """Compile every ``.po`` of ``domain`` under ``locale_dir`` (``truco/locale``) to ``.mo``;
    returns how many."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    count = 0
    for po_path in sorted(Path(locale_dir).glob(f"*/LC_MESSAGES/{domain}.po")):
        with po_path.open("rb") as fh:
            catalog = read_po(fh)
        with po_path.with_suffix(".mo").open("wb") as fh:
            write_mo(fh, catalog)
        count += 1
    _translations.cache_clear()
    return count


def _pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])


def extract() -> Path:
    """Write the template ``truco/locale/truco.pot`` from the code (see ``babel.cfg``)."""
    import os

    here = os.getcwd()
    os.chdir(REPO_DIR)  # babel.cfg's patterns are relative to the repository
    try:
        _pybabel("extract", "-F", "babel.cfg", "--no-default-keywords", "-k", "_", "-k", "N_",
                 "-k", "ngettext:1,2", "--sort-by-file",
                 "--project", "Truco Tutor", "-o", str(TEMPLATE.relative_to(REPO_DIR)), ".")
    finally:
        os.chdir(here)
    _brace_only(TEMPLATE)
    return TEMPLATE


def _brace_only(path: Path) -> None:
    """Our messages use ``{name}`` placeholders only: a ``%`` in them (``{pct}% of``) is text,
    not a printf directive, so drop the ``python-format`` flag Babel guesses from it (its
    checker would otherwise reject a translation such as ``{pct}% de``)."""
    from babel.messages.pofile import read_po, write_po

    with path.open("rb") as fh:
        catalog = read_po(fh)
    catalog.project, catalog.copyright_holder = "Truco Tutor", "Truco Tutor"
    for message in catalog:
        message.flags.discard("python-format")
    with path.open("wb") as fh:
        write_po(fh, catalog, width=100, sort_by_file=True)


def update() -> list[str]:
    """Extract, then merge the template into every language's catalog (creating missing ones).
    English is the identity catalog: its translations are the msgids themselves."""
    return merge_template(extract(), LOCALE_DIR, DOMAIN)


def merge_template(template_path: Path, locale_dir: Path, domain: str) -> list[str]:
    """Merge the template at ``template_path`` into ``locale_dir/<code>/LC_MESSAGES/<domain>.po``
    for every language (see :func:`update`)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    done = []
    for code in LANGUAGES:
        # A fresh template for each language: Catalog.update adds the template's own message
        # objects, so English's identity strings would otherwise leak into later catalogs.
        with Path(template_path).open("rb") as fh:
            template = read_po(fh)
        po_path = Path(locale_dir) / code / "LC_MESSAGES" / f"{domain}.po"
        if po_path.exists():
            with po_path.open("rb") as fh:
                catalog = read_po(fh, locale=code)
        else:
            po_path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=code, project="Truco Tutor", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True)
        if code == "en":
            for message in catalog:
                if message.id:
                    message.string = message.id
        catalog.obsolete.clear()
        with po_path.open("wb") as fh:
            write_po(fh, catalog, width=100, omit_header=False, ignore_obsolete=True)
        done.append(code)
    return done


if __name__ == "__main__":  # pragma: no cover - command line
    command = sys.argv[1:]
    if command == ["compile"]:
        print(f"compiled {compile_catalogs()} catalog(s)")
    elif command == ["extract"]:
        print(f"wrote {extract()}")
    elif command == ["update"]:
        print(f"updated {', '.join(update())}")
    else:
        print("usage: python -m truco.i18n extract | update | compile")
