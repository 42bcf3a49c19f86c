"""OddsChart: the exact odds of :mod:`truco.odds`, drawn with matplotlib for the odds lesson.

Each chart is a figure (an inline SVG, drawn on the server: no network, no JavaScript) and a
caption giving the exact numbers. The numbers come from the engine's exact counts; nothing here
knows a rule.

Drawn charts are kept on disk (``$XDG_CACHE_HOME/truco-tutor/odds-charts``, keyed by the chart,
the language and the code and catalog that drew it), so a page opens without importing
matplotlib once a chart has been drawn; ``python -m widgets.odds_charts warm`` (run by
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
from truco.i18n import LANGUAGES, LOCALE_DIR, _, get_language, set_language

from .common import TutorWidget, get_variant

__all__ = ["KINDS", "OddsChart"]

KINDS = ("manilhas", "envido", "flor", "first_card", "lead")
# Okabe-Ito colours: told apart by colour-blind readers too.
BLUE, ORANGE, GREEN, GREY = "#0072B2", "#E69F00", "#009E73", "#999999"


def pct(x) -> str:
    return f"{100 * float(x):.1f}%"


def frac(x) -> str:
    return _("{num:,} in {den:,}").format(num=x.numerator, den=x.denominator)


def _svg(fig, prefix: str) -> str:
    from matplotlib import rc_context

    buf = io.StringIO()
    with rc_context({"svg.fonttype": "none", "svg.hashsalt": "truco-tutor"}), \
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
    text = re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"',
                  r'<svg\1 style="width:100%;max-width:40em;height:auto;'
                  r'stroke-linejoin:round;stroke-linecap:butt"', text, count=1)
    return text


def _figure(width=6.4, height=3.2):
    from matplotlib.figure import Figure  # imported only when a chart is drawn

    fig = Figure(figsize=(width, height), dpi=100)
    ax = fig.add_subplot()
    ax.spines[["top", "right"]].set_visible(False)
    return fig, ax


def _label_bars(ax, bars, values):
    for bar, value in zip(bars, values):
        ax.annotate(pct(value), (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                    ha="center", va="bottom", fontsize=8, xytext=(0, 2),
                    textcoords="offset points")


# --- the charts ----------------------------------------------------------------------------------
def _manilhas():
    names = ("mineiro", "paulista")
    fig, ax = _figure()
    width = 0.38
    for i, (name, colour) in enumerate(zip(names, (BLUE, ORANGE))):
        dist = odds.manilha_count_distribution(name)
        ks = [0, 1, 2, 3]
        values = [dist.get(k, 0) for k in ks]
        bars = ax.bar([k + (i - 0.5) * width for k in ks], [float(x) for x in values], width,
                      label=_(truco.variant(name).title), color=colour)
        _label_bars(ax, bars, values)
    ax.set_xticks([0, 1, 2, 3])
    ax.set_xlabel(_("manilhas among your three cards"))
    ax.set_ylabel(_("chance"))
    ax.legend(frameon=False)
    mineiro, paulista = odds.manilha_chance("mineiro"), odds.manilha_chance("paulista")
    side = odds.manilha_chance("mineiro", cards=6)
    caption = _("At least one manilha in your three cards: {a} in Truco Mineiro ({fa}), {b} in "
                "Truco Paulista ({fb}). Your side's six cards (four players) hold at least one "
                "in {c} of Mineiro deals.").format(a=pct(mineiro), fa=frac(mineiro),
                                                     b=pct(paulista), fb=frac(paulista),
                                                     c=pct(side))
    return fig, caption, _("Bar chart: how many manilhas a hand of three cards holds")


def _envido():
    dist = odds.envido_distribution("argentino")
    fig, ax = _figure(7.2, 3.2)
    points = sorted(dist)
    colours = [GREY if p < 20 else BLUE for p in points]
    ax.bar([str(p) for p in points], [float(dist[p]) for p in points], color=colours)
    ax.set_xlabel(_("envido points (0 to 7: no two cards of a suit; 20 to 33: two of a suit)"))
    ax.set_ylabel(_("chance"))
    ax.tick_params(axis="x", labelsize=7)
    most = max(points, key=lambda p: dist[p])
    caption = _("Envido in Truco Argentino: {a} of hands have 27 or more, {b} have 30 or more, "
                "and only {c} have 33 ({fc}). The most common envido is {most}.").format(
        a=pct(odds.envido_at_least(27)), b=pct(odds.envido_at_least(30)),
        c=pct(dist[33]), fc=frac(dist[33]), most=most)
    return fig, caption, _("Bar chart: the chance of each envido score")


def _flor():
    plain, muestra = odds.flor_chance("argentino"), odds.flor_chance("uruguayo")
    fig, ax = _figure(5.2, 2.6)
    labels = [_(truco.variant("argentino").title), _(truco.variant("uruguayo").title)]
    bars = ax.barh(labels, [float(plain), float(muestra)], color=[BLUE, ORANGE])
    for bar, value in zip(bars, (plain, muestra)):
        ax.annotate(pct(value), (bar.get_width(), bar.get_y() + bar.get_height() / 2),
                    va="center", fontsize=9, xytext=(3, 0), textcoords="offset points")
    ax.set_xlabel(_("chance of being dealt flor"))
    ax.set_xlim(0, max(float(muestra), float(plain)) * 1.25)
    caption = _("Flor (three cards of one suit) comes {a} of the time ({fa}): about one hand in "
                "{n}. In Truco Uruguayo the muestra's piezas make flor too: {b}.").format(
        a=pct(plain), fa=frac(plain), n=round(1 / float(plain)), b=pct(muestra))
    return fig, caption, _("Bar chart: the chance of flor")


def _first_card():
    names = list(truco.VARIANT_NAMES)
    fig, ax = _figure(6.4, 3.6)
    two = [odds.first_card_wins(n, 2) for n in names]
    four = [odds.first_card_wins(n, 4) for n in names]
    ys = range(len(names))
    ax.barh([y + 0.2 for y in ys], [float(x) for x in two], 0.4, label=_("2 players"),
            color=BLUE)
    ax.barh([y - 0.2 for y in ys], [float(x) for x in four], 0.4, label=_("4 players"),
            color=ORANGE)
    ax.set_yticks(list(ys))
    ax.set_yticklabels([_(truco.variant(n).title) for n in names], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 0.6)
    ax.set_xlabel(_("chance the hand's first card wins the first trick"))
    ax.legend(frameon=False, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=2)
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


def _lead(name, players):
    v = get_variant(name)
    vira = default_vira(v)
    table = odds.lead_card_table(v, players, vira)
    fig, ax = _figure(6.4, 3.4)
    labels = [codes[0][:-1] if len(codes) > 2 and len({c[:-1] for c in codes}) == 1
              else " ".join(codes) for codes, _w, _t in table]
    wins = [float(w) for _c, w, _t in table]
    ties = [float(t) for _c, _w, t in table]
    ax.bar(labels, wins, color=BLUE, label=_("wins the trick"))
    ax.bar(labels, ties, bottom=wins, color=ORANGE, label=_("tied"))
    ax.set_ylabel(_("chance"))
    ax.set_xlabel(_("the card you lead, strongest first"))
    ax.tick_params(axis="x", labelsize=7, rotation=60)
    ax.legend(frameon=False)
    top = table[0]
    common = next((row for row in table if float(row[1]) < 0.5), table[-1])
    where = _(" (vira {vira})").format(vira=vira) if vira else ""
    codes = common[0]
    card = v.card_name(codes[0], vira) if len(codes) == 1 else _("any {rank}").format(
        rank=v.card(codes[0]).rank_name())
    caption = _("{variant}{where}, {n} players: led against opponents who answer with their "
                "best card, the {top} always holds; the strongest lead that wins less than half "
                "the time is {card}, which wins {w}.").format(
        variant=_(v.title), where=where, n=players, top=v.card_name(top[0][0], vira),
        card=card, w=pct(common[1]))
    return fig, caption, _("Bar chart: how often each card you lead wins the trick")


def _draw(kind: str, name: str, players: int) -> tuple[str, str, str]:
    if kind == "lead":
        fig, caption, label = _lead(name, players)
    else:
        fig, caption, label = {"manilhas": _manilhas, "envido": _envido, "flor": _flor,
                               "first_card": _first_card}[kind]()
    return _svg(fig, f"odds-{kind}"), caption, label


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "truco-tutor" / "odds-charts"


@lru_cache(maxsize=None)
def _stamp(language: str) -> str:
    """What a drawn chart depends on besides its arguments: this module, the engine's odds,
    the language's catalog and matplotlib's version."""
    digest = hashlib.sha256(version("matplotlib").encode())
    catalog = LOCALE_DIR / language / "LC_MESSAGES" / "truco.mo"
    for path in (Path(__file__), Path(odds.__file__), catalog):
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
        print("usage: python -m widgets.odds_charts warm")
