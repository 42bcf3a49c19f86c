"""Where a class's results live, in one import: the storage interface (:mod:`.storage`), its
SQLite and PostgreSQL backends (:mod:`.backends`) and :func:`open_store`, which picks one from
the settings.

>>> s = open_store(Settings(database=":memory:"))
>>> type(s).__name__, s.learner("x" * 24)
('SQLiteStore', None)
"""
from __future__ import annotations

from .backends import PostgresStore, SQLiteStore
from .config import Settings
from .storage import *  # noqa: F401,F403
from .storage import __all__ as _storage
from .storage import StoreError, Store

__all__ = [*_storage, "PostgresStore", "SQLiteStore", "open_store"]


def open_store(settings: Settings | None = None) -> Store:
    """The store the settings name (SQLite by default); StoreError if it cannot be opened."""
    settings = settings or Settings.load()
    try:
        if settings.is_postgres:
            return PostgresStore(settings.database)
        return SQLiteStore(settings.database)
    except StoreError:
        raise
    except Exception as err:  # a read-only folder, a missing driver ...
        raise StoreError("unreachable", type(err).__name__) from err
