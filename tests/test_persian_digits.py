"""Persian prose writes its numbers in Persian digits (۰-۹), as Babel writes the numbers the code
formats (:func:`truco.i18n.number`): a lesson whose chart says ۲۷ does not say 27 in its prose.

ASCII digits stay only where they are not prose: inside placeholders, code, tags and link
targets; in what the learner types or the engine parses (a card code the engine's parser
accepts, a quoted move, '#1', a class code); in the engine's rank-chain notation ('2 > 4 > 5',
the form the engine itself fills ``{order}`` with); a Markdown list marker; and in the few
messages of :data:`ALLOWED`, whose digits are all input syntax or code values.
"""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from truco import i18n
from truco.cards import card_from_code
from truco.errors import CardError
from widgets.language import i18n as widgets_i18n
from widgets.language import prose
from widgets.classroom.codes import normalise_code

CATALOGS = {
    "truco": i18n.TRUCO.po_path("fa"),
    "widgets": widgets_i18n.WIDGETS.po_path("fa"),
    "lessons": prose.LOCALE_DIR / "fa" / "LC_MESSAGES" / f"{prose.DOMAIN}.po",
}
# Messages whose every digit is syntax, kept as typed or as the code takes it.
ALLOWED = {
    # what a card code is made of: the ranks one types, then an example code
    "ranks A 2 3 4 5 6 7 8 9 10 J Q K and suits c h s d (or ♣ ♥ ♠ ♦), e.g. 4c",
    "ranks 1 2 3 4 5 6 7 10 11 12 and suits e b o c, e.g. 1e",
    # the values a function argument takes (0, 1, None; trick indexes), beside the Python None
    "a trick result is team 0, team 1 or None (tied), not {t!r}",
    "mano and dealer are teams: 0 (team A) or 1 (team B)",
    "There are three tricks: 0, 1 and 2.",
}
NOT_PROSE = re.compile("|".join([
    r"\{[^{}]*\}",                   # placeholders
    r"`[^`]*`",                      # code
    r"<[^<>]*>",                     # HTML tags and their attributes
    r"\]\([^)]*\)",                  # Markdown link targets
    r"%\([^)]*\)[sdfr]",             # %-style fields
    r"https?://\S+",                 # addresses
    r"'[^'\s][^']*'",                # quoted input: 'play 4c', a round's notation
    r"#\d+",                         # 'play #n': a blind hand's card by position
    r"\b\d+(?:\s*>\s*\d+)+\b",       # a chain of ranks in the engine's notation
    r"^\s*\d+\.\s",                  # a Markdown ordered-list marker
]), re.M)
TOKEN = re.compile(r"[\w-]*\d[\w-]*")


def is_code(token: str) -> bool:
    """Whether ``token`` is a card code the engine parses or a class code as shown."""
    for family in ("french", "spanish"):
        try:
            card_from_code(family, token)
            return True
        except CardError:
            pass
    return token.isupper() and normalise_code(token) is not None


def prose_digits(text: str) -> list[str]:
    """The words of ``text`` holding an ASCII digit in prose (empty if none)."""
    masked = NOT_PROSE.sub(lambda m: " " * len(m.group()), text)
    return [t for t in TOKEN.findall(masked) if re.search("[0-9]", t) and not is_code(t)]


def translations(domain: str):
    with CATALOGS[domain].open("rb") as fh:
        catalog = read_po(fh, locale="fa")
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        yield msgid, [s for s in forms if s]


def test_prose_digits_finds_latin_numbers_in_persian_prose():
    assert prose_digits("امتیازی در حدودِ 27 تا ۲۹ بیشترِ دست‌ها را می‌برد") == ["27"]
    assert prose_digits("در بیشترِ دسته‌ها 3 و 2 شاه را می‌برند") == ["3", "2"]
    assert prose_digits("۱۲ حرف") == [] and prose_digits("بازیِ 30 امتیازی") == ["30"]
    kept = ["حرکتی مانند 'play 4c'", "کدی مثل 4c یا 12b یا 1e", "از {n} تا #{last}، مثلاً #1",
            "کدی مانند KX7PQ-2MRTA", "piezas (2 > 4 > 5 > 11 > 10)", "`02_manilhas.ipynb`",
            "[درس ۲](02_manilhas.ipynb)", '<span class="c4">', "1. یک\n2. دو"]
    assert [t for t in kept if prose_digits(t)] == []
    # a card code needs a rank and suit of a deck: '15c' is no card
    assert prose_digits("15c") == ["15c"] and prose_digits("از 0 تا {top}") == ["0"]


@pytest.mark.parametrize("domain", CATALOGS)
def test_persian_prose_writes_persian_digits(domain):
    found = [(msgid, prose_digits(text)) for msgid, forms in translations(domain)
             if msgid not in ALLOWED for text in forms if prose_digits(text)]
    assert found == [], f"write these numbers in Persian digits (۰-۹): {found}"


def test_the_allow_list_is_still_needed():
    """Each allowed message is in a catalog and still holds the ASCII digits it is allowed."""
    held = {msgid: forms for domain in CATALOGS for msgid, forms in translations(domain)}
    assert [m for m in ALLOWED if not any(prose_digits(s) for s in held.get(m, []))] == []


# Single Latin letters with only a Persian comma between them ("A، K، J، Q", ranks or teams)
# are laid out as one left-to-right run inside the right-to-left sentence: a reader taking
# them one by one, as the list's other items, meets them in reverse order. (A longer Latin
# phrase, "ancho de espadas، ancho de bastos", is read as a run, left to right.)
LATIN_LIST = re.compile(r"(?<![A-Za-z])[A-Za-z]،\s*[A-Za-z](?![A-Za-z])")


def test_latin_list_finds_words_a_persian_sentence_reverses():
    assert LATIN_LIST.search("به ترتیبِ ۳، ۲، A، K، J، Q، ۷")
    assert not LATIN_LIST.search("به ترتیبِ ۳، ۲، آس، شاه، سرباز، بی‌بی، ۷")
    assert not LATIN_LIST.search("تیم A، تیم B یا هیچ‌کس") and not LATIN_LIST.search("A\u200f، B")
    assert not LATIN_LIST.search("ancho de espadas، ancho de bastos")


@pytest.mark.parametrize("domain", CATALOGS)
def test_no_list_of_latin_words_reads_backwards(domain):
    found = [msgid for msgid, forms in translations(domain) for text in forms
             if LATIN_LIST.search(NOT_PROSE.sub(" ", text))]
    assert found == [], f"name these in Persian or separate them with a mark (U+200F): {found}"
