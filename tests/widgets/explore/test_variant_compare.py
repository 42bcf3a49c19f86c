"""VariantCompare: one deal judged by two variants of the same deck."""
import pytest

import truco
from tutor_clicks import assert_built, click_button, click_card
from widgets import VariantCompare


def test_builds_with_the_promised_classes():
    assert_built(VariantCompare(seed=1))


def test_default_other_judges_the_deal_differently():
    c = VariantCompare("mineiro", seed=1)
    assert c.other.name == "paulista" and any(c.differs)
    assert c.vira is not None  # Paulista needs one
    for name, vira in (("mineiro", None), ("paulista", c.vira)):
        v = truco.variant(name)
        expected = [v.trick_verdict([(0, a), (1, b)], vira) for a, b in zip(*c.hands)]
        assert [x.winner for x in c.verdicts[name]] == [x.winner for x in expected]
        assert [x.explain() for x in c.verdicts[name]] == [x.explain() for x in expected]
    assert "different winner" in c.table.value and "tutor-differ" in c.table.value


def test_the_four_of_clubs_example():
    c = VariantCompare("mineiro", other="paulista", seed=2)
    c.set_deal([["4c", "3h", "2d"], ["3s", "Kc", "4h"]], vira="7s")
    assert c.differs[0] is True
    assert c.verdicts["mineiro"][0].winner == 0 and c.verdicts["paulista"][0].winner == 1
    table = c.table.value.replace("&#x27;", "'")
    assert "4 of clubs (Zap) beats 3 of spades" in table
    assert "3 of spades beats 4 of clubs" in table


def test_other_must_share_the_deck():
    with pytest.raises(ValueError):
        VariantCompare("mineiro", other="argentino")
    c = VariantCompare("argentino", other="truc-catalan", seed=3)
    assert c.vira is None
    assert c.set_other("paulista") is False and c.other.name == "truc-catalan"
    assert "another deck" in c.message
    c.other_picker.set_state({"index": [n for _t, n in c.other_picker.options].index("plato")})
    assert c.other.name == "plato"


def test_select_compares_a_card_in_both_variants():
    c = VariantCompare("mineiro", other="paulista", seed=4)
    c.set_deal([["4c", "3h", "2d"], ["3s", "Kc", "4h"]], vira="7s")
    click_card(c.row, "4c")
    assert "In Truco Mineiro: 4 of clubs (Zap), level 1 of 14 (manilha)." in c.message
    assert "In Truco Paulista: 4 of clubs, level" in c.message
    assert c.select("7s") is False and c.tone == "error"  # the vira is not on offer
    assert c.select(None) is False


def test_deals_are_seeded_and_next_deals_again():
    a, b = VariantCompare("truc", seed=5), VariantCompare("truc", seed=5)
    assert a.hands == b.hands and a.other.name == "truc-sackson"
    first = a.hands
    click_button(a.deal_button)
    assert a.hands != first
    a.next()
    assert len({c for h in a.hands for c in h}) == 6


def test_hand_results_per_variant():
    c = VariantCompare("argentino", other="plato", seed=6)
    for name in ("argentino", "plato"):
        verdict, k = c.hand_verdicts[name]
        assert 2 <= k <= 3 and verdict.explain() in c.table.value.replace("&#x27;", "'")


# --- issue 20: every compatible variant, each explanation once, stop at the deciding trick ------
def test_a_mineiro_learner_may_compare_with_every_variant_whose_deck_fits():
    c = VariantCompare("mineiro", seed=1)
    offered = [name for _title, name in c.other_picker.options]
    assert offered[0] == "paulista"  # the very same deck first
    assert {"paulista", "truc", "truc-sackson"} <= set(offered)
    assert not {"argentino", "uruguayo", "truc-catalan", "plato"} & set(offered)
    # ... and is told why the Spanish-deck variants are not offered
    note = c.note.value.replace("&#x27;", "'")
    assert "Truco Argentino, Truc (Catalan), Truco (Plato app), and Truco Uruguayo, with 40 " \
        "Spanish cards." in note
    assert "no deal of Truco Mineiro fits their cards" in note


def test_the_first_variant_can_be_changed_too_argentino_against_catalan_truc():
    c = VariantCompare("mineiro", seed=1)
    assert {n for _t, n in c.variant_picker.options} == set(truco.VARIANT_NAMES)
    c.variant_picker.set_state({"index": [n for _t, n in c.variant_picker.options]
                                .index("argentino")})
    assert c.variant.name == "argentino"
    assert "truc-catalan" in [n for _t, n in c.other_picker.options]
    assert c.set_other("truc-catalan") is True
    assert (c.variant.name, c.other.name) == ("argentino", "truc-catalan")
    assert all(card.code in {x.code for x in c.variant.deck} for h in c.hands for card in h)


def test_two_decks_of_one_kind_deal_from_the_cards_they_share():
    c = VariantCompare("mineiro", other="truc", seed=7)
    truc_deck, mineiro_deck = set(truco.variant("truc").deck), set(truco.variant("mineiro").deck)
    for _i in range(5):
        dealt = {card for hand in c.hands for card in hand}
        assert dealt <= truc_deck & mineiro_deck
        c.deal()
    assert "share 20 cards" in c.note.value
    c.set_deal([["7h", "As", "Kd"], ["Ac", "7c", "Jd"]])
    for name in ("mineiro", "truc"):
        v = truco.variant(name)
        expected = [v.trick_verdict([(0, a), (1, b)]) for a, b in zip(*c.hands)]
        assert [x.winner for x in c.verdicts[name]] == [x.winner for x in expected]


def test_each_tricks_explanation_is_shown_once():
    from feedback_text import feedback_lines
    c = VariantCompare("mineiro", other="paulista", seed=2)
    c.set_deal([["4c", "Kh", "2d"], ["3s", "2c", "5d"]], vira="7s")
    from html import unescape
    shown = " ".join(feedback_lines(c)) + unescape(c.table.value)
    for name, verdicts in c.verdicts.items():
        for i, verdict in enumerate(verdicts[:c.played[name]]):
            assert shown.count(verdict.explain()) == 1, (name, i)


def test_the_columns_stop_at_the_trick_that_decides_the_hand():
    c = VariantCompare("mineiro", other="paulista", seed=2)
    # Both rules: team A wins tricks 1 and 2, so trick 3 is never played.
    c.set_deal([["3h", "2d", "4c"], ["Kc", "Ks", "5d"]], vira="7s")
    assert c.played == {"mineiro": 2, "paulista": 2}
    assert c.table.value.count("<tr") == 3  # the head and two tricks
    assert "5 of diamonds" not in c.table.value.split("</table>")[1]
    assert c.row.items[2]["label"].endswith("team A, not played")
    # Paulista (manilhas: the queens) is decided after trick 2, Mineiro needs trick 3.
    c.set_deal([["4c", "Kh", "2d"], ["3s", "2c", "5d"]], vira="7s")
    assert c.played == {"mineiro": 3, "paulista": 2}
    assert c.table.value.count("<tr") == 4
    assert "Not played: the hand was decided at trick 2." in c.table.value
    assert c.differs == [True, False, False]  # trick 3 is judged under one rule only
    assert c.message.startswith("1 of the 2 tricks played under both rules has")


def test_every_line_reads_as_sentences():
    from feedback_text import assert_sentences, feedback_lines, html_lines
    for name in ("mineiro", "argentino", "truc", "uruguayo"):
        c = VariantCompare(name, seed=3)
        for _i in range(3):
            assert_sentences(feedback_lines(c))
            assert_sentences([x for x in html_lines(c.table.value) if not x[:1].isdigit()])
            click_card(c.row, c.hands[0][0].code)
            assert_sentences(feedback_lines(c))
            c.deal()


def test_errors_read_as_sentences_and_name_variants_by_title():
    c = VariantCompare("mineiro", seed=1)
    c.set_other("mineiro")
    assert c.message == "Compare Truco Mineiro with another variant."
    c.set_other("argentino")
    assert c.tone == "error" and c.message.endswith("Truc (Sackson).")
    assert "paulista" not in c.message  # titles, not the engine's names
    c.set_variant("chinchon")
    assert c.message.startswith("Unknown variant") and c.variant.name == "mineiro"
    assert c.variant_picker.value == "mineiro"
