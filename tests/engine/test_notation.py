"""The compact hand notation: format, round trips, replays and errors."""
import random

import pytest

import truco

G = truco.Game
VARIANTS = ("mineiro", "paulista", "argentino", "truc", "truc-sackson", "truc-catalan", "plato")
PLAYERS = {"mineiro": (2, 4), "paulista": (2, 4), "argentino": (2, 4, 6), "truc": (2, 4),
           "truc-sackson": (2, 4), "truc-catalan": (2, 4), "plato": (2, 4)}


def core(g):
    return [a for a in g.legal_actions()
            if str(a).startswith("play ") or str(a) in ("raise", "accept", "refuse", "fold")]


def test_notation_format_of_the_issue_example():
    g = G.from_deal("paulista", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], vira="3s")
    for a in ["play 4c", "raise", "accept", "play 2s"]:
        g.apply(a)
    assert g.notation() == ("paulista 2p dealer=1 score=0-0 vira=3s "
                            "hands=4c,7h,As/3d,2s,Kc : 4c raise accept 2s")


def test_notation_of_a_fresh_deal_has_no_actions():
    g = G.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], dealer=0,
                    score=(4, 2))
    assert g.notation() == "mineiro 2p dealer=0 score=4-2 hands=4c,7h,As/3d,2s,Kc"
    assert truco.from_notation(g.notation()).notation() == g.notation()


def test_notation_records_options():
    v = truco.variant("mineiro", all_tie="nobody")
    g = G.from_deal(v, hands=[["3c", "Kc", "5c"], ["3h", "Ks", "5h"]])
    text = g.notation()
    assert text.startswith("mineiro[all_tie=nobody] 2p")
    again = truco.from_notation(text)
    assert again.variant.all_tie == "nobody"
    assert again.notation() == text


def test_notation_round_trips_plato_target_option():
    g = G.from_deal(truco.variant("plato", target=30), hands=[["1e", "7o", "3c"],
                                                              ["1b", "2e", "4c"]])
    g.apply("play 1e")
    again = truco.from_notation(g.notation())
    assert again.variant.target == 30 and again.notation() == g.notation()


def test_from_notation_replays_to_an_equal_game():
    g = G.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], seed=8)
    for a in ["raise", "accept", "play 4c", "play 3d"]:
        g.apply(a)
    again = truco.from_notation(g.notation(), seed=8)
    assert again == g
    assert again.hand_value == 4 and again.tricks == (0,) and again.current_player == 0


def test_from_notation_4p_round_trip():
    hands = [["4c", "7h", "As"], ["3d", "2s", "Kc"], ["5c", "5h", "6s"], ["Qd", "Jd", "Kd"]]
    g = G.from_deal("mineiro", hands=hands, dealer=3)
    for card in ["4c", "3d", "5c", "Qd"]:
        g.apply("play " + card)
    text = g.notation()
    assert "4p" in text and "hands=4c,7h,As/3d,2s,Kc/5c,5h,6s/Qd,Jd,Kd" in text
    assert truco.from_notation(text).notation() == text


def test_hand_notations_lists_every_hand_oldest_first():
    g = G.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], seed=1)
    g.apply("fold")
    g.apply("fold")
    notes = g.hand_notations
    assert len(notes) == 3
    assert notes[0] == "mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc : fold"
    assert " dealer=0 score=0-2 " in notes[1] and notes[1].endswith(": fold")
    assert notes[-1] == g.notation()


@pytest.mark.parametrize("name,n", [(name, n) for name in VARIANTS for n in PLAYERS[name]])
def test_every_hand_of_a_random_game_round_trips(name, n):
    rng = random.Random(f"{name}{n}")
    g = G(name, players=n, seed=rng.randrange(10**6))
    while not g.is_over:
        g.apply(rng.choice(core(g) or g.legal_actions()))
    notes = g.hand_notations
    for text in notes:
        again = truco.from_notation(text)
        assert again.hand_notations[0] == text


def test_replaying_each_hand_reproduces_the_score_of_the_next():
    rng = random.Random(5)
    g = G("paulista", seed=5)
    while not g.is_over:
        g.apply(rng.choice(core(g)))
    notes = g.hand_notations
    for text, following in zip(notes, notes[1:]):
        again = truco.from_notation(text)
        score = following.split(" score=")[1].split()[0]
        assert "%d-%d" % again.score == score
    last = truco.from_notation(notes[-1])
    assert last.is_over and last.score == g.score and last.winner == g.winner


@pytest.mark.parametrize("text", [
    "",
    "mineiro",
    "mineiro 2p dealer=1 hands=4c,7h,As/3d,2s,Kc",                    # no score
    "mineiro 2p dealer=1 score=0-0",                                  # no hands
    "mineiro 2p dealer=x score=0-0 hands=4c,7h,As/3d,2s,Kc",
    "mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kx",
    "mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/4c,2s,Kc",
    "chinchon 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc",
    "mineiro[colour=blue] 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc",
    "paulista 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc",          # no vira
])
def test_malformed_notation_raises_value_error(text):
    with pytest.raises(ValueError):
        truco.from_notation(text)


def test_illegal_action_in_a_notation_names_it():
    text = "mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc : 4c 7h"
    with pytest.raises(truco.IllegalAction) as info:
        truco.from_notation(text)
    assert "2" in str(info.value) and "7h" in str(info.value)
    assert info.value.reason == "not_your_card"


def test_unknown_word_in_a_notation_is_illegal():
    with pytest.raises(truco.IllegalAction):
        truco.from_notation("mineiro 2p dealer=1 score=0-0 hands=4c,7h,As/3d,2s,Kc : dance")
