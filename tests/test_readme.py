"""The README and the docs pages stay true: their Python examples run as written, the rule map
names what exists, the README stays short, and their links lead somewhere."""
import re
from pathlib import Path

import pytest

REPO = Path(__file__).parent.parent
README = REPO / "README.md"
PAGES = [README, *sorted((REPO / "docs").glob("*.md"))]
ENGINE_PAGE = REPO / "docs" / "engine.md"
MAX_README_WORDS = 1300
IMAGE = re.compile(r"[.](?:png|jpe?g|gif|svg|webp)$", re.I)


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, re.S)


def relative_links(text: str) -> list[str]:
    """The targets of a page's Markdown links and images that point into the repository (no
    scheme, no bare #anchor), without their #anchor; fenced code is left out."""
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    targets = re.findall(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)", prose)
    return [t.split("#", 1)[0] for t in targets
            if not re.match(r"[a-z][a-z0-9+.-]*:", t, re.I) and not t.startswith("#")]


def broken_links(page: Path, text: str) -> list[str]:
    """The relative links of ``page`` (other than pictures, which the screenshot tests check)
    whose file or folder is missing."""
    return [t for t in relative_links(text)
            if not IMAGE.search(t) and not (page.parent / t).exists()]


def _name(page: Path) -> str:
    return page.relative_to(REPO).as_posix()


BLOCKS = [(page, index, block) for page in PAGES
          for index, block in enumerate(python_blocks(page.read_text(encoding="utf-8")))]


def test_readme_has_examples():
    assert len(python_blocks(README.read_text(encoding="utf-8"))) >= 3


@pytest.mark.parametrize("page, index, block", BLOCKS,
                         ids=[f"{_name(p)}:{i}" for p, i, _b in BLOCKS])
def test_example_runs(page, index, block, capsys):
    exec(compile(block, f"{_name(page)} block {index}", "exec"), {})


def test_readme_is_short():
    """A first visit reads what the tutor is, not the server's timings: detail goes to docs/."""
    words = len(README.read_text(encoding="utf-8").split())
    assert words < MAX_README_WORDS, f"README.md has {words} words; move detail to docs/"


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_links_lead_somewhere(page):
    assert broken_links(page, page.read_text(encoding="utf-8")) == []


def test_the_link_check_sees_links():
    """The link check reads the links it should, and would catch a broken one."""
    text = ("[a](docs/engine.md#speed) ![b](docs/img/x.png) [c](https://example.org) [d](#top) "
            "[e](docs/nowhere.md) [f](tests/)\n```\n[g](inside/code.md)\n```\n")
    assert relative_links(text) == ["docs/engine.md", "docs/img/x.png", "docs/nowhere.md",
                                    "tests/"]
    assert broken_links(README, text) == ["docs/nowhere.md"]
    # the README links every page of docs/ (directly or through docs/README.md)
    linked = {(README.parent / t).resolve() for t in relative_links(README.read_text("utf-8"))}
    index = REPO / "docs" / "README.md"
    linked |= {(index.parent / t).resolve() for t in relative_links(index.read_text("utf-8"))}
    assert {p.resolve() for p in PAGES if p != README} <= linked


def test_the_rule_map_names_what_exists():
    """Every module, class, function and component the "Where each rule lives" table of
    docs/engine.md names is there: a rule moved without the map is a map that lies to a
    newcomer."""
    import importlib

    import truco

    text = ENGINE_PAGE.read_text(encoding="utf-8")
    section = text.split("## Where each rule lives", 1)[1]
    table = re.search(r"^\|.*?(?=\n[^|]|\Z)", section, re.M | re.S).group(0)  # its first table
    names = re.findall(r"`([^`]+)`", table)
    modules = {n for n in names if n.startswith("truco/")}
    for path in modules:
        assert (REPO / path).is_file(), path
    games = {v: truco.Game(v, seed=1) for v in ("argentino", "uruguayo", "mineiro", "truc")}
    components = {n.split(".", 1)[1] for n in names if n.startswith("game.")}
    assert components == {"envido", "flor", "truc_specials", "special_hands", "vira"}
    for attr in components - {"vira"}:
        assert any(getattr(g, attr) is not None for g in games.values()), attr
    # the classes, their methods and the functions, looked up in the modules the row names
    row_modules = [importlib.import_module(m[:-3].replace("/", ".")) for m in sorted(modules)]
    for name in names:
        if "/" in name or name.startswith("game."):
            continue
        if name.startswith("resolve"):  # truco.resolve / truco.resolve_side and their functions
            module, _, function = name.partition(".")
            assert hasattr(importlib.import_module(f"truco.{module}"), function or "__name__")
            continue
        head, _, rest = name.partition(".")
        owner = next((m for m in row_modules if hasattr(m, head)), None)
        assert owner is not None, name
        assert not rest or hasattr(getattr(owner, head), rest), name
    assert len(names) > 20
