"""Questions on the exact odds of :mod:`truco.odds`, as steps (lesson 12): "Which is more
likely: ...?" and "About how likely is a flor: 1 in 5, 1 in 20 ...?". Every number comes from
the engine's exact counts, in the learner's variant; the widget knows none.

>>> import random, truco
>>> t = OddsTask(truco.variant("mineiro"), random.Random(1), ask="about", event="manilha")
>>> t.right, t.answer(t.solution()).right
('4', True)
"""
from __future__ import annotations

import math

import truco
from truco import odds
from ...language.i18n import N_, _

from ...charts.odds import frac, pct
from ...ui.common import sentence
from .truc import ChoiceTask

__all__ = ["OddsTask", "EVENTS", "events_for", "chance"]

# "1 in n" answers are offered from this ladder, two rungs apart (so one is clearly nearest).
LADDER = (2, 3, 4, 5, 7, 10, 14, 20, 30, 50, 70, 100, 150, 250, 400, 700, 1000)


def _specials(v) -> str:
    return {"fixed": "manilha", "vira": "manilha", "bravas": "brava",
            "muestra": "pieza"}.get(v.specials, "")


def _at_least(v, k):
    dist = odds.manilha_count_distribution(v)
    return sum((p for n, p in dist.items() if n >= k), odds.Fraction(0))


# event -> (words by the variant's special cards, the engine's exact chance, applies)
EVENTS = {
    "manilha": ({"manilha": N_("a manilha in your hand"),
                 "brava": N_("a carta brava in your hand"),
                 "pieza": N_("a pieza or mata in your hand")},
                lambda v: _at_least(v, 1), lambda v: bool(_specials(v))),
    "two_manilhas": ({"manilha": N_("two manilhas or more in your hand"),
                      "brava": N_("two cartas bravas or more in your hand"),
                      "pieza": N_("two piezas or matas or more in your hand")},
                     lambda v: _at_least(v, 2), lambda v: bool(_specials(v))),
    "flor": ({"": N_("a flor in your hand")}, lambda v: odds.flor_chance(v),
             lambda v: v.envido),
    "envido30": ({"": N_("an envido of 30 or more")}, lambda v: odds.envido_at_least(30, v),
                 lambda v: v.envido),
    # every card at random: the odds lesson's "does the first card win?"
    "first_card_2": ({"": N_("the first card winning the trick (2 players)")},
                     lambda v: odds.first_card_wins(v, 2), lambda v: True),
    "first_card_4": ({"": N_("the first card winning the trick (4 players)")},
                     lambda v: odds.first_card_wins(v, 4), lambda v: 4 in v.players),
}


def events_for(variant) -> list[str]:
    """The events that can be asked about in ``variant``."""
    return [e for e, (_w, _f, ok) in EVENTS.items() if ok(variant)]


def chance(variant, event):
    """The engine's exact chance (a Fraction) of ``event`` in ``variant``."""
    return EVENTS[event][1](variant)


def event_words(variant, event) -> str:
    words = EVENTS[event][0]
    return _(words.get(_specials(variant)) or words[""])


class OddsTask(ChoiceTask):
    """Options: ``ask`` ("more": which of two events is more likely; "about": roughly how
    likely one event is, as "1 in n"), ``event`` (for "about"; see :data:`EVENTS`), chosen
    at random among those of the learner's variant when not given."""

    kind = "odds"

    def __init__(self, variant, rng, *, worked=False, **options):
        variant = truco.variant(variant)
        super().__init__(variant, rng, worked=worked, **options)
        events = events_for(variant)
        ask = options.get("ask") or rng.choice(("more", "about"))
        if ask not in ("more", "about"):
            raise ValueError(f"unknown odds question {ask!r}: 'more' or 'about'")
        title = _(variant.title)
        if ask == "more":
            a, b = self._pair(variant, events, rng)
            pa, pb = chance(variant, a), chance(variant, b)
            self.choices = {a: sentence(event_words(variant, a)),
                            b: sentence(event_words(variant, b))}
            self.right = a if pa > pb else b
            self.question = _("In {variant}, which is more likely?").format(variant=title)
            self.why = " ".join(self._fact(variant, e, p) for e, p in ((a, pa), (b, pb)))
            self.item = f"more:{a}:{b}"
        else:
            event = options.get("event") or rng.choice(events)
            if event not in events:
                raise ValueError(f"{event!r} cannot be asked in {variant.name}")
            p = chance(variant, event)
            offered = self._ladder(1 / float(p), rng)
            self.choices = {str(n): _("1 in {n}").format(n=n) for n in offered}
            nearest = min(offered, key=lambda n: abs(math.log(n * float(p))))
            self.right = str(nearest)
            self.question = _("In {variant}, about how likely is {event}?").format(
                variant=title, event=event_words(variant, event))
            self.why = self._fact(variant, event, p) + " " + _(
                "That is about 1 in {n}.").format(n=nearest)
            self.item = f"about:{event}:{','.join(map(str, offered))}"
        self.body = ""  # the step's text says where the numbers come from
        self._build()

    @staticmethod
    def _fact(variant, event, p) -> str:
        text = _("{event}: {percent} ({exact}).").format(
            event=event_words(variant, event), percent=pct(p), exact=frac(p))
        return text[:1].upper() + text[1:]

    @staticmethod
    def _pair(variant, events, rng):
        pairs = [(a, b) for a in events for b in events
                 if a < b and chance(variant, a) != chance(variant, b)]
        a, b = rng.choice(pairs)
        return (a, b) if rng.random() < 0.5 else (b, a)

    @staticmethod
    def _ladder(odds_against: float, rng) -> list[int]:
        near = min(range(len(LADDER)), key=lambda i: abs(math.log(LADDER[i] / odds_against)))
        picks = [i for i in range(near % 2, len(LADDER), 2)]  # every other rung
        at = picks.index(near)
        start = max(0, min(at - rng.randrange(4), len(picks) - 4))
        return [LADDER[i] for i in picks[start:start + 4]]

    @classmethod
    def applies(cls, variant, **options) -> bool:
        events = events_for(truco.variant(variant))
        event = options.get("event")
        return event in events if event else len(events) >= 2

    @classmethod
    def name_question(cls, variant, item: str) -> str:
        v = truco.variant(variant)
        parts = item.split(":")
        try:
            if parts[0] == "more":
                return _("Odds: {a} or {b}?").format(a=event_words(v, parts[1]),
                                                      b=event_words(v, parts[2]))
            return _("Odds: about how likely is {event}?").format(
                event=event_words(v, parts[1]))
        except (KeyError, IndexError):
            return item
