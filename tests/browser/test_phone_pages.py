"""Every page of the tutor on a phone (390 x 844, issue 16): no element leaves the viewport,
nothing scrolls sideways, and every button's label is shown whole."""
import pytest

from widgets.pages.lesson import LESSONS

PHONE = {"width": 390, "height": 844}
PAGES = ["index", *[name for name, _title, _blurb in LESSONS], "glossary"]

PROBLEMS = """() => {
  const width = document.documentElement.clientWidth;
  const outside = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (!box.width && !box.height) continue;
    if (box.right > width + 0.5 || box.left < -0.5) {
      outside.push(`${el.tagName}.${el.getAttribute('class') || ''} ` +
                   `${Math.round(box.left)}..${Math.round(box.right)}`);
    }
  }
  const cut = [];
  for (const el of document.querySelectorAll('button, .widget-button')) {
    const box = el.getBoundingClientRect();
    if (!box.width) continue;  // hidden
    if (el.scrollWidth > el.clientWidth + 1) cut.push(el.textContent.trim());
  }
  return {outside, cut, scroll: document.documentElement.scrollWidth - width};
}"""


@pytest.mark.parametrize("name", sorted(set(PAGES)))
def test_the_page_fits_a_phone(tutor_page, name):
    tutor_page.page.set_viewport_size(PHONE)
    page = tutor_page.open_lesson(f"lessons/{name}.ipynb")
    problems = page.evaluate(PROBLEMS)
    assert problems["scroll"] <= 0, (name, problems)
    assert not problems["outside"], (name, problems["outside"][:20])
    assert not problems["cut"], (name, problems["cut"])
