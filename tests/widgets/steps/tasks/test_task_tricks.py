"""Task "trick": who wins this trick, judged by the engine; fair prompts; lessons 03 and 04
driven to their end."""
import json
import random
import re
from pathlib import Path

import pytest

import truco
from tutor_clicks import browser_state, click_button, click_card
from widgets.steps import Plan, Step
from widgets.steps.runner import StepRunner
from widgets.steps.tasks import task_class
from widgets.steps.tasks.tricks import TIE, TrickTask

LESSONS = Path(__file__).resolve().parents[4] / "lessons"
# Words that would give the answer away beside the cards of a trick to judge.
SPECIAL_WORDS = re.compile(r"manilha|\bzap\b|espadilha|pica-fumo|copeta|\(copas\)|pieza|"
                           r"\bmatas?\b|brava|ancho de|siete de", re.IGNORECASE)


def task(variant="mineiro", seed=1, **options):
    return TrickTask(truco.variant(variant), random.Random(seed), **options)


def outcomes(t):
    seen = []
    t.on_outcome(seen.append)
    return seen


def test_the_kind_is_registered():
    assert task_class("trick") is TrickTask


def test_a_right_answer_is_judged_by_the_engine():
    t = task("paulista", seed=3)
    seen = outcomes(t)
    verdict = t.variant.trick_verdict([(s & 1, c) for s, c in t.plays], t.vira)
    out = t.answer(t.solution())
    assert out.right and out.done and seen == [out]
    assert out.explanation == verdict.explain()
    assert out.answer == t.solution() and t.solution() in out.correct.split()


def test_a_wrong_answer_explains_with_the_engine_rule():
    t = task("mineiro", seed=4, tie=False)
    out = t.answer(t.wrong_answer())
    assert not out.right and out.done and not out.slip
    assert t.verdict.rule() in out.explanation or out.explanation.startswith("Not a tie")


def test_a_second_answer_or_a_forged_key_is_refused_with_a_message():
    t = task("mineiro", seed=5)
    seen = outcomes(t)
    for forged in ("9z", "1e", "", None, 4, ["4c"], "tie" * 20,
                   next(c.code for c in t.variant.deck if c not in [p for _s, p in t.plays])):
        assert t.answer(forged) is None
        assert t.refusals.message.startswith("That is not one of the answers")
    click_card(t.row, "Kx")
    assert seen == [] and not t.done
    t.answer(t.solution())
    assert t.answer(t.solution()) is None and "answered already" in t.refusals.message
    click_button(t.buttons.button(TIE))  # hidden after the answer: refused
    assert len(seen) == 1


@pytest.mark.parametrize("variant", ["paulista", "uruguayo", "argentino", "mineiro"])
def test_the_prompt_is_fair(variant):
    for seed in range(30):
        t = task(variant, seed=seed, players=4, special=True)
        labels = " ".join(i["label"] for i in t.row.items)
        assert not SPECIAL_WORDS.search(labels + " " + t.head.value), (seed, labels)
        if t.vira is not None:  # the vira or muestra lies beside the cards, as a card
            assert 'data-highlight="vira"' in t.head.value or \
                'data-highlight="muestra"' in t.head.value
            assert t.vira.code not in [i["code"] for i in t.row.items]


@pytest.mark.parametrize("players", [4, 6])
def test_every_card_of_a_trick_with_partners_carries_its_seat_and_team(players):
    t = task("argentino", seed=2, players=players)
    for (seat, card), item in zip(t.plays, t.row.items):
        team = "A" if seat % 2 == 0 else "B"
        assert item["code"] == card.code
        assert f"Player {seat}" in item["svg"] and f"Team {team}" in item["svg"]
        assert f"Player {seat} (team {team})" in item["label"]


def test_partners_holding_the_top_card_are_both_right():
    t = next(t for t in (task("mineiro", seed=s, players=4) for s in range(400))
             if t.verdict.reason == "partners_share_top")
    assert len(t.correct) == 2
    for key in sorted(t.correct):
        again = task("mineiro", seed=0, players=4)
        again.plays, again.verdict, again.correct = t.plays, t.verdict, t.correct
        assert again.answer(key).right


def test_tie_option_deals_tied_tricks_and_tie_is_the_answer():
    for seed in range(20):
        t = task("uruguayo", seed=seed, tie=True, players=4)
        assert t.verdict.winner is None and t.correct == {TIE}
    t = task("truc", seed=1, tie=True)
    assert t.answer("tie").right and t.answer("Tie") is None


def test_tie_maybe_gives_both_kinds():
    kinds = {task("mineiro", seed=s, tie="maybe").verdict.winner is None for s in range(40)}
    assert kinds == {True, False}


def test_special_option_and_common_only():
    for seed in range(15):
        t = task("paulista", seed=seed, special=True)
        kinds = t.variant.ranking(t.vira).kind
        assert any(kinds[c.id] != "common" for _s, c in t.plays)
        t = task("paulista", seed=seed, special=False)
        kinds = t.variant.ranking(t.vira).kind
        assert all(kinds[c.id] == "common" for _s, c in t.plays)


def test_applies_per_variant():
    v = truco.variant
    assert TrickTask.applies(v("argentino"), players=6)
    assert not TrickTask.applies(v("mineiro"), players=6)
    assert not TrickTask.applies(v("truc"), special=True)
    assert TrickTask.applies(v("truc"), players=4)
    with pytest.raises(ValueError):
        task("mineiro", players=6)


def test_worked_shows_the_winner_and_the_reason():
    t = task("mineiro", seed=6, worked=True, tie=False)
    assert t.verdict.explain() in t.worked_html.value
    marked = [i["code"] for i in t.row.items if 'data-highlight="winner"' in i["svg"]]
    assert set(marked) == set(t.correct)
    assert t.answer(t.solution()).right and t.worked_html.value == ""


def test_name_question_in_words():
    v = truco.variant("paulista")
    assert TrickTask.name_question(v, "vira=3s 0:6d 1:Qc") == \
        "Who wins the trick (Vira 3 of spades): 6 of diamonds against queen of clubs"
    t = task("paulista", seed=2)
    assert t.question == TrickTask.name_question(v, t.item)
    assert not re.search(r"\b\d+:\w+", t.question)


def test_nothing_of_the_answer_reaches_the_browser():
    t = task("paulista", seed=8, players=4)
    state = browser_state(t.view)
    assert 'data-highlight=\\"winner' not in state and "correct" not in state
    assert SPECIAL_WORDS.search(state) is None


from lesson_plans import plan_of  # noqa: E402


@pytest.mark.parametrize("lesson", ["03_tricks", "04_ties"])
@pytest.mark.parametrize("variant", ["mineiro", "paulista", "argentino", "uruguayo", "truc"])
def test_the_lesson_is_driven_to_its_end(lesson, variant):
    plan = plan_of(lesson)
    assert isinstance(plan, Plan) and 3 <= len(plan.steps) <= 10
    assert any(s.worked for s in plan.steps)
    runner = StepRunner(plan, variant=variant, seed=2)
    missed = False
    for _i in range(40):
        if runner.finished:
            break
        if not missed:  # one wrong answer: a new task of the same kind
            kind = runner.task.kind
            runner.answer(runner.task.wrong_answer())
            assert runner.task.kind == kind and not runner.finished
            missed = True
        runner.answer(runner.task.solution())
    assert runner.finished and runner.stars == 2


def test_lesson_03_has_four_player_steps_and_04_the_tie_cases():
    steps03 = plan_of("03_tricks").steps
    assert any(s.options.get("players") == 4 for s in steps03)
    opts = [dict(s.options) for s in plan_of("04_ties").steps]
    assert {"ties": "first"} in opts and {"all_tied": True} in opts
    assert Step("hand", "x", options={"all_tied": True}).options["all_tied"]
