"""The coach (truco.coach): exact odds with two players, checked against a brute-force count
played in the engine itself; sampled odds with four; a legal suggestion with its reason."""
import itertools
import random
from fractions import Fraction

import pytest

import truco
from truco import coach
from truco.notation import from_notation


def twins(game, seat):
    """Every game that looks the same from ``seat``: the opponent's unplayed cards replaced by
    each possible set of unseen cards (two players), rebuilt from the notation."""
    obs = game.observation(seat)
    other = 1 - seat
    v = game.variant
    head, _sep, actions = game.notation().partition(" : ")
    dealt = [[c.code for c in h] for h in game.dealt]
    played = [c for s, c in obs.played if s == other]
    seen = set(dealt[seat]) | {c for _s, c in obs.played}
    if game.vira is not None:
        seen.add(game.vira.code)
    unseen = [c.code for c in v.deck if c.code not in seen]
    for held in itertools.combinations(unseen, 3 - len(played)):
        hands = list(dealt)
        hands[other] = played + list(held)
        words = [w if not w.startswith("hands=") else
                 "hands=" + "/".join(",".join(h) for h in hands) for w in head.split()]
        yield from_notation(" ".join(words) + (" : " + actions if actions else ""))


def best_play(game, team, hand_no):
    """+1 / 0 / -1 for ``team`` when both sides play the cards left as well as possible (the
    engine plays them; raises are left out)."""
    if game.is_over or game.hand_no != hand_no:
        verdict = [e for e in game.log if e.kind == "hand" and e.hand == hand_no][-1].verdict
        return 0 if verdict.winner is None else (1 if verdict.winner == team else -1)
    plays = [a for a in game.legal_actions() if a.kind == "play"]
    if len(plays) == 1:  # no choice: play on in this copy
        game.apply(plays[0])
        return best_play(game, team, hand_no)
    results = []
    for action in plays:
        after = game.copy()
        after.apply(action)
        results.append(best_play(after, team, hand_no))
    return max(results) if game.current_player & 1 == team else min(results)


def brute_force(game):
    """(win chance per playable card, trick (win, tie) per card), counted over every hand the
    opponent could hold."""
    seat = game.current_player
    team, hand_no = seat & 1, game.hand_no
    strength = game.variant.ranking(game.vira).strength if game.vira else \
        game.variant.ranking().strength
    plays = [a.text for a in game.legal_actions() if a.kind == "play"]
    won = {p: 0 for p in plays}
    trick = {p: [0, 0] for p in plays}
    worlds = 0
    for twin in twins(game, seat):
        worlds += 1
        on_table = [strength[c.id] for _s, c in twin.current_trick]
        opp_cards = [strength[c.id] for c in twin.hand(1 - seat)]
        for p in plays:
            after = twin.copy()
            after.apply(p)
            won[p] += best_play(after, team, hand_no) == 1
            mine = strength[twin.variant.card(p[5:]).id]
            answers = [] if on_table else opp_cards  # the opponent still to play this trick
            against = on_table + answers
            if all(x < mine for x in against):
                trick[p][0] += 1
            elif max(against) == mine:
                trick[p][1] += 1
    return ({p: Fraction(k, worlds) for p, k in won.items()},
            {p: (Fraction(a, worlds), Fraction(b, worlds)) for p, (a, b) in trick.items()},
            worlds)


def check_exact(game):
    seat = game.current_player
    advice = coach.advise(game.observation(seat), game.variant)
    wins, tricks, worlds = brute_force(game)
    assert advice.exact and advice.deals == worlds
    by_code = {f"play {c.code}": c for c in advice.cards}
    assert set(by_code) == set(wins)
    for play, chance in wins.items():
        assert by_code[play].hand_win == pytest.approx(float(chance), abs=1e-12), play
        win, tie = tricks[play]
        assert by_code[play].trick_win == pytest.approx(float(win), abs=1e-12), play
        assert by_code[play].trick_tie == pytest.approx(float(tie), abs=1e-12), play
    assert advice.win == pytest.approx(float(max(wins.values())), abs=1e-12)
    assert advice.action in game.observation(seat).legal_actions and advice.reason
    return advice


def test_last_trick_is_counted_exactly():
    # player 0 won trick 1, player 1 trick 2; player 0 leads the last trick with the 2 of clubs
    g = truco.Game.from_deal("mineiro", hands=[["3c", "Kd", "2c"], ["Qs", "Ah", "6d"]], dealer=1)
    for a in ["play 3c", "play Qs", "play Kd", "play Ah"]:
        g.apply(a)
    assert g.current_player == 1 and g.tricks == (0, 1)
    g.apply("play 6d")  # the opponent leads the 6: player 0 now follows with the 2
    advice = check_exact(g)
    assert advice.win == 1 and advice.cards[0].trick_win == 1
    g = truco.Game.from_deal("mineiro", hands=[["3c", "Kd", "2c"], ["Qs", "Ah", "6d"]], dealer=1)
    for a in ["play Kd", "play Ah", "play Qs", "play 3c"]:
        g.apply(a)
    assert g.current_player == 0 and g.tricks == (1, 0)
    advice = check_exact(g)  # player 0 leads the 2 of clubs into one unknown card
    assert 0 < advice.win < 1


def test_two_cards_left_are_counted_exactly():
    g = truco.Game.from_deal("mineiro", hands=[["7s", "Ks", "5h"], ["Qd", "Jc", "3h"]], dealer=1)
    g.apply("play 7s")
    g.apply("play Jc")  # player 1 wins the first trick and leads the second
    g.apply("play 3h")
    check_exact(g)  # player 0 follows with two cards left
    g = truco.Game.from_deal("paulista", hands=[["Ad", "2s", "5c"], ["6h", "Kd", "Jc"]],
                             vira="Kh", dealer=1)
    g.apply("play 5c")
    g.apply("play 6h")
    assert g.current_player == 1
    check_exact(g)  # the vira makes the aces manilhas; player 1 leads with two cards left


def test_tied_tricks_follow_the_variant():
    # Truc: a spoiled first trick; the same player leads again and the next trick decides
    g = truco.Game.from_deal("truc", hands=[["Ac", "9d", "Kh"], ["Ah", "Qs", "10c"]], dealer=1)
    g.apply("refuse") if g.phase == "redeal" else None
    g.apply("play Ac")
    g.apply("play Ah")
    assert g.tricks == (None,) and g.current_player == 0
    check_exact(g)


def test_four_players_are_sampled():
    g = truco.Game("paulista", players=4, seed=11)
    seat = g.current_player
    calls = []
    advice = coach.advise(g.observation(seat), samples=60, progress=lambda k, n: calls.append(
        (k, n)))
    assert not advice.exact and advice.deals == 60
    assert calls and calls[-1] == (60, 60)
    assert 0 <= advice.win <= 1 and 0 <= advice.nobody <= 1
    assert {f"play {c.code}" for c in advice.cards} == {
        a for a in g.observation(seat).legal_actions if a.startswith("play ")}
    assert advice.action in g.observation(seat).legal_actions and advice.reason
    assert "sampled deals" in advice.summary()


def test_suggestions_are_legal_in_every_phase():
    rng = random.Random(4)
    phases = set()
    for name in truco.VARIANT_NAMES:
        v = truco.variant(name)
        for k in range(6):
            g = truco.Game(v, seed=rng.randrange(1000), score=(rng.randrange(v.target),
                                                              rng.randrange(v.target)))
            for _step in range(rng.randrange(0, 7)):
                if g.is_over:
                    break
                g.apply(rng.choice(g.legal_actions()))
            if g.is_over:
                continue
            seat = g.current_player
            advice = coach.advise(g.observation(seat), v)
            phases.add(g.phase)
            assert advice.action in g.observation(seat).legal_actions, (name, g.notation())
            assert advice.reason and 0 <= advice.win <= 1
    assert {"play", "answer"} <= phases


def test_the_coach_reads_only_the_observation():
    """Games that differ only in cards the learner cannot see get the same advice."""
    g = truco.Game.from_deal("mineiro", hands=[["7s", "Ks", "5h"], ["Qd", "Jc", "3h"]], dealer=1)
    other = truco.Game.from_deal("mineiro", hands=[["7s", "4c", "2d"], ["Qd", "Jc", "3h"]],
                                 dealer=1)
    for game in (g, other):
        game.apply("play 7s")
    assert g.observation(1) == other.observation(1)
    a, b = coach.advise(g.observation(1)), coach.advise(other.observation(1))
    assert (a.win, a.cards, a.action, a.reason, a.deals) == (b.win, b.cards, b.action, b.reason,
                                                             b.deals)


def test_off_turn_advice_has_no_suggestion():
    g = truco.Game("mineiro", seed=3)
    idle = 1 - g.current_player
    advice = coach.advise(g.observation(idle))
    assert advice.action is None and advice.cards == () and 0 <= advice.win <= 1
