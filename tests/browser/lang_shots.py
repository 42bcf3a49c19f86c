"""Screenshots of the tutor in every language (issue 18), for a person to look at.

    .venv/bin/python tests/browser/lang_shots.py [--label after] [--only chain]

starts a Voilà server as the browser tests do (``conftest.start_voila``) and saves, under
``test-artifacts/lang/``:

- ``<lesson>-<lang>.png``: lessons 01, 05 and 12 in each language, whole page, 1280 px wide;
- ``fa-chain-<label>.png``: lesson 1 in Persian after a click on a common card: the feedback
  explains why it beats the card below it with the ranking chain of the common cards;
- ``fa-ladder-<label>.png``: lesson 5 in Persian after a raise: the ladder of rungs.

Not a test: nothing is checked here (``test_language_pages.py`` checks the order).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(REPO), str(HERE)]

import importlib.util  # noqa: E402

_spec = importlib.util.spec_from_file_location("browser_conftest", HERE / "conftest.py")
_harness = importlib.util.module_from_spec(_spec)
sys.modules["browser_conftest"] = _harness
_spec.loader.exec_module(_harness)
free_port, start_voila, stop_voila = _harness.free_port, _harness.start_voila, _harness.stop_voila
from tutor_server import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

OUT = REPO / "test-artifacts" / "lang"
LESSONS = ("01_ranking", "05_raising", "12_odds")
LANGS = ("en", "pt_BR", "es_AR", "th", "tl", "fa")


def open_page(context, server, path):
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{server}voila/render/{path}")
    page.wait_for_selector(".tutor-ready", state="visible", timeout=90_000)
    page.wait_for_selector(".tutor-nav a", state="visible", timeout=90_000)
    page.wait_for_timeout(500)
    return page


def whole(page, path: Path) -> None:
    height = page.evaluate(
        "() => { const el = document.querySelector('#rendered_cells');"
        " return el ? el.scrollHeight : document.body.scrollHeight; }")
    page.set_viewport_size({"width": 1280, "height": min(max(height + 24, 600), 9000)})
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)


def chain(context, server, label: str) -> None:
    page = open_page(context, server, "lessons/01_ranking.ipynb?lang=fa")
    cards = page.locator(".tutor-card")
    cards.nth(cards.count() - 2).click()  # a low common card: beats the last one
    page.wait_for_timeout(1500)
    page.locator(".tutor-feedback").first.screenshot(path=str(OUT / f"fa-chain-{label}.png"))
    page.close()


def ladder(context, server, label: str) -> None:
    page = open_page(context, server, "lessons/05_raising.ipynb?lang=fa")
    page.locator(".tutor-widget button").first.click()  # the first bet button: a raise
    page.wait_for_timeout(1500)
    page.locator(".tutor-widget").first.screenshot(path=str(OUT / f"fa-ladder-{label}.png"))
    page.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--label", default="after")
    parser.add_argument("--only", choices=("chain", "lessons"), default=None)
    parser.add_argument("--langs", default=",".join(LANGS))
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    server = start_voila(free_port(), OUT / "voila.log")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                 args=list(CHROMIUM_ARGS))
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            if args.only in (None, "chain"):
                chain(context, server, args.label)
                ladder(context, server, args.label)
            if args.only in (None, "lessons"):
                for lang in args.langs.split(","):
                    for name in LESSONS:
                        page = open_page(context, server, f"lessons/{name}.ipynb?lang={lang}")
                        whole(page, OUT / f"{name}-{lang}.png")
                        page.close()
                        print("saved", name, lang, flush=True)
            browser.close()
    finally:
        stop_voila(server)


if __name__ == "__main__":
    main()
