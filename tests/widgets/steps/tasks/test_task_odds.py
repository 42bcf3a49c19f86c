"""The odds task (lesson 12): every number is truco.odds' exact value."""
import math
import random

import pytest

import truco
from truco import odds
from widgets.steps.tasks import task_class
from widgets.steps.tasks.odds import OddsTask, chance, events_for


def make(variant="mineiro", seed=0, **options):
    return OddsTask(truco.variant(variant), random.Random(seed), **options)


def test_registered_by_name():
    assert task_class("odds") is OddsTask


def test_values_are_the_engines():
    m, a, u = (truco.variant(n) for n in ("mineiro", "argentino", "uruguayo"))
    assert chance(m, "manilha") == odds.manilha_chance("mineiro")
    assert chance(a, "flor") == odds.flor_chance("argentino")
    assert chance(a, "envido30") == odds.envido_at_least(30, "argentino")
    assert chance(m, "first_card_4") == odds.first_card_wins("mineiro", 4)
    assert "flor" in events_for(u) and "manilha" not in events_for(truco.variant("truc"))


@pytest.mark.parametrize("name", truco.VARIANT_NAMES)
def test_right_and_wrong(name):
    v = truco.variant(name)
    assert OddsTask.applies(v)
    for seed in range(8):
        t = make(name, seed, ask="more")
        a, b = t.choices
        assert t.right == max((a, b), key=lambda e: chance(v, e))
        assert t.choices[a][0].isupper()
        assert t.answer(t.solution()).right
        t = make(name, seed)
        out = t.answer(t.wrong_answer())
        assert not out.right and out.done and "%" in out.explanation


def test_about_offers_the_nearest_one_in_n():
    v = truco.variant("argentino")
    t = make("argentino", 2, ask="about", event="flor")
    p = float(odds.flor_chance("argentino"))
    offered = [int(k) for k in t.choices]
    assert int(t.right) == min(offered, key=lambda n: abs(math.log(n * p))) == 20
    assert len(offered) == 4 and t.choices["20"] == "1 in 20"
    assert "4.9%" in t.why and "1 in 20" in t.why
    assert not OddsTask.applies(truco.variant("mineiro"), event="flor")
    assert OddsTask.applies(v, event="flor")
    with pytest.raises(ValueError):
        make("mineiro", 0, ask="about", event="flor")


def test_worked_shows_the_numbers():
    t = make("mineiro", 1, worked=True, ask="about", event="manilha")
    assert "27.7%" in t.note.value and "137 in 494" in t.note.value


def test_forged_keys_refused():
    t = make("paulista", 3)
    out = t.answer("1 in 2")
    assert not out.done and "not one of the choices" in t.message.value


def test_name_question_in_words():
    v = truco.variant("uruguayo")
    t = make("uruguayo", 4, ask="more")
    assert OddsTask.name_question(v, t.item).startswith("Odds: ")
    assert "pieza" in OddsTask.name_question(v, "about:manilha:2,4,7,14")
    assert OddsTask.name_question(v, "junk") == "junk"


# --- the lesson, driven to its end with the runner -----------------------------------------
from lesson_plans import plan_of as _plan, run_to_summary  # noqa: E402


@pytest.mark.parametrize("variant", ["mineiro", "truc", "uruguayo"])
def test_lesson_12_odds_runs_to_its_summary(variant):
    run_to_summary(_plan("12_odds"), variant)
