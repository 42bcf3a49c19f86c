"""BetLadder: walk a raise sequence on a real game; only the legal bet buttons are offered.

>>> b = BetLadder("mineiro", seed=1)
>>> sorted(b.offered)
['play', 'raise']
>>> b.press("raise"), b.game.pending_raise[1]
(True, 4)
>>> b.press("raise"), b.game.pending_raise[1]  # the other side raises again: Seis
(True, 6)
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from truco import Game, IllegalAction, resolve
from truco.i18n import _

from .classroom.session import class_seed
from .common import (ActionButtons, TutorWidget, button, get_variant, seat_name,
                     special_hand_lines, team_label)

__all__ = ["BetLadder", "BET_KINDS"]

BET_KINDS = ("raise", "accept", "refuse", "mon reste")  # the ladder's actions
PLAY_ON = "play"  # the extra button: the player to act plays a card, so the turn moves on


class BetLadder(TutorWidget):
    """Raise, accept, refuse on a :class:`truco.Game` (both sides are driven by the learner).

    ``press(action_text)`` is a click ("raise", "accept", "refuse", "play" to play a card);
    ``reset()`` deals the same hand again. ``game`` is the engine's game; ``score`` takes a
    starting score, e.g. ``(10, 0)`` for Mineiro's hand of ten. ``hands``/``vira``/``dealer``
    give a fixed deal (``Game.from_deal``); otherwise ``seed`` deals.
    """

    def __init__(self, variant="mineiro", score=(0, 0), seed=None, hands=None, vira=None,
                 dealer=None, players=2):
        super().__init__()
        self.variant = get_variant(variant)
        if hands is None:  # in a class, the class's deal (see widgets.classroom)
            seed = class_seed("ladder", seed)
        self._args = dict(score=tuple(score), seed=seed, hands=hands, vira=vira, dealer=dealer,
                          players=players)
        self.last_error = None  # the last IllegalAction, for lessons and tests
        self.status = W.HTML()
        self.ladder_html = W.HTML()
        self.buttons = ActionButtons(self._apply, lambda m: self.say(m, "error"))
        self.reset_button = button(_("Start again"), self.reset, bench=True)
        self._root([self.status, self.ladder_html,
                    W.HBox([self.buttons.box, self.reset_button]), self.feedback])
        self.reset()

    @property
    def offered(self) -> frozenset[str]:
        return self.buttons.offered

    # --- operations ------------------------------------------------------------------------
    def reset(self) -> None:
        a = self._args
        if a["hands"] is not None:
            extra = {} if a["dealer"] is None else {"dealer": a["dealer"]}
            self.game = Game.from_deal(self.variant, a["hands"], vira=a["vira"],
                                       score=a["score"], seed=a["seed"], **extra)
        else:
            self.game = Game(self.variant, players=a["players"], seed=a["seed"],
                             dealer=a["dealer"] or 0, score=a["score"])
        self.last_error = None
        self._draw()
        self.say(_("A new hand: it is worth {value}. {player} is to act.").format(
            value=self.game.hand_value, player=seat_name(self.game.current_player)))

    def press(self, action_text) -> bool:
        """What clicking a button does. An action that is not offered changes nothing: if
        the rules forbid it the engine's reason is shown."""
        if not isinstance(action_text, str) or len(action_text) > 40:
            self.say(_("That click could not be understood. Please try again."), "error")
            return False
        text = " ".join(action_text.lower().split())
        if text in self.offered:
            return self._apply(text)
        game = self.game
        if game.can(text):
            self.say(_("'{action}' is allowed, but it is not one of the bets on this ladder.")
                     .format(action=text), "error")
            return False
        try:  # illegal: the engine raises IllegalAction and leaves the game as it was
            game.apply(text, player=game.current_player)
        except IllegalAction as err:
            return self._illegal(err)
        self._draw()  # pragma: no cover - the engine said it was illegal, so never reached
        return True

    # --- internals ---------------------------------------------------------------------------
    def _apply(self, text: str) -> bool:
        game = self.game
        if text not in self.offered:  # a stale button: re-check, never trust
            self.say(_("That button is not available now."), "error")
            return False
        if text == PLAY_ON:
            text = next(str(a) for a in game.legal_actions() if a.kind == "play")
        start = len(game.log)
        try:
            game.apply(text, player=game.current_player)
        except IllegalAction as err:
            return self._illegal(err)
        self.last_error = None
        lines = []
        for event in game.log[start:]:
            if event.verdict is not None or event.kind == "play":
                line = event.explain()
                if not lines or lines[-1] != line:  # a refusal also ends the hand
                    lines.append(line)
        self._draw()
        self.say(lines[0] if lines else _("Done."), "info", lines[1:])
        return True

    def _illegal(self, err: IllegalAction) -> bool:
        self.last_error = err
        self.say(_("Not allowed: {message}.").format(message=err.message), "error",
                 [_("Reason code: {reason}").format(reason=err.reason)])
        self._draw()
        return False

    def _bet_actions(self) -> list:
        return [a for a in self.game.legal_actions() if a.kind in BET_KINDS]

    def _label(self, action) -> tuple[str, str]:
        """(button label, tooltip) for a bet action, with values from the engine."""
        game, v = self.game, self.variant
        seat = game.current_player
        team = seat & 1
        pending = game.pending_raise
        if action.kind == "raise":
            current = pending[1] if pending else game.hand_value
            offer = resolve.raise_offer(v, current, team)
            label = _("{rung}: worth {value} if accepted; refused, {team} scores {before}") \
                .format(rung=v.rung_name(offer.value), value=offer.value,
                        team=team_label(team), before=offer.before)
            return label, offer.explain()
        if game.phase == "decide":
            verdict = resolve.special_hand_decision(v, team, action.kind == "accept")
            if action.kind == "accept":
                label = _("Play the hand of {n}: it is worth {value}").format(
                    n=v.hand_of, value=verdict.value)
            else:
                label = _("Run: {other} scores {points}").format(
                    other=team_label(1 - team), points=verdict.points)
            return label, verdict.rule()
        if action.kind == "accept" and pending:
            verdict = resolve.acceptance(v, pending[1], team)
            return _("Accept: the hand is worth {value}").format(value=pending[1]), \
                verdict.rule()
        if action.kind == "refuse" and pending:
            verdict = resolve.refusal(v, pending[1], game.hand_value, team)
            return _("Refuse: {other} scores {points}").format(
                other=team_label(1 - team), points=verdict.points), verdict.rule()
        label = _(action.text).capitalize()  # e.g. mon reste: its value comes with its verdict
        return label, label

    def _why_no_raise(self) -> str | None:
        game = self.game
        if game.is_over or game.can("raise"):
            return None
        try:
            game.apply("raise", player=game.current_player)
        except IllegalAction as err:
            return _("No raise now: {message}.").format(message=err.message)
        return None  # pragma: no cover

    def _draw(self) -> None:
        game, v = self.game, self.variant
        actions, tips = [], {}
        if not game.is_over:
            for action in self._bet_actions():
                label, tip = self._label(action)
                actions.append((action.text, label))
                tips[action.text] = tip
            if any(a.kind == "play" for a in game.legal_actions()):
                actions.append((PLAY_ON, _("{player} plays a card").format(
                    player=seat_name(game.current_player))))
        self.buttons.show(actions, tips)
        lines = [_("Score: team A {a}, team B {b}. The hand is worth {value}.").format(
            a=game.score[0], b=game.score[1], value=game.hand_value)]
        if game.is_over:
            lines.append(_("The game is over."))
        else:
            lines.append(_("{player} is to act.").format(player=seat_name(game.current_player)))
            lines.extend(special_hand_lines(v, game.special_hand))
            if game.pending_raise:
                seat, value = game.pending_raise
                lines.append(_("{player} asked for {rung} ({value}): accept, refuse or raise.")
                             .format(player=seat_name(seat), rung=v.rung_name(value),
                                     value=value))
            why = self._why_no_raise()
            if why:
                lines.append(why)
        self.status.value = "<br>".join(escape(x) for x in lines)
        current = game.pending_raise[1] if game.pending_raise else game.hand_value
        rungs = [(_("base"), v.base_value)] + [(_(name), value) for name, value in v.ladder]
        cells = []
        for name, value in rungs:
            mark = " tutor-rung-current" if value == current else ""
            text = _("{rung} {value}").format(rung=name, value=value)
            if value == current:
                text = _("{rung} (now)").format(rung=text)
            cells.append(f'<span class="tutor-rung{mark}">{escape(text)}</span>')
        self.ladder_html.value = " → ".join(cells)
