"""Engine speed before and after a change: the same random self-play loop as
``bench/engine.py``, run on two source trees in alternate processes, so both see the same
machine from one minute to the next.

Each round starts one process per tree (the old tree first, then the new, then the other way
round the next round) that measures every variant and player count for ``--seconds`` of CPU;
the figures printed are each tree's medians over the rounds and their ratio, new / old.

    .venv/bin/python bench/engine_compare.py OLD_TREE NEW_TREE [--rounds 5] [--seconds 0.5]
        [--variant NAME ...]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

# One process: import truco from the tree given, measure every setting, print JSON.
CHILD = """
import json, os, sys
tree, seconds, only = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
sys.path.insert(0, tree)
sys.path.insert(0, os.path.join(tree, "bench"))
try:
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
except (AttributeError, OSError):
    pass
import truco
from engine import self_play
assert truco.__file__.startswith(tree), truco.__file__
out = {}
for name in only or truco.VARIANT_NAMES:
    for players in truco.variant(name).players:
        out[f"{name} {players}p"] = self_play(name, players, seconds)[2]
print(json.dumps(out))
"""


def measure(tree: str, seconds: float, variants: list[str]) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-c", CHILD, os.path.abspath(tree), str(seconds),
                           *variants],
                          cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--variant", action="append", default=[], help="only these variants")
    args = parser.parse_args()
    runs: dict[str, list[dict]] = {"old": [], "new": []}
    for r in range(args.rounds):
        order = ("old", "new") if r % 2 == 0 else ("new", "old")
        for which in order:
            print(f"round {r + 1} of {args.rounds}: {which} ...", file=sys.stderr)
            runs[which].append(measure(getattr(args, which), args.seconds, args.variant))
    print(f"decisions/s, medians of {args.rounds} alternate rounds of {args.seconds:g} CPU-s")
    print(f"{'setting':18} {'old':>10} {'new':>10} {'new/old':>8}")
    ratios = []
    for key in runs["old"][0]:
        old = statistics.median(run[key] for run in runs["old"])
        new = statistics.median(run[key] for run in runs["new"])
        ratios.append(new / old)
        print(f"{key:18} {old:>10.0f} {new:>10.0f} {new / old:>8.3f}")
    print(f"lowest ratio {min(ratios):.3f}, median {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
