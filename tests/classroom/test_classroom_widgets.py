"""Classroom mode driven in plain Python: the class seed, answers stored before feedback,
progress back after a reload (a new kernel), identity from the page's address only, and the
start page's join form and ticks. Each test runs on SQLite and on PostgreSQL."""
from __future__ import annotations

import pytest

from widgets import EnvidoTrainer, ManilhaTrainer, TieExplorer, TrickQuiz
from widgets.classroom import session as classroom
from widgets.classroom.join import JoinPanel, progress
from widgets.pages.lesson import lesson_href, start_page

from classroom_helpers import INDEX, TRICKS, open_page


def told_once_then_unsaved(quiz: TrickQuiz) -> str:
    """A page whose class link does not work: the first answer is not counted but says why
    nothing is saved (returned); then the quiz goes on, unsaved."""
    answer = sorted(quiz.correct_answers())[0]
    assert quiz.choose(answer) is False and quiz.tone == "error"
    assert "not saved" in quiz.message and (quiz.asked, quiz.answered) == (0, False)
    told = quiz.message
    assert quiz.choose(answer) and quiz.tone == "right" and quiz.asked == 1
    return told


def questions(quiz: TrickQuiz, n: int, answer=lambda q: sorted(q.offered_answers())[0]):
    seen = []
    for _i in range(n):
        seen.append(quiz.prompt_codes())
        quiz.choose(answer(quiz))
        quiz.next()
    return seen


def test_a_class_gets_the_same_questions_in_the_same_order(classroom_env, monkeypatch):
    code, other = classroom_env.create_class(), classroom_env.create_class()
    ana, bia = classroom_env.join(code, "Ana"), classroom_env.join(code, "Bia")
    cid = classroom_env.join(other, "Cid")
    open_page(monkeypatch, TRICKS, ana.token)
    right = questions(TrickQuiz("mineiro", seed=3), 8, lambda q: sorted(q.correct_answers())[0])
    open_page(monkeypatch, TRICKS, bia.token)
    wrong = questions(TrickQuiz("mineiro", seed=3), 8, lambda q: sorted(
        q.offered_answers() - q.correct_answers())[0])  # no leaning: misses change nothing
    open_page(monkeypatch, TRICKS, cid.token)
    elsewhere = questions(TrickQuiz("mineiro", seed=3), 8)
    assert right == wrong and right != elsewhere
    open_page(monkeypatch, TRICKS, ana.token)
    first = TrickQuiz("mineiro", seed=3)
    second = TrickQuiz("mineiro", seed=4)  # the lesson's second quiz: its own questions
    assert (first.recorder.quiz, second.recorder.quiz) == ("trick-1", "trick-2")
    assert first.prompt_codes() != second.prompt_codes()


def test_an_answer_is_stored_before_the_learner_is_told(classroom_env, monkeypatch):
    code = classroom_env.create_class()
    ana = classroom_env.join(code, "Ana")
    open_page(monkeypatch, TRICKS, ana.token)
    quiz = TrickQuiz("mineiro", seed=3)
    answer = sorted(quiz.correct_answers())[0]

    def down(*_args):
        raise OSError("database down")

    monkeypatch.setattr(classroom_env, "record_answer", down)
    assert quiz.choose(answer) is False
    assert quiz.tone == "error" and "could not be saved" in quiz.message
    assert (quiz.asked, quiz.score, quiz.answered) == (0, 0, False)
    monkeypatch.undo()
    open_page(monkeypatch, TRICKS, ana.token)
    assert quiz.choose(answer) is True and quiz.tone == "right"
    assert [(a.seq, a.item, a.answer, a.right) for a in classroom_env.answers_of(ana)] == [
        (1, 1, answer, True)]


def test_a_reload_brings_the_quiz_back_where_it_was(classroom_env, monkeypatch):
    code = classroom_env.create_class()
    ana = classroom_env.join(code, "Ana")
    open_page(monkeypatch, TRICKS, ana.token)
    quiz = TrickQuiz("mineiro", seed=3)
    questions(quiz, 3)
    quiz.next()  # a question skipped without an answer
    quiz.choose(sorted(quiz.correct_answers())[0])
    open_page(monkeypatch, TRICKS, ana.token)  # reload: a new kernel
    again = TrickQuiz("mineiro", seed=3)
    assert (again.score, again.asked) == (quiz.score, quiz.asked) == (quiz.score, 4)
    quiz.next()
    assert again.dealt == quiz.dealt and again.prompt_codes() == quiz.prompt_codes()
    assert not again.answered
    assert again.choose(sorted(again.correct_answers())[0])
    assert [a.seq for a in classroom_env.answers_of(ana)] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("make, act", [
    # A round of the manilha trainer is one answer, stored when its last card is found.
    (lambda: ManilhaTrainer("paulista", seed=2), lambda w: (
        w.pick(next(c.code for c in w._offer if c not in w._answer)),
        [w.pick(c.code) for c in w._answer], w.new_vira())),
    (lambda: TieExplorer("mineiro", seed=5), lambda w: (w.quiz(), w.answer("nobody"))),
    (lambda: EnvidoTrainer("argentino", seed=7), lambda w: (w.answer(20), w.answer_flor(None),
                                                            w.next())),
])
def test_every_quiz_widget_records_and_comes_back(classroom_env, monkeypatch, make, act):
    code = classroom_env.create_class()
    ana = classroom_env.join(code, "Ana")
    open_page(monkeypatch, "/voila/render/lessons/02_manilhas.ipynb", ana.token)
    widget = make()
    for _i in range(3):
        act(widget)
    stored = classroom_env.answers_of(ana)
    assert len(stored) >= 3 and all(a.quiz.endswith("-1") for a in stored)
    open_page(monkeypatch, "/voila/render/lessons/02_manilhas.ipynb", ana.token)
    again = make()
    assert (again.score, again.asked, again.dealt) == (widget.score, widget.asked,
                                                       widget.dealt)
    assert len(classroom_env.answers_of(ana)) == len(stored)  # a replay writes nothing


def test_only_the_address_given_at_kernel_start_says_who_answers(classroom_env, monkeypatch):
    code = classroom_env.create_class()
    ana = classroom_env.join(code, "Ana")
    for forged in ("nobody-has-this-token-123", "x", "<script>alert(1)</script>"):
        open_page(monkeypatch, TRICKS, forged)
        quiz = TrickQuiz("mineiro", seed=3)
        assert quiz.seed == 3 and quiz.recorder.replay(None) == 0  # the plain lesson's deal
        assert classroom.problem() and "not valid" in classroom.problem()
        told_once_then_unsaved(quiz)
    open_page(monkeypatch, TRICKS, ana.token)
    quiz = TrickQuiz("mineiro", seed=3)
    monkeypatch.setenv("QUERY_STRING", "learner=" + classroom_env.join(code, "Bia").token)
    quiz.choose(sorted(quiz.offered_answers())[0])  # the address cannot change mid-page
    assert len(classroom_env.answers_of(ana)) == 1


def test_a_tampered_learner_link_is_refused_clearly(classroom_env, monkeypatch):
    code = classroom_env.create_class()
    ana = classroom_env.join(code, "Ana")
    last = "A" if ana.token[-1] != "A" else "B"
    tampered = [ana.token[:-1] + last, ana.token.swapcase(), ana.token + "x", ana.token[:12],
                ana.token + "%27%20OR%20%271%27%3D%271", "%3Cscript%3Ealert(1)%3C/script%3E",
                f"{ana.token}&learner={ana.token[:-1]}{last}"]  # the last value is the one read
    for token in tampered:
        open_page(monkeypatch, TRICKS, token)
        quiz = TrickQuiz("mineiro", seed=3)
        assert quiz.seed == 3  # the plain lesson's deal, and nothing stored
        told = told_once_then_unsaved(quiz)
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
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))
    from lesson_plans import plan_of

    from widgets.steps import progress as step_progress
    from widgets.steps.runner import StepRunner

    code = classroom_env.create_class()
    ana = classroom_env.join(code, "Ana")
    bia = classroom_env.join(code, "Bia")
    from widgets.pages.lesson import footer

    def runner(name):
        step_progress.reset()
        open_page(monkeypatch, f"/voila/render/lessons/{name}.ipynb", ana.token)
        footer(name)
        return StepRunner(plan_of(name), variant="mineiro")

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
    asked = len(first.order) + 1
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


def test_a_deal_that_is_no_quiz_is_the_class_deal_too(classroom_env, monkeypatch):
    from widgets import BetLadder

    code, other = classroom_env.create_class(), classroom_env.create_class()
    hands = {}
    for name, klass in (("Ana", code), ("Bia", code), ("Cid", other)):
        open_page(monkeypatch, "/voila/render/lessons/05_raising.ipynb",
                  classroom_env.join(klass, name).token)
        ladder = BetLadder("mineiro", seed=1)
        hands[name] = [[c.code for c in ladder.game.hand(p)] for p in (0, 1)]
    assert hands["Ana"] == hands["Bia"] != hands["Cid"]
    open_page(monkeypatch, "/voila/render/lessons/05_raising.ipynb")
    assert [[c.code for c in BetLadder("mineiro", seed=1).game.hand(p)] for p in (0, 1)] == [
        [c.code for c in BetLadder("mineiro", seed=1).game.hand(p)] for p in (0, 1)]


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
        open_page(monkeypatch, TRICKS, "a-token-from-an-earlier-day-123")
        quiz = TrickQuiz("mineiro", seed=3)
        assert quiz.seed == 3 and "not reachable" in classroom.problem()
        assert "not reachable" in told_once_then_unsaved(quiz)
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
