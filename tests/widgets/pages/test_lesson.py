"""The start page's variant menu (issue 20): each variant labelled once, clearly."""
import pytest

import truco
from truco.i18n import set_language
from widgets.pages.lesson import StartPage


@pytest.fixture(autouse=True)
def page(monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("HTTP_ACCEPT_LANGUAGE", raising=False)
    set_language("en")
    yield monkeypatch
    set_language("en")


def test_the_menu_never_doubles_its_brackets():
    labels = dict((name, label) for label, name in StartPage().picker.options)
    assert set(labels) == set(truco.VARIANT_NAMES)
    for name, label in labels.items():
        assert label.count("(") <= 1 and ")(" not in label.replace(" ", ""), label
        assert label.startswith(truco.variant(name).title)
    assert labels["truc"] == "Truc (French)"
    assert labels["plato"] == "Truco (Plato app)"
    assert labels["truc-sackson"] == "Truc (Sackson)"
    assert labels["argentino"] == "Truco Argentino"
    # The region where the title does not already say it.
    assert labels["mineiro"] == "Truco Mineiro — Minas Gerais, Brazil"
    assert labels["paulista"] == "Truco Paulista — São Paulo and most of Brazil"
    assert len(set(labels.values())) == len(labels)


def test_the_menu_label_is_one_helper():
    from widgets.pages.lesson import variant_menu_label

    assert variant_menu_label("truc-catalan") == "Truc (Catalan)"
    assert variant_menu_label("mineiro") == "Truco Mineiro — Minas Gerais, Brazil"


def test_picking_a_variant_says_where_only_when_it_is_a_place():
    start = StartPage()
    start.choose("paulista")
    assert start.message.startswith("Truco Paulista it is: played in São Paulo and most of "
                                    "Brazil.")
    start.choose("truc-sackson")
    assert "Sackson's rules" not in start.message and "played in" not in start.message
    assert start.message.startswith("Truc (Sackson) it is.")
