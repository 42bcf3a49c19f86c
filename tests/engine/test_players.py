"""Computer players (truco.players): legal choices everywhere, observations only, sound play.

Players are policies over observations: ``choose(observation, rng) -> (action, reason)``.
"""
import random

import pytest

import truco
from truco import players
from truco.notation import from_notation
from truco.players._sim import OVER_PH, WORDS
from truco.players._view import View

VARIANTS = truco.VARIANT_NAMES
TINY = dict(worlds=4)  # the strong player's budget in the legality tests


def seatings(name):
    return [n for n in (2, 4, 6) if n in truco.variant(name).players]


def random_start(v, n, rng):
    """A game from a random score (often near the end: hands of ten, iron hands, falta)."""
    top = v.target - 1
    if rng.random() < 0.5:
        score = (rng.randint(0, top), rng.randint(0, top))
    else:
        score = (rng.randint(max(0, top - 3), top), rng.randint(max(0, top - 3), top))
    return truco.Game(v, players=n, seed=rng.randrange(10**9), score=score,
                      dealer=rng.randrange(n))


# --- every choice is legal ----------------------------------------------------------------------
@pytest.mark.parametrize("name", VARIANTS)
def test_every_player_chooses_only_legal_actions(name):
    """Thousands of positions per variant (2, 4 and 6 players where played): random, basic and
    a small-budget strong player are each asked at every decision; their choice must be legal
    and come with a one-sentence reason. Seats take turns being played by each of them."""
    v = truco.variant(name)
    rng = random.Random(f"legal-{name}")
    cast = {"random": players.get("random", v), "basic": players.get("basic", v),
            "strong": players.get("strong", v, **TINY)}
    asked = {k: 0 for k in cast}
    for n in seatings(name):
        strong_budget = 300 if n == 2 else 120
        strong_asked = 0
        while asked["random"] < 1200 * seatings(name).index(n) + 1200:
            game = random_start(v, n, rng)
            roles = [rng.choice(["random", "random", "basic", "strong"]) for _s in range(n)]
            for _step in range(400):
                if game.is_over or game.hand_no > 3:
                    break
                seat = game.current_player
                obs = game.observation(seat)
                legal = set(obs.legal_actions)
                chosen = {}
                for who, player in cast.items():
                    if who == "strong" and strong_asked >= strong_budget and roles[seat] != who:
                        continue
                    action, reason = player.choose(obs, random.Random(rng.random()))
                    assert action in legal, (name, n, who, action, legal, game.notation())
                    assert isinstance(reason, str) and reason.strip(), (who, action)
                    chosen[who] = action
                    asked[who] += 1
                    strong_asked += who == "strong"
                game.apply(chosen.get(roles[seat], chosen["random"]), player=seat)
    assert asked["random"] >= 2400 and asked["basic"] >= 2400
    assert asked["strong"] >= 300


def test_players_finish_whole_games_against_each_other():
    rng = random.Random(3)
    for name in VARIANTS:
        v = truco.variant(name)
        for n in (2, 4):
            game = truco.Game(v, players=n, seed=rng.randrange(1000))
            cast = [players.get(["basic", "strong", "random"][s % 3], v, **(
                TINY if s % 3 == 1 else {})) for s in range(n)]
            for _step in range(5000):
                if game.is_over:
                    break
                seat = game.current_player
                game.apply(cast[seat](game.observation(seat), rng), player=seat)
            assert game.is_over and game.winner in (0, 1), name


# --- players see observations only --------------------------------------------------------------
def hidden_twin(game, seat, rng):
    """The same hand with other cards in the seats ``seat`` cannot see (their unplayed cards
    swapped for any of the unseen ones), rebuilt from the notation; None if the swap changes
    what happened (e.g. it deals someone a flor that must be sung)."""
    obs = game.observation(seat)
    v = game.variant
    head, _sep, actions = game.notation().partition(" : ")
    dealt = [list(h) for h in game.dealt]
    visible = {seat} | {s for s, _c in obs.partner_hands}
    if obs.hand is None:
        visible.discard(seat)
    played = {c for _s, c in obs.played}
    fixed = {c.code for s in visible for c in dealt[s]} | played
    if game.vira is not None:
        fixed.add(game.vira.code)
    pool = [c.code for c in v.deck if c.code not in fixed]
    rng.shuffle(pool)
    new = []
    for s, hand in enumerate(dealt):
        if s in visible:
            new.append([c.code for c in hand])
            continue
        keep = [c.code for c in hand if c.code in played]
        new.append(keep + [pool.pop() for _k in range(3 - len(keep))])
    words = head.split()
    words = [w if not w.startswith("hands=") else "hands=" + "/".join(",".join(h) for h in new)
             for w in words]
    try:
        twin = from_notation(" ".join(words) + (" : " + actions if actions else ""))
    except (truco.IllegalAction, ValueError):
        return None
    if twin.observation(seat) != obs:
        return None
    return twin


@pytest.mark.parametrize("name", VARIANTS)
def test_choices_do_not_depend_on_hidden_cards(name):
    """Two games that differ only in cards the seat cannot see give the seat the same
    observation, and every player then makes the same choice with the same random numbers."""
    v = truco.variant(name)
    rng = random.Random(f"hidden-{name}")
    cast = [players.get("random", v), players.get("basic", v), players.get("strong", v, worlds=6)]
    checked = 0
    tries = 0
    while checked < 25 and tries < 400:
        tries += 1
        n = rng.choice(seatings(name)[:2])
        game = random_start(v, n, rng)
        for _k in range(rng.randrange(0, 6)):
            if game.is_over or game.hand_no > 1:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over or game.hand_no > 1:
            continue
        seat = game.current_player
        twin = hidden_twin(game, seat, rng)
        if twin is None:
            continue
        others = [c for s in range(n) if s != seat for c in game.hand(s)]
        twin_others = [c for s in range(n) if s != seat for c in twin.hand(s)]
        if others == twin_others:
            continue
        obs, twin_obs = game.observation(seat), twin.observation(seat)
        assert obs == twin_obs
        for player in cast:
            seed = rng.random()
            assert player.choose(obs, random.Random(seed)) == \
                player.choose(twin_obs, random.Random(seed)), (player, game.notation())
        checked += 1
    assert checked >= 20, checked


def test_an_observation_carries_no_hidden_cards():
    g = truco.Game("mineiro", players=4, seed=5)
    obs = g.observation(g.current_player)
    text = repr(obs)
    for s in range(4):
        if s != obs.player:
            for c in g.hand(s):
                assert f"'{c.code}'" not in text


# --- the model the strong player searches agrees with the engine --------------------------------
SIDE_OPTIONS = {"envido", "real envido", "falta envido", "redeal", "mon reste"}


def model_action(text, view):
    if text.startswith("play "):
        return view.rules.strength[view.variant.card(text[5:]).id]
    return {w: c for c, w in WORDS.items()}.get(text)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_search_model_plays_hands_as_the_engine_does(name):
    """From positions of random games, the rest of the hand is played in the engine and in the
    players' compact model with the same actions: same legal moves, same winner and points.
    (Side bets are left to other rules: they are never chosen here, and a hand where one must
    be answered or a flor sung stops being compared.)"""
    v = truco.variant(name)
    rng = random.Random(f"model-{name}")
    compared = 0
    for _g in range(300):
        if compared >= 60:
            break
        n = rng.choice(seatings(name)[:2])
        game = random_start(v, n, rng)
        for _k in range(rng.randrange(0, 14)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over or game.phase not in ("play", "answer"):
            continue
        hand_no, seat = game.hand_no, game.current_player
        view = View(game.observation(seat), v)
        if view.mine is None or view.guessed or \
                any(model_action(a, view) is None for a in view.legal if a not in SIDE_OPTIONS):
            continue  # a side bet is open: the model leaves those to other rules
        S = view.rules.strength
        sim = view.sim({s: [S[c.id] for c in game.hand(s)] for s in range(n)})
        ok = True
        while sim.phase != OVER_PH and game.hand_no == hand_no and not game.is_over:
            engine = [a for a in game.legal_actions() if a.text not in SIDE_OPTIONS]
            if game.observation(game.current_player).hand is None:
                ok = False
                break
            engine_codes = {model_action(a.text, view) for a in engine}
            if None in engine_codes:
                ok = False  # a flor to sing, an envido to answer: not modelled
                break
            assert set(sim.legal()) == engine_codes, (game.notation(), sim.legal())
            assert sim.cur == game.current_player
            a = rng.choice(engine)
            sim.apply(model_action(a.text, view))
            game.apply(a)
        if not ok:
            continue
        verdict = [e for e in game.log if e.kind in ("hand", "refuse", "fold") and
                   e.hand == hand_no and e.verdict is not None and
                   e.verdict.kind in ("hand", "refuse", "fold")][-1].verdict
        assert sim.phase == OVER_PH
        assert (sim.winner, sim.points) == (verdict.winner, verdict.points), game.hand_notations
        compared += 1
    assert compared >= 40, compared


# --- sound play -----------------------------------------------------------------------------------
def choose(player, game, seed=1):
    return player.choose(game.observation(game.current_player), random.Random(seed))


def test_registry():
    assert set(players.PLAYERS) == {"random", "basic", "strong"}
    for name in players.PLAYERS:
        p = players.get(name)
        assert p.name == name and isinstance(p, players.Player)
    assert players.get("Strong", worlds=5).worlds == 5
    with pytest.raises(ValueError):
        players.get("grandmaster")
    with pytest.raises(ValueError):
        players.get("strong", worlds=0)


def test_a_player_is_asked_only_on_its_turn():
    g = truco.Game("mineiro", seed=1)
    idle = 1 - g.current_player
    for name in players.PLAYERS:
        with pytest.raises(ValueError):
            players.get(name).choose(g.observation(idle), random.Random(1))


def test_calling_a_player_gives_the_action_text():
    g = truco.Game("paulista", seed=4)
    obs = g.observation(g.current_player)
    basic = players.get("basic")
    assert basic(obs, random.Random(2)) == basic.choose(obs, random.Random(2))[0]


def test_basic_wins_the_trick_as_cheaply_as_possible():
    g = truco.Game.from_deal("mineiro", hands=[["Kd", "5c", "6h"], ["Jc", "Ac", "4h"]], dealer=1)
    g.apply("play Kd")
    action, reason = choose(players.get("basic"), g)
    assert action == "play Ac" and "cheapest" in reason


def test_basic_throws_its_lowest_card_when_it_cannot_win():
    g = truco.Game.from_deal("mineiro", hands=[["4c", "5c", "6h"], ["3s", "Jc", "Qh"]], dealer=1)
    g.apply("play 4c")
    action, reason = choose(players.get("basic"), g)
    assert action == "play Qh" and "lowest" in reason


def test_basic_raises_strong_hands_and_refuses_hopeless_raises():
    g = truco.Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["4d", "5d", "6s"]], dealer=1)
    assert choose(players.get("basic"), g)[0] == "raise"
    g.apply("raise")
    assert choose(players.get("basic"), g)[0] == "refuse"


def test_basic_answers_envido_by_its_points():
    g = truco.Game.from_deal("argentino", hands=[["4b", "5c", "10o"], ["7e", "6e", "1o"]],
                             dealer=1)
    g.apply("envido")
    action, _reason = choose(players.get("basic"), g)
    assert action in ("real envido", "falta envido", "quiero")
    g = truco.Game.from_deal("argentino", hands=[["7e", "6e", "1o"], ["4b", "10c", "11o"]],
                             dealer=1)
    g.apply("envido")
    assert choose(players.get("basic"), g)[0] == "no quiero"


def test_strong_accepts_a_sure_win_and_refuses_a_sure_loss():
    # two tied tricks, the last decides: player 1 (mano) leads it with a Truco; player 0 keeps
    # the Zap (unbeatable), then a 6 (beaten by anything)
    for zero, expected in (("4c", {"accept", "raise"}), ("6c", {"refuse"})):
        g = truco.Game.from_deal("mineiro", hands=[["3s", "5h", zero], ["3d", "5d", "Kc"]],
                                 dealer=0)
        for a in ["play 3d", "play 3s", "play 5d", "play 5h", "raise"]:
            g.apply(a)
        assert g.current_player == 0 and g.tricks == (None, None)
        action, reason = choose(players.get("strong", worlds=16), g)
        assert action in expected, (zero, action, reason)
        assert ("100%" if zero == "4c" else "0%") in reason


def test_strong_respects_its_budget():
    import time
    g = truco.Game("paulista", players=4, seed=2)
    strong = players.get("strong", worlds=10_000, time_limit=0.05)
    start = time.perf_counter()
    choose(strong, g)
    assert time.perf_counter() - start < 1.0


def test_players_are_deterministic_given_the_random_numbers():
    g = truco.Game("uruguayo", seed=8)
    for name in players.PLAYERS:
        p = players.get(name, **(TINY if name == "strong" else {}))
        assert choose(p, g, 5) == choose(p, g, 5)


def test_the_variant_options_come_from_the_player():
    """An observation names its variant but not the options: the player is told them."""
    v = truco.variant("mineiro", all_tie="nobody")
    g = truco.Game(v, seed=3)
    p = players.get("strong", v, **TINY)
    assert View(g.observation(g.current_player), v).variant.all_tie == "nobody"
    assert choose(p, g)[0] in g.observation(g.current_player).legal_actions
