"""Envido and flor as components (truco.side_bets.Envido as game.envido, truco.flor.Flor as
game.flor), in the pattern of the Truc specials (issue 19)."""
import copy
import pickle

import truco
from truco.flor import Flor
from truco.side_bets import Envido

URU = [["4o", "7o", "4c"], ["2c", "2e", "1e"]]  # with the muestra 1c: flores of 40 and 33
ARG = [["7e", "6e", "1o"], ["4b", "5b", "12c"]]  # envido 33 against 9


def test_only_games_with_envido_hold_the_envido_component():
    assert isinstance(truco.Game("argentino", seed=1).envido, Envido)
    assert isinstance(truco.Game("uruguayo", seed=1).envido, Envido)
    for name in ("mineiro", "paulista", "truc", "plato"):
        assert truco.Game(name, seed=1).envido is None


def test_the_envido_component_has_its_own_slots_and_no_dict():
    env = truco.Game("argentino", seed=1).envido
    assert not hasattr(env, "__dict__")
    assert set(Envido.__slots__) >= {"live", "done", "bets", "resume_at", "decl"}
    game_slots = {name for cls in type(truco.Game("argentino", seed=1)).__mro__
                  for name in getattr(cls, "__slots__", ())}
    assert not {s for s in game_slots if s.startswith(("_env", "_flor"))}


def test_the_game_is_no_longer_built_of_rule_family_mixins():
    assert [c.__name__ for c in truco.Game.__mro__] == ["Game", "CoreGame", "GameBase",
                                                        "object"]


def test_the_envido_lives_in_the_first_trick_and_each_hand_afresh():
    g = truco.Game.from_deal("argentino", hands=ARG, dealer=1)
    assert g.envido.live and not g.envido.done
    g.apply("envido")
    assert g.phase == "envido" and g.envido.bets == ["envido"] and g.envido.bettor == 0
    g.apply("no quiero")
    assert g.score == (1, 0) and g.envido.done and g.envido.resume_at is None
    assert g.phase == "play" and g.current_player == 0
    g.apply("play 7e")
    g.apply("play 4b")
    assert not g.envido.live and g.why_not("envido").reason == "envido_only_first_trick"
    g.apply("fold")
    assert g.hand_no == 2 and g.envido.live and not g.envido.done and g.envido.bets == []


def test_going_to_the_deck_while_an_envido_waits_refuses_it_first():
    v = truco.variant("argentino", deck_answers=True)
    g = truco.Game.from_deal(v, hands=ARG, dealer=1)
    g.apply("envido")
    g.apply("fold")  # player 1: the envido refused (1 to A), then the hand (1 to A)
    assert g.score == (2, 0) and g.hand_no == 2
    assert [e.kind for e in g.log if e.hand == 1][-3:] == ["envido", "fold", "hand"]


def test_copy_and_pickle_carry_an_independent_envido_component():
    g = truco.Game.from_deal("argentino", hands=ARG, dealer=1)
    g.apply("envido")
    for h in (g.copy(), pickle.loads(pickle.dumps(g))):
        assert h == g and h.envido is not g.envido and h.envido.bets is not g.envido.bets
        h.apply("real envido")
        assert h != g and g.envido.bets == ["envido"]


def test_an_illegal_envido_word_leaves_the_game_as_it_was():
    g = truco.Game.from_deal("argentino", hands=ARG, dealer=1)
    g.apply("envido")
    g.apply("quiero")  # the points are declared: player 1 owes son buenas
    before = copy.deepcopy(g)
    for word in ("envido", "quiero", "play 4b", "flor"):
        assert g.why_not(word) is not None
    assert g == before and g.envido.snapshot() == before.envido.snapshot()
    g.apply("son buenas")
    assert g.score == (2, 0) and g != before


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
