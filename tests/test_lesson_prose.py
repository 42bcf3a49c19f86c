"""The lessons' prose in every language (widgets.prose): catalogs in step with the notebooks,
complete, with the Markdown's shape kept, and Voilà's hook serving the learner's language."""
from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
from babel.messages.pofile import read_po

from truco.i18n import LANGUAGES
from widgets import prose

NOTEBOOKS = sorted(prose.LESSONS_DIR.glob("*.ipynb"))
TRANSLATED = [c for c in LANGUAGES if c != "en"]
LINK = re.compile(r"\]\(([^)]*)\)")
ITEM = re.compile(r"^\s*(?:[-*]|\d+\.)\s", re.M)


def catalog(code: str):
    with (prose.LOCALE_DIR / code / "LC_MESSAGES" / f"{prose.DOMAIN}.po").open("rb") as fh:
        return read_po(fh, locale=code)


def notebook_blocks() -> list[str]:
    found = []
    for path in NOTEBOOKS:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown":
                found.extend(prose.blocks(cell.source))
    return found


def shape(markdown: str) -> dict:
    """What a translation must keep: the heading level, the table's rows and columns, the list
    items, the links' targets, and bold/italic markers in pairs."""
    lines = markdown.splitlines()
    return {
        "heading": re.match(r"#*", markdown).group(0),
        "table": [line.count("|") for line in lines if line.lstrip().startswith("|")],
        "items": len(ITEM.findall(markdown)),
        "links": LINK.findall(markdown),
        "bold pairs": markdown.count("**") % 2 == 0,
    }


def test_the_template_is_in_step_with_the_notebooks():
    with prose.TEMPLATE.open("rb") as fh:
        template = read_po(fh)
    in_template = {m.id for m in template if m.id}
    in_notebooks = set(notebook_blocks())
    assert in_notebooks - in_template == set(), "run `python -m widgets.prose update`"
    assert in_template - in_notebooks == set(), "run `python -m widgets.prose update`"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_block_is_translated_with_its_shape_kept(code):
    blocks = set(notebook_blocks())
    messages = {m.id: m.string for m in catalog(code) if m.id}
    missing = sorted(b for b in blocks if not messages.get(b, "").strip())
    assert not missing, f"{code}: {len(missing)} blocks untranslated, first: {missing[0]!r}"
    for block in blocks:
        assert shape(messages[block]) == shape(block), (code, block, messages[block])


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_are_not_left_in_english(code):
    """A block long enough to need words (over 40 characters) must not come back unchanged."""
    same = [m.id for m in catalog(code) if m.id and len(m.id) > 40 and m.string == m.id]
    assert not same, f"{code}: English kept for {same[:3]}"


def handler(lang=None, accept=None):
    args = {} if lang is None else {"lang": lang}
    headers = {} if accept is None else {"Accept-Language": accept}
    return SimpleNamespace(get_argument=lambda name, default=None: args.get(name, default),
                           request=SimpleNamespace(headers=headers))


@pytest.fixture(scope="module")
def ranking():
    return nbformat.read(prose.LESSONS_DIR / "01_ranking.ipynb", as_version=4)


def markdown_of(notebook) -> list[str]:
    return [c.source for c in notebook.cells if c.cell_type == "markdown"]


def code_of(notebook) -> list[str]:
    return [c.source for c in notebook.cells if c.cell_type == "code"]


def test_hook_leaves_english_pages_alone(ranking):
    assert prose.prelaunch_hook(handler(), ranking, "lessons") is ranking
    assert prose.prelaunch_hook(handler(accept="de-DE,en;q=0.5"), ranking, ".") is ranking


@pytest.mark.parametrize("lang, accept, code", [
    ("pt_BR", None, "pt_BR"),        # ?lang= in the address
    (None, "es-AR,es;q=0.9", "es_AR"),  # the browser's preferred language
    ("fa", "pt-BR", "fa"),           # the address wins over the browser
    ("<script>", "th-TH", "th"),     # a forged ?lang= is ignored
])
def test_hook_translates_the_prose_and_nothing_else(ranking, lang, accept, code):
    before = nbformat.writes(ranking)
    shown = prose.prelaunch_hook(handler(lang, accept), ranking, "lessons")
    assert nbformat.writes(ranking) == before  # the notebook read from disk is not changed
    assert code_of(shown) == code_of(ranking)
    messages = {m.id: m.string for m in catalog(code) if m.id}
    for original, translated in zip(markdown_of(ranking), markdown_of(shown)):
        for block in prose.blocks(original):
            assert block not in translated or messages[block] == block
            assert messages[block] in translated
        assert translated.startswith('<div dir="rtl" lang="fa">') == (code == "fa")
    assert shown.metadata["tutor_language"] == code.replace("_", "-")
    assert "tutor_language" not in ranking.metadata


def test_links_between_lessons_keep_the_language():
    text = prose.translate_markdown("[Back to the start](index.ipynb)", "pt_BR")
    assert LINK.findall(text) == ["index.ipynb?lang=pt_BR"]
    assert prose.translate_markdown("[x](https://example.org/a.ipynb)", "pt_BR").endswith(
        "(https://example.org/a.ipynb)")


def test_the_app_config_names_the_hook():
    config = Path(prose.REPO_DIR, "share", "jupyter", "config", "voila.py").read_text()
    assert "c.VoilaConfiguration.prelaunch_hook = prelaunch_hook" in config
    assert "from widgets.prose import prelaunch_hook" in config
