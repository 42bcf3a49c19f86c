"""The teacher's page names questions in words: every quiz kind the widgets record, a lesson's
steps (through their task class's ``name_question``), and bad stored data (a generic name,
never a traceback, never an internal id or a card code); the join address and its QR code."""
from __future__ import annotations

import re
import sys
import types

import pytest
import segno

from truco.i18n import set_language
from widgets.classroom import qr
from widgets.classroom.join import requested_code
from widgets.classroom.stats import QuestionStat, answer_words, lesson_name, question_words
from widgets.steps import tasks

CODES = re.compile(r"\b(?:10|[2-9AJQK1])[cdhsSeocb]\b|\|")  # "6d", "Qc", "1e", a vira bar


@pytest.fixture
def english():
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize("quiz, item, variant, prompt, words", [
    ("trick-1", 1, "paulista", "3s|6d Qc",
     "Trick quiz, question 1: 6 of diamonds against queen of clubs, vira: 3 of spades"),
    ("trick-1", 2, "mineiro", "4c 3d",
     "Trick quiz, question 2: 4 of clubs (Zap) against 3 of diamonds"),
    ("trick-2", 3, "mineiro", "5h 6s 7d Ks",
     "Trick quiz 2, question 3: a trick of 5 of hearts, 6 of spades, 7 of diamonds (Pica-fumo), "
     "and king of spades"),
    ("manilhas-1", 4, "paulista", "3s|4c 5h 4d 7s",
     "Manilha quiz, question 4: the manilhas for the vira 3 of spades"),
    ("manilhas-1", 1, "mineiro", "4c 7h As 7d 5s 6h",
     "Manilha quiz, question 1: the manilhas among 6 cards"),
    ("ties-1", 2, "mineiro", "A tie -",
     "Ties quiz, question 2: who wins the hand after trick 1 team A and trick 2 tied"),
    ("ties-1", 5, "mineiro", "tie tie tie",
     "Ties quiz, question 5: who wins the hand after trick 1 tied, trick 2 tied, and "
     "trick 3 tied"),
    ("envido-1", 1, "argentino", "7e 6e 1o",
     "Envido quiz, question 1: the envido of 7 of espadas (siete de espadas), 6 of espadas, "
     "and 1 of oros"),
    ("envido-1", 2, "uruguayo", "1e|2e 7o 4c",
     "Envido quiz, question 2: the envido of 2 of espadas (pieza), 7 of oros (siete de oros), "
     "and 4 of copas, muestra: 1 of espadas"),
])
def test_every_quiz_kind_the_widgets_record_is_named_in_words(english, quiz, item, variant,
                                                              prompt, words):
    assert question_words(quiz, item, variant, prompt) == words
    assert quiz not in words and not CODES.search(words)


def test_a_question_label_names_its_lesson(english):
    stat = QuestionStat(("03_tricks", "trick-1", 1), "paulista", "3s|6d Qc", "Qc")
    assert stat.label() == ("3. Tricks and hands · Trick quiz, question 1: 6 of diamonds "
                            "against queen of clubs, vira: 3 of spades")
    assert lesson_name("99_gone_lesson") == "Lesson “99 gone lesson”"
    assert lesson_name(None) == "A lesson"


class FakeTask:
    """A step task as the lesson runner's task kinds are: it names a stored item in words."""

    @classmethod
    def name_question(cls, variant, item):
        first, second = item.split()
        return "Who wins the trick: {} against {}".format(variant.card_name(first),
                                                          variant.card_name(second))


class RawTask:
    @classmethod
    def name_question(cls, variant, item):
        return item  # the base class's default: the codes themselves


class BrokenTask:
    @classmethod
    def name_question(cls, variant, item):
        raise KeyError(item)


@pytest.fixture
def fake_kinds(monkeypatch):
    module = types.ModuleType("widgets.steps.tasks.fake_teacher_kinds")
    module.FakeTask, module.RawTask, module.BrokenTask = FakeTask, RawTask, BrokenTask
    monkeypatch.setitem(sys.modules, module.__name__, module)
    for kind, name in (("fake_trick", "FakeTask"), ("fake_raw", "RawTask"),
                       ("fake_broken", "BrokenTask")):
        monkeypatch.setitem(tasks.KINDS, kind, f"fake_teacher_kinds:{name}")
    monkeypatch.setitem(tasks.KINDS, "fake_missing", "no_such_module_yet:Task")


def test_a_steps_answer_is_named_by_its_task_class(english, fake_kinds):
    # Recorder(kind="step-fake_trick") on the page's first such task: quiz "step-fake_trick-1",
    # item = the step's index (0 is the first step)
    assert question_words("step-fake_trick-1", 2, "mineiro", "6d Qc") == (
        "Step 3: Who wins the trick: 6 of diamonds against queen of clubs")
    stat = QuestionStat(("03_tricks", "step-fake_trick-1", 0), "mineiro", "4c 3d", "4c")
    assert stat.label() == ("3. Tricks and hands · Step 1: Who wins the trick: 4 of clubs "
                            "(Zap) against 3 of diamonds")


@pytest.mark.parametrize("quiz", ["step-fake_raw-1", "step-fake_broken-2",
                                  "step-fake_missing-1", "step-never_heard_of-1", "step--1"])
def test_a_step_its_task_cannot_name_is_named_by_its_number(english, fake_kinds, quiz):
    assert question_words(quiz, 4, "mineiro", "6d Qc") == "Step 5"


@pytest.mark.parametrize("quiz, item, variant, prompt, words", [
    ("trick-1", 1, "paulista", "zz|??", "Trick quiz, question 1"),
    ("trick-1", 1, "no-such-variant", "4c 3d", "Trick quiz, question 1"),
    ("trick-1", 1, "mineiro", "", "Trick quiz, question 1"),
    ("envido-3", 2, "argentino", "7e 6e 99x", "Envido quiz 3, question 2"),
    ("ties-1", 1, "mineiro", "A X", "Ties quiz, question 1"),
    ("manilhas-1", 1, "paulista", "<b>|4c", "Manilha quiz, question 1"),
    ("hands-1", 3, "mineiro", "4c 3d", "Question 3"),
    ("odd-id", 2, "mineiro", "4c 3d", "Question 2"),
    ("", "x", None, None, "Question 0"),
    (None, None, None, None, "Question 0"),
])
def test_bad_stored_data_gets_a_generic_name(english, quiz, item, variant, prompt, words):
    assert question_words(quiz, item, variant, prompt) == words


def test_names_are_in_the_teachers_language():
    set_language("fa")
    try:
        words = question_words("trick-1", 12, "paulista", "3s|6d Qc")
        step = question_words("step-never_heard_of-1", 11, "mineiro", "")
    finally:
        set_language("en")
    assert "۱۲" in words and "12" not in words  # the question's number in Persian digits
    assert "6d" not in words and "Qc" not in words and "خشت" in words  # diamonds, in Persian
    assert "۱۲" in step and "12" not in step


def test_answers_are_named_in_words(english):
    assert answer_words("argentino", "envido:33") == "33 points of envido"
    assert answer_words("argentino", "flor:30") == "a flor of 30"
    assert answer_words("argentino", "flor:none") == "no flor"
    assert answer_words("paulista", "4c", "3s|4c 5d") == "the 4 of clubs (Zap)"
    assert answer_words("paulista", "4c") == "the 4 of clubs"  # no vira known: plain name
    assert answer_words("mineiro", "tie") == "a tie"


# --- the join address and its QR code --------------------------------------------------------
TEACHER_ENV = {"VOILA_REQUEST_URL": "http://192.168.1.20:8866/voila/render/lessons/"
                                    "teacher.ipynb?lang=fa",
               "SCRIPT_NAME": "/voila/render/lessons/teacher.ipynb",
               "SERVER_NAME": "192.168.1.20", "SERVER_PORT": "8866"}


def test_the_join_address_is_the_start_page_as_the_teachers_browser_reached_it():
    url = qr.join_url("KX7PQ2MRTA", TEACHER_ENV)
    assert url == "http://192.168.1.20:8866/voila/render/lessons/index.ipynb?class=KX7PQ2MRTA"
    assert not qr.only_this_computer(url)  # ?lang= of the teacher is not the learners'
    behind = {"VOILA_REQUEST_URL": "https://truco.school.example/tutor/voila/render/lessons/"
                                   "teacher.ipynb", "SCRIPT_NAME": "/tutor/voila/render/"
                                                                   "lessons/teacher.ipynb"}
    assert qr.join_url("KX7PQ2MRTA", behind) == (
        "https://truco.school.example/tutor/voila/render/lessons/index.ipynb?class=KX7PQ2MRTA")
    no_url = {"SERVER_NAME": "tutor.local", "SERVER_PORT": "8866"}
    assert qr.join_url("AB12", no_url) == (
        "http://tutor.local:8866/voila/render/lessons/index.ipynb?class=AB12")
    local = qr.join_url("AB12", {"SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8866"})
    assert qr.only_this_computer(local)
    assert qr.only_this_computer("http://localhost:8866/x")
    forged = {"VOILA_REQUEST_URL": "javascript:alert(1)//", "SERVER_NAME": 'ev"il<host>'}
    assert qr.join_url("AB12", forged) == (
        "http://127.0.0.1:8866/voila/render/lessons/index.ipynb?class=AB12")


def _svg_matrix(svg: str) -> list[list[int]]:
    """The dark modules the SVG's path draws (segno's lines: 'M x y', 'm dx dy', 'h n'), as
    rows of 0/1 over its viewBox."""
    size = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))
    grid = [[0] * size for _row in range(size)]
    (path,) = re.findall(r'<path stroke="#000" d="([^"]+)"', svg)
    x = y = 0.0
    for op, args in re.findall(r"([MmHh])([^MmHh]*)", path):
        nums = [float(n) for n in re.findall(r"-?[\d.]+", args)]
        if op == "M":
            x, y = nums
        elif op == "m":
            x, y = x + nums[0], y + nums[1]
        else:
            for col in range(int(x), int(x + nums[0])):
                grid[int(y)][col] = 1
            x += nums[0]
    return grid


def test_the_qr_code_is_the_join_address_drawn_offline():
    url = qr.join_url("KX7PQ2MRTA", TEACHER_ENV)
    svg = qr.qr_svg(url, "QR code of the join address")
    expected = segno.make(url, error="m")
    border = 4
    want = [[0] * border + [int(bool(v)) for v in row] + [0] * border
            for row in expected.matrix]
    blank = [0] * len(want[0])
    want = [blank] * border + want + [blank] * border
    assert _svg_matrix(svg) == want  # module for module, the QR code of this very address
    assert segno.make(url + "x", error="m").matrix != expected.matrix  # (a real comparison)
    assert svg.startswith("<svg ") and "<?xml" not in svg
    assert not re.search(r"(?:href|src)\s*=|url\(|xmlns|<image|<script|@import", svg)
    assert "<title>QR code of the join address</title>" in svg


def test_the_join_panel_fills_in_a_scanned_class_code(monkeypatch):
    from widgets.classroom import session
    from widgets.classroom.join import JoinPanel

    monkeypatch.setenv("QUERY_STRING", "class=kx7pq2mrta")
    assert requested_code() == "KX7PQ-2MRTA"
    session.reset()
    panel = JoinPanel()
    assert panel.code_box.value == "KX7PQ-2MRTA" and panel.name_box.value == ""
    monkeypatch.setenv("QUERY_STRING", "class=%3Cscript%3E")
    assert requested_code() is None
    monkeypatch.setenv("QUERY_STRING", "lang=fa")
    assert requested_code() is None
