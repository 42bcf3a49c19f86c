"""Tricks for 2, 4 and 6 players, and who leads the next trick after a win or a tie."""
import pytest

import truco

G = truco.Game


def tw(name, plays, vira=None):
    return truco.variant(name).trick_winner(plays, vira=vira)


# --- the pure trick resolution --------------------------------------------------------------

def test_highest_card_wins_the_trick_whoever_plays_first():
    assert tw("mineiro", [(0, "3c"), (1, "2s")]) == 0
    assert tw("mineiro", [(1, "3c"), (0, "2s")]) == 1
    assert tw("mineiro", [(0, "2s"), (1, "3c")]) == 1


def test_manilha_wins_the_trick_over_any_common():
    assert tw("mineiro", [(0, "3s"), (1, "7d")]) == 1
    assert tw("argentino", [(0, "3e"), (1, "7o")]) == 1


def test_suits_do_not_matter_equal_commons_tie_the_trick():
    assert tw("mineiro", [(0, "3c"), (1, "3h")]) is None
    assert tw("argentino", [(0, "1o"), (1, "1c")]) is None
    assert tw("truc", [(0, "7c"), (1, "7h")]) is None


def test_paulista_trick_ranks_with_the_vira():
    plays = [(0, "3c"), (1, "4d")]
    assert tw("paulista", plays, vira="3s") == 1  # 4s are manilhas
    assert tw("paulista", plays, vira="Ks") == 0  # As are manilhas, 4d the lowest common


@pytest.mark.parametrize("name", ["mineiro", "argentino", "truc", "plato"])
def test_4p_partners_sharing_the_top_card_win_the_trick(name):
    top = {"mineiro": ("3c", "3h", "2s", "Kd"), "argentino": ("3e", "3o", "2b", "12c"),
           "truc": ("7c", "7h", "8s", "Ad"), "plato": ("3e", "3o", "2b", "12c")}[name]
    a, b, low1, low2 = top
    assert tw(name, [(0, a), (1, low1), (0, b), (1, low2)]) == 0
    assert tw(name, [(0, low1), (1, a), (0, low2), (1, b)]) == 1


@pytest.mark.parametrize("name", ["mineiro", "argentino", "truc", "plato"])
def test_4p_opponents_sharing_the_top_card_tie_the_trick(name):
    a, b, low1, low2 = {"mineiro": ("3c", "3h", "2s", "Kd"), "argentino": ("3e", "3o", "2b", "12c"),
                        "truc": ("7c", "7h", "8s", "Ad"), "plato": ("3e", "3o", "2b", "12c")}[name]
    assert tw(name, [(0, a), (1, b), (0, low1), (1, low2)]) is None
    assert tw(name, [(0, low1), (1, low2), (0, a), (1, b)]) is None


def test_4p_tie_below_the_top_card_does_not_matter():
    assert tw("mineiro", [(0, "Kc"), (1, "Kh"), (0, "4c"), (1, "3s")]) == 0


def test_6p_argentino_partners_sharing_the_top_card_win():
    plays = [(0, "3e"), (1, "2e"), (0, "4b"), (1, "12o"), (0, "3o"), (1, "5c")]
    assert tw("argentino", plays) == 0


def test_6p_argentino_opponents_sharing_the_top_card_tie():
    plays = [(0, "4e"), (1, "2e"), (0, "4b"), (1, "12o"), (0, "2o"), (1, "5c")]
    assert tw("argentino", plays) is None


def test_6p_argentino_three_top_cards_of_both_teams_tie():
    plays = [(0, "3e"), (1, "3b"), (0, "3o"), (1, "5c"), (0, "6e"), (1, "6o")]
    assert tw("argentino", plays) is None


def test_6p_argentino_brava_wins_over_shared_threes():
    plays = [(0, "3e"), (1, "3b"), (0, "3o"), (1, "7o"), (0, "6e"), (1, "6o")]
    assert tw("argentino", plays) == 1


def test_trick_verdict_explains_manilha_beats_common():
    verdict = truco.variant("mineiro").trick_verdict([(0, "3s"), (1, "7h")])
    assert verdict.winner == 1
    assert verdict.explain() == ("7 of hearts (Copas) beats 3 of spades: "
                                 "manilhas beat every common card.")


def test_partners_sharing_top_card_explanation_names_both_top_cards():
    # 3c (seat 0) and 3s (seat 2) share the top; the explanation must name those two cards,
    # not the opponents' 2h.
    verdict = truco.variant("mineiro").trick_verdict(
        [(0, "3c"), (1, "2h"), (0, "3s"), (1, "Ah")])
    assert verdict.winner == 0
    text = verdict.explain()
    assert "3 of clubs" in text and "3 of spades" in text, text


def test_tied_trick_explanation_uses_the_variant_word():
    assert "(parda)" in truco.variant("argentino").trick_verdict(
        [(0, "3e"), (1, "3o")]).explain()
    assert "(spoiled)" in truco.variant("truc").trick_verdict([(0, "7c"), (1, "7h")]).explain()


# --- order of play and who leads in a game ---------------------------------------------------

def test_play_goes_in_turn_order_from_the_mano():
    g = G.from_deal("mineiro", hands=[["3c", "Kc", "5c"], ["2h", "2s", "6c"],
                                      ["4h", "7s", "5h"], ["Ah", "Kd", "4d"]], dealer=1)
    assert g.current_player == 2  # the seat after the dealer
    seen = []
    for card in ["4h", "Ah", "3c", "2h"]:
        seen.append(g.current_player)
        g.apply("play " + card)
    assert seen == [2, 3, 0, 1]


def test_winner_of_a_trick_leads_the_next_2p():
    g = G.from_deal("mineiro", hands=[["2c", "Kc", "5c"], ["3h", "Qs", "5h"]], dealer=1)
    g.apply("play 2c")
    g.apply("play 3h")
    assert g.tricks == (1,)
    assert g.current_player == 1


def test_winner_of_a_trick_leads_the_next_4p():
    g = G.from_deal("mineiro", hands=[["2c", "Kc", "5c"], ["Qh", "Qs", "6c"],
                                      ["3s", "7s", "5h"], ["Ah", "Kd", "4d"]], dealer=3)
    for card in ["2c", "Qh", "3s", "Ah"]:
        g.apply("play " + card)
    assert g.tricks == (0,)
    assert g.current_player == 2  # played the 3s, not the team's first seat


def test_after_a_tied_trick_its_leader_leads_the_next_2p():
    g = G.from_deal("mineiro", hands=[["3c", "Kc", "5c"], ["3h", "2s", "6c"]], dealer=0)
    assert g.current_player == 1
    g.apply("play 3h")
    g.apply("play 3c")
    assert g.tricks == (None,)
    assert g.current_player == 1


def test_after_a_tied_trick_its_leader_leads_the_next_4p():
    g = G.from_deal("mineiro", hands=[["3c", "Kc", "5c"], ["2h", "2s", "6c"],
                                      ["4h", "7s", "5h"], ["3h", "Kd", "4d"]], dealer=0)
    for card in ["2h", "4h", "3h", "3c"]:  # seat 1 leads; 3h (seat 3) and 3c (seat 0) tie
        g.apply("play " + card)
    assert g.tricks == (None,)
    assert g.current_player == 1


def test_partners_sharing_the_top_card_one_of_them_leads_next():
    g = G.from_deal("mineiro", hands=[["3c", "Kc", "5c"], ["2h", "2s", "6c"],
                                      ["3s", "7s", "5h"], ["Ah", "Kd", "4d"]], dealer=3)
    for card in ["3c", "2h", "3s", "Ah"]:
        g.apply("play " + card)
    assert g.tricks == (0,)
    assert g.current_player in (0, 2)


def test_truc_spoiled_trick_same_player_leads_again():
    g = G.from_deal("truc", hands=[["7c", "8c", "Ac"], ["7h", "9h", "Kh"]], dealer=1)
    assert g.current_player == 0  # the non-dealer leads trick 1
    g.apply("play 7c")
    g.apply("play 7h")
    assert g.tricks == (None,)
    assert g.current_player == 0


def test_truc_spoiled_trick_led_by_the_dealer_side_same_player_leads_again():
    g = G.from_deal("truc", hands=[["7c", "8c", "Ac"], ["7h", "9h", "Kh"]], dealer=0)
    assert g.current_player == 1
    g.apply("play 7h")
    g.apply("play 7c")
    assert g.current_player == 1


def test_argentino_6p_parda_its_leader_leads_the_next():
    hands = [["3e", "1e", "4c"], ["3o", "5c", "6c"], ["4e", "5e", "6e"], ["4o", "5o", "6o"],
             ["4b", "5b", "6b"], ["7c", "7b", "10c"]]
    g = G.from_deal("argentino", hands=hands, dealer=5)
    for card in ["3e", "3o", "4e", "4o", "4b", "7c"]:
        g.apply("play " + card)
    assert g.tricks == (None,)
    assert g.current_player == 0


def test_argentino_6p_winner_leads_the_next():
    hands = [["4e", "1e", "4c"], ["3o", "5c", "6c"], ["2e", "5e", "6e"], ["4o", "5o", "6o"],
             ["4b", "5b", "6b"], ["7c", "7b", "10c"]]
    g = G.from_deal("argentino", hands=hands, dealer=5)
    for card in ["4e", "3o", "2e", "4o", "4b", "7c"]:
        g.apply("play " + card)
    assert g.tricks == (1,)
    assert g.current_player == 1


def test_game_trick_event_has_the_trick_verdict():
    g = G.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], dealer=1)
    g.apply("play 4c")
    g.apply("play 3d")
    event = g.log[-1]
    assert event.kind == "trick"
    assert event.verdict.winner == 0
    assert "4 of clubs (Zap)" in event.verdict.explain()
