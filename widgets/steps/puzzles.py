"""Puzzles: positions where one action is clearly best, checked by the engine's evaluator.

Two sources: each mistake or blunder of a hand the learner reviewed at the table
(:func:`keep_hand` puts it in their review deck, as a ``puzzle`` task of the same position),
and a stored set of positions by theme (``puzzle_set.json``, made by ``python -m
widgets.steps.puzzles build``: positions of computer games whose best action the evaluator
finds exactly, ahead of every other by a mistake at least). :func:`keep_hand` also counts the
hand's decisions by theme (the learner's accuracy, for them and the teacher), and
:func:`pick` serves the stored set with the weak themes more often.

>>> import random
>>> sorted({p["theme"] for p in stored()}) == sorted(THEMES)
True
>>> p = pick(random.Random(1), "mineiro", {})
>>> p["variant"], p["theme"] in THEMES
('mineiro', True)
"""
from __future__ import annotations

import hashlib
import json
import math
import random
import sys
from functools import lru_cache
from pathlib import Path

import truco
from truco.hand_review import THEMES, theme as theme_of, theme_name

from .model import Step

__all__ = ["THEMES", "filer", "keep_hand", "pick", "puzzle_step", "stored", "success",
           "theme_words"]

SET_FILE = Path(__file__).with_name("puzzle_set.json")
LESSON = "puzzles"  # the lesson a table's mistakes are filed under in the deck
PER_THEME = 4  # stored puzzles per theme and variant


theme_words = theme_name  # a theme's name in the learner's language (the engine's words)


def puzzle_step(decision, seat: int) -> Step:
    """The review deck's step for a decision of a reviewed hand: the same position."""
    digest = hashlib.sha1(decision.notation.encode()).hexdigest()[:16]
    return Step("puzzle", "", topic=f"puzzle-{decision.theme}-{digest}",
                options={"notation": decision.notation, "seat": seat,
                         "theme": decision.theme})


def keep_hand(decisions, progress, today: int, seat: int = 0) -> int:
    """File a reviewed hand: each mistake or blunder into ``progress``'s review deck as a
    puzzle, and the decisions counted by theme. Returns the puzzles filed."""
    filed = 0
    counts: dict = {}
    for d in decisions:
        tried, good, lost = counts.get(d.theme, (0, 0, 0.0))
        counts[d.theme] = (tried + 1, good + (d.grade in ("best", "good")), lost + d.loss)
        if d.grade in ("mistake", "blunder"):
            progress.miss(LESSON, puzzle_step(d, seat), today)
            filed += 1
    for name, (tried, good, lost) in counts.items():
        progress.add_skill("hand", name, tried, good, round(lost, 3))
    return filed


def filer(seat: int = 0, progress=None):
    """A table's ``on_reviewed`` callback: :func:`keep_hand` into ``progress`` (the page's
    learner's, by default), on the day of the review."""
    def keep(decisions) -> int:
        from .progress import current_progress, today

        return keep_hand(decisions, progress if progress is not None else current_progress(),
                         today(), seat)
    return keep


def success(skills: dict, source: str | None = None) -> dict:
    """{theme: (tried, good)} from a progress's ``skills()``, of one source or both."""
    out: dict = {}
    for (src, name), (tried, good, _lost) in skills.items():
        if source is None or src == source:
            t, g = out.get(name, (0, 0))
            out[name] = (t + tried, g + good)
    return out


@lru_cache(maxsize=1)
def stored() -> tuple:
    """The stored puzzles: dicts of notation, seat, theme, variant and best action."""
    return tuple(json.loads(SET_FILE.read_text(encoding="utf-8")))


def pick(rng: random.Random, variant: str, skills: dict, theme: str | None = None) -> dict:
    """A stored puzzle, of ``theme`` when given, else of a theme drawn with the weak ones
    more likely: weight 1 + 3 x the share missed so far (one right and one wrong counted in
    advance, so a theme never tried weighs as a half missed). ``variant``'s puzzles first."""
    pool = [p for p in stored() if p["variant"] == variant] or list(stored())
    themes = sorted({p["theme"] for p in pool})
    if theme is None or theme not in themes:
        done = success(skills)
        weights = []
        for name in themes:
            tried, good = done.get(name, (0, 0))
            weights.append(1 + 3 * (1 - (good + 1) / (tried + 2)))
        theme = rng.choices(themes, weights)[0]
    return rng.choice([p for p in pool if p["theme"] == theme])


# --- making the stored set ----------------------------------------------------------------------
def _clear(ev) -> bool:
    """One action clearly best: every other a mistake at least, beyond three standard errors
    where values were sampled, and not resting on how the other side answers a raise."""
    top, second = ev.actions[0], ev.actions[1]
    return truco.grade(ev, second.action).label in ("mistake", "blunder") and \
        top.points - second.points > 3 * math.hypot(top.error, second.error) and \
        not top.answered


def _robust(notation: str, seat: int) -> bool:
    """The position as a puzzle shows it (rebuilt from its notation) has one clear best
    action, the same for three seeds of the evaluator (sampled values vary with the seed)."""
    game = truco.from_notation(notation)
    obs = game.observation(seat)
    bests = set()
    for seed in (0, 1, 2):
        ev = truco.evaluate(obs, variant=game.variant, seed=seed)
        if not _clear(ev):
            return False
        bests.add(ev.best)
        if ev.exact:
            break
    return len(bests) == 1


def _candidates(variant: str, seed: int, score=(0, 0)):
    """(notation, seat, theme, best) of every clear decision of one computer game."""
    from truco.players import get

    game = truco.Game(variant, seed=seed, score=score)
    players = [get("basic", game.variant), get("basic", game.variant)]
    rng = random.Random(seed)
    while not game.is_over and game.hand_no <= 3:
        seat = game.current_player
        obs = game.observation(seat)
        if len(obs.legal_actions) > 1 and _robust(game.notation(), seat):
            yield game.notation(), seat, theme_of(obs), \
                truco.evaluate(obs, variant=game.variant).best
        action, _why = players[seat].choose(obs, rng)
        game.apply(action, player=seat)


# Scores a game starts from, by variant, so that its special hands come up (the hand of eleven
# at 11, the iron hand at 11-11); every variant starts from 0-0 too.
SCORES = {"mineiro": ((11, 6), (11, 11)), "paulista": ((11, 6), (11, 11))}


def build(variants=("mineiro", "paulista", "argentino", "truc", "uruguayo"), games=30) -> list:
    """The stored set: up to :data:`PER_THEME` puzzles per theme and variant."""
    out = []
    for variant in variants:
        kept: dict = {}
        starts = [(0, 0)] + list(SCORES.get(variant, ()))
        for seed in range(games):
            score = starts[seed % len(starts)]
            for notation, seat, name, best in _candidates(variant, seed, score):
                if len(kept.setdefault(name, [])) < PER_THEME and \
                        notation not in {p["notation"] for p in kept[name]}:
                    kept[name].append({"variant": variant, "theme": name, "seat": seat,
                                       "notation": notation, "best": best})
            if all(len(kept.get(t, ())) >= PER_THEME for t in THEMES):
                break
        out.extend(p for name in sorted(kept) for p in kept[name])
    return out


if __name__ == "__main__":
    if sys.argv[1:] == ["build"]:
        puzzles = build()
        SET_FILE.write_text(json.dumps(puzzles, indent=1, ensure_ascii=False) + "\n",
                            encoding="utf-8")
        print(f"{len(puzzles)} puzzles written to {SET_FILE}")
    else:
        print("usage: python -m widgets.steps.puzzles build")
