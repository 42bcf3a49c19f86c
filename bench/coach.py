"""How long the coach takes to answer: the distribution over real positions, one process.

Positions come from whole games between basic players (fixed seeds) in every variant; at
each of seat 0's decisions the coach is asked for seat 0's advice, and the time is recorded.
Target: a 2-player answer in under 100 ms at the 95th percentile. Four-player answers (sampled,
shown with a progress bar in the app when over a second) are timed too with ``--players 4``.

    .venv/bin/python bench/coach.py [--games 12] [--variant NAME ...] [--players 2 4]
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import truco  # noqa: E402
from truco import coach, players  # noqa: E402

TARGET_P95_MS = 100.0


def percentile(sorted_values, q: float) -> float:
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, int(round(q * (len(sorted_values) - 1)))))
    return sorted_values[k]


def timings(variant, n: int, games: int, seed: int) -> list[float]:
    basic = players.get("basic", variant)
    out = []
    for g in range(games):
        game = truco.Game(variant, players=n, seed=seed + g)
        rng = random.Random(seed + g)
        while not game.is_over:
            seat = game.current_player
            obs = game.observation(seat)
            if seat == 0 and len(obs.legal_actions) > 1:
                start = time.perf_counter()
                coach.advise(obs, variant)
                out.append(1000 * (time.perf_counter() - start))
            game.apply(basic.choose(obs, rng)[0], player=seat)
    return out


def line(label: str, ms: list[float]) -> str:
    ms = sorted(ms)
    return (f"{label:<14} {len(ms):>6} {sum(ms) / len(ms):>8.1f} {percentile(ms, .5):>8.1f} "
            f"{percentile(ms, .9):>8.1f} {percentile(ms, .95):>8.1f} {percentile(ms, .99):>8.1f} "
            f"{ms[-1]:>8.1f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="games per variant")
    parser.add_argument("--variant", action="append", choices=truco.VARIANT_NAMES)
    parser.add_argument("--players", type=int, nargs="+", default=[2], choices=(2, 4))
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args(argv)
    names = args.variant or list(truco.VARIANT_NAMES)
    status = 0
    for n in args.players:
        print(f"\ncoach answer time, {n} players, ms "
              f"({'exact' if n == 2 else f'{coach.SAMPLES[n]} sampled deals'})")
        print(f"{'variant':<14} {'asked':>6} {'mean':>8} {'p50':>8} {'p90':>8} {'p95':>8} "
              f"{'p99':>8} {'max':>8}")
        every = []
        for name in names:
            v = truco.variant(name)
            if n not in v.players:
                continue
            ms = timings(v, n, args.games, args.seed)
            every += ms
            print(line(name, ms))
        print(line("all", every))
        p95 = percentile(sorted(every), .95)
        if n == 2:
            ok = p95 < TARGET_P95_MS
            print(f"p95 {p95:.1f} ms: target < {TARGET_P95_MS:.0f} ms {'met' if ok else 'MISSED'}")
            status |= not ok
        hist = [0] * 6
        edges = (10, 25, 50, 100, 250)
        for x in every:
            hist[sum(x >= e for e in edges)] += 1
        labels = ["<10", "10-25", "25-50", "50-100", "100-250", ">=250"]
        print("histogram (ms): " + ", ".join(f"{lab}: {k}" for lab, k in zip(labels, hist)))
    return status


if __name__ == "__main__":
    sys.exit(main())
