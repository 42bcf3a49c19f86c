"""The computer players' turns: :func:`play_computers` drives a game until a given seat is to
act (a learner), the hand ends, or the game is over.

>>> import random, truco
>>> from truco.players import get
>>> g = truco.Game("mineiro", seed=4)
>>> choices = play_computers(g, get("basic"), random.Random(1), until=0)
>>> g.is_over or g.current_player == 0
True
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..errors import IllegalAction

MAX_STEPS = 10_000


def _policy_of(policies: Any, seat: int) -> Any:
    if isinstance(policies, Mapping):
        return policies[seat]
    if isinstance(policies, Sequence) and not isinstance(policies, str):
        return policies[seat]
    return policies


def play_computers(game, policies: Any, rng, until: int | None = None, *,
                   same_hand: bool = False,
                   on_choice: Callable[[int, int, str, Any], None] | None = None,
                   max_steps: int = MAX_STEPS) -> list[tuple[int, int, str, Any]]:
    """Let the computer players act until seat ``until`` is to act (None: never stops for a
    seat), the game is over, or (``same_hand``) the hand under way ends.

    ``policies`` is one policy for every seat, or one per seat (a list or a dict by seat). A
    policy has ``choose(observation, rng) -> (action, reason)`` or is a function
    ``(observation, rng) -> action``; it sees the observation of the seat to act only.
    ``on_choice(hand_no, seat, action, reason)`` is called before each action is applied.
    Returns the choices made, ``[(hand_no, seat, action, reason), ...]``.

    A policy that chooses an illegal action raises :class:`truco.IllegalAction` (the game
    is left as it was, with the policy's seat and choice in the message); no other action
    is ever played in its place.

    >>> import random
    >>> from truco.players import get
    >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
    >>> _event = g.apply("play 5s")
    >>> play_computers(g, get("basic"), random.Random(1), until=0)    # seat 1 raises first
    [(1, 1, 'raise', 'Your hand wins about 70% of the time: you raise to 4.')]
    >>> try: play_computers(g, lambda obs, rng: "play 4c", random.Random(1))
    ... except truco.IllegalAction as e: print(e.reason)
    answer_pending
    """
    hand = game.hand_no
    made: list[tuple[int, int, str, Any]] = []
    for _step in range(max_steps):
        if game.is_over or game.current_player == until or same_hand and game.hand_no != hand:
            return made
        seat = game.current_player
        obs = game.observation(seat)
        policy = _policy_of(policies, seat)
        choose = getattr(policy, "choose", None)
        if choose is not None:
            action, reason = choose(obs, rng)
        else:
            action, reason = policy(obs, rng), ""
        if on_choice is not None:
            on_choice(game.hand_no, seat, action, reason)
        made.append((game.hand_no, seat, action, reason))
        try:
            game.apply(action, player=seat)
        except IllegalAction as err:
            raise IllegalAction(
                f"the computer player at seat {seat} chose {action!r}, which is illegal: "
                f"{err}", reason=err.reason) from err
    raise RuntimeError(f"the computer players did not finish their turns in {max_steps} "
                       "steps")


__all__ = ["MAX_STEPS", "play_computers"]
