"""Task "explore": free play with an explorer after a lesson's practice steps; "Continue"
passes the step with no mistake, nothing for review and nothing stored for a class."""
from __future__ import annotations

import random

import pytest

import truco
from tutor_clicks import browser_state, click_button, click_card
from widgets.explore.ranking import RankingExplorer
from widgets.explore.ties import TieExplorer
from widgets.steps import MemoryProgress, Plan, Step
from widgets.steps.runner import StepRunner, today
from widgets.steps.tasks import task_class
from widgets.steps.tasks.explore import CONTINUE, ExploreTask


def task(variant="mineiro", explorer="ranking", seed=1):
    return ExploreTask(truco.variant(variant), random.Random(seed), explorer=explorer)


def plan(explorer="ranking"):
    """A short lesson: one practice step, then the Explore step."""
    return Plan("01_ranking", [
        Step("rank", "Which card is stronger?", options={"common": True}),
        Step("explore", "Explore the ranking.", topic="free_play",
             options={"explorer": explorer})], ["3 > K"])


def continue_button(t):
    return t.buttons.buttons[CONTINUE]


def test_the_kind_is_registered():
    assert task_class("explore") is ExploreTask


@pytest.mark.parametrize("explorer, cls", [("ranking", RankingExplorer),
                                           ("ties", TieExplorer)])
@pytest.mark.parametrize("variant", ["mineiro", "paulista", "argentino", "uruguayo", "truc"])
def test_it_shows_the_explorer_named_in_its_options_in_the_steps_variant(explorer, cls,
                                                                         variant):
    t = task(variant, explorer)
    assert isinstance(t.explorer, cls) and t.explorer.variant.name == variant
    assert t.explorer.widget in t.view.children
    assert "tutor-task-explore" in t.view._dom_classes
    assert t.explorer.variant_picker.layout.display == "none"  # the learner's variant only
    go_on = continue_button(t)
    assert go_on.description == "Continue" and go_on.button_style == "primary"
    assert go_on.layout.display is None and not go_on.disabled
    if explorer == "ranking":
        deck = [c.code for lv in truco.variant(variant).ranking(t.explorer.vira).levels
                for c in lv.cards]
        assert [i["code"] for i in t.explorer.row.items] == deck
    else:
        assert t.explorer.recorder is None and t.explorer.quiz_button.layout.display == "none"


def test_unknown_explorer_is_refused():
    with pytest.raises(ValueError, match="unknown explorer"):
        task(explorer="nope")
    with pytest.raises(ValueError):
        ExploreTask(truco.variant("mineiro"), random.Random(1))


def test_the_explorers_own_checks_are_the_engines():
    t = task("paulista", "ranking")
    v = truco.variant("paulista")
    click_card(t.explorer.row, "3h")
    click_card(t.explorer.row, "Kc")
    assert v.trick_verdict([(0, "Kc"), (1, "3h")], t.explorer.vira).explain() \
        in t.explorer.message
    ties = task("argentino", "ties")
    ties.explorer.toggles[0].value = "tie"  # as the browser's toggle sends it
    ties.explorer.toggles[1].value = "B"
    verdict = truco.resolve.hand(truco.variant("argentino"), [None, 1], 0, 1)
    assert ties.explorer.winner == 1 and verdict.explain() in ties.explorer.message


@pytest.mark.parametrize("explorer", ["ranking", "ties"])
def test_going_on_passes_the_step_with_no_mistake_and_no_review_item(explorer):
    progress = MemoryProgress()
    r = StepRunner(plan(explorer), variant="truc", progress=progress, seed=3)
    r.answer(r.task.solution())
    assert r.index == 1 and r.task.kind == "explore"
    explorer_widget = r.task.explorer
    if explorer == "ranking":  # free play: a few clicks, none of them an answer
        for item in explorer_widget.row.items[:3]:
            click_card(explorer_widget.row, item["code"])
    else:
        for i, result in enumerate(("A", "B", "tie")):
            explorer_widget.set_trick(i, result)
        assert explorer_widget.winner == 0  # Truc: the first trick's winner
    assert r.index == 1 and not r.finished and r.mistakes == 0
    click_button(continue_button(r.task))
    assert r.finished and r.mistakes == 0 and r.stars == 3
    assert progress.passed("01_ranking") == {0: 0, 1: 0} and progress.stars("01_ranking") == 3
    assert progress.due(today() + 400) == []
    assert r.tone == "right" and "Free play done" in r.message


def test_a_forged_event_changes_nothing():
    progress = MemoryProgress()
    r = StepRunner(plan("ranking"), variant="mineiro", progress=progress, seed=2)
    r.answer(r.task.solution())
    t = r.task

    def state():
        return (t.explorer.row.items, t.explorer.selected, t.buttons.offered, t.over, r.index,
                r.mistakes, progress.passed("01_ranking"), browser_state(t.buttons.box))

    before = state()
    for key in ("back", "", None, 3, "x" * 500, "tie"):  # not "continue": refused
        out = r.answer(key)
        assert out.slip and not out.right and not out.done
        assert r.tone == "info" and "not available" in r.message
    assert t.buttons.click("skip") is False  # a button the step never offered
    click_card(t.explorer.row, "9c")  # a card not on offer (Mineiro has no 9)
    assert t.explorer.tone == "error" and "not one of the cards on offer" in t.explorer.message
    assert state() == before
    click_card(t.explorer.row, "4c")  # a real card: free play, no answer either
    click_card(t.explorer.row, "9c")  # refused again: the selection stays
    assert t.explorer.selected.code == "4c"
    assert (r.index, r.mistakes, progress.passed("01_ranking")) == before[4:7]
    assert progress.due(today() + 400) == [] and not r.finished and r.task is t
    click_button(continue_button(t))
    assert r.finished and r.mistakes == 0


def test_continue_counts_once():
    t = task()
    heard = []
    t.on_outcome(heard.append)
    first = t.answer(CONTINUE)
    assert first.right and first.done and t.over
    assert t.answer(CONTINUE).slip and [o.right for o in heard] == [True, False]
    assert t.buttons.offered == frozenset()  # the button goes after its report
    assert t.buttons.click(CONTINUE) is False


def test_a_class_stores_nothing_for_it(monkeypatch):
    """The runner stores one answer per task in a class: an Explore step is no answer."""
    from widgets.steps import record

    saved = []

    class Recorder:
        def replay(self, fn):
            pass

        def save(self, *args):
            saved.append(args)

    monkeypatch.setattr(record.classroom, "recorder", lambda *a, **k: Recorder())
    answers = record.TaskAnswers(session=object(), seed=1, say=lambda *a: None)
    t = task()
    assert answers.store("explore", 1, t.variant, t, t.answer(CONTINUE)) is None
    assert saved == []
    rank = task_class("rank")(truco.variant("mineiro"), random.Random(1))
    answers.store("rank", 0, rank.variant, rank, rank.answer(rank.solution()))
    assert len(saved) == 1  # a real answer is stored


@pytest.mark.parametrize("explorer", ["ranking", "ties"])
def test_persian_is_right_to_left(explorer, monkeypatch):
    from truco.i18n import set_language

    monkeypatch.setenv("QUERY_STRING", "lang=fa")  # the page's ?lang=fa
    try:
        t = task("mineiro", explorer)
        assert "tutor-rtl" in t.view._dom_classes
        assert "tutor-rtl" in t.explorer.widget._dom_classes
        label = continue_button(t).description
        assert label != "Continue" and not any("a" <= ch.lower() <= "z" for ch in label)
        done = t.answer(CONTINUE).explanation
        assert not any("a" <= ch.lower() <= "z" for ch in done)
    finally:
        set_language("en")
