"""EnvidoTrainer: envido and flor points, checked against the engine."""
import pytest

import truco
from tutor_clicks import assert_built, click_button, click_card
from widgets import EnvidoTrainer


def until(t, test, limit=300):
    for _i in range(limit):
        if test(t):
            return t
        t.next()
    raise AssertionError("no such hand within the limit")


def test_builds_with_the_promised_classes():
    assert_built(EnvidoTrainer(seed=1))


def test_the_hand_and_its_points_come_from_the_engine():
    t = EnvidoTrainer("argentino", seed=2)
    codes = [c.code for c in t.cards]
    assert [i["code"] for i in t.row.items] == codes and len(codes) == 3
    assert t.verdict.points == truco.envido(codes)
    assert t.muestra is None


def test_right_envido_answer_shows_the_cards_that_count():
    t = until(EnvidoTrainer("argentino", seed=3), lambda t: t.verdict.reason == "two_of_a_suit")
    points = truco.envido([c.code for c in t.cards])
    assert t.answer(points) is True
    assert (t.score, t.asked, t.streak) == (1, 1, 1)
    assert t.message.startswith(f"Right: {points} points of envido.")
    verdict = truco.envido_verdict([c.code for c in t.cards])
    assert verdict.explain() in t.message
    counting = {c.code for c in verdict.cards}
    assert len(counting) == 2
    for item in t.row.items:
        mark = "counts" if item["code"] in counting else "muted"  # not "SELECTED" (issue 20)
        assert f'data-highlight="{mark}"' in item["svg"]


def test_wrong_answer_and_second_answer():
    t = EnvidoTrainer("argentino", seed=4)
    wrong = (t.verdict.points + 1) % 34
    assert t.answer(wrong) is False
    assert (t.score, t.asked, t.streak) == (0, 1, 0)
    assert f"the envido is not {wrong}" in t.message and t.verdict.explain() in t.message
    # The learner may correct the count after the explanation: it is neither scored nor
    # asked again, and the counted cards stay marked "counts" (issue 20).
    assert any('data-highlight="counts"' in item["svg"] for item in t.row.items)
    assert t.answer(t.verdict.points) is True and (t.score, t.asked) == (0, 1)
    assert "Right" in t.message
    assert t.answer(t.verdict.points) is False and "answered already" in t.message


@pytest.mark.parametrize("points", [-1, 100, 3.0, "33", None, True, [33]])
def test_invalid_points_change_nothing(points):
    t = EnvidoTrainer("argentino", seed=5)
    assert t.answer(points) is False
    assert (t.score, t.asked, t.envido_answered) == (0, 0, False) and t.tone == "error"


def test_flor_answers():
    t = until(EnvidoTrainer("argentino", seed=6), lambda t: t.flor_verdict is not None)
    codes = [c.code for c in t.cards]
    assert t.answer_flor(None) is False and t.asked == 1
    assert f"has a flor of {truco.flor(codes)}" in t.message
    assert truco.flor_verdict(codes).explain() in t.message
    assert "played without flor" in t.message  # Argentino's default
    assert t.answer_flor(truco.flor(codes)) is False and t.asked == 1
    t = until(EnvidoTrainer("argentino", seed=7), lambda t: t.flor_verdict is None)
    click_button(t.no_flor_button)
    assert t.score == 1 and t.message.startswith("Right: this hand has no flor.")
    t = until(EnvidoTrainer("argentino", seed=8), lambda t: t.flor_verdict is not None)
    t.flor_input.value = t.flor_verdict.points
    click_button(t.flor_button)
    assert t.score == 1 and t.message.startswith("Right: a flor of")


def test_uruguayo_counts_the_muestra():
    t = EnvidoTrainer("uruguayo", seed=9)
    assert t.muestra is not None and "Muestra" in t.muestra_html.value
    codes = [c.code for c in t.cards]
    assert t.verdict.points == truco.envido(codes, muestra=t.muestra.code)
    t.envido_input.value = t.verdict.points
    click_button(t.envido_button)
    assert t.score == 1 and "played without flor" not in t.message


def test_forged_browser_input_cannot_score_twice():
    t = EnvidoTrainer("argentino", seed=10)
    t.envido_input.set_state({"value": t.verdict.points})
    click_button(t.envido_button)
    assert t.score == 1
    click_button(t.envido_button)  # disabled, clicked anyway
    click_card(t.row, t.cards[0].code)  # the cards are not buttons here
    assert (t.score, t.asked) == (1, 1)
    t.next()
    t.envido_input.set_state({"value": 1000})  # clamped by the widget, checked in Python
    click_button(t.envido_button)
    assert (t.score, t.asked) == (1, 2) and "not 99" in t.message


def test_next_hand_and_seeds():
    a, b = EnvidoTrainer(seed=11), EnvidoTrainer(seed=11)
    assert a.cards == b.cards
    a.answer(a.verdict.points)
    click_button(a.next_button)
    assert not a.envido_answered and a.score == 1
    flors = 0
    for _i in range(40):
        a.next()
        flors += a.flor_verdict is not None
    assert 3 <= flors <= 25  # flor hands are practised, but not every time


def test_variants_without_envido_are_refused():
    for name in ("mineiro", "truc-catalan", "plato"):
        with pytest.raises(ValueError):
            EnvidoTrainer(name)


def test_uruguayo_explains_a_pieza_hand_with_pieza_counting():
    """A learner on Truco Uruguayo is asked about piezas: the hand's piezas wear the pieza mark,
    and the explanation is the pieza count (its own value plus the best other card's last
    digit), never the Argentine two-of-a-suit count."""
    t = until(EnvidoTrainer("uruguayo", seed=12), lambda t: t.verdict.reason == "pieza")
    codes = [c.code for c in t.cards]
    table = truco.points.piezas(t.muestra.code)
    piezas = [c for c in t.cards if c in table]
    assert piezas and all(t.is_pieza(c) for c in piezas)
    for item, card in zip(t.row.items, t.cards):
        mark = 'data-highlight="pieza"' in item["svg"]
        assert mark == (card in table), (card, t.muestra)
    verdict = truco.envido_verdict(codes, muestra=t.muestra.code)
    best = verdict.cards[0]
    assert verdict.values[0] == table[best]  # the pieza counts its own value ...
    other = verdict.cards[1]
    last = table.get(other, other.rank if other.rank <= 7 else 0) % 10
    assert verdict.values[1] == last  # ... plus the best other card's last digit
    assert t.answer(verdict.points) is True
    assert verdict.explain() in t.message and "the pieza counts" in t.message
    assert "a pieza counts its own value (2: 30, 4: 29, 5: 28, 10 and 11: 27)" in t.message
    assert "plus 20" not in t.message


def test_uruguayo_marks_the_12_that_replaces_a_pieza_muestra():
    t = until(EnvidoTrainer("uruguayo", seed=13),
              lambda t: t.muestra.rank in (2, 4, 5, 10, 11) and any(
                  c.rank == 12 and c.suit == t.muestra.suit for c in t.cards), limit=3000)
    twelve = next(c for c in t.cards if c.rank == 12 and c.suit == t.muestra.suit)
    assert t.is_pieza(twelve)
    assert truco.points.piezas(t.muestra.code)[twelve] == {2: 30, 4: 29, 5: 28, 10: 27,
                                                           11: 27}[t.muestra.rank]


def test_uruguayo_flor_with_piezas_is_explained():
    t = until(EnvidoTrainer("uruguayo", seed=14),
              lambda t: t.flor_verdict is not None and t.flor_verdict.reason == "flor_pieza")
    assert t.answer_flor(t.flor_verdict.points) is True
    assert t.message.startswith(f"Right: a flor of {t.flor_verdict.points}.")
    assert "Flor with piezas" in t.message
    assert "the best pieza counts its value and the other cards their last digit" in t.message


def test_argentino_hands_have_no_pieza_marks():
    t = EnvidoTrainer("argentino", seed=15)
    assert t.muestra is None and not any(t.is_pieza(c) for c in t.cards)
    assert not any('data-highlight="pieza"' in i["svg"] for i in t.row.items)


def test_lesson_07_trains_uruguayo_for_a_uruguayo_learner(monkeypatch):
    """Lesson 07's steps follow the learner's variant when it has envido, else Argentino's."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from lesson_plans import plan_and_variant

    from widgets.steps import MemoryProgress
    from widgets.steps.runner import StepRunner

    for chosen, expected in (("uruguayo", "uruguayo"), ("argentino", "argentino"),
                             ("mineiro", "argentino")):
        monkeypatch.setenv("QUERY_STRING", f"variant={chosen}")
        plan, variant = plan_and_variant("07_envido_flor")
        assert variant == expected
        runner = StepRunner(plan, variant=variant, progress=MemoryProgress(), seed=1)
        assert runner.variant.name == expected
