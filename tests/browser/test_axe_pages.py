"""axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules on every page of the tutor (issue 37).

Each page is opened in English and in Persian and checked at 1280 x 900 and at 390 x 844 (the
same page made narrow: the layout is CSS, so the phone's page is the same document), in the
light theme and (English) the dark one, then once more after a first answer (the first card or
button of the page's task), when it has a task: 0 violations each time. The same page load
checks that the page fits a phone (issue 16: the test of its own it had cost a second load).
A failure names each rule, its help text and the first elements it found, so the fix can
start from the message.

``make page-shots`` (TRUCO_PAGE_SHOTS=1) also saves a whole-page screenshot of every state
checked, and checks the Persian pages in the dark theme too, to
``test-artifacts/pages/<page>-<lang>-<width>-<theme>[-answered].png``: the pictures a person
looks at before a change of look is called done (too slow for every ``make test``).

axe-core comes with ``axe-playwright-python`` (its ``axe.min.js``), evaluated in the page: no
request leaves 127.0.0.1.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect
from layout import assert_fits
from shots import full_page

REPO = Path(__file__).resolve().parents[2]
PAGES = sorted(p.stem for p in (REPO / "lessons").glob("*.ipynb"))
DESK = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
OPTIONS = {"runOnly": {"type": "tag", "values": WCAG}, "resultTypes": ["violations"]}

# A page's first answer: a card or an enabled button of the task on screen.
TASK = "[class*='tutor-task-']"
ANSWER = (f"{TASK} .tutor-card:not(.tutor-card-disabled), "
          f"{TASK} button.jupyter-button:enabled")
HANDLED = "[class*='tutor-handled-']"
SHOTS = bool(os.environ.get("TRUCO_PAGE_SHOTS"))
DARK = ("en", "fa") if SHOTS else ("en",)  # the colours are the same in every language

_axe = Axe()


def violations(page) -> list[str]:
    """axe's WCAG A/AA violations on the page, one readable line each."""
    # axe-core once per document (the library's run evaluates its 550 kB script each time:
    # a tenth of each run), then axe.run as the library calls it
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_axe.axe_script)
    found = page.evaluate("options => axe.run(document, options)", OPTIONS)["violations"]
    lines = []
    for v in found:
        targets = [" ".join(map(str, n["target"])) for n in v["nodes"][:3]]
        why = " ".join(v["nodes"][0].get("failureSummary", "").split())[:300]
        lines.append(f'{v["id"]} ({v["impact"]}, {len(v["nodes"])} elements): {v["help"]}: '
                     + " | ".join(t[-120:] for t in targets) + f" ({why})")
    return lines


def check(page, where: str, failures: list[str]) -> None:
    failures.extend(f"{where}: {line}" for line in violations(page))


def test_axe_finds_what_it_should(tutor_page):
    """The check itself can fail: an image without a name and grey-on-white text are found."""
    page = tutor_page.open_lesson("lessons/glossary.ipynb")
    page.evaluate("""() => {
        const bad = document.createElement('div');
        bad.innerHTML = '<svg role="img" width="20" height="20"></svg>'
                      + '<p style="color:#bbb;background:#fff">too pale</p>';
        document.body.appendChild(bad);
    }""")
    ids = {line.split(" ", 1)[0] for line in violations(page)}
    assert {"svg-img-alt", "color-contrast"} <= ids, ids


@pytest.mark.parametrize("lang", ["en", "fa"])
@pytest.mark.parametrize("name", PAGES)
def test_every_page_passes_axe_and_fits_a_phone(tutor_page, name, lang):
    """axe at both sizes, before and after a first answer, light; dark (English) once per
    state, at one size each (the colours do not change with the width). At 390 px the page
    also fits the phone (issue 16): nothing outside the viewport or scrolling sideways, every
    label whole, every target large enough; one page load serves both checks."""
    page = tutor_page.page
    # reduced motion: no colour transition half-way when axe reads the colours
    page.emulate_media(color_scheme="light", reduced_motion="reduce")
    page.set_viewport_size(DESK)
    query = "?lang=fa" if lang == "fa" else ""
    tutor_page.open_lesson(f"lessons/{name}.ipynb{query}")
    failures: list[str] = []

    def look(size, scheme: str, when: str = "") -> None:
        page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
        page.set_viewport_size(size)
        check(page, f"{size['width']} px, {scheme}{when}", failures)
        if SHOTS:
            full_page(page, f"pages/{name}-{lang}-{size['width']}-{scheme}"
                            f"{'-answered' if when else ''}.png")

    look(DESK, "light")
    look(PHONE, "light")
    assert_fits(page, f"{name} ({lang})")
    if lang in DARK:
        look(DESK, "dark")
    answer = page.locator(ANSWER).locator("visible=true")
    if answer.count():
        answer.first.click()
        expect(page.locator(HANDLED).first).to_be_attached()
        when = ", after a first answer"
        look(PHONE, "light", when)
        if lang in DARK:
            look(PHONE, "dark", when)
        look(DESK, "light", when)
    assert not failures, f"{name} ({lang}):\n" + "\n".join(failures)
