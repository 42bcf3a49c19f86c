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
>>> question_stats(rows)[0].label()
'3. Tricks and hands · Trick quiz, question 1: 4 of clubs (Zap) against 3 of diamonds'
"""
from __future__ import annotations

import csv
import io
from datetime import datetime, timezone
from collections import Counter
from dataclasses import dataclass, field

import truco
from truco.i18n import Percent, format_list
from ..language.i18n import N_, _

from .store import shown_text

__all__ = ["QuestionStat", "LearnerStat", "question_stats", "learner_stats",
           "wrong_answer_text", "answer_words", "csv_text", "CSV_COLUMNS", "percent",
           "lesson_name", "question_words", "QUIZ_NAMES"]

CSV_COLUMNS = ("learner", "lesson", "quiz", "question", "answer_no", "variant", "prompt",
               "answer", "correct", "right", "time_utc", "question_in_words")


def percent(part: int, whole: int) -> int:
    """Whole percent, rounded half up (0 for nothing)."""
    return (200 * part + whole) // (2 * whole) if whole else 0


# --- questions in words ------------------------------------------------------------------------
# A stored answer names its question by (lesson, quiz, item): ``quiz`` is "<kind>-<n>" (the
# n-th quiz of that kind on the lesson's page, e.g. "trick-1") or, for a lesson's steps,
# "step-<task kind>-<n>" with ``item`` the step's index (from 0). ``prompt`` is the question
# as codes, as each quiz stores it: the vira (or muestra) first and "|" when there is one.
QUIZ_NAMES = {"trick": N_("Trick quiz"), "manilhas": N_("Manilha quiz"),
              "ties": N_("Ties quiz"), "envido": N_("Envido quiz")}


def lesson_name(name) -> str:
    """A lesson's title ("3. Tricks and the hand"); a lesson no longer on the path by its
    stored name, made readable."""
    from ..pages.links import LIVE_PAGE, lesson_title

    if name == LIVE_PAGE:
        return _("Live lesson")
    try:
        return lesson_title(str(name))
    except (ValueError, TypeError):
        text = shown_text(str(name or "")).replace("_", " ").strip()
        return _("Lesson “{name}”").format(name=text) if text else _("A lesson")


def _split_quiz(quiz: str) -> tuple[str, int]:
    kind, _sep, n = str(quiz).rpartition("-")
    return (kind, int(n)) if kind and n.isdigit() else (str(quiz), 1)


def _cards(v, codes, vira=None) -> list[str]:
    return [v.card_name(v.card(code), vira) for code in codes]


def _split_prompt(v, prompt: str):
    """(vira card or None, [card codes]) of a stored prompt."""
    head, sep, tail = str(prompt).partition("|")
    return (v.card(head), tail.split()) if sep else (None, head.split())


def _trick_words(v, prompt: str) -> str:
    vira, codes = _split_prompt(v, prompt)
    names = _cards(v, codes, vira)
    if len(names) < 2:
        raise ValueError("a trick has two cards at least")
    if len(names) == 2:
        text = _("{first} against {second}").format(first=names[0], second=names[1])
    else:
        text = _("a trick of {cards}").format(cards=format_list(names))
    if vira is not None:
        text = _("{question}, vira: {card}").format(question=text, card=vira.name())
    return text


def _manilha_words(v, prompt: str) -> str:
    vira, codes = _split_prompt(v, prompt)
    _cards(v, codes, vira)  # every code must be a card
    if vira is not None:
        return _("the manilhas for the vira {card}").format(card=vira.name())
    return _("the manilhas among {n} cards").format(n=len(codes))


_TRICK_RESULTS = {"A": N_("team A"), "B": N_("team B"), "tie": N_("tied")}


def _ties_words(v, prompt: str) -> str:
    played = [t for t in str(prompt).split() if t != "-"]
    if not played or any(t not in _TRICK_RESULTS for t in played):
        raise ValueError("not trick results")
    return _("who wins the hand after {results}").format(results=format_list([
        _("trick {n} {result}").format(n=i, result=_(_TRICK_RESULTS[t]))
        for i, t in enumerate(played, 1)]))


def _envido_words(v, prompt: str) -> str:
    muestra, codes = _split_prompt(v, prompt)
    text = _("the envido of {cards}").format(cards=format_list(_cards(v, codes, muestra)))
    if muestra is not None:
        text = _("{question}, muestra: {card}").format(question=text,
                                                       card=muestra.name())
    return text


_DETAILS = {"trick": _trick_words, "manilhas": _manilha_words, "ties": _ties_words,
            "envido": _envido_words}


def _step_words(kind: str, item: int, variant: str, prompt: str) -> str:
    step = _("Step {n}").format(n=item + 1)
    try:
        from ..steps.tasks import task_class

        asked = task_class(kind).name_question(truco.variant(variant), prompt)
    except Exception:  # a kind not written yet, gone, or a prompt it cannot read
        return step
    asked = shown_text(str(asked or "")).strip()
    if not asked or asked == str(prompt).strip():  # not named: the codes themselves
        return step
    return _("{step}: {question}").format(step=step, question=asked)


def _live_kind(kind: str, item: int, variant: str) -> str:
    """The task kind of a live lesson's question ``item``: a quick set's own kind, a lesson's
    step's (the steps it asks in that variant)."""
    if not kind[:1].isdigit():
        return kind
    try:
        from ..steps.lesson_steps import one_answer_steps

        return one_answer_steps(kind, truco.variant(variant))[item - 1].task
    except Exception:  # no such lesson or step any more: named generically
        return kind


def question_words(quiz, item, variant, prompt) -> str:
    """A stored question in words, in the teacher's language: "Trick quiz, question 1:
    6 of diamonds against queen of clubs", "Step 3: ..." for a lesson's step; a generic name
    ("Question 2") when the quiz or its prompt cannot be read."""
    try:
        item = int(item)
    except (TypeError, ValueError):
        item = 0
    kind, n = _split_quiz(quiz)
    if kind.startswith("live-"):  # a live lesson's question (quiz live-<kind>-<lesson id>)
        asked = _step_words(_live_kind(kind[len("live-"):], item, str(variant)), item - 1,
                            str(variant), str(prompt or ""))
        asked = asked.split(": ", 1)[1] if ": " in asked else ""
        name = _("Live question {n}").format(n=item)
        return _("{question}: {detail}").format(question=name, detail=asked) if asked else name
    if kind.startswith("step-"):
        return _step_words(kind[len("step-"):], item, str(variant), str(prompt or ""))
    if kind not in QUIZ_NAMES:
        return _("Question {n}").format(n=item)
    quiz_name = _(QUIZ_NAMES[kind])
    if n > 1:
        quiz_name = _("{quiz} {n}").format(quiz=quiz_name, n=n)
    name = _("{quiz}, question {n}").format(quiz=quiz_name, n=item)
    try:
        detail = _DETAILS[kind](truco.variant(str(variant)), str(prompt or ""))
    except Exception:  # an unknown variant, a code that is no card ...: the name alone
        return name
    return _("{question}: {detail}").format(question=name, detail=detail)


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
        """The question in words, with its lesson: never an internal id or a card code."""
        lesson, quiz, item = self.key
        return _("{lesson} · {question}").format(
            lesson=lesson_name(lesson),
            question=question_words(quiz, item, self.variant, self.prompt))


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
    of ``prompt`` if any), "tie" as "a tie", a team or "nobody" as such, an envido count
    ("envido:33") as "33 points of envido"; any other key as it is."""
    special = {"tie": _("a tie"), "A": _("team A"), "B": _("team B"), "nobody": _("nobody"),
               "flor:none": _("no flor")}
    code = shown_text(str(code))
    if code in special:
        return special[code]
    kind, sep, value = code.partition(":")
    if sep and value.isdigit() and kind in ("envido", "flor"):  # the envido quiz's counts
        points = int(value)
        return (_("{n} points of envido") if kind == "envido" else _("a flor of {n}")).format(
            n=points)
    prompt = str(prompt or "")
    try:
        v = truco.variant(variant)
        card = v.card(code)
    except Exception:  # no card of this variant: the key as it is
        return code
    try:
        vira = v.card(prompt.split("|", 1)[0]) if "|" in prompt else None
        name = v.card_name(card, vira)
    except Exception:  # a variant that needs a vira the prompt does not hold
        name = card.name()
    return _("the {card}").format(card=name)


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
                         datetime.fromtimestamp(at, timezone.utc).isoformat(timespec="seconds"),
                         _safe(question_words(quiz, item, variant, prompt))])
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
