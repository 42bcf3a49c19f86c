"""OddsChart: the exact odds of :mod:`truco.odds`, drawn with matplotlib for the odds lesson.

Each chart is a figure (an inline SVG, drawn on the server: no network, no JavaScript) and a
caption giving the exact numbers. The numbers come from the engine's exact counts; nothing here
knows a rule.

Drawn charts are kept on disk (``$XDG_CACHE_HOME/truco-tutor/odds-charts``, keyed by the chart,
the language and the code and catalog that drew it), so a page opens without importing
matplotlib once a chart has been drawn; ``python -m widgets.charts.odds warm`` (run by
``make app``) draws them all ahead of the first learner.

>>> chart = OddsChart("manilhas")
>>> "<svg" in chart.html.value and "27.7%" in chart.caption
True
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import re
import sys
import warnings
from functools import lru_cache
from html import escape
from importlib.metadata import version
from pathlib import Path

import ipywidgets as W

import truco
from truco import odds
from truco import i18n
from truco.i18n import (LANGUAGES, LOCALE_DIR, LRI, PDI, RLI, chain, format_list, get_language,
                        has_rtl_letters, number, percent, set_language, text_direction)
from ..language.i18n import LOCALE_DIR as VIEWS_LOCALE_DIR, _, ngettext

from ..ui.common import TutorWidget, get_variant, vira_word

__all__ = ["KINDS", "OddsChart"]

KINDS = ("manilhas", "envido", "flor", "first_card", "lead")
# Okabe-Ito colours: told apart by colour-blind readers too.
BLUE, ORANGE, GREEN, GREY = "#0072B2", "#E69F00", "#009E73", "#999999"


def pct(x) -> str:
    """A chance as a percentage with one decimal, in the learner's language ('27.7%', '27,7%',
    '۲۷٫۷٪')."""
    return percent(x, 1)


def frac(x) -> str:
    """An exact chance as a count, in the learner's language: '137 in 494'."""
    # Translators: an exact chance as a count, "137 in 494": 137 hands of every 494 (pt_BR "137
    # em 494"). The numbers come written in the language's digits.
    return _("{num} in {den}").format(num=x.numerator, den=x.denominator)


def shown(text) -> str:
    """A text drawn in a chart. The chart is laid out left to right on every page; on a
    right-to-left page a text in the language's letters is one right-to-left isolate, which
    the browser, drawing the SVG's text, lays out in Persian order; a number ('<۰٫۱٪') or a
    text left in English reads left to right."""
    text = str(text)
    if not text or text_direction() != "rtl":
        return text
    return f"{RLI if has_rtl_letters(text) else LRI}{text}{PDI}"


# Sizes, for a chart read on a phone: the SVG scales to its column (CSS width 100%, at most
# MAX_WIDTH), so a figure WIDTH inches wide (72 SVG units an inch) shown in a 360 px column
# draws its 12-unit text at about 13 px. Every text size is set here, explicitly.
WIDTH = 4.6
MAX_WIDTH = "32em"
TEXT, TICKS, NOTES = 12.5, 12, 11
STYLE = {"font.size": TEXT, "axes.labelsize": TEXT, "xtick.labelsize": TICKS,
         "ytick.labelsize": TICKS, "legend.fontsize": TICKS, "axes.titlesize": TEXT}
# Fonts for the letters DejaVu Sans lacks (Thai), when the machine has one: matplotlib then
# measures a Thai label with Thai glyphs (with DejaVu alone, each letter was an empty box as
# wide as a capital: labels twice too long, a chart squeezed small or its axes collapsed), and
# the SVG names the font for the browser too.
FALLBACK_FONTS = ("Loma", "Garuda", "Norasi", "Sawasdee", "Kinnari", "Noto Sans Thai")


@lru_cache(maxsize=1)
def font_families() -> tuple[str, ...]:
    from matplotlib import font_manager

    present = {f.name for f in font_manager.fontManager.ttflist}
    thai = next((name for name in FALLBACK_FONTS if name in present), None)
    return ("DejaVu Sans",) + ((thai,) if thai else ())


def style() -> dict:
    return {**STYLE, "font.family": list(font_families())}


def _svg(fig, prefix: str) -> str:
    from matplotlib import rc_context

    buf = io.StringIO()
    with rc_context({"svg.fonttype": "none", "svg.hashsalt": "truco-tutor", **style()}), \
            warnings.catch_warnings():
        # Text stays text in the SVG (svg.fonttype none): the browser draws Thai or Persian
        # with its own fonts, so matplotlib's note that DejaVu Sans lacks a glyph (used only
        # to measure the text) must not reach the learner's page.
        warnings.filterwarnings("ignore", message=r"Glyph \d+ .* missing from font")
        fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buf.getvalue()
    text = text[text.index("<svg"):]
    text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, flags=re.S)
    # Inline in the page, a <style> would style every SVG of the page (the cards too): the
    # two properties it sets go on this figure's root instead. Ids get the chart's prefix so
    # that several charts on a page never share one.
    text = re.sub(r"<style[^>]*>.*?</style>\s*", "", text, flags=re.S)
    text = re.sub(r'id="([^"]+)"', rf'id="{prefix}-\1"', text)
    text = re.sub(r'url\(#([^)]+)\)', rf'url(#{prefix}-\1)', text)
    text = re.sub(r'href="#([^"]+)"', rf'href="#{prefix}-\1"', text)
    # Scale with the page: drop the fixed size, keep the viewBox.
    # The chart is laid out left to right whatever the page's direction: on a Persian page
    # (direction rtl) an inherited rtl would anchor each label at its other end, over the
    # legend's swatches and the axes. The text inside a label still reads right to left.
    text = re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"',
                  rf'<svg\1 style="width:100%;max-width:{MAX_WIDTH};height:auto;direction:ltr;'
                  r'stroke-linejoin:round;stroke-linecap:butt"', text, count=1)
    return text


def _figure(height=3.2):
    """A figure WIDTH inches wide whose layout keeps every label and the legend inside it."""
    from matplotlib.figure import Figure  # imported only when a chart is drawn

    fig = Figure(figsize=(WIDTH, height), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    ax.spines[["top", "right"]].set_visible(False)
    ax.tick_params(labelsize=TICKS, labelrotation=0)
    return fig, ax


def _percent_axis(axis) -> None:
    """Chances shown as percentages (0% to 100%), never as a 0-1 fraction."""
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    # the learner's digits and percent sign ('25%', '۲۵٪'), by Babel (truco.i18n.percent)
    axis.set_major_formatter(FuncFormatter(lambda x, _pos: percent(max(0.0, x), 0)))
    axis.set_major_locator(MaxNLocator(nbins=4, steps=[1, 2, 2.5, 5, 10]))


def _legend(fig, handles=None, labels=None) -> None:
    """The legend above the chart, outside the bars and their labels, one entry a line: a
    label drawn wider by the browser's font (Thai, Persian) runs into empty space, never into
    the next entry's swatch."""
    fig.legend(handles, [shown(x) for x in labels], loc="outside upper left", ncols=1,
               frameon=False,
               fontsize=TICKS, handlelength=1.2, handletextpad=0.6)


def bar_pct(x) -> str:
    """A bar's label: one decimal, and "<0.1%" rather than a 0.0% that is not nothing."""
    return "<" + percent(0.001, 1) if 0 < float(x) < 0.0005 else pct(x)


def _label_bars(ax, bars, values) -> None:
    """Each horizontal bar's value at its end."""
    for bar, value in zip(bars, values):
        end = bar.get_x() + bar.get_width()
        ax.annotate(shown(bar_pct(value)), (end, bar.get_y() + bar.get_height() / 2),
                    va="center", ha="left", fontsize=NOTES, xytext=(3, 0),
                    textcoords="offset points")


# --- the charts ----------------------------------------------------------------------------------
def _manilhas():
    names = ("mineiro", "paulista")
    fig, ax = _figure(3.3)
    dists = {name: odds.manilha_count_distribution(name) for name in names}
    ks = sorted(set().union(*dists.values()))  # 0 to 3 manilhas in three cards
    height = 0.38
    most = 0.0
    for i, (name, colour) in enumerate(zip(names, (BLUE, ORANGE))):
        dist = dists[name]
        values = [dist.get(k, 0) for k in ks]
        bars = ax.barh([k + (i - 0.5) * height for k in ks], [float(x) for x in values], height,
                       label=_(truco.variant(name).title), color=colour)
        _label_bars(ax, bars, values)
        most = max(most, *map(float, values))
    ax.set_yticks(ks)
    ax.set_yticklabels([shown(ngettext("{n} manilha", "{n} manilhas", k).format(n=k))
                        for k in ks])
    ax.invert_yaxis()
    ax.set_xlim(0, most * 1.3)
    _percent_axis(ax.xaxis)
    ax.set_xlabel(shown(_("chance in a hand of three cards")), wrap=True)
    _legend(fig, *ax.get_legend_handles_labels())
    mineiro, paulista = odds.manilha_chance("mineiro"), odds.manilha_chance("paulista")
    side = odds.manilha_chance("mineiro", cards=6)
    caption = _("At least one manilha in your three cards: {a} in Truco Mineiro ({fa}), {b} in "
                "Truco Paulista ({fb}). Your side's six cards (four players) hold at least one "
                "in {c} of Mineiro deals.").format(a=pct(mineiro), fa=frac(mineiro),
                                                     b=pct(paulista), fb=frac(paulista),
                                                     c=pct(side))
    return fig, caption, _("Bar chart: how many manilhas a hand of three cards holds")


def envido_runs(dist) -> list[range]:
    """The scores of an envido distribution (``truco.odds.envido_distribution``) in runs of
    consecutive numbers: for the Spanish deck, the highest card alone (0 to 7) and two cards of
    a suit (20 to 33). The legend's words name them; the colours follow the engine's runs.

    >>> [(r.start, r.stop - 1) for r in envido_runs(odds.envido_distribution("argentino"))]
    [(0, 7), (20, 33)]
    """
    runs: list[list[int]] = []
    for p in sorted(dist):
        if runs and p == runs[-1][-1] + 1:
            runs[-1].append(p)
        else:
            runs.append([p])
    return [range(r[0], r[-1] + 1) for r in runs]


def _envido():
    from matplotlib.patches import Patch

    dist = odds.envido_distribution("argentino")
    fig, ax = _figure(3.4)
    points = sorted(dist)
    single, pairs = envido_runs(dist)  # the engine's scores: one card alone; two of a suit
    colours = [GREY if p in single else BLUE for p in points]
    xs = list(range(len(points)))
    ax.bar(xs, [float(dist[p]) for p in points], color=colours)
    # Every other score is named: two-digit numbers side by side would touch on a phone.
    ax.set_xticks(xs)
    ax.set_xticklabels([number(p) if i % 2 == 0 else "" for i, p in enumerate(points)])
    ax.set_xlabel(shown(_("envido points")))
    _percent_axis(ax.yaxis)
    ax.set_title(shown(_("Chance of each score")), loc="left", fontsize=TEXT)
    handles = [Patch(color=GREY, label=_("{low} to {high}: no two cards of a suit").format(
                   low=number(single.start), high=number(single.stop - 1))),
               Patch(color=BLUE, label=_("{low} to {high}: two cards of a suit").format(
                   low=number(pairs.start), high=number(pairs.stop - 1)))]
    _legend(fig, handles, [h.get_label() for h in handles])
    most = max(points, key=lambda p: dist[p])
    top = pairs[-1]  # the best envido there is (the texts name it: test_odds_charts checks)
    good, better = 27, 30  # two scores a player is glad to hold
    caption = _("Envido in Truco Argentino: {a} of hands have {good} or more, {b} have {better} "
                "or more, and only {c} have {top} ({fc}). The most common envido is {most}.").format(
        a=pct(odds.envido_at_least(good)), b=pct(odds.envido_at_least(better)),
        good=number(good), better=number(better), c=pct(dist[top]), fc=frac(dist[top]),
        top=number(top), most=number(most))
    return fig, caption, _("Bar chart: the chance of each envido score")


def _flor():
    plain, muestra = odds.flor_chance("argentino"), odds.flor_chance("uruguayo")
    fig, ax = _figure(2.2)
    labels = [_(truco.variant("argentino").title), _(truco.variant("uruguayo").title)]
    bars = ax.barh([0, 1], [float(plain), float(muestra)], color=[BLUE, ORANGE])
    ax.set_yticks([0, 1])
    ax.set_yticklabels([shown(x) for x in labels])
    _label_bars(ax, bars, (plain, muestra))
    ax.invert_yaxis()
    ax.set_xlim(0, max(float(muestra), float(plain)) * 1.3)
    _percent_axis(ax.xaxis)
    ax.set_xlabel(shown(_("chance of being dealt flor")), wrap=True)
    caption = _("Flor (three cards of one suit) comes {a} of the time ({fa}): about one hand in "
                "{n}. In Truco Uruguayo the muestra's piezas make flor too: {b}.").format(
        a=pct(plain), fa=frac(plain), n=round(1 / float(plain)), b=pct(muestra))
    return fig, caption, _("Bar chart: the chance of flor")


def _first_card():
    names = list(truco.VARIANT_NAMES)
    fig, ax = _figure(4.6)
    two = [odds.first_card_wins(n, 2) for n in names]
    four = [odds.first_card_wins(n, 4) for n in names]
    ys = range(len(names))
    ax.barh([y - 0.2 for y in ys], [float(x) for x in two], 0.4, label=_("2 players"),
            color=BLUE)
    ax.barh([y + 0.2 for y in ys], [float(x) for x in four], 0.4, label=_("4 players"),
            color=ORANGE)
    ax.set_yticks(list(ys))
    ax.set_yticklabels([shown(_(truco.variant(n).title)) for n in names])
    ax.invert_yaxis()
    ax.set_xlim(0, 0.6)
    _percent_axis(ax.xaxis)
    ax.set_xlabel(shown(_("chance the hand's first card wins the first trick")), wrap=True)
    _legend(fig, *ax.get_legend_handles_labels())
    i = names.index("mineiro")
    caption = _("When everyone plays a card at random, the first card wins the trick {a} of "
                "the time with two players in Truco Mineiro ({fa}), and {b} with four: it must "
                "beat every other card, and a card of equal rank ties it.").format(
        a=pct(two[i]), fa=frac(two[i]), b=pct(four[i]))
    return fig, caption, _("Bar chart: how often the first card wins, by variant")


def default_vira(v):
    """A vira to rank the cards by, for variants that turn one up (the 4 of the first suit)."""
    if not v.uses_vira:
        return None
    return next(c.code for c in v.deck if c.rank == 4)


def level_name(v, codes, vira=None) -> str:
    """A level of the lead table in words, short enough for a phone: '4 of clubs', 'any 3'
    (every card of that rank left in the deck), 'any rey (12) except espadas', '7 of bastos
    and copas', or its cards' names ('7 of bastos / 7 of copas'). The caption gives the
    nicknames."""
    cards = [v.card(c) for c in codes]
    vira_card = v.card(vira) if vira is not None else None
    if len(cards) == 1:
        return cards[0].name()
    rank = cards[0].rank
    every = [c for c in v.deck if c.rank == rank and c != vira_card]
    if all(c.rank == rank for c in cards) and len(every) == len(cards):
        return _("any {rank}").format(rank=cards[0].rank_name())
    if all(c.rank == rank for c in cards):
        others = [c for c in every if c not in cards]
        if len(others) == 1:  # 'any rey (12) except espadas' (that one is a pieza)
            # Translators: every card of a rank but one suit's, "any rey (12) except espadas"
            return _("any {rank} except {suit}").format(rank=cards[0].rank_name(),
                                                        suit=others[0].suit_name())
        # Translators: cards of one rank in several suits, "7 of bastos and copas"
        return _("{rank} of {suits}").format(rank=cards[0].rank_name(),
                                             suits=format_list([c.suit_name() for c in cards]))
    return chain([c.name() for c in cards], " / ")


def _lead(name, players):
    v = get_variant(name)
    vira = default_vira(v)
    table = odds.lead_card_table(v, players, vira)
    # Each row: the card's name on a line of its own above its bar, from the left edge, so the
    # bars keep the chart's whole width whatever the names' length in the language (names
    # beside the bars, as tick labels, squeezed the plot to nothing on a phone in Thai or
    # Persian, or with Uruguay's three-suit levels).
    fig, ax = _figure(1.0 + 0.43 * len(table))
    labels = [level_name(v, codes, vira) for codes, _w, _t in table]
    wins = [float(w) for _c, w, _t in table]
    ties = [float(t) for _c, _w, t in table]
    ys = list(range(len(table)))
    ax.barh(ys, wins, 0.42, color=BLUE, label=_("wins the trick"))
    bars = ax.barh(ys, ties, 0.42, left=wins, color=ORANGE, label=_("tied"))
    for bar, (_c, w, _t) in zip(bars, table):  # the chance of winning, after the bar
        end = bar.get_x() + bar.get_width()
        ax.annotate(shown(bar_pct(w)), (end, bar.get_y() + bar.get_height() / 2),
                    va="center", ha="left", fontsize=NOTES, xytext=(3, 0),
                    textcoords="offset points")
    for y, label in zip(ys, labels):  # the name above the bar
        ax.annotate(shown(label), (0, y - 0.23), va="bottom", ha="left", fontsize=NOTES,
                    xytext=(2, 1), textcoords="offset points")
    ax.set_yticks([])
    ax.set_ylim(len(table) - 0.6, -0.95)  # strongest first, room for the first name
    ax.set_xlim(0, 1.22)
    _percent_axis(ax.xaxis)
    ax.set_xticks([0, 0.5, 1])
    ax.set_xlabel(shown(_("chance the card you lead wins (strongest first)")), wrap=True)
    _legend(fig, *ax.get_legend_handles_labels())
    top = table[0]
    common = next((row for row in table if float(row[1]) < 0.5), table[-1])
    variant = _(v.title)
    if vira:  # the variant's name with the card turned up: "Truco Paulista (Vira: 4 of clubs)"
        variant = _("{variant} ({vira}: {card})").format(variant=variant, vira=vira_word(v),
                                                         card=v.card(vira).name())
    codes = common[0]
    card = v.card_name(codes[0], vira) if len(codes) == 1 else _("any {rank}").format(
        rank=v.card(codes[0]).rank_name())
    caption = ngettext(
        "{variant}, {n} player: led against opponents who answer with their best card, the "
        "{top} always holds; the strongest lead that wins less than half the time is {card}, "
        "which wins {w}.",
        "{variant}, {n} players: led against opponents who answer with their best card, the "
        "{top} always holds; the strongest lead that wins less than half the time is {card}, "
        "which wins {w}.", players).format(
        variant=variant, n=players, top=v.card_name(top[0][0], vira), card=card,
        w=pct(common[1]))
    return fig, caption, _("Bar chart: how often each card you lead wins the trick")


def figure(kind: str, name: str = "mineiro", players: int = 2):
    """(matplotlib figure, caption, description) of a chart, drawn with the tutor's sizes."""
    from matplotlib import rc_context

    with rc_context(style()):
        if kind == "lead":
            return _lead(name, players)
        return {"manilhas": _manilhas, "envido": _envido, "flor": _flor,
                "first_card": _first_card}[kind]()


def _draw(kind: str, name: str, players: int) -> tuple[str, str, str]:
    fig, caption, label = figure(kind, name, players)
    return _svg(fig, f"odds-{kind}"), caption, label


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "truco-tutor" / "odds-charts"


@lru_cache(maxsize=None)
def _stamp(language: str) -> str:
    """What a drawn chart depends on besides its arguments: this module, the engine's odds,
    the language's catalog and matplotlib's version."""
    digest = hashlib.sha256(version("matplotlib").encode())
    catalogs = (LOCALE_DIR / language / "LC_MESSAGES" / "truco.mo",
                VIEWS_LOCALE_DIR / language / "LC_MESSAGES" / "widgets.mo")
    for path in (Path(__file__), Path(odds.__file__), Path(i18n.__file__), *catalogs):
        digest.update(path.read_bytes() if path.exists() else b"-")
    return digest.hexdigest()[:20]


@lru_cache(maxsize=64)
def render(kind: str, name: str, players: int, language: str) -> tuple[str, str, str]:
    """(svg, caption, description) of a chart, from the disk cache when it was drawn before."""
    key = hashlib.sha256(f"{kind}|{name}|{players}|{language}|{_stamp(language)}".encode())
    path = cache_dir() / f"{key.hexdigest()[:32]}.json"
    try:
        svg, caption, label = json.loads(path.read_text(encoding="utf-8"))
        return svg, caption, label
    except (OSError, ValueError):
        pass
    drawn = _draw(kind, name, players)
    try:  # written whole then renamed: a reader never sees half a file
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(drawn), encoding="utf-8")
        tmp.replace(path)
    except OSError:  # a read-only disk only costs time
        pass
    return drawn


def warm(languages=LANGUAGES) -> int:
    """Draw every chart the odds lesson can show, in every language; returns how many."""
    count = 0
    for language in languages:
        set_language(language)
        for kind in KINDS[:-1]:
            render(kind, "mineiro", 2, language)
            count += 1
        for name in truco.VARIANT_NAMES:
            render("lead", name, 2, language)
            count += 1
    set_language("en")
    return count


class OddsChart(TutorWidget):
    """One chart of exact odds: ``kind`` is one of :data:`KINDS` (``"lead"`` uses ``variant``
    and ``players``)."""

    def __init__(self, kind: str, variant="mineiro", players: int = 2):
        super().__init__()
        if kind not in KINDS:
            raise ValueError(f"unknown chart {kind!r}; charts: {', '.join(KINDS)}")
        v = get_variant(variant)
        if kind != "lead":  # the other charts compare fixed variants
            v, players = truco.variant("mineiro"), 2
        svg, caption, label = render(kind, v.name, players, get_language())
        self.kind, self.caption = kind, caption
        svg = svg.replace("<svg", f'<svg role="img" aria-label="{escape(label)}"', 1)
        self.html = W.HTML(
            f'<figure class="tutor-odds-chart" style="margin:0">{svg}'
            f'<figcaption>{escape(caption)}</figcaption></figure>')
        self._root([self.html])


if __name__ == "__main__":  # pragma: no cover - command line
    if sys.argv[1:] == ["warm"]:
        print(f"{warm()} odds charts ready in {cache_dir()}")
    else:
        print("usage: python -m widgets.charts.odds warm")
