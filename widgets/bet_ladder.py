"""BetLadder: the betting lessons at the card table, with the ladder beside it.

The learner sits at the table (seat 0 by default) with their cards in view and bets against
computer players (:mod:`truco.players`, ``"basic"`` by default) who answer at once, each with
its reason. Below the table the ladder stays in view: what the hand is worth now and what is
being asked, who may raise next (the engine's reason), and what each of the learner's choices
scores. Clicks are checked in Python: a button or card not offered now is refused with a
message and changes nothing.

>>> b = BetLadder("mineiro", seed=1)
>>> b.game.current_player == b.seat, sorted(b.offered)
(True, ['fold', 'raise'])
>>> b.press("raise")  # the computer answers: accept, refuse or raise again
True
>>> b.game.hand_value > 2 or b.game.pending_raise is not None or b.paused
True
"""
from __future__ import annotations

import random
from html import escape

import ipywidgets as W

from truco import Game, IllegalAction, resolve
from truco import players as truco_players
from .i18n import _
from truco.verdicts import SAME_SIDE_RAISED_LAST, team_name

from .app import deal_seed
from .common import (TutorWidget, button, full_sentence, get_variant, seat_name,
                     special_hand_lines, team_label)
from .language import direction
from .table import TableView
from .table_words import (HandStart, bubbles, event_line, hand_summary, review_line,
                          seat_label)

__all__ = ["BetLadder", "BET_KINDS"]

BET_KINDS = ("raise", "accept", "refuse", "mon reste")  # the ladder's actions


class BetLadder(TutorWidget):
    """Bet at the table against the computer, the ladder in view.

    ``press(action_text)`` is a button's click ("raise", "accept", "refuse", "fold", "mon
    reste", "redeal", "envido" ...), ``play(code)`` a click on one of the learner's cards,
    ``next_hand()`` goes on after a hand's summary (every hand face up), ``reset()`` (the
    "Start again" button) deals the same first hand again.

    ``score`` takes a starting score, e.g. ``(10, 0)`` for Mineiro's hand of ten.
    ``hands``/``vira``/``dealer`` give a fixed deal (``Game.from_deal``, hands in seat order);
    otherwise ``seed`` deals. ``players``: 2, 4 or 6 (partners are computer players too);
    ``seat``: the learner's seat (without ``dealer`` the learner is mano and acts first);
    ``player``: the computers' policy, a name from :data:`truco.players.PLAYERS` or a
    :class:`truco.players.Player`.
    """

    def __init__(self, variant="mineiro", score=(0, 0), seed=None, hands=None, vira=None,
                 dealer=None, players=None, seat=0, player="basic"):
        super().__init__()
        self.variant = get_variant(variant)
        if hands is None:  # in a class, the class's deal (see widgets.classroom)
            seed = deal_seed("ladder", seed)
        n = players if players is not None else (len(hands) if hands is not None else 2)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(_("the learner's seat must be from 0 to {last}, not {seat!r}")
                             .format(last=n - 1, seat=seat))
        self.seat = seat
        if dealer is None:  # the learner is mano: the first to act
            dealer = (seat - 1) % n
        self._args = dict(score=tuple(score), seed=seed, hands=hands, vira=vira, dealer=dealer,
                          players=n)
        self.computer = truco_players.get(player, self.variant) if isinstance(player, str) \
            else player
        self.last_error = None  # the last IllegalAction, for lessons and tests
        self.summary = None  # the summary of the hand just finished, while play pauses
        self.table = TableView(self.variant, seat, on_card=self._on_card, on_action=self._apply,
                               on_reject=lambda m: self.say(m, "error"),
                               on_next=self.next_hand)
        self.row, self.buttons = self.table.row, self.table.buttons
        self.next_button = self.table.next_button
        self.ladder_html = W.HTML()
        self.ladder_html.add_class("tutor-ladder-rungs")
        self.status = W.HTML()
        self.status.add_class("tutor-ladder-status")
        self.choices_html = W.HTML()
        self.choices_html.add_class("tutor-ladder-choices")
        ladder_word = escape(_("The ladder"))  # outside the f-string, where Babel finds it
        title = W.HTML(f'<h4 class="tutor-ladder-title">{ladder_word}</h4>')
        self.panel = W.VBox([title, self.ladder_html, self.status, self.choices_html])
        self.panel.add_class("tutor-ladder")
        self.reset_button = button(_("Start again"), self.reset, bench=True)
        self._root([self.table.widget, self.feedback, self.panel, self.reset_button])
        self.widget.add_class("tutor-play")
        self.widget.add_class("tutor-bet-table")
        self.reset()

    # --- what the learner may do now ----------------------------------------------------------
    @property
    def offered(self) -> frozenset[str]:
        """The buttons offered now (every legal action but the cards, which are clicked)."""
        return self.buttons.offered

    @property
    def paused(self) -> bool:
        """True while a finished hand is shown and the next waits for "Next hand"."""
        return self.summary is not None and not self.game.is_over

    @property
    def view(self):
        """What the learner may see now (the engine's observation of the learner's seat)."""
        return self.game.observation(self.seat)

    # --- operations ---------------------------------------------------------------------------
    def reset(self) -> None:
        """Deal the same first hand again, from the starting score (Start again)."""
        a = self._args
        if a["hands"] is not None:
            self.game = Game.from_deal(self.variant, a["hands"], vira=a["vira"],
                                       score=a["score"], seed=a["seed"], dealer=a["dealer"])
        else:
            self.game = Game(self.variant, players=a["players"], seed=a["seed"],
                             dealer=a["dealer"], score=a["score"])
        seed = a["seed"]
        self._rng = random.Random(None if seed is None else f"computer-{seed}")
        self.last_error, self.summary = None, None
        self._starts, self._tricks, self._reasons = {}, {}, {}
        self._hand = self.game.hand_no
        lines = self._advance(len(self.game.log))
        game = self.game
        first = _("A new hand: it is worth {value}.").format(value=game.hand_value)
        if game.special_hand is not None and not game.is_over:
            first = " ".join(special_hand_lines(self.variant, game.special_hand))
        self.say(first, "info", lines + self._turn_hint())

    def press(self, action_text) -> bool:
        """What clicking a button does. Anything not offered changes nothing: a card's play
        is answered with the card's name, an illegal action with the engine's reason."""
        if not self._usable_click(action_text, 40):
            return False
        text = " ".join(action_text.lower().split())
        if text in self.offered:
            return self._apply(text)
        if text == "play":
            self.say(_("Click one of your cards to play it."), "error")
            return False
        game = self.game
        err = game.why_not(text, player=self.seat)
        if err is None:  # legal but not a button: a card, played by clicking it
            action = next((a for a in game.legal_actions() if a == text), None)
            if action is not None and action.card is not None:
                self.say(_("Playing the {card} is allowed: click the card to play it.").format(
                    card=self.variant.card_name(action.card, game.vira)), "error")
            else:
                self.say(_("That button is not available now."), "error")
            return False
        return self._illegal(err)

    def _usable_click(self, value, longest: int) -> bool:
        """Whether a click's ``value`` can be acted on now; if not, the learner is told why
        (a forged or garbled value, a finished game, a hand waiting for *Next hand*)."""
        if not isinstance(value, str) or len(value) > longest:
            self.say(_("That click could not be understood. Please try again."), "error")
            return False
        if self.game.is_over:
            self.say(_("The game is over: press Start again to play again."), "error")
            return False
        if self.paused:
            self.say(_("This hand is over: press Next hand to deal the next one."), "error")
            return False
        return True

    def play(self, code) -> bool:
        """Play the card ``code`` from the learner's hand (what clicking it does)."""
        if not self._usable_click(code, 16):
            return False
        if f"play {code}" not in self.view.legal_actions:
            self.say(_("That card is not one of the cards on offer."), "error")
            return False
        return self._do(f"play {code}")

    def next_hand(self) -> bool:
        """Deal on after a hand's summary (the Next hand button)."""
        if not self.paused:
            self.say(_("The hand is still being played: there is no next hand yet."), "error")
            return False
        self.summary = None
        self._hand = self.game.hand_no
        lines = self._advance(self._logged)
        self.say(lines[0] if lines else _("Done."), "info", lines[1:] + self._turn_hint())
        return True

    # --- internals ----------------------------------------------------------------------------
    def _on_card(self, code: str) -> None:
        """A click on a card of the row: face-down codes (a blind hand) map to the legal
        plays ("play #n") in order."""
        if code.startswith("back-"):
            plays = [a for a in self.view.legal_actions if a.startswith("play ")]
            try:
                index = int(code[5:]) - 1
            except ValueError:
                index = -1
            if self.paused or self.game.is_over or not 0 <= index < len(plays):
                self.say(_("That card is not one of the cards on offer."), "error")
                return
            self._do(plays[index])
            return
        self.play(code)

    def _apply(self, text: str) -> bool:
        """A button's action (checked again: a stale or forged click is refused)."""
        if self.paused or self.game.is_over or text not in self.offered:
            self.say(_("That button is not available now."), "error")
            return False
        return self._do(text)

    def _do(self, text: str) -> bool:
        game = self.game
        start = len(game.log)
        self._note_start()
        try:
            game.apply(text, player=self.seat)
        except IllegalAction as err:
            return self._illegal(err)
        self.last_error = None
        lines = self._advance(start)
        self.say(lines[0] if lines else _("Done."), "info", lines[1:] + self._turn_hint())
        return True

    def _illegal(self, err: IllegalAction) -> bool:
        self.last_error = err
        self.say(_("Not allowed: {message}.").format(message=err.message), "error",
                 [_("Reason code: {reason}").format(reason=err.reason)])
        return False

    def _note_start(self) -> None:
        """Keep the hand under way as dealt (the engine deals the next one at once); a new
        deal (a new hand, or a redeal) is when the learner's partners signal."""
        game = self.game
        known = self._starts.get(game.hand_no)
        if known is None or known.dealt != game.dealt:
            self._starts[game.hand_no] = HandStart.of(
                game, score=None if known is None else known.score)
            for old in [h for h in self._starts if h < game.hand_no - 1]:
                del self._starts[old]
            self._signal()

    def _signal(self) -> None:
        """The learner's computer partners show what they hold with the signals the engine
        allows (it refuses a dishonest one, and any signal where the variant has none)."""
        from truco.truc import SIGNALS
        game = self.game
        if game.is_over or not hasattr(game, "signal"):
            return
        for seat in range(game.n):
            if seat == self.seat or (seat ^ self.seat) & 1:
                continue
            for sign in SIGNALS:
                try:
                    game.signal(seat, sign)
                except IllegalAction as err:
                    if err.reason == "no_signals_in_variant":
                        return

    def _run_computers(self, hand: int) -> None:
        """The computer players act (the players' own loop, :func:`truco.players.
        play_computers`) until the learner's turn or the end of ``hand``; each choice's
        reason is kept by the log index of its event. A computer's illegal choice raises: no
        other action is ever played in its place."""
        game = self.game
        if game.is_over or game.hand_no != hand:
            return

        def chosen(_hand_no: int, seat: int, action: str, reason) -> None:
            self._note_start()
            vira = game.vira.code if game.vira is not None else None  # as the seat sees it
            self._reasons[len(game.log)] = (hand, seat, action, reason, vira)

        made = truco_players.play_computers(game, self.computer, self._rng, until=self.seat,
                                            same_hand=True, on_choice=chosen)
        if made and game.hand_no == hand:
            self._note_start()  # a redeal: the new cards, and the partners' signals

    def _advance(self, start: int) -> list[str]:
        """After the learner's action (or a new hand): the computers act until the learner's
        turn or the hand's end; the table and the ladder are drawn again. Returns what
        happened since ``start`` (a log index), with the computers' reasons for their bets."""
        game = self.game
        hand = self._hand
        if game.hand_no == hand and not game.is_over:
            self._note_start()
        self._run_computers(hand)
        events = game.log[start:]
        if not game.is_over:  # the next hand's deal waits for the Next hand button
            end = next((i + 1 for i, e in enumerate(events) if e.kind == "hand"), None)
            if end is not None:
                events = events[:end]
        self._logged = start + len(events)
        for old in [at for at, r in self._reasons.items() if r[0] < hand]:
            del self._reasons[old]
        lines = []
        for i, event in enumerate(events, start):
            for line in (self._line(event), self._why(i)):
                if line and (not lines or lines[-1] != line):
                    lines.append(line)
        if game.is_over or game.hand_no != hand:
            first = self._starts[hand]
            reviews = [r for at in sorted(self._reasons)
                       for h, seat, action, reason, vira in [self._reasons[at]] if h == hand
                       for r in [review_line(seat, action, reason, self.seat, self.variant,
                                             vira)] if r]
            self.summary = hand_summary(game, first, reviews)
            self.table.draw_summary(game, self.summary, final=game.is_over)
        else:
            self.table.draw(game, bubbles=bubbles(events, self.variant, hand),
                            tooltips=self._rules())
        self._draw_ladder()
        return lines

    def _line(self, event) -> str | None:
        if event.kind == "deal":
            return None
        start = self._starts.get(event.hand)
        vira = start.vira if start is not None else self.game.vira
        trick_no = 0
        if event.kind == "trick":
            trick_no = self._tricks[event.hand] = self._tricks.get(event.hand, 0) + 1
        return event_line(event, self.variant, learner=self.seat, vira=vira, trick_no=trick_no)

    def _why(self, index: int) -> str | None:
        """A computer's reason for the bet logged at ``index``, in the third person (a card's
        play is reviewed at the end of the hand)."""
        found = self._reasons.get(index)
        if found is None:
            return None
        _hand, seat, action, reason, vira = found
        if action.startswith("play "):
            return None
        return review_line(seat, action, reason, self.seat, self.variant, vira)

    def _turn_hint(self) -> list[str]:
        game = self.game
        if game.is_over:
            return [_("The game is over: press Start again to play again.")]
        if self.paused:
            return [_("Every hand is turned face up on the table: press Next hand to go on.")]
        if game.current_player == self.seat:
            return [_("Your turn.")]
        return []

    # --- the ladder ---------------------------------------------------------------------------
    def _label(self, action) -> tuple[str, str]:
        """(what choosing ``action`` scores, its rule): the figures are the engine's preview
        of it (``game.preview``), as on the table's buttons."""
        game, v = self.game, self.variant
        seat = game.current_player
        team = seat & 1
        if game.phase == "decide":  # (the preview has no figures for this decision)
            verdict = resolve.special_hand_decision(v, team, action.kind == "accept")
            if action.kind == "accept":
                label = _("Play the hand of {n}: it is worth {value}").format(
                    n=v.hand_of, value=verdict.value)
            else:
                label = _("Run: {other} scores {points}").format(
                    other=team_label(1 - team), points=verdict.points)
            return label, verdict.rule()
        preview = game.preview(action)
        if action.kind == "raise":
            value, before = preview.if_accepted, preview.if_refused
            label = _("{rung}: worth {value} if accepted; refused, {team} scores {before}") \
                .format(rung=v.rung_name(value), value=value, team=team_label(team),
                        before=before)
            return label, resolve.raise_offer(v, before, team, value).explain()
        if action.kind == "accept" and game.pending_raise:
            return _("Accept: the hand is worth {value}").format(
                value=preview.if_accepted), preview.rule()
        if action.kind == "refuse" and game.pending_raise:
            points, rule = preview.if_refused, preview.rule()
            if points is None:  # refusing a mon reste: no preview figure; the engine's verdict
                verdict = game.copy().apply(action, player=seat).verdict
                points, rule = verdict.points, verdict.rule()
            return _("Refuse: {other} scores {points}").format(
                other=team_label(1 - team), points=points), rule
        if action.kind == "mon reste":  # its rule (its value: all the side lacks)
            rule = preview.rule()
            return _("Mon reste: {rule}").format(rule=rule), rule
        label = _(action.text).capitalize()
        return label, label

    def _rules(self) -> dict:
        """{bet: the engine's rule behind it} for the learner's bet buttons (their tooltips)."""
        game = self.game
        if game.is_over or game.current_player != self.seat:
            return {}
        return {a.text: full_sentence(self._label(a)[1]) for a in game.legal_actions()
                if a.kind in BET_KINDS}

    def _raise_blocker(self) -> IllegalAction | None:
        """The engine's reason why the learner may not raise now (None if they may, or it is
        not their turn)."""
        game = self.game
        if game.is_over or self.paused or game.current_player != self.seat:
            return None
        return game.why_not("raise", player=self.seat)

    def _why_no_raise(self, err: IllegalAction | None) -> str | None:
        if err is None:
            return None
        if err.reason == "same_side_raised_last" or _no_raising_hand(err):
            # The engine's reason names the sides ("Team B raised last: only team A, who
            # accepted, may raise next") or the hand: a sentence of its own.
            return full_sentence(err.message)
        return _("No raise now: {message}.").format(message=err.message)

    def _raise_right_line(self) -> list[str]:
        """After a raise the learner's side accepted: the engine's rule, naming the sides
        ("Team B raised last: only team A, who accepted, may raise next.")."""
        game = self.game
        for event in reversed(game.log):
            if event.hand != game.hand_no:
                break
            if event.kind == "accept" and getattr(event.verdict, "reason", "") == "accepted":
                team = event.seat & 1
                if team != self.seat & 1:
                    return []
                return [full_sentence(_(SAME_SIDE_RAISED_LAST).format(
                    team=team_name(1 - team), other=team_name(team)))]
        return []

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
        if "raise" in self.offered:
            text = _("{player} asks for {rung}, worth {value}: accept, refuse or raise again.")
        else:
            text = _("{player} asks for {rung}, worth {value}: accept or refuse.")
        return text.format(player=seat_name(seat), rung=v.rung_name(value), value=value)

    def _captains_line(self) -> list[str]:
        """Who the captains are, where the variant has them, and the engine's rule for the
        others (its reason why the learner's partner may not answer or concede)."""
        game = self.game
        captains = tuple(getattr(game, "captains", ()) or ())
        if not captains or self.paused or game.is_over:
            return []
        names = [seat_label(s, self.seat) for s in sorted(captains, key=lambda s: s != self.seat)]
        lines = [_("Captains: {first} and {second}.").format(first=names[0], second=names[1])]
        others = [s for s in range(game.n) if s not in captains and s != game.current_player]
        for action in ("accept", "fold"):
            err = next((e for s in others for e in [game.why_not(action, player=s)]
                        if e is not None and e.reason.startswith("only_captains")), None)
            if err is not None:
                lines.append(full_sentence(err.message))
                break
        return lines

    def _draw_ladder(self) -> None:
        game = self.game
        lines = []
        blocker = self._raise_blocker()
        if game.is_over:
            verdict = self._game_verdict()
            lines.append(verdict.explain() if verdict is not None else _("The game is over."))
        elif not self.paused:  # (a special hand is named above the table and in the feedback)
            if game.pending_raise:
                lines.append(self._pending_line())
            why = self._why_no_raise(blocker)
            if why:
                lines.append(why)
            elif "raise" in self.offered and not game.pending_raise:
                lines.extend(self._raise_right_line())
            lines.extend(self._captains_line())
        self.status.value = "".join(f"<p>{escape(x)}</p>" for x in lines)
        # In a hand where nobody may raise (the hand of ten, the iron hand), the ladder has
        # nothing to show: the status line says why.
        special = game.special_hand is not None and not self.paused and not game.is_over
        hidden = special or (blocker is not None and _no_raising_hand(blocker))
        self.ladder_html.layout.display = "none" if hidden else None
        self.ladder_html.value = "" if hidden else self._ladder()
        choices = []
        if not game.is_over and not self.paused and game.current_player == self.seat:
            for action in game.legal_actions():
                if action.kind in BET_KINDS:
                    label, _rule = self._label(action)
                    choices.append(f"<li>{escape(label)}</li>")
        title = _("What each choice scores")
        self.choices_html.value = (f'<p class="tutor-ladder-subtitle">{escape(title)}</p>'
                                   f'<ul>{"".join(choices)}</ul>') if choices else ""

    def _ladder(self) -> str:
        """The rungs, with the value the hand is worth now and the value being asked marked
        apart; a mon reste (whose value may be off the ladder) is a rung of its own."""
        game, v = self.game, self.variant
        worth = game.hand_value
        asked = game.pending_raise[1] if game.pending_raise else None
        mon_reste = getattr(game, "mon_reste", None)
        if self.paused or game.is_over:  # the hand is over: the rungs alone
            worth = asked = mon_reste = None
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
            cells.append(f'<li class="{cls}"><span>{escape(text)}</span></li>')
        return f'<ol class="tutor-rungs" dir="{direction()}">{"".join(cells)}</ol>'


def _no_raising_hand(err: IllegalAction) -> bool:
    """Whether the engine's reason says nobody may raise in this whole hand (the hand of ten
    or eleven, the iron hand), not only now."""
    return err.reason.startswith("no_raise_in_")
