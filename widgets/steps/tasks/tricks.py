"""The "trick" task: who wins this trick? Click the winning card, or Tie.

The engine judges the trick (``variant.trick_verdict``). The question is fair: the cards are
named plainly (no manilha name, no "(pieza)"), the vira or muestra lies beside them as a card,
and with four or six players every card carries its seat and team.

>>> import random, truco
>>> t = TrickTask(truco.variant("mineiro"), random.Random(1), players=4)
>>> t.answer(t.wrong_answer()).right, t.done
(False, True)
>>> TrickTask.name_question(truco.variant("mineiro"), "0:4c 1:3d")
'Who wins the trick: 4 of clubs against 3 of diamonds'
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from truco.i18n import sequence
from ...language.i18n import _

from ...cards.cardrow import CardRow
from ...ui.common import (ActionButtons, card_item, four_colour_requested, rtl, team_label,
                       vira_highlight, vira_word)
from ...language.session import direction
from ...cards.svg import FONT, card_svg
from ..model import Outcome, Task

__all__ = ["TrickTask", "TIE", "deal_trick", "vira_html", "seat_card_svg", "why_wrong", "parse_item",
           "Refusals"]

TIE = "tie"
TEAM_COLOURS = ("#1c5fa8", "#b02a4a")  # as on the table (widgets/table/board.py)
TRIES = 4000  # deals drawn before giving up on a constraint (never reached in practice)


def seat_card_svg(svg: str, seat: int, width: int = 64) -> str:
    """A card's SVG with its seat and team written under it, in the team's colour."""
    outer = max(width + 24, 88)
    height = width * 140 / 100
    team = team_label(seat & 1)
    words = (_("Player {seat}").format(seat=seat), str(team)[:1].upper() + str(team)[1:])
    colour = TEAM_COLOURS[seat & 1]
    rtl_attr = ' direction="rtl"' if direction() == "rtl" else ""
    lines = "".join(
        f'<text x="{outer / 2:g}" y="{height + 14 + 14 * i:g}" font-size="12" '
        f'fill="{colour if i else "#1b1b1b"}"{rtl_attr}>{escape(w, quote=False)}</text>'
        for i, w in enumerate(words))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{outer:g}" '
            f'height="{height + 34:g}" viewBox="0 0 {outer:g} {height + 34:g}" '
            f'font-family="{FONT}" font-weight="bold" text-anchor="middle">'
            f'<g transform="translate({(outer - width) / 2:g},0)">{svg}</g>'
            f'<rect x="4" y="{height + 2:g}" width="{outer - 8:g}" height="4" rx="2" '
            f'fill="{colour}"/>{lines}</svg>')


def vira_html(variant, vira) -> str:
    """The vira or muestra as a card with a caption, named plainly (its label must not say
    what kind of card it is: a muestra can be a mata)."""
    caption = _("{vira}: {card}").format(vira=vira_word(variant), card=vira.name())
    svg = card_svg(vira, highlight=vira_highlight(variant), width=66, label=caption,
                   four_colour=four_colour_requested())
    return (f'<figure class="tutor-inline-card tutor-vira" style="display:inline-block;'
            f'margin:0 .3em;text-align:center">{svg}<figcaption style="font-size:.8em">'
            f'{escape(caption)}</figcaption></figure>')


def deal_trick(variant, rng, players=2, tie=None, special=None):
    """(vira, plays, verdict): a trick of ``players`` cards (``plays``: ((seat, card), ...)
    in play order; seat & 1 is the team). ``tie``: True forces a tied trick, False forbids
    one; ``special``: True puts a special card in it, False leaves only common cards."""
    deck = list(variant.deck)
    for _try in range(TRIES):
        vira = rng.choice(deck) if variant.uses_vira else None
        rest = [c for c in deck if c != vira]
        if tie:  # two equal cards for opponents, the rest at random
            ranking = variant.ranking(vira)
            levels = [lv for lv in ranking.levels if len([c for c in lv.cards if c in rest]) >= 2]
            level = rng.choice(levels)
            pair = rng.sample([c for c in level.cards if c in rest], 2)
            cards = pair + rng.sample([c for c in rest if c not in pair], players - 2)
            seats = list(range(players))
            a = rng.choice(seats)
            b = rng.choice([s for s in seats if (s - a) & 1])
            order = [None] * players
            order[a], order[b] = pair
            others = iter(cards[2:])
            cards = [c if c is not None else next(others) for c in order]
        else:
            cards = rng.sample(rest, players)
        plays = tuple(enumerate(cards))
        verdict = variant.trick_verdict([(s & 1, c) for s, c in plays], vira,
                                        seats=[s for s, _c in plays])
        if tie is not None and (verdict.winner is None) != bool(tie):
            continue
        if special is not None:
            kinds = variant.ranking(vira).kind
            if any(kinds[c.id] != "common" for c in cards) != bool(special):
                continue
        return vira, plays, verdict
    raise ValueError("no such trick")  # pragma: no cover - the constraints always fit


def correct_keys(verdict) -> frozenset[str]:
    """Every right answer: "tie", or each of the engine's winning cards (the top card, and a
    partner's equal card with it)."""
    if verdict.winner is None:
        return frozenset([TIE])
    return frozenset(c.code for c in verdict.winning_cards)


def why_wrong(variant, vira, verdict, code: str) -> str:
    """Why a wrong pick is wrong, about the learner's own pick, in the engine's words."""
    if code == TIE:
        return " ".join([_("Not a tie."), verdict.explain()])
    pick = variant.card(code)
    top = verdict.plays[verdict.top][1]
    if variant.compare(pick, top, vira) == 0:  # an equal top card of a tied trick
        return " ".join([_("No: this trick is tied."), verdict.explain()])
    pair = variant.trick_verdict([(0, top), (1, pick)], vira)
    text = _("No: your {card} loses to the {winner}: {rule}.").format(
        card=variant.card_name(pick, vira), winner=variant.card_name(top, vira), rule=pair.rule())
    return text if verdict.winner is not None else " ".join([text, verdict.explain()])


def parse_item(variant, item: str):
    """(vira or None, ((seat, card), ...)) from an item "vira=3s 0:4c 1:3d"."""
    vira, plays = None, []
    for token in str(item).split():
        if token.startswith("vira="):
            vira = variant.card(token[5:])
        else:
            seat, _sep, code = token.partition(":")
            plays.append((int(seat), variant.card(code)))
    return vira, tuple(plays)


class Refusals:
    """A task's line for refused clicks (forged, stale, or not an answer): the message in
    words, shown in the task's own view; nothing else changes."""

    def __init__(self):
        self.html = W.HTML()
        self.message = ""

    def say(self, text: str) -> None:
        self.message = text
        self.html.value = (f'<div class="tutor-msg tutor-msg-error" role="status" '
                           f'style="color:var(--tutor-ink-warm, #4a2600);margin:.3em 0">{escape(text)}</div>')

    def clear(self) -> None:
        if not self.message:  # nothing shown: nothing to write (a click's answer calls this)
            return
        self.message = ""
        self.html.value = ""


class TrickTask(Task):
    """Who wins this trick? Keys: a card code of the trick, or "tie". Options: ``players``
    (2, 4 or 6, as the variant allows), ``tie`` (True: a tied trick; False: none; "maybe":
    one or the other at even odds),
    ``special`` (True: a special card in the trick; False: only common cards)."""

    kind = "trick"

    def __init__(self, variant, rng, *, worked=False, players=2, tie=None, special=None,
                 **options):
        super().__init__(variant, rng, worked=worked, players=players, tie=tie,
                         special=special, **options)
        if not self.applies(variant, players=players, special=special):
            raise ValueError(_("a trick of {n} cards cannot be dealt in {variant}").format(
                n=players, variant=_(variant.title)))
        self.players = players
        if tie == "maybe":  # tied or not, at even odds: the learner must look
            tie = rng.random() < 0.5
        self.vira, self.plays, self.verdict = deal_trick(variant, rng, players, tie, special)
        self.correct = correct_keys(self.verdict)
        # Worked out now, not between the click and its feedback: the engine's explanation,
        # and why each wrong answer is wrong.
        self.explanation = self.verdict.explain()
        self._why_wrong = {key: why_wrong(variant, self.vira, self.verdict, key)
                           for key in self._offered() if key not in self.correct}
        self.done = False
        self.picked = None
        head = f"vira={self.vira.code} " if self.vira is not None else ""
        self.item = head + " ".join(f"{s}:{c.code}" for s, c in self.plays)
        self.question = self.name_question(variant, self.item)
        self.refusals = Refusals()
        self.head = W.HTML()
        self.row = CardRow(on_pick=self.answer, on_reject=self.refusals.say,
                           label=_("The cards of this trick: click the winner"))
        self.buttons = ActionButtons(self.answer, self.refusals.say)
        self.worked_html = W.HTML()
        self.view = rtl(W.VBox([self.head, self.row, self.buttons.box, self.worked_html,
                                self.refusals.html]))
        self.view.add_class("tutor-task")
        self._draw()

    @classmethod
    def applies(cls, variant, players=2, special=None, **options) -> bool:
        if players not in variant.players:
            return False
        return not (special and variant.specials == "none")

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        vira, plays = parse_item(variant, item)
        cards = _(" against ").join(c.name() for _s, c in plays)
        if vira is None:
            return _("Who wins the trick: {cards}").format(cards=cards)
        return _("Who wins the trick ({vira} {card}): {cards}").format(
            vira=vira_word(variant), card=vira.name(), cards=cards)

    # --- answers -----------------------------------------------------------------------------
    def answer(self, key):
        if self.done:
            self.refusals.say(_("This trick is answered already."))
            return None
        code = self._normalise(key)
        if code is None:
            self.refusals.say(_("That is not one of the answers: click a card of this trick "
                                "or Tie."))
            return None
        self.refusals.clear()
        self.done, self.picked = True, code
        right = code in self.correct
        explanation = self.explanation if right else self._why_wrong[code]
        return self.report(Outcome(right, True, explanation, answer=code,
                                   correct=" ".join(sorted(self.correct))), then=self._draw)

    def solution(self) -> str:
        return sorted(self.correct)[0]

    def wrong_answer(self) -> str:
        return next(k for k in sorted(self._offered()) if k not in self.correct)

    # --- internals ---------------------------------------------------------------------------
    def _offered(self) -> frozenset[str]:
        return frozenset([c.code for _s, c in self.plays] + [TIE])

    def _normalise(self, key) -> str | None:
        if not isinstance(key, str) or len(key) > 16:
            return None
        if key.strip().lower() == TIE:
            return TIE
        try:
            code = self.variant.card(key.strip()).code
        except ValueError:
            return None
        return code if code in self._offered() else None

    def _draw(self) -> None:
        v, vira = self.variant, self.vira
        show = self.done or self.worked  # the answer is shown: worked example, or answered
        items = []
        for seat, card in self.plays:
            hl = None
            if show and card.code in self.correct:
                hl = "winner"
            elif self.done and card.code == self.picked:
                hl = "wrong"
            extra = _("Player {seat} ({team})").format(seat=seat, team=team_label(seat & 1)) \
                if self.players > 2 else None
            item = card_item(v, card, vira, highlight=hl, enabled=not self.done, extra=extra,
                             reveal=self.done)
            if self.players > 2:
                item["svg"] = seat_card_svg(item["svg"], seat)
            items.append(item)
        self.row.show(items)
        self.buttons.show([] if self.done else [(TIE, _("Tie"))])
        for b in self.buttons.box.children:
            b.button_style = "primary" if self.worked and TIE in self.correct else ""
        parts = []
        if vira is not None:
            parts.append(vira_html(v, vira))
        lines = [_("Which card wins this trick? Click it, or Tie if nobody wins it.")]
        if self.players > 2:
            a = sequence([str(s) for s in range(0, self.players, 2)])
            b = sequence([str(s) for s in range(1, self.players, 2)])
            lines.append(_("Partners sit opposite: players {a} are team A, players {b} are "
                           "team B. The cards are in the order they were played.").format(
                               a=a, b=b))
        else:
            lines.append(_("The cards are in the order they were played."))
        text = "".join(f"<p style='margin:.2em 0'>{escape(t)}</p>" for t in lines)
        parts.append(f"<div style='flex:1 1 14em;min-width:0'>{text}</div>")
        self.head.value = ("<div style='display:flex;flex-wrap:wrap;gap:.6em;"
                           "align-items:center'>" + "".join(parts) + "</div>")
        if self.worked and not self.done:
            do = _("Now click Tie yourself.") if TIE in self.correct else \
                _("Now click the winning card yourself.")
            worked = _("Worked example:")
            self.worked_html.value = (f"<div class='tutor-worked' style='margin:.3em 0'>"
                                      f"<strong>{escape(worked)}</strong> "
                                      f"{escape(self.explanation)} {escape(do)}</div>")
        else:
            self.worked_html.value = ""
