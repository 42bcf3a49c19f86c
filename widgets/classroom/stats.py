"""The teacher's numbers, from a class's answer rows (see :meth:`.store.Store.class_answers`).

Pure functions over plain tuples, so they are tested on a known set of answers.

>>> rows = [(1, "Ana", "03_tricks", "trick-1", 1, 1, "mineiro", "4c 3d", "4c", "4c", True, 0.0),
...         (2, "Bia", "03_tricks", "trick-1", 1, 1, "mineiro", "4c 3d", "3d", "4c", False, 1.0)]
>>> [(q.key, q.answers, q.right, q.rate) for q in question_stats(rows)]
[(('03_tricks', 'trick-1', 1), 2, 1, 0.5)]
>>> question_stats(rows)[0].wrong
[('3d', 1)]
>>> wrong_answer_text(question_stats(rows)[0])
'50% chose the 3 of diamonds over the 4 of clubs (Zap)'
"""
from __future__ import annotations

import csv
import io
from datetime import datetime, timezone
from collections import Counter
from dataclasses import dataclass, field

import truco
from truco.i18n import Percent, _

from .store import shown_text

__all__ = ["QuestionStat", "LearnerStat", "question_stats", "learner_stats",
           "wrong_answer_text", "answer_words", "csv_text", "CSV_COLUMNS", "percent"]

CSV_COLUMNS = ("learner", "lesson", "quiz", "question", "answer_no", "variant", "prompt",
               "answer", "correct", "right", "time_utc")


def percent(part: int, whole: int) -> int:
    """Whole percent, rounded half up (0 for nothing)."""
    return (200 * part + whole) // (2 * whole) if whole else 0


@dataclass
class QuestionStat:
    key: tuple  # (lesson, quiz, item): the same question for the whole class
    variant: str
    prompt: str
    correct: str
    answers: int = 0
    right: int = 0
    wrong: list = field(default_factory=list)  # [(answer, count)], most common first

    @property
    def rate(self) -> float:
        return self.right / self.answers if self.answers else 0.0

    def label(self) -> str:
        lesson, quiz, item = self.key
        return _("{lesson} · {quiz} · question {n}").format(lesson=lesson, quiz=quiz, n=item)


@dataclass
class LearnerStat:
    id: int
    name: str
    lesson: str | None
    seen: float | None
    answers: int = 0
    right: int = 0


def question_stats(rows) -> list[QuestionStat]:
    """One :class:`QuestionStat` per (lesson, quiz, question), in lesson and question order."""
    stats: dict[tuple, QuestionStat] = {}
    wrong: dict[tuple, Counter] = {}
    for (_lid, _name, lesson, quiz, _seq, item, variant, prompt, answer, correct, right,
         _at) in rows:
        key = (lesson, quiz, int(item))
        stat = stats.get(key)
        if stat is None:
            stat = stats[key] = QuestionStat(key, variant, prompt, correct)
            wrong[key] = Counter()
        stat.answers += 1
        if right:
            stat.right += 1
        else:
            wrong[key][answer] += 1
    for key, stat in stats.items():
        stat.wrong = sorted(wrong[key].items(), key=lambda kv: (-kv[1], kv[0]))
    return [stats[k] for k in sorted(stats)]


def learner_stats(learners, rows) -> list[LearnerStat]:
    """Per learner of :meth:`.store.Store.class_learners`: where they are and their score."""
    out = {lid: LearnerStat(lid, name, lesson, seen) for lid, name, lesson, seen in learners}
    for row in rows:
        stat = out.get(row[0])
        if stat is not None:
            stat.answers += 1
            stat.right += int(bool(row[10]))
    return list(out.values())


def answer_words(variant: str, code: str, prompt: str = "") -> str:
    """An answer key in words: a card code as the card's name (in ``variant``, with the vira
    of ``prompt`` if any), "tie" as "a tie", a team or "nobody" as such."""
    special = {"tie": _("a tie"), "A": _("team A"), "B": _("team B"), "nobody": _("nobody")}
    if code in special:
        return special[code]
    try:
        v = truco.variant(variant)
        vira = v.card(prompt.split("|", 1)[0]) if "|" in prompt else None
        return _("the {card}").format(card=v.card_name(v.card(code), vira))
    except (ValueError, KeyError):
        return code


def wrong_answer_text(stat: QuestionStat, most: int = 1) -> str:
    """'32% chose the 3 of diamonds over the 4 of clubs' for the most common wrong answer
    (the ``most`` most common ones, joined by '; '; '' when nobody was wrong)."""
    names = [answer_words(stat.variant, c, stat.prompt) for c in stat.correct.split()]
    right = names[0] if names else ""
    for name in names[1:]:
        right = _("{first} or {second}").format(first=right, second=name)
    return "; ".join(_("{pct} chose {answer} over {correct}").format(
        pct=Percent(percent(count, stat.answers) / 100),
        answer=answer_words(stat.variant, answer, stat.prompt),
        correct=right) for answer, count in stat.wrong[:most])


def csv_text(rows) -> str:
    """Every answer as CSV (one row each, with a header), for a spreadsheet."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for (_lid, name, lesson, quiz, seq, item, variant, prompt, answer, correct, right,
         at) in rows:
        writer.writerow([_safe(name), _safe(lesson), _safe(quiz), item, seq, _safe(variant),
                         _safe(prompt), _safe(answer), _safe(correct), int(bool(right)),
                         datetime.fromtimestamp(at, timezone.utc).isoformat(timespec="seconds")])
    return out.getvalue()


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def _safe(text) -> str:
    r"""A text cell made harmless for spreadsheets: no characters that reorder or hide text,
    and a leading quote where a spreadsheet would start a formula (=, +, -, @, their
    full-width forms, a tab or a carriage return, also after spaces).

    >>> _safe("=HYPERLINK(A1)"), _safe("\u202e=1+2"), _safe(" @SUM(A1)"), _safe("Ana")
    ("'=HYPERLINK(A1)", "'=1+2", "' @SUM(A1)", 'Ana')
    """
    text = shown_text(text)
    return "'" + text if text.lstrip(" ")[:1] in _FORMULA_STARTS and text else text
