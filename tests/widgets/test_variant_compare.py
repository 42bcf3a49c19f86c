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
    assert "4 of clubs (Zap) beats 3 of spades" in c.message
    assert "3 of spades beats 4 of clubs" in c.message


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
