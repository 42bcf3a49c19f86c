"""OddsChart: the odds lesson's charts draw the engine's exact counts (issue 6)."""
import json
import warnings

import pytest

from truco import odds
from truco.i18n import set_language
from widgets import odds_charts
from widgets.odds_charts import KINDS, OddsChart, pct


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
