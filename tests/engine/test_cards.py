"""Cards and decks: the three decks, card codes, parsing and round trips."""
import pytest

import truco

VARIANTS = ("mineiro", "paulista", "argentino", "truc", "truc-sackson", "truc-catalan", "plato")
FRENCH_SUITS = "chsd"
SPANISH_SUITS = "eboc"
BRAZIL_RANKS = ("A", "2", "3", "4", "5", "6", "7", "Q", "J", "K")
PIQUET_RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
SPANISH_RANKS = ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")


def codes(v):
    return {str(c) for c in v.deck}


def test_variant_names_include_the_seven_variants():
    assert set(VARIANTS) <= set(truco.VARIANT_NAMES)


@pytest.mark.parametrize("name,size", [("mineiro", 40), ("paulista", 40), ("argentino", 40),
                                       ("truc", 32), ("truc-sackson", 32),
                                       ("truc-catalan", 40), ("plato", 40)])
def test_deck_sizes_per_variant(name, size):
    deck = truco.variant(name).deck
    assert isinstance(deck, tuple)
    assert len(deck) == size
    assert len(set(deck)) == size, "no card twice in a deck"


@pytest.mark.parametrize("name", ["mineiro", "paulista"])
def test_brazilian_deck_is_40_french_cards_without_8_9_10(name):
    expected = {r + s for r in BRAZIL_RANKS for s in FRENCH_SUITS}
    assert codes(truco.variant(name)) == expected
    for code in ("8c", "9h", "10s"):
        with pytest.raises(ValueError):
            truco.variant(name).card(code)


@pytest.mark.parametrize("name", ["argentino", "truc-catalan", "plato"])
def test_spanish_deck_is_1_to_7_sota_caballo_rey_in_espadas_bastos_oros_copas(name):
    expected = {r + s for r in SPANISH_RANKS for s in SPANISH_SUITS}
    assert codes(truco.variant(name)) == expected


@pytest.mark.parametrize("name", ["truc", "truc-sackson"])
def test_truc_deck_is_the_32_card_piquet_deck(name):
    expected = {r + s for r in PIQUET_RANKS for s in FRENCH_SUITS}
    assert codes(truco.variant(name)) == expected
    for code in ("2c", "6h", "5d", "4s"):
        with pytest.raises(ValueError):
            truco.variant(name).card(code)


@pytest.mark.parametrize("name", VARIANTS)
def test_card_code_round_trips_for_every_card_of_every_deck(name):
    v = truco.variant(name)
    for card in v.deck:
        code = str(card)
        assert v.card(code) == card
        assert v.card(code.upper()) == card
        assert v.card(code.lower()) == card
        assert str(v.card(code)) == code
        assert v.card(card) == card  # a card is accepted where a code is


def test_card_parsing_is_case_insensitive_french():
    v = truco.variant("mineiro")
    assert str(v.card("as")) == "As"
    assert str(v.card("AS")) == "As"
    assert str(v.card("4C")) == "4c"
    assert str(v.card("kD")) == "Kd"
    assert str(v.card("jh")) == "Jh"
    assert str(truco.variant("truc").card("10H")) == "10h"


def test_card_parsing_is_case_insensitive_spanish():
    v = truco.variant("argentino")
    assert str(v.card("1E")) == "1e"
    assert str(v.card("12O")) == "12o"
    assert str(v.card("7B")) == "7b"


@pytest.mark.parametrize("symbol,code", [("4♣", "4c"), ("7♥", "7h"), ("A♠", "As"), ("7♦", "7d"),
                                         ("k♣", "Kc")])
def test_french_suit_symbols_parse(symbol, code):
    assert str(truco.variant("mineiro").card(symbol)) == code
    assert truco.variant("mineiro").card(symbol) == truco.variant("mineiro").card(code)


def test_ten_of_hearts_symbol_in_piquet_deck():
    assert str(truco.variant("truc").card("10♥")) == "10h"


def test_same_code_is_the_same_card_value():
    v = truco.variant("paulista")
    assert v.card("4c") == v.card("4C") == v.card("4♣")
    assert hash(v.card("4c")) == hash(v.card("4♣"))
    assert v.card("4c") != v.card("4h")
    assert len({v.card("4c"), v.card("4C"), v.card("4h")}) == 2


def test_cards_are_immutable():
    card = truco.variant("mineiro").card("4c")
    with pytest.raises(AttributeError):
        card.rank = 5
    assert str(card) == "4c"


@pytest.mark.parametrize("name,code", [
    ("mineiro", ""), ("mineiro", "4x"), ("mineiro", "11c"), ("mineiro", "1e"), ("mineiro", "zz"),
    ("mineiro", "4cc"), ("mineiro", "A"), ("mineiro", "c4"), ("mineiro", "4 c"),
    ("argentino", "8e"), ("argentino", "13o"), ("argentino", "Ac"), ("argentino", "1x"),
    ("argentino", "Ke"), ("truc", "4♣x"), ("truc", "0c")])
def test_malformed_card_codes_raise_value_error_with_clear_message(name, code):
    v = truco.variant(name)
    with pytest.raises(ValueError) as info:
        v.card(code)
    message = str(info.value)
    assert repr(code) in message or code in message, message
    # the message teaches the code format with an example
    assert ("e.g. 4c" in message) if v.deck[0].family == "french" else ("e.g. 1e" in message)


@pytest.mark.parametrize("name,code", [("mineiro", "8c"), ("mineiro", "10d"), ("paulista", "9s"),
                                       ("truc", "4c"), ("truc", "2h"), ("truc-sackson", "6d"),
                                       ("plato", "9o")])
def test_card_not_in_the_variant_deck_raises_value_error(name, code):
    with pytest.raises(ValueError) as info:
        truco.variant(name).card(code)
    assert "not" in str(info.value)


def test_card_of_a_valid_family_but_other_deck_names_the_deck():
    with pytest.raises(ValueError) as info:
        truco.variant("mineiro").card("8c")
    assert "8 of clubs" in str(info.value) and "Mineiro" in str(info.value)


@pytest.mark.parametrize("value", [None, 4, 4.0, ("4", "c")])
def test_non_string_card_raises_value_error(value):
    with pytest.raises(ValueError):
        truco.variant("mineiro").card(value)


def test_spanish_card_is_not_a_french_card():
    spanish = truco.variant("argentino").card("4c")  # 4 de copas
    with pytest.raises(ValueError):
        truco.variant("mineiro").card(spanish)


def test_card_errors_are_truco_errors_with_reason():
    with pytest.raises(truco.CardError) as info:
        truco.variant("mineiro").card("4x")
    assert isinstance(info.value, ValueError)
    assert info.value.reason


def test_card_names_in_words():
    assert truco.variant("mineiro").card("4c").name() == "4 of clubs"
    assert "espadas" in truco.variant("argentino").card("1e").name()
