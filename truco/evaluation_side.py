"""Values played out in the engine itself: for a decision with a side bet on offer (envido,
flor, the hand of eleven's decision, ...) or any the hand's model does not know.

The hand so far is rebuilt from the observation: the seat's own cards and every card seen
stay where they are, the unseen ones are dealt at random, and the bets and plays are replayed
in an order that gives back exactly the seat's observation (a deal whose declared envido
points differ is dropped). Each legal action is then applied to the rebuilt game and the hand
is played out by the basic player for every seat (:func:`truco.evaluate` documents the rest).
"""
from __future__ import annotations

import math
from dataclasses import replace

from .errors import BadArgument, TrucoError
from .game import Game
from .i18n import _
from .players import get as get_player
from .players._value import game_chance
from .reasons import Reason
from .truc import mark_redealt

ENGINE_SAMPLES = 40  # deals played out per action
TRIES = 40  # deals tried before the order of the hand's actions is given up


def engine_values(observation, view, texts, rng, *, value, at_stake: bool, history=None,
                  samples=None) -> dict:
    """{action text: value(...)} for ``texts`` of ``observation``'s seat, ``value`` being
    :class:`truco.ActionValue`; ``at_stake``: the hand can end the game."""
    count = min(int(samples), ENGINE_SAMPLES) if samples else ENGINE_SAMPLES
    order = _order(observation, view, rng, history)
    players = [get_player("basic", view.variant) for _s in range(view.n)]
    seat, team = observation.player, observation.team
    sums = {t: [0.0, 0.0, 0.0, 0.0] for t in texts}  # n, points, points², hand wins
    games = {t: 0.0 for t in texts}
    got = 0
    for _attempt in range(count * 4):
        if got >= count:
            break
        game = _rebuild(observation, view, rng, order)
        if game is None:
            continue
        got += 1
        before = game.score
        for text in texts:
            g = game.copy()
            hand = g.hand_no
            g.apply(text, player=seat)
            while g.winner is None and g.hand_no == hand:
                who = g.current_player
                action, _why = players[who].choose(g.observation(who), rng)
                g.apply(action, player=who)
            mine = g.score[team] - before[team]
            theirs = g.score[1 - team] - before[1 - team]
            pts = mine - theirs
            acc = sums[text]
            acc[0] += 1
            acc[1] += pts
            acc[2] += pts * pts
            acc[3] += 1 if mine > theirs else 0
            if g.winner is not None:
                games[text] += 1.0 if g.winner == team else 0.0
            else:
                games[text] += game_chance(view.variant, g.score[team], g.score[1 - team])
    if not got:
        raise BadArgument(_("this observation cannot be rebuilt into a hand of {variant}: its "
                            "bets and cards do not fit together").format(
            variant=_(view.variant.title)), reason=Reason.BAD_ARGUMENT)
    out = {}
    for text, (n, s1, s2, wins) in sums.items():
        mean = s1 / n
        error = math.sqrt(max(s2 / n - mean * mean, 0.0) / n)
        out[text] = value(text, round(mean, 9) + 0.0, error,
                           games[text] / n if at_stake else None, wins / n, False, True)
    return out


def _deal(observation, view, rng, extra: dict | None = None):
    """Hands in seat order: the seat's own cards, the partners' it sees, each seat's cards
    played this hand, and random unseen cards for the rest."""
    played: dict = {}
    for s, code in observation.played:
        played.setdefault(s, []).append(code)
    pool = [c.code for c in view.unseen]
    rng.shuffle(pool)
    hands = []
    for s in range(view.n):
        if s == observation.player and observation.hand is not None:
            cards = list(played.get(s, [])) + list(observation.hand)
        elif s in view.partner:
            cards = list(played.get(s, [])) + [c.code for c in view.partner[s]]
        else:
            cards = list(played.get(s, []))
            while len(cards) < len(played.get(s, [])) + view.sizes[s]:
                cards.append(pool.pop())
        hands.append(cards)
    return hands


def _start(observation, view, hands):
    game = Game.from_deal(view.variant, hands, vira=observation.vira, dealer=observation.dealer,
                          score=tuple(observation.score))
    if _redealt(observation):
        mark_redealt(game)
    return game


def _redealt(observation) -> int:
    """How many of the hand's first bets were a redeal proposed and accepted (the cards
    were dealt again after them: the hand as it is now starts there)."""
    bets = observation.bets
    if len(bets) >= 2 and bets[0][1] == "redeal" and bets[1][1] == "accept":
        return 2
    return 0


def _target(observation):
    """The observation a rebuilt hand must give back (a redeal's bets left out)."""
    drop = _redealt(observation)
    return replace(observation, bets=observation.bets[drop:]) if drop else observation


def _steps(observation):
    plays = [(s, f"play {c}") for s, c in observation.played]
    return plays, list(observation.bets[_redealt(observation):])


def _replay(game, order) -> bool:
    try:
        for s, text in order:
            game.apply(text, player=s)
    except TrucoError:
        return False
    return True


def _order(observation, view, rng, history):
    """The hand's actions so far, in an order that gives back ``observation`` exactly."""
    if history is not None:
        return list(history)
    plays, bets = _steps(observation)
    for _attempt in range(TRIES):
        hands = _deal(observation, view, rng)
        try:
            game = _start(observation, view, hands)
        except TrucoError:
            continue
        found = _search(game, plays, bets, [], _target(observation))
        if found is not None:
            return found
    raise BadArgument(_("this observation cannot be rebuilt into a hand of {variant}: its "
                        "bets and cards do not fit together").format(
        variant=_(view.variant.title)), reason=Reason.BAD_ARGUMENT)


def _search(game, plays, bets, done, observation):
    """Depth-first: merge ``plays`` and ``bets`` (each in its order) into legal steps."""
    if not plays and not bets:
        return done if game.observation(observation.player) == observation else None
    for pick in (bets, plays):
        if not pick:
            continue
        seat, text = pick[0]
        if game.current_player != seat or game.why_not(text, player=seat) is not None:
            continue
        g = game.copy()
        g.apply(text, player=seat)
        rest_p, rest_b = (plays, bets[1:]) if pick is bets else (plays[1:], bets)
        found = _search(g, rest_p, rest_b, done + [(seat, text)], observation)
        if found is not None:
            return found
    return None


def _rebuild(observation, view, rng, order):
    """A game dealt at random where the seat sees exactly ``observation``, or None."""
    hands = _deal(observation, view, rng)
    try:
        game = _start(observation, view, hands)
    except TrucoError:
        return None
    if not _replay(game, order) or game.observation(observation.player) != _target(observation):
        return None
    return game
