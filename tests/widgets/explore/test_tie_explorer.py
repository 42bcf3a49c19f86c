"""TieExplorer: trick results in, the engine's hand verdict out; and a quiz."""
import re
from html import unescape

import ipywidgets as W
import pytest

import truco
from truco import resolve
from tutor_clicks import assert_built, click_button
from widgets import TieExplorer


def test_builds_with_the_promised_classes():
    assert_built(TieExplorer())


def test_first_trick_tied_then_won():
    t = TieExplorer("mineiro")
    t.set_trick(0, "tie")
    assert t.verdict is None and "not decided" in t.message
    t.set_trick(1, "B")
    expected = resolve.hand(truco.variant("mineiro"), [None, 1], 0, 1)
    assert t.winner == 1 and t.verdict.reason == "first_tied"
    assert t.message == expected.explain()


@pytest.mark.parametrize("variant, winner, reason", [
    ("mineiro", 1, "all_tied_dealer"), ("paulista", None, "all_tied_nobody"),
    ("argentino", 0, "all_tied_mano")])
def test_all_tied_per_variant(variant, winner, reason):
    t = TieExplorer(variant)
    for i in range(3):
        t.set_trick(i, "tie")
    assert t.verdict.winner == winner and t.verdict.reason == reason
    assert t.verdict.rule() in t.message


def test_the_table_compares_every_variant():
    t = TieExplorer("mineiro")
    for i in range(3):
        t.set_trick(i, "tie")
    for name in truco.VARIANT_NAMES:
        assert truco.variant(name).title in t.table.value
    assert "the dealer&#x27;s side wins" in t.table.value and "nobody scores" in t.table.value


def test_tricks_after_a_decided_hand_show_the_engine_error():
    t = TieExplorer("mineiro")
    for i, r in enumerate(["A", "A", "B"]):
        t.set_trick(i, r)
    assert t.verdict is None and "trick 3 is not played" in t.message
    t.set_trick(2, None)
    assert t.winner == 0 and t.verdict.reason == "two_tricks"


def test_a_gap_is_explained():
    t = TieExplorer("mineiro")
    t.set_trick(1, "A")
    assert t.verdict is None and "Trick 1 is not set" in t.message


@pytest.mark.parametrize("i, result", [(3, "A"), (-1, "A"), ("0", "A"), (True, "A"),
                                       (0, "C"), (0, 0), (0, ["A"])])
def test_bad_settings_are_refused(i, result):
    t = TieExplorer("mineiro")
    assert t.set_trick(i, result) is False
    assert t.tricks == [None, None, None] and t.tone == "error"


def test_toggles_are_validated_like_set_trick():
    t = TieExplorer("mineiro")
    t.toggles[0].set_state({"index": 2})  # "tie", from the browser
    assert t.tricks[0] == "tie"
    with pytest.raises(Exception):
        t.toggles[1].set_state({"index": 9})
    assert t.tricks == ["tie", None, None]


def test_quiz_scores_and_refuses_a_second_answer():
    t = TieExplorer("mineiro", seed=1)
    click_button(t.quiz_button)
    assert t.in_quiz and t.message.startswith("Who wins this hand")
    assert t.table.value.count("<tr") == 0  # the answer is not shown before answering
    right = t.expected_answer()
    assert right in ("A", "B", "nobody")
    click_button(t.buttons.button(right))
    assert (t.score, t.asked) == (1, 1) and t.message.startswith("Right!")
    assert t.verdict.explain() in t.message
    assert t.answer(right) is False and (t.score, t.asked) == (1, 1)
    t.quiz()
    wrong = next(a for a in ("A", "B", "nobody") if a != t.expected_answer())
    assert t.answer(wrong) is False and (t.score, t.asked) == (1, 2)
    assert t.tone == "wrong" and t.verdict.explain() in t.message


def test_quiz_cannot_be_changed_or_answered_out_of_turn():
    t = TieExplorer("mineiro", seed=2)
    assert t.answer("A") is False and t.asked == 0  # no question yet
    click_button(t.buttons.button("A"))  # a hidden button, forged
    assert t.asked == 0
    t.quiz()
    tricks = list(t.tricks)
    assert t.set_trick(0, "B") is False and t.tricks == tricks
    t.toggles[0].set_state({"index": 3})  # forged from the browser
    assert t.tricks == tricks and t.toggles[0].value == (tricks[0] or "")
    assert t.answer("maybe") is False and t.asked == 0


def test_quiz_answers_follow_the_variant():
    for name in ("mineiro", "paulista", "argentino", "truc"):
        t = TieExplorer(name, seed=3)
        for _k in range(10):
            t.quiz()
            played = [{"A": 0, "B": 1, "tie": None}[r] for r in t.tricks if r is not None]
            verdict = resolve.hand(truco.variant(name), played, 0, 1)
            assert t.expected_answer() == {0: "A", 1: "B", None: "nobody"}[verdict.winner]
            t.answer(t.expected_answer())
        assert t.score == 10


def shown_text(t) -> str:
    """Everything the widget shows as text: feedback, the line and table, the score."""
    html = t.feedback.value + t.table.value + t.score_html.value
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_the_trick_results_are_shown_once():
    t = TieExplorer("mineiro", seed=1)
    steps = [lambda: None, lambda: t.set_trick(0, "tie"), lambda: t.set_trick(1, "B"),
             lambda: t.set_trick(2, "A"), lambda: t.set_trick(2, None), t.quiz,
             lambda: t.answer(t.expected_answer()), lambda: t.set_variant("paulista"),
             t.quiz, lambda: t.answer("nobody" if t.expected_answer() != "nobody" else "A"),
             t.reset]
    for step in steps:
        step()
        text = shown_text(t)
        assert text.count("Tricks:") == 1, text
        assert "Team A is the mano's side; the dealer is on team B." in text
    # When the engine explains the hand, the tricks are in its explanation ...
    t.set_trick(0, "A")
    t.set_trick(1, "A")
    assert t.message.startswith("Tricks: team A, team A.")
    assert "Tricks:" not in t.table.value
    # ... and while it cannot (a question, or a hand still going on), the line above the table
    # lists them.
    t.quiz()
    assert "Tricks:" not in t.message and "Tricks:" in t.table.value


# --- rule options: where players disagree about three tied tricks -----------------------------
def all_tied(t):
    for i in range(3):
        t.set_trick(i, "tie")
    return t


def rule_text(name, value):
    return resolve.hand(truco.variant(name, all_tie=value), [None, None, None], 0, 1).rule()


def test_mineiro_offers_both_all_tie_rules_and_the_learner_flips_them():
    t = all_tied(TieExplorer("mineiro"))
    dealer, nobody = rule_text("mineiro", "dealer"), rule_text("mineiro", "nobody")
    labels = [label for label, _value in t.rule_picker.options]
    assert [v for _l, v in t.rule_picker.options] == ["dealer", "nobody"]
    assert labels == [dealer[0].upper() + dealer[1:], nobody[0].upper() + nobody[1:]]
    assert t.rule_picker.value == "dealer" and t.rule_picker.layout.display != "none"
    assert t.winner == 1 and t.verdict.reason == "all_tied_dealer"
    row = unescape(t.table.value.split("<th>Truco Mineiro</th>")[1].split("</tr>")[0])
    assert row.index(dealer) < row.index(nobody)  # both rules, the one in use first
    t.rule_picker.value = "nobody"  # the learner clicks the other rule
    assert t.variant.all_tie == "nobody" and t.variant.name == "mineiro"
    assert t.winner is None and t.verdict.reason == "all_tied_nobody"
    assert t.message == t.verdict.explain() and nobody in t.message
    row = unescape(t.table.value.split("<th>Truco Mineiro</th>")[1].split("</tr>")[0])
    assert row.index(nobody) < row.index(dealer)
    assert t.variant_picker.value == "mineiro"


def test_the_rule_follows_the_variant():
    t = TieExplorer("mineiro")
    t.set_rule("nobody")
    t.variant_picker.value = "paulista"  # another variant: its own default rule
    assert t.variant.all_tie == "nobody" and t.rule_picker.value == "nobody"
    assert [v for _l, v in t.rule_picker.options] == ["nobody", "mano"]
    t.set_variant("truc")  # a single rule: nothing to choose
    assert t.rule_picker.layout.display == "none" and t.variant_picker.value == "truc"
    assert t.set_rule("dealer") is False and t.tone == "error" and t.variant.name == "truc"
    t.set_variant(truco.variant("mineiro", all_tie="nobody"))
    assert t.rule_picker.value == "nobody" and t.variant_picker.value == "mineiro"


@pytest.mark.parametrize("value", ["mano", "", None, 3, ["nobody"]])
def test_a_rule_the_variant_lacks_is_refused(value):
    t = all_tied(TieExplorer("mineiro"))
    assert t.set_rule(value) is False and t.tone == "error"
    assert t.variant.all_tie == "dealer" and t.rule_picker.value == "dealer"


def test_quiz_and_rule():
    t = TieExplorer("mineiro", seed=4)
    t.set_rule("nobody")
    for _k in range(30):
        t.quiz()
        played = [{"A": 0, "B": 1, "tie": None}[r] for r in t.tricks if r is not None]
        if played == [None, None, None]:
            assert t.expected_answer() == "nobody"
        t.answer(t.expected_answer())
    t.quiz()
    t.set_rule("dealer")  # a new rule abandons the question, like a new variant
    assert not t.in_quiz and t.asked == 30


def test_a_mineiro_learner_sees_both_all_tie_rules(monkeypatch):
    """For a Mineiro learner (the default variant): both rules on offer and in the table."""
    from widgets.pages.lesson import session_variant

    monkeypatch.delenv("QUERY_STRING", raising=False)  # Mineiro, the default
    t = all_tied(TieExplorer(variant=session_variant(), seed=5))
    assert t.variant.name == "mineiro"
    assert {v for _l, v in t.rule_picker.options} == {"dealer", "nobody"}
    shown = unescape(t.table.value)
    assert rule_text("mineiro", "dealer") in shown and rule_text("mineiro", "nobody") in shown


def test_the_variant_table_waits_for_a_trick():
    """Before any choice every row read 'not decided yet after 0 tricks' (issue 20)."""
    t = TieExplorer("mineiro")
    assert "tutor-variants" not in t.table.value
    t.set_trick(0, "tie")
    assert "tutor-variants" in t.table.value


def test_quiz_answers_stand_apart_and_look_like_answers():
    t = TieExplorer("mineiro", seed=3)
    row = next(c for c in t.widget.children
               if isinstance(c, W.HBox) and t.quiz_button in c.children)
    assert t.buttons.box not in row.children, "answers sat in the row of Quiz me and Clear"
    assert t.answers.layout.display == "none"  # no question yet
    t.quiz()
    assert t.answers.layout.display != "none" and t.buttons.box in t.answers.children
    shown = [b for b in t.buttons.box.children if b.layout.display != "none"]
    assert [b.description for b in shown] == ["Team A", "Team B", "Nobody"]
    assert all(b.button_style == "primary" for b in shown)
    assert t.quiz_button.button_style != "primary"


def test_without_the_quiz_and_the_variant_menu_for_an_explore_step():
    """A lesson's Explore step: the explorer in the learner's variant, its quiz left out (a
    forged click on the hidden "Quiz me" is refused), nothing stored; set_trick still works
    and the all-tie rule stays offered."""
    t = TieExplorer("mineiro", recorder=None, with_quiz=False, pick_variant=False)
    assert t.recorder is None
    assert t.quiz_button.layout.display == "none" and t.score_html.layout.display == "none"
    assert t.variant_picker.layout.display == "none"
    assert "tutor-bench-click" not in t.quiz_button._dom_classes
    click_button(t.quiz_button)
    assert not t.in_quiz and t.dealt == 0 and t.tone == "error"
    assert "not available" in t.message
    assert [t.set_trick(i, "tie") for i in range(3)] == [True] * 3
    assert t.rule_picker.layout.display is None  # Mineiro tables differ: both rules offered
    assert t.set_rule("nobody") and t.winner is None
    assert t.set_rule("dealer") and t.winner == t.dealer
    full = TieExplorer("mineiro", recorder=None)
    assert full.quiz_button.layout.display is None and full.variant_picker.layout.display is None
    click_button(full.quiz_button)
    assert full.in_quiz and full.dealt == 1
