"""Hands: each variant's tie rules (pure ``hand_winner``) and early ends in a game."""
import pytest

import truco

G = truco.Game
A, B, T = 0, 1, None  # team A, team B, tied trick


def hw(name, tricks, mano=0, dealer=1, **options):
    return truco.variant(name, **options).hand_winner(tricks, mano=mano, dealer=dealer)


BRAZIL = ["mineiro", "paulista"]
ALL = ["mineiro", "paulista", "argentino", "truc", "truc-sackson", "truc-catalan", "plato"]


# --- common ground --------------------------------------------------------------------------

@pytest.mark.parametrize("name", ALL)
def test_side_winning_more_tricks_wins_the_hand(name):
    assert hw(name, [A, A]) == A
    assert hw(name, [B, B]) == B
    assert hw(name, [A, B, A]) == A
    assert hw(name, [B, A, B]) == B


@pytest.mark.parametrize("name", ALL)
def test_hand_not_decided_yet_raises_undecided(name):
    for tricks in ([], [A], [T], [A, B], [B, A], [T, T]):
        with pytest.raises(truco.Undecided):
            hw(name, tricks)
    assert issubclass(truco.Undecided, ValueError)


@pytest.mark.parametrize("name", ALL)
def test_trick_after_a_decided_hand_is_rejected(name):
    with pytest.raises(ValueError):
        hw(name, [A, A, B])
    with pytest.raises(ValueError):
        hw(name, [A, T, B])


# --- Mineiro (and Paulista: "ties as Mineiro") -------------------------------------------------

@pytest.mark.parametrize("name", BRAZIL)
def test_brazil_first_trick_tied_whoever_wins_trick_2_wins(name):
    assert hw(name, [T, A]) == A
    assert hw(name, [T, B]) == B


@pytest.mark.parametrize("name", BRAZIL)
def test_brazil_first_and_second_tied_trick_3_decides(name):
    assert hw(name, [T, T, A]) == A
    assert hw(name, [T, T, B]) == B


@pytest.mark.parametrize("name", BRAZIL)
def test_brazil_second_trick_tied_winner_of_trick_1_wins(name):
    assert hw(name, [A, T]) == A
    assert hw(name, [B, T]) == B


@pytest.mark.parametrize("name", BRAZIL)
def test_brazil_third_trick_tied_winner_of_trick_1_wins(name):
    assert hw(name, [A, B, T]) == A
    assert hw(name, [B, A, T]) == B


def test_mineiro_all_three_tied_dealer_pair_wins():
    assert hw("mineiro", [T, T, T], mano=0, dealer=1) == B
    assert hw("mineiro", [T, T, T], mano=1, dealer=0) == A


def test_mineiro_all_tie_option_nobody_scores():
    assert hw("mineiro", [T, T, T], mano=0, dealer=1, all_tie="nobody") is None
    assert truco.variant("mineiro").all_tie == "dealer"  # the source's rule is the default


def test_paulista_all_three_tied_nobody_scores():
    assert hw("paulista", [T, T, T], mano=0, dealer=1) is None
    assert hw("paulista", [T, T, T], mano=1, dealer=0) is None


def test_paulista_all_tie_option_mano_side_wins():
    assert hw("paulista", [T, T, T], mano=0, dealer=1, all_tie="mano") == A
    assert hw("paulista", [T, T, T], mano=1, dealer=0, all_tie="mano") == B


# --- Argentino ------------------------------------------------------------------------------

def test_argentino_first_parda_winner_of_trick_2_wins():
    assert hw("argentino", [T, A]) == A
    assert hw("argentino", [T, B]) == B


def test_argentino_two_pardas_trick_3_decides():
    assert hw("argentino", [T, T, B]) == B
    assert hw("argentino", [T, T, A]) == A


def test_argentino_three_pardas_mano_side_wins():
    assert hw("argentino", [T, T, T], mano=0, dealer=1) == A
    assert hw("argentino", [T, T, T], mano=1, dealer=0) == B


def test_argentino_parda_in_trick_2_after_a_win_winner_of_trick_1_wins():
    assert hw("argentino", [A, T]) == A
    assert hw("argentino", [B, T]) == B


def test_argentino_parda_in_trick_3_winner_of_trick_1_wins():
    assert hw("argentino", [A, B, T]) == A
    assert hw("argentino", [B, A, T]) == B


def test_argentino_winning_tricks_1_and_2_has_won():
    assert hw("argentino", [A, A]) == A


# --- Truc -----------------------------------------------------------------------------------

TRUCS = ["truc", "truc-sackson", "truc-catalan"]


@pytest.mark.parametrize("name", TRUCS)
def test_truc_two_tricks_win_the_hand(name):
    assert hw(name, [A, A]) == A
    assert hw(name, [B, A, B]) == B


@pytest.mark.parametrize("name", TRUCS)
def test_truc_spoiled_trick_counts_for_the_winner_of_the_first_trick(name):
    assert hw(name, [A, T]) == A
    assert hw(name, [B, T]) == B


@pytest.mark.parametrize("name", TRUCS)
def test_truc_first_trick_wins_when_each_side_has_one_and_third_spoiled(name):
    assert hw(name, [A, B, T]) == A
    assert hw(name, [B, A, T]) == B


@pytest.mark.parametrize("name", TRUCS)
def test_truc_all_three_spoiled_nobody_scores(name):
    assert hw(name, [T, T, T], mano=0, dealer=1) is None
    assert hw(name, [T, T, T], mano=1, dealer=0) is None


# --- Plato ----------------------------------------------------------------------------------

def test_plato_majority_of_tricks_wins_the_hand():
    assert hw("plato", [A, B, B]) == B
    assert hw("plato", [B, B]) == B


# --- in a game: early ends and scoring -------------------------------------------------------

def test_side_that_wins_tricks_1_and_2_wins_and_trick_3_is_not_played(hand_verdict):
    g = G.from_deal("argentino", hands=[["1e", "7o", "4c"], ["1b", "2e", "5c"]], dealer=1)
    for card in ["1e", "1b", "7o", "2e"]:
        g.apply("play " + card)
    assert g.hand_no == 2  # a new hand was dealt: trick 3 was not played
    assert g.score == (1, 0)
    assert hand_verdict(g).winner == A and hand_verdict(g).tricks == (A, A)


def test_mineiro_decided_hand_stops_after_a_tied_second_trick(hand_verdict):
    g = G.from_deal("mineiro", hands=[["2c", "Kc", "5c"], ["3h", "Ks", "6c"]], dealer=1)
    for card in ["2c", "3h", "Ks", "Kc"]:
        g.apply("play " + card)
    assert g.hand_no == 2
    assert g.score == (0, 2)
    assert hand_verdict(g).tricks == (B, T)


def test_winner_of_the_hand_scores_its_current_value():
    g = G.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], dealer=1)
    for action in ["raise", "accept", "play 4c", "play 3d", "play 7h", "play 2s"]:
        g.apply(action)
    assert g.score == (4, 0)


def test_mineiro_all_three_tied_in_a_game_the_dealer_pair_scores(hand_verdict):
    g = G.from_deal("mineiro", hands=[["3c", "Kc", "5c"], ["3h", "Ks", "5h"]], dealer=1)
    for card in ["3c", "3h", "Kc", "Ks", "5c", "5h"]:
        g.apply("play " + card)
    assert g.score == (0, 2)
    assert hand_verdict(g).reason == "all_tied_dealer"


def test_paulista_all_three_tied_in_a_game_nobody_scores():
    g = G.from_deal("paulista", hands=[["3c", "Kc", "6c"], ["3h", "Ks", "6h"]], vira="4c",
                    dealer=1)
    for card in ["3c", "3h", "Kc", "Ks", "6c", "6h"]:
        g.apply("play " + card)
    assert g.score == (0, 0)
    assert g.hand_no == 2 and not g.is_over


def test_hand_verdict_explains_the_tie_rule(hand_verdict):
    g = G.from_deal("mineiro", hands=[["3c", "Kc", "5c"], ["3h", "2s", "6c"]], dealer=1)
    for card in ["3c", "3h", "Kc", "2s"]:
        g.apply("play " + card)
    verdict = hand_verdict(g)
    assert verdict.winner == B and verdict.points == 2
    assert "first trick is tied" in verdict.explain()
