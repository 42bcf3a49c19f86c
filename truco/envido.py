"""Envido and flor (filled in by issue 3)."""
from __future__ import annotations


class EnvidoMixin:
    handlers: dict = {}
