"""The teacher's view of played hands and puzzles: per learner and per class, how many of the
decisions the engine's evaluator graded best or good (the hands reviewed at the table, the
puzzles answered), and the themes most missed (:mod:`truco.hand_review` names them).

>>> rows = {"class:1": [("hand", "lead", 4, 3, 1.0), ("puzzle", "answer", 2, 0, 3.0)],
...         "class:2": [("hand", "answer", 2, 1, 2.0)]}
>>> class_summary(rows)["hands"], [t for t, _m, _n in class_summary(rows)["missed"]]
((6, 4), ['answer', 'lead'])
"""
from __future__ import annotations

from html import escape

from truco.hand_review import theme_name
from truco.i18n import number, percent
from ..language.i18n import _

__all__ = ["class_html", "class_summary", "learner_html", "accuracy_text"]


def accuracy_text(tried: int, good: int) -> str:
    """"75% of 4" (best or good of the decisions), or a dash with none."""
    if not tried:
        return "–"
    return _("{pct} of {n}").format(pct=percent(good / tried, 0), n=number(tried))


def class_summary(rows: dict) -> dict:
    """{"hands": (decisions, best or good) at the table, "puzzles": (tried, solved),
    "missed": [(theme, missed, tried), ...] most missed first} over ``rows`` ({learner key:
    [(source, theme, tried, good, lost), ...]})."""
    totals = {"hand": [0, 0], "puzzle": [0, 0]}
    themes: dict = {}
    for learner_rows in rows.values():
        for source, theme, tried, good, _lost in learner_rows:
            if source in totals:
                totals[source][0] += tried
                totals[source][1] += good
            t = themes.setdefault(theme, [0, 0])
            t[0] += tried
            t[1] += good
    missed = sorted(((theme, t - g, t) for theme, (t, g) in themes.items() if t > g),
                    key=lambda x: (-x[1] / x[2], -x[1], x[0]))
    return {"hands": tuple(totals["hand"]), "puzzles": tuple(totals["puzzle"]),
            "missed": missed}


def class_html(rows: dict) -> str:
    """The class's played hands and puzzles, in a few lines (empty before any)."""
    s = class_summary(rows)
    if not s["hands"][0] and not s["puzzles"][0]:
        return ("<h3>" + escape(_("Played hands and puzzles")) + "</h3><p>"
                + escape(_("Nothing yet: when learners review a hand they played (Play and "
                           "review) or answer puzzles, their accuracy appears here."))
                + "</p>")
    lines = [_("Decisions at the table graded best or good: {acc}.").format(
                 acc=accuracy_text(*s["hands"])),
             _("Puzzles solved: {acc}.").format(acc=accuracy_text(*s["puzzles"]))]
    if s["missed"]:
        worst = ", ".join(_("{theme} ({pct} missed)").format(
            theme=theme_name(t), pct=percent(m / n, 0)) for t, m, n in s["missed"][:3])
        lines.append(_("Themes most missed: {themes}.").format(themes=worst))
    return ("<h3>" + escape(_("Played hands and puzzles")) + "</h3>"
            + "".join(f"<p>{escape(line)}</p>" for line in lines))


def learner_html(learner_rows) -> str:
    """One learner's decisions by theme and source (empty before any)."""
    if not learner_rows:
        return ""
    head = (_("Theme"), _("At the table"), _("Puzzles"), _("Points lost"))
    by_theme: dict = {}
    for source, theme, tried, good, lost in learner_rows:
        entry = by_theme.setdefault(theme, {"hand": (0, 0), "puzzle": (0, 0), "lost": 0.0})
        entry[source] = (tried, good)
        entry["lost"] += lost
    cells = []
    for theme, e in sorted(by_theme.items()):
        cells.append("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in (
            theme_name(theme), accuracy_text(*e["hand"]), accuracy_text(*e["puzzle"]),
            number(round(e["lost"], 1), 1))) + "</tr>")
    return ("<h4>" + escape(_("Played hands and puzzles")) + "</h4>"
            '<table class="tutor-learner-skills"><tr>'
            + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>" + "".join(cells)
            + "</table>")
