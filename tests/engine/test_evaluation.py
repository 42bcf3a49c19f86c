"""truco.evaluate, truco.grade and truco.review (issue 36, part 1): the values of a decision's
legal actions, checked against a brute force in the engine itself where the evaluator says
it needs no sampling, and the grades and the review built on them."""
from __future__ import annotations

import itertools
import random

import pytest

import truco
from truco import ActionValue, BadArgument, Evaluation, evaluate, grade, review
from truco.evaluation import THRESHOLDS


def example():
    g = truco.Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["2d", "Kc", "Qs"]],
                             dealer=1)
    for a in ["play 3h", "play 2d", "play 5s", "play Kc", "raise"]:
        g.apply(a)
    return g


def test_the_issues_example_is_exact():
    ev = evaluate(example().observation(0))
    assert ev.value("refuse").points == -2 and ev.value("refuse").error == 0.0
    assert ev.value("accept").points == 4 and ev.value("accept").error == 0.0
    assert ev.value("refuse").solved and ev.value("accept").solved and ev.exact
    assert grade(ev, "refuse").label == "blunder"
    # raising again is worth at least the 4 of accepting: refused, it scores 4
    assert ev.value("raise").points >= 4 and ev.value("raise").answered
    assert sorted(a.action for a in ev.actions) == ["accept", "raise", "refuse"]


# --- a brute force in the engine ------------------------------------------------------------------
def _delta(game, team, before):
    return (game.score[team] - before[team]) - (game.score[1 - team] - before[1 - team])


def _best_cards(game, team, before, hand):
    """Both seats play the cards left as well as possible, every card known; no raise."""
    if game.hand_no != hand or game.winner is not None:
        return _delta(game, team, before)
    if game.phase == "answer":
        g = game.copy()
        g.apply("accept")
        return _best_cards(g, team, before, hand)
    seat = game.current_player
    values = []
    for action in game.legal_actions():
        if action.kind != "play":
            continue
        g = game.copy()
        g.apply(action)
        values.append(_best_cards(g, team, before, hand))
    return max(values) if seat & 1 == team else min(values)


def _brute_force(game, seat, action):
    """The mean over every deal of the cards ``seat`` cannot see (each card deal counted
    once) of the engine's result of ``action`` then the best play of the cards."""
    obs = game.observation(seat)
    other = 1 - seat
    seen = set(obs.hand) | {c for _s, c in obs.played} | ({obs.vira} if obs.vira else set())
    played = [c for s, c in obs.played if s == other]
    unseen = [c.code for c in game.variant.deck if c.code not in seen]
    header = dict(variant=game.variant, dealer=game.dealer, score=game.score, vira=obs.vira)
    history = [(e.seat, e.action.text) for e in game.log
               if e.hand == game.hand_no and e.action is not None]
    mine = [c for s, c in obs.played if s == seat] + list(obs.hand)
    total = count = 0
    for rest in itertools.combinations(unseen, obs.hand_size[other]):
        hands = [None, None]
        hands[seat], hands[other] = mine, played + list(rest)
        g = truco.Game.from_deal(hands=hands, **header)
        for who, text in history:
            g.apply(text, player=who)
        before, hand = g.score, g.hand_no
        g.apply(action, player=seat)
        total += _best_cards(g, obs.team, before, hand)
        count += 1
    return total / count


def _positions(variant, tricks_done, n, seed):
    """Random two-player positions after ``tricks_done`` tricks of plain card play."""
    rnd = random.Random(seed)
    out = []
    k = 0
    while len(out) < n:
        k += 1
        g = truco.Game(variant, seed=seed * 1000 + k)
        while g.phase == "play" and len(g.tricks) < tricks_done:
            plays = [a for a in g.legal_actions() if a.kind == "play"]
            g.apply(rnd.choice(plays))
        if g.phase == "play" and len(g.tricks) == tricks_done and g.hand_no == 1 \
                and g.winner is None:
            out.append(g)
    return out


@pytest.mark.parametrize("variant", ["mineiro", "paulista"])
def test_last_trick_values_agree_with_the_brute_force(variant):
    """At the last trick, every card play, fold and answer of the evaluator is the engine's
    own brute-force mean over every deal, to the last digit."""
    checked = 0
    for game in _positions(variant, 2, 8, seed=len(variant)):
        seat = game.current_player
        ev = evaluate(game.observation(seat))
        assert ev.exact
        for a in ev.actions:
            if a.action == "raise":
                continue  # rests on the other side's answer: not a brute-force fact
            assert a.points == pytest.approx(_brute_force(game, seat, a.action), abs=1e-9), \
                (game.notation(), a)
            checked += 1
    assert checked >= 16


def test_second_trick_values_agree_with_the_brute_force():
    checked = 0
    for game in _positions("mineiro", 1, 2, seed=7):
        seat = game.current_player
        ev = evaluate(game.observation(seat))
        for a in ev.actions:
            if a.action != "raise":
                assert a.points == pytest.approx(_brute_force(game, seat, a.action), abs=1e-9)
                checked += 1
    assert checked >= 4


def test_every_card_known_is_solved():
    """Second to play in the last trick: nothing unseen decides anything."""
    g = truco.Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["2d", "Kc", "Qs"]],
                             dealer=1)
    for a in ["play 3h", "play 2d", "play 5s", "play Kc", "play Qs"]:
        g.apply(a)
    ev = evaluate(g.observation(0))
    assert ev.value("play 4c").points == 2 and ev.value("play 4c").solved
    assert ev.value("fold").points == -2 and grade(ev, "fold").label == "blunder"


# --- sampling with four players ------------------------------------------------------------------
def test_four_players_are_sampled_with_an_error_and_a_seed():
    g = truco.Game("mineiro", players=4, seed=5)
    obs = g.observation(g.current_player)
    one, again = evaluate(obs, seed=3, samples=60), evaluate(obs, seed=3, samples=60)
    other = evaluate(obs, seed=4, samples=60)
    assert one == again and not one.exact and one.deals == 60
    assert any(a.error > 0 for a in one.actions)
    assert [a.points for a in one.actions] != [a.points for a in other.actions]
    assert sorted(a.action for a in one.actions) == sorted(obs.legal_actions)


def test_side_bets_are_played_out_in_the_engine():
    g = truco.Game("argentino", seed=5)
    obs = g.observation(g.current_player)
    ev = evaluate(obs, seed=1)
    assert sorted(a.action for a in ev.actions) == sorted(obs.legal_actions)
    assert "envido" in obs.legal_actions and all(a.engine for a in ev.actions)
    assert ev.value("fold").points == -1.0 and ev.value("fold").error == 0.0
    assert [a.points for a in ev.actions] == sorted((a.points for a in ev.actions),
                                                    reverse=True)


# --- grades --------------------------------------------------------------------------------------
def _ev(*points, win=None):
    acts = tuple(ActionValue(f"a{i}", p, 0.0, None if win is None else win[i])
                 for i, p in enumerate(points))
    return Evaluation(0, "mineiro", acts, True, 1, 2)


@pytest.mark.parametrize("loss,label", [(0.0, "best"), (0.4, "good"), (0.5, "inaccuracy"),
                                        (1.0, "mistake"), (1.9, "mistake"), (2.0, "blunder")])
def test_points_thresholds_in_base_values(loss, label):
    g = grade(_ev(3.0, 3.0 - loss), "a1")
    assert g.label == label and g.loss == pytest.approx(loss)
    assert THRESHOLDS["blunder"][0] * 2 == 2.0


def test_game_chance_decides_where_it_counts():
    # a small loss in points, a large one in the chance of winning the game: a blunder
    g = grade(_ev(1.0, 0.9, win=(0.80, 0.60)), "a1")
    assert g.label == "blunder" and g.chance_loss == pytest.approx(0.2)
    assert grade(_ev(1.0, 0.9, win=(0.80, 0.77)), "a1").label == "good"


def test_equal_and_only_move_notes():
    assert grade(_ev(2.0, 2.0, -2.0), "a1").note == "equal"
    assert grade(_ev(2.0, -2.0), "a0").note == "only move"
    assert grade(_ev(2.0), "a0").note == "only move"


def test_bad_input_is_named():
    ev = evaluate(example().observation(0))
    with pytest.raises(BadArgument, match="not one of the legal actions"):
        grade(ev, "play 4c")
    with pytest.raises(BadArgument, match="needs an Observation"):
        evaluate("mineiro")
    with pytest.raises(BadArgument) as err:
        evaluate(example().observation(1))
    assert err.value.reason == "not_your_turn"
    with pytest.raises(BadArgument, match="no player 3"):
        review(example(), 3)


def test_explanations_in_each_language():
    ev = evaluate(example().observation(0))
    english = grade(ev, "refuse").explain()
    assert "blunder" in english.lower()
    try:
        for code in ("fa", "pt_BR", "es_AR", "th", "tl"):
            truco.set_language(code)
            text = grade(ev, "refuse").explain()
            assert text != english and "blunder" not in text.lower()
    finally:
        truco.set_language("en")


# --- the review ----------------------------------------------------------------------------------
def test_review_grades_each_decision_of_the_seat():
    g = example()
    g.apply("refuse")
    mine = review(g, 0)
    assert [d.action for d in mine] == ["play 3h", "play 5s", "refuse"]
    assert mine[-1].grade == "blunder" and mine[-1].best == "raise"
    assert [d.move for d in review(g, 1)] == [2, 4, 5]
    # the hand is over and a new one dealt: the review is of the hand just played
    assert g.hand_no == 2 and review(g, 0) == mine


def test_review_leaves_out_forced_actions():
    g = truco.Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["2d", "Kc", "Qs"]],
                             dealer=1)
    for a in ["play 3h", "play 2d", "play 5s", "play Kc", "play Qs", "play 4c"]:
        g.apply(a)
    moves = [d.move for d in review(g, 0)]
    assert moves == [1, 3, 6]
    assert review(truco.Game("mineiro", seed=1), 0) == ()
