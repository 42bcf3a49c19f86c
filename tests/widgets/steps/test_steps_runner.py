"""The lesson runner driven in plain Python: lesson 01 to its summary, a wrong answer re-asked
with a new task, stars, resume from stored progress, steps filtered by variant, slips, a late
progress, step texts through the lessons' catalogs, and one stored answer per task in a
class."""
from __future__ import annotations

import nbformat
import pytest

import truco
from widgets.language import prose
from widgets.classroom import session as classroom
from widgets.classroom.config import Settings
from widgets.classroom.store import open_store
from widgets.steps import MemoryProgress, Plan, Step, runner as runner_module
from widgets.steps.runner import StepRunner, today


def notebook_plan(name: str, monkeypatch) -> Plan:
    """The Plan a lesson notebook's code cell gives to ``lesson()``."""
    got = []
    monkeypatch.setattr(runner_module, "lesson", lambda plan, **kw: got.append(plan))
    nb = nbformat.read(prose.LESSONS_DIR / f"{name}.ipynb", as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            exec(compile(cell.source, name, "exec"), {})
    assert len(got) == 1
    return got[0]


@pytest.fixture(autouse=True)
def no_class(monkeypatch):
    for name in ("QUERY_STRING", "SCRIPT_NAME"):
        monkeypatch.delenv(name, raising=False)
    classroom.reset()
    yield
    classroom.reset()


@pytest.fixture
def plan01(monkeypatch):
    return notebook_plan("01_ranking", monkeypatch)


def finish(r: StepRunner) -> None:
    while not r.finished:
        r.answer(r.task.solution())


@pytest.mark.parametrize("variant", ["mineiro", "paulista", "uruguayo", "truc"])
def test_lesson_01_is_finished_step_by_step_with_a_summary(plan01, variant):
    progress = MemoryProgress()
    r = StepRunner(plan01, variant=variant, progress=progress, seed=5)
    assert 5 <= len(plan01.steps) <= 8 and plan01.summary
    seen = []
    while not r.finished:
        seen.append(r.index)
        assert f"tutor-step-{r.index}" in r.widget._dom_classes
        assert f"Step {len(seen)} of {len(r.order)}" in r.header.value
        assert r.answer(r.task.solution()).right
    assert seen == r.order and seen == sorted(seen)
    assert r.stars == 3 and progress.stars("01_ranking") == 3 and r.mistakes == 0
    assert set(progress.passed("01_ranking")) == set(r.order)
    assert r.summary_text.startswith("You finished The deck and the card ranking")
    assert plan01.summary[0] in r.summary_text
    html = r.summary.children[0].value
    assert "tutor-stars" in html and "★★★" in html and 'aria-label="3 of 3 stars"' in html
    assert r.summary.layout.display is None and "tutor-finished" in r.widget._dom_classes
    assert r.tone == "right" and "tutor-msg-icon" in r.feedback.value


def test_worked_examples_are_marked(plan01):
    r = StepRunner(plan01, variant="mineiro", seed=1)
    assert plan01.steps[r.index].worked and "tutor-example-mark" in r.text.value
    r.answer(r.task.solution())
    assert not plan01.steps[r.index].worked and "tutor-example-mark" not in r.text.value


def test_a_wrong_answer_re_asks_a_new_task_of_the_same_step(plan01):
    progress = MemoryProgress()
    r = StepRunner(plan01, variant="paulista", progress=progress, seed=2)
    r.answer(r.task.solution())  # step 0 passed
    index, first = r.index, r.task
    outcome = r.answer(first.wrong_answer())
    assert not outcome.right and r.tone == "wrong" and outcome.explanation in r.message
    assert r.index == index and r.task is not first and r.task.kind == first.kind
    assert r.mistakes == 1 and r.step_mistakes == {0: 0, index: 1}
    assert [i.topic for i in progress.due(today() + 1)] == [plan01.steps[index].topic]
    r.answer(r.task.solution())
    assert progress.passed("01_ranking")[index] == 1 and r.index != index


def test_stars_three_two_one_and_practise_again_keeps_the_best(plan01):
    progress = MemoryProgress()
    r = StepRunner(plan01, variant="mineiro", progress=progress, seed=3)
    for _i in range(3):
        r.answer(r.task.wrong_answer())
    finish(r)
    assert (r.mistakes, r.stars, progress.stars("01_ranking")) == (3, 1, 1)
    assert "★☆☆" in r.summary.children[0].value and "3 mistakes" in r.summary_text + \
        r.summary.children[0].value
    r.practise_again()
    assert not r.finished and r.index == r.order[0] and r.mistakes == 0
    r.answer(r.task.wrong_answer())
    r.answer(r.task.wrong_answer())
    finish(r)
    assert (r.stars, progress.stars("01_ranking")) == (2, 2)
    r.practise_again()
    finish(r)
    assert (r.stars, progress.stars("01_ranking")) == (3, 3)
    r.practise_again()
    r.answer(r.task.wrong_answer())
    finish(r)
    assert (r.stars, progress.stars("01_ranking")) == (2, 3)


def test_resume_opens_the_first_step_not_passed(plan01):
    progress = MemoryProgress()
    for i in range(3):
        progress.pass_step("01_ranking", i, 1 if i == 1 else 0)
    r = StepRunner(plan01, variant="mineiro", progress=progress, seed=4)
    assert r.index == 3 and "Step 4 of" in r.header.value
    finish(r)
    assert r.mistakes == 1 and r.stars == 2  # the mistake made before the reload counts


def test_a_finished_lesson_opens_on_its_summary(plan01):
    progress = MemoryProgress()
    for i in range(len(plan01.steps)):
        progress.pass_step("01_ranking", i, 0)
    progress.finish("01_ranking", 3)
    r = StepRunner(plan01, variant="mineiro", progress=progress)
    assert r.finished and r.task is None and "★★★" in r.summary.children[0].value
    assert any("tutor-again" in c._dom_classes for c in r.summary.children)
    assert r.answer("4c") is None and r.tone == "error"
    r.practise_again()
    assert r.index == 0 and not r.finished


class LateProgress(MemoryProgress):
    """A stored progress that learns who the learner is after the page is drawn."""

    def __init__(self):
        super().__init__()
        self.waiting = []

    def when_ready(self, fn):
        self.waiting.append(fn)

    def arrive(self, passed):
        for i in passed:
            self.pass_step("01_ranking", i, 0)
        for fn in self.waiting:
            fn()


def test_the_first_step_is_drawn_then_the_stored_progress_resumes(plan01):
    late = LateProgress()
    r = StepRunner(plan01, variant="mineiro", progress=late, seed=1)
    assert r.index == 0 and r.task is not None
    late.arrive([0, 1])
    assert r.index == 2
    other = LateProgress()
    r2 = StepRunner(plan01, variant="mineiro", progress=other, seed=1)
    r2.answer(r2.task.solution())  # the learner went on before the store answered
    other.arrive([0, 1, 2, 3])
    assert r2.index == 1


def test_steps_are_filtered_by_variant():
    plan = Plan("02_manilhas", [
        Step("rank", "Everyone.", options={"common": True}),
        Step("rank", "Paulista only.", only=("paulista",)),
        Step("rank", "Needs special cards.", options={"vs": "special"}),
        Step("rank", "Last.", only=("mineiro", "truc")),
    ])
    assert StepRunner(plan, variant="truc", seed=1).order == [0, 3]
    assert StepRunner(plan, variant="paulista", seed=1).order == [0, 1, 2]
    r = StepRunner(Plan("02_manilhas", [Step("rank", "x", only=("paulista",))]),
                   variant="mineiro")
    assert r.finished and r.task is None and "no steps for Truco Mineiro" in r.message
    assert r.summary.children and "tutor-next" in str(r.summary.children[0].links)


def test_a_forged_click_is_a_note_not_a_mistake(plan01):
    r = StepRunner(plan01, variant="mineiro", seed=1)
    task = r.task
    outcome = r.answer("<script>")
    assert outcome.slip and r.mistakes == 0 and r.task is task and r.tone == "info"
    assert "not one of the cards" in r.message
    task.row.pick("Zz")  # the browser's message for a card not on offer
    assert r.task is task and r.mistakes == 0


def test_step_texts_and_summary_lines_come_from_the_lessons_catalog(monkeypatch):
    class Fake:
        def gettext(self, message):
            return {"A 3 beats a king.": "Um 3 vence um rei.",
                    "Ties are ties.": "Empates são empates."}.get(message, message)
    monkeypatch.setattr(prose, "_translations", lambda code: Fake())
    monkeypatch.setenv("QUERY_STRING", "lang=pt_BR")
    plan = Plan("01_ranking", [Step("rank", "A 3 beats a king.")], ["Ties are ties."])
    r = StepRunner(plan, variant="mineiro", seed=1)
    assert "Um 3 vence um rei." in r.text.value
    finish(r)
    assert "Empates são empates." in r.summary_text


def test_code_cells_give_their_N_strings_to_the_lessons_template(plan01):
    with (prose.LESSONS_DIR / "01_ranking.ipynb").open("rb") as fh:
        found = [m for _n, _f, m, c in prose.extract_notebook(fh, {}, (), {})
                 if c == ["Code cell 2"]]
    assert found == [s.text for s in plan01.steps] + list(plan01.summary)


# --- in a class ------------------------------------------------------------------------------
@pytest.fixture
def a_class(tmp_path, monkeypatch):
    db = str(tmp_path / "classroom.db")
    monkeypatch.setenv("TRUCO_CLASSROOM_DB", db)
    for name in ("TRUCO_CLASSROOM_USER_HEADER", "TRUCO_CLASSROOM_HUB_USER",
                 "TRUCO_CLASSROOM_CONFIG", "JUPYTERHUB_USER"):
        monkeypatch.delenv(name, raising=False)
    classroom.reset()
    store = classroom.shared_store()
    yield store
    classroom.reset()


def open_lesson(monkeypatch, token):
    classroom._sessions.clear()
    monkeypatch.setenv("QUERY_STRING", f"learner={token}")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/lessons/01_ranking.ipynb")


def test_in_a_class_one_task_is_one_stored_answer_and_deals_are_shared(a_class, monkeypatch,
                                                                        plan01):
    code = a_class.create_class()
    ana, bia = a_class.join(code, "Ana"), a_class.join(code, "Bia")
    open_lesson(monkeypatch, ana.token)
    r = StepRunner(plan01, variant="mineiro", progress=MemoryProgress())
    first_items = [r.task.item]
    r.answer("nonsense")                     # a forged click: no answer stored
    r.answer(r.task.wrong_answer())          # one task, one (wrong) answer
    first_items.append(r.task.item)
    r.answer(r.task.solution())              # the new task: one (right) answer
    answers = a_class.answers_of(ana, "01_ranking")
    assert [(a.item, a.right) for a in answers] == [(0, False), (0, True)]
    assert answers[0].quiz == "step-rank-1" and answers[0].prompt == first_items[0]
    assert truco.variant("mineiro").card(answers[0].prompt.split()[0])
    open_lesson(monkeypatch, bia.token)
    r2 = StepRunner(plan01, variant="mineiro", progress=MemoryProgress())
    seen = [r2.task.item]
    r2.answer(r2.task.wrong_answer())
    seen.append(r2.task.item)
    assert seen == first_items  # the whole class gets the same deals


def test_the_app_benchmark_clicks_an_answer_button_never_the_coach():
    """bench/app.py clicks the first ``tutor-bench-click``: a task's first answer button; a
    task at the table (its first button is the coach) has none, and a finished lesson's
    'Practise again' is one."""
    from widgets.ui.common import BENCH_CLICK

    def marked(widget):
        found = [widget] if BENCH_CLICK in getattr(widget, "_dom_classes", ()) else []
        for child in getattr(widget, "children", ()):
            found += marked(child)
        return found

    rank = StepRunner(Plan("01_ranking", [Step("rank", "Which is stronger?")]),
                      variant="mineiro", progress=MemoryProgress(), seed=1)
    assert [w.description for w in marked(rank.task.view)] == ["They tie"]
    rank.answer(rank.task.solution())
    assert rank.finished and [w.description for w in marked(rank.widget)] == ["Practise again"]
    play = StepRunner(Plan("09_play", [Step("play_hand", "Play a hand.")]),
                      variant="mineiro", progress=MemoryProgress(), seed=1)
    assert marked(play.task.view) == []
