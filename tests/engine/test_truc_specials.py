"""The Truc specials of seed 002 (issue 3): redeal, mon reste, captains, signals, spoiled tricks.

Two players: dealer 1, so player 0 is the non-dealer (the mano) and leads trick 1.
Four players: dealer 3, so player 0 is the eldest; the captains are 3 (team B) and 0 (team A).
French Truc ranks 7 > 8 > A > K > Q > J > 10 > 9, suits irrelevant.
"""
import copy

import pytest

import truco
from truco.notation import Observation, from_notation

G = truco.Game
H2 = [["7c", "8d", "9s"], ["Ac", "Kd", "10s"]]
H4 = [["7c", "8c", "9c"], ["7d", "Kd", "9d"], ["Ah", "Qh", "8h"], ["10s", "Js", "Qs"]]


def two(variant="truc", hands=H2, **kw):
    kw.setdefault("dealer", 1)
    return G.from_deal(variant, hands=hands, **kw)


def four(variant="truc", hands=H4, **kw):
    kw.setdefault("dealer", 3)
    return G.from_deal(variant, hands=hands, **kw)


def legal(game):
    return [str(a) for a in game.legal_actions()]


def act(game, *actions):
    for a in actions:
        game.apply(a)
    return game


def illegal(game, action, reason, player=None):
    """The action is refused with ``reason`` and the game is left equal to a deep copy."""
    before = copy.deepcopy(game)
    notation, actions = game.notation(), legal(game)
    with pytest.raises(truco.IllegalAction) as info:
        game.apply(action, player=player)
    assert info.value.reason == reason, (info.value.reason, str(info.value))
    assert str(info.value)
    assert game == before
    assert game.notation() == notation and legal(game) == actions
    return info.value


def hand_verdicts(game):
    return [e.verdict for e in game.log if e.kind == "hand"]


# --- redeal -----------------------------------------------------------------------------------

def test_redeal_proposal_by_non_dealer_before_play():
    g = two()
    assert "redeal" in legal(g) and g.current_player == 0
    event = g.apply("redeal")
    assert event.kind == "redeal" and event.seat == 0
    assert event.verdict.reason == "redeal_proposed"
    assert "redeal" in event.explain() and "Rule:" in event.explain()
    assert g.phase == "redeal" and g.current_player == 1  # the dealer answers
    assert legal(g) == ["accept", "refuse"]


def test_redeal_accepted_deals_new_hands_same_dealer():
    g = two(seed=7)
    old = {c for h in g.dealt for c in h}
    act(g, "redeal")
    event = g.apply("accept")
    assert event.kind == "accept" and event.seat == 1
    assert event.verdict.reason == "redeal_accepted"
    assert "new cards" in event.explain()
    new = [c for h in g.dealt for c in h]
    assert len(new) == 6 and len(set(new)) == 6
    assert not old & set(new)  # the old hands are put aside: new cards from the stock
    assert [g.hand(s) for s in (0, 1)] == list(g.dealt)
    assert g.dealer == 1 and g.hand_no == 1 and g.mano == 0
    assert g.current_player == 0 and g.phase == "play" and g.hand_value == 1
    assert "redeal" not in legal(g)
    # the new hands come from the game's random generator: same seed, same redeal
    h = act(two(seed=7), "redeal", "accept")
    assert h.dealt == g.dealt and h == g


def test_redeal_accepted_notation_starts_from_the_new_deal():
    g = act(two(seed=11), "redeal", "accept")
    first = g.hand(0)[0]
    g.apply(f"play {first.code}")
    text = g.notation()
    assert "hands=" + ",".join(c.code for c in g.dealt[0]) in text
    assert text.endswith(f": {first.code}")
    assert from_notation(text).notation() == text
    assert len(g.hand_notations) == 1


def test_redeal_refused_plays_on_with_the_dealt_cards():
    g = two()
    act(g, "redeal")
    event = g.apply("refuse")
    assert event.verdict.reason == "redeal_refused" and event.seat == 1
    assert g.dealt == tuple(tuple(truco.variant("truc").card(c) for c in h) for h in H2)
    assert g.current_player == 0 and g.phase == "play"
    assert "redeal" not in legal(g)
    illegal(g, "redeal", "one_redeal_per_hand")


def test_only_one_redeal_per_hand_and_again_next_hand():
    g = act(two(seed=1), "redeal", "accept")
    illegal(g, "redeal", "one_redeal_per_hand")
    g.apply("fold")  # team A concedes: the next hand gets its own redeal
    assert g.hand_no == 2 and g.dealer == 0 and g.current_player == 1
    assert "redeal" in legal(g)


def test_redeal_only_before_play():
    g = act(two(), "raise", "accept")  # a bet was made: too late for a redeal
    assert g.current_player == 0 and "redeal" not in legal(g)
    illegal(g, "redeal", "redeal_only_before_play")
    g = act(two(), "play 7c", "play Ac")  # the mano won trick 1 and leads trick 2
    assert g.current_player == 0
    illegal(g, "redeal", "redeal_only_before_play")


def test_only_eldest_proposes_redeal():
    g = act(two(), "play 9s")
    assert g.current_player == 1 and "redeal" not in legal(g)
    illegal(g, "redeal", "only_eldest_proposes_redeal")
    g = act(four(), "play 9c")
    illegal(g, "redeal", "only_eldest_proposes_redeal")
    g = act(two(), "raise")  # the dealer answering a raise cannot propose a redeal either
    illegal(g, "redeal", "only_eldest_proposes_redeal")


def test_redeal_four_players_eldest_proposes_dealer_accepts():
    g = four(seed=2)
    assert "redeal" in legal(g) and g.current_player == 0
    act(g, "redeal")
    assert g.current_player == 3  # the dealer, captain of the other side
    illegal(g, "accept", "only_captains_answer", player=1)
    illegal(g, "play 8c", "answer_pending")
    g.apply("accept")
    cards = [c for h in g.dealt for c in h]
    assert len(set(cards)) == 12 and not set(cards) & {c for h in four().dealt for c in h}
    assert g.current_player == 0 and g.dealer == 3 and "redeal" not in legal(g)


def test_redeal_not_in_other_variants_or_when_switched_off():
    illegal(two("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]]), "redeal",
            "no_redeal_in_variant")
    g = two(truco.variant("truc", redeal=False))
    assert "redeal" not in legal(g)
    illegal(g, "redeal", "no_redeal_in_variant")


def test_redeal_answer_pending_blocks_other_actions():
    g = act(two(), "redeal")
    illegal(g, "play Ac", "answer_pending")
    illegal(g, "raise", "answer_pending")
    illegal(g, "fold", "answer_pending")
    illegal(g, "redeal", "one_redeal_per_hand")


def test_refused_redeal_and_mon_reste_round_trip_in_the_notation():
    g = act(two(score=(2, 3)), "redeal", "refuse", "play 9s", "mon reste", "mon reste")
    text = g.notation()
    assert text.endswith(": redeal refuse 9s mon-reste mon-reste")
    h = from_notation(text)
    assert h.notation() == text and h.mon_reste == "game" and legal(h) == legal(g)


# --- mon reste --------------------------------------------------------------------------------

def test_mon_reste_raises_to_what_the_proposer_lacks():
    g = two(score=(3, 7))
    assert "mon reste" in legal(g)
    event = g.apply("mon reste")
    assert event.kind == "mon_reste" and event.verdict.reason == "mon_reste"
    assert event.verdict.value == 9 and event.verdict.before == 1
    assert "9" in event.explain() and "12" in event.explain()
    assert g.pending_raise == (0, 9) and g.mon_reste == "pending"
    assert g.phase == "mon reste" and g.current_player == 1
    assert legal(g) == ["mon reste", "refuse"]


def test_mon_reste_refused_scores_the_value_before():
    g = two(score=(3, 7))
    act(g, "mon reste")
    event = g.apply("refuse")
    assert event.verdict.reason == "mon_reste_refused"
    assert event.verdict.winner == 0 and event.verdict.points == 1
    assert g.score == (4, 7) and g.hand_no == 2 and g.mon_reste is None
    # after an accepted raise the value before is the accepted value (the acceptor proposes)
    g = act(two(), "raise", "accept", "play 9s")
    assert g.hand_value == 2 and g.current_player == 1
    act(g, "mon reste")
    assert g.pending_raise == (1, 12)
    g.apply("refuse")
    assert g.score == (0, 2)


def test_mon_reste_answered_hand_winner_takes_the_game():
    g = two(score=(4, 9))
    act(g, "mon reste")
    event = g.apply("mon reste")
    assert event.verdict.reason == "mon_reste_answered" and event.seat == 1
    assert "wins the game" in event.explain()
    assert g.mon_reste == "game" and g.pending_raise is None
    assert g.current_player == 0 and g.phase == "play"
    act(g, "play 7c", "play Ac", "play 8d", "play Kd")
    assert g.score == (12, 9) and g.is_over and g.winner == 0
    assert hand_verdicts(g)[-1].points == 8


def test_mon_reste_answered_the_answerer_can_take_the_game():
    g = two(hands=[["9c", "10d", "Js"], ["7h", "8h", "Ah"]], score=(10, 1))
    act(g, "mon reste")  # team A lacks only 2: the hand goes from 1 to 2
    assert g.pending_raise == (0, 2)
    act(g, "mon reste", "play 9c", "play 7h", "play 8h", "play 10d")
    assert g.score == (10, 12) and g.winner == 1  # team B scores its 11, up to the target


def test_mon_reste_as_answer_to_a_raise_accepts_it_first():
    g = act(two(), "raise")
    assert "mon reste" in legal(g)
    act(g, "mon reste")
    assert g.pending_raise == (1, 12) and g.hand_value == 2 and g.current_player == 0
    g.apply("refuse")
    assert g.score == (0, 2)


def test_mon_reste_answered_then_resume_with_the_raiser():
    g = act(two(), "raise", "mon reste", "mon reste")
    assert g.current_player == 0 and g.mon_reste == "game"  # player 0 still owes a card


def test_no_raise_after_mon_reste():
    g = act(two(score=(2, 2)), "mon reste")
    illegal(g, "raise", "answer_pending")
    illegal(g, "accept", "mon_reste_no_plain_accept")
    illegal(g, "play Ac", "answer_pending")
    g.apply("mon reste")
    assert "raise" not in legal(g) and "mon reste" not in legal(g)
    illegal(g, "raise", "no_raise_after_mon_reste")
    illegal(g, "mon reste", "no_raise_after_mon_reste")
    g.apply("play 9s")
    assert "raise" not in legal(g) and "mon reste" not in legal(g)
    illegal(g, "raise", "no_raise_after_mon_reste")
    # a mon reste worth a rung of the ladder blocks raising too
    g = act(two(score=(6, 0)), "mon reste", "mon reste")
    assert g.hand_value == 12 and "raise" not in legal(g)
    g = act(two(score=(8, 6)), "mon reste")
    assert g.pending_raise == (0, 4)
    g.apply("mon reste")
    assert g.hand_value == 6 and "raise" not in legal(g)
    illegal(g, "raise", "no_raise_after_mon_reste")


def test_fold_after_mon_reste_gives_the_game():
    g = act(two(score=(5, 3)), "mon reste", "mon reste", "fold")
    assert g.score == (5, 12) and g.winner == 1


def test_mon_reste_must_raise_the_hand():
    g = two(score=(11, 0))
    assert "mon reste" not in legal(g)
    illegal(g, "mon reste", "mon_reste_not_a_raise")


def test_mon_reste_follows_the_raise_turns():
    g = act(two(), "raise", "accept")  # team B accepted: only team B may raise next
    assert "mon reste" not in legal(g)
    illegal(g, "mon reste", "same_side_raised_last")


def test_mon_reste_sackson_target_is_sixteen():
    g = two("truc-sackson", score=(5, 0))
    act(g, "mon reste")
    assert g.pending_raise == (0, 11)
    # Sackson ranks the 8 lowest: team B takes tricks 2 and 3, and the game
    act(g, "mon reste", "play 7c", "play Ac", "play 8d", "play Kd", "play 10s", "play 9s")
    assert g.score == (5, 16) and g.winner == 1


def test_mon_reste_not_in_other_variants_or_when_switched_off():
    illegal(two("plato", hands=[["1e", "7o", "3c"], ["1b", "2o", "12c"]]), "mon reste",
            "no_mon_reste_in_variant")
    g = two(truco.variant("truc", mon_reste=False))
    assert "mon reste" not in legal(g)
    illegal(g, "mon reste", "no_mon_reste_in_variant")


# --- captains (four players) ------------------------------------------------------------------

def test_captains_answer_in_four_players():
    g = four()
    assert g.captains == (3, 0)
    act(g, "play 9c")
    assert g.current_player == 1
    act(g, "raise")  # team B raises: team A's captain (the eldest, 0) answers, not player 2
    assert g.current_player == 0 and g.pending_raise == (1, 2)
    illegal(g, "accept", "only_captains_answer", player=2)
    illegal(g, "refuse", "only_captains_answer", player=2)
    act(g, "accept")
    assert g.current_player == 1  # the raiser plays on
    act(g, "play 9d", "raise")  # player 2 (team A) may raise; the dealer answers
    assert g.current_player == 3
    illegal(g, "accept", "only_captains_answer", player=1)
    act(g, "accept")
    assert g.current_player == 2 and g.hand_value == 4


def test_captain_answers_a_raise_by_the_other_captain():
    g = act(four(), "raise")
    assert g.current_player == 3  # the dealer, not player 1
    g.apply("refuse")
    assert g.score == (1, 0)


def test_non_captains_cannot_fold_or_answer():
    g = four()
    assert "fold" in legal(g)  # the eldest is a captain
    act(g, "play 9c")
    assert g.current_player == 1 and "fold" not in legal(g)
    assert "raise" in legal(g) and "mon reste" in legal(g)  # any player may raise
    illegal(g, "fold", "only_captains_concede")
    illegal(g, "fold", "only_captains_concede", player=2)
    illegal(g, "fold", "not_your_turn", player=3)  # a captain concedes on their turn
    act(g, "play 9d", "play 8h")
    assert g.current_player == 3 and "fold" in legal(g)
    event = g.apply("fold")
    assert event.seat == 3 and g.score == (1, 0)


def test_captains_answer_mon_reste_in_four_players():
    g = act(four(score=(2, 5)), "play 9c", "mon reste")
    assert g.current_player == 0 and g.pending_raise == (1, 7)
    illegal(g, "mon reste", "only_captains_answer", player=2)
    g.apply("refuse")
    assert g.score == (2, 6)


def test_captains_in_catalan_four_players_and_not_in_other_variants():
    g = four("truc-catalan", hands=[["3e", "2e", "1e"], ["3b", "2b", "1b"],
                                    ["3o", "2o", "1o"], ["3c", "2c", "1c"]])
    act(g, "play 1e")
    assert "fold" not in legal(g)
    act(g, "raise")
    assert g.current_player == 0
    g = four("argentino", hands=[["1e", "7o", "4c"], ["1b", "2o", "12c"],
                                 ["3e", "5o", "6c"], ["3b", "5b", "6b"]])
    act(g, "play 4c")
    assert "fold" in legal(g)
    act(g, "raise")
    assert g.current_player == 2  # the core's rule: the next player of the other side
    assert not four("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"],
                                      ["5c", "6h", "Qs"], ["3h", "2h", "Kh"]])._has_sides


def test_two_players_have_no_captains():
    g = two()
    assert g.captains == () and "fold" in legal(g)
    act(g, "play 9s")
    assert "fold" in legal(g)


# --- signals (four-player French Truc) --------------------------------------------------------

def test_signals_honest_and_only_visible_to_partners():
    g = four()
    event = g.signal(1, "smile")  # player 1 holds the 7 of diamonds
    assert event.kind == "signal" and event.seat == 1 and event.verdict.reason == "signal"
    assert "smiles" in event.explain() and "7" in event.explain()
    g.signal(2, "shrug")  # ace of hearts
    g.signal(2, "wink")  # 8 of hearts
    assert g.signals == ((1, "smile"), (2, "shrug"), (2, "wink"))
    assert g.observation(3).signals == ((1, "smile"),)
    assert g.observation(0).signals == ((2, "shrug"), (2, "wink"))
    assert g.observation(1).signals == () and g.observation(2).signals == ()
    assert isinstance(g.observation(0), Observation)
    assert g.current_player == 0 and legal(g)[:3] == ["play 7c", "play 8c", "play 9c"]
    assert not any("signal" in a or a in ("smile", "wink", "shrug") for a in legal(g))


def test_dishonest_signal_is_refused():
    g = four()
    before = copy.deepcopy(g)
    for seat, sign in [(1, "wink"), (3, "smile"), (3, "shrug"), (0, "shrug")]:
        with pytest.raises(truco.IllegalAction) as info:
            g.signal(seat, sign)
        assert info.value.reason == "dishonest_signal"
        assert g == before
    with pytest.raises(truco.IllegalAction) as info:
        g.signal(1, "nod")
    assert info.value.reason == "unknown_signal" and g == before
    act(g, "play 7c")  # a signal is about the cards still held
    with pytest.raises(truco.IllegalAction) as info:
        g.signal(0, "smile")
    assert info.value.reason == "dishonest_signal"


def test_signals_only_in_four_player_french_truc():
    games = [two(), two("truc-sackson"),
             four("truc-catalan", hands=[["7e", "2e", "1e"], ["3b", "2b", "1b"],
                                         ["3o", "2o", "1o"], ["3c", "2c", "1c"]]),
             four("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"],
                                    ["5c", "6h", "Qs"], ["3h", "2h", "Kh"]])]
    for g in games:
        before = copy.deepcopy(g)
        with pytest.raises(truco.IllegalAction) as info:
            g.signal(0, "smile")
        assert info.value.reason == "no_signals_in_variant" and g == before
    sackson = four("truc-sackson")
    sackson.signal(0, "smile")
    assert sackson.observation(2).signals == ((0, "smile"),)


def test_signals_last_one_hand():
    g = four()
    g.signal(1, "smile")
    g.apply("fold")  # the eldest concedes the hand
    assert g.hand_no == 2 and g.signals == () and g.observation(3).signals == ()


# --- spoiled tricks (handled by the core tie rules) -------------------------------------------

def test_spoiled_trick_same_player_leads_again():
    g = two(hands=[["7c", "8c", "9c"], ["7d", "8d", "Ad"]])
    act(g, "play 7c", "play 7d")
    assert g.tricks == (None,) and g.current_player == 0
    act(g, "play 8c", "play 8d")
    assert g.tricks == (None, None) and g.current_player == 0
    g = four(hands=[["9c", "8c", "10c"], ["7d", "Kd", "9d"], ["Ah", "Qh", "8h"],
                    ["7s", "Js", "Qs"]])
    act(g, "play 9c", "play 7d", "play 8h", "play 7s")  # 7 of team B twice: team B's trick
    assert g.tricks == (1,) and g.current_player == 1
    # the top cards are players 1's and 2's, but the leader of the spoiled trick leads again
    g = four(hands=[["9c", "8c", "10c"], ["7d", "Kd", "9d"], ["7h", "Qh", "8h"],
                    ["Js", "7s", "Qs"]])
    act(g, "play 9c", "play 7d", "play 7h", "play Js")
    assert g.tricks == (None,) and g.current_player == 0


def test_spoiled_trick_leader_after_a_won_trick():
    g = four(hands=[["9c", "8c", "Kc"], ["7d", "Kd", "9d"], ["Ah", "Qh", "8h"],
                    ["10s", "Js", "8s"]])
    act(g, "play 9c", "play 7d", "play Ah", "play 10s")  # player 1 wins and leads
    assert g.current_player == 1
    act(g, "play Kd", "play Qh", "play Js", "play Kc")  # K = K between opponents: spoiled
    verdict = hand_verdicts(g)[-1]  # B won the first trick: the spoiled one counts for B
    assert verdict.tricks == (1, None) and verdict.reason == "second_tied"
    assert g.score == (0, 1)


@pytest.mark.parametrize("hands, plays, winner, reason", [
    ([["7c", "8c", "9c"], ["Ac", "8d", "9d"]], ["7c", "Ac", "8c", "8d"], 0, "second_tied"),
    ([["7c", "8c", "9c"], ["7d", "8d", "Ad"]], ["7c", "7d", "9c", "Ad"], 1, "first_tied"),
    ([["7c", "9c", "10c"], ["Ad", "8d", "10d"]], ["7c", "Ad", "9c", "8d", "10d", "10c"], 0,
     "third_tied"),
    ([["7c", "8c", "9c"], ["7d", "8d", "Ad"]], ["7c", "7d", "8c", "8d", "9c", "Ad"], 1,
     "first_tied"),
])
def test_spoiled_tricks_count_for_the_first_side_to_win_a_trick(hands, plays, winner, reason):
    g = two(hands=hands)
    act(g, *[f"play {c}" for c in plays])
    verdict = hand_verdicts(g)[-1]
    assert (verdict.winner, verdict.reason) == (winner, reason)
    assert g.score[winner] == 1 and g.score[1 - winner] == 0


def test_three_spoiled_tricks_nobody_scores():
    g = act(two(hands=[["7c", "8c", "9c"], ["7d", "8d", "9d"]], score=(3, 4)), "raise",
            "accept", "play 7c", "play 7d", "play 8c", "play 8d", "play 9c", "play 9d")
    verdict = hand_verdicts(g)[-1]
    assert verdict.winner is None and verdict.reason == "all_tied_nobody"
    assert verdict.points == 0 and g.score == (3, 4) and g.hand_no == 2 and g.dealer == 0
    g = act(two(hands=[["7c", "8c", "9c"], ["7d", "8d", "9d"]], score=(3, 4)), "mon reste",
            "mon reste", "play 7c", "play 7d", "play 8c", "play 8d", "play 9c", "play 9d")
    assert g.score == (3, 4) and not g.is_over and g.mon_reste is None


# --- illegal actions leave the game untouched -------------------------------------------------

@pytest.mark.parametrize("setup, action, reason, player", [
    ([], "redeal", "only_eldest_proposes_redeal", None),
    (["redeal"], "redeal", "one_redeal_per_hand", None),
    (["redeal"], "mon reste", "answer_pending", None),
    (["play 9c", "mon reste"], "accept", "mon_reste_no_plain_accept", None),
    (["play 9c", "mon reste", "mon reste"], "raise", "no_raise_after_mon_reste", None),
    (["play 9c"], "fold", "only_captains_concede", None),
    (["play 9c", "raise"], "accept", "only_captains_answer", 2),
    (["play 9c", "raise"], "mon reste", "only_captains_answer", 2),
    (["raise", "accept"], "redeal", "redeal_only_before_play", None),
    (["raise", "accept"], "mon reste", "same_side_raised_last", None),
])
def test_illegal_action_leaves_game_equal(setup, action, reason, player):
    g = act(four(), *setup)
    if setup == []:
        g.apply("play 9c")
    illegal(g, action, reason, player)
    assert g == copy.deepcopy(g)


def test_fast_path_kept_for_other_variants():
    g = two("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]])
    assert not g._has_sides
    assert legal(g) == ["play 4c", "play 7h", "play As", "raise", "fold"]
    for name in ("truc", "truc-sackson", "truc-catalan"):
        assert G(name, seed=1)._has_sides


def test_random_truc_games_stay_consistent():
    import random
    words = ("redeal", "mon reste", "raise", "fold", "accept", "refuse")
    for n in (2, 4):
        for name in ("truc", "truc-sackson", "truc-catalan"):
            for seed in range(6):
                g, rng = G(name, players=n, seed=seed), random.Random(seed)
                steps = 0
                while not g.is_over and steps < 2000:
                    options = g.legal_actions()
                    texts = [str(a) for a in options]
                    assert options and len(set(texts)) == len(texts)
                    assert all(g.can(a) for a in options)
                    assert not any(g.can(w) for w in words if w not in texts)
                    if steps % 9 == 0:
                        before = copy.deepcopy(g)
                        word = rng.choice([w for w in words if w not in texts] or ["redeal"])
                        if word not in texts:
                            with pytest.raises(truco.IllegalAction):
                                g.apply(word)
                            assert g == before
                    g.apply(rng.choice(options))
                    steps += 1
                assert g.is_over and max(g.score) >= g.variant.target
                assert max(g.score) < 2 * g.variant.target
