"""Legality is stated once (truco.legality): the fast list equals the list derived from the
rules, and every other action is refused with the rule's own reason (issue 19).

Over many random states of every variant, rule-option setting and player count (states reached
by seeded random play, side bets included): ``Game.legal_actions()`` equals, in order,
``truco.legality.derived_actions(game)`` (each action there is kept when its rule says it is
allowed); every action not in the list raises IllegalAction with the reason the rule gives, and
leaves the game as it was.
"""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import truco
from truco.legality import candidates, derived_actions, why


def setting_list():
    """(variant, players) for every preset and player count, then each rule option's other
    values, and the combinations the benches use."""
    out = []
    for name in truco.VARIANT_NAMES:
        base = truco.variant(name)
        out += [(base, p) for p in base.players]
        for option, values in base.options:
            for value in values:
                if value == getattr(base, option) and value.__class__ is \
                        getattr(base, option).__class__:
                    continue
                v = truco.variant(name, **{option: value})
                out += [(v, p) for p in v.players]
    for name in ("uruguayo", "argentino"):
        v = truco.variant(name, flor=True, envido_cap=4, deck_answers=True, fold_alone=True,
                          flor_stakes="gotruco", falta_envido="chico")
        out += [(v, p) for p in v.players]
    return out


SETTINGS = setting_list()


def states(variant, players, seed, steps):
    """The states of one seeded random game, at most ``steps`` decisions."""
    game = truco.Game(variant, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        yield game
        game.apply(rng.choice(game.legal_actions()))


def check(game):
    fast = [a.text for a in game.legal_actions()]
    assert len(set(fast)) == len(fast), fast
    assert fast == [a.text for a in derived_actions(game)]
    before = game.notation(), game.score, game.phase, game.current_player, len(game.log)
    legal = set(fast)
    for action in candidates(game):
        if action.text in legal:
            continue
        rule = why(game, action)
        assert rule is not None
        err = game.why_not(action)
        assert err is not None and err.reason == rule.reason and str(err) == str(rule)
    assert (game.notation(), game.score, game.phase, game.current_player,
            len(game.log)) == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(SETTINGS))), st.integers(0, 2**31), st.integers(1, 120))
def test_the_fast_list_is_the_list_the_rules_give(which, seed, steps):
    variant, players = SETTINGS[which]
    for game in states(variant, players, seed, steps):
        check(game)


def test_every_setting_agrees_over_a_seeded_game():
    """One whole seeded game of every setting (the property above draws more at random)."""
    for variant, players in SETTINGS:
        for seed in range(1):
            for game in states(variant, players, seed, 400):
                check(game)


def test_an_illegal_action_raises_the_rules_reason_and_changes_nothing():
    g = truco.Game.from_deal("argentino", hands=[["4e", "7c", "1o"], ["5b", "6b", "12c"]],
                             dealer=1)
    g.apply("envido")
    before = g.notation(), g.score, g.phase
    for text in ("play 5b", "raise", "son buenas", "flor", "redeal", "accept"):
        try:
            g.apply(text)
        except truco.IllegalAction as err:
            assert err.reason == g.why_not(text).reason
        else:
            raise AssertionError(f"{text} was allowed")
    assert (g.notation(), g.score, g.phase) == before
