"""Draw every card of every deck into an HTML sheet and screenshot it in headless Chromium, to
look at the cards as a learner sees them (not a test: run it by hand).

    .venv/bin/python tests/widgets/card_sheet.py [out_dir]

Writes ``cards-<width>.html`` and ``cards-<width>.png`` for a 70 px and a 140 px card (a card
on a phone, and on a projector), plus four-colour and highlighted samples, under
``test-artifacts/cards/`` by default.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from truco.cards import DECKS, card_from_code  # noqa: E402
from widgets.cards.svg import HIGHLIGHTS, card_back_svg, card_svg  # noqa: E402

BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run",
                "--disable-quic"]


def sheet(width: float, *, four_colour: bool = False) -> str:
    rows = []
    french = DECKS["french40"] + tuple(c for c in DECKS["piquet32"] if c.rank in (8, 9, 10))
    for title, cards in (("french40 + piquet 8 9 10", french),
                         ("spanish40", DECKS["spanish40"])):
        by_suit: dict[str, list] = {}
        for card in cards:
            by_suit.setdefault(card.suit, []).append(card)
        rows.append(f"<h2>{title}</h2>")
        for suit_cards in by_suit.values():
            suit_cards.sort(key=lambda c: (c.rank == 1 and c.family == "french" and -1, c.rank))
            rows.append("<div class=row>" + "".join(
                card_svg(c, width=width, four_colour=four_colour) for c in suit_cards) + "</div>")
    rows.append("<h2>backs, highlights</h2><div class=row>" + card_back_svg(width)
                + card_back_svg(width, highlight="selected")
                + "".join(card_svg(card_from_code("spanish", "1e"), width=width, highlight=h)
                          for h in ("manilha", "vira", "muted", "winner"))
                + card_svg(card_from_code("french", "Kh"), width=width, highlight="wrong")
                + "</div>")
    rows.append("<div class=row style='background:#1d5c3a'>"
                + "".join(card_svg(card_from_code(f, c), width=width) for f, c in
                          (("french", "4c"), ("french", "7h"), ("french", "As"),
                           ("spanish", "1e"), ("spanish", "12o"), ("spanish", "7b")))
                + card_back_svg(width) + "</div>")
    assert set(HIGHLIGHTS)
    return ("<!doctype html><meta charset=utf-8><style>body{margin:8px;background:#eef0f2;"
            "font:14px sans-serif}h2{font-size:14px;margin:6px 0 2px}.row{display:flex;"
            "flex-wrap:wrap;gap:5px;padding:3px}svg{display:block}</style>" + "".join(rows))


def main(out_dir: Path) -> list[Path]:
    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    from playwright.sync_api import sync_playwright

    out_dir.mkdir(parents=True, exist_ok=True)
    pages = {"cards-70": sheet(70), "cards-140": sheet(140),
             "cards-70-four-colour": sheet(70, four_colour=True)}
    shots = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=BROWSER_ARGS)
        for name, html in pages.items():
            path = out_dir / f"{name}.html"
            path.write_text(html, encoding="utf-8")
            wide = "140" in name
            page = browser.new_page(viewport={"width": 1560 if wide else 1000, "height": 800},
                                    device_scale_factor=1 if wide else 2)
            page.goto(path.as_uri())
            shot = out_dir / f"{name}.png"
            page.screenshot(path=str(shot), full_page=True)
            page.close()
            shots.append(shot)
        browser.close()
    return shots


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "test-artifacts" / "cards"
    for shot in main(target):
        print(shot)
