"""Engine speed: random legal self-play, one process, one core, fixed seeds.

Rates are per CPU-second of this process (time.process_time), so other load on the machine
skews them less. Prints matches/s (games played to the target), hands/s and decisions/s per variant and player
count, then the side-by-side run against the peers' benchmark: `uruguayo`, 4 players, to 20
points, flor on, envido raising capped at 4 points at stake, no folding, a random player that
takes the legal actions and picks one at random. If `pytruco` is installed (the `bench` extra),
its figure for the same setting is printed beside ours.

    .venv/bin/python bench/engine.py [--seconds 3] [--variant NAME ...]
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import truco  # noqa: E402


def self_play(variant, players: int, seconds: float, *, no_fold=False, seed=0):
    rng = random.Random(seed)
    games = hands = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = truco.Game(variant, players=players, seed=seed + games)
        choice = rng.choice
        if no_fold:
            while not game.is_over:
                legal = [a for a in game.legal_actions() if a.kind != "fold"]
                game.apply(choice(legal))
                decisions += 1
        else:
            while not game.is_over:
                game.apply(choice(game.legal_actions()))
                decisions += 1
        games += 1
        hands += game.hand_no
    elapsed = time.process_time() - start
    return games / elapsed, hands / elapsed, decisions / elapsed


def pytruco_matches_per_second(seconds: float):
    """pytruco's matches/s in the same setting, or None when it is not installed."""
    try:
        from pytruco.pdt.chi import random_action
        from pytruco.pdt.partida import Partida
    except ImportError:
        return None

    matches, start = 0, time.process_time()
    while time.process_time() - start < seconds:  # the peer's own self-play loop, 4 players
        match = Partida(20, ["Alice", "Ariana"], ["Bob", "Ben"], verbose=False)
        while not match.terminada():
            random_action(match, allow_mazo=False).hacer(match)
        matches += 1
    return matches / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--variant", action="append", choices=truco.VARIANT_NAMES)
    args = parser.parse_args()
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    except (AttributeError, OSError):
        pass
    print(f"{'variant':14} {'players':>7} {'matches/s':>10} {'hands/s':>10} {'decisions/s':>12}")
    worst = None
    for name in args.variant or truco.VARIANT_NAMES:
        for players in truco.variant(name).players:
            m, h, d = self_play(name, players, args.seconds)
            worst = d if worst is None else min(worst, d)
            print(f"{name:14} {players:>7} {m:>10.0f} {h:>10.0f} {d:>12.0f}")
    print(f"slowest: {worst:,.0f} decisions/s (target 150,000; gotruco 160,000; pytruco 2,800)")
    peer = truco.variant("uruguayo", target=20, flor=True, envido_cap=4)
    m, h, d = self_play(peer, 4, args.seconds, no_fold=True)
    print("\ncomparison run: uruguayo, 4 players, to 20, flor, envido capped at 4, no folding")
    print(f"  truco-tutor: {m:,.0f} matches/s ({d:,.0f} decisions/s)")
    print("  gotruco (Go, one thread, measured on this machine): 3,050 matches/s")
    theirs = pytruco_matches_per_second(args.seconds)
    if theirs is None:
        print("  pytruco: not installed (pip install -e '.[bench]'); measured earlier: 54 matches/s")
    else:
        print(f"  pytruco: {theirs:,.1f} matches/s, same run")


if __name__ == "__main__":
    main()
