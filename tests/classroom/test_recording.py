"""The quiz widgets take a recorder; only the app layer (widgets/classroom/recording.py) imports
the classroom package (issue 19, "the app layer apart from the views"). The views are every
module of widgets/cards, table, explore, charts and ui: a new one is covered as it is added."""
import ast
import importlib.util
from pathlib import Path

import pytest

from widgets import TieExplorer
from widgets.classroom.recording import FROM_APP, deal_seed, recorder_for, resolve_recorder

ROOT = Path(__file__).resolve().parents[2] / "widgets"
VIEW_FOLDERS = ("cards", "table", "explore", "charts", "ui")
VIEWS = sorted(str(path.relative_to(ROOT)) for folder in VIEW_FOLDERS
               for path in (ROOT / folder).rglob("*.py"))
APP_LAYER = "widgets.classroom.recording"


class FakeRecorder:
    """The Recorder protocol: ``seed``, ``save`` (None: stored; nothing while replaying, as
    the classroom's recorder) and ``replay``."""

    def __init__(self, seed=41, saved=()):
        self.seed, self.saved, self.stored = seed, list(saved), []
        self.replaying = False

    def save(self, item, variant, prompt, answer, correct, right):
        if not self.replaying:
            self.stored.append((item, variant, prompt, answer, right))
        return None

    def replay(self, apply):
        done, self.replaying = 0, True
        for answer in self.saved:
            if not apply(answer):
                break
            done += 1
        self.replaying = False
        return done


def imported(path: Path, source: str | None = None) -> list[str]:
    """The absolute names of the modules ``path`` (or ``source``, as if it were there)
    imports: relative imports resolved, and ``from .. import x`` also as the module ``..x``
    it may be."""
    package = ".".join(path.relative_to(ROOT.parent).parts[:-1])  # widgets.explore ...
    names = []
    tree = ast.parse(path.read_text() if source is None else source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = importlib.util.resolve_name("." * node.level + (node.module or ""),
                                               package) if node.level else node.module
            names.append(base)
            names += [f"{base}.{a.name}" for a in node.names]
    return names


def test_the_views_are_found():
    assert len(VIEWS) >= 15 and "explore/ties.py" in VIEWS and "table/play.py" in VIEWS
    assert "ui/common.py" in VIEWS and "charts/odds.py" in VIEWS and "cards/cardrow.py" in VIEWS


@pytest.mark.parametrize("name", VIEWS)
def test_the_views_import_the_classroom_only_through_the_app_layer(name):
    for module in imported(ROOT / name):
        if "classroom" in module:
            assert module == APP_LAYER or module.startswith(APP_LAYER + "."), (name, module)


def test_the_import_check_sees_every_way_in():
    source = ("from ..classroom import session\nimport widgets.classroom.store\n"
              "from .. import classroom\nfrom ..classroom.recording import deal_seed\n")
    names = {n for n in imported(ROOT / "explore" / "new_view.py", source) if "classroom" in n}
    assert {"widgets.classroom.session", "widgets.classroom.store", "widgets.classroom",
            APP_LAYER} <= names


def test_outside_a_class_the_app_gives_no_recorder_and_the_lessons_seed():
    assert recorder_for("ties", 3) is None and deal_seed("table", 3) == 3
    assert resolve_recorder(None, "ties", 3) is None
    fake = FakeRecorder()
    assert resolve_recorder(fake, "ties", 3) is fake
    assert repr(FROM_APP) == "FROM_APP"


def test_a_tie_quiz_deals_from_its_recorders_seed_and_stores_each_answer():
    fake = FakeRecorder(seed=41)
    q = TieExplorer("mineiro", seed=3, recorder=fake)
    assert q.recorder is fake and q.seed == 41
    plain = TieExplorer("mineiro", seed=41, recorder=None)
    for quiz in (q, plain):
        quiz.quiz()
    assert q.tricks == plain.tricks  # the same deal as a plain quiz of 41
    answer = q.expected_answer()
    assert q.answer(answer) is True
    assert fake.stored == [(1, "mineiro", " ".join(t or "-" for t in q.tricks), answer, True)]


def test_a_refused_save_is_said_and_the_answer_does_not_count():
    class Full(FakeRecorder):
        def save(self, *answer):
            return "Your answer could not be saved."
    q = TieExplorer("mineiro", seed=3, recorder=Full())
    q.quiz()
    assert q.answer(q.expected_answer()) is False
    assert (q.asked, q.score, q.quiz_answered) == (0, 0, False)
    assert "could not be saved" in q.message and q.tone == "error"


def test_the_tie_quiz_takes_a_recorder_and_replays_its_answers():
    from widgets.classroom.store import Answer

    fake = FakeRecorder(seed=77)
    widget = TieExplorer("mineiro", seed=2, recorder=fake)
    assert widget.recorder is fake and widget.seed == 77
    assert TieExplorer("mineiro", seed=2, recorder=None).recorder is None
    widget.quiz()
    right = widget.expected_answer()
    widget.answer(right)
    saved = [Answer("04_ties", "ties-1", 1, 1, "mineiro", "", right, right, True)]
    again = TieExplorer("mineiro", seed=2, recorder=FakeRecorder(seed=77, saved=saved))
    assert (again.score, again.asked, again.dealt) == (1, 1, 1)
    assert again.recorder.stored == []  # a replay stores nothing
