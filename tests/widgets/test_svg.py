"""The card SVGs: valid XML, accessible names, Spanish court words, backs, colours, highlights."""
import re
import xml.etree.ElementTree as ET

import pytest

from truco.cards import ALL_CARDS, DECKS, card_from_code
from widgets.svg import HIGHLIGHTS, card_back_svg, card_svg

SVG_NS = "{http://www.w3.org/2000/svg}"
ALL_DECK_CARDS = sorted({card for deck in DECKS.values() for card in deck})


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG_NS + "svg"
    return root


def texts(root: ET.Element) -> str:
    return " ".join("".join(t.itertext()) for t in root.iter(SVG_NS + "text"))


def colours(svg: str) -> set[str]:
    return set(re.findall(r'fill="(#[0-9a-fA-F]{3,6})"', svg))


@pytest.mark.parametrize("card", ALL_DECK_CARDS, ids=lambda c: f"{c.family}-{c.code}")
def test_every_deck_card_is_an_accessible_svg(card):
    root = parse(card_svg(card))
    assert root.get("role") == "img"
    assert card.name() in root.get("aria-label")
    assert root.find(SVG_NS + "title").text == root.get("aria-label")
    assert root.get("viewBox") == "0 0 100 140"
    # no external resources: no images, no links, no web fonts
    assert not list(root.iter(SVG_NS + "image"))
    assert "http" not in card_svg(card).replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "@font-face" not in card_svg(card)


def test_all_three_decks_are_covered():
    assert {len(d) for d in DECKS.values()} == {40, 32}
    assert len(ALL_DECK_CARDS) == 40 + 40 + 12  # piquet adds 8, 9, 10 of each French suit
    assert set(ALL_DECK_CARDS) <= set(ALL_CARDS)


@pytest.mark.parametrize("rank,word", [(10, "sota"), (11, "caballo"), (12, "rey")])
@pytest.mark.parametrize("suit", ["e", "b", "o", "c"])
def test_spanish_court_cards_show_word_and_number(rank, word, suit):
    card = card_from_code("spanish", f"{rank}{suit}")
    shown = texts(parse(card_svg(card)))
    assert word in shown
    assert str(rank) in shown


def test_spanish_number_cards_have_no_court_word():
    shown = texts(parse(card_svg(card_from_code("spanish", "7o"))))
    assert not {"sota", "caballo", "rey"} & set(shown.split())
    assert "7" in shown


def test_corner_indices_show_the_rank():
    assert "A" in texts(parse(card_svg(card_from_code("french", "As")))).split()
    assert "10" in texts(parse(card_svg(card_from_code("french", "10d")))).split()
    assert "K" in texts(parse(card_svg(card_from_code("french", "Kc")))).split()


@pytest.mark.parametrize("code", ["Ah", "10d", "Kc"])
def test_face_down_hides_the_card(code):
    card = card_from_code("french", code)
    svg = card_svg(card, face_down=True)
    root = parse(svg)
    assert root.get("role") == "img"
    assert card.name() not in svg
    assert card.suit_name() not in svg
    assert root.get("aria-label") == "face-down card"
    assert texts(root) == ""  # no rank, no words
    assert svg == card_back_svg(72)  # identical for every card: nothing leaks


def test_face_down_with_label_and_width():
    svg = card_svg(card_from_code("spanish", "1e"), face_down=True, label="your partner's card",
                   width=50)
    root = parse(svg)
    assert root.get("aria-label") == "your partner's card"
    assert root.get("width") == "50" and root.get("height") == "70"


def test_width_scales_with_fixed_aspect():
    root = parse(card_svg(card_from_code("french", "4c"), width=120))
    assert (root.get("width"), root.get("height")) == ("120", "168")


def test_custom_label_is_escaped():
    svg = card_svg(card_from_code("french", "4c"), label='<b>"four" & more</b>')
    assert parse(svg).get("aria-label") == '<b>"four" & more</b>'


@pytest.mark.parametrize("family,code", [("french", "4c"), ("french", "Jd"), ("french", "Qc"),
                                         ("spanish", "1e"), ("spanish", "7b"),
                                         ("spanish", "12e"), ("spanish", "10b")])
def test_four_colour_changes_colours(family, code):
    # clubs, diamonds, espadas and bastos change; hearts, spades, oros and copas keep theirs
    card = card_from_code(family, code)
    assert colours(card_svg(card)) != colours(card_svg(card, four_colour=True))


def test_four_colour_gives_each_suit_of_a_deck_its_own_colour():
    for family, suits in (("french", "chsd"), ("spanish", "eboc")):
        four = [colours(card_svg(card_from_code(family, f"5{s}"), four_colour=True)) for s in suits]
        two = [colours(card_svg(card_from_code(family, f"5{s}"))) for s in suits]
        assert len({frozenset(c) for c in four}) == 4
        assert len({frozenset(c) for c in two}) < 4


def test_four_colour_palette():
    def ink(family, code, four):
        return colours(card_svg(card_from_code(family, code), four_colour=four)) - {"#fff"}

    green, blue, red, gold = "#1e7b34", "#1f5fbf", "#c8102e", "#d4a017"
    assert green in ink("french", "4c", True) and green not in ink("french", "4c", False)
    assert blue in ink("french", "4d", True) and red in ink("french", "4d", False)
    assert red in ink("french", "4h", True) and red in ink("french", "4h", False)
    assert ink("french", "4s", True) == ink("french", "4s", False)  # spades stay black
    assert blue in ink("spanish", "4e", True)
    assert green in ink("spanish", "4b", True)
    assert gold in ink("spanish", "4o", True) and gold in ink("spanish", "4o", False)
    assert red in ink("spanish", "4c", True) and red in ink("spanish", "4c", False)
    # two-colour: hearts/diamonds red, clubs/spades not
    assert red not in ink("french", "4c", False) | ink("french", "4s", False)


@pytest.mark.parametrize("highlight", sorted(HIGHLIGHTS))
def test_highlight_adds_its_marker(highlight):
    card = card_from_code("spanish", "11o")
    plain, marked = card_svg(card), card_svg(card, highlight=highlight)
    root = parse(marked)
    assert root.get("data-highlight") == highlight
    assert f"tutor-hl-{highlight}" in root.get("class")
    assert "data-highlight" not in plain
    assert f'stroke="{HIGHLIGHTS[highlight]}"' in marked
    assert f'stroke="{HIGHLIGHTS[highlight]}"' not in plain
    if highlight != "muted":  # a word on a ribbon, not colour alone
        assert highlight.upper() in texts(root)
        assert highlight in root.get("aria-label")
    assert card.name() in root.get("aria-label")


def test_highlight_on_face_down_card_reveals_nothing():
    svg = card_svg(card_from_code("french", "Ah"), face_down=True, highlight="selected")
    root = parse(svg)
    assert root.get("data-highlight") == "selected"
    assert not re.search(r"\bace\b|hearts|>A<", svg)


def test_unknown_highlight_is_refused():
    with pytest.raises(ValueError):
        card_svg(card_from_code("french", "4c"), highlight="gold")


def test_svg_has_no_ids_to_collide_when_many_cards_share_a_page():
    for card in ALL_DECK_CARDS[::7]:
        assert " id=" not in card_svg(card, highlight="winner")
    assert " id=" not in card_back_svg(72)


@pytest.mark.parametrize("highlight, word", [("manilha", "MANILHA"), ("brava", "CARTA BRAVA"),
                                             ("pieza", "PIEZA"), ("mata", "MATA"),
                                             ("muestra", "MUESTRA"), ("vira", "VIRA")])
def test_each_kind_of_special_card_has_its_own_ribbon(highlight, word):
    """Bravas, piezas and matas are not called manilhas, nor the muestra a vira."""
    card = card_from_code("spanish", "1e")
    root = parse(card_svg(card, highlight=highlight))
    ribbon = [t.text for t in root.iter(SVG_NS + "text")][-1]  # drawn last, over the card
    assert ribbon == word
    assert root.get("aria-label") == f"{card.name()}, {word.lower()}"


def test_special_highlights_are_told_apart_and_readable():
    from widgets.svg import SPECIAL_HIGHLIGHTS

    assert set(SPECIAL_HIGHLIGHTS) == {"manilha", "brava", "pieza", "mata"}
    assert set(SPECIAL_HIGHLIGHTS) | {"muestra"} <= set(HIGHLIGHTS)
    assert len({HIGHLIGHTS[h] for h in SPECIAL_HIGHLIGHTS}) == 4

    def luminance(colour):
        rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    for name, colour in HIGHLIGHTS.items():
        if name != "muted":  # white ribbon text on the colour
            assert 1.05 / (luminance(colour) + 0.05) >= 4.5, name
