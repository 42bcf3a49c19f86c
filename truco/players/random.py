"""The random player: a uniformly random legal action (for tests and benchmarks)."""
from __future__ import annotations

from ..i18n import _
from ._base import Player, legal_or_error, only_reason


class RandomPlayer(Player):
    """Picks any legal action, each as likely as the others."""

    name = "random"
    title = "Random"

    def choose(self, observation, rng) -> tuple[str, str]:
        legal = legal_or_error(observation)
        if len(legal) == 1:
            return legal[0], only_reason(legal[0])
        action = legal[int(rng.random() * len(legal))]
        return action, _("A random pick among the {n} things allowed now.").format(n=len(legal))
