"""The Truc specials: redeal, mon reste, captains and signals (filled in by issue 3)."""
from __future__ import annotations


class TrucMixin:
    handlers: dict = {}
