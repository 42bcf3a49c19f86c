"""OddsChart: the odds lesson's charts draw the engine's exact counts (issue 6)."""
import json
import re
import warnings

import pytest

from truco import odds
from truco.i18n import set_language
from widgets.charts import odds as odds_charts
from widgets.charts.odds import KINDS, OddsChart, pct


@pytest.mark.parametrize("kind", KINDS)
def test_every_chart_draws_an_svg_with_its_numbers(kind):
    chart = OddsChart(kind, variant="paulista")
    assert "tutor-ready" in chart.widget._dom_classes  # a chart has nothing to click
    assert "application/vnd.jupyter.widget-view+json" in chart._repr_mimebundle_()
    html = chart.html.value
    assert html.count("<svg") == 1 and 'role="img"' in html and "<figcaption>" in html
    assert "<script" not in html and 'href="http' not in html  # offline: nothing to fetch
    assert "<style" not in html  # an inline style would restyle the page's other SVGs
    assert chart.caption and chart.caption in html.replace("&#x27;", "'")


def test_captions_quote_the_exact_counts():
    assert pct(odds.manilha_chance("mineiro")) in OddsChart("manilhas").caption
    assert "137 in 494" in OddsChart("manilhas").caption
    assert pct(odds.flor_chance("argentino")) in OddsChart("flor").caption
    assert "1 in 65" in OddsChart("envido").caption
    lead = OddsChart("lead", variant="mineiro").caption
    assert "4 of clubs (Zap) always holds" in lead


def test_unknown_chart():
    with pytest.raises(ValueError):
        OddsChart("poker")


def test_charts_on_one_page_never_share_an_id():
    import re
    ids = [i for kind in KINDS for i in re.findall(r'id="([^"]+)"', OddsChart(kind).html.value)]
    assert len(ids) == len(set(ids))


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    odds_charts.render.cache_clear()
    yield tmp_path / "truco-tutor" / "odds-charts"
    odds_charts.render.cache_clear()


def test_a_drawn_chart_is_kept_on_disk_and_read_back_without_drawing(fresh_cache, monkeypatch):
    first = odds_charts.render("flor", "mineiro", 2, "en")
    assert len(list(fresh_cache.glob("*.json"))) == 1
    odds_charts.render.cache_clear()

    def no_drawing(*args):
        raise AssertionError("drawn again")

    monkeypatch.setattr(odds_charts, "_draw", no_drawing)
    assert odds_charts.render("flor", "mineiro", 2, "en") == first
    with pytest.raises(AssertionError, match="drawn again"):  # another language: its own chart
        odds_charts.render("flor", "mineiro", 2, "pt_BR")


def test_a_damaged_cache_file_is_drawn_again(fresh_cache):
    first = odds_charts.render("first_card", "mineiro", 2, "en")
    (path,) = fresh_cache.glob("*.json")
    path.write_text("{not json", encoding="utf-8")
    odds_charts.render.cache_clear()
    assert odds_charts.render("first_card", "mineiro", 2, "en") == first
    assert json.loads(path.read_text(encoding="utf-8"))[1] == first[1]


def test_thai_and_persian_charts_draw_without_a_warning(fresh_cache):
    """Matplotlib's font lacks Thai glyphs; its warning must not reach the page."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for code in ("th", "fa"):
            set_language(code)
            try:
                chart = OddsChart("manilhas")
            finally:
                set_language("en")
            assert "<svg" in chart.html.value


# --- issue 20: charts a learner can read on a phone ---------------------------------------------
PHONE = 360  # px: the chart's column on a 390 px wide phone, less the page's margins
TEXT_RE = r"<text[^>]*>[^<]*</text>"


def svg_texts(svg):
    """(font size in SVG units, text) of every text of a chart's SVG."""
    import re
    out = []
    for element in re.findall(TEXT_RE, svg):
        size = re.search(r"font-size: ([\d.]+)px", element)
        out.append((float(size.group(1)), re.sub(r"<[^>]+>", "", element)))
    return out


def chart_svg(kind, variant="mineiro"):
    return OddsChart(kind, variant=variant).html.value


@pytest.mark.parametrize("kind", KINDS)
def test_chances_are_percentages_not_fractions(kind):
    import re
    texts = [t for _s, t in svg_texts(chart_svg(kind))]
    assert sum(bool(re.fullmatch(r"\d+%", t)) for t in texts) >= 2, texts
    assert not [t for t in texts if re.fullmatch(r"0\.\d+|1\.0", t)], texts


@pytest.mark.parametrize("kind", KINDS)
def test_every_text_is_readable_on_a_phone(kind):
    import re
    svg = chart_svg(kind, "argentino")
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
    smallest = min(size for size, _t in svg_texts(svg))
    assert smallest * PHONE / width >= 11.5, (smallest, width)
    assert re.search(r"max-width:\s*([\d.]+)em", svg)


@pytest.mark.parametrize("kind", KINDS)
def test_no_label_is_rotated(kind):
    import re
    svg = chart_svg(kind, "paulista")
    angles = [float(a) for a in re.findall(r"rotate\((-?[\d.]+)", svg)]
    assert all(a == 0 for a in angles), angles


def test_the_chart_is_laid_out_left_to_right_on_a_right_to_left_page():
    svg = chart_svg("first_card")
    svg = svg[svg.index("<svg"):]
    root = svg[:svg.index(">")]
    assert "direction:ltr" in root.replace(" ", "")


@pytest.mark.parametrize("variant", ["mineiro", "paulista", "argentino", "uruguayo", "truc"])
def test_the_lead_chart_names_cards_never_codes(variant):
    from feedback_text import _CODE
    chart = OddsChart("lead", variant=variant)
    texts = [t for _s, t in svg_texts(chart.html.value)]
    assert not [t for t in texts if _CODE.search(t)], texts
    assert not _CODE.search(chart.caption), chart.caption


@pytest.mark.parametrize("language", ["en", "th", "fa", "pt_BR"])
@pytest.mark.parametrize("kind", KINDS)
def test_legend_swatches_never_touch_a_label(kind, language):
    """Each legend label, even drawn half as wide again by the browser's font, stays clear of
    every swatch; the legend stays clear of the bars and of every other label."""
    from matplotlib.text import Text
    from matplotlib.transforms import Bbox
    set_language(language)
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=r"Glyph \d+ .* missing from font")
            from matplotlib.backends.backend_agg import FigureCanvasAgg
            fig, _caption, _label = odds_charts.figure(kind, "paulista", 2)
            FigureCanvasAgg(fig).draw()
            renderer = fig.canvas.get_renderer()
            legends = list(fig.legends) + [ax.get_legend() for ax in fig.axes if ax.get_legend()]
            for legend in legends:
                swatches = [h.get_window_extent(renderer) for h in legend.legend_handles]
                mine = set(legend.get_texts())
                for text in legend.get_texts():
                    box = text.get_window_extent(renderer)
                    wide = Bbox.from_extents(box.x0, box.y0, box.x0 + 1.5 * box.width, box.y1)
                    assert not any(wide.overlaps(s) for s in swatches), text.get_text()
                frame = legend.get_window_extent(renderer)
                hidden = set()  # tick labels outside the axes' view are never drawn
                for ax in fig.axes:
                    for labels, index, (lo, hi) in ((ax.get_xticklabels(), 0, ax.get_xlim()),
                                                    (ax.get_yticklabels(), 1, ax.get_ylim())):
                        lo, hi = sorted((lo, hi))
                        hidden |= {t for t in labels
                                   if not lo <= t.get_position()[index] <= hi}
                others = [t for t in fig.findobj(Text) if t not in mine and t.get_visible()
                          and t.get_text().strip() and t not in hidden]
                for other in others:
                    assert not frame.overlaps(other.get_window_extent(renderer)), \
                        other.get_text()
                for ax in fig.axes:
                    for patch in ax.patches:
                        assert not frame.overlaps(patch.get_window_extent(renderer))
    finally:
        set_language("en")


# --- issue 18: every language, on a phone ---------------------------------------------------------
@pytest.mark.parametrize("language", ["th", "fa"])
@pytest.mark.parametrize("variant", ["mineiro", "uruguayo"])
@pytest.mark.parametrize("kind", KINDS)
def test_readable_on_a_phone_in_thai_and_persian(kind, variant, language, fresh_cache):
    """Thai and Persian labels (the lead chart's card names above all: Uruguay's levels name
    three suits) leave the chart drawn at a readable size in a phone's column."""
    import re
    set_language(language)
    try:
        svg = OddsChart(kind, variant=variant).html.value
    finally:
        set_language("en")
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
    smallest = min(size for size, _t in svg_texts(svg))
    assert smallest * PHONE / width >= 11.5, (smallest, width)


def test_axes_and_bar_labels_in_the_learners_digits(fresh_cache):
    """Percent axes and bar labels written by Babel for the language: '25%', '۲۵٪'."""
    texts = {}
    for language in ("en", "pt_BR", "fa"):
        set_language(language)
        try:
            texts[language] = [t for _s, t in svg_texts(OddsChart("manilhas").html.value)]
        finally:
            set_language("en")
    assert "25%" in texts["en"] and "72.3%" in texts["en"]
    assert "72,3%" in texts["pt_BR"]
    assert any("۲۵٪" in t for t in texts["fa"]) and any("۷۲٫۳٪" in t for t in texts["fa"])
    assert not [t for t in texts["fa"] if re.search(r"\d", t) and re.search(r"[0-9]", t)
                and "manilha" not in t], texts["fa"]


@pytest.mark.parametrize("language", ["en", "pt_BR", "th", "tl", "fa"])
@pytest.mark.parametrize("kind", KINDS)
def test_axis_numbers_clear_of_the_axis_lines(kind, language):
    """Every tick label (numbers, names) stands off its axis line, and no two tick labels
    of an axis touch, in every language."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    set_language(language)
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=r"Glyph \d+ .* missing from font")
            fig, _caption, _label = odds_charts.figure(kind, "uruguayo", 2)
            FigureCanvasAgg(fig).draw()
            renderer = fig.canvas.get_renderer()
            for ax in fig.axes:
                bottom = ax.spines["bottom"].get_window_extent(renderer)
                left = ax.spines["left"].get_window_extent(renderer)
                xs = [t.get_window_extent(renderer) for t in ax.get_xticklabels()
                      if t.get_visible() and t.get_text().strip()]
                ys = [t.get_window_extent(renderer) for t in ax.get_yticklabels()
                      if t.get_visible() and t.get_text().strip()]
                assert all(box.y1 < bottom.y0 for box in xs), kind
                assert all(box.x1 < left.x0 for box in ys), kind
                for a, b in zip(sorted(xs, key=lambda r: r.x0), sorted(xs, key=lambda r: r.x0)[1:]):
                    assert a.x1 < b.x0, (kind, "x tick labels touch")
    finally:
        set_language("en")


def test_the_envido_charts_ranges_are_the_engines():
    """The legend names the runs of scores of truco.odds' distribution, and the caption its
    best score: if the engine's numbers moved, this test says the words are stale."""
    from html import unescape

    from widgets.charts.odds import envido_runs
    dist = odds.envido_distribution("argentino")
    single, pairs = envido_runs(dist)
    assert set(single) | set(pairs) == set(dist)
    texts = [unescape(t) for _s, t in svg_texts(chart_svg("envido"))]
    assert f"{single[0]} to {single[-1]}: no two cards of a suit" in texts
    assert f"{pairs[0]} to {pairs[-1]}: two cards of a suit" in texts
    assert f"only {pct(dist[pairs[-1]])} have {pairs[-1]}" in OddsChart("envido").caption
    set_language("fa")  # the runs' ends are numbers, written in the language's digits
    try:
        from truco.i18n import strip_bidi
        texts = [strip_bidi(unescape(t)) for _s, t in svg_texts(chart_svg("envido"))]
        assert "۲۰ تا ۳۳: دو کارتِ هم‌خال" in texts
        assert "۳۳" in strip_bidi(OddsChart("envido").caption)
    finally:
        set_language("en")
