"""Matches: games to the variant's target until a side has won ``games_to_win`` of them
(two chicos out of three in Argentina, two games out of three in Truc).

>>> import random
>>> m = Match("truc", seed=4)
>>> rng = random.Random(0)
>>> while not m.is_over:
...     _ = m.apply(rng.choice(m.legal_actions()))
>>> max(m.games_won) == m.variant.games_to_win, len(m.games) <= 3
(True, True)
"""
from __future__ import annotations

from .game import Game
from .i18n import _, ngettext, number
from .presets import variant as get_variant


class Match:
    """A series of :class:`Game` values; the same API, delegated to the game under way.
    A game's seed is the match's ``seed`` and the game's number: ``"7/0"``, ``"7/1"`` ...

    >>> m = Match("argentino", seed=7)   # two chicos out of three
    >>> m.variant.games_to_win, m.game.seed, m.games_won
    (2, '7/0', [0, 0])
    """

    def __init__(self, variant, players: int = 2, seed=None, dealer: int = 0):
        self.variant = get_variant(variant)
        self.players, self.seed = players, seed
        self.games_won = [0, 0]
        self.games: list[Game] = [Game(self.variant, players, self._seed(0), dealer)]

    def _seed(self, k: int):
        return None if self.seed is None else f"{self.seed}/{k}"

    @property
    def game(self) -> Game:
        """The game under way (or the last one, once the match is over).

        >>> m = Match("truc", seed=2)
        >>> while len(m.games) == 1:   # fold every hand that allows it, to end the first game
        ...     _ = m.apply("fold" if "fold" in m.legal_actions() else m.legal_actions()[0])
        >>> m.games[0].score, m.game.score, m.game.seed, m.games_won
        ((12, 11), (0, 0), '2/1', [1, 0])
        """
        return self.games[-1]

    @property
    def is_over(self) -> bool:
        """Whether the match is decided: a side has won the variant's ``games_to_win``.

        >>> m = Match("mineiro", seed=1)   # one game decides a Mineiro match
        >>> while not m.is_over:
        ...     _ = m.apply("fold" if "fold" in m.legal_actions() else m.legal_actions()[0])
        >>> m.game.score, m.games_won, m.is_over
        ((10, 12), [0, 1], True)
        """
        return max(self.games_won) >= self.variant.games_to_win

    @property
    def winner(self):
        """The team that won the match, or None while it is under way.

        >>> m = Match("truc", seed=2)   # two games out of three
        >>> m.winner is None
        True
        >>> while not m.is_over:
        ...     _ = m.apply("fold" if "fold" in m.legal_actions() else m.legal_actions()[0])
        >>> m.winner, m.games_won, len(m.games)
        (0, [2, 1], 3)
        """
        return self.games_won.index(max(self.games_won)) if self.is_over else None

    @property
    def current_player(self):
        """The seat to act now in the game under way, or None once the match is over.

        >>> m = Match("argentino", seed=7)   # seat 0 deals: seat 1 is mano and acts first
        >>> m.current_player, m.game.mano
        (1, 1)
        """
        return None if self.is_over else self.game.current_player

    def legal_actions(self):
        """The legal actions in the game under way (as :meth:`truco.Game.legal_actions`);
        none once the match is over.

        >>> [str(a) for a in Match("argentino", seed=7).legal_actions()]
        ['play 7c', 'play 12e', 'play 11b', 'envido', 'real envido', 'falta envido', 'raise',
         'fold']
        """
        return () if self.is_over else self.game.legal_actions()

    def apply(self, action, player=None):
        """Apply ``action`` to the game under way (as :meth:`truco.Game.apply`); when that
        game ends and the match goes on, the next game starts, dealt by the next seat.

        >>> m = Match("argentino", seed=7)
        >>> event = m.apply("fold")   # the mano goes to the deck: the hand's 1 point to team A
        >>> event.kind, event.seat, m.game.score, m.current_player
        ('fold', 1, (1, 0), 0)
        """
        event = self.game.apply(action, player)
        if self.game.is_over:
            self.games_won[self.game.winner] += 1
            if not self.is_over:  # the next game: the deal passes on as between hands
                self.games.append(Game(self.variant, self.players, self._seed(len(self.games)),
                                       (self.game.dealer + 1) % self.players))
        return event

    def describe(self) -> str:
        """The match score in words, e.g. 'Games: team A 1, team B 0 (first to 2)'.

        >>> m = Match("mineiro", seed=1)
        >>> while not m.is_over:
        ...     _ = m.apply("fold" if "fold" in m.legal_actions() else m.legal_actions()[0])
        >>> m.describe()
        'Games: team A 0, team B 1 (first to 1)'
        """
        return _("Games: team A {a}, team B {b} (first to {n})").format(
            a=self.games_won[0], b=self.games_won[1], n=self.variant.games_to_win)


def score_text(variant, points: int) -> str:
    """A score as players say it: '8 malas' / '3 buenas' where the game is played in two halves.

    >>> score_text(truco.variant("argentino"), 18), score_text(truco.variant("mineiro"), 6)
    ('3 buenas', '6')
    >>> [score_text("uruguayo", n) for n in (1, 15, 16)], score_text(truco.variant("argentino", target=15), 8)
    (['1 mala', '15 malas', '1 buena'], '8')
    """
    v = get_variant(variant)
    if not v.malas_buenas or v.target < 20:  # a short game (to 15) is not split in halves
        return number(points)
    half = v.target // 2
    if points <= half:  # the malas are the first half's points, 1 to 15 of 30
        return ngettext("{n} mala", "{n} malas", points).format(n=points)
    return ngettext("{n} buena", "{n} buenas", points - half).format(n=points - half)
