"""The random player: a uniformly random legal action (for tests and benchmarks)."""
from __future__ import annotations

from ..i18n import N_
from ._base import Player, done_clause, legal_or_error, only_reason, reason
from ._view import resolve_variant


class RandomPlayer(Player):
    """Picks any legal action, each as likely as the others.

    >>> import random
    >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
    >>> RandomPlayer()(g.observation(0), random.Random(2))   # called: the action alone
    'fold'
    """

    name = "random"
    title = "Random"

    def choose(self, observation, rng) -> tuple[str, str]:
        """(a legal action drawn with ``rng``, a reason saying it was a random pick).

        >>> import random
        >>> g = Game.from_deal("mineiro", hands=[["4c", "3h", "5s"], ["Kd", "Qs", "6c"]])
        >>> RandomPlayer().choose(g.observation(0), random.Random(2))
        ('fold', 'A random pick among the 5 things allowed now.')
        """
        legal = legal_or_error(observation)
        if len(legal) == 1:
            return legal[0], only_reason(legal[0], observation, self.variant)
        action = legal[int(rng.random() * len(legal))]
        v = resolve_variant(observation, self.variant)
        return action, reason(N_("A random pick among the {n} things allowed now."),
                              N_("{did}: a random pick among the {n} things allowed."),
                              "random", n=len(legal),
                              did=done_clause(action, v, observation.vira))
