"""RankingExplorer: the deck in ranking order, clicks say where a card ranks."""
import re

import pytest

import truco
from tutor_clicks import assert_built, click_button, click_card
from widgets import RankingExplorer


def codes(ex):
    return [i["code"] for i in ex.row.items]


def test_builds_with_the_promised_classes():
    assert_built(RankingExplorer())


def test_mineiro_deck_in_ranking_order_with_manilhas_marked():
    ex = RankingExplorer("mineiro")
    ranking = truco.variant("mineiro").ranking()
    assert codes(ex) == [c.code for lv in ranking.levels for c in lv.cards]
    assert len(codes(ex)) == 40
    assert codes(ex)[:4] == ["4c", "7h", "As", "7d"]
    for item in ex.row.items[:4]:
        assert 'data-highlight="manilha"' in item["svg"]
    assert 'data-highlight' not in ex.row.items[4]["svg"]
    assert ex.row.items[1]["label"] == "7 of hearts (Copas), second manilha, level 2"
    assert "14 levels" in ex.message
    assert ex.levels_html.value.count("<li>") == 14


def test_select_says_where_the_card_ranks_and_why():
    ex = RankingExplorer("mineiro")
    assert ex.select("4c") is True
    assert ex.message.startswith("4 of clubs (Zap), top manilha: level 1 of 14 (manilha).")
    assert "It beats 39 cards and loses to 0." in ex.message
    v = truco.variant("mineiro")
    assert v.trick_verdict([(0, "4c"), (1, "7h")]).explain() in ex.message
    assert ex.selected == v.card("4c")
    ex = RankingExplorer("mineiro")  # a first click: explained against its neighbours
    ex.select("7c")
    assert "level 11 of 14" in ex.message and "It ties with 7 of spades." in ex.message
    assert "common cards rank 3 > 2 > A > K > J > Q > 7 > 6 > 5 > 4" in ex.message


def test_clicks_arrive_through_the_card_row():
    ex = RankingExplorer("mineiro")
    click_card(ex.row, "Kd")
    assert ex.selected.code == "Kd" and "king of diamonds" in ex.message


@pytest.mark.parametrize("code", ["9c", "1e", "", None, 4, "x" * 500])
def test_a_card_not_offered_changes_nothing(code):
    ex = RankingExplorer("mineiro")
    ex.select("3h")
    before = ex.row.items
    assert ex.select(code) is False
    assert ex.selected.code == "3h" and ex.row.items == before
    assert ex.tone == "error" and "not one of the cards on offer" in ex.message
    click_card(ex.row, code)
    assert ex.selected.code == "3h"


def test_paulista_vira_picker_moves_the_manilhas():
    ex = RankingExplorer("paulista", vira="3s")
    assert codes(ex)[:4] == ["4c", "4h", "4s", "4d"]
    assert ex.set_vira("7d") is True
    assert codes(ex)[:4] == ["Qc", "Qh", "Qs", "Qd"]
    assert "queen of clubs (Zap)" in ex.message
    vira_item = next(i for i in ex.row.items if i["code"] == "7d")
    assert 'data-highlight="vira"' in vira_item["svg"]
    # The picker is a browser control: a change from there goes through set_vira.
    index = [code for _name, code in ex.vira_picker.options].index("Kc")
    ex.vira_picker.set_state({"index": index})
    assert ex.vira.code == "Kc" and codes(ex)[:4] == ["Ac", "Ah", "As", "Ad"]


def test_bad_vira_changes_nothing():
    ex = RankingExplorer("paulista", vira="3s")
    assert ex.set_vira("9s") is False and ex.vira.code == "3s" and ex.tone == "error"
    mineiro = RankingExplorer("mineiro")
    assert mineiro.set_vira("3s") is False and mineiro.vira is None
    assert "has no vira" in mineiro.message
    assert mineiro.vira_picker.layout.display == "none"


def test_argentino_bravas_and_variant_switch():
    ex = RankingExplorer("argentino")
    assert codes(ex)[:4] == ["1e", "1b", "7e", "7o"]
    ex.select("1o")
    assert "It ties with 1 of copas." in ex.message
    ex.set_variant("truc")
    assert len(codes(ex)) == 32 and codes(ex)[:4] == ["7c", "7h", "7s", "7d"]
    ex.set_variant("chinchon")
    assert ex.variant.name == "truc" and ex.tone == "error"


def test_next_card_button_walks_the_ranking():
    ex = RankingExplorer("mineiro")
    click_button(ex.next_button)
    assert ex.selected.code == "4c"
    click_button(ex.next_button)
    assert ex.selected.code == "7h" and ex.message.startswith("7 of hearts (Copas)")


def marks(ex):
    out = {}
    for item in ex.row.items:
        found = re.search(r'data-highlight="([a-z]+)"', item["svg"])
        out[item["code"]] = found.group(1) if found else None
    return out


@pytest.mark.parametrize("variant, vira", [("mineiro", None), ("paulista", "5c"),
                                           ("argentino", None), ("uruguayo", "3o")])
def test_special_cards_are_marked_with_the_rankings_kind(variant, vira):
    ex = RankingExplorer(variant, vira=vira)
    ranking = ex.variant.ranking(ex.vira)
    got = marks(ex)
    for level in ranking.levels:
        for card in level.cards:
            if ex.vira is not None and card == ex.vira:
                assert got[card.code] == ("muestra" if variant == "uruguayo" else "vira")
            else:
                assert got[card.code] == (None if level.kind == "common" else level.kind)


def test_uruguayo_piezas_and_matas_are_not_called_manilhas():
    ex = RankingExplorer("uruguayo", vira="3o")
    got = marks(ex)
    assert [got[c] for c in ("2o", "4o", "5o", "11o", "10o")] == ["pieza"] * 5
    assert [got[c] for c in ("1e", "1b", "7e", "7o")] == ["mata"] * 4
    assert got["3o"] == "muestra"
    svgs = " ".join(i["svg"] for i in ex.row.items)
    assert ">MANILHA<" not in svgs and ">VIRA<" not in svgs
    assert ">PIEZA<" in svgs and ">MATA<" in svgs and ">MUESTRA<" in svgs


def test_levels_list_follows_the_vira_and_the_variant_not_the_selection():
    ex = RankingExplorer("paulista", vira="3s")
    levels = ex.levels_html.value
    assert "3 of spades" in levels
    ex.select("4c")
    assert ex.levels_html.value == levels
    ex.set_vira("7d")
    assert ex.levels_html.value != levels and "7 of diamonds" in ex.levels_html.value
    ex.set_variant("mineiro")
    assert "Vira" not in ex.levels_html.value and "Zap" in ex.levels_html.value


# --- issue 20: what lesson 1 asks, and what the page answers ----------------------------------
def test_the_deck_is_not_repeated_as_a_list_unless_asked_for():
    ex = RankingExplorer("mineiro")
    html = ex.levels_html.value
    # An optional view, closed until the learner opens it; the cards above stay the main view.
    assert html.startswith("<details") and "<details open" not in html
    assert "<summary" in html and html.index("<summary") < html.index("<ol")
    assert html.count("<li>") == 14  # all there once opened


def test_the_walk_button_says_what_it_does():
    ex = RankingExplorer("mineiro")
    assert ex.next_button.description != "Next card"
    assert ex.next_button.description == "Show the strongest card"
    click_button(ex.next_button)
    assert ex.selected.code == "4c"
    assert ex.next_button.description == "Next card down the ranking"
    assert ex.next_button.tooltip
    for _i in range(39):
        click_button(ex.next_button)
    assert ex.selected.code == codes(ex)[-1]
    assert ex.next_button.description == "Back to the strongest card"
    click_button(ex.next_button)
    assert ex.selected.code == "4c"


def test_a_second_click_compares_the_two_cards_with_the_engines_verdict():
    ex = RankingExplorer("mineiro")
    click_card(ex.row, "Qs")
    click_card(ex.row, "2d")
    v = truco.variant("mineiro")
    assert v.trick_verdict([(0, "2d"), (1, "Qs")]).explain() in ex.message
    assert "level 6 of 14" in ex.message  # where the clicked card is
    assert ex.message.split(". ")[1].startswith("2 of diamonds beats queen of spades")


def test_a_three_then_a_king_is_judged_by_the_engine_and_marked_nothing():
    """Free play: the comparison a learner tries (a 3, then a king) is the engine's verdict,
    never a right or wrong mark (the explorer asks nothing)."""
    ex = RankingExplorer("mineiro")
    click_card(ex.row, "3h")
    click_card(ex.row, "Kc")
    assert ex.tone == "info"
    v = truco.variant("mineiro")
    assert ex.message.startswith("King of clubs: level 8 of 14 (common card).")
    assert v.trick_verdict([(0, "Kc"), (1, "3h")]).explain() in ex.message
    assert not hasattr(ex, "task_done")


def test_in_a_spanish_deck_a_3_beats_the_rey():
    ex = RankingExplorer("argentino")
    click_card(ex.row, "12o")
    click_card(ex.row, "3e")
    assert ex.tone == "info" and "rey (12) of oros" in ex.message
    v = truco.variant("argentino")
    assert v.trick_verdict([(0, "3e"), (1, "12o")]).explain() in ex.message


def test_with_a_jack_vira_the_kings_win_and_the_page_says_so():
    ex = RankingExplorer("paulista", vira="Js")
    click_card(ex.row, "3h")
    click_card(ex.row, "Kc")
    assert "king of clubs (zap) beats 3 of hearts" in ex.message.lower()


def test_without_the_variant_menu_it_stays_in_its_variant():
    """In a lesson's Explore step: the learner's variant only (the vira picker stays)."""
    ex = RankingExplorer("paulista", pick_variant=False)
    assert ex.variant_picker.layout.display == "none"
    assert ex.vira_picker.layout.display is None
    assert RankingExplorer("paulista").variant_picker.layout.display is None
    assert ex.set_vira("7d") and codes(ex)[:4] == ["Qc", "Qh", "Qs", "Qd"]


@pytest.mark.parametrize("variant, clicks", [("mineiro", ["Kd", "Qd", "3h", "Kc", "4c"]),
                                             ("argentino", ["12o", "1e", "3e", "10c"]),
                                             ("truc", ["9h", "7s"])])
def test_every_line_reads_as_sentences(variant, clicks):
    from feedback_text import assert_sentences, feedback_lines
    ex = RankingExplorer(variant)
    for code in clicks:
        click_card(ex.row, code)
        assert_sentences(feedback_lines(ex))


def test_errors_read_as_sentences():
    from feedback_text import assert_sentences, feedback_lines
    ex = RankingExplorer("mineiro")
    ex.set_variant("chinchon")
    assert ex.message.startswith("Unknown variant") and ex.message.endswith(".")
    p = RankingExplorer("paulista", vira="3s")
    p.set_vira("9s")
    assert p.message == "9 of spades is not in the Truco Paulista deck."
    for widget in (ex, p):
        assert_sentences(feedback_lines(widget))
