"""The README's two screenshots, made by the suite: a lesson's first step (a worked example:
the answer shown with its reason), and the card table of lesson 9. Each run writes them to test-artifacts/readme/; ``make readme-shots``
(TRUCO_README_SHOTS=update) also writes them to docs/img/, where the README shows them. The
committed pictures stay small (they are in every clone)."""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from shots import ARTIFACTS

DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
MAX_BYTES = 120_000


def save(locator, name: str) -> Path:
    out = ARTIFACTS / "readme"
    out.mkdir(parents=True, exist_ok=True)
    path = out / name
    locator.screenshot(path=str(path), animations="disabled")
    from PIL import Image  # matplotlib's dependency: 256 colours keep the picture small

    with Image.open(path) as shot:
        shot.convert("RGB").quantize(256).save(path, optimize=True)
    if os.environ.get("TRUCO_README_SHOTS") == "update":
        DOCS_IMG.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOCS_IMG / name)
    return path


@pytest.fixture
def wide(tutor_page):
    tutor_page.page.set_viewport_size({"width": 960, "height": 900})
    return tutor_page


def test_a_lesson_step_for_the_readme(wide):
    page = wide.open_lesson("lessons/03_tricks.ipynb?variant=mineiro")
    step = page.locator(".tutor-step").first
    expect(step.locator(".tutor-task-1 .tutor-card").first).to_be_visible()
    expect(step.locator(".tutor-step-count")).to_have_text(re.compile(r"Step 1 of \d+"))
    path = save(step, "lesson-step.png")
    assert 0 < path.stat().st_size <= MAX_BYTES


def test_the_table_for_the_readme(wide):
    page = wide.open_lesson("lessons/09_play.ipynb?variant=mineiro")
    table = page.locator(".tutor-play .tutor-table").first
    expect(table.locator(".tutor-table-hand .tutor-card").first).to_be_visible()
    path = save(table, "table.png")
    assert 0 < path.stat().st_size <= MAX_BYTES


@pytest.mark.parametrize("name", ["lesson-step.png", "table.png"])
def test_the_readme_pictures_are_committed_and_small(name):
    path = DOCS_IMG / name
    assert path.is_file(), f"docs/img/{name} is missing: run make readme-shots"
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert path.stat().st_size <= MAX_BYTES
    assert f"docs/img/{name}" in (DOCS_IMG.parents[1] / "README.md").read_text(encoding="utf-8")
