"""Play one whole hand against the computer, as a step (lesson 09).

The hand is played on the play table (:class:`widgets.table.play.PlayTable`, one hand only):
every move is checked by the engine, and the task is done when the hand ends. A lost hand is
not a wrong answer: the outcome's explanation is the hand's verdict. With the option
``goal="win_a_trick"`` the step asks for one trick at least (checked on the engine's tricks).

>>> import random, truco
>>> t = PlayHandTask(truco.variant("mineiro"), random.Random(2))
>>> while t.outcome is None:
...     _ = t.answer(t.solution())
>>> t.outcome.done, t.outcome.right
(True, True)
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from truco.i18n import format_list
from ...language.i18n import _

from ...ui.common import rtl
from ...table.play import PlayTable
from ..model import Outcome, Task
from ..puzzles import filer

__all__ = ["PlayHandTask"]

GOALS = (None, "win_a_trick")
OPPONENTS = ("random", "basic", "strong")


class PlayHandTask(Task):
    """Options: ``players`` (2 by default, or what the variant allows), ``opponent``
    ("random", "basic" (default), "strong"), ``goal`` (None or "win_a_trick"). A worked
    step shows the coach's advice on the learner's first turn."""

    kind = "play_hand"
    buttons_answer = False  # its first button is the coach

    def __init__(self, variant, rng, *, worked=False, **options):
        super().__init__(variant, rng, worked=worked, **options)
        players = options.get("players", 2)
        if players not in variant.players:
            players = variant.players[0]
        opponent = options.get("opponent", "basic")
        if opponent not in OPPONENTS:
            raise ValueError(f"unknown opponent {opponent!r}; opponents: {OPPONENTS}")
        self.goal = options.get("goal")
        if self.goal not in GOALS:
            raise ValueError(f"unknown play_hand goal {self.goal!r}; goals: {GOALS[1:]}")
        self.outcome: Outcome | None = None
        self._started = False
        self.table = PlayTable(variant, players=players, seed=rng.randrange(2 ** 31),
                               player=opponent, one_hand=True, on_hand_over=self._over,
                               on_reviewed=filer())
        start = self.table._starts[self.table._hand]
        self.item = "|".join([",".join(" ".join(c.code for c in hand) for hand in start.dealt),
                              start.vira.code if start.vira is not None else ""])
        self.question = _("Play this hand to its end.") if self.goal is None else \
            _("Play this hand and take at least one trick.")
        self.intro = W.HTML(f"<p><strong>{escape(self.question)}</strong></p>")
        if worked and self.table.game.current_player == self.table.seat \
                and self.table.summary is None:
            self.table.ask_coach()
        self.view = rtl(W.VBox([self.intro, self.table.widget]))
        self.view.add_class("tutor-task")
        self._started = True
        if self.table.summary is not None:  # the computer ended it before the learner's turn
            self._over(self.table.summary)

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        hands = item.split("|")[0].split(",")
        try:
            cards = format_list([variant.card(c).name() for c in hands[0].split()])
        except (ValueError, IndexError):
            return item
        return _("Play a hand with {cards}").format(cards=cards)

    def _over(self, summary) -> None:
        if not self._started or self.outcome is not None:
            return
        seat = self.table.seat
        won = sum(1 for t in summary.tricks if t.winner_team == seat & 1)
        right = True if self.goal is None else won >= 1
        note = "" if right else _("You took no trick: try another hand.")
        self.outcome = Outcome(right, True, summary.result, note=note,
                               answer=f"tricks:{won}", correct="played")
        self.report(self.outcome)

    def legal(self) -> list[str]:
        """The learner's legal actions now (none once the hand is over)."""
        if self.outcome is not None or self.table.summary is not None:
            return []
        game = self.table.game
        if game.current_player != self.table.seat:
            return []
        return list(game.observation(self.table.seat).legal_actions)

    def answer(self, key) -> Outcome:
        """Do the learner's action ``key`` ("play 7c", "raise", "accept" ...). An action the
        engine refuses (or any action after the hand) is refused with the engine's reason and
        changes nothing; it is not reported as a wrong answer."""
        if self.outcome is not None:
            text = _("This hand is over.")
            self.table.say(text, "error")
            return Outcome(False, False, text)
        if not isinstance(key, str) or len(key) > 40:
            text = _("That click could not be understood. Please try again.")
            self.table.say(text, "error")
            return Outcome(False, False, text)
        if not self.table.act(key):  # the engine's reason is shown on the table
            return Outcome(False, False, self.table.message)
        return self.outcome or Outcome(True, False, self.table.message)

    def solution(self) -> str:
        """A legal move: the strongest card (for a trick), else accepting, else any."""
        legal = self.legal()
        plays = [a for a in legal if a.startswith("play ")]
        if plays:
            v, obs = self.table.variant, self.table.view
            vira = obs.vira
            return max(plays, key=lambda a: v.strength(v.card(a[5:]), vira))
        for choice in ("accept", "refuse"):
            if choice in legal:
                return choice
        return next((a for a in legal if a != "fold"), legal[0] if legal else "")

    def wrong_answer(self) -> str:
        """A move the engine refuses: a card the learner does not hold."""
        held = set(self.table.view.hand or ())
        other = next(c.code for c in self.table.variant.deck if c.code not in held)
        return f"play {other}"
