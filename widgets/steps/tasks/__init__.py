"""The kinds of task a step can ask, by name. Each is imported only when a page asks for it
(a lesson page loads only its own kinds).

>>> sorted(KINDS)[:3]
['compare', 'envido_bet', 'envido_count']
"""
from __future__ import annotations

from importlib import import_module

__all__ = ["KINDS", "task_class"]

# kind -> "module:Class" under widgets.steps.tasks
KINDS: dict[str, str] = {
    "rank": "ranking:RankTask",              # 01: which card is stronger
    "manilhas": "manilhas:ManilhaTask",      # 02: find the special cards for this vira
    "trick": "tricks:TrickTask",             # 03, 04: who wins this trick
    "hand": "hands:HandTask",                # 03, 04: who wins the hand after these tricks
    "truco_answer": "raising:TrucoTask",     # 05: answer a Truco with your cards in view
    "special_hand": "special:SpecialHandTask",  # 06: the hand of ten/eleven, iron hand
    "envido_count": "envido:EnvidoCountTask",   # 07, uruguay: count envido (and flor)
    "envido_bet": "envido_bet:EnvidoBetTask",   # 07: envido / real envido / falta envido
    "muestra": "muestra:MuestraTask",        # uruguay: piezas and matas for this muestra
    "truc_special": "truc:TrucSpecialTask",  # 08: redeal, spoiled tricks, mon reste
    "play_hand": "play:PlayHandTask",        # 09: play a hand against the computer
    "compare": "compare:CompareTask",        # 10: one deal, two variants
    "odds": "odds:OddsTask",                 # 12: which is more likely
    "explore": "explore:ExploreTask",        # 01, 04: free play with an explorer, unmarked
    "puzzle": "puzzle:PuzzleTask",           # review, puzzles: a position, what would you do
}


def task_class(kind: str):
    """The Task class of ``kind`` (imported on first use)."""
    try:
        target = KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown task kind {kind!r}; kinds: {', '.join(sorted(KINDS))}") \
            from None
    module, name = target.split(":")
    return getattr(import_module(f"{__name__}.{module}"), name)
