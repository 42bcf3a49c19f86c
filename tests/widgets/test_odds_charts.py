"""OddsChart: the odds lesson's charts draw the engine's exact counts (issue 6)."""
import pytest

from truco import odds
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
