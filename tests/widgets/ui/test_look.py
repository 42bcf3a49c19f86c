"""How the widgets look: feedback tones, button widths, labels that fit (plain Python)."""
import re
import xml.etree.ElementTree as ET

import ipywidgets as W
import pytest

from lesson_plans import plan_of
from tutor_clicks import walk
from widgets import PlayTable, RankingExplorer, TieExplorer, VariantCompare
from widgets.steps import MemoryProgress
from widgets.steps.runner import StepRunner
from widgets.ui.common import TONE_STYLES, button, feedback_box, set_feedback, variant_picker
from widgets.ui.feedback import FeedbackBox
from widgets.pages.lesson import StartPage

SVG = "{http://www.w3.org/2000/svg}"


# --- colour contrast (WCAG 2) --------------------------------------------------------------------
def luminance(colour: str) -> float:
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(c * 2 for c in colour)
    channels = [int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_contrast_helper():
    assert contrast("#000", "#fff") == pytest.approx(21)
    assert contrast("#777", "#777") == pytest.approx(1)


# --- feedback tones ---------------------------------------------------------------------------
def shown(tone: str, text: str = "Some text.", details=("A detail.",)) -> ET.Element:
    box = feedback_box()
    set_feedback(box, text, tone, details, count=1)
    return ET.fromstring(box.value)


def style_of(element: ET.Element) -> dict:
    pairs = (part.split(":", 1) for part in element.get("style", "").split(";") if ":" in part)
    return {k.strip(): v.strip() for k, v in pairs}


def plain_text(element: ET.Element) -> list[str]:
    """The text nodes, in order (whitespace-only ones left out)."""
    return [t.strip() for t in element.itertext() if t.strip()]


@pytest.mark.parametrize("tone", ["info", "right", "wrong", "error"])
def test_every_tone_is_styled_inline_with_good_contrast(tone):
    msg = shown(tone)
    assert msg.get("class") == f"tutor-msg tutor-msg-{tone}"
    style = style_of(msg)
    ink, background, accent = TONE_STYLES[tone]
    assert style["color"] == ink and style["background"] == background
    assert accent in style["border-inline-start"]
    assert contrast(ink, background) >= 7  # text: WCAG AAA
    assert contrast(accent, background) >= 3  # border and icon: non-text contrast
    # The icon adds no text: what the box reads is the message, nothing more.
    assert plain_text(msg) == ["Some text.", "A detail."]


def test_right_wrong_and_error_differ_by_colour_and_by_a_named_icon():
    icons, colours = {}, set()
    for tone, word in (("right", "Right"), ("wrong", "Wrong"), ("error", "Not possible")):
        msg = shown(tone)
        colours.add(tuple(style_of(msg)[k] for k in ("color", "background")))
        svg = msg.find(SVG + "svg")
        assert svg is not None, f"no icon for {tone}"
        assert svg.get("role") == "img" and svg.get("aria-label") == word
        assert svg.get("class") == "tutor-msg-icon"
        icons[tone] = ET.tostring(svg)
    assert len(colours) == 3
    assert len({re.sub(rb'aria-label="[^"]*"|#[0-9a-f]{6}', b"", i)
                for i in icons.values()}) == 3  # three shapes, not one shape recoloured
    assert shown("info").find(SVG + "svg") is None  # plain information: no icon


def test_feedback_needs_no_stylesheet_or_network():
    box = feedback_box()
    for tone in TONE_STYLES:
        set_feedback(box, "x", tone)
        assert "http" not in box.value.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert "<style" not in box.value and "<link" not in box.value
    # In the browser the box draws itself with its own module and stylesheet, both inline.
    code = FeedbackBox._esm + FeedbackBox._css
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)|@import|url\(|import ", code)


def css_rules(css: str) -> dict[str, dict]:
    return {sel.strip(): style_of(ET.Element("x", style=body))
            for sel, body in re.findall(r"([^{}]+)\{([^}]*)\}", css)}


@pytest.mark.parametrize("tone", ["info", "right", "wrong", "error"])
def test_the_box_stylesheet_draws_each_tone_as_the_inline_markup_does(tone):
    rules, inline = css_rules(FeedbackBox._css), style_of(shown(tone))
    drawn = {**rules[".tutor-msg"], **rules[f".tutor-msg-{tone}"]}
    assert drawn == inline


def test_a_message_is_text_not_markup():
    box = feedback_box()
    assert box.value == "" and "tone" not in box.msg
    box.show("<b>bold?</b>", "sideways", ["<i>x</i>", ""], count=2)
    assert box.msg == {"text": "<b>bold?</b>", "details": ["<i>x</i>"], "tone": "info",
                       "n": 2, "dir": "ltr", "word": ""}
    assert "<b>" not in box.value and "&lt;b&gt;bold?&lt;/b&gt;" in box.value
    box.clear()
    assert box.value == "" and box.msg == {"dir": "ltr"}


def steps(name: str, variant: str = "mineiro") -> StepRunner:
    """A lesson's steps, as its page shows them."""
    return StepRunner(plan_of(name), variant=variant, progress=MemoryProgress(), seed=1)


def finished(runner: StepRunner) -> StepRunner:
    """The runner at its summary ("Practise again"), every step answered right."""
    while not runner.finished:
        runner.answer(runner.task.solution())
    return runner


def test_widgets_show_the_tone_they_say():
    t = steps("02_manilhas")
    while t.task.kind != "manilhas":  # the lesson's manilha hunt
        t.answer(t.task.solution())
    hunt = t.task
    t.answer(hunt.wrong_answer())  # a wrong pick in a manilha hunt: a slip, a note, no red cross
    assert t.tone == "info" and 'class="tutor-msg tutor-msg-info"' in t.feedback.value
    while t.task is hunt:
        t.answer(hunt.solution())
    assert t.tone == "right" and 'class="tutor-msg tutor-msg-right' in t.feedback.value
    assert 'aria-label="Right"' in t.feedback.value
    # the lesson moved on: the verdict names the step it was about, as a line of its history
    assert "tutor-msg-past" in t.feedback.value
    assert re.search(r"Step \d+ of \d+ passed: </span>", t.feedback.value)
    assert t.feedback.msg["focus"] == t._tasks  # the new task, drawn since, gets the focus
    q = steps("03_tricks")
    q.answer(q.task.wrong_answer())
    assert q.tone == "wrong" and 'aria-label="Wrong"' in q.feedback.value


# --- buttons and labels ---------------------------------------------------------------------
def test_the_button_helper_does_not_stretch():
    b = button("New round", lambda: None)
    assert b.layout.width == "auto" and b.layout.align_self == "flex-start"


BUILDERS = {
    "RankingExplorer": lambda: RankingExplorer("mineiro"),
    "TieExplorer": lambda: TieExplorer("mineiro", seed=1),
    "PlayTable": lambda: PlayTable("mineiro", seed=1),
    "VariantCompare": lambda: VariantCompare("mineiro", seed=1),
    # the lessons' steps that teach what the removed quiz widgets did (widgets.REMOVED)
    "steps 02_manilhas, summary": lambda: finished(steps("02_manilhas", "paulista")),
    "steps 03_tricks": lambda: steps("03_tricks"),
    "steps 05_raising": lambda: steps("05_raising"),
    "steps 07_envido_flor": lambda: steps("07_envido_flor", "argentino"),
}


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_no_button_of_a_widget_stretches_across_the_page(name):
    tutor = BUILDERS[name]()
    parents = {}
    for w in walk(tutor.widget):
        for child in getattr(w, "children", ()):
            parents[child] = w
    buttons = [w for w in walk(tutor.widget) if isinstance(w, W.Button)]
    assert buttons
    for b in buttons:
        # A column (VBox) stretches its children across; a row (HBox) keeps them narrow.
        if isinstance(parents[b], W.VBox):
            assert b.layout.align_self == "flex-start", b.description
        assert b.layout.width in ("auto", None, ""), b.description


def test_dropdown_labels_are_not_cut_off():
    c = VariantCompare("mineiro", seed=1)
    assert c.other_picker.description == "Compare with"
    assert c.other_picker.style.description_width == "initial"
    assert variant_picker("mineiro").style.description_width == "initial"
    assert StartPage().picker.style.description_width == "initial"
