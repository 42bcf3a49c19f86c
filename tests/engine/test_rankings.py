"""Rankings: commons, Mineiro's fixed manilhas, Paulista's vira, cartas bravas, Truc orders.

Expected tables are written from RULES.md, strongest first; ``levels`` rebuilds the engine's
table from ``compare`` alone (sorting the deck and grouping ties).
"""
import functools
import itertools

import pytest

import truco

VARIANTS = ("mineiro", "paulista", "argentino", "truc", "truc-sackson", "truc-catalan", "plato")


def levels(v, vira=None):
    deck = sorted(v.deck, key=functools.cmp_to_key(lambda a, b: -v.compare(a, b, vira=vira)))
    out = []
    for card in deck:
        if out and v.compare(card, out[-1][0], vira=vira) == 0:
            out[-1].append(card)
        else:
            out.append([card])
    return [{str(c) for c in level} for level in out]


def rank_levels(ranks, suits, specials=(), remove=()):
    """Expected levels: each special alone, then one level per rank over ``suits``."""
    used = set(specials) | set(remove)
    table = [{s} for s in specials]
    for rank in ranks:
        if isinstance(rank, tuple):
            table.append(set(rank))
            continue
        level = {rank + s for s in suits} - used
        if level:
            table.append(level)
    return table


BRAZIL_ORDER = ("3", "2", "A", "K", "J", "Q", "7", "6", "5", "4")
SPANISH_AFTER_BRAVAS = ("3", "2", ("1o", "1c"), "12", "11", "10", ("7c", "7b"), "6", "5", "4")
BRAVAS = ("1e", "1b", "7e", "7o")


def beats(v, a, b, vira=None):
    return v.compare(a, b, vira=vira) > 0


# --- Mineiro --------------------------------------------------------------------------------

def test_mineiro_manilhas_are_fixed_zap_copas_espadilha_pica_fumo():
    v = truco.variant("mineiro")
    assert [str(c) for c in v.manilhas()] == ["4c", "7h", "As", "7d"]
    assert beats(v, "4c", "7h") and beats(v, "7h", "As") and beats(v, "As", "7d")


def test_mineiro_manilhas_beat_every_common_card():
    v = truco.variant("mineiro")
    manilhas = {str(c) for c in v.manilhas()}
    for m in manilhas:
        for card in v.deck:
            if str(card) not in manilhas:
                assert beats(v, m, card), (m, str(card))


def test_mineiro_commons_rank_3_2_A_K_J_Q_7_6_5_4_suit_irrelevant():
    v = truco.variant("mineiro")
    expected = rank_levels(BRAZIL_ORDER, "chsd", specials=("4c", "7h", "As", "7d"))
    assert levels(v) == expected
    assert len(expected) == 14


def test_mineiro_jack_beats_queen():
    v = truco.variant("mineiro")
    assert beats(v, "Jd", "Qc") and beats(v, "Kh", "Jc")


def test_mineiro_two_commons_of_the_same_rank_tie():
    v = truco.variant("mineiro")
    for a, b in [("3c", "3h"), ("Kc", "Kd"), ("7c", "7s"), ("4h", "4d"), ("Ac", "Ad")]:
        assert v.compare(a, b) == 0 and v.compare(b, a) == 0


def test_mineiro_manilha_cards_leave_their_common_rank():
    v = truco.variant("mineiro")
    assert beats(v, "4c", "3s") and beats(v, "5c", "4h")  # 4c is Zap, 4h the lowest common
    assert beats(v, "7h", "3s") and beats(v, "6c", "5d") and beats(v, "7c", "6c")
    assert beats(v, "As", "3c") and v.compare("Ac", "Ah") == 0 and beats(v, "2c", "Ac")


def test_mineiro_vira_is_not_needed():
    v = truco.variant("mineiro")
    assert v.compare("4c", "7h") > 0


# --- Paulista -------------------------------------------------------------------------------

CYCLE = ("4", "5", "6", "7", "Q", "J", "K", "A", "2", "3")


@pytest.mark.parametrize("vira_rank", CYCLE)
def test_paulista_manilhas_are_the_rank_just_above_the_vira(vira_rank):
    v = truco.variant("paulista")
    manilha = CYCLE[(CYCLE.index(vira_rank) + 1) % len(CYCLE)]
    vira = vira_rank + "d"
    assert [str(c) for c in v.manilhas(vira=vira)] == [manilha + s for s in "chsd"]


def test_paulista_vira_of_3_makes_4s_manilhas():
    v = truco.variant("paulista")
    assert [str(c) for c in v.manilhas(vira="3s")] == ["4c", "4h", "4s", "4d"]
    assert beats(v, "4d", "3c", vira="3s")
    assert beats(v, "4d", "2c", vira="3s")


def test_paulista_cycle_runs_7_Q_J_K_A():
    v = truco.variant("paulista")
    assert {c.code[:-1] for c in v.manilhas(vira="7c")} == {"Q"}
    assert {c.code[:-1] for c in v.manilhas(vira="Qc")} == {"J"}
    assert {c.code[:-1] for c in v.manilhas(vira="Jc")} == {"K"}
    assert {c.code[:-1] for c in v.manilhas(vira="Kc")} == {"A"}


@pytest.mark.parametrize("vira", ["3s", "6h", "Kc", "Ad"])
def test_paulista_manilha_suits_rank_clubs_hearts_spades_diamonds(vira):
    v = truco.variant("paulista")
    zap, copas, espadilha, pica_fumo = v.manilhas(vira=vira)
    assert (zap.suit, copas.suit, espadilha.suit, pica_fumo.suit) == ("c", "h", "s", "d")
    assert beats(v, zap, copas, vira) and beats(v, copas, espadilha, vira)
    assert beats(v, espadilha, pica_fumo, vira)
    for card in v.deck:
        if card not in (zap, copas, espadilha, pica_fumo):
            assert beats(v, pica_fumo, card, vira), str(card)


@pytest.mark.parametrize("vira", ["3s", "4c", "6h", "Qd", "Jh", "Kc", "Ad", "2s"])
def test_paulista_manilha_rank_leaves_the_common_order(vira):
    v = truco.variant("paulista")
    manilha = CYCLE[(CYCLE.index(vira[:-1]) + 1) % len(CYCLE)]
    specials = tuple(manilha + s for s in "chsd")
    expected = rank_levels([r for r in BRAZIL_ORDER if r != manilha], "chsd", specials=specials)
    assert levels(v, vira=vira) == expected
    assert len(expected) == 13


def test_paulista_commons_are_as_mineiro():
    v = truco.variant("paulista")
    assert beats(v, "Jc", "Qd", vira="4c") and beats(v, "Kc", "Jd", vira="4c")
    assert beats(v, "3c", "2d", vira="4c") and beats(v, "Ac", "Kd", vira="4c")
    assert v.compare("6c", "6h", vira="4c") == 0


def test_paulista_4c_is_common_without_a_vira_of_3():
    v = truco.variant("paulista")
    assert beats(v, "3d", "4c", vira="Kh")
    assert v.compare("4c", "4d", vira="Kh") == 0


def test_paulista_ranking_needs_the_vira():
    with pytest.raises(ValueError):
        truco.variant("paulista").compare("4c", "3d")


# --- Argentino and Plato --------------------------------------------------------------------

@pytest.mark.parametrize("name", ["argentino", "plato"])
def test_cartas_bravas_rank_1e_1b_7e_7o(name):
    v = truco.variant(name)
    assert [str(c) for c in v.manilhas()] == list(BRAVAS)
    assert beats(v, "1e", "1b") and beats(v, "1b", "7e") and beats(v, "7e", "7o")
    for brava in BRAVAS:
        for card in v.deck:
            if str(card) not in BRAVAS:
                assert beats(v, brava, card)


def test_argentino_ranking_has_14_levels():
    v = truco.variant("argentino")
    expected = rank_levels(SPANISH_AFTER_BRAVAS, "eboc", specials=BRAVAS)
    assert levels(v) == expected
    assert len(expected) == 14


def test_argentino_false_aces_tie_and_rank_below_2s_above_12s():
    v = truco.variant("argentino")
    assert v.compare("1o", "1c") == 0
    assert beats(v, "2c", "1o") and beats(v, "1c", "12e")


def test_argentino_false_sevens_tie_and_rank_below_10s_above_6s():
    v = truco.variant("argentino")
    assert v.compare("7c", "7b") == 0
    assert beats(v, "10o", "7c") and beats(v, "7b", "6e")


def test_argentino_figures_rank_rey_caballo_sota():
    v = truco.variant("argentino")
    assert beats(v, "12b", "11e") and beats(v, "11c", "10o")


def test_argentino_suits_irrelevant_for_commons():
    v = truco.variant("argentino")
    assert v.compare("3e", "3o") == 0 and v.compare("4e", "4c") == 0


def test_plato_ranking_bravas_then_3_2_1_12_11_10_7_6_5_4():
    v = truco.variant("plato")
    assert levels(v) == rank_levels(SPANISH_AFTER_BRAVAS, "eboc", specials=BRAVAS)


def test_plato_special_cards_are_the_argentine_cartas_bravas():
    assert truco.variant("plato").manilhas() == truco.variant("argentino").manilhas()


# --- Truc -----------------------------------------------------------------------------------

def test_truc_french_ranking_7_8_A_K_Q_J_10_9_suit_irrelevant():
    v = truco.variant("truc")
    assert levels(v) == rank_levels(("7", "8", "A", "K", "Q", "J", "10", "9"), "chsd")
    assert v.manilhas() == ()


def test_truc_any_queen_beats_any_jack():
    v = truco.variant("truc")
    for q, j in itertools.product("chsd", repeat=2):
        assert beats(v, "Q" + q, "J" + j)


def test_truc_sackson_ranking_ace_replaces_the_8():
    v = truco.variant("truc-sackson")
    assert levels(v) == rank_levels(("7", "A", "K", "Q", "J", "10", "9", "8"), "chsd")
    assert beats(v, "Ac", "8d") and not beats(truco.variant("truc"), "Ac", "8d")


def test_truc_catalan_ranking_3_2_1_12_11_10_7_6_5_4():
    v = truco.variant("truc-catalan")
    assert levels(v) == rank_levels(("3", "2", "1", "12", "11", "10", "7", "6", "5", "4"), "eboc")
    assert v.compare("1e", "1o") == 0 and v.compare("7e", "7c") == 0
    assert v.manilhas() == ()


# --- every variant --------------------------------------------------------------------------

@pytest.mark.parametrize("name", VARIANTS)
def test_compare_is_antisymmetric_and_a_card_ties_itself(name):
    v = truco.variant(name)
    vira = "3s" if name == "paulista" else None
    for a in v.deck:
        assert v.compare(a, a, vira=vira) == 0
        for b in v.deck:
            ab, ba = v.compare(a, b, vira=vira), v.compare(b, a, vira=vira)
            assert (ab > 0) == (ba < 0) and (ab == 0) == (ba == 0)


@pytest.mark.parametrize("name", VARIANTS)
def test_compare_accepts_codes_and_cards(name):
    v = truco.variant(name)
    vira = "3s" if name == "paulista" else None
    a, b = v.deck[0], v.deck[-1]
    assert v.compare(a, b, vira=vira) == v.compare(str(a), str(b), vira=vira)
