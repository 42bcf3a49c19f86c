"""The lessons' prose in every language (widgets.language.prose): catalogs in step with the notebooks,
complete, with the Markdown's shape kept, and Voilà's hook serving the learner's language."""
from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
from babel.messages.pofile import read_po

from truco.i18n import LANGUAGES
from widgets.language import prose

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


def notebook_messages() -> list[str]:
    """What the template must hold: the Markdown blocks and the code cells' N_ strings."""
    found = []
    for path in NOTEBOOKS:
        with path.open("rb") as fh:
            found.extend(m for _n, _f, m, _c in prose.extract_notebook(fh, {}, (), {}))
    return found


def test_code_cells_N_strings_are_messages():
    assert prose.code_messages('Step("rank", N_("One " "idea."), x=N_("b"))\nN_(name)') == \
        ["One idea.", "b"]
    assert prose.code_messages("%%time\nN_('a')") == []  # not Python: nothing
    steps = [m for m in notebook_messages() if m.startswith("Your turn: click the stronger")]
    assert steps, "lesson 01's step texts are extracted"


def test_the_template_is_in_step_with_the_notebooks():
    with prose.TEMPLATE.open("rb") as fh:
        template = read_po(fh)
    in_template = {m.id for m in template if m.id}
    in_notebooks = set(notebook_messages())
    assert in_notebooks - in_template == set(), "run `python -m widgets.language.prose update`"
    assert in_template - in_notebooks == set(), "run `python -m widgets.language.prose update`"


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
    """The app's Voilà config installs a prelaunch hook that shows the prose in the learner's
    language (the tutor's own hook wraps widgets.language.prose's, adding the loading screen's words)."""
    from traitlets.config import Config

    import tutor_server as server
    path = Path(prose.REPO_DIR, "share", "jupyter", "config", "voila.py")
    c = Config()
    exec(compile(path.read_text(), str(path), "exec"), {"c": c})
    hook = c.VoilaConfiguration.prelaunch_hook
    assert hook in (prose.prelaunch_hook, server.tutor_prelaunch_hook)


# --- every sentence true (issue 13, section 4) ---------------------------------------------------
# A tutor that teaches one wrong rule loses the learner's trust in all the others: these tests
# tie the claims the prose makes to the engine and to the sources (RULES.md), in every language.
import truco  # noqa: E402
from truco import points  # noqa: E402
from truco.i18n import LANGUAGES as _ALL  # noqa: E402

VALENCIA = re.compile(r"(?i)\bval[eèéê]nci|valencian|วาเลนเซีย|บาเลนเซีย|والنسیا|بالنسیا")
CASED = ("en", "pt_BR", "es_AR", "tl")  # the languages whose sentences start with a capital


def prose_in(code: str) -> list[str]:
    """Every block of lesson prose as a learner reading ``code`` sees it."""
    if code == "en":
        return notebook_blocks()
    messages = {m.id: m.string for m in catalog(code) if m.id}
    return [messages.get(b) or b for b in notebook_blocks()]


def lesson_blocks(name: str) -> list[str]:
    nb = nbformat.read(prose.LESSONS_DIR / f"{name}.ipynb", as_version=4)
    return [b for c in nb.cells if c.cell_type == "markdown" for b in prose.blocks(c.source)]


def block_starting(name: str, start: str) -> str:
    found = [b for b in lesson_blocks(name) if b.startswith(start)]
    assert len(found) == 1, (name, start, found)
    return found[0]


@pytest.mark.parametrize("code", _ALL)
def test_no_lesson_claims_to_teach_valencian_truc(code):
    """Valencian truc has its own top cards and betting and is not in our sources: the Truc
    taught here is France's and Catalonia's (RULES.md), in every language."""
    claims = [b for b in prose_in(code) if VALENCIA.search(b)]
    assert not claims, claims
    readme_intro = (prose.REPO_DIR / "README.md").read_text().split("\n\n")[1]
    assert not VALENCIA.search(readme_intro) and "France and Catalonia" in readme_intro


def test_truc_is_presented_as_france_and_catalonia():
    assert "south of France and in Catalonia" in block_starting("08_truc", "Truc is Truco's")
    table = block_starting("index", "| Variant | Where |")
    assert "| Truc | France and Catalonia |" in table


def step_texts(name: str) -> list[str]:
    """A lesson's step texts and summary lines (the Plan its notebook shows)."""
    import sys

    sys.path.insert(0, str(prose.REPO_DIR / "tests" / "widgets"))
    from lesson_plans import plan_of

    plan = plan_of(name)
    return [" ".join(s.text.split()) for s in plan.steps] + [" ".join(x.split())
                                                             for x in plan.summary]


def test_no_lesson_says_raising_twice_in_a_trick_is_unlike_brazil():
    """Both players may raise within one trick in every variant with raises, Brazil included."""
    for code in _ALL:
        for block in prose_in(code):
            assert not re.search(r"(?i)unlike (in )?brazil", block), (code, block)
    for name in ("mineiro", "paulista", "argentino", "uruguayo", "truc", "plato"):
        g = next(g for g in (truco.Game(name, players=2, seed=s) for s in range(50))
                 if "raise" in [str(a) for a in g.legal_actions()])  # no flor to sing first
        g.apply("raise")
        g.apply("accept")  # the leader raised before leading, the follower accepted ...
        g.apply(next(str(a) for a in g.legal_actions() if str(a).startswith("play")))
        assert "raise" in [str(a) for a in g.legal_actions()], name  # ... and may raise now


def test_sackson_is_a_preset_built_from_what_sackson_reports():
    """Seed 002: Sackson reports that *in some areas* the ace replaces the 8; his own variant is
    the doubling raises and the game to 16. The prose must not call that ranking his own."""
    compare = block_starting("10_compare", "The same cards can win in one variant")
    assert "the 8 is second in French Truc but last in the order Sackson reports from some " \
        "areas" in " ".join(compare.split())
    for block in notebook_blocks() + [t for n in ("08_truc", "10_compare") for t in step_texts(n)]:
        assert "Sackson wrote down" not in block and "rules written down by Sid Sackson" \
            not in block and "Sackson's order" not in block, block
    v = truco.variant("truc-sackson")
    assert [r for r, _value in v.ladder][1:] and [value for _r, value in v.ladder] == [2, 4, 8, 16]
    assert v.target == 16 and v.compare("As", "8s") > 0  # the regional ranking it combines
    assert truco.variant("truc").compare("8s", "As") > 0  # the usual French order


def test_the_uruguay_lesson_counts_piezas_as_the_engine_does():
    """Lesson 13's envido step gives each pieza's value; the engine counts the same, the 12
    takes a muestra's place, and a flor with a pieza is counted the way the step says."""
    text = next(t for t in step_texts("13_uruguay") if "a pieza counts its own value" in t)
    said = dict((rank, int(value)) for ranks, value in
                re.findall(r"((?:\d+(?: and )?)+): (\d+)", text) for rank in ranks.split(" and "))
    by_rank = {card.rank: value for card, value in points.piezas("1o").items()}
    assert said and {int(r): v for r, v in said.items()} == by_rank
    assert points.piezas("4o")[truco.variant("uruguayo").card("12o")] == 29
    verdict = truco.envido_verdict(["2o", "7c", "3e"], muestra="1o")
    assert verdict.reason == "pieza" and verdict.points == 30 + 7  # plus the best other card
    flor = truco.flor_verdict(["2o", "1b", "7b"], muestra="1o")
    assert flor.reason == "flor_pieza" and flor.points == 30 + 1 + 7
    assert truco.variant("uruguayo").flor and not truco.variant("argentino").flor


def test_lesson_07_gives_the_engine_envido_stakes():
    """The envido step's stakes (2, 3, refused at least 1; after envido and real envido 5
    accepted, 2 refused) are the engine's."""
    texts = " ".join(step_texts("07_envido_flor"))
    assert "Envido is worth 2, real envido 3" in texts
    assert "After envido and real envido, accepted is 5, refused 2." in texts
    from truco.resolve_side import envido_stakes

    assert envido_stakes(["envido", "real envido"]) == (5, 2)
    assert envido_stakes(["envido"]) == (2, 1) and envido_stakes(["real envido"]) == (3, 1)


def test_lesson_04_gives_both_mineiro_all_tie_rules():
    texts = step_texts("04_ties")
    assert any("Mineiro tables differ (the dealer's side, or nobody)" in t for t in texts)
    assert any("the tutor offers both as a rule option" in t for t in texts)
    assert set(dict(truco.variant("mineiro").options)["all_tie"]) == {"dealer", "nobody"}
    assert truco.variant("mineiro", all_tie="nobody").all_tie == "nobody"


@pytest.mark.parametrize("code", CASED)
def test_sentences_start_with_a_capital_letter(code):
    """In every language with capitals: a block, a list item, the text after a bold label
    ("**Try it:** Click ...") and every sentence after a full stop start with one."""
    lower = []
    for block in prose_in(code):
        if block.startswith("|"):
            continue  # tables: cells are not sentences
        for line in block.split("\n"):
            m = re.match(r"^\s*(?:[-*]|\d+\.)\s+[*_\"«(]*(\w)", line)
            if m and m.group(1).islower():
                lower.append(line)
        m = re.match(r"^[*_\"«(¡¿]*(\w)", block)
        if m and m.group(1).islower():
            lower.append(block[:60])
        m = re.match(r"^\*\*[^*\n]+:\*\*\s+[*_]*(\w)", block)
        if m and m.group(1).islower():
            lower.append(block[:60])
        flat = " ".join(block.split())
        for m in re.finditer(r"(?<!\be\.g)(?<!\bi\.e)[.!?]\**\s+[*_\"«(¡¿]*(\w)", flat):
            if m.group(1).islower():
                lower.append(flat[max(0, m.start() - 40):m.end() + 20])
    assert not lower, lower
