"""The game API: variants and options, players and teams, dealing, turns, the log, errors."""
import copy
import pickle
import random

import pytest

import truco

G = truco.Game
VARIANTS = ("mineiro", "paulista", "argentino", "truc", "truc-sackson", "truc-catalan", "plato")
PLAYERS = {"mineiro": (2, 4), "paulista": (2, 4), "argentino": (2, 4, 6), "truc": (2, 4),
           "truc-sackson": (2, 4), "truc-catalan": (2, 4), "plato": (2, 4)}
TARGETS = {"mineiro": 12, "paulista": 12, "argentino": 30, "truc": 12, "truc-sackson": 16,
           "truc-catalan": 12, "plato": 12}
STRONG = [["4c", "7h", "As"], ["3d", "2s", "Kc"]]


def core(g):
    return [a for a in g.legal_actions()
            if str(a).startswith("play ") or str(a) in ("raise", "accept", "refuse", "fold")]


def random_play(g, rng, limit=5000):
    for _ in range(limit):
        if g.is_over:
            return g
        g.apply(rng.choice(core(g) or g.legal_actions()))
    raise AssertionError("the game did not end")


# --- variants and rule options ------------------------------------------------------------------

def test_unknown_variant_error_lists_valid_names():
    with pytest.raises(ValueError) as info:
        truco.variant("chinchon")
    message = str(info.value)
    assert "chinchon" in message
    for name in VARIANTS:
        assert name in message


def test_unknown_option_error_lists_valid_options():
    with pytest.raises(ValueError) as info:
        truco.variant("mineiro", colour="blue")
    message = str(info.value)
    assert "colour" in message and "all_tie" in message


def test_bad_option_value_error_lists_valid_values():
    with pytest.raises(ValueError) as info:
        truco.variant("plato", target=20)
    message = str(info.value)
    assert "20" in message and "12" in message and "15" in message and "30" in message
    with pytest.raises(ValueError) as info:
        truco.variant("mineiro", all_tie="mano")
    assert "dealer" in str(info.value) and "nobody" in str(info.value)


def test_mineiro_all_tie_option_dealer_by_default_or_nobody():
    assert truco.variant("mineiro").all_tie == "dealer"
    assert truco.variant("mineiro", all_tie="nobody").all_tie == "nobody"


def test_paulista_all_tie_option_nobody_by_default_or_mano():
    assert truco.variant("paulista").all_tie == "nobody"
    assert truco.variant("paulista", all_tie="mano").all_tie == "mano"


@pytest.mark.parametrize("target", [12, 15, 30])
def test_plato_target_option_12_15_30(target):
    v = truco.variant("plato", target=target)
    assert v.target == target
    g = random_play(G(v, seed=target), random.Random(target))
    assert g.score[g.winner] >= target
    assert g.score[1 - g.winner] < target


def test_plato_target_is_12_by_default():
    assert truco.variant("plato").target == 12


def test_options_do_not_change_the_preset():
    truco.variant("mineiro", all_tie="nobody")
    assert truco.variant("mineiro").all_tie == "dealer"


@pytest.mark.parametrize("name", VARIANTS)
def test_game_to_the_variant_target(name):
    g = random_play(G(name, seed=11), random.Random(11))
    assert truco.variant(name).target == TARGETS[name]
    assert g.score[g.winner] >= TARGETS[name]
    assert g.score[1 - g.winner] < TARGETS[name]


def test_argentino_shorter_game_to_15_is_an_option():
    v = truco.variant("argentino", target=15)
    g = random_play(G(v, seed=3), random.Random(3))
    assert 15 <= g.score[g.winner] < 30


# --- players, teams, mano --------------------------------------------------------------------

@pytest.mark.parametrize("name", VARIANTS)
def test_player_counts(name):
    for n in (2, 4, 6):
        if n in PLAYERS[name]:
            g = G(name, players=n, seed=1)
            assert len(g.observation(0).hand_size) == n
        else:
            with pytest.raises(ValueError):
                G(name, players=n, seed=1)
    with pytest.raises(ValueError):
        G(name, players=3, seed=1)


@pytest.mark.parametrize("n", [2, 4, 6])
def test_teams_alternate_seats_partners_sit_opposite(n):
    g = G("argentino", players=n, seed=2)
    assert [g.observation(p).team for p in range(n)] == [p % 2 for p in range(n)]


@pytest.mark.parametrize("n,dealer", [(2, 0), (2, 1), (4, 0), (4, 3), (6, 2)])
def test_mano_is_the_seat_after_the_dealer_and_acts_first(n, dealer):
    g = G("argentino", players=n, seed=5, dealer=dealer)
    assert g.current_player == (dealer + 1) % n
    assert g.observation(0).mano == (dealer + 1) % n
    assert g.observation(0).dealer == dealer


def test_bad_dealer_seat_is_rejected():
    with pytest.raises(ValueError):
        G("mineiro", players=2, dealer=2)


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("n", [2, 4])
def test_each_player_is_dealt_three_cards(name, n):
    g = G(name, players=n, seed=9)
    for p in range(n):
        assert len(g.observation(p).hand) == 3
    assert (g.observation(0).vira is not None) == (name == "paulista")


# --- dealing: seeds and rotation ----------------------------------------------------------

@pytest.mark.parametrize("name", VARIANTS)
def test_seeded_dealing_is_reproducible(name):
    a, b = G(name, seed=1234), G(name, seed=1234)
    assert a.notation() == b.notation()
    rng_a, rng_b = random.Random(7), random.Random(7)
    for _ in range(40):
        if a.is_over:
            break
        a.apply(rng_a.choice(core(a)))
        b.apply(rng_b.choice(core(b)))
    assert a.hand_notations == b.hand_notations
    assert a == b


def test_different_seeds_deal_differently():
    deals = {G("mineiro", seed=s).notation() for s in range(20)}
    assert len(deals) > 15


def test_from_deal_later_hands_are_seeded():
    a = G.from_deal("mineiro", hands=STRONG, seed=99)
    b = G.from_deal("mineiro", hands=STRONG, seed=99)
    for g in (a, b):
        g.apply("fold")
    assert a.notation() == b.notation()
    assert a.hand_no == 2


@pytest.mark.parametrize("name,n", [("mineiro", 2), ("mineiro", 4), ("truc", 2),
                                    ("argentino", 6), ("plato", 4)])
def test_dealer_rotates_each_hand(name, n):
    g = G(name, players=n, seed=4, dealer=0)
    dealers, manos = [], []
    for _ in range(5):
        dealers.append(g.observation(0).dealer)
        manos.append(g.current_player)
        g.apply("fold")
    assert dealers == [k % n for k in range(5)]
    assert manos == [(k + 1) % n for k in range(5)]


# --- game over -------------------------------------------------------------------------------

def test_game_over_at_target(illegal):
    g = G.from_deal("mineiro", hands=STRONG, dealer=1, score=(10, 0))
    assert not g.is_over and g.winner is None
    g.apply("accept")  # hand of ten, worth 4
    for card in ["4c", "3d", "7h", "2s"]:
        g.apply("play " + card)
    assert g.is_over
    assert g.winner == 0
    assert g.current_player is None
    assert list(g.legal_actions()) == []
    illegal(g, "fold", reason="game_over")
    illegal(g, "play 4c", reason="game_over")


def test_game_over_by_refusal_reaching_the_target():
    g = G.from_deal("mineiro", hands=STRONG, dealer=1, score=(8, 6))
    for a in ["raise", "raise", "refuse"]:  # B raises to 6 and A runs: B scores 4 -> 10
        g.apply(a)
    assert g.score == (8, 10) and not g.is_over
    g = G.from_deal("mineiro", hands=STRONG, dealer=1, score=(6, 8))
    for a in ["raise", "raise", "refuse"]:
        g.apply(a)
    assert g.score == (6, 12) and g.is_over and g.winner == 1


def test_winner_is_none_while_the_game_goes_on():
    g = G("truc", seed=1)
    assert g.winner is None and not g.is_over


# --- actions and illegal actions -------------------------------------------------------------

def test_action_texts_are_the_documented_forms():
    g = G.from_deal("mineiro", hands=STRONG, dealer=1)
    assert [str(a) for a in core(g)] == ["play 4c", "play 7h", "play As", "raise", "fold"]
    g.apply("raise")
    assert [str(a) for a in core(g)] == ["accept", "refuse", "raise"]


def test_apply_accepts_strings_in_any_case_and_action_objects():
    g = G.from_deal("mineiro", hands=STRONG, dealer=1)
    g.apply("  PLAY   4C ")
    assert g.current_trick == ((0, g.variant.card("4c")),)
    action = next(a for a in g.legal_actions() if str(a) == "play 3d")
    g.apply(action)
    assert g.tricks == (0,)


def test_apply_with_the_right_player_is_accepted():
    g = G.from_deal("mineiro", hands=STRONG, dealer=1)
    g.apply("play 4c", player=0)
    assert g.current_player == 1


def test_can_agrees_with_legal_actions():
    g = G.from_deal("mineiro", hands=STRONG, dealer=1)
    legal = {str(a) for a in g.legal_actions()}
    for text in ["play 4c", "play 7h", "play As", "play 3d", "play 2s", "raise", "accept",
                 "refuse", "fold", "play 8c", "nonsense"]:
        assert g.can(text) == (text in legal), text
    assert not g.can("play 4c", player=1)


def test_illegal_action_is_a_value_error_with_a_reason():
    assert issubclass(truco.IllegalAction, ValueError)
    g = G.from_deal("mineiro", hands=STRONG, dealer=1)
    with pytest.raises(ValueError) as info:
        g.apply("dance")
    assert info.value.reason == "unknown_action"


@pytest.mark.parametrize("action,player,reason", [
    ("play 3d", None, "not_your_card"),
    ("play 3d", 1, "not_your_turn"),
    ("play 5c", None, "card_not_in_hand"),
    ("play 8c", None, None),
    ("play zz", None, None),
    ("accept", None, "nothing_to_answer"),
    ("truco", None, "unknown_action"),
    ("", None, "unknown_action"),
    ("play", None, "unknown_action"),
    (None, None, "unknown_action"),
])
def test_illegal_actions_raise_and_leave_the_game_unchanged(action, player, reason, illegal):
    g = G.from_deal("mineiro", hands=STRONG, dealer=1)
    error = illegal(g, action, reason=reason, player=player)
    assert isinstance(error, truco.IllegalAction)


def test_illegal_actions_mid_hand_leave_the_game_unchanged(illegal):
    g = G.from_deal("mineiro", hands=STRONG, dealer=1)
    for a in ["raise", "accept", "play 4c", "play 3d"]:
        g.apply(a)
    illegal(g, "play 2s", reason="not_your_card")
    illegal(g, "play 4c", reason="card_not_in_hand")
    illegal(g, "raise", reason="same_side_raised_last")
    illegal(g, "play 7h", reason="not_your_turn", player=1)
    g.apply("play 7h")
    illegal(g, "fold", reason="not_your_turn", player=0)


def test_action_from_another_variant_is_refused_or_played_as_its_text():
    g = G.from_deal("mineiro", hands=STRONG, dealer=1)
    spanish = G.from_deal("argentino", hands=[["4c", "7c", "1e"], ["3e", "2e", "12c"]])
    foreign = next(a for a in spanish.legal_actions() if str(a) == "play 4c")  # 4 de copas
    before = g.notation()
    try:
        g.apply(foreign)
    except truco.IllegalAction:
        assert g.notation() == before
    else:  # played as "play 4c", the 4 of clubs of this deck
        assert g.current_trick == ((0, g.variant.card("4c")),)


# --- copies and equality -----------------------------------------------------------------------

def test_deepcopy_of_a_new_game_is_equal():
    g = G("mineiro", seed=3)
    assert copy.deepcopy(g) == g


def test_deepcopy_of_a_game_after_a_trick():
    g = G.from_deal("mineiro", hands=STRONG, dealer=1)
    g.apply("play 4c")
    g.apply("play 3d")
    c = copy.deepcopy(g)
    assert c == g
    c.apply("play 7h")
    assert c != g  # a real, independent copy


def test_game_copy_method_after_a_trick():
    g = G.from_deal("argentino", hands=[["1e", "7o", "4c"], ["1b", "2e", "5c"]], dealer=1)
    g.apply("play 1e")
    g.apply("play 1b")
    assert g.copy() == g


def test_game_pickles_after_a_trick():
    g = G.from_deal("truc", hands=[["7c", "8c", "Ac"], ["7h", "9h", "Kh"]], dealer=1)
    g.apply("play 7c")
    g.apply("play 7h")
    assert pickle.loads(pickle.dumps(g)) == g


@pytest.mark.parametrize("name,n", [("truc", 4), ("uruguayo", 4), ("paulista", 2)])
def test_a_copy_plays_on_exactly_like_the_original(name, n):
    """Every slot of the state is copied (a Truc game's own action table, the envido and flor
    state, the dealing generator): the copy and the original deal and resolve alike."""
    g = G(name, players=n, seed=11)
    rng = random.Random(5)
    for _ in range(7):
        g.apply(rng.choice(g.legal_actions()))
    copies = [copy.deepcopy(g), pickle.loads(pickle.dumps(g)), g.copy()]
    rngs = [random.Random(9) for _ in range(len(copies) + 1)]
    while not g.is_over:
        g.apply(rngs[0].choice(g.legal_actions()))
        for c, r in zip(copies, rngs[1:]):
            c.apply(r.choice(c.legal_actions()))
    for c in copies:
        assert not hasattr(c, "__dict__")  # the state lives in slots (truco.state.GameBase)
        assert c.is_over and c == g
        assert [e.explain() for e in c.log] == [e.explain() for e in g.log]


def test_games_with_different_histories_are_not_equal():
    a = G.from_deal("mineiro", hands=STRONG, dealer=1, seed=1)
    b = G.from_deal("mineiro", hands=STRONG, dealer=1, seed=1)
    assert a == b
    a.apply("play 4c")
    assert a != b


# --- the log and its verdicts ---------------------------------------------------------------

def test_log_is_append_only_with_verdicts():
    g = G.from_deal("mineiro", hands=STRONG, dealer=1)
    seen = []
    for a in ["raise", "accept", "play 4c", "play 3d", "play 7h", "play 2s"]:
        before = list(g.log)
        event = g.apply(a)
        assert g.log[:len(before)] == before
        assert all(x is y for x, y in zip(g.log, before))
        assert event in g.log
        seen.extend(g.log[len(before):])
    kinds = [e.kind for e in seen]
    assert kinds.count("trick") == 2 and kinds.count("hand") == 1
    for e in seen:
        if e.kind in ("trick", "hand", "raise", "accept"):
            assert e.verdict is not None and e.verdict.explain()
    hand = next(e for e in seen if e.kind == "hand").verdict
    assert hand.winner == 0 and hand.points == 4 and hand.reason == "two_tricks"


def test_refused_raise_event_has_a_verdict():
    g = G.from_deal("mineiro", hands=STRONG, dealer=1)
    g.apply("raise")
    event = g.apply("refuse")
    assert event.verdict.reason == "refused"
    assert event.verdict.winner == 0 and event.verdict.points == 2


# --- observations ----------------------------------------------------------------------------

def test_observation_shows_own_cards_only():
    hands = [["4c", "7h", "As"], ["3d", "2s", "Kc"], ["5c", "5h", "6s"], ["Qd", "Jd", "Kd"]]
    g = G.from_deal("mineiro", hands=hands, dealer=3)
    for p in range(4):
        obs = g.observation(p)
        assert obs.hand == tuple(hands[p])
        text = repr(obs)
        for q in range(4):
            if q != p:
                for code in hands[q]:
                    assert f"'{code}'" not in text, (p, code)


def test_observation_shows_cards_played_face_up():
    g = G.from_deal("mineiro", hands=STRONG, dealer=1)
    g.apply("play 4c")
    obs = g.observation(1)
    assert obs.trick == ((0, "4c"),)
    assert obs.hand_size == (2, 3)


def test_observation_legal_actions_only_for_the_player_to_act():
    g = G.from_deal("mineiro", hands=STRONG, dealer=1)
    assert "play 4c" in g.observation(0).legal_actions
    assert g.observation(1).legal_actions == ()


def test_observation_of_unknown_player_is_an_error():
    with pytest.raises(ValueError):
        G("mineiro", seed=1).observation(2)


# --- from_deal validation ------------------------------------------------------------------

@pytest.mark.parametrize("kwargs", [
    dict(hands=[["4c", "7h", "As"], ["4c", "2s", "Kc"]]),          # a card twice
    dict(hands=[["4c", "7h"], ["3d", "2s", "Kc"]]),                # two cards
    dict(hands=[["4c", "7h", "As"], ["3d", "2s", "8c"]]),          # not in the deck
    dict(hands=STRONG, vira="5d"),                                  # Mineiro has no vira
    dict(hands=STRONG, score=(12, 0)),                              # already over
])
def test_from_deal_rejects_bad_deals(kwargs):
    with pytest.raises(ValueError):
        G.from_deal("mineiro", **kwargs)


def test_from_deal_paulista_needs_a_vira_not_in_a_hand():
    with pytest.raises(ValueError):
        G.from_deal("paulista", hands=STRONG)
    with pytest.raises(ValueError):
        G.from_deal("paulista", hands=STRONG, vira="4c")


def test_from_deal_takes_cards_or_codes_dealer_and_score():
    v = truco.variant("mineiro")
    g = G.from_deal(v, hands=[[v.card(c) for c in STRONG[0]], STRONG[1]], dealer=0,
                    score=(3, 5))
    assert g.score == (3, 5)
    assert g.current_player == 1
    assert g.observation(0).hand == tuple(STRONG[0])
