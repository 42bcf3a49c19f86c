"""PlayTable: a whole game against the computer at a card table, seen from the learner's seat.

The learner's view comes from ``game.observation(seat)``: other players' hidden cards never
reach the browser while a hand is played (face-down cards are drawn as backs with codes such
as ``back-1``). When a hand ends, play pauses: every hand is turned face up with the tricks,
the side bets, the points and the coach's review of the computer players' choices, until the
learner presses "Next hand" (:meth:`PlayTable.next_hand`).

>>> t = PlayTable("mineiro", seed=3)
>>> t.game.current_player == t.seat or t.game.is_over
True
>>> code = sorted(t.row.offered)[0]
>>> t.play(code)
True
"""
from __future__ import annotations

import random
import time
from html import escape
from typing import NamedTuple

import ipywidgets as W

from truco import Game, IllegalAction
from truco import coach as truco_coach
from truco import players as truco_players
from truco.i18n import percent
from ..language.i18n import N_, _, ngettext

from ..classroom.recording import deal_seed
from ..ui.common import TutorWidget, button, get_variant, seat_name
from .view import TableView
from .words import HandStart, action_label, bubbles, event_line, hand_summary, review_line

__all__ = ["PlayTable", "simple_player"]

OPPONENTS = (("random", N_("Beginner")), ("basic", N_("Basic")), ("strong", N_("Strong")))


class _Dealt(NamedTuple):
    """A new game dealt and played by the computer players up to the learner's first turn
    (``reasons``: their choices, ``starts``: the hand as dealt), for the game's settings
    ``key``; see :meth:`PlayTable.new_game`."""
    key: tuple
    game: Game
    rng: random.Random
    reasons: list
    starts: dict


def _note_start(starts: dict, game) -> None:
    """Keep the hand under way as dealt in ``starts`` (the engine deals the next one at once)."""
    known = starts.get(game.hand_no)
    if known is None or known.dealt != game.dealt:  # a new hand, or a redeal
        starts[game.hand_no] = HandStart.of(game, score=None if known is None else known.score)
        for old in [h for h in starts if h < game.hand_no - 1]:
            del starts[old]


def _computers_play(game, computer, rng, seat: int, reasons: list, starts: dict) -> None:
    """The computer players act (the players' own loop, :func:`truco.players.play_computers`)
    until seat ``seat``'s turn or the end of the hand under way; each choice is added to
    ``reasons`` before it is played (the last sixty-one kept). A computer's illegal choice
    raises: no other action is ever played in its place."""
    def chosen(hand_no: int, who: int, action: str, reason) -> None:
        reasons.append((hand_no, who, action, reason))
        del reasons[:-61]
        _note_start(starts, game)

    truco_players.play_computers(game, computer, rng, until=seat, same_hand=True,
                                 on_choice=chosen)


def simple_player(observation, rng) -> str:
    """A simple legal computer player: a seeded random choice among the legal actions,
    preferring to play a card, never going to the deck while something else is legal.

    It sees only its own ``observation`` (a :class:`truco.Observation`); swap it for a
    stronger player with ``PlayTable(player=...)``.
    """
    legal = list(observation.legal_actions)
    plays = [a for a in legal if a.startswith("play ")]
    others = [a for a in legal if not a.startswith("play ") and a != "fold"]
    if plays and (not others or rng.random() < 0.85):
        return rng.choice(plays)
    if others:
        return rng.choice(others)
    return "fold"  # nothing else is legal


class PlayTable(TutorWidget):
    """Play against the computer: ``play(code)`` plays a card of the learner's hand,
    ``act(action_text)`` does any other action ("raise", "accept", "refuse", "fold" ...),
    ``next_hand()`` goes on after a hand's summary, ``new_game()`` starts again. Computer
    players act until it is the learner's turn or the hand is over.

    ``player`` is the computer players' policy: a name from :data:`truco.players.PLAYERS`
    (``"basic"`` by default), a :class:`truco.players.Player`, or a function
    ``(observation, rng) -> action_text``. ``ask_coach()`` (the Coach button) shows the
    coach's odds and suggestion for the learner's position.
    """

    def __init__(self, variant="mineiro", players=2, seed=None, seat=0, player="basic",
                 score=(0, 0), *, one_hand=False, on_hand_over=None, auto_review=False,
                 on_reviewed=None, deal=None):
        super().__init__()
        # deal: (hands by seat, dealer) of the first hand (a test's planted position)
        self._first_deal = deal
        # auto_review: the Play and review page opens the review of the learner's decisions
        # after every hand; otherwise the Review my decisions button does.
        # ``on_reviewed(decisions)``: a hand's review was made (its mistakes become puzzles)
        self.auto_review, self.on_reviewed = bool(auto_review), on_reviewed
        self.hand_review = None  # the HandReview of the hand just finished, once asked for
        self.game_decisions: list = []  # (hand, decision) of this game's reviewed hands
        self._reviewed_hand = None
        # one_hand: a step of a lesson (the play_hand task): one hand only, no pickers, no New
        # game or Next hand; ``on_hand_over(summary)`` is called when the hand ends.
        self.one_hand, self.on_hand_over = bool(one_hand), on_hand_over
        self.variant = get_variant(variant)
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(_("the learner's seat must be from 0 to {last}, not {seat!r}")
                             .format(last=players - 1, seat=seat))
        # in a class, the class's own deal (everyone plays the same hands); else ``seed``
        self.players, self.seat = players, seat
        self.seed = seed if one_hand else deal_seed("table", seed)
        self.computer = truco_players.get(player, self.variant) if isinstance(player, str) \
            else player
        self.opponent = str(player).strip().lower() if isinstance(player, str) else None
        self.reasons: list[tuple[int, int, str, str]] = []  # (hand, seat, action, reason)
        self.advice = None  # the coach's last answer, while the position is unchanged
        self._score0 = tuple(score)
        self.entries: list[tuple[int, str]] = []  # the log: (hand, line), oldest first
        self.full_log = False
        self.summary = None  # the summary of the hand just finished, while play pauses
        self._table_due = None  # the bubbles of a table drawn after the message (_draw_due)
        self._next: _Dealt | None = None  # the game New game starts, dealt ahead (new_game)
        self.table = TableView(self.variant, seat, on_card=self._on_card, on_action=self.act,
                               on_reject=lambda m: self.say(m, "error"),
                               on_next=self.next_hand, label=self._action_label)
        self.row, self.buttons = self.table.row, self.table.buttons
        self.next_button = self.table.next_button
        self.new_button = button(_("New game"), self.new_game, bench=True)
        self.coach_button = button(_("Coach"), self.ask_coach)
        self.log_button = button(_("Show the whole game"), self.toggle_log)
        self.review_button = button(_("Review my decisions"), self.review_hand)
        self.review_button.add_class("tutor-review-open")
        self.review_button.layout.display = "none"
        self.review_progress = W.IntProgress(value=0, min=0, max=1,
                                             description=_("Reviewing"),
                                             layout=W.Layout(display="none"))
        self.review_box = W.VBox()
        self.review_box.add_class("tutor-review-box")
        self.coach_progress = W.IntProgress(value=0, min=0, max=1, description=_("Thinking"),
                                            layout=W.Layout(display="none"))
        self.coach_html = W.HTML()
        self.log_html = W.HTML()
        self.log_html.add_class("tutor-log-box")
        self.settings = W.HBox() if one_hand else self._settings()
        tools = W.HBox([self.coach_button, self.review_button] if one_hand else
                       [self.new_button, self.coach_button, self.review_button,
                        self.log_button], layout=W.Layout(flex_flow="row wrap"))
        tools.add_class("tutor-tools")
        self._root([self.settings, self.table.widget, self.feedback, tools,
                    self.coach_progress, self.coach_html, self.review_progress,
                    self.review_box, self.log_html])
        self.widget.add_class("tutor-play")
        self.new_game()

    # --- operations ------------------------------------------------------------------------
    @property
    def lines(self) -> list[str]:
        """The whole game's log lines, oldest first."""
        return [line for _hand, line in self.entries]

    @property
    def paused(self) -> bool:
        """True while a finished hand is shown and the next waits for "Next hand"."""
        return self.summary is not None and not self.game.is_over

    def new_game(self) -> None:
        # The game the New game button starts is dealt, and played by the computers up to the
        # learner's first turn, when the one before it starts (after its feedback): a click
        # on New game has only its log and table to work out before its feedback. Another
        # opponent, table size or score deals a new one at once.
        dealt, self._next = self._next, None
        if dealt is None or dealt.key != self._game_key():
            dealt = self._deal()
        self.game, self._rng = dealt.game, dealt.rng
        self.entries, self.reasons, self.summary = [], dealt.reasons, None
        self._close_review()
        self.game_decisions = []
        self._logged, self._starts, self._tricks = 0, dealt.starts, {}
        self.table.seat = self.seat
        self._hand = self.game.hand_no  # the hand being played (or just finished)
        self._advance()
        start = (_("A hand of {variant}. You are {player}.") if self.one_hand else
                 _("A new game of {variant}. You are {player}."))
        self.say(start.format(variant=_(self.variant.title), player=seat_name(self.seat)),
                 "info", self._turn_hint())
        self._draw_due()
        if not self.one_hand:
            self._next = self._deal()

    def _game_key(self) -> tuple:
        return (self.computer, self.players, self.seat, self.seed, self._score0)

    def _deal(self) -> _Dealt:
        """A new game for the table's settings, played by the computers up to the learner's
        first turn (or the end of the first hand)."""
        if self._first_deal is not None:
            hands, dealer = self._first_deal
            game = Game.from_deal(self.variant, hands, dealer=dealer, seed=self.seed,
                                  score=self._score0)
        else:
            game = Game(self.variant, players=self.players, seed=self.seed,
                        score=self._score0)
        rng = random.Random(None if self.seed is None else f"computer-{self.seed}")
        starts: dict = {}
        reasons: list = []
        _note_start(starts, game)
        if not game.is_over:
            _computers_play(game, self.computer, rng, self.seat, reasons, starts)
        return _Dealt(self._game_key(), game, rng, reasons, starts)

    def next_hand(self) -> bool:
        """Deal on after a hand's summary (the Next hand button)."""
        if self.one_hand:
            self.say(_("This step is one hand only."), "error")
            return False
        if not self.paused:
            self.say(_("The hand is still being played: there is no next hand yet."), "error")
            return False
        self.summary = None
        self._close_review()
        self._hand = self.game.hand_no
        new = self._advance()
        self.say(new[0] if new else _("Done."), "info", new[1:] + self._turn_hint())
        self._draw_due()
        return True

    def choose_opponent(self, name) -> bool:
        """Play against another computer player (``"random"``, ``"basic"``, ``"strong"``):
        a new game starts. Anything else is refused with a message."""
        if name not in dict(OPPONENTS):
            self.say(_("That choice could not be understood. Please try again."), "error")
            return False
        self.computer, self.opponent = truco_players.get(name, self.variant), name
        self.new_game()
        return True

    def choose_players(self, players) -> bool:
        """Play with ``players`` at the table (2, 4 or 6, as the variant allows; partners are
        computer players): a new game starts, the learner keeping seat 0."""
        if isinstance(players, bool) or players not in self.variant.players:
            self.say(_("That choice could not be understood. Please try again."), "error")
            return False
        self.players, self.seat = players, 0
        self.new_game()
        return True

    def toggle_log(self) -> None:
        """Show the whole game's log, or this hand's only (the default)."""
        self.full_log = not self.full_log
        self.log_button.description = (_("Show this hand only") if self.full_log
                                       else _("Show the whole game"))
        self._draw_log()

    def _settings(self) -> W.Box:
        """The opponent and table-size pickers: their values are read and checked in Python."""
        parts = []
        if self.opponent in dict(OPPONENTS):
            self.opponent_picker = W.ToggleButtons(
                options=[(_(label), name) for name, label in OPPONENTS], value=self.opponent,
                description=_("Opponent"), style={"button_width": "auto",
                                                  "description_width": "initial"})
            self.opponent_picker.observe(
                lambda change: self.choose_opponent(change["new"]), names="value")
            parts.append(self.opponent_picker)
        if len(self.variant.players) > 1:
            self.players_picker = W.ToggleButtons(
                options=[(ngettext("{n} player", "{n} players", n).format(n=n), n)
                         for n in self.variant.players],
                value=self.players, description=_("Table"),
                style={"button_width": "auto", "description_width": "initial"})
            self.players_picker.observe(
                lambda change: self.choose_players(change["new"]), names="value")
            parts.append(self.players_picker)
        return W.HBox(parts, layout=W.Layout(flex_flow="row wrap"))

    @property
    def view(self):
        """What the learner may see now (the engine's observation of the learner's seat)."""
        return self.game.observation(self.seat)

    def play(self, code) -> bool:
        """Play the card ``code`` from the learner's hand (what clicking it does)."""
        if not isinstance(code, str) or len(code) > 16:
            self.say(_("That click could not be understood. Please try again."), "error")
            return False
        return self.act(f"play {code}")

    def act(self, action_text) -> bool:
        """Do an action for the learner's seat. Illegal actions show the engine's reason and
        leave the game unchanged; so does any action while a finished hand is shown."""
        game = self.game
        if not isinstance(action_text, str) or len(action_text) > 40:
            self.say(_("That click could not be understood. Please try again."), "error")
            return False
        if self.paused or (self.one_hand and self.summary is not None):
            self.say(_("This hand is over.") if self.one_hand else
                     _("This hand is over: press Next hand to deal the next one."), "error")
            return False
        self._note_start()
        try:
            game.apply(action_text, player=self.seat)
        except IllegalAction as err:
            self.say(_("Not allowed: {message}.").format(message=err.message), "error")
            return False
        new = self._advance()
        self.say(new[0] if new else _("Done."), "info", new[1:] + self._turn_hint())
        self._draw_due()
        return True

    def ask_coach(self):
        """Show the coach's numbers and suggestion for the learner's position (the Coach
        button). Returns the :class:`truco.coach.Advice`, or None when it is not the learner's
        turn. A progress bar shows when the coach takes more than a second."""
        game = self.game
        if game.is_over or self.paused or game.current_player != self.seat:
            self.coach_html.value = self._coach_box(
                [escape(_("The coach helps on your turn."))])
            return None
        self._coach_started = time.perf_counter()
        try:
            advice = truco_coach.advise(self.view, self.variant, progress=self._coach_progress)
        finally:
            self.coach_progress.layout.display = "none"
        self.advice = advice
        self.coach_html.value = self._coach_html(advice)
        return advice

    def _coach_progress(self, done: int, total: int) -> None:
        if time.perf_counter() - self._coach_started > 1.0:
            self.coach_progress.max = max(total, 1)
            self.coach_progress.value = done
            self.coach_progress.layout.display = None

    def _coach_box(self, parts) -> str:
        return ('<div class="tutor-coach" role="status" aria-live="polite">'
                + "".join(f"<p>{p}</p>" for p in parts[:1]) + "".join(parts[1:]) + "</div>")

    def _coach_html(self, advice) -> str:
        """The coach's answer as HTML: only the learner's own cards are named."""
        coach = _("Coach")  # messages stay out of f-strings, where Babel cannot see them
        parts = [f"<strong>{escape(coach)}:</strong> {escape(advice.summary())}"]
        if advice.cards:
            head = (_("Your card"), _("Takes this trick"), _("Ties it"), _("Then wins the hand"))
            rows = "".join(
                f"<tr><td>{escape(c.name)}</td><td>{percent(c.trick_win, 0)}</td>"
                f"<td>{percent(c.trick_tie, 0)}</td><td>{percent(c.hand_win, 0)}</td></tr>"
                for c in advice.cards)
            parts.append('<table class="tutor-coach-cards"><thead><tr>'
                         + "".join(f"<th>{escape(h)}</th>" for h in head)
                         + f"</tr></thead><tbody>{rows}</tbody></table>")
        if advice.action is not None:
            text = advice.action
            label = self._action_label(text, self.view, None if text.startswith("play ")
                                       else self.game.preview(text))
            suggestion = _("Suggestion: {action}.").format(action=label)
            parts.append(f"<p>{escape(suggestion)} {escape(advice.reason)}</p>")
        return self._coach_box(parts)

    # --- internals ---------------------------------------------------------------------------
    def _on_card(self, code: str) -> None:
        """A click on a card of the row: face-down codes map to the legal plays here."""
        if code.startswith("back-"):
            plays = [a for a in self.view.legal_actions if a.startswith("play ")]
            try:
                index = int(code[5:]) - 1
            except ValueError:
                index = -1
            if not 0 <= index < len(plays):
                self.say(_("That card is not one of the cards on offer."), "error")
                return
            self.act(plays[index])
            return
        self.play(code)

    def _note_start(self) -> None:
        _note_start(self._starts, self.game)

    def _run_computers(self, hand: int) -> None:
        """The computer players act until the learner's turn or the end of ``hand``; each
        choice's reason is kept for the hand's review."""
        game = self.game
        if game.is_over or game.hand_no != hand:
            return
        _computers_play(game, self.computer, self._rng, self.seat, self.reasons, self._starts)

    def _advance(self) -> list[str]:
        """After the learner's action (or a new hand): the computers play until the learner's
        turn or the hand's end. Returns the new log lines. A hand's end is drawn at once (its
        summary, before ``on_hand_over``); otherwise the table and the log are drawn by
        :meth:`_draw_due`, which the caller calls after its message: the learner's feedback
        leaves the kernel first (widgets.ui.first)."""
        game = self.game
        self.advice = None  # the position changes: the coach's numbers are stale
        self.coach_html.value = ""
        self._note_start()
        hand = self._hand
        self._run_computers(hand)
        events = game.log[self._logged:]
        if not game.is_over:  # the next hand's deal waits for the Next hand button
            end = next((i + 1 for i, e in enumerate(events) if e.kind == "hand"), None)
            if end is not None:
                events = events[:end]
        self._logged += len(events)
        new = []
        for event in events:
            line = self._line(event)
            if line and (not self.entries or self.entries[-1][1] != line):
                self.entries.append((event.hand, line))
                new.append(line)
        if game.is_over or game.hand_no != hand:
            start = self._starts[hand]
            reviews = [r for h, seat, action, reason in self.reasons if h == hand
                       for r in [review_line(seat, action, reason, self.seat, self.variant,
                                             start.vira)] if r]
            self.summary = hand_summary(game, start, reviews)
            self.table.draw_summary(game, self.summary, final=game.is_over or self.one_hand)
            self.review_button.layout.display = None
            self._reviewed_hand = hand
            if self.one_hand and self.on_hand_over is not None:
                self.on_hand_over(self.summary)
            self._draw_log()
            if self.auto_review:
                self.review_hand()
            self._table_due = None
        else:
            self._table_due = bubbles(events, self.variant, hand)
        return new

    def review_hand(self):
        """Open the review of the learner's decisions in the hand just finished (the Review
        my decisions button): a :class:`HandReview`, or None while a hand is played."""
        if self.summary is None:
            self.say(_("The review opens when the hand is over."), "error")
            return None
        if self.hand_review is not None:
            return self.hand_review
        from .review import HandReview

        bar = self.review_progress
        bar.value, bar.max = 0, 1
        bar.layout.display = None

        def progress(done: int, total: int) -> None:
            bar.max, bar.value = max(total, 1), done

        try:
            self.hand_review = HandReview(self.game, self.seat, hand=self._reviewed_hand,
                                          progress=progress, so_far=self.game_decisions)
            self.game_decisions.extend((self._reviewed_hand, d)
                                       for d in self.hand_review.decisions)
        finally:
            bar.layout.display = "none"
        if self.on_reviewed is not None:
            self.on_reviewed(self.hand_review.decisions)
        self.review_box.children = (self.hand_review.widget,)
        self.review_button.layout.display = "none"
        return self.hand_review

    def _close_review(self) -> None:
        if self.hand_review is not None:
            self.hand_review.close()
            self.hand_review = None
        self.review_box.children = ()
        self.review_button.layout.display = "none"

    def _draw_due(self) -> None:
        """Draw the table (with the bubbles of the last actions) and the log, if due."""
        due, self._table_due = self._table_due, None
        if due is not None:
            self.table.draw(self.game, bubbles=due)
            self._draw_log()

    def _line(self, event) -> str | None:
        start = self._starts.get(event.hand)
        vira = start.vira if start is not None else self.game.vira
        trick_no = 0
        if event.kind == "trick":
            trick_no = self._tricks[event.hand] = self._tricks.get(event.hand, 0) + 1
        return event_line(event, self.variant, learner=self.seat, vira=vira,
                          trick_no=trick_no)

    def _draw_log(self) -> None:
        lines = [line for hand, line in self.entries if self.full_log or hand == self._hand]
        title = _("The whole game") if self.full_log else _("This hand")
        cls = "tutor-log tutor-log-full" if self.full_log else "tutor-log"
        self.log_html.value = (f'<div class="tutor-log-title"><strong>{escape(title)}</strong>'
                               f'</div><ol class="{cls}">'
                               + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ol>")

    def _turn_hint(self) -> list[str]:
        game = self.game
        if self.one_hand and self.summary is not None:
            return []
        if game.is_over:
            return [_("The game is over: press New game to play again.")]
        if self.paused:
            return [_("Every hand is turned face up on the table: press Next hand to go on.")]
        if game.current_player == self.seat:
            return [_("Your turn.")]
        return []

    def _action_label(self, text: str, obs, preview) -> str:
        """A button's label: what ``text`` scores is the engine's ``preview`` of it."""
        return action_label(self.variant, text, obs, preview)
