"""Does a page fit its viewport? One check for every browser test that looks at a layout.

``problems(page, inside=..., buttons=..., targets=...)`` returns what does not fit:

- ``outside``: elements matched by ``inside`` (default: the whole page) reaching past the
  viewport's left or right edge (half a pixel of slack for rounding);
- ``scroll``: how far the page scrolls sideways (0 or less: it does not);
- ``cut``: the labels of visible ``buttons`` whose text is wider than the button;
- ``small``: visible ``targets`` smaller than 44 x 44 CSS px (WCAG 2.5.5), when given.

``assert_fits(page, where, ...)`` asserts there is none, naming ``where`` in the message.
"""
from __future__ import annotations

_PROBLEMS = """([inside, buttons, targets]) => {
  const width = document.documentElement.clientWidth;
  const outside = [], cut = [], small = [];
  for (const el of document.querySelectorAll(inside)) {
    const box = el.getBoundingClientRect();
    if (!box.width && !box.height) continue;
    if (box.right > width + 0.5 || box.left < -0.5) {
      outside.push(`${el.tagName}.${el.getAttribute('class') || ''} ` +
                   `${Math.round(box.left)}..${Math.round(box.right)}`);
    }
  }
  for (const el of document.querySelectorAll(buttons)) {
    if (el.getBoundingClientRect().width && el.scrollWidth > el.clientWidth + 1) {
      cut.push(el.textContent.trim());
    }
  }
  for (const el of targets ? document.querySelectorAll(targets) : []) {
    const box = el.getBoundingClientRect();
    if (box.width && (box.width < 44 || box.height < 44)) {
      small.push(`${el.textContent.trim() || el.getAttribute('aria-label')} ` +
                 `${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return {outside, cut, small, scroll: document.documentElement.scrollWidth - width};
}"""


def problems(page, inside: str = "body *", buttons: str = "button, .widget-button",
             targets: str | None = None) -> dict:
    return page.evaluate(_PROBLEMS, [inside, buttons, targets])


def assert_fits(page, where: str, **kw) -> None:
    found = problems(page, **kw)
    assert found["scroll"] <= 0, (where, found)
    assert not found["outside"], (where, found["outside"][:20])
    assert not found["cut"], (where, found["cut"])
    assert not found["small"], (where, found["small"])
