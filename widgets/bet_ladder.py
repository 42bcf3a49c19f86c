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
from .common import (ActionButtons, TutorWidget, button, full_sentence, get_variant,
                     seat_name, special_hand_lines, team_label)

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
            action = next(a for a in game.legal_actions() if a == text)
            if action.card is not None:  # a card by its name, never its code
                message = _("Playing the {card} is allowed, but this ladder plays a card with "
                            "its own button.").format(
                    card=self.variant.card_name(action.card, game.vira))
            else:
                message = _("'{action}' is allowed, but it is not one of the bets on this "
                            "ladder.").format(action=text)
            self.say(message, "error")
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

    def _raise_blocker(self) -> IllegalAction | None:
        """The engine's reason why the player to act may not raise now (None if they may)."""
        game = self.game
        if game.is_over or game.can("raise"):
            return None
        try:
            game.apply("raise", player=game.current_player)
        except IllegalAction as err:
            return err
        return None  # pragma: no cover

    def _why_no_raise(self, err: IllegalAction | None) -> str | None:
        if err is None:
            return None
        if err.reason == "same_side_raised_last" or _no_raising_hand(err):
            # The engine's reason names the sides ("Team B raised last: only team A, who
            # accepted, may raise next") or the hand: a sentence of its own.
            return full_sentence(err.message)
        return _("No raise now: {message}.").format(message=err.message)

    def _game_verdict(self):
        """The engine's verdict on the game's end (``None`` while it goes on)."""
        for event in reversed(self.game.log):
            if event.verdict is not None and event.verdict.kind == "game":
                return event.verdict
        return None

    def _pending_line(self) -> str:
        game, v = self.game, self.variant
        seat, value = game.pending_raise
        if getattr(game, "mon_reste", None) == "pending":
            return _("{player} says mon reste: the hand is worth {value} if it is answered "
                     "with mon reste.").format(player=seat_name(seat), value=value)
        if game.can("raise"):
            text = _("{player} asks for {rung}, worth {value}: accept, refuse or raise again.")
        else:
            text = _("{player} asks for {rung}, worth {value}: accept or refuse.")
        return text.format(player=seat_name(seat), rung=v.rung_name(value), value=value)

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
        blocker = self._raise_blocker()
        if game.is_over:
            verdict = self._game_verdict()
            lines.append(verdict.explain() if verdict is not None else _("The game is over."))
        else:
            lines.append(_("{player} is to act.").format(player=seat_name(game.current_player)))
            lines.extend(special_hand_lines(v, game.special_hand))
            if game.pending_raise:
                lines.append(self._pending_line())
            why = self._why_no_raise(blocker)
            if why:
                lines.append(why)
        self.status.value = "<br>".join(escape(x) for x in lines)
        # In a hand where nobody may raise (the hand of ten, the iron hand), the ladder has
        # nothing to show: the status line says why.
        hidden = blocker is not None and _no_raising_hand(blocker)
        self.ladder_html.layout.display = "none" if hidden else None
        self.ladder_html.value = "" if hidden else self._ladder()

    def _ladder(self) -> str:
        """The rungs, with the value the hand is worth now and the value being asked marked
        apart; a mon reste (whose value may be off the ladder) is a rung of its own."""
        game, v = self.game, self.variant
        worth = game.hand_value
        asked = game.pending_raise[1] if game.pending_raise else None
        mon_reste = getattr(game, "mon_reste", None)
        rungs = [(_("base"), v.base_value)] + [(_(name), value) for name, value in v.ladder]
        mon_worth = mon_asked = None
        if mon_reste == "pending":
            mon_asked, asked = asked, None
        elif mon_reste == "game":
            mon_worth, worth = worth, None
        if mon_asked is not None or mon_worth is not None:
            rungs.append((_("mon reste"), mon_asked if mon_asked is not None else mon_worth))
        cells = []
        for i, (name, value) in enumerate(rungs):
            text = _("{rung} {value}").format(rung=name, value=value)
            is_mon = mon_reste in ("pending", "game") and i == len(rungs) - 1
            now = mon_worth is not None if is_mon else value == worth
            ask = mon_asked is not None if is_mon else value == asked
            cls = "tutor-rung"
            if now:
                text, cls = _("{rung} (worth now)").format(rung=text), cls + " tutor-rung-current"
            elif ask:
                text, cls = _("{rung} (being asked)").format(rung=text), cls + " tutor-rung-asked"
            cells.append(f'<span class="{cls}">{escape(text)}</span>')
        return " → ".join(cells)


def _no_raising_hand(err: IllegalAction) -> bool:
    """Whether the engine's reason says nobody may raise in this whole hand (the hand of ten
    or eleven, the iron hand), not only now."""
    return err.reason.startswith("no_raise_in_")
