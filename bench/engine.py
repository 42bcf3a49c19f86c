"""Engine speed: random legal self-play, one process, one core, fixed seeds.

Prints matches/s (games played to the target), hands/s and decisions/s per variant and player
count, then the side-by-side run against the peers' benchmark: `uruguayo`, 4 players, to 20
points, flor on, envido raising capped at 4 points at stake, no folding, a random player that
takes the legal actions and picks one at random.

How it measures, and why so. Rates are per CPU-second of this process (time.process_time).
This machine's speed swings by a third or more from one minute to the next, so a figure taken
alone says little. The run is made of rounds (``--rounds``); each round measures every
setting for ``--seconds`` and, when `pytruco` is installed (the `bench` extra, which
`make bench` installs), pytruco's own self-play in the same setting right before ours. Each
figure printed is the median over the rounds. The targets were set as figures measured on
this machine when the issues were written: pytruco 54 matches/s and 2,800 decisions/s, gotruco
3,050 matches/s and 160,000 decisions/s, and 150,000 decisions/s asked of us. They are read
here as multiples of pytruco measured in the same round: decisions/s at least 150,000 / 2,800
= 53.6 times pytruco's, matches/s in the comparison run at least 3,050 / 54 = 56.5 times
pytruco's (gotruco's lead over pytruco then). The absolute figures are printed beside them.

    .venv/bin/python bench/engine.py [--seconds 0.5] [--rounds 5] [--variant NAME ...]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import truco  # noqa: E402

# The figures the issues give, measured on this machine when they were written.
TARGET_DECISIONS = 150_000
PYTRUCO_DECISIONS, PYTRUCO_MATCHES = 2_800, 54
GOTRUCO_DECISIONS, GOTRUCO_MATCHES = 160_000, 3_050
DECISIONS_RATIO = TARGET_DECISIONS / PYTRUCO_DECISIONS  # 53.6
MATCHES_RATIO = GOTRUCO_MATCHES / PYTRUCO_MATCHES  # 56.5


def self_play(variant, players: int, seconds: float, *, no_fold=False, seed=0):
    """(matches/s, hands/s, decisions/s) of random legal self-play for ``seconds`` of CPU."""
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


def pytruco_self_play(seconds: float, seed=0):
    """pytruco's (matches/s, decisions/s) in the comparison setting (its own random player,
    4 players, to 20, no folding), or None when it is not installed."""
    try:
        from pytruco.pdt.chi import random_action
        from pytruco.pdt.partida import Partida
    except ImportError:
        return None
    random.seed(seed)  # pytruco draws from the random module's own generator
    matches = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        match = Partida(20, ["Alice", "Ariana"], ["Bob", "Ben"], verbose=False)
        while not match.terminada():
            random_action(match, allow_mazo=False).hacer(match)
            decisions += 1
        matches += 1
    elapsed = time.process_time() - start
    return matches / elapsed, decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per measure")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--variant", action="append", choices=truco.VARIANT_NAMES)
    args = parser.parse_args()
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    except (AttributeError, OSError):
        pass
    settings = [(name, players) for name in args.variant or truco.VARIANT_NAMES
                for players in truco.variant(name).players]
    peer_variant = truco.variant("uruguayo", target=20, flor=True, envido_cap=4)
    ours: dict = {s: [] for s in settings}
    comparison, peer = [], []
    for round_no in range(args.rounds):
        print(f"round {round_no + 1} of {args.rounds} ...", file=sys.stderr)
        theirs = pytruco_self_play(2 * args.seconds, seed=round_no)
        if theirs is not None:
            peer.append(theirs)
        for name, players in settings:
            ours[name, players].append(self_play(name, players, args.seconds, seed=round_no))
        comparison.append(self_play(peer_variant, 4, 2 * args.seconds, no_fold=True,
                                    seed=round_no))

    def med(rows, k):
        return statistics.median(r[k] for r in rows)

    peer_decisions = med(peer, 1) if peer else None
    print(f"\nmedians of {args.rounds} rounds of {args.seconds:g} CPU-s per setting")
    print(f"{'variant':14} {'players':>7} {'matches/s':>10} {'hands/s':>10} {'decisions/s':>12}"
          + (f" {'x pytruco':>10}" if peer else ""))
    worst = None
    worst_ratio = None
    for (name, players), rows in ours.items():
        d = med(rows, 2)
        worst = d if worst is None else min(worst, d)
        line = f"{name:14} {players:>7} {med(rows, 0):>10.0f} {med(rows, 1):>10.0f} {d:>12.0f}"
        if peer:  # the median of the rounds' ratios, each against pytruco in the same round
            ratio = statistics.median(r[2] / p[1] for r, p in zip(rows, peer))
            worst_ratio = ratio if worst_ratio is None else min(worst_ratio, ratio)
            line += f" {ratio:>10.1f}"
        print(line)
    print(f"slowest: {worst:,.0f} decisions/s (target {TARGET_DECISIONS:,} as measured when "
          f"the issue was written; gotruco then {GOTRUCO_DECISIONS:,}, pytruco "
          f"{PYTRUCO_DECISIONS:,})")
    if peer:
        print(f"  pytruco, same rounds: {peer_decisions:,.0f} decisions/s; slowest variant "
              f"{worst_ratio:.1f} x pytruco, target {DECISIONS_RATIO:.1f} x: "
              f"{'met' if worst_ratio >= DECISIONS_RATIO else 'NOT met'}")

    print("\ncomparison run: uruguayo, 4 players, to 20, flor, envido capped at 4, no folding")
    m = med(comparison, 0)
    print(f"  truco-tutor: {m:,.0f} matches/s ({med(comparison, 2):,.0f} decisions/s)")
    print(f"  gotruco (Go, one thread, measured when the issue was written): "
          f"{GOTRUCO_MATCHES:,} matches/s, {MATCHES_RATIO:.1f} x pytruco's {PYTRUCO_MATCHES}")
    if not peer:
        print("  pytruco: not installed (`make bench` installs the bench extra); "
              f"measured when the issue was written: {PYTRUCO_MATCHES} matches/s")
        return
    theirs = med(peer, 0)
    per_round = [c[0] / p[0] for c, p in zip(comparison, peer)]
    ratio = statistics.median(per_round)
    print(f"  pytruco, same rounds: {theirs:,.1f} matches/s ({peer_decisions:,.0f} decisions/s)")
    print(f"  truco-tutor / pytruco: {ratio:.1f} x (rounds: "
          f"{', '.join(f'{r:.0f}' for r in per_round)}); target {MATCHES_RATIO:.1f} x: "
          f"{'met' if ratio >= MATCHES_RATIO else 'NOT met'}")


if __name__ == "__main__":
    main()
