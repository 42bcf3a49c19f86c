"""Move the views' and app's messages out of the engine's catalogs (run once, issue 19).

Each language's ``truco/locale/<lang>/LC_MESSAGES/truco.po`` is split by its messages' source
locations (the ``#:`` lines): a message used only in ``widgets/`` moves, as it is (its
translation, plural forms, flags and comments), to ``widgets/language/locale/<lang>/LC_MESSAGES/
widgets.po``; a message used in ``truco/`` (whether or not the widgets use it too) stays.
Nothing is translated again. The counts are checked: no msgid lost or duplicated, none that
was translated comes out untranslated, every message's fields unchanged.

    .venv/bin/python widgets/language/locale/split_truco_catalogs.py
"""
from __future__ import annotations

import copy
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

REPO = Path(__file__).resolve().parents[3]
LANGUAGES = ("en", "pt_BR", "es_AR", "th", "tl", "fa")


def po(root: str, domain: str, code: str) -> Path:
    return REPO / root / "locale" / code / "LC_MESSAGES" / f"{domain}.po"


def read(path: Path, code: str):
    with path.open("rb") as fh:
        return read_po(fh, locale=code)


def write(path: Path, catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:  # as truco.catalogs.merge_template writes them
        write_po(fh, catalog, width=100, omit_header=False, ignore_obsolete=True)


def stays_with_engine(message) -> bool:
    return any(path.startswith("truco/") for path, _line in message.locations)


def translated(message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return bool(strings) and all(s.strip() for s in strings) and "fuzzy" not in message.flags


def fields(message) -> tuple:
    return (message.id, message.context, message.string, sorted(message.flags),
            message.auto_comments, message.user_comments, message.previous_id,
            message.locations)


def split(code: str) -> tuple[int, int]:
    """Split one language's catalog; returns (kept, moved)."""
    source = po("truco", "truco", code)
    before = read(source, code)
    if po("widgets", "widgets", code).exists():
        raise SystemExit(f"{code}: widgets.po exists already; the split is done")
    engine, views = copy.deepcopy(before), copy.deepcopy(before)
    for message in before:
        if not message.id:
            continue
        (views if stays_with_engine(message) else engine).delete(message.id, message.context)
    write(source, engine)
    write(po("widgets", "widgets", code), views)

    # checks, on what was written
    engine, views = read(source, code), read(po("widgets", "widgets", code), code)
    old = {(m.id, m.context): m for m in before if m.id}
    new = {}
    for catalog in (engine, views):
        for m in catalog:
            if m.id:
                assert (m.id, m.context) not in new, (code, "twice", m.id)
                new[(m.id, m.context)] = m
    assert new.keys() == old.keys(), (code, "lost", set(old) ^ set(new))
    for key, m in old.items():
        assert fields(new[key]) == fields(m), (code, key)
    was = sum(translated(m) for m in old.values())
    now = sum(translated(m) for m in new.values())
    assert was == now, (code, "translated", was, now)
    assert engine.mime_headers == before.mime_headers == views.mime_headers, code
    print(f"{code}: {len(old)} messages ({was} translated) -> truco.po {len(engine)} "
          f"+ widgets.po {len(views)}; moved {len(views)}")
    return len(engine), len(views)


if __name__ == "__main__":
    for code in sys.argv[1:] or LANGUAGES:
        split(code)
