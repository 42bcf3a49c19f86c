"""Classroom mode driven in plain Python, on the learner's real page: a lesson's steps (the
lesson's own plan in a StepRunner, as its notebook builds it) and TieExplorer's quiz. The
class seed, answers stored before feedback, progress back after a reload (a new kernel),
identity from the page's address only, and the start page's join form and ticks. Each test
runs on SQLite and on PostgreSQL."""
from __future__ import annotations

import pytest

from widgets import TieExplorer
from widgets.classroom import session as classroom
from widgets.classroom.join import JoinPanel, progress
from widgets.pages.lesson import lesson_href, start_page
from widgets.steps.tasks import task_class

from classroom_helpers import (INDEX, TRICKS, finish_task, lesson_page, lesson_script,
                               open_page, step_recorders)


def told_once_then_unsaved(runner) -> str:
    """A page whose class link does not work: the first answer is not counted (the step is
    not passed, a new task of it is asked) but says why nothing is saved (returned); then the
    lesson goes on, unsaved."""
    step = runner.index
    finish_task(runner)
    assert runner.tone == "error" and "not saved" in runner.message
    assert (runner.index, runner.mistakes) == (step, 0)
    assert runner.progress.passed(runner.plan.lesson) == {}
    told = runner.message
    finish_task(runner)
    assert runner.tone == "right" and runner.index != step
    assert step in runner.progress.passed(runner.plan.lesson)
    return told


def tasks_seen(runner, n: int, right=lambda runner: True) -> list[tuple[int, str]]:
    """(step, task) of the next ``n`` tasks, each answered to its end (right or not)."""
    seen = []
    for _i in range(n):
        seen.append((runner.index, runner.task.item))
        finish_task(runner, right(runner))
    return seen


def test_a_class_gets_the_same_questions_in_the_same_order(classroom_env, monkeypatch):
    code, other = classroom_env.create_class(), classroom_env.create_class()
    ana, bia = classroom_env.join(code, "Ana"), classroom_env.join(code, "Bia")
    cid = classroom_env.join(other, "Cid")
    right = tasks_seen(lesson_page(monkeypatch, ana.token), 6)
    # Bia misses every step's first task: she is asked a new one of the same step, and the
    # next step deals her what it dealt Ana (no leaning: her misses change nothing else).
    missed = lesson_page(monkeypatch, bia.token)
    first_tries = []
    for _step in range(6):
        first_tries.append((missed.index, missed.task.item))
        finish_task(missed, right=False)
        assert missed.index == first_tries[-1][0]  # the same step: a new task of it
        finish_task(missed)
    assert first_tries == right and missed.mistakes == 6
    elsewhere = tasks_seen(lesson_page(monkeypatch, cid.token), 6)
    assert [s for s, _t in elsewhere] == [s for s, _t in right] and elsewhere != right
    # Each kind of task of the lesson is a quiz of its own, with its own answers: the trick
    # steps' and the hand steps'.
    page = lesson_page(monkeypatch, ana.token)  # Ana comes back: the hand steps are left
    while not page.finished:
        finish_task(page)
    assert {k: r.quiz for k, r in step_recorders(page).items()} == {"hand": "step-hand-1"}
    assert sorted(a.quiz for a in classroom_env.answers_of(ana)) == (
        ["step-hand-1"] * (len(page.order) - 5) + ["step-trick-1"] * 5)


def test_an_answer_is_stored_before_the_learner_is_told(classroom_env, monkeypatch):
    code = classroom_env.create_class()
    ana = classroom_env.join(code, "Ana")
    runner = lesson_page(monkeypatch, ana.token)
    step = runner.index

    def down(*_args):
        raise OSError("database down")

    with monkeypatch.context() as m:
        m.setattr(classroom_env, "record_answer", down)
        finish_task(runner)
    assert runner.tone == "error" and "could not be saved" in runner.message
    assert (runner.index, runner.mistakes, runner.finished) == (step, 0, False)
    assert runner.progress.passed(runner.plan.lesson) == {}  # the step is not passed
    answer = runner.task.solution()  # a new task of the same step
    runner.answer(answer)
    assert runner.tone == "right" and runner.index != step
    assert [(a.quiz, a.seq, a.item, a.answer, a.right)
            for a in classroom_env.answers_of(ana)] == [("step-trick-1", 1, step, answer, True)]


def test_a_reload_brings_the_lesson_back_where_it_was(classroom_env, monkeypatch):
    code = classroom_env.create_class()
    ana = classroom_env.join(code, "Ana")
    runner = lesson_page(monkeypatch, ana.token)
    finish_task(runner)
    finish_task(runner, right=False)  # a mistake: the same step asks again
    finish_task(runner)
    finish_task(runner)
    stored = classroom_env.answers_of(ana)
    assert [a.seq for a in stored] == [1, 2, 3, 4]
    again = lesson_page(monkeypatch, ana.token)  # reload: a new kernel
    assert again.index == runner.index == runner.order[3]
    assert again.mistakes == runner.mistakes == 1  # the passed steps, with their mistakes
    assert again.task.item == runner.task.item  # the same task, dealt from the class seed
    assert len(classroom_env.answers_of(ana)) == 4  # coming back writes nothing
    finish_task(again)
    assert again.tone == "right"
    assert [a.seq for a in classroom_env.answers_of(ana)] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("name, variant", [
    ("02_manilhas", "paulista"),  # a manilha hunt is one answer, stored with its last card
    ("07_envido_flor", "argentino"),
    ("05_raising", "mineiro"),  # an answered call: one answer, its two clicks
    (None, "mineiro"),  # TieExplorer's quiz
])
def test_every_quiz_records_and_comes_back(classroom_env, monkeypatch, name, variant):
    code = classroom_env.create_class()
    ana = classroom_env.join(code, "Ana")

    def page():
        if name is None:
            open_page(monkeypatch, lesson_script("04_ties"), ana.token)
            return TieExplorer(variant, seed=5)
        return lesson_page(monkeypatch, ana.token, name, variant)

    widget = page()
    for right in (True, False, True):
        if name is None:
            widget.quiz()
            widget.answer(widget.expected_answer() if right else "nobody")
        else:
            finish_task(widget, right)
    stored = classroom_env.answers_of(ana)
    assert len(stored) == 3 and all(a.quiz.endswith("-1") for a in stored)
    again = page()
    if name is None:
        assert (again.score, again.asked, again.dealt) == (widget.score, widget.asked,
                                                           widget.dealt)
    else:
        assert (again.index, again.mistakes, again.task.item) == (
            widget.index, widget.mistakes, widget.task.item)
    assert len(classroom_env.answers_of(ana)) == len(stored)  # a replay writes nothing


def test_only_the_address_given_at_kernel_start_says_who_answers(classroom_env, monkeypatch):
    code = classroom_env.create_class()
    ana = classroom_env.join(code, "Ana")
    for forged in ("nobody-has-this-token-123", "x", "<script>alert(1)</script>"):
        runner = lesson_page(monkeypatch, forged)
        assert runner.session is None  # the plain lesson's deals
        assert classroom.problem() and "not valid" in classroom.problem()
        told_once_then_unsaved(runner)
    assert classroom_env.count_answers() == 0


def test_the_address_cannot_change_mid_page(classroom_env, monkeypatch):
    code = classroom_env.create_class()
    ana, bia = classroom_env.join(code, "Ana"), classroom_env.join(code, "Bia")
    runner = lesson_page(monkeypatch, ana.token)
    monkeypatch.setenv("QUERY_STRING", "learner=" + bia.token)
    finish_task(runner)  # the address cannot change mid-page
    assert len(classroom_env.answers_of(ana)) == 1 and classroom_env.answers_of(bia) == []


def test_a_tampered_learner_link_is_refused_clearly(classroom_env, monkeypatch):
    code = classroom_env.create_class()
    ana = classroom_env.join(code, "Ana")
    last = "A" if ana.token[-1] != "A" else "B"
    tampered = [ana.token[:-1] + last, ana.token.swapcase(), ana.token + "x", ana.token[:12],
                ana.token + "%27%20OR%20%271%27%3D%271", "%3Cscript%3Ealert(1)%3C/script%3E",
                f"{ana.token}&learner={ana.token[:-1]}{last}"]  # the last value is the one read
    for token in tampered:
        runner = lesson_page(monkeypatch, token)
        assert runner.session is None  # the plain lesson's deals, and nothing stored
        told = told_once_then_unsaved(runner)
        assert "not valid" in told and "reset" in told
        assert "learner=" not in lesson_href("04_ties")  # links do not carry it on
        open_page(monkeypatch, INDEX, token)
        panel = JoinPanel()
        assert panel.session is None and panel.tone == "error"
        assert "This class link is not valid" in panel.message
        assert "Join the class again" in panel.message and panel.join_button is not None
    assert classroom_env.count_answers() == 0 and classroom_env.visits_of(ana) == {}


def test_a_link_made_for_a_signed_in_user_is_theirs_only(classroom_env, monkeypatch):
    monkeypatch.setenv("TRUCO_CLASSROOM_USER_HEADER", "X-Forwarded-User")
    code = classroom_env.create_class()
    monkeypatch.setenv("HTTP_X_FORWARDED_USER", "ana")
    open_page(monkeypatch, INDEX)
    panel = JoinPanel()
    assert panel.name_box is None and panel.user == "ana"
    assert panel.join("ignored: the header names her", code)
    token = panel.learner_href.split("learner=")[1].split("&")[0]
    assert classroom_env.learner(token).name == "ana"
    open_page(monkeypatch, TRICKS, token)
    assert classroom.current().learner.name == "ana"
    monkeypatch.setenv("HTTP_X_FORWARDED_USER", "bia")
    open_page(monkeypatch, TRICKS, token)
    assert classroom.current() is None


def test_joining_on_the_start_page(classroom_env, monkeypatch):
    code = classroom_env.create_class("Room 4")
    open_page(monkeypatch, INDEX, extra="variant=paulista")
    page = start_page()
    panel = page.classroom
    for name, typed, expected in (("", code, "Type your name"),
                                  ("Ana", "no!", "4 to 12 letters"),
                                  ("Ana", "ZZZZZZ", "There is no class ZZZZZZ")):
        assert not panel.join(name, typed)
        assert panel.tone == "error" and expected in panel.message
        assert panel.navigator.href == ""
    # "Join the class" looks like a button: filled, as wide as its label, not a grey bar.
    button = panel.join_button
    assert button.button_style == "primary" and button.layout.align_self == "flex-start"
    panel.name_box.value, panel.code_box.value = " Ana ", code.lower()
    panel.join_button.click()
    assert panel.tone == "right" and panel.navigator.href.startswith(INDEX + "?learner=")
    assert panel.navigator.href.endswith("&variant=paulista")
    token = panel.navigator.href.split("learner=")[1].split("&")[0]
    learner = classroom_env.learner(token)
    assert (learner.name, learner.class_code) == ("Ana", code)


def test_the_start_page_ticks_lessons_and_shows_scores(classroom_env, monkeypatch):
    """A lesson is done when its steps were all passed (it has stars), never after a number of
    answers; the start page shows the learner's right answers per lesson."""
    from widgets.pages.lesson import footer
    from widgets.steps import progress as step_progress

    code = classroom_env.create_class()
    ana = classroom_env.join(code, "Ana")
    bia = classroom_env.join(code, "Bia")

    def runner(name):
        page = lesson_page(monkeypatch, ana.token, name)
        footer(name)  # the lesson's last cell: the visit
        return page

    first = runner("01_ranking")
    first.answer(first.task.wrong_answer())
    while not first.finished:
        first.answer(first.task.solution())
    tricks = runner("03_tricks")
    for _i in range(2):  # two steps of eight: not done
        tricks.answer(tricks.task.solution())
    assert not progress(classroom.current())["03_tricks"].done
    step_progress.reset()
    open_page(monkeypatch, INDEX, ana.token)
    page = start_page()
    links = {l["href"].split("?")[0].rsplit("/", 1)[1]: l for l in page.links.links}
    assert links["01_ranking.ipynb"]["text"].startswith("✓ ")
    # Every step answered is one answer (an Explore step, free play, is none), and the wrong one.
    asked = sum(getattr(task_class(first.plan.steps[i].task), "records", True)
                for i in first.order) + 1
    assert f"Your answers: {asked - 1} right out of {asked}." in links["01_ranking.ipynb"]["blurb"]
    assert "tutor-done" not in links["03_tricks.ipynb"]["cls"]
    assert "Your answers: 2 right out of 2." in links["03_tricks.ipynb"]["blurb"]
    assert "✓" not in links["02_manilhas.ipynb"]["text"]
    assert all(f"learner={ana.token}" in l["href"] for l in page.links.links)
    assert "You are Ana, in class" in page.classroom.widget.children[1].value
    rejoin = page.classroom.widget.children[2].value  # a shared device: the next learner
    assert f'href="{INDEX}"' in rejoin and "learner=" not in rejoin
    open_page(monkeypatch, INDEX, bia.token)  # Bia sees her own progress only
    assert progress(classroom.current()) == {}
    assert f"learner={bia.token}" in lesson_href("03_tricks")


def test_a_lessons_table_is_the_class_deal_too(classroom_env, monkeypatch):
    """The raising lesson's steps show the learner's cards at a table: in a class, the class's
    deal (the same cards for everyone of it, others for another class); outside a class, the
    lesson's seed deals the same table every time."""
    from widgets.steps import MemoryProgress
    from widgets.steps.runner import StepRunner

    from classroom_helpers import _plan

    def table(runner):
        return [list(runner.task.game.hand(p)) for p in (0, 1)] + [
            str(runner.task.game.vira)]

    code, other = classroom_env.create_class(), classroom_env.create_class()
    hands = {}
    for name, klass in (("Ana", code), ("Bia", code), ("Cid", other)):
        runner = lesson_page(monkeypatch, classroom_env.join(klass, name).token, "05_raising")
        hands[name] = table(runner)
        finish_task(runner)
        hands[name] += table(runner)  # the next step's table too
    assert hands["Ana"] == hands["Bia"] != hands["Cid"]
    open_page(monkeypatch, lesson_script("05_raising"))
    plan = _plan("05_raising")
    assert table(StepRunner(plan, "mineiro", MemoryProgress(), seed=1)) == table(
        StepRunner(plan, "mineiro", MemoryProgress(), seed=1))


def test_a_hub_user_is_the_learner_only_when_asked_for(classroom_env, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", "teacher-on-a-shared-server")
    open_page(monkeypatch, INDEX)
    assert JoinPanel().user is None and JoinPanel().name_box is not None
    monkeypatch.setenv("TRUCO_CLASSROOM_HUB_USER", "1")
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    assert JoinPanel().user == "ana"


def test_an_unreachable_database_leaves_the_lessons_working(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("TRUCO_CLASSROOM_DB", str(blocker / "classroom.db"))
    classroom.reset()
    try:
        runner = lesson_page(monkeypatch, "a-token-from-an-earlier-day-123")
        assert runner.session is None and "not reachable" in classroom.problem()
        assert "not reachable" in told_once_then_unsaved(runner)
        open_page(monkeypatch, INDEX, "a-token-from-an-earlier-day-123")
        panel = JoinPanel()
        assert panel.tone == "error" and "not reachable" in panel.message
        assert not panel.join("Ana", "KX7P2Q") and "not reachable" in panel.message
    finally:
        classroom.reset()


@pytest.mark.parametrize("make, deal", [
    (lambda: __import__("widgets").PlayTable("paulista", seed=9),
     lambda t: [c.code for c in t.game.hand(0)] + [str(t.game.vira)]),
    (lambda: __import__("widgets").VariantCompare("mineiro", seed=9),
     lambda c: [card.code for hand in c.hands for card in hand]),
])
def test_the_play_table_and_the_comparison_deal_the_class_deal(classroom_env, monkeypatch,
                                                              make, deal):
    code, other = classroom_env.create_class(), classroom_env.create_class()
    dealt = {}
    for name, klass in (("Ana", code), ("Bia", code), ("Cid", other)):
        open_page(monkeypatch, "/voila/render/lessons/09_play.ipynb",
                  classroom_env.join(klass, name).token)
        dealt[name] = deal(make())
    assert dealt["Ana"] == dealt["Bia"] != dealt["Cid"]
