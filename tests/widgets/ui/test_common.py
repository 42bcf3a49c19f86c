"""Shared widget helpers: card items, accessible names, feedback, action buttons, doctests."""
import doctest
import importlib

import pytest

import truco
from tutor_clicks import click_button
from widgets.ui import common
from widgets.ui.common import ActionButtons, card_item, card_label, feedback_box, set_feedback

# The views and the step tasks that teach what the removed quiz widgets did (TrickQuiz,
# ManilhaTrainer, BetLadder, EnvidoTrainer: widgets.REMOVED).
MODULES = ["widgets.ui.common", "widgets.explore.ranking", "widgets.steps.tasks.manilhas",
           "widgets.steps.tasks.tricks", "widgets.explore.ties", "widgets.steps.tasks.raising",
           "widgets.table.play", "widgets.explore.compare", "widgets.steps.tasks.envido"]


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("code, vira, label", [
    ("4c", None, "4 of clubs (Zap), top manilha"),
    ("7h", None, "7 of hearts (Copas), second manilha"),
    ("As", None, "ace of spades (Espadilha), third manilha"),
    ("7d", None, "7 of diamonds (Pica-fumo), fourth manilha"),
    ("3s", None, "3 of spades"),
])
def test_mineiro_labels_name_the_manilha_rank(code, vira, label):
    v = truco.variant("mineiro")
    assert card_label(v, v.card(code), vira) == label


def test_labels_follow_the_vira_and_the_bravas():
    p = truco.variant("paulista")
    assert card_label(p, p.card("4h"), "3s") == "4 of hearts (Copas), second manilha"
    assert card_label(p, p.card("4h"), "5s") == "4 of hearts"
    a = truco.variant("argentino")
    assert card_label(a, a.card("7e")) == "7 of espadas (siete de espadas), third carta brava"


def test_card_item_carries_only_display_data_and_the_label_in_the_svg():
    v = truco.variant("mineiro")
    item = card_item(v, v.card("7h"), highlight="manilha", enabled=False, extra="level 2")
    assert set(item) == {"code", "svg", "label", "enabled"}
    assert item["label"] == "7 of hearts (Copas), second manilha, level 2"
    assert 'aria-label="7 of hearts (Copas), second manilha, level 2"' in item["svg"]
    assert item["enabled"] is False and 'data-highlight="manilha"' in item["svg"]
    hidden = card_item(v, v.card("7h"), reveal=False)
    assert hidden["label"] == "7 of hearts" and "manilha" not in hidden["svg"].lower()


def test_feedback_is_escaped_and_changes_on_every_message():
    box = feedback_box()
    assert "tutor-feedback" in box._dom_classes
    set_feedback(box, "<script>x</script>", "wrong", ["a & b"], count=1)
    first = box.value
    assert "<script>" not in first and "&lt;script&gt;" in first and "a &amp; b" in first
    assert 'data-tone="wrong"' in first
    set_feedback(box, "<script>x</script>", "wrong", ["a & b"], count=2)
    assert box.value != first


def test_action_buttons_only_run_offered_actions():
    done, rejected = [], []
    buttons = ActionButtons(done.append, rejected.append)
    buttons.show([("raise", "Truco"), ("fold", "Fold")])
    raise_button = buttons.buttons["raise"]
    click_button(raise_button)
    assert done == ["raise"]
    buttons.show([("fold", "Fold")])  # raise hidden and disabled now
    assert raise_button.disabled and raise_button.layout.display == "none"
    click_button(raise_button)  # a stale or forged click
    assert done == ["raise"] and rejected == ["That button is not available now."]
    assert buttons.click("accept") is False and done == ["raise"]
    buttons.close()


def test_get_variant_accepts_names_and_objects():
    v = truco.variant("paulista")
    assert common.get_variant("paulista") == v and common.get_variant(v) is v
    with pytest.raises(ValueError):
        common.get_variant("chinchon")


def test_four_colour_suits_follow_the_page_address(monkeypatch):
    import truco
    from widgets.ui.common import card_item
    v = truco.variant("mineiro")
    monkeypatch.setenv("QUERY_STRING", "variant=mineiro")
    two = card_item(v, v.card("4d"))["svg"]
    monkeypatch.setenv("QUERY_STRING", "variant=mineiro&colours=4")
    four = card_item(v, v.card("4d"))["svg"]
    assert two != four
    assert card_item(v, v.card("4d"), four_colour=False)["svg"] == two


def test_card_items_are_fresh_and_follow_the_language():
    from truco.i18n import set_language
    v = truco.variant("mineiro")
    first = card_item(v, v.card("7h"))
    first["label"] = "changed"  # a caller's change never reaches the next item
    assert card_item(v, v.card("7h"))["label"] == "7 of hearts (Copas), second manilha"
    try:
        set_language("pt_BR")
        assert card_item(v, v.card("7h"))["label"] == card_label(v, v.card("7h"))
        assert card_item(v, v.card("7h"))["label"] != first["label"]
    finally:
        set_language("en")
    assert card_item(v, v.card("7h"))["label"] == "7 of hearts (Copas), second manilha"
    varied = truco.variant("mineiro", all_tie="nobody")  # a variant with a rule option
    assert card_item(varied, varied.card("7h"))["label"] == card_label(varied, varied.card("7h"))


def test_feedback_is_sent_before_the_caller_goes_on(monkeypatch):
    """say() flushes standard output (in a kernel: waits until the feedback has left)."""
    import io

    from widgets.ui.common import TutorWidget

    seen = []

    class Out(io.StringIO):
        def flush(self):
            seen.append(tutor.feedback.value)

    tutor = TutorWidget()
    monkeypatch.setattr("sys.stdout", Out())
    tutor.say("Hello", "right")
    assert seen and 'data-tone="right"' in seen[-1] and "Hello" in seen[-1]


@pytest.mark.parametrize("name", truco.VARIANT_NAMES)
def test_the_turned_up_cards_word_is_the_variants_own(name):
    v = truco.variant(name)
    word = v.turned_up_word
    assert common.vira_word(v) == ("Muestra" if word == "muestra" else "Vira")
    assert common.vira_highlight(v) == (word or "vira")

def test_a_new_action_button_reaches_the_browser_with_its_name():
    """The row's children change (and are sent) when a button is made: it must have its
    label by then, or the browser draws a button without a name (axe: button-name) until the
    label's own message comes."""
    buttons = ActionButtons(lambda _t: None)
    seen = []
    buttons.box.observe(lambda change: seen.extend(
        (b.description, b.layout.display) for b in change["new"]), names="children")
    buttons.show([("refuse", "Refuse"), ("accept", "Accept (4)")],
                 tooltips={"accept": "Play for 4"})
    assert seen and all(label for label, _display in seen), seen
    assert buttons.buttons["accept"].tooltip == "Play for 4"
    assert buttons.buttons["refuse"].layout.display is None
    buttons.close()
