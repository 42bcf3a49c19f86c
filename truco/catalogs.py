"""Keeping the gettext catalogs in step with the code: extract, update, compile (with Babel).

The runtime side of translation (the language, :class:`truco.i18n.Domain`'s lookups,
:class:`truco.i18n.Message`) lives in :mod:`truco.i18n`; this module is the upkeep a developer
or ``make`` runs, and nothing a learner's page needs. It imports :mod:`truco.i18n`, never the
other way round.

For a :class:`~truco.i18n.Domain` (``truco.i18n.TRUCO``, ``widgets.language.i18n.WIDGETS``):

- :func:`extract` writes the domain's template (``<name>.pot``) from every ``_()``, ``N_()``,
  ``ngettext()``, ``pgettext()`` and ``npgettext()`` in the code its Babel mapping file lists
  (``babel.cfg`` lists ``truco/``), leaving out what its fallback domain's template holds;
- :func:`update` extracts, then merges the template into every language's ``<name>.po`` (new
  messages arrive untranslated, for a translator to fill in; English is the identity catalog,
  filled in automatically);
- :func:`compile` compiles every language's ``.po`` to ``.mo``.

From the command line: ``python -m truco.catalogs extract | update | compile`` for the
engine's domain alone; ``python -m widgets.language.i18n ...`` does both code domains, engine first, and
``python -m widgets.language.prose ...`` the lessons' prose (which uses :func:`merge_template` and
:func:`compile_catalogs` directly).

>>> main([TRUCO], ["translate"], "truco.catalogs")
usage: python -m truco.catalogs extract | update | compile
2
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Sequence

from .i18n import LANGUAGES, REPO_DIR, TRUCO, Domain

__all__ = ["KEYWORDS", "compile", "compile_catalogs", "extract", "main", "merge_template",
           "update"]

# What Babel extracts as a message: the msgid (and plural, and context) arguments.
KEYWORDS = ("_", "N_", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3")


def compile_catalogs(locale_dir: Path, name: str) -> int:
    """Compile every ``<locale_dir>/<code>/LC_MESSAGES/<name>.po`` to ``.mo``; returns how
    many. Every domain's loaded translations are dropped, to be read again. Each ``.mo`` is
    replaced whole (written beside it, then renamed): a process reading it meanwhile (a
    server, a test on another worker) gets the old file or the new one, never half of one.

    >>> import gettext, tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     po = Path(tmp, "th", "LC_MESSAGES", "demo.po"); po.parent.mkdir(parents=True)
    ...     _ = po.write_text('msgid "hearts"\\nmsgstr "โพแดง"\\n', encoding="utf-8")
    ...     count = compile_catalogs(Path(tmp), "demo")
    ...     hearts = gettext.translation("demo", tmp, ["th"]).gettext("hearts")
    >>> count, hearts
    (1, 'โพแดง')
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    count = 0
    for po_path in sorted(Path(locale_dir).glob(f"*/LC_MESSAGES/{name}.po")):
        with po_path.open("rb") as fh:
            catalog = read_po(fh)
        mo_path = po_path.with_suffix(".mo")
        part = mo_path.with_name(f".{mo_path.name}.{os.getpid()}.part")
        try:
            with part.open("wb") as fh:
                write_mo(fh, catalog)
            os.replace(part, mo_path)
        finally:
            part.unlink(missing_ok=True)
        count += 1
    Domain.forget_translations()
    return count


def compile(domain: Domain) -> int:
    """Compile every language's catalog of ``domain`` to ``.mo``; returns how many."""
    return compile_catalogs(domain.locale_dir, domain.name)


def extract(domain: Domain, output: Path | None = None) -> Path:
    """Write the template of ``domain`` (or ``output``) from the code its mapping file lists,
    leaving out the messages its fallback domain's template holds already.

    >>> import tempfile
    >>> from babel.messages.pofile import read_po
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     with extract(TRUCO, Path(tmp, "truco.pot")).open("rb") as fh:
    ...         template = read_po(fh)
    >>> template.project, template["the game is over"].locations[0][0].startswith("truco/")
    ('Truco Tutor', True)
    """
    from babel.messages.pofile import read_po

    output = Path(output or domain.template)
    here = os.getcwd()
    os.chdir(REPO_DIR)  # the mapping files' patterns are relative to the repository
    try:
        keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
        _pybabel("extract", "-F", str(domain.mapping), "--no-default-keywords", *keywords,
                 "-c", "Translators:", "--sort-by-file", "--project", "Truco Tutor",
                 "-o", str(output.resolve()), ".")
    finally:
        os.chdir(here)
    shared: set = set()
    if domain.fallback is not None:
        with domain.fallback.template.open("rb") as fh:
            shared = {m.id for m in read_po(fh) if m.id}
    _brace_only(output, leave_out=shared)
    return output


def update(domain: Domain) -> list[str]:
    """Extract, then merge the template into every language's catalog of ``domain``; returns
    the languages done. A message new to this domain that a domain chained to it (its
    fallback, or one falling back to it) has translated already, having moved between the
    two, keeps that translation."""
    others = [(d.locale_dir, d.name) for d in Domain.every()
              if d is not domain and (d.fallback is domain or domain.fallback is d)]
    return merge_template(extract(domain), domain.locale_dir, domain.name, borrow_from=others)


def merge_template(template_path: Path, locale_dir: Path, name: str,
                   borrow_from: Sequence[tuple[Path, str]] = ()) -> list[str]:
    """Merge the template at ``template_path`` into ``<locale_dir>/<code>/LC_MESSAGES/<name>.po``
    for every language (creating missing catalogs); English's translations are the msgids
    themselves. A message left untranslated takes its translation (and translator's comments)
    from the same language's catalog of a ``(locale_dir, name)`` in ``borrow_from``, when that
    one has it.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     _ = Path(tmp, "demo.pot").write_text('msgid "hearts"\\nmsgstr ""\\n')
    ...     done = merge_template(Path(tmp, "demo.pot"), Path(tmp), "demo")
    ...     en, th = [Path(tmp, code, "LC_MESSAGES", "demo.po").read_text()
    ...               .split('msgid "hearts"')[1].strip() for code in ("en", "th")]
    >>> done, en, th  # English is the identity; Thai waits for a translator
    (['en', 'pt_BR', 'es_AR', 'th', 'tl', 'fa'], 'msgstr "hearts"', 'msgstr ""')
    """
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    done = []
    for code in LANGUAGES:
        # A fresh template for each language: Catalog.update adds the template's own message
        # objects, so English's identity strings would otherwise leak into later catalogs.
        with Path(template_path).open("rb") as fh:
            template = read_po(fh)
        po_path = Path(locale_dir) / code / "LC_MESSAGES" / f"{name}.po"
        if po_path.exists():
            with po_path.open("rb") as fh:
                catalog = read_po(fh, locale=code)
        else:
            po_path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=code, project="Truco Tutor", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True)
        for other_dir, other_name in borrow_from:
            other_path = Path(other_dir) / code / "LC_MESSAGES" / f"{other_name}.po"
            if other_path.exists():
                with other_path.open("rb") as fh:
                    _borrow(catalog, read_po(fh, locale=code))
        if code == "en":
            for message in catalog:
                if message.id:
                    message.string = message.id
        catalog.obsolete.clear()
        with po_path.open("wb") as fh:
            write_po(fh, catalog, width=100, omit_header=False, ignore_obsolete=True)
        done.append(code)
    return done


def main(domains: Sequence[Domain], argv: Sequence[str], program: str) -> int:
    """The command line of ``python -m truco.catalogs`` and ``python -m widgets.language.i18n``:
    ``extract``, ``update`` or ``compile`` each of ``domains`` in turn; 2 for anything else.

    >>> main([TRUCO], ["extract", "compile"], "widgets.language.i18n")  # one command at a time
    usage: python -m widgets.language.i18n extract | update | compile
    2
    """
    command = list(argv)
    if command not in (["compile"], ["extract"], ["update"]):
        print(f"usage: python -m {program} extract | update | compile")
        return 2
    for domain in domains:
        if command == ["compile"]:
            print(f"{domain.name}: compiled {compile(domain)} catalog(s)")
        elif command == ["extract"]:
            print(f"{domain.name}: wrote {extract(domain)}")
        else:
            print(f"{domain.name}: updated {', '.join(update(domain))}")
    return 0


def _pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])


def _brace_only(path: Path, leave_out: set | frozenset = frozenset()) -> None:
    """Our messages use ``{name}`` placeholders only: a ``%`` in them (``{pct}% of``) is text,
    not a printf directive, so drop the ``python-format`` flag Babel guesses from it (its
    checker would otherwise reject a translation such as ``{pct}% de``). Messages whose ids
    are in ``leave_out`` (another domain's) are dropped."""
    from babel.messages.pofile import read_po, write_po

    with path.open("rb") as fh:
        catalog = read_po(fh)
    catalog.project, catalog.copyright_holder = "Truco Tutor", "Truco Tutor"
    for message in list(catalog):
        if message.id and message.id in leave_out:
            catalog.delete(message.id, message.context)
            continue
        message.flags.discard("python-format")
    with path.open("wb") as fh:
        write_po(fh, catalog, width=100, sort_by_file=True)


def _borrow(catalog, other) -> None:
    """Fill ``catalog``'s untranslated messages from ``other`` (a catalog of the same
    language): a translation that is not fuzzy, of the same kind (plural or not).

    >>> from babel.messages.catalog import Catalog
    >>> mine, theirs = Catalog(locale="pt_BR"), Catalog(locale="pt_BR")
    >>> _ = mine.add("hearts", ""), mine.add("spades", ""), mine.add("clubs", "paus")
    >>> _ = theirs.add("hearts", "copas"), theirs.add("spades", "espadas", flags=["fuzzy"])
    >>> _ = theirs.add("clubs", "bastos")
    >>> _borrow(mine, theirs)
    >>> [(m.id, m.string) for m in mine if m.id]
    [('hearts', 'copas'), ('spades', ''), ('clubs', 'paus')]
    """
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not message.id or any(strings):
            continue
        found = other.get(message.id, message.context)
        if found is not None and found.string and "fuzzy" not in found.flags and \
                isinstance(found.string, tuple) == isinstance(message.string, tuple):
            message.string = found.string
            message.user_comments = list(found.user_comments)


if __name__ == "__main__":  # pragma: no cover - command line
    sys.exit(main([TRUCO], sys.argv[1:], "truco.catalogs"))
