"""PlayTable: a whole game against the computer, drawn from the learner's seat only.

The learner's view comes from ``game.observation(seat)``: other players' hidden cards never
reach the browser (face-down cards are drawn as backs with codes such as ``back-1``).

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

import ipywidgets as W

from truco import Game, IllegalAction
from truco import coach as truco_coach
from truco import players as truco_players
from truco.i18n import N_, _, ngettext

from .cardrow import CardRow
from .classroom.session import class_seed
from .common import (ActionButtons, TutorWidget, back_item, button, card_html, card_item,
                     get_variant, seat_name, special_hand_lines, team_label, vira_highlight, vira_word)
from .svg import card_back_svg

__all__ = ["PlayTable", "simple_player"]

LOG_LINES = 14  # lines of the verdict log shown
OPPONENTS = (("random", N_("Beginner")), ("basic", N_("Basic")), ("strong", N_("Strong")))
MAX_COMPUTER_STEPS = 1000  # a safety net: computer players never loop for ever


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
    return legal[0]


class PlayTable(TutorWidget):
    """Play against the computer: ``play(code)`` plays a card of the learner's hand,
    ``act(action_text)`` does any other action ("raise", "accept", "refuse", "fold" ...),
    ``new_game()`` starts again. Computer players act until it is the learner's turn.

    ``player`` is the computer players' policy: a name from :data:`truco.players.PLAYERS`
    (``"basic"`` by default), a :class:`truco.players.Player`, or a function
    ``(observation, rng) -> action_text``. ``ask_coach()`` (the Coach button) shows the
    coach's odds and suggestion for the learner's position.
    """

    def __init__(self, variant="mineiro", players=2, seed=None, seat=0, player="basic",
                 score=(0, 0)):
        super().__init__()
        self.variant = get_variant(variant)
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(_("the learner's seat must be from 0 to {last}, not {seat!r}")
                             .format(last=players - 1, seat=seat))
        # in a class, the class's own deal (everyone plays the same hands); else ``seed``
        self.players, self.seed, self.seat = players, class_seed("table", seed), seat
        self.computer = truco_players.get(player, self.variant) if isinstance(player, str) \
            else player
        self.opponent = str(player).strip().lower() if isinstance(player, str) else None
        self.reasons: list[tuple[int, int, str, str]] = []  # (hand, seat, action, reason)
        self.advice = None  # the coach's last answer, while the position is unchanged
        self._score0 = tuple(score)
        self.lines: list[str] = []  # the verdict log, oldest first
        self.status = W.HTML()
        self.table = W.HTML()
        self.row = CardRow(on_pick=self._on_card, on_reject=lambda m: self.say(m, "error"),
                           label=_("Your cards"))
        self.buttons = ActionButtons(self.act, lambda m: self.say(m, "error"))
        self.new_button = button(_("New game"), self.new_game, bench=True)
        self.log_html = W.HTML()
        self.coach_button = button(_("Coach"), self.ask_coach)
        self.coach_progress = W.IntProgress(value=0, min=0, max=1, description=_("Thinking"),
                                            layout=W.Layout(display="none"))
        self.coach_html = W.HTML()
        self.settings = self._settings()
        self._root([self.settings, self.status, self.table, self.row,
                    W.HBox([self.buttons.box, self.new_button, self.coach_button]),
                    self.feedback, self.coach_progress, self.coach_html, self.log_html])
        self.new_game()

    # --- operations ------------------------------------------------------------------------
    def new_game(self) -> None:
        self.game = Game(self.variant, players=self.players, seed=self.seed, score=self._score0)
        self._rng = random.Random(None if self.seed is None else f"computer-{self.seed}")
        self.lines = []
        self._after(0)
        self.say(_("A new game of {variant}. You are {player}.").format(
            variant=_(self.variant.title), player=seat_name(self.seat)), "info",
            self._turn_hint())

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

    def _settings(self) -> W.Box:
        """The opponent and table-size pickers: their values are read and checked in Python."""
        parts = []
        if self.opponent in dict(OPPONENTS):
            self.opponent_picker = W.ToggleButtons(
                options=[(_(label), name) for name, label in OPPONENTS], value=self.opponent,
                description=_("Opponent"), style={"button_width": "auto"})
            self.opponent_picker.observe(
                lambda change: self.choose_opponent(change["new"]), names="value")
            parts.append(self.opponent_picker)
        if len(self.variant.players) > 1:
            self.players_picker = W.ToggleButtons(
                options=[(ngettext("{n} player", "{n} players", n).format(n=n), n)
                         for n in self.variant.players],
                value=self.players, description=_("Table"), style={"button_width": "auto"})
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
        leave the game unchanged."""
        game = self.game
        if not isinstance(action_text, str) or len(action_text) > 40:
            self.say(_("That click could not be understood. Please try again."), "error")
            return False
        start = len(game.log)
        try:
            game.apply(action_text, player=self.seat)
        except IllegalAction as err:
            self.say(_("Not allowed: {message}.").format(message=err.message), "error")
            return False
        self._after(start)
        new = self.lines[self._shown:]
        self._shown = len(self.lines)
        self.say(new[0] if new else _("Done."), "info", new[1:] + self._turn_hint())
        return True

    def ask_coach(self):
        """Show the coach's numbers and suggestion for the learner's position (the Coach
        button). Returns the :class:`truco.coach.Advice`, or None when it is not the learner's
        turn. A progress bar shows when the coach takes more than a second."""
        game = self.game
        if game.is_over or game.current_player != self.seat:
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
                f"<tr><td>{escape(c.name)}</td><td>{round(100 * c.trick_win)}%</td>"
                f"<td>{round(100 * c.trick_tie)}%</td><td>{round(100 * c.hand_win)}%</td></tr>"
                for c in advice.cards)
            parts.append('<table class="tutor-coach-cards"><thead><tr>'
                         + "".join(f"<th>{escape(h)}</th>" for h in head)
                         + f"</tr></thead><tbody>{rows}</tbody></table>")
        if advice.action is not None:
            label = self._action_label(advice.action, self.view) \
                if not advice.action.startswith("play ") else advice.action[5:]
            suggestion = _("Suggestion: {action}.").format(action=label)
            parts.append(f"<p>{escape(suggestion)} "
                         f"{escape(advice.reason)}</p>")
        said = [(seat, action, reason) for hand, seat, action, reason in self.reasons
                if hand == self.game.hand_no - 1 and reason]
        if said:  # the computers' reasons for the hand just finished (never the hand in play)
            items = "".join(f"<li>{escape(seat_name(seat))} ({escape(action)}): "
                            f"{escape(reason)}</li>" for seat, action, reason in said)
            title = escape(_("Why the computer played as it did last hand"))
            parts.append(f"<details><summary>{title}</summary><ul>{items}</ul></details>")
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

    def _run_computers(self) -> None:
        game, steps = self.game, 0
        while not game.is_over and game.current_player != self.seat:
            steps += 1
            if steps > MAX_COMPUTER_STEPS:  # pragma: no cover - a broken computer player
                raise RuntimeError("the computer players did not finish their turns")
            seat = game.current_player
            obs = game.observation(seat)
            choose = getattr(self.computer, "choose", None)
            if choose is not None:
                action, reason = choose(obs, self._rng)
            else:
                action, reason = self.computer(obs, self._rng), ""
            self.reasons = self.reasons[-40:] + [(game.hand_no, seat, action, reason)]
            try:
                game.apply(action, player=seat)
            except IllegalAction:  # a computer player's mistake never blocks the game
                game.apply(obs.legal_actions[0], player=seat)

    def _after(self, start: int) -> None:
        if start == 0:
            self._shown = 0
            self.reasons = []
        self.advice = None  # the position changes: the coach's numbers are stale
        self.coach_html.value = ""
        self._run_computers()
        for event in self.game.log[start:]:
            line = self._explain(event)
            if line and (not self.lines or self.lines[-1] != line):
                self.lines.append(line)
        if start == 0:
            self._shown = len(self.lines)
        self._draw()

    def _explain(self, event) -> str | None:
        if event.kind == "deal":
            return _("Hand {n}: {player} deals.").format(n=event.hand,
                                                         player=seat_name(event.seat))
        if event.kind == "game":
            game = self.game
            return _("Game over: {team} wins, {a} to {b}.").format(
                team=team_label(game.winner), a=game.score[0], b=game.score[1])
        return event.explain()

    def _turn_hint(self) -> list[str]:
        game = self.game
        if game.is_over:
            return [_("The game is over: press New game to play again.")]
        if game.current_player == self.seat:
            return [_("Your turn.")]
        return []

    def _role(self, seat: int) -> str:
        if seat == self.seat:
            return _("you")
        if seat & 1 == self.seat & 1:
            return _("your partner")
        return _("opponent")

    def _action_label(self, text: str, obs) -> str:
        v = self.variant
        if text == "raise":
            current = obs.pending_raise[1] if obs.pending_raise else obs.hand_value
            value = v.raise_value(current)
            return _("Ask {rung} ({value})").format(rung=v.rung_name(value), value=value)
        if obs.phase == "decide":
            if text == "accept":
                return _("Play the hand of {n} (worth {value})").format(
                    n=v.hand_of, value=v.hand_of_value)
            if text == "refuse":
                return _("Run (the opponents score {points})").format(points=v.hand_of_refused)
        if text == "accept" and obs.pending_raise:
            return _("Accept ({value})").format(value=obs.pending_raise[1])
        if text == "refuse":
            return _("Refuse")
        if text == "fold":
            return _("Go to the deck")
        return _(text).capitalize()

    def _seat_html(self, seat: int, obs) -> str:
        v = self.variant
        name = _("{player}, {role}").format(player=seat_name(seat), role=self._role(seat))
        partner = dict(obs.partner_hands)
        if seat in partner:  # the rules let the learner see this partner's cards
            cards = "".join(card_html(v, v.card(c), obs.vira, width=40) for c in partner[seat])
        else:
            cards = "".join(card_back_svg(40) for _k in range(obs.hand_size[seat]))
        mark = " tutor-to-act" if obs.current_player == seat else ""
        return (f'<div class="tutor-seat{mark}"><strong>{escape(name)}</strong> '
                f'{cards}</div>')

    def _trick_html(self, obs) -> str:
        v = self.variant
        if obs.trick:
            title = _("On the table")
            cards = "".join(card_html(v, v.card(c), obs.vira, width=48, caption=seat_name(s))
                            for s, c in obs.trick)
            return f"<p>{escape(title)}</p>{cards}"
        event = next((e for e in reversed(self.game.log) if e.kind == "trick"), None)
        if event is None:
            return ""
        last = event.verdict
        title = _("Last trick") if event.hand == self.game.hand_no else \
            _("Last trick of the previous hand")
        seats = last.seats or list(range(len(last.plays)))
        win = last.winning_card
        cards = "".join(card_html(v, c, last.vira, width=48, caption=seat_name(s),
                                  highlight="winner" if c == win and last.winner is not None
                                  else None)
                        for s, (_t, c) in zip(seats, last.plays))
        return f"<p>{escape(title)}</p>{cards}"

    def _draw(self) -> None:
        game, v, obs = self.game, self.variant, self.view
        lines = [_("Score: team A {a}, team B {b} (you are {team}). Playing to {target}.")
                 .format(a=obs.score[0], b=obs.score[1], team=team_label(obs.team),
                         target=v.target),
                 _("This hand is worth {value}. {player} deals; {mano} is mano.").format(
                     value=obs.hand_value, player=seat_name(obs.dealer),
                     mano=seat_name(obs.mano))]
        lines.extend(special_hand_lines(v, obs.special_hand))
        if obs.pending_raise:
            seat, value = obs.pending_raise
            lines.append(_("{player} asks {rung} ({value}).").format(
                player=seat_name(seat), rung=v.rung_name(value), value=value))
        if game.is_over:
            lines.append(_("The game is over."))
        elif obs.current_player == self.seat:
            lines.append(_("Your turn."))
        vira = ""
        if obs.vira is not None:
            vira = card_html(v, v.card(obs.vira), obs.vira, highlight=vira_highlight(v), width=48,
                             caption=vira_word(v))
        self.status.value = vira + "<br>".join(escape(x) for x in lines)
        others = "".join(self._seat_html(s, obs) for s in range(self.players)
                         if s != self.seat)
        self.table.value = others + self._trick_html(obs)
        legal = set(obs.legal_actions)
        if obs.hand is None:  # played blind: backs whose codes tell nothing
            can_play = any(a.startswith("play ") for a in legal)
            items = [back_item(f"back-{k + 1}", enabled=can_play)
                     for k in range(obs.hand_size[self.seat])]
        else:
            items = [card_item(v, v.card(c), obs.vira, enabled=f"play {c}" in legal)
                     for c in obs.hand]
        self.row.show(items)
        self.buttons.show([(a, self._action_label(a, obs)) for a in obs.legal_actions
                           if not a.startswith("play ")])
        shown = self.lines[-LOG_LINES:]
        self.log_html.value = ('<ol class="tutor-log">'
                               + "".join(f"<li>{escape(x)}</li>" for x in shown) + "</ol>")
