"""Task "manilhas": find the special cards; right picks are progress, wrong ones slips;
lesson 02 driven to its end."""
import random

import pytest

import truco
from tutor_clicks import browser_state, click_card
from widgets.steps.runner import StepRunner
from widgets.steps.tasks import task_class
from widgets.steps.tasks.manilhas import ManilhaTask, targets

from test_task_tricks import plan_of


def task(variant="paulista", seed=1, **options):
    return ManilhaTask(truco.variant(variant), random.Random(seed), **options)


def record(t):
    seen = []
    t.on_outcome(seen.append)
    return seen


def test_the_kind_is_registered():
    assert task_class("manilhas") is ManilhaTask


@pytest.mark.parametrize("variant, n", [("mineiro", 4), ("paulista", 4), ("argentino", 4),
                                        ("plato", 4), ("uruguayo", 5)])
def test_all_found_without_a_slip_is_right(variant, n):
    t = task(variant, seed=3)
    assert len(t.targets) == n and set(c.code for c in t.targets) <= t.row.offered
    notes = []
    for _i in range(n):
        out = t.answer(t.solution())
        assert out.right and not out.slip
        notes.append(out.note)
    assert notes[0] == f"1 of {n} found" and out.done and t.done
    assert notes[-1] == f"All {n} found."
    assert all(t.variant.card_name(c, t.vira) in out.explanation for c in t.targets)


def test_the_targets_come_from_the_engine():
    v = truco.variant("paulista")
    t = task("paulista", seed=5)
    assert t.targets == v.manilhas(t.vira)
    u = task("uruguayo", seed=5)
    kinds = u.variant.ranking(u.vira).kind
    assert all(kinds[c.id] == "pieza" for c in u.targets) and u.vira not in u.targets
    assert targets(truco.variant("mineiro")) == truco.variant("mineiro").manilhas()


def test_one_slip_is_a_note_and_still_right():
    t = task("paulista", seed=2)
    seen = record(t)
    out = t.answer(t.wrong_answer())
    assert out.slip and not out.right and not out.done
    assert "0 of 4 found" in out.note and "next rank up from the vira" in out.explanation
    wrong = next(i for i in t.row.items if i["code"] == out.answer)
    assert 'data-highlight="wrong"' in wrong["svg"] and not wrong["enabled"]
    while not t.done:
        last = t.answer(t.solution())
    assert last.right and last.note == "All 4 found, with 1 slip."
    assert len(seen) == 5


def test_two_slips_make_the_task_wrong():
    t = task("mineiro", seed=2)
    t.answer(t.wrong_answer())
    t.answer(t.wrong_answer())
    while not t.done:
        last = t.answer(t.solution())
    assert last.done and not last.right and "2 slips" in last.note


def test_order_option_takes_them_strongest_first():
    t = task("paulista", seed=4, order=True)
    out = t.answer(t.targets[1].code)
    assert out.slip and "a stronger one is still to find" in out.explanation
    assert t.found == []
    assert [t.answer(c.code).right for c in t.targets] == [True] * 4


def test_forged_repeated_and_late_picks_are_refused_with_a_message():
    t = task("paulista", seed=6)
    seen = record(t)
    outside = next(c.code for c in t.variant.deck if c not in t.offer)
    for forged in (outside, t.vira.code, "zz", None, 3, "", "4c" * 40):
        assert t.answer(forged) is None
        assert t.refusals.message == "That card is not one of the cards on offer."
    click_card(t.row, outside)
    first = t.solution()
    t.answer(first)
    assert t.answer(first) is None and "already" in t.refusals.message
    while not t.done:
        t.answer(t.solution())
    assert t.answer(t.offer[0].code) is None and "already" in t.refusals.message
    assert len(seen) == 4


def test_the_answer_is_not_sent_to_the_browser_before_it_is_found():
    t = task("paulista", seed=7)
    state = browser_state(t.view)
    assert 'data-highlight=\\"manilha' not in state and "Zap" not in state
    assert "second manilha" not in state
    t.answer(t.solution())
    assert 'data-highlight=\\"manilha' in browser_state(t.view)


def test_worked_marks_them_and_names_the_order():
    t = task("mineiro", seed=1, worked=True)
    marked = [i["code"] for i in t.row.items if 'data-highlight="manilha"' in i["svg"]]
    assert set(marked) == {c.code for c in t.targets}
    assert "Worked example" in t.head.value and "Zap" in t.head.value


def test_applies_per_variant():
    assert all(ManilhaTask.applies(truco.variant(n))
               for n in ("mineiro", "paulista", "argentino", "plato", "uruguayo"))
    assert not any(ManilhaTask.applies(truco.variant(n))
                   for n in ("truc", "truc-sackson", "truc-catalan"))
    with pytest.raises(ValueError):
        task("truc")


def test_name_question_in_words():
    assert ManilhaTask.name_question(truco.variant("paulista"), "vira=3s") == \
        "Find the manilhas for the vira 3 of spades"
    assert ManilhaTask.name_question(truco.variant("uruguayo"), "vira=11e") == \
        "Find the piezas for the muestra caballo (11) of espadas"
    assert ManilhaTask.name_question(truco.variant("argentino"), "argentino") == \
        "Find the cartas bravas of Truco Argentino"


@pytest.mark.parametrize("variant", ["mineiro", "paulista", "argentino", "uruguayo", "truc"])
def test_lesson_02_is_driven_to_its_end(variant):
    plan = plan_of("02_manilhas")
    runner = StepRunner(plan, variant=variant, seed=3)
    shown = 0
    for _i in range(60):
        if runner.finished:
            break
        shown += 1
        runner.answer(runner.task.solution())
    assert runner.finished and runner.stars == 3 and 3 <= len(runner.order) <= 10
