"""How long the review of a hand takes (truco.review: every decision of one seat graded).

Hands come from whole games between basic players (fixed seeds) in each variant; after each
hand the review of seat 0's decisions is timed. Targets (issue 36): a 2-player hand in under
1 s, a 4-player hand in under 3 s (the table shows a progress bar while it works).

    .venv/bin/python bench/review.py [--games 6] [--players 2 4] [--variant NAME ...]
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import truco  # noqa: E402
from truco import players  # noqa: E402

TARGETS = {2: 1.0, 4: 3.0, 6: 3.0}


def percentile(values, q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, max(0, int(round(q * (len(values) - 1)))))]


def hands(variant: str, n: int, games: int):
    """(game after a hand, that hand's number) for the first hands of ``games`` games."""
    for seed in range(games):
        game = truco.Game(variant, players=n, seed=seed)
        bots = [players.get("basic", game.variant) for _s in range(n)]
        rng = random.Random(seed)
        while not game.is_over and game.hand_no <= 3:
            hand = game.hand_no
            while not game.is_over and game.hand_no == hand:
                seat = game.current_player
                action, _why = bots[seat].choose(game.observation(seat), rng)
                game.apply(action, player=seat)
            yield game, hand


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4])
    ap.add_argument("--variant", nargs="+", default=["mineiro", "paulista", "argentino",
                                                     "truc", "uruguayo"])
    args = ap.parse_args()
    print(f"{'variant':<11}{'players':>8}{'hands':>7}{'decisions':>10}{'median s':>10}"
          f"{'p95 s':>8}{'max s':>8}  target")
    for n in args.players:
        for variant in args.variant:
            if n not in truco.variant(variant).players:
                continue
            times, decisions = [], 0
            for game, hand in hands(variant, n, args.games):
                start = time.perf_counter()
                decisions += len(truco.review(game, 0, hand=hand))
                times.append(time.perf_counter() - start)
            target = TARGETS[n]
            p95 = percentile(times, 0.95)
            print(f"{variant:<11}{n:>8}{len(times):>7}{decisions:>10}"
                  f"{percentile(times, 0.5):>10.2f}{p95:>8.2f}{max(times):>8.2f}  "
                  f"{'met' if p95 <= target else 'MISSED'} (p95 under {target:.0f} s)")


if __name__ == "__main__":
    main()
