"""The pieces of a lesson page drawn as HTML: the header with its progress bar, the step's text
with the "Example" mark, the stars, and the closing summary. Display only: every number in
them comes from the runner, in Python.

>>> "★★☆" in stars_html(2) and 'aria-label="2 of 3 stars"' in stars_html(2)
True
>>> 'aria-valuenow="2"' in header_html("Title", 3, 8)
True
"""
from __future__ import annotations

from html import escape

from ..language.i18n import _, ngettext

from ..language.session import direction

__all__ = ["header_html", "step_html", "stars_html", "summary_html"]

_BAR = ("display:block;height:10px;border-radius:5px;background:var(--tutor-track, #e9ecef);"
        "overflow:hidden;"
        "margin:.3em 0 .6em;max-width:100%")
_FILL = "display:block;height:100%;background:#1e7b34;border-radius:5px;width:{pct:.1f}%"


def header_html(title: str, position: int, total: int, counter: str | None = None, *,
                kind: str = "step", label: str | None = None) -> str:
    """The lesson's title, "Step 3 of 8" (or ``counter``) and a bar ``position`` / ``total``
    full (position: the step shown, from 1; ``total + 1`` when finished). ``kind`` names the
    page in the classes (``tutor-<kind>-header``, ``tutor-<kind>-count``: the review page's are
    ``review``) and ``label`` the bar (default "Lesson progress").

    >>> html = header_html("Review", 3, 4, "2 left today", kind="review", label="Review progress")
    >>> 'class="tutor-review-count" role="status"' in html, 'aria-valuenow="2"' in html
    (True, True)
    """
    classes = "tutor-step-header" + (f" tutor-{kind}-header" if kind != "step" else "")
    if total <= 0:  # no step for this variant: the title alone
        return (f'<div class="{classes}" dir="{direction()}"><strong '
                f'style="font-size:1.1em">{escape(title)}</strong></div>')
    done = min(max(position - 1, 0), total)
    pct = 100.0 * done / total if total else 100.0
    if position > total:
        where = _("All steps done")
    else:
        where = _("Step {n} of {total}").format(n=position, total=total)
    if counter is not None:
        where = counter
    label = escape(label if label is not None else _("Lesson progress"), quote=True)
    status = ' role="status"' if kind != "step" else ""  # a count that changes by itself
    return (f'<div class="{classes}" dir="{direction()}">'
            f'<div style="display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5em;'
            f'align-items:baseline"><strong style="font-size:1.1em">{escape(title)}</strong>'
            f'<span class="tutor-{kind}-count"{status}>{escape(where)}</span></div>'
            f'<div class="tutor-progressbar" role="progressbar" aria-label="{label}" '
            f'aria-valuemin="0" aria-valuemax="{total}" aria-valuenow="{done}" style="{_BAR}">'
            f'<span style="{_FILL.format(pct=pct)}"></span></div></div>')


def step_html(text: str, worked: bool) -> str:
    """The step's idea, with a visible "Example" mark on a worked example."""
    mark = ""
    if worked:
        example = _("Example")
        mark = (f'<span class="tutor-example-mark" style="display:inline-block;'
                f'padding:.05em .5em;margin-inline-end:.5em;border-radius:3px;background:#1864ab;'
                f'color:#fff;font-size:.85em;font-weight:600">{escape(example)}</span>')
    return (f'<div class="tutor-step-text" dir="{direction()}" style="margin:.4em 0;'
            f'line-height:1.5;font-size:1.05em">{mark}{escape(text)}</div>')


def stars_html(stars: int) -> str:
    stars = max(0, min(3, int(stars)))
    label = escape(ngettext("{n} of 3 stars", "{n} of 3 stars", stars).format(n=stars),
                   quote=True)
    shown = "★" * stars + "☆" * (3 - stars)
    return (f'<div class="tutor-stars" role="img" aria-label="{label}" data-stars="{stars}" '
            f'style="font-size:2.2em;color:var(--tutor-star, #b35c00);letter-spacing:.1em;line-height:1.2">'
            f'<span aria-hidden="true">{shown}</span></div>')


def summary_html(title: str, rules, stars: int, mistakes: int) -> str:
    """The closing summary: "You finished <title>", the rules learned, stars, mistakes."""
    items = "".join(f"<li>{escape(r)}</li>" for r in rules)
    rules_part = ""
    if items:
        learned = _("What you learned:")
        rules_part = (f'<p style="margin:.4em 0 .2em"><b>{escape(learned)}</b>'
                      f'</p><ul style="margin:.2em 0;padding-inline-start:1.4em">{items}</ul>')
    if mistakes:
        said = ngettext("{n} mistake", "{n} mistakes", mistakes).format(n=mistakes)
    else:
        said = _("No mistakes")
    finished = _("You finished {title}").format(title=title)
    return (f'<div class="tutor-summary-text" dir="{direction()}" style="line-height:1.5">'
            f'<h3 style="margin:.3em 0">{escape(finished)}'
            f'</h3>{stars_html(stars)}<p class="tutor-mistakes" style="margin:.2em 0">'
            f'{escape(said)}</p>{rules_part}</div>')


def mark_bench_target(task) -> None:
    """Put the app benchmark's click target (``tutor-bench-click``, see bench/app.py) on the
    task's first button that can be clicked now (neither disabled nor hidden) when its
    buttons are answers: a real answer, whose feedback the page's box shows. Called again
    after each click (TaskPage): a task that asks in two stages ("Answer the call", then "what
    is the hand worth now?") hides its first buttons and shows others, and the mark moves to
    them (no message when it stays where it is)."""
    from ipywidgets import Button

    from ..ui.common import BENCH_CLICK

    if not getattr(task, "buttons_answer", True):
        return
    buttons, todo = [], [task.view]
    while todo:
        widget = todo.pop(0)
        layout = getattr(widget, "layout", None)
        if getattr(layout, "display", None) == "none":
            continue  # hidden, with all it holds
        if isinstance(widget, Button):
            buttons.append(widget)
        todo.extend(getattr(widget, "children", ()))
    usable = [b for b in buttons if not b.disabled]
    chosen = usable[0] if usable else None
    marked = [w for w in _all_buttons(task.view) if BENCH_CLICK in w._dom_classes]
    for widget in marked:
        if widget is not chosen:
            widget.remove_class(BENCH_CLICK)
    if chosen is not None and chosen not in marked:
        chosen.add_class(BENCH_CLICK)


def _all_buttons(root):
    from ipywidgets import Button

    todo = [root]
    while todo:
        widget = todo.pop()
        if isinstance(widget, Button):
            yield widget
        todo.extend(getattr(widget, "children", ()))
