"""The quiz widgets take a recorder; only the app layer (widgets/classroom/recording.py) imports the
classroom package (issue 19, "the app layer apart from the views")."""
import ast
from pathlib import Path

import pytest

from widgets import EnvidoTrainer, ManilhaTrainer, TieExplorer, TrickQuiz
from widgets.classroom.recording import FROM_APP, deal_seed, recorder_for, resolve_recorder

ROOT = Path(__file__).resolve().parents[2] / "widgets"
VIEWS = ["trick_quiz.py", "manilha_trainer.py", "tie_explorer.py", "envido_trainer.py",
         "play_table.py", "bet_ladder.py", "variant_compare.py", "ranking_explorer.py",
         "odds_charts.py", "common.py", "table.py", "table_board.py", "table_words.py"]


class FakeRecorder:
    """The Recorder protocol: ``seed``, ``save`` (None: stored) and ``replay``."""

    def __init__(self, seed=41, saved=()):
        self.seed, self.saved, self.stored = seed, list(saved), []

    def save(self, item, variant, prompt, answer, correct, right):
        self.stored.append((item, variant, prompt, answer, right))
        return None

    def replay(self, apply):
        done = 0
        for answer in self.saved:
            if not apply(answer):
                break
            done += 1
        return done


@pytest.mark.parametrize("name", VIEWS)
def test_the_views_do_not_import_the_classroom_package(name):
    tree = ast.parse((ROOT / name).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert "classroom" not in (node.module or ""), (name, node.module)
        elif isinstance(node, ast.Import):
            assert not any("classroom" in a.name for a in node.names), name


def test_outside_a_class_the_app_gives_no_recorder_and_the_lessons_seed():
    assert recorder_for("trick", 3) is None and deal_seed("table", 3) == 3
    assert resolve_recorder(None, "trick", 3) is None
    fake = FakeRecorder()
    assert resolve_recorder(fake, "trick", 3) is fake
    assert repr(FROM_APP) == "FROM_APP"


def test_a_trick_quiz_deals_from_its_recorders_seed_and_stores_each_answer():
    fake = FakeRecorder(seed=41)
    q = TrickQuiz("mineiro", seed=3, recorder=fake)
    assert q.recorder is fake and q.seed == 41 and not q.lean
    plain = TrickQuiz("mineiro", seed=41, recorder=None)
    assert q.prompt_codes() == plain.prompt_codes()  # the same deal as a plain quiz of 41
    answer = sorted(q.correct_answers())[0]
    assert q.choose(answer) is True
    assert fake.stored == [(1, "mineiro", q.prompt_codes(), answer, True)]


def test_a_refused_save_is_said_and_the_answer_does_not_count():
    class Full(FakeRecorder):
        def save(self, *answer):
            return "Your answer could not be saved."
    q = TrickQuiz("mineiro", seed=3, recorder=Full())
    assert q.choose(sorted(q.correct_answers())[0]) is False
    assert q.asked == 0 and "could not be saved" in q.message


@pytest.mark.parametrize("make", [
    lambda rec: ManilhaTrainer("paulista", seed=2, recorder=rec),
    lambda rec: TieExplorer("mineiro", seed=2, recorder=rec),
    lambda rec: EnvidoTrainer("argentino", seed=2, recorder=rec),
])
def test_every_quiz_widget_takes_a_recorder(make):
    fake = FakeRecorder(seed=77)
    widget = make(fake)
    assert widget.recorder is fake and widget.seed == 77
    assert make(None).recorder is None
