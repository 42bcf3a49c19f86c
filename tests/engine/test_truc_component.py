"""The Truc specials as a component (truco.truc.TrucSpecials, held as game.truc_specials)."""
import pickle

import truco
from truco.truc import TrucSpecials

H2 = [["7c", "8d", "9s"], ["Ac", "Kd", "10s"]]


def test_only_variants_with_a_special_hold_the_component():
    assert isinstance(truco.Game("truc", seed=1).truc_specials, TrucSpecials)
    assert truco.Game("mineiro", seed=1).truc_specials is None
    assert truco.Game("argentino", seed=1).truc_specials is None
    off = truco.variant("truc", redeal=False, mon_reste=False)
    assert truco.Game(off, seed=1).truc_specials is None  # (captains need four players)
    assert truco.Game(off, players=4, seed=1).truc_specials.captains_on


def test_the_component_has_its_own_slots_and_no_dict():
    ts = truco.Game("truc", seed=1).truc_specials
    assert not hasattr(ts, "__dict__")
    assert set(TrucSpecials.__slots__) >= {"redeal_used", "mr", "signals"}


def test_copy_and_pickle_carry_an_independent_component():
    g = truco.Game.from_deal("truc", hands=H2, seed=3)
    g.apply("mon reste")  # pending: the component holds the offer
    for h in (g.copy(), pickle.loads(pickle.dumps(g))):
        assert h == g and h.truc_specials is not g.truc_specials
        assert h.truc_specials.mr == g.truc_specials.mr
        h.apply("mon reste")
        assert h.mon_reste == "game" and g.mon_reste == "pending"


def test_a_redealt_hand_rebuilt_from_its_notation_allows_no_second_redeal():
    g = truco.Game.from_deal("truc", hands=H2, seed=3)
    g.apply("redeal")
    g.apply("accept")
    h = truco.from_notation(g.notation(), seed=3)
    assert h.truc_specials.redeal_used
    assert h.why_not("redeal").reason == "one_redeal_per_hand"
    assert h.notation() == g.notation()
