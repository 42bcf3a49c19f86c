"""The engine's fingerprint: what thousands of seeded games show, hashed, to check that a
restructuring changed nothing a caller can see.

Plays seeded games of every variant and player count, and of each rule option's other values,
with a seeded random policy. For every decision it hashes the legal-action list, the action
taken, the verdict of every logged event (reason, winner, points, rule and explain() in
English), the reason and message of two illegal actions asked with ``why_not`` (a word and a
card drawn by a second generator, so the games themselves do not depend on them), and the
public state; at the end of each game, every hand's notation and the final score. Prints one
hash per variant/players (and options) and a total.

    .venv/bin/python bench/fingerprint.py [--games 60] [--out FILE]

Compare before and after a change: ``diff bench/fingerprint-before.txt <(... fingerprint.py)``.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import truco  # noqa: E402
from truco.actions import WORDS  # noqa: E402

# The fields an observation had when this fingerprint was first taken (new fields may be
# added to it without changing the fingerprint).
OBS_FIELDS = ("player", "team", "variant", "phase", "current_player", "hand", "hand_size",
              "partner_hands", "vira", "trick", "tricks", "played", "score", "hand_value",
              "pending_raise", "dealer", "mano", "special_hand", "legal_actions")


def settings():
    """(label, variant, players) for every preset and player count, then each rule option's
    other values one at a time."""
    for name in truco.VARIANT_NAMES:
        base = truco.variant(name)
        for players in base.players:
            yield f"{name} {players}p", base, players
        for option, values in base.options:
            for value in values:
                if value == getattr(base, option) and value.__class__ is \
                        getattr(base, option).__class__:
                    continue
                v = truco.variant(name, **{option: value})
                for players in v.players:
                    yield f"{name}[{option}={value}] {players}p", v, players
    # A few combinations the benches and differential tests use.
    for name in ("uruguayo", "argentino"):
        v = truco.variant(name, target=20 if name == "uruguayo" else 15, flor=True,
                          envido_cap=4, deck_answers=True)
        for players in v.players:
            yield f"{name}[combo] {players}p", v, players
        v = truco.variant(name, flor=True, flor_stakes="gotruco", falta_envido="chico",
                          fold_alone=True)
        for players in v.players:
            yield f"{name}[gotruco,chico,alone] {players}p", v, players


def verdict_text(verdict) -> str:
    if verdict is None:
        return "-"
    return "|".join((type(verdict).__name__, str(verdict.kind), str(verdict.reason),
                     str(verdict.winner), str(verdict.points), verdict.rule(),
                     verdict.explain()))


def play(h, variant, players: int, seed: int) -> int:
    """Play one seeded game into the hash ``h``; returns the number of decisions."""
    game = truco.Game(variant, players=players, seed=seed)
    rng = random.Random(seed * 7919 + 1)
    probe = random.Random(seed * 104729 + 3)
    upd = h.update
    seen = 0
    decisions = 0
    deck = [c.code for c in variant.deck]
    while not game.is_over:
        legal = game.legal_actions()
        upd(("L" + ",".join(a.text for a in legal)).encode())
        obs = game.observation(game.current_player)
        upd(repr(tuple(getattr(obs, f) for f in OBS_FIELDS)).encode())
        for attempt in (probe.choice(WORDS), "play " + probe.choice(deck)):
            err = game.why_not(attempt)
            upd(("W" + attempt + ":" + ("ok" if err is None else
                                        f"{err.reason}:{type(err).__name__}:{err}")).encode())
        action = rng.choice(legal)
        upd(("A" + action.text).encode())
        game.apply(action)
        decisions += 1
        log = game.log
        for event in log[seen:]:
            upd(("E" + f"{event.kind}|{event.seat}|{event.action}|{event.hand}|"
                 + verdict_text(event.verdict) + "|" + event.explain()).encode())
        seen = len(log)
        upd(f"S{game.score}{game.current_player}{game.hand_value}{game.pending_raise}"
            f"{game.phase}{game.tricks}{game.special_hand}".encode())
    upd(("N" + "\n".join(game.hand_notations)).encode())
    upd(f"G{game.winner}{game.score}".encode())
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per setting")
    parser.add_argument("--out", help="also write the output to this file")
    args = parser.parse_args()
    truco.set_language("en")
    total = hashlib.blake2b(digest_size=16)
    lines = []
    games = decisions = 0
    for label, v, players in settings():
        h = hashlib.blake2b(digest_size=16)
        for seed in range(args.games):
            decisions += play(h, v, players, seed)
            games += 1
        digest = h.hexdigest()
        total.update(digest.encode())
        lines.append(f"{label:44} {digest}")
        print(lines[-1], flush=True)
    lines.append(f"{'total':44} {total.hexdigest()}")
    lines.append(f"games {games}, decisions {decisions}")
    print("\n".join(lines[-2:]))
    if args.out:
        with open(args.out, "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
