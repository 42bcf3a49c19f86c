"""The numbers lesson's odds (truco.odds): exact, and equal to a brute-force count over every
deal, with rules written out here independently where that is short."""
import itertools
from collections import Counter
from fractions import Fraction

import pytest

import truco
from truco import odds


def hands(deck):
    return itertools.combinations(deck, 3)


@pytest.mark.parametrize("name", ["mineiro", "paulista", "argentino", "truc"])
def test_manilha_odds_count_every_deal(name):
    v = truco.variant(name)
    counts, deals = Counter(), 0
    for vira in (v.deck if v.uses_vira else [None]):
        special = set(v.manilhas(vira))
        rest = [c for c in v.deck if c != vira]
        for hand in hands(rest):
            counts[sum(c in special for c in hand)] += 1
            deals += 1
    expected = {k: Fraction(n, deals) for k, n in sorted(counts.items())}
    assert odds.manilha_count_distribution(name) == expected
    assert odds.manilha_chance(name) == 1 - expected[0]


def test_manilha_odds_in_words():
    # Mineiro: 4 fixed manilhas among 40 cards; Paulista: 4 among the 39 left beside the vira
    assert odds.manilha_chance("mineiro") == 1 - Fraction(36 * 35 * 34, 40 * 39 * 38)
    assert odds.manilha_chance("paulista") == 1 - Fraction(35 * 34 * 33, 39 * 38 * 37)
    assert odds.manilha_chance("truc") == 0


def my_envido(hand):
    """Envido written out from the rules digest: two of a suit = values + 20 (figures 0),
    else the highest single value."""
    value = [c.rank if c.rank <= 7 else 0 for c in hand]
    best = max(value)
    for i, j in itertools.combinations(range(3), 2):
        if hand[i].suit == hand[j].suit:
            best = max(best, 20 + value[i] + value[j])
    return best


def test_envido_distribution_counts_every_hand():
    v = truco.variant("argentino")
    counts = Counter(my_envido(h) for h in hands(v.deck))
    total = sum(counts.values())
    assert total == 9880
    dist = odds.envido_distribution("argentino")
    assert dist == {k: Fraction(n, total) for k, n in counts.items()}
    assert sum(dist.values()) == 1 and max(dist) == 33 and min(dist) == 0
    assert odds.envido_at_least(30) == sum(p for e, p in dist.items() if e >= 30)


@pytest.mark.parametrize("muestra", ["3o", "4e", "12c"])
def test_envido_and_flor_with_a_muestra_count_every_hand(muestra):
    v = truco.variant("uruguayo")
    m = v.card(muestra)
    counts, flors, total = Counter(), 0, 0
    for hand in hands([c for c in v.deck if c != m]):
        counts[truco.envido(hand, muestra)] += 1
        flors += truco.flor(hand, muestra) is not None
        total += 1
    assert odds.envido_distribution("uruguayo", muestra) == {
        k: Fraction(n, total) for k, n in counts.items()}
    assert odds.flor_chance("uruguayo", muestra) == Fraction(flors, total)


def test_flor_chance_counts_every_hand():
    v = truco.variant("argentino")
    same_suit = sum(1 for h in hands(v.deck) if len({c.suit for c in h}) == 1)
    assert same_suit == 4 * 120
    assert odds.flor_chance("argentino") == Fraction(same_suit, 9880)


@pytest.mark.parametrize("name", ["mineiro", "paulista", "argentino", "truc"])
def test_first_card_wins_counts_every_trick(name):
    v = truco.variant(name)
    for players in (2, 4):
        won = deals = 0
        for vira in (v.deck if v.uses_vira else [None]):
            strength = v.ranking(vira).strength
            rest = [c for c in v.deck if c != vira]
            if players == 2:
                for a, b in itertools.permutations(rest, 2):
                    deals += 1
                    won += strength[a.id] > strength[b.id]
            elif vira is None:
                # every first card against every set of three others (order does not matter)
                for a in rest:
                    for others in itertools.combinations([c for c in rest if c != a], 3):
                        deals += 1
                        won += all(strength[a.id] > strength[o.id] for o in others)
        if players == 2 or not v.uses_vira:
            assert odds.first_card_wins(name, players) == Fraction(won, deals), players


def test_lead_card_table_counts_every_answer():
    v = truco.variant("mineiro")
    strength = v.ranking().strength
    table = odds.lead_card_table("mineiro")
    assert [codes for codes, _w, _t in table][:4] == [("4c",), ("7h",), ("As",), ("7d",)]
    for codes, win, tie in table:
        lead = v.card(codes[0])
        others = [c for c in v.deck if c != lead]
        w = t = n = 0
        for answer in hands(others):
            n += 1
            best = max(strength[c.id] for c in answer)
            w += best < strength[lead.id]
            t += best == strength[lead.id]
        assert (win, tie) == (Fraction(w, n), Fraction(t, n)), codes


def test_paulista_lead_table_needs_the_vira():
    with pytest.raises(ValueError):
        odds.lead_card_table("paulista")
    table = odds.lead_card_table("paulista", vira="3s")
    assert table[0][0] == ("4c",) and table[0][1] == 1


def test_uruguayo_odds_average_every_muestra():
    v = truco.variant("uruguayo")
    per = [odds.flor_chance("uruguayo", c.code) for c in v.deck]
    assert odds.flor_chance("uruguayo") == sum(per) / len(per)
    dist = odds.envido_distribution("uruguayo")
    assert sum(dist.values()) == 1
    each = [odds.envido_distribution("uruguayo", c.code) for c in v.deck]
    assert dist[37] == sum(d.get(37, 0) for d in each) / len(each)
    assert odds.flor_chance("uruguayo") > odds.flor_chance("argentino")
