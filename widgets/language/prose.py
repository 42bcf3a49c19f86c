"""The lessons' prose in the learner's language.

A lesson's Markdown cells are written in English, in the notebook, where a teacher edits them.
Each block of a cell (the text between blank lines: a paragraph, a list, a table, a heading) is
a message of the ``lessons`` gettext domain, with its catalogs in ``lessons/locale``:

- ``python -m widgets.language.prose extract`` writes the template ``lessons/locale/lessons.pot`` with
  Babel, through :func:`extract_notebook` (the Markdown blocks, and every ``N_("...")``
  string of the code cells: the steps' texts and summary lines, which the lesson runner
  translates with :func:`lesson_text`) (a Babel extraction method, usable from a
  ``pybabel`` mapping file too: ``[widgets.language.prose:extract_notebook: lessons/**.ipynb]``);
- ``python -m widgets.language.prose update`` merges it into every language's ``lessons.po``;
- ``python -m widgets.language.prose compile`` compiles them (``make`` runs it).

When Voilà opens a lesson it calls :func:`prelaunch_hook` (named in
``share/jupyter/config/voila.py``) with the request and the notebook before anything runs; the
hook picks the page's language exactly as the kernel does (``?lang=``, else the browser's
``Accept-Language``, else English) and replaces each block by its translation. A block with no
translation yet stays in English. Right-to-left languages get their prose wrapped in
``<div dir="rtl">``.

>>> blocks("# Title\\n\\nOne line,\\nsame paragraph.\\n\\n\\n- a\\n- b\\n")
['# Title', 'One line,\\nsame paragraph.', '- a\\n- b']
>>> translate_markdown("A block nobody translated.", "pt_BR")
'A block nobody translated.'
>>> translate_markdown("# Ties", "fa").startswith('<div dir="rtl" lang="fa">')
True
>>> translate_markdown("[Not in the catalog](index.ipynb)", "tl")
'[Not in the catalog](index.ipynb?lang=tl)'

"""
from __future__ import annotations

import ast
import copy
import gettext
import json
import re
import sys
from functools import lru_cache
from pathlib import Path

from truco.catalogs import compile_catalogs, merge_template
from truco.i18n import LANGUAGES, match_language, text_direction

__all__ = ["DOMAIN", "LOCALE_DIR", "blocks", "code_messages", "extract_notebook", "lesson_text", "page_language",
           "prelaunch_hook", "translate_markdown", "translate_notebook"]

REPO_DIR = Path(__file__).resolve().parents[2]
LESSONS_DIR = REPO_DIR / "lessons"
LOCALE_DIR = LESSONS_DIR / "locale"
TEMPLATE = LOCALE_DIR / "lessons.pot"
DOMAIN = "lessons"
_BLANK = re.compile(r"\n[ \t]*\n")
_LESSON_LINK = re.compile(r"\]\(([\w-]+\.ipynb)\)")  # [text](other_lesson.ipynb)


def blocks(markdown: str) -> list[str]:
    """The blocks of a Markdown text: the pieces between blank lines, trimmed."""
    return [b.strip("\n") for b in _BLANK.split(markdown.strip("\n")) if b.strip()]


def _cells(notebook) -> list[str]:
    return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in notebook["cells"] if c["cell_type"] == "markdown"]


def code_messages(source: str) -> list[str]:
    """Every string literal passed to ``N_(...)`` in a code cell (a lesson's step texts and
    summary lines), in order; a cell Python cannot parse gives none.

    >>> code_messages('steps = [Step("rank", N_("A 3 beats a " "king."))]\\nN_(x)\\n%time')
    []
    >>> code_messages('steps = [Step("rank", N_("A 3 beats a " "king."))]\\nN_(x)')
    ['A 3 beats a king.']
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        first = node.args[0]
        if name == "N_" and isinstance(first, ast.Constant) and isinstance(first.value, str):
            found.append((first.lineno, first.col_offset, first.value))
    return [text for _line, _col, text in sorted(found)]


def extract_notebook(fileobj, keywords, comment_tags, options):
    """A Babel extraction method for notebooks: every block of every Markdown cell, and every
    ``N_("...")`` string of every code cell (step texts, summary lines), with the cell's number
    (from 1) as its line number."""
    notebook = json.loads(fileobj.read().decode("utf-8"))
    number = 0
    for cell in notebook["cells"]:
        number += 1
        source = cell["source"]
        source = "".join(source) if isinstance(source, list) else source
        if cell["cell_type"] == "code":
            for message in code_messages(source):
                yield number, None, message, [f"Code cell {number}"]
            continue
        if cell["cell_type"] != "markdown":
            continue
        for block in blocks(source):
            yield number, None, block, [f"Markdown cell {number}"]


@lru_cache(maxsize=None)
def _translations(code: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code],
                               fallback=True)


def lesson_text(message: str, code: str | None = None) -> str:
    """``message`` (a step's text or a summary line, English) in the learner's language (or
    ``code``), English where the catalog has no translation yet."""
    if code is None:
        from truco.i18n import get_language
        code = get_language()
    if code == "en" or code not in LANGUAGES or not message:
        return message
    return _translations(code).gettext(message)


def translate_markdown(markdown: str, code: str) -> str:
    """``markdown`` with every block translated into ``code`` (English left where a block has
    no translation); right-to-left languages wrapped in a ``<div dir="rtl">``."""
    if code == "en" or code not in LANGUAGES:
        return markdown
    gettext_ = _translations(code).gettext
    text = "\n\n".join(gettext_(b) for b in blocks(markdown))
    text = _LESSON_LINK.sub(rf"](\1?lang={code})", text)  # the next page keeps the language
    if text_direction(code) == "rtl":
        text = f'<div dir="rtl" lang="{code}">\n\n{text}\n\n</div>'
    return text


def translate_notebook(notebook, code: str):
    """A copy of ``notebook`` with its Markdown cells in ``code``."""
    notebook = copy.deepcopy(notebook)
    if code == "en" or code not in LANGUAGES:
        return notebook
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            source = cell["source"]
            cell["source"] = translate_markdown(
                "".join(source) if isinstance(source, list) else source, code)
    return notebook


def page_language(query_lang: str | None, accept_language: str | None) -> str:
    """The page's language: ``?lang=`` when it is one of ours, else the best match for the
    browser's ``Accept-Language``, else English (as :mod:`widgets.language.session` in the kernel).

    >>> page_language("fa", "pt-BR"), page_language("xx", "pt-BR,pt"), page_language(None, None)
    ('fa', 'pt_BR', 'en')
    """
    if query_lang in LANGUAGES:
        return query_lang
    return match_language(accept_language) or "en"


def prelaunch_hook(req_handler, notebook, cwd):
    """Voilà's ``VoilaConfiguration.prelaunch_hook``: the notebook about to be shown, with its
    prose in the page's language."""
    code = page_language(req_handler.get_argument("lang", None),
                         req_handler.request.headers.get("Accept-Language"))
    if code == "en":
        return notebook
    shown = translate_notebook(notebook, code)
    # for the page template: <html lang="pt-BR"> (screen readers, fonts, hyphenation)
    shown.metadata["tutor_language"] = code.replace("_", "-")
    return shown


def extract() -> Path:
    """Write ``lessons/locale/lessons.pot`` from every notebook in ``lessons/``."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import write_po

    catalog = Catalog(project="Truco Tutor", copyright_holder="Truco Tutor", fuzzy=False)
    method = ("lessons/**.ipynb", "widgets.language.prose:extract_notebook")
    found = extract_from_dir(str(REPO_DIR), method_map=[method], keywords={}, comment_tags=())
    for filename, lineno, message, comments, _context in sorted(found, key=lambda f: f[:2]):
        catalog.add(message, locations=[(filename, lineno)], auto_comments=comments)
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as fh:
        write_po(fh, catalog, width=100, sort_by_file=True)
    return TEMPLATE


def update() -> list[str]:
    return merge_template(extract(), LOCALE_DIR, DOMAIN)


def compile_all() -> int:
    count = compile_catalogs(LOCALE_DIR, DOMAIN)
    _translations.cache_clear()
    return count


if __name__ == "__main__":  # pragma: no cover - command line
    command = sys.argv[1:]
    if command == ["compile"]:
        print(f"compiled {compile_all()} lesson catalog(s)")
    elif command == ["extract"]:
        print(f"wrote {extract()}")
    elif command == ["update"]:
        print(f"updated {', '.join(update())}")
    else:
        print("usage: python -m widgets.language.prose extract | update | compile")
