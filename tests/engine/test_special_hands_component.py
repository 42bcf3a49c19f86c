"""The Brazilian special hands as a component (truco.special_hands.SpecialHands as
game.special_hands), in the pattern of envido, flor and the Truc specials (issue 19)."""
import copy
import pickle

import truco
from truco.special_hands import SpecialHands

STRONG = [["4c", "7h", "As"], ["3d", "2s", "Kc"]]  # Mineiro: team A takes the first two tricks


def test_only_variants_with_special_hands_hold_the_component():
    for name, threshold in (("mineiro", 10), ("paulista", 11)):
        specials = truco.Game(name, seed=1).special_hands
        assert isinstance(specials, SpecialHands) and specials.threshold == threshold
    for name in ("argentino", "uruguayo", "truc", "plato"):
        g = truco.Game(name, seed=1)
        assert g.special_hands is None and g.special_hand is None


def test_the_component_has_its_own_slots_and_the_game_none_of_its_state():
    specials = truco.Game("mineiro", seed=1).special_hands
    assert not hasattr(specials, "__dict__")
    assert set(SpecialHands.__slots__) >= {"threshold", "kind"}
    game_slots = {name for cls in truco.Game.__mro__ for name in getattr(cls, "__slots__", ())}
    assert "special_hands" in game_slots
    assert not game_slots & {"_special", "_hand_of"}


def test_each_hand_the_component_reads_the_score_afresh():
    g = truco.Game.from_deal("mineiro", hands=STRONG, dealer=1, score=(8, 10))
    assert g.special_hands.kind == "hand_of" and g.phase == "decide" and g.current_player == 1
    g.apply("accept")  # team B plays its hand of ten, worth 4, and team A wins it
    assert g.special_hands.kind == "hand_of" and g.hand_value == 4
    for card in ["4c", "3d", "7h", "2s"]:
        g.apply("play " + card)
    assert g.score == (12, 10) and g.is_over  # 8 + 4: team A reached the target
    g = truco.Game.from_deal("mineiro", hands=STRONG, dealer=1, score=(8, 9))
    for card in ["4c", "3d", "7h", "2s"]:
        g.apply("play " + card)
    assert g.score == (10, 9) and g.hand_no == 2
    assert g.special_hand == "hand_of" and g.phase == "decide" and g.current_player % 2 == 0


def test_the_core_scores_the_iron_hand_by_the_component():
    g = truco.Game.from_deal("mineiro", hands=STRONG, dealer=1, score=(10, 11))
    assert g.special_hand == "iron" and g.phase == "play"
    assert g.preview("fold").if_refused == 1  # team B lacks 1: going to the deck gives it
    g.apply("fold")
    assert g.score == (10, 12) and g.winner == 1
    assert g.log[-1].verdict.reason == "iron_hand"


def test_copy_and_pickle_carry_an_independent_component():
    g = truco.Game.from_deal("mineiro", hands=STRONG, dealer=1, score=(4, 10))
    for h in (g.copy(), pickle.loads(pickle.dumps(g))):
        assert h == g and h.special_hands is not g.special_hands
        h.apply("refuse")  # team B runs: team A scores 2, the next hand is dealt
        assert h != g and h.score == (6, 10) and g.phase == "decide"


def test_games_that_differ_only_in_the_special_hand_are_not_equal():
    g = truco.Game.from_deal("mineiro", hands=STRONG, dealer=1, score=(10, 10))
    h = copy.deepcopy(g)
    h.special_hands.kind = "hand_of"
    assert h != g and h.special_hand == "hand_of"


def test_an_illegal_action_in_the_decide_phase_leaves_the_game_as_it_was():
    g = truco.Game.from_deal("mineiro", hands=STRONG, dealer=1, score=(10, 4))
    before = copy.deepcopy(g)
    assert [g.why_not(a).reason for a in ("play 4c", "raise", "fold")] == [
        "decide_first", "no_raise_in_hand_of_10", "answer_pending"]
    assert g == before and g.special_hands.snapshot() == "hand_of"
