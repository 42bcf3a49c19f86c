"""The card SVGs: valid XML, accessible names, Spanish court words, backs, colours, highlights."""
import re
import xml.etree.ElementTree as ET

import pytest

from truco.cards import ALL_CARDS, DECKS, card_from_code
from widgets.cards.svg import HIGHLIGHTS, card_back_svg, card_svg

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


@pytest.mark.parametrize("rank,figure", [(10, "sota"), (11, "caballo"), (12, "rey")])
@pytest.mark.parametrize("suit", ["e", "b", "o", "c"])
def test_spanish_court_cards_show_a_figure_and_their_number(rank, figure, suit):
    card = card_from_code("spanish", f"{rank}{suit}")
    root = parse(card_svg(card))
    assert [g.get("data-figure") for g in root.iter(SVG_NS + "g") if g.get("data-figure")] \
        == [figure]
    assert texts(root).split() == [str(rank)] * 2  # the number in two corners, no words
    assert figure in root.get("aria-label")  # the name says it: "sota (10) of espadas"


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


def test_a_back_without_a_name_is_hidden_from_screen_readers():
    # a row of backs carries one name ("2 cards in hand"); each back in it is decoration, not
    # an image without a text alternative (axe's svg-img-alt)
    root = parse(card_back_svg(30, label=""))
    assert root.get("aria-hidden") == "true" and root.get("role") is None
    assert root.get("aria-label") is None and root.find(SVG_NS + "title") is None


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
    def suit_colour(family, suit, four):
        svg = card_svg(card_from_code(family, f"5{suit}"), four_colour=four)
        return re.search(r'data-pips="5" fill="(#[0-9a-f]+)"', svg).group(1)

    for family, suits in (("french", "chsd"), ("spanish", "eboc")):
        assert len({suit_colour(family, s, True) for s in suits}) == 4
        assert len({suit_colour(family, s, False) for s in suits}) < 4


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
    from widgets.cards.svg import SPECIAL_HIGHLIGHTS

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


# ---- the card art: pips, courts, indices, backs ---------------------------------------------

PIP_CARDS = [c for c in ALL_DECK_CARDS if c.rank <= 10 and not (c.family == "spanish"
                                                                  and c.rank == 10)]
COURTS = [c for c in ALL_DECK_CARDS if c not in PIP_CARDS]
FIGURES = {("french", 11): "jack", ("french", 12): "queen", ("french", 13): "king",
           ("spanish", 10): "sota", ("spanish", 11): "caballo", ("spanish", 12): "rey"}


def pips_group(root: ET.Element) -> ET.Element:
    groups = [g for g in root.iter(SVG_NS + "g") if g.get("data-pips") is not None]
    assert len(groups) == 1
    return groups[0]


def translation(transform: str) -> tuple[float, float]:
    x, y = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", transform).groups()
    return float(x), float(y)


def test_pip_and_court_cards_split_every_deck():
    assert len(PIP_CARDS) == 4 * 10 + 4 * 7 and len(COURTS) == 4 * 3 + 4 * 3


@pytest.mark.parametrize("card", PIP_CARDS, ids=lambda c: f"{c.family}-{c.code}")
def test_pip_cards_show_as_many_suit_symbols_as_their_rank(card):
    root = parse(card_svg(card))
    pips = list(pips_group(root))
    assert len(pips) == card.rank
    # one suit symbol each: a French pip is one path, a Spanish one a group holding the symbol
    assert {p.tag for p in pips} == {SVG_NS + ("path" if card.family == "french" else "g")}
    assert not [g for g in root.iter(SVG_NS + "g") if g.get("data-figure")]
    for pip in pips:
        x, y = translation(pip.get("transform"))
        assert 15 < x < 85 and 15 < y < 125  # inside the card, clear of the edges


@pytest.mark.parametrize("suit", "chsd")
def test_french_pips_in_the_lower_half_are_turned(suit):
    for rank in range(2, 11):
        for pip in pips_group(parse(card_svg(card_from_code("french", f"{rank}{suit}")))):
            x, y = translation(pip.get("transform"))
            assert ("rotate(180)" in pip.get("transform")) == (y > 70), (rank, x, y)


def test_french_layouts_are_the_traditional_ones():
    def spots(code):
        return sorted(translation(p.get("transform"))
                      for p in pips_group(parse(card_svg(card_from_code("french", code)))))

    assert spots("Ah") == [(50, 70)]
    assert [x for x, _y in spots("3h")] == [50, 50, 50]
    seven = spots("7h")  # 3-1-3: two columns of three and one more, in the middle, high
    middle = [y for x, y in seven if x == 50]
    assert len(middle) == 1 and middle[0] < 70
    assert sorted({x for x, _y in seven}) == [32, 50, 68]
    eight = [y for x, y in spots("8h") if x == 50]
    assert len(eight) == 2 and eight[0] < 70 < eight[1] and eight[0] + eight[1] == 140
    assert [y for x, y in spots("9h") if x == 50] == [70]
    assert len({y for x, y in spots("10h") if x != 50}) == 4  # four rows in the columns


def test_the_ace_is_one_large_symbol():
    for family, code in (("french", "As"), ("spanish", "1e"), ("spanish", "1o")):
        (pip,) = pips_group(parse(card_svg(card_from_code(family, code))))
        scale = float(re.search(r"scale\(([\d.]+)\)", pip.get("transform")).group(1))
        assert scale > 2


@pytest.mark.parametrize("card", COURTS, ids=lambda c: f"{c.family}-{c.code}")
def test_court_cards_are_drawn_figures_not_words(card):
    svg = card_svg(card)
    root = parse(svg)
    (figure,) = [g for g in root.iter(SVG_NS + "g") if g.get("data-figure")]
    assert figure.get("data-figure") == FIGURES[card.family, card.rank]
    assert len(list(figure.iter())) > 15  # a drawing: head, crown or hat, body ...
    assert list(figure.iter(SVG_NS + "ellipse"))  # at least a face
    index = {11: "J", 12: "Q", 13: "K"}.get(card.rank) if card.family == "french" \
        else str(card.rank)
    assert texts(root).split() == [index, index]  # corner indices only, no word as the art
    assert not list(figure.iter(SVG_NS + "text"))


@pytest.mark.parametrize("code", ["Jh", "Qs", "Kd"])
def test_french_courts_are_double_headed(code):
    figure = next(g for g in parse(card_svg(card_from_code("french", code))).iter(SVG_NS + "g")
                  if g.get("data-figure"))
    upper, lower = [child for child in figure if child.tag == SVG_NS + "g"][-2:]
    assert lower.get("transform") == "rotate(180 50 70)"
    assert ET.tostring(lower[0]) == ET.tostring(figure[0])  # the same bust, turned round


@pytest.mark.parametrize("family,code,index", [("french", "10d", "10"), ("french", "Qc", "Q"),
                                               ("spanish", "12b", "12"), ("spanish", "3o", "3")])
def test_indices_in_the_top_left_and_turned_in_the_bottom_right(family, code, index):
    root = parse(card_svg(card_from_code(family, code)))
    shown = [t for t in root.iter(SVG_NS + "text") if t.text == index]
    assert len(shown) == 2
    turned = [g for g in root.iter(SVG_NS + "g") if g.get("transform") == "rotate(180 50 70)"
              and g.find(SVG_NS + "text") is not None]
    assert len(turned) == 1 and turned[0].find(SVG_NS + "text").text == index
    assert float(shown[0].get("x")) < 20 and float(shown[0].get("y")) < 30


@pytest.mark.parametrize("suit,breaks", [("o", 0), ("c", 1), ("e", 2), ("b", 3)])
def test_spanish_frames_carry_the_pinta(suit, breaks):
    svg = card_svg(card_from_code("spanish", f"5{suit}"))
    frame = re.search(r'<path d="(M7 7V133[^"]*)"', svg).group(1)
    top = [seg for seg in re.findall(r"M[\d.]+ 7H[\d.]+", frame)]
    bottom = [seg for seg in re.findall(r"M[\d.]+ 133H[\d.]+", frame)]
    assert len(top) == len(bottom) == breaks + 1


@pytest.mark.parametrize("family,code", [("french", "Kc"), ("french", "7d"), ("french", "Jd"),
                                         ("spanish", "11b"), ("spanish", "5e")])
def test_four_colour_recolours_the_art_as_well_as_the_pips(family, code):
    card = card_from_code(family, code)
    two, four = card_svg(card), card_svg(card, four_colour=True)
    old, new = {("french", "c"): ("#1b1b1b", "#1e7b34"), ("french", "d"): ("#c8102e", "#1f5fbf"),
                ("spanish", "b"): ("#2b3a4a", "#1e7b34"),
                ("spanish", "e"): ("#2b3a4a", "#1f5fbf")}[family, card.suit]
    assert f'fill="{new}"' not in two and f'fill="{new}"' in four
    assert four.count(f'fill="{new}"') == two.count(f'fill="{old}"') - four.count(f'fill="{old}"')


def test_no_external_references_nor_ids_on_a_page_of_every_card():
    page = "".join([card_svg(c) for c in ALL_DECK_CARDS]
                   + [card_svg(c, four_colour=True, highlight="winner") for c in ALL_DECK_CARDS]
                   + [card_back_svg(72), card_back_svg(40, highlight="selected")])
    assert not re.search(r"\sid=", page)
    assert "url(" not in page and "href" not in page and "<image" not in page
    assert "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "<style" not in page and "<script" not in page


def test_back_is_a_drawn_pattern():
    root = parse(card_back_svg(72))
    assert root.get("data-card") == "back"
    lattice = max((p.get("d") for p in root.iter(SVG_NS + "path")), key=len)
    assert lattice.count("M") > 20  # many lines: a pattern, not one shape
    assert texts(root) == ""


@pytest.mark.parametrize("language", ["en", "fa"])
def test_accessible_name_in_the_current_language(language):
    from truco import catalogs, i18n

    catalogs.compile(i18n.TRUCO)
    i18n.set_language(language)
    try:
        for card in ALL_DECK_CARDS:
            root = parse(card_svg(card))
            assert root.get("aria-label") == card.name()
            assert root.find(SVG_NS + "title").text == card.name()
        name = parse(card_svg(card_from_code("spanish", "1e"))).get("aria-label")
        if language == "fa":
            assert re.search("[\u0600-\u06ff]", name), name  # Persian words, not English
        back = parse(card_back_svg(72)).get("aria-label")
        assert (back == "face-down card") == (language == "en")
    finally:
        i18n.set_language("en")


def test_cards_are_cached_and_small():
    card = card_from_code("french", "Kh")
    assert card_svg(card) is card_svg(card)
    sizes = {deck: [len(card_svg(c)) for c in cards] for deck, cards in DECKS.items()}
    for deck, lengths in sizes.items():
        assert sum(lengths) / len(lengths) < 3500, deck  # a 40-card page stays near 100 kB
        assert max(lengths) < 5500, deck
    assert len(card_back_svg(72)) < 2500
