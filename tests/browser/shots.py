"""Whole-page screenshots of a lesson for the test artifacts folder (not committed)."""
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def full_page(page, file_name: str) -> Path:
    """The whole lesson: the page scrolls inside #rendered_cells, so grow the viewport first."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = page.evaluate(
        "() => { const el = document.querySelector('#rendered_cells');"
        " return el ? el.scrollHeight : document.body.scrollHeight; }")
    page.set_viewport_size({"width": size["width"], "height": min(max(height + 24, 600), 9000)})
    page.wait_for_timeout(150)  # one layout pass at the new size
    path = ARTIFACTS / file_name
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size(size)
    return path
