"""TableView: a card table seen from the learner's seat, for any lesson that plays hands.

Seats sit around a felt for 2, 4 and 6 players: the learner at the bottom ("You"), the
partner opposite, the opponents at the sides and the top, each with a name, a team colour,
card backs for the cards still held, the cards played this hand in front of them (the trick
under way large, earlier tricks small, each trick's winning card marked), the dealer and the
mano marked, and what they just said in a speech bubble. Above the felt: the score (malas and
buenas where the variant counts them) and the stake. Below it: the learner's cards (click to
play) and the buttons for everything else. At the end of a hand every hand is shown face up,
with each trick, the side bets and the points, and a "Next hand" button.

Everything drawn comes from ``game.observation(seat)`` while a hand is played (other seats'
cards never reach the browser) and from the engine's log and verdicts. Clicks are checked in
Python: a card or button not offered now is refused with a message.

>>> import truco
>>> view = TableView("mineiro", on_card=print, on_action=print, on_reject=print)
>>> g = truco.Game.from_deal("mineiro", hands=[["4c", "7h", "As"], ["3d", "2s", "Kc"]])
>>> view.draw(g)
>>> sorted(view.row.offered), sorted(view.buttons.offered)
(['4c', '7h', 'As'], ['fold', 'raise'])
>>> "tt-state-play" in view.board.html and "3 of diamonds" not in view.board.html
True

A lesson about bets can put the same table around its own game: draw it after each press
with the calls just made as bubbles (``table_words.bubbles(game.log[start:], variant,
game.hand_no)``), and at the end of a hand draw the summary
(``table_words.hand_summary(game, HandStart.of(game) taken when the hand was dealt)``).
"""
from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as W

from truco import score_text
from truco.i18n import sequence
from ..language.i18n import _, ngettext

from ..cards.cardrow import CardRow
from ..ui.common import (ActionButtons, back_item, button, card_item, card_label, get_variant,
                     special_hand_lines, team_label, vira_highlight, vira_word)
from ..language.session import direction
from ..cards.svg import card_back_svg, card_svg
from .board import TableBoard
from .words import (action_label, gesture_face, gesture_text, gesture_words, seat_label,
                          team_title)

__all__ = ["TableView", "POSITIONS"]

# Where each seat sits, counted from the learner's seat counter-clockwise (play goes
# counter-clockwise: the next player sits on the learner's right).
POSITIONS = {2: ("bottom", "top"), 4: ("bottom", "right", "top", "left"),
             6: ("bottom", "right", "topright", "top", "topleft", "left")}
TEAM_CLASS = ("tt-a", "tt-b")


def _attr(text: str) -> str:
    return escape(text, quote=True)


class TableView:
    """The table's widgets: :attr:`board` (the drawing), :attr:`row` (the learner's cards),
    :attr:`buttons` (the other actions) and :attr:`next_button`; :attr:`widget` holds them.

    ``on_card(code)`` gets a card click the row accepted, ``on_action(text)`` a button's
    action, ``on_reject(message)`` any refused click, ``on_next()`` the Next hand button.
    ``label(text, observation, preview)`` may replace the buttons' labels; ``preview`` is the
    engine's :meth:`truco.Game.preview` of the action (what it scores if accepted or
    refused)."""

    def __init__(self, variant="mineiro", seat: int = 0, *, on_card: Callable,
                 on_action: Callable, on_reject: Callable, on_next: Callable | None = None,
                 label: Callable | None = None):
        self.variant, self.seat = get_variant(variant), seat
        self.label = label or (lambda text, obs, preview: action_label(self.variant, text, obs,
                                                                         preview))
        self.board = TableBoard()
        self.caption = W.HTML()
        self.caption.add_class("tutor-table-caption")
        self.row = CardRow(on_pick=on_card, on_reject=on_reject, label=_("Your cards"))
        self.buttons = ActionButtons(on_action, on_reject)
        self.buttons.box.add_class("tutor-table-actions")
        self.next_button = button(_("Next hand"), on_next or (lambda: None))
        self.next_button.add_class("tutor-table-next")
        self.next_button.layout.display = "none"
        hand = W.VBox([self.caption, self.row])
        hand.add_class("tutor-table-hand")
        self.controls = W.HBox([hand, self.buttons.box, self.next_button])
        self.controls.add_class("tutor-table-controls")
        self.widget = W.VBox([self.board, self.controls])
        self.widget.add_class("tutor-table")
        self.state = "play"
        self.captains: tuple = ()
        self.draws = 0  # how many times the board was drawn (data-draw: tests wait on it)

    # --- while a hand is played ---------------------------------------------------------------
    def draw(self, game, *, bubbles: dict | None = None, note: str = "",
             tooltips: dict | None = None) -> None:
        """Draw the hand under way from the learner's observation. ``bubbles``: {seat: words
        said}; ``note``: a line for the stake's corner; ``tooltips``: {action: the rule behind
        its button}. The trick just finished stays large,
        its winning card marked, until the next trick starts.

        What the rules let the learner see is drawn too: a partner's cards face up where the
        observation shows them (``partner_hands``: the hand of ten or eleven), a partner's
        signals as gestures by their seat (``signals``, four-player French Truc), and the
        captains marked on their plates."""
        obs = game.observation(self.seat)
        v, n = self.variant, len(obs.hand_size)
        self.state = "over" if game.is_over else "play"
        self.captains = tuple(getattr(game, "captains", ()) or ())
        shown = dict(obs.partner_hands)
        gestures = gesture_words(game, obs, self.seat)
        tricks = _tricks_of(game, game.hand_no)
        seats = []
        for seat in range(n):
            played = []
            for k, (plays, winners) in enumerate(tricks, 1):
                for s, c in plays:
                    if s == seat:  # the trick just finished stays large until the next starts
                        now = not obs.trick and k == len(tricks)
                        played.append((c, seat in winners, now, obs.vira))
            for s, c in obs.trick:
                if s == seat:
                    played.append((v.card(c), False, True, obs.vira))
            seats.append(self._seat_html(obs, seat, n, played, (bubbles or {}).get(seat), None,
                                         shown=shown.get(seat, ()),
                                         gestures=gestures.get(seat, ())))
        centre = self._centre_html(obs)
        classes = "tt tt-state-" + self.state + (
            " tt-turn-you" if obs.current_player == self.seat else "")
        self.draws += 1
        self.board.html = (f'<div class="{classes}" data-n="{n}" data-hand="{game.hand_no}" '
                           f'data-draw="{self.draws}" dir="{direction()}">'
                           f'{self._head_html(obs, note)}'
                           f'<div class="tt-felt">{"".join(seats)}{centre}</div></div>')
        self._draw_controls(game, obs, tooltips)

    def _draw_controls(self, game, obs, tooltips=None) -> None:
        legal = set(obs.legal_actions)
        v = self.variant
        if obs.hand is None:  # played blind: backs whose codes tell nothing
            can_play = any(a.startswith("play ") for a in legal)
            items = [back_item(f"back-{k + 1}", enabled=can_play)
                     for k in range(obs.hand_size[self.seat])]
        else:
            items = [card_item(v, v.card(c), obs.vira, enabled=f"play {c}" in legal)
                     for c in obs.hand]
        self.row.show(items)
        self.row.layout.display = None
        # Deciding the hand of ten or eleven: the cards are there to be looked at, not dimmed
        # (they cannot be played yet; the buttons decide).
        if obs.phase == "decide":
            self.row.add_class("tutor-table-look")
        else:
            self.row.remove_class("tutor-table-look")
        self.caption.value = escape(_("Your cards"))
        self.buttons.show([(a, self.label(a, obs, game.preview(a))) for a in obs.legal_actions
                           if not a.startswith("play ")], tooltips)
        self.next_button.layout.display = "none"
        self.controls.remove_class("tutor-table-paused")

    # --- at the end of a hand -------------------------------------------------------------------
    def draw_summary(self, game, summary, *, final: bool = False) -> None:
        """Every hand face up, the tricks with who won each and why, the side bets, the points
        and the coach's review; the Next hand button (not after the game's last hand)."""
        start = summary.start
        n = len(start.dealt)
        v = self.variant
        self.state = "summary"
        self.captains = ()  # (the game has dealt the next hand: its captains are not these)
        seats = []
        for seat in range(n):
            played = {c.id: k for k, c in summary.played_by(seat)}
            cards = []  # the cards played, in order, then those never played
            for c in sorted(start.dealt[seat], key=lambda c: played.get(c.id, 9)):
                k = played.get(c.id, 0)
                cards.append((c, bool(k) and summary.won(k, seat), True, start.vira, k))
            seats.append(self._seat_html(start, seat, n, cards, None, summary))
        outcome = _("Nobody scores") if summary.winner is None else _("{team} wins").format(
            team=team_title(summary.winner))
        gained = sequence([_("{team} +{n}").format(team=team_title(t), n=summary.points[t])
                           for t in (0, 1) if summary.points[t]])
        centre = (f'<div class="tt-centre">{self._vira_html(start.vira)}'
                  f'<div class="tt-outcome">{escape(outcome)}<span class="tt-outcome-points">'
                  f'{escape(gained)}</span></div></div>')
        head = self._score_html(summary.score)
        self.draws += 1
        self.board.html = (f'<div class="tt tt-state-summary" data-n="{n}" '
                           f'data-hand="{start.hand}" data-draw="{self.draws}" '
                           f'dir="{direction()}">'
                           f'<div class="tt-head">{head}</div>'
                           f'<div class="tt-felt">{"".join(seats)}{centre}</div>'
                           f'{self._summary_html(summary, v)}</div>')
        self.row.show([])
        self.row.layout.display = "none"
        self.caption.value = ""
        self.buttons.show([])
        self.next_button.layout.display = "none" if final else None
        self.controls.add_class("tutor-table-paused")

    # --- pieces of the drawing ------------------------------------------------------------------
    def _head_html(self, obs, note: str) -> str:
        v = self.variant
        worth = _("Hand worth {value}").format(value=obs.hand_value)
        badges = [f'<span class="tt-badge">{escape(worth)}</span>']
        if obs.pending_raise:
            seat, value = obs.pending_raise
            if seat == self.seat:
                text = _("You ask {rung}: {value} if accepted").format(
                    rung=v.rung_name(value), value=value)
            else:
                text = _("{player} asks {rung}: {value} if accepted").format(
                    player=seat_label(seat, self.seat), rung=v.rung_name(value), value=value)
            badges.append(f'<span class="tt-badge tt-pending">{escape(text)}</span>')
        for line in special_hand_lines(v, obs.special_hand):
            badges.append(f'<span class="tt-badge tt-special">{escape(line)}</span>')
        if note:
            badges.append(f'<span class="tt-badge tt-special">{escape(note)}</span>')
        return (f'<div class="tt-head">{self._score_html(obs.score)}'
                f'<div class="tt-stake">{"".join(badges)}</div></div>')

    def _score_html(self, score) -> str:
        v = self.variant
        mine = self.seat & 1
        parts = []
        for team in (0, 1):
            name = team_title(team)
            if team == mine:
                name = _("{team} (you)").format(team=name)
            ours = " tt-ours" if team == mine else ""
            parts.append(f'<span class="tt-score {TEAM_CLASS[team]}{ours}">'
                         f'<span class="tt-dot" aria-hidden="true"></span><bdi>{escape(name)}'
                         f'</bdi> <b><bdi>{escape(score_text(v, score[team]))}</bdi></b></span>')
        target = _("Playing to {target}").format(target=v.target)
        title = _("Score")
        return (f'<div class="tt-scores" role="group" aria-label="{_attr(title)}">'
                f'{"".join(parts)}<span class="tt-target">{escape(target)}</span></div>')

    def _role(self, seat: int) -> str:
        if seat == self.seat:
            return _("you")
        return _("your partner") if seat & 1 == self.seat & 1 else _("opponent")

    def _seat_html(self, where, seat, n, cards, bubble, summary, *, shown=(),
                   gestures=()) -> str:
        """One seat: its plate (name, team, marks, backs), its bubble and its cards.
        ``where`` is the observation (or the hand's start, at the end of a hand); ``shown``:
        the codes of a partner's cards the rules let the learner see; ``gestures``: (gesture,
        what it says) of a partner's signals."""
        pos = POSITIONS[n][(seat - self.seat) % n]
        team = seat & 1
        name = seat_label(seat, self.seat)
        role = team_label(team) if seat == self.seat else _("{role}, {team}").format(
            role=self._role(seat), team=team_label(team))
        marks = []
        if seat == where.dealer:
            marks.append(_("Dealer"))
        if seat == where.mano:
            marks.append(_("Mano"))
        if seat in self.captains:
            marks.append(_("Captain"))
        classes = f"tt-seat tt-at-{pos} {TEAM_CLASS[team]} tt-team-{'ab'[team]}"
        if seat == self.seat:
            classes += " tt-me"
        turn = ""
        if summary is None and getattr(where, "current_player", None) == seat:
            classes += " tt-turn"
            word = _("Your turn") if seat == self.seat else _("To play")
            turn = f'<span class="tt-turnword">{escape(word)}</span>'
        backs = ""
        if summary is None and seat != self.seat and shown:
            label = _("Your partner's cards, shown to you in this hand")
            backs = (f'<div class="tt-shown" role="group" aria-label="{_attr(label)}">'
                     + "".join(card_svg(self.variant.card(c), width=40,
                                        label=card_label(self.variant, self.variant.card(c),
                                                         where.vira))
                               for c in shown) + "</div>")
        elif summary is None and seat != self.seat:
            held = where.hand_size[seat]
            label = ngettext("{n} card in hand", "{n} cards in hand", held).format(n=held)
            backs = (f'<div class="tt-backs" role="img" aria-label="{_attr(label)}">'
                     + "".join(card_back_svg(30, label="") for _k in range(held)) + "</div>")
        mark_html = "".join(f'<span class="tt-mark">{escape(m)}</span>' for m in marks)
        who = "" if seat == self.seat else \
            f'<span class="tt-role">{escape(self._role(seat))}</span>'
        plate = (f'<div class="tt-plate" dir="{direction()}"><span class="tt-name">'
                 f'{escape(name)}</span>{who}<span class="tt-teamtag">'
                 f'{escape(team_label(team))}</span>'
                 f'<div class="tt-marks">{mark_html}</div>{turn}{backs}</div>')
        # dir="auto": a game word ("Truco!") keeps its own direction in a right-to-left page
        said = (f'<div class="tt-bubble" role="status" dir="auto">{escape(bubble)}</div>'
                if bubble else "")
        for word, sentence in gestures:  # a partner's signal: a face and what it means
            said += (f'<div class="tt-gesture" role="note" aria-label="{_attr(sentence)}" '
                     f'title="{_attr(sentence)}">{gesture_face(word)}'
                     f'<span dir="auto">{escape(gesture_text(self.variant, word))}</span>'
                     f'</div>')
        played = "".join(self._card_html(*c) for c in cards)
        aria = _("{player}, {role}").format(player=name, role=role)
        return (f'<section class="{classes}" aria-label="{_attr(aria)}">{plate}{said}'
                f'<div class="tt-played">{played}</div></section>')

    def _card_html(self, card, won, now, vira, trick=None) -> str:
        """A card in front of a seat; ``trick`` (end of hand only): the trick it was played
        in, 0 if it was never played."""
        v = self.variant
        extra = None
        if trick is not None:
            extra = _("trick {k}").format(k=trick) if trick else _("not played")
        label = card_label(v, card, vira, extra)
        highlight = "winner" if won else ("muted" if trick == 0 else None)
        svg = card_svg(card, highlight=highlight, width=64, label=label)
        cls = "tt-card" + ("" if now else " tt-old") + (" tt-won" if won else "")
        cap = ""
        if trick:  # (a card never played is drawn muted, its label says so)
            cap = f'<span class="tt-cap">{escape(extra)}</span>'
        # a card of the trick under way is named, so that the board moves in only a new one
        key = f' data-played="{_attr(card.code)}"' if now and trick is None else ""
        return f'<span class="{cls}"{key}>{svg}{cap}</span>'

    def _vira_html(self, vira) -> str:
        if vira is None:
            return ""
        v = self.variant
        card = v.card(vira) if isinstance(vira, str) else vira
        svg = card_svg(card, highlight=vira_highlight(v), width=64,
                       label=card_label(v, card, card))
        return (f'<figure class="tt-vira">{svg}<figcaption>{escape(vira_word(v))}'
                f'</figcaption></figure>')

    def _centre_html(self, obs) -> str:
        trick = _("Trick {k} of 3").format(k=min(len(obs.tricks) + 1, 3))
        pips = []
        for k, result in enumerate(obs.tricks, 1):
            if result is None:
                text, cls = _("{k}: tied").format(k=k), ""
            else:
                text, cls = _("{k}: {team}").format(k=k, team=team_label(result)), \
                    " " + TEAM_CLASS[result]
            pips.append(f'<li class="tt-pip{cls}">{escape(text)}</li>')
        pip_html = f'<ol class="tt-pips">{"".join(pips)}</ol>' if pips else ""
        return (f'<div class="tt-centre">{self._vira_html(obs.vira)}'
                f'<div class="tt-trickno">{escape(trick)}</div>{pip_html}</div>')

    def _summary_html(self, summary, v) -> str:
        title = _("Hand {n} is over").format(n=summary.start.hand)
        parts = [f'<h3>{escape(title)}</h3>']
        if summary.result:
            parts.append(f'<p class="tt-result">{escape(summary.result)}</p>')
        gained = [_("{team} +{n}").format(team=team_title(t), n=summary.points[t])
                  for t in (0, 1)]
        now = [_("{team} {points}").format(team=team_title(t),
                                           points=score_text(v, summary.score[t]))
               for t in (0, 1)]
        points = _("Points this hand: {gained}. Score: {now}.").format(
            gained=sequence(gained), now=sequence(now))
        parts.append(f'<p class="tt-points">{escape(points)}</p>')
        if summary.tricks:
            items = []
            for t in summary.tricks:
                if t.winner_team is None:
                    who = _("Trick {k}: tied.").format(k=t.number)
                elif t.winner_seat is None:
                    who = _("Trick {k}: {team} wins.").format(k=t.number,
                                                             team=team_title(t.winner_team))
                elif t.winner_seat == self.seat:  # "you win", not "you wins"
                    who = _("Trick {k}: you win it ({team}).").format(
                        k=t.number, team=team_label(t.winner_team))
                else:
                    who = _("Trick {k}: {player} ({team}) wins.").format(
                        k=t.number, player=seat_label(t.winner_seat, self.seat),
                        team=team_label(t.winner_team))
                items.append(f"<li><strong>{escape(who)}</strong> {escape(t.why)}</li>")
            title = _("The tricks")
            parts.append(f'<h4>{escape(title)}</h4><ol class="tt-tricks">'
                         f'{"".join(items)}</ol>')
        if summary.side:
            items = "".join(f"<li>{escape(s)}</li>" for s in summary.side)
            title = _("Envido and flor")
            parts.append(f'<h4>{escape(title)}</h4><ul>{items}</ul>')
        if summary.reviews:
            items = "".join(f"<li>{escape(r)}</li>" for r in summary.reviews)
            title = _("The coach on the computer players' choices")
            parts.append(f'<h4>{escape(title)}</h4>'
                         f'<ul class="tt-reviews">{items}</ul>')
        if summary.game_over:
            parts.append(f'<p class="tt-result">{escape(summary.game_over)}</p>')
        return f'<div class="tt-summary" dir="{direction()}">{"".join(parts)}</div>'


def _tricks_of(game, hand_no) -> list:
    """This hand's finished tricks, from the log: ([(seat, card), ...], winning seats) each
    (the seats whose card took the trick: two when partners shared the top card)."""
    found = []
    for e in reversed(game.log):
        if e.hand != hand_no:
            break
        if e.kind == "trick":
            v = e.verdict
            seats = v.seats or list(range(len(v.plays)))
            plays = [(s, c) for s, (_t, c) in zip(seats, v.plays)]
            winners = set()
            if v.winner is not None:
                top = v.ranking.strength[v.winning_card.id]
                winners = {s for s, c in plays
                           if s & 1 == v.winner and v.ranking.strength[c.id] == top}
            found.append((plays, winners))
    found.reverse()
    return found
