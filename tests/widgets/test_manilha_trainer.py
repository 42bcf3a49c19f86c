"""ManilhaTrainer: pick the manilhas strongest first; wrong picks are explained."""
import re

import pytest

import truco
from tutor_clicks import assert_built, browser_state, click_button, click_card
from widgets import ManilhaTrainer


def answer(t):
    return [c.code for c in t.variant.manilhas(t.vira)]


def distractor(t):
    return next(i["code"] for i in t.row.items if i["code"] not in answer(t))


def test_builds_with_the_promised_classes():
    assert_built(ManilhaTrainer(seed=1))


def test_all_four_in_order_scores():
    t = ManilhaTrainer("paulista", seed=1)
    assert t.vira is not None and t.vira.code not in [i["code"] for i in t.row.items]
    assert set(answer(t)) <= t.row.offered
    for n, code in enumerate(answer(t), 1):
        assert t.pick(code) is True
        assert len(t.found) == n
    assert (t.score, t.asked, t.streak, t.mistakes, t.done) == (1, 1, 1, 0, True)
    assert t.message.startswith("All found with no mistake")
    assert t.tone == "right"


def test_manilha_out_of_order_is_explained_by_the_engine():
    t = ManilhaTrainer("paulista", seed=2)
    first, second = answer(t)[:2]
    assert t.pick(second) is False
    v = truco.variant("paulista")
    assert t.message.startswith("Not yet:")
    assert v.trick_verdict([(0, first), (1, second)], t.vira).explain() in t.message
    assert t.mistakes == 1 and t.found == []
    assert t.tone == "info" and "0 of 4 found" in t.message  # a slip: noted, not a red cross
    for code in answer(t):
        t.pick(code)
    # One slip: the round still counts, with a note.
    assert (t.score, t.asked, t.streak) == (1, 1, 1)
    assert t.message.startswith("All found, with 1 slip") and t.tone == "right"


def test_two_slips_make_the_round_wrong():
    t = ManilhaTrainer("paulista", seed=2)
    bad = [i["code"] for i in t.row.items if i["code"] not in answer(t)][:2]
    for code in bad:
        assert t.pick(code) is False and t.tone == "info"
    for code in answer(t):
        t.pick(code)
    assert (t.score, t.asked, t.streak, t.mistakes) == (0, 1, 0, 2)
    assert t.message.startswith("All found, with 2 wrong picks") and t.tone == "wrong"


def test_common_card_is_explained():
    t = ManilhaTrainer("paulista", seed=3)
    bad = distractor(t)
    assert t.pick(bad) is False
    assert "is not a manilha" in t.message and "manilhas beat every common card" in t.message
    wrong_item = next(i for i in t.row.items if i["code"] == bad)
    assert 'data-highlight="wrong"' in wrong_item["svg"]


def test_picks_after_the_round_change_nothing():
    t = ManilhaTrainer("paulista", seed=4)
    for code in answer(t):
        t.pick(code)
    state = (t.score, t.asked, t.streak, list(t.found))
    assert t.pick(answer(t)[0]) is False
    assert t.pick(distractor(t)) is False
    click_card(t.row, answer(t)[0])
    assert (t.score, t.asked, t.streak, list(t.found)) == state
    assert "round is over" in t.message


@pytest.mark.parametrize("code", ["9c", "Kx", None, 7, ""])
def test_card_not_offered_changes_nothing(code):
    t = ManilhaTrainer("paulista", seed=5)
    assert t.pick(code) is False
    click_card(t.row, code)
    assert (t.score, t.asked, t.mistakes, t.found) == (0, 0, 0, [])
    assert t.tone == "error"


def test_vira_itself_or_a_card_not_on_offer_is_refused():
    t = ManilhaTrainer("paulista", seed=6)
    assert t.pick(t.vira.code) is False and t.mistakes == 0
    off = next(c.code for c in t.variant.deck if c.code not in t.row.offered and c != t.vira)
    click_card(t.row, off)
    assert t.mistakes == 0 and t.found == []


def test_a_found_card_cannot_be_counted_twice():
    t = ManilhaTrainer("paulista", seed=7)
    first = answer(t)[0]
    t.pick(first)
    assert t.pick(first) is False and t.found == [t.variant.card(first)] and t.mistakes == 0
    click_card(t.row, first)  # disabled in the browser; forged anyway
    assert len(t.found) == 1 and t.mistakes == 0


def test_the_answer_is_not_sent_to_the_browser_before_it_is_found():
    t = ManilhaTrainer("paulista", seed=8)
    for item in t.row.items:
        assert "manilha" not in item["label"].lower() and "(" not in item["label"]
        assert "manilha" not in item["svg"].lower()
    state = browser_state(t.widget)
    for nickname in ("Zap", "Copas", "Espadilha", "Pica-fumo"):
        assert nickname not in state


def test_new_vira_and_seeds():
    a, b = ManilhaTrainer("paulista", seed=9), ManilhaTrainer("paulista", seed=9)
    assert a.vira == b.vira and a.row.items == b.row.items
    for code in answer(a):
        a.pick(code)
    click_button(a.new_button)
    assert not a.done and a.found == [] and a.score == 1
    assert "Click the 4 manilhas" in a.message


def test_mineiro_fixed_manilhas_and_a_variant_without_any():
    t = ManilhaTrainer("mineiro", seed=1)
    assert t.vira is None and answer(t) == ["4c", "7h", "As", "7d"]
    t.pick("7h")
    assert "4 of clubs (Zap) beats 7 of hearts (Copas)" in t.message
    with pytest.raises(ValueError):
        ManilhaTrainer("truc")


# --- the variant's own words: manilhas, cartas bravas, or the muestra's piezas and matas ---------
def highlights(t):
    """code -> highlight of every card on offer that has one."""
    out = {}
    for item in t.row.items:
        found = re.search(r'data-highlight="([a-z]+)"', item["svg"])
        if found:
            out[item["code"]] = found.group(1)
    return out


def kinds_of(t):
    ranking = t.variant.ranking(t.vira)
    return {c.code: ranking.kind[c.id] for c in t.variant.manilhas(t.vira)}


def test_uruguayo_speaks_of_the_muestra_piezas_and_matas():
    t = ManilhaTrainer("uruguayo", seed=1)
    kinds = kinds_of(t)
    piezas = sum(k == "pieza" for k in kinds.values())
    matas = sum(k == "mata" for k in kinds.values())
    assert (piezas, matas) == (5, 4)
    assert t.message == (f"Muestra {t.vira.name()}. Click the 5 piezas, then the 4 matas, of "
                         "Truco Uruguayo, strongest first.")
    assert t.row.label == "Cards to pick the piezas and matas from"
    # The turned-up card is marked as the muestra, not the vira.
    assert 'data-highlight="muestra"' in t.vira_html.value and ">MUESTRA<" in t.vira_html.value
    assert ">VIRA<" not in t.vira_html.value
    # A wrong pick names what the card is not, in the same words.
    bad = distractor(t)
    t.pick(bad)
    assert t.message.startswith(f"Not this one: {t.variant.card_name(t.variant.card(bad), t.vira)} "
                                "is neither a pieza nor a mata (it ranks at level")
    # Found cards carry their own kind's ribbon: PIEZA or MATA, never MANILHA.
    for code in answer(t):
        t.pick(code)
    assert t.done
    marks = highlights(t)
    assert {code: marks[code] for code in kinds} == kinds
    texts = " ".join([t.message, t.row.label, t.vira_html.value, browser_state(t.widget)])
    assert "manilha" not in texts.lower()
    assert not re.search(r"\bvira\b", texts, re.IGNORECASE)


def test_uruguayo_counts_three_matas_when_the_muestra_is_one():
    t = next(t for t in (ManilhaTrainer("uruguayo", seed=s) for s in range(300))
             if t.vira.code in ("1e", "1b", "7e", "7o"))
    assert sum(k == "mata" for k in kinds_of(t).values()) == 3
    assert "then the 3 matas" in t.message


@pytest.mark.parametrize("variant", ["argentino", "plato"])
def test_bravas_are_cartas_bravas(variant):
    t = ManilhaTrainer(variant, seed=3)
    assert t.message == f"Click the 4 cartas bravas of {t.variant.title}, strongest first."
    assert t.row.label == "Cards to pick the cartas bravas from"
    t.pick(distractor(t))
    assert "is not a carta brava" in t.message
    for code in answer(t):
        t.pick(code)
    assert set(highlights(t).values()) == {"brava", "wrong"}
    assert any(">CARTA BRAVA<" in i["svg"] for i in t.row.items)
    assert "manilha" not in browser_state(t.widget).lower()


def test_manilhas_keep_their_name():
    t = ManilhaTrainer("paulista", seed=1)
    assert 'data-highlight="vira"' in t.vira_html.value
    for code in answer(t):
        t.pick(code)
    assert set(highlights(t).values()) == {"manilha"}


def test_the_texts_go_through_the_translation_with_named_placeholders(monkeypatch):
    import widgets.manilha_trainer as module

    spanish = {"Click the {piezas} piezas, then the {matas} matas, of {variant}, strongest "
               "first.": "Tocá las {piezas} piezas y después las {matas} matas de {variant}, "
                         "de la más fuerte a la más débil.",
               "Truco Uruguayo": "Truco uruguayo"}
    monkeypatch.setattr(module, "_", lambda text: spanish.get(text, text))
    t = ManilhaTrainer("uruguayo", seed=1)
    assert ("Tocá las 5 piezas y después las 4 matas de Truco uruguayo, de la más fuerte a la "
            "más débil.") in t.message
