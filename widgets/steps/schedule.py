"""When a review item comes back: FSRS (the ``fsrs`` package, its default parameters), on
whole days.

Each item of the review deck carries its FSRS card (``ReviewItem.card``, JSON). A miss in a
lesson is a new card answered "Again"; a review is "Good" when right, "Again" when wrong. The
deck counts in days (:func:`widgets.steps.progress.today`): a review is taken at noon UTC of
its day, and an item comes back on its card's due day, never before the next day (FSRS's
learning steps of minutes become "tomorrow": within the day the review page itself asks a
missed item again). Fuzzing is off, so a schedule can be checked.

Items from before FSRS (a Leitner box and a due day, no card) migrate as they are read: a box
0 item is a card still being learnt, a higher box one in review whose stability is that box's
interval, last reviewed that interval before its due day. Its due day is kept until its next
review.

>>> card, streak, due = missed(today=100)
>>> streak, due
(0, 101)
>>> card, streak, due = review(card, streak, due, right=True, today=101); streak, due
(1, 102)
>>> card, streak, due = review(card, streak, due, right=True, today=102); streak, due
(2, 106)
"""
from __future__ import annotations

import datetime as dt
import json

import fsrs

__all__ = ["LEITNER_SPACING", "SCHEDULER", "card_of", "missed", "review"]

SCHEDULER = fsrs.Scheduler(enable_fuzzing=False)
LEITNER_SPACING = (1, 3, 7, 16, 35)  # the days between reviews before FSRS, by box


def _at(day: int) -> dt.datetime:
    return dt.datetime.combine(dt.date.fromordinal(day), dt.time(12), tzinfo=dt.timezone.utc)


def card_of(card: str | None, box: int, due: int) -> fsrs.Card:
    """The FSRS card of an item: its stored ``card``, or one made from a Leitner ``box``
    and ``due`` day (an item stored before FSRS)."""
    if card:
        try:
            return fsrs.Card.from_dict(json.loads(card))
        except (ValueError, KeyError, TypeError):
            pass  # a damaged card: rebuilt from the box, as an old item
    box = max(0, min(int(box), len(LEITNER_SPACING) - 1))
    if box == 0:
        return fsrs.Card(card_id=1, due=_at(due))
    interval = LEITNER_SPACING[box]
    return fsrs.Card(card_id=1, state=fsrs.State.Review, stability=float(interval),
                     difficulty=5.0, due=_at(due), last_review=_at(due - interval))


def missed(today: int) -> tuple[str, int, int]:
    """(card JSON, streak, due day) of an item just missed in a lesson: a new card answered
    "Again"."""
    return _review(fsrs.Card(card_id=1, due=_at(today)), 0, False, today)


def review(card: str | None, streak: int, due: int, *, right: bool, today: int
           ) -> tuple[str, int, int]:
    """(card JSON, streak, due day) after a review on day ``today``. ``streak``: right
    reviews in a row (the Leitner box of an item stored before FSRS, with ``card`` None)."""
    return _review(card_of(card, streak, due), streak, right, today)


def _review(current: fsrs.Card, streak: int, right: bool, today: int) -> tuple[str, int, int]:
    rating = fsrs.Rating.Good if right else fsrs.Rating.Again
    new, _log = SCHEDULER.review_card(current, rating, _at(today))
    back = max(new.due.date().toordinal(), today + 1)
    return json.dumps(new.to_dict(), sort_keys=True), (streak + 1 if right else 0), back
