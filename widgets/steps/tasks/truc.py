"""Truc's specials as steps (lesson 08): may you ask for a redeal now, what is a mon reste
worth, who takes a hand with spoiled (tied) tricks. Each situation is a game of the engine
dealt and played to the question; the answer is checked against the engine's legal actions
and verdicts.

Variants without redeal or mon reste (the Brazilian and Rioplatense games) are taught these
rules on French Truc: lesson 08 is about that game.

>>> import random, truco
>>> t = TrucSpecialTask(truco.variant("truc"), random.Random(1), topic="redeal")
>>> t.answer(t.solution()).right
True
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

import truco
from truco import Game, IllegalAction
from truco.i18n import format_list
from ...language.i18n import _

from ...ui.common import ActionButtons, card_item, full_sentence, rtl
from ...table.words import event_line
from ..model import Outcome, Task

__all__ = ["ChoiceTask", "TrucSpecialTask", "cards_html"]

TOPICS = ("redeal", "mon_reste", "spoiled")


def cards_html(variant, cards, vira=None, width=66) -> str:
    """Cards drawn side by side, named plainly (no manilha or brava word: no answer given
    away)."""
    items = [card_item(variant, c, vira, width=width, reveal=False) for c in cards]
    return ('<span class="tutor-task-cards" style="display:inline-flex;gap:.3em;'
            'flex-wrap:wrap;vertical-align:middle">'
            + "".join(f'<span>{i["svg"]}</span>' for i in items) + "</span>")


class ChoiceTask(Task):
    """A question answered with one of a few buttons. A subclass sets ``self.choices``
    ({key: label}), ``self.right`` (the key the engine says is right), ``self.why`` (the
    engine's explanation) and ``self.body`` (HTML: the situation), then calls
    :meth:`_build`. The answer is checked here in Python; a key that is not on offer (forged,
    or sent after the answer) is refused with a message."""

    def _build(self) -> None:
        self.prompt = W.HTML(self.body)
        self.prompt.add_class("tutor-task-prompt")
        self.asked = W.HTML(f"<p><strong>{escape(self.question)}</strong></p>")
        self.note = W.HTML()
        self.note.add_class("tutor-task-note")
        if self.worked:
            answer = _("The answer: {answer}.").format(answer=self.choices[self.right])
            yourself = _("Now answer it yourself.")
            self.note.value = (f'<p class="tutor-task-worked">{escape(answer)} '
                               f'{escape(self.why)}</p>'
                               f'<p>{escape(yourself)}</p>')
        self.message = W.HTML()
        self.buttons = ActionButtons(self._click, self._refuse)
        self.buttons.box.add_class("tutor-task-choices")
        self.buttons.show(list(self.choices.items()))
        self.given = None
        self.view = rtl(W.VBox([self.prompt, self.asked, self.note, self.buttons.box,
                                self.message]))
        self.view.add_class("tutor-task")

    def _click(self, key: str) -> None:
        self.answer(key)

    def _refuse(self, text: str) -> Outcome:
        self.message.value = f'<p role="status">{escape(text)}</p>'
        return Outcome(False, False, text)

    def answer(self, key) -> Outcome:
        if self.given is not None:
            return self._refuse(_("This question is already answered."))
        if not isinstance(key, str) or key not in self.choices:
            return self._refuse(_("That answer is not one of the choices."))
        self.given = key  # no answer counts after this one; the buttons go after the feedback
        right = key == self.right
        note = "" if right else _("The answer was: {answer}.").format(
            answer=self.choices[self.right])
        return self.report(Outcome(right, True, self.why, note=note, answer=key,
                                   correct=self.right), then=self._answered)

    def _answered(self) -> None:
        self.buttons.show([])
        self.message.value = ""

    def solution(self) -> str:
        return self.right

    def wrong_answer(self) -> str:
        return next(k for k in self.choices if k != self.right)


def truc_variant(variant):
    """The variant the specials are taught in: the learner's own when it has redeal or mon
    reste, else French Truc."""
    variant = truco.variant(variant)
    return variant if (variant.redeal or variant.mon_reste) else truco.variant("truc")


def _lines(game, variant, learner=0) -> list[str]:
    out, trick_no = [], 0
    for event in game.log:
        if event.kind == "hand":
            break
        if event.kind == "deal":
            continue
        if event.kind == "trick":
            trick_no += 1
        line = event_line(event, variant, learner=learner, vira=None, trick_no=trick_no)
        if line:
            out.append(line)
    return out


def _deal(variant, rng, n=6):
    cards = rng.sample(list(variant.deck), n)
    return [cards[:3], cards[3:]]


def _codes(hands) -> str:
    return ",".join(" ".join(c.code for c in h) for h in hands)


class TrucSpecialTask(ChoiceTask):
    """``topic`` (option): "redeal" (may you ask for a redeal now?), "mon_reste" (what is the
    hand worth after your mon reste, or what do you score if it is refused?) or "spoiled"
    (who takes this hand of spoiled tricks?); a random one when not given. The learner is
    player 0, the eldest (player 1 deals)."""

    kind = "truc_special"

    def __init__(self, variant, rng, *, worked=False, **options):
        super().__init__(truc_variant(variant), rng, worked=worked, **options)
        topic = options.get("topic") or rng.choice(TOPICS)
        if topic not in TOPICS:
            raise ValueError(f"unknown truc_special topic {topic!r}; topics: {TOPICS}")
        self.topic = topic
        getattr(self, "_" + topic)()
        self._build()

    @classmethod
    def applies(cls, variant, **options) -> bool:
        return True  # taught on French Truc where the learner's variant lacks the specials

    # --- redeal -------------------------------------------------------------------------
    def _redeal(self) -> None:
        v, rng = self.variant, self.rng
        hands = _deal(v, rng)
        situation = rng.choice(("fresh", "after_lead", "refused", "second_trick"))
        if (self.worked and situation == "second_trick") or \
                (situation == "refused" and not v.redeal):
            situation = "fresh"
        game = Game.from_deal(v, hands=hands, dealer=1, seed=rng.randrange(2 ** 31))
        if situation == "after_lead":
            game.apply(f"play {hands[0][0].code}")
        elif situation == "refused":
            game.apply("redeal")
            game.apply("refuse")
        elif situation == "second_trick":
            game.apply(f"play {hands[0][0].code}")
            game.apply(f"play {hands[1][0].code}")
        seat = game.current_player
        lines = _lines(game, v, learner=seat)
        held = [v.card(c) for c in game.observation(seat).hand]
        self.item = f"redeal:{situation}:{_codes(hands)}"
        self.question = _("May you ask for a redeal now?")
        self.choices = {"yes": _("Yes"), "no": _("No")}
        may = "redeal" in [str(a) for a in game.legal_actions()]
        self.right = "yes" if may else "no"
        if may:
            self.why = full_sentence(game.apply("redeal").verdict.rule())
        else:
            try:
                game.apply("redeal")
            except IllegalAction as err:
                self.why = full_sentence(err.message)
        role = _("You are the eldest: you lead the first trick.") if seat == game.mano \
            else _("You are the dealer.")
        self.body = self._situation(v, held, role, lines)

    def _situation(self, v, cards, role, lines) -> str:
        told = _("{variant}. Your cards:").format(variant=_(v.title))
        events = "".join(f"<li>{escape(line)}</li>" for line in lines)
        return (f"<p>{escape(told)} {cards_html(v, cards)}</p><p>{escape(role)}</p>"
                + (f'<ol class="tutor-task-events">{events}</ol>' if events else ""))

    # --- mon reste ----------------------------------------------------------------------
    def _mon_reste(self) -> None:
        v, rng = self.variant, self.rng
        hands = _deal(v, rng)
        after_truc = rng.random() < 0.5
        value = v.raise_value(v.base_value) if after_truc else v.base_value
        mine = rng.randrange(0, v.target - value - 1)
        theirs = rng.randrange(0, v.target - 1)
        ask = self.options.get("ask") or rng.choice(("worth", "fold"))
        game = Game.from_deal(v, hands=hands, dealer=1, score=(mine, theirs))
        if after_truc:
            game.apply(f"play {hands[0][0].code}")
            game.apply("raise")
        lines = _lines(game, v)
        held = [v.card(c) for c in game.observation(0).hand]
        self.item = f"mon_reste:{ask}:{mine}-{theirs}:{int(after_truc)}:{_codes(hands)}"
        event = game.apply("mon reste")
        worth, before = game.pending_raise[1], event.verdict.before
        self.why = full_sentence(event_line(event, v, learner=0, vira=None) or "") + " " + \
            full_sentence(event.verdict.rule())
        if ask == "fold":
            folded = game.apply("refuse")
            self.why = full_sentence(folded.verdict.rule())
            right = game.score[0] - mine
            self.question = _("You say mon reste and your opponent folds. How many points do "
                              "you score?")
            values = [right, worth, v.target - theirs, value + 1 if value + 1 != right else 0]
        else:
            right = worth
            self.question = _("You say mon reste. What is the hand worth now?")
            values = [right, before, v.target, v.raise_value(before) or v.target - 1]
        choices = []
        for x in values + [right + 1, right + 2]:
            if x > 0 and x not in choices:
                choices.append(x)
        choices = sorted(choices[:4])
        self.choices = {str(x): str(x) for x in choices}
        self.right = str(right)
        score = _("The score: your side {mine}, the other side {theirs}; the game is to "
                  "{target}. The hand is worth {value}.").format(
            mine=mine, theirs=theirs, target=v.target, value=value)
        self.body = self._situation(v, held, score, lines)

    # --- spoiled tricks -------------------------------------------------------------------
    def _spoiled(self) -> None:
        v, rng = self.variant, self.rng
        patterns = [(None, 0), (None, 1), (0, None), (1, None), (0, 1, None), (1, 0, None),
                    (None, None, 0), (None, None, 1), (None, None, None), (0, None), (1, 0, 1)]
        pattern = rng.choice(patterns[:9] if self.worked else patterns)
        hands = _pattern_deal(v, rng, pattern)
        game = Game.from_deal(v, hands=hands, dealer=1)
        for k in range(3):
            while not any(e.kind == "hand" for e in game.log):
                seat = game.current_player
                card = hands[seat][k]
                if f"play {card.code}" not in [str(a) for a in game.legal_actions()]:
                    break
                game.apply(f"play {card.code}")
        end = next(e for e in game.log if e.kind == "hand")
        winner = end.verdict.winner
        self.right = {None: "nobody", 0: "you", 1: "opponent"}[winner]
        self.choices = {"you": _("You"), "opponent": _("Your opponent"),
                        "nobody": _("Nobody")}
        self.why = full_sentence(end.verdict.explain())
        self.item = f"spoiled:{_codes(hands)}"
        self.question = _("Who takes this hand?")
        lines = _lines(game, v)
        self.body = self._situation(v, hands[0], _("You are the eldest: you lead the first "
                                                   "trick."), lines)

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        v = truc_variant(variant)
        parts = item.split(":")
        hands = parts[-1].split(",")
        try:
            cards = format_list([v.card(c).name() for c in hands[0].split()])
        except (ValueError, IndexError):
            return item
        if parts[0] == "redeal":
            return _("Truc: may you ask for a redeal (your cards: {cards})?").format(cards=cards)
        if parts[0] == "mon_reste":
            mine, _dash, theirs = parts[2].partition("-")
            return _("Truc: mon reste at {mine} to {theirs} (your cards: {cards})").format(
                mine=mine, theirs=theirs, cards=cards)
        return _("Truc: who takes a hand of spoiled tricks (your cards: {cards})?").format(
            cards=cards)


def _pattern_deal(v, rng, pattern):
    """Two hands whose k-th cards give the trick result ``pattern[k]`` (0: player 0 wins it,
    1: player 1, None: spoiled); a third trick that is never reached is any two cards."""
    levels = [list(lv.cards) for lv in v.ranking().levels]  # strongest first
    for _try in range(200):
        pool = [list(cards) for cards in levels]
        for cards in pool:
            rng.shuffle(cards)
        hands: list[list] = [[], []]
        ok = True
        for result in list(pattern) + [0] * (3 - len(pattern)):
            if result is None:
                rich = [i for i, cards in enumerate(pool) if len(cards) >= 2]
                if not rich:
                    ok = False
                    break
                i = rng.choice(rich)
                hands[0].append(pool[i].pop())
                hands[1].append(pool[i].pop())
            else:
                left = [i for i, cards in enumerate(pool) if cards]
                hi, lo = sorted(rng.sample(left, 2))
                hands[result].append(pool[hi].pop())
                hands[1 - result].append(pool[lo].pop())
        if ok:
            return hands
    raise RuntimeError("no deal for this pattern")  # pragma: no cover

