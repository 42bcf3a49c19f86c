"""Envido and flor as components (truco.side_bets.Envido as game.envido, truco.flor.Flor as
game.flor), in the pattern of the Truc specials (issue 19)."""
import copy
import pickle

import truco
from truco.flor import Flor

URU = [["4o", "7o", "4c"], ["2c", "2e", "1e"]]  # with the muestra 1c: flores of 40 and 33


def test_only_games_with_flor_hold_the_flor_component():
    assert isinstance(truco.Game("uruguayo", seed=1).flor, Flor)
    assert isinstance(truco.Game(truco.variant("argentino", flor=True), seed=1).flor, Flor)
    assert truco.Game("argentino", seed=1).flor is None  # flor is an option there, off
    assert truco.Game(truco.variant("uruguayo", flor=False), seed=1).flor is None
    assert truco.Game("mineiro", seed=1).flor is None


def test_the_flor_component_has_its_own_slots_and_no_dict():
    flor = truco.Game("uruguayo", seed=1).flor
    assert not hasattr(flor, "__dict__")
    assert set(Flor.__slots__) >= {"points", "sung", "bet", "out"}


def test_each_hand_the_flor_component_finds_the_flores_afresh():
    g = truco.Game.from_deal("uruguayo", hands=URU, vira="1c")
    assert g.flor.points == {0: 40, 1: 33}
    g.apply("flor")
    assert g.flor.sung == [0] and g.current_player == 1
    g.apply("flor")  # both sung: settled by the best flor
    assert g.score == (6, 0) and g.flor.sung == [0, 1]
    g.apply("fold")
    assert g.hand_no == 2 and g.flor.sung == [] and g.flor.bet is None
    assert g.flor.points == {s: truco.flor(h, g.vira) for s, h in enumerate(g.dealt)
                             if truco.flor(h, g.vira) is not None}


def test_copy_and_pickle_carry_an_independent_flor_component():
    g = truco.Game.from_deal("uruguayo", hands=URU, vira="1c")
    g.apply("flor")
    g.apply("contraflor")  # pending: the component holds the bet
    for h in (g.copy(), pickle.loads(pickle.dumps(g))):
        assert h == g and h.flor is not g.flor and h.flor.bet == g.flor.bet
        h.apply("con flor quiero")
        assert h != g and h.flor.bet is None and g.flor.bet is not None and not g.flor.bet.accepted


def test_an_illegal_flor_word_leaves_the_game_as_it_was():
    g = truco.Game.from_deal("uruguayo", hands=URU, vira="1c")
    g.apply("flor")
    before = copy.deepcopy(g)
    err = g.why_not("con flor quiero")  # nothing to accept yet
    assert err is not None and err.reason == "no_flor"
    assert g == before and g.flor.snapshot() == before.flor.snapshot()
