"""Matches of several games, and the score said as malas and buenas."""
import random

import pytest

import truco


def play_out(m, seed=0):
    rng = random.Random(seed)
    while not m.is_over:
        m.apply(rng.choice(m.legal_actions()))
    return m


@pytest.mark.parametrize("name", ["truc", "truc-sackson", "argentino"])
def test_match_is_two_games_out_of_three(name):
    m = play_out(truco.Match(name, seed=3))
    assert sorted(m.games_won) in ([0, 2], [1, 2])
    assert 2 <= len(m.games) <= 3
    assert m.winner == m.games_won.index(2)
    assert [g.winner for g in m.games].count(m.winner) == 2


def test_single_game_match_for_brazilian_variants():
    m = play_out(truco.Match("mineiro", seed=1))
    assert len(m.games) == 1 and m.winner == m.games[0].winner


def test_each_game_of_a_match_starts_at_zero_and_the_deal_moves_on():
    m = play_out(truco.Match("truc", seed=5))
    for before, after in zip(m.games, m.games[1:]):
        assert after.hand_notations[0].split()[3] == "score=0-0"
        assert after.hand_notations[0].split()[2] == f"dealer={(before.dealer + 1) % 2}"


def test_match_is_reproducible_with_a_seed():
    a = play_out(truco.Match("truc", seed=9), seed=2)
    b = play_out(truco.Match("truc", seed=9), seed=2)
    assert [g.hand_notations for g in a.games] == [g.hand_notations for g in b.games]


def test_match_refuses_actions_once_over():
    m = play_out(truco.Match("plato", seed=2))
    assert m.legal_actions() == () and m.current_player is None
    with pytest.raises(truco.IllegalAction):
        m.apply("fold")


def test_argentino_score_said_as_malas_then_buenas():
    v = truco.variant("argentino")
    assert truco.score_text(v, 0) == "0 malas"
    assert truco.score_text(v, 14) == "14 malas"
    assert truco.score_text(v, 1) == "1 mala"  # one point is said in the singular
    assert truco.score_text(v, 15) == "15 malas"  # the malas are points 1 to 15: none is "0 buenas"
    assert truco.score_text(v, 16) == "1 buena"
    assert truco.score_text(v, 29) == "14 buenas"
    # A game to 15 is not split in halves of 7 and 8: its score is said as a number.
    assert truco.score_text(truco.variant("argentino", target=15), 9) == "9"
    # Uruguay counts malas and buenas too, also in its 20- and 40-point games.
    assert truco.score_text("uruguayo", 18) == "3 buenas"
    assert truco.score_text(truco.variant("uruguayo", target=40), 21) == "1 buena"
