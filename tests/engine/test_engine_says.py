"""What the widgets and players need, the engine says (issue 19): winning cards, previews,
the observation's bets and options, the computer-turn loop, the envido stakes."""
import copy
import random

import pytest

import truco
from truco.players import get, play_computers
from truco.players._side import envido_stakes
from truco.players._view import View
from truco.reasons import Reason
from truco.resolve_side import envido_stakes as engine_stakes


def test_winning_cards_lists_partners_sharing_the_top_card():
    v = truco.variant("argentino")
    both = v.trick_verdict([(0, "3e"), (1, "2o"), (0, "3o"), (1, "1c")])
    assert [c.code for c in both.winning_cards] == ["3e", "3o"]
    one = v.trick_verdict([(0, "1e"), (1, "3o")])
    assert [c.code for c in one.winning_cards] == ["1e"]
    assert v.trick_verdict([(0, "3e"), (1, "3o")]).winning_cards == ()


def test_winning_cards_in_a_played_trick():
    g = truco.Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], dealer=1)
    g.apply("play 4c")
    g.apply("play 3d")
    verdict = g.log[-1].verdict
    assert [c.code for c in verdict.winning_cards] == ["4c"] == [verdict.winning_card.code]


@pytest.mark.parametrize("name", truco.VARIANT_NAMES)
def test_preview_never_changes_the_game(name):
    g = truco.Game(name, players=2, seed=11)
    rng = random.Random(3)
    for _ in range(60):
        if g.is_over:
            break
        twin = copy.deepcopy(g)
        for action in g.legal_actions():
            p = g.preview(action)
            assert p.action == action.text
            assert isinstance(p.rule(), str)
        assert g == twin
        g.apply(rng.choice(g.legal_actions()))


def test_preview_of_a_raise_and_its_answers():
    g = truco.Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], dealer=1)
    p = g.preview("raise")
    assert (p.if_accepted, p.if_refused, p.reason) == (4, 2, Reason.RAISED)
    g.apply("raise")
    assert (g.preview("accept").if_accepted, g.preview("refuse").if_refused) == (4, 2)
    assert g.preview("raise").if_accepted == 6


def test_preview_of_envido_bets_matches_the_verdicts():
    g = truco.Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]],
                             dealer=1)
    for word in ["envido", "real envido"]:
        p = g.preview(word)
        verdict = g.apply(word).verdict
        assert (p.if_accepted, p.if_refused) == (verdict.facts["stake"],
                                                 verdict.facts["refused"])
    assert (g.preview("no quiero").if_refused, g.preview("quiero").if_accepted) == (2, 5)


def test_envido_stakes_are_the_engines():
    assert engine_stakes(["envido", "real envido"]) == (5, 2)
    g = truco.Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]],
                             dealer=1)
    g.apply("envido")
    g.apply("real envido")
    assert envido_stakes(View(g.observation(0))) == (5, 2)  # the players asked; it said 3 / 1
    g.apply("no quiero")
    assert g.log[-1].verdict.points == 2


def test_observation_carries_bets_declared_envido_raise_right_and_options():
    g = truco.Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "5b", "12c"]],
                             dealer=1)
    for a in ["envido", "real envido", "quiero"]:
        g.apply(a)
    obs = g.observation(1)
    assert obs.envido_bets == ((0, "envido"), (1, "real envido"))
    assert obs.bets == ((0, "envido"), (1, "real envido"), (0, "quiero"))
    assert obs.envido_declared == ((0, 33),)
    assert dict(obs.options)["target"] == 30
    assert obs.may_raise is None
    g.apply("son buenas")
    g.apply("raise")
    g.apply("accept")
    assert g.observation(0).may_raise == 1


def test_play_computers_stops_at_the_learner_and_never_falls_back():
    g = truco.Game("paulista", seed=5)
    made = play_computers(g, get("basic"), random.Random(2), until=1)
    assert g.is_over or g.current_player == 1
    assert all(seat != 1 for _h, seat, _a, _r in made)

    def bad(obs, rng):
        return "play 99z"
    g = truco.Game("mineiro", seed=1)
    twin = copy.deepcopy(g)
    with pytest.raises(truco.IllegalAction, match="computer player at seat"):
        play_computers(g, bad, random.Random(0))
    assert g == twin


def test_play_computers_same_hand_and_per_seat_policies():
    g = truco.Game("argentino", players=4, seed=9)
    hand = g.hand_no
    policies = {s: get("random") for s in range(4)}
    play_computers(g, policies, random.Random(1), same_hand=True)
    assert g.hand_no != hand or g.is_over


def test_turned_up_card_word():
    assert [truco.variant(n).turned_up_word for n in ("paulista", "uruguayo", "argentino")] == \
        ["vira", "muestra", None]


def test_reasons_are_one_enumeration_and_compare_as_strings():
    assert Reason.NOT_YOUR_TURN == "not_your_turn"
    assert Reason.hand_of(10) == "no_raise_in_hand_of_10"
    assert Reason.hand_of(7) is Reason.NO_RAISE_IN_SPECIAL_HAND
    g = truco.Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]], dealer=1)
    err = g.why_not("play 2s", player=1)
    assert isinstance(err.reason, Reason) and err.reason == "not_your_turn"
