"""Computer players against each other: whole games, fixed seeds, win rates with 95% CIs.

Every pairing plays ``--games`` games per variant (2,000 by default). Game ``i`` is dealt with
seed ``--seed + i``; the first player of the pairing sits on team A in even games and on team B
in odd ones, so both get the same deals from both sides. Players see only their seat's
observation. Games run in ``--jobs`` processes (2 by default). Targets: ``basic`` beats
``random`` in at least 80% of games, ``strong`` beats ``basic`` in at least 60%.

    .venv/bin/python bench/tournament.py                      # the full run
    .venv/bin/python bench/tournament.py --games 200          # a quick run
    .venv/bin/python bench/tournament.py --variant mineiro --players 2 4 --pairing strong:basic
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import truco  # noqa: E402
from truco import players  # noqa: E402

TARGETS = {("basic", "random"): 0.80, ("strong", "basic"): 0.60}
DEFAULT_PAIRINGS = ("basic:random", "strong:basic")
STRONG_WORLDS = 32  # the strong player's budget here: deals searched per decision
CHUNK = 25  # games per task handed to a worker


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def make_player(name: str, variant, worlds: int):
    if name == "strong":
        return players.get(name, variant, worlds=worlds)
    return players.get(name, variant)


def play_game(variant, n: int, a, b, seed: int, a_team: int) -> tuple[bool, int]:
    """One whole game; (did A's team win, decisions made)."""
    game = truco.Game(variant, players=n, seed=seed)
    rng = random.Random(seed * 7919 + 17)
    decisions = 0
    while not game.is_over:
        seat = game.current_player
        player = a if seat & 1 == a_team else b
        action, _reason = player.choose(game.observation(seat), rng)
        game.apply(action, player=seat)
        decisions += 1
        if decisions > 20_000:
            raise RuntimeError(f"game {seed} of {variant.name} does not end")
    return game.winner == a_team, decisions


def run_chunk(task):
    name, n, a_name, b_name, seeds, base, worlds = task
    variant = truco.variant(name)
    a, b = make_player(a_name, variant, worlds), make_player(b_name, variant, worlds)
    wins = decisions = 0
    start = time.perf_counter()
    for seed in seeds:
        won, d = play_game(variant, n, a, b, seed, (seed - base) % 2)
        wins += won
        decisions += d
    return (name, n, a_name, b_name), wins, len(seeds), decisions, time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per pairing and variant")
    parser.add_argument("--variant", action="append", choices=truco.VARIANT_NAMES)
    parser.add_argument("--players", type=int, nargs="+", default=[2], choices=(2, 4, 6))
    parser.add_argument("--pairing", action="append",
                        help="A:B, e.g. strong:basic (default: basic:random and strong:basic)")
    parser.add_argument("--worlds", type=int, default=STRONG_WORLDS,
                        help="the strong player's deals per decision")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    variants = args.variant or list(truco.VARIANT_NAMES)
    pairings = [tuple(p.split(":")) for p in (args.pairing or DEFAULT_PAIRINGS)]
    for a_name, b_name in pairings:
        for name in (a_name, b_name):
            if name not in players.PLAYERS:
                parser.error(f"unknown player {name!r}; players: {', '.join(players.PLAYERS)}")
    tasks, order = [], []
    for name in variants:
        for n in args.players:
            if n not in truco.variant(name).players:
                continue
            for a_name, b_name in pairings:
                order.append((name, n, a_name, b_name))
                seeds = list(range(args.seed, args.seed + args.games))
                for k in range(0, len(seeds), CHUNK):
                    tasks.append((name, n, a_name, b_name, seeds[k:k + CHUNK], args.seed,
                                  args.worlds))
    print(f"{len(order)} pairings x {args.games} games, seeds {args.seed}.."
          f"{args.seed + args.games - 1}, {args.jobs} processes, strong: {args.worlds} deals "
          f"per decision", flush=True)
    totals = {key: [0, 0, 0, 0.0] for key in order}
    started = time.perf_counter()
    with Pool(args.jobs) as pool:
        for key, wins, games, decisions, seconds in pool.imap_unordered(run_chunk, tasks):
            t = totals[key]
            t[0] += wins
            t[1] += games
            t[2] += decisions
            t[3] += seconds
            if t[1] == args.games:  # a pairing is done: say so (on stderr) as it happens
                print(f"  done: {key[0]} {key[1]}p {key[2]} vs {key[3]}: {t[0] / t[1]:.1%} "
                      f"({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    print()
    print(f"{'variant':<13} {'p':>2}  {'A beats B':<18} {'games':>6}  {'A wins':>7}  "
          f"{'95% CI':<15} {'target':>6}  {'ms/game':>8}")
    failed = []
    for key in order:
        name, n, a_name, b_name = key
        wins, games, decisions, seconds = totals[key]
        lo, hi = wilson(wins, games)
        target = TARGETS.get((a_name, b_name))
        mark = ""
        if target is not None:
            ok = wins / games >= target
            mark = f"{target:.0%} {'ok' if ok else 'MISSED'}"
            if not ok:
                failed.append(key)
        print(f"{name:<13} {n:>2}  {a_name + ' vs ' + b_name:<18} {games:>6}  "
              f"{wins / games:>7.1%}  {lo:>6.1%}-{hi:<7.1%} {mark:>10}  "
              f"{1000 * seconds / games:>8.1f}")
    print()
    for a_name, b_name in pairings:
        rows = [k for k in order if k[2:] == (a_name, b_name)]
        if not rows:
            continue
        wins = sum(totals[k][0] for k in rows)
        games = sum(totals[k][1] for k in rows)
        lo, hi = wilson(wins, games)
        worst = min(rows, key=lambda k: totals[k][0] / totals[k][1])
        print(f"{a_name} beats {b_name}: {wins / games:.1%} of {games} games "
              f"(95% CI {lo:.1%}-{hi:.1%}); lowest {totals[worst][0] / totals[worst][1]:.1%} "
              f"({worst[0]}, {worst[1]} players)")
    print(f"\n{elapsed:.0f} s in all")
    if failed:
        print("targets missed: " + ", ".join(f"{k[2]} vs {k[3]} in {k[0]} ({k[1]}p)"
                                              for k in failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
