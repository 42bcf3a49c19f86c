"""Doctests see the engine's public names without importing them."""
import pytest

import truco


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace):
    doctest_namespace.update(truco=truco, variant=truco.variant, Game=truco.Game)
