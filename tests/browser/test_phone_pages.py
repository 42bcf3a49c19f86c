"""Every page of the tutor on a phone (390 x 844, issue 16): no element leaves the viewport,
nothing scrolls sideways, and every button's label is shown whole."""
import pytest
from layout import assert_fits

from widgets.pages.lesson import LESSONS

PHONE = {"width": 390, "height": 844}
PAGES = ["index", *[name for name, _title, _blurb in LESSONS], "glossary"]



@pytest.mark.parametrize("name", sorted(set(PAGES)))
def test_the_page_fits_a_phone(tutor_page, name):
    tutor_page.page.set_viewport_size(PHONE)
    page = tutor_page.open_lesson(f"lessons/{name}.ipynb")
    assert_fits(page, name)
