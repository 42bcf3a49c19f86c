r"""Class codes, learners' names and tokens: how they are made, typed, checked and shown.

>>> code = new_code()
>>> len(code), format_code(code)[5], normalise_code(format_code(code).lower()) == code
(10, '-', True)
>>> clean_name("  Ana \u202eSouza\t"), clean_name("<b>x</b>"), clean_name(""), clean_name(7)
('Ana Souza', '<b>x</b>', None, None)
>>> clean_name("\u0639\u0644\u06cc\u200c\u067e\u0648\u0631") == "\u0639\u0644\u06cc\u200c\u067e\u0648\u0631"
True
"""
from __future__ import annotations

import re
import secrets

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "NAME_MAX", "new_code", "normalise_code",
           "format_code", "clean_name", "shown_text", "valid_token"]

# Class codes: 10 characters from 31 (no 0/O, 1/I/L: easy to read aloud and to type), shown
# as two groups of five (KX7PQ-2MRTA). 31**10 is about 8.2e14 codes. At the 160 tries a second
# one page could once make, a whole school day (8 h) is 4.6e6 tries: with 1,000 classes in
# the database the chance of hitting any of them is 4.6e6 * 1000 / 8.2e14, about 1 in
# 180,000; with the join limits (:mod:`.limits`: 300 tries per 10 minutes on the whole
# server, 14,400 a day) it is about 1 in 57 million. Older 6-character codes still work.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH, CODE_GROUP = 10, 5
_CODE_RE = re.compile(r"^[A-Z0-9]{4,12}$")
_TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
NAME_MAX = 40

# Characters that change how text around them is laid out or shown (bidirectional controls
# and marks, invisible spaces): never part of a name, neither typed nor shown. The zero-width
# non-joiner and joiner are kept: Persian and other scripts spell names with them.
_CONTROLS = re.compile("[\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2069\ufeff]")
_JOINERS = "\u200c\u200d"


def new_code() -> str:
    """A fresh random class code (stored form)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _i in range(CODE_LENGTH))


def normalise_code(text) -> str | None:
    """A class code as typed ('kx7pq-2mrta ') in its stored form ('KX7PQ2MRTA'), or None."""
    if not isinstance(text, str):
        return None
    code = re.sub(r"[\s-]+", "", text[:40]).upper()
    return code if _CODE_RE.match(code) else None


def format_code(code: str) -> str:
    """A stored code as shown and read aloud: groups of five ('KX7PQ-2MRTA'); an older,
    shorter code as it is ('KX7P2Q')."""
    if len(code) <= CODE_GROUP or len(code) % CODE_GROUP:
        return code
    return "-".join(code[i:i + CODE_GROUP] for i in range(0, len(code), CODE_GROUP))


def clean_name(text) -> str | None:
    """A learner's name with spaces tidied, or None when empty, too long or not text."""
    if not isinstance(text, str):
        return None
    name = " ".join("".join(ch for ch in shown_text(text[:200])
                            if ch.isprintable() or ch in _JOINERS).split())
    return name if 0 < len(name) <= NAME_MAX else None


def shown_text(text) -> str:
    """``text`` without the characters that reorder or hide what is around them (a name
    stored before names were cleaned, or by hand, is shown without them too)."""
    return _CONTROLS.sub("", str(text))


def valid_token(token) -> bool:
    return isinstance(token, str) and bool(_TOKEN_RE.match(token))
