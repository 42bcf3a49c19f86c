"""Where the tutor's Voilà server finds its files, the environment the tests and benches serve
it with, and whether this server is the benches' stock baseline."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
JUPYTER_HOME = REPO / ".jupyter-home"
SHARE = REPO / "share" / "jupyter"  # the "tutor" page template
CONFIG = SHARE / "config"  # voila.py: the prelaunch hook that translates the lessons' prose
# Same values as the Makefile exports, for servers started outside `make` (tests, benches).
JUPYTER_DIRS = {"JUPYTER_CONFIG_DIR": "config", "JUPYTER_DATA_DIR": "data",
                "JUPYTER_RUNTIME_DIR": "runtime", "IPYTHONDIR": "ipython",
                "XDG_CACHE_HOME": "cache", "MPLCONFIGDIR": "matplotlib"}


def _prepend(env: dict[str, str], name: str, path: Path) -> None:
    paths = [p for p in env.get(name, "").split(os.pathsep) if p]
    if str(path) not in paths:
        env[name] = os.pathsep.join([str(path), *paths])


def voila_env(base: dict[str, str] | None = None, *, test_notebooks: bool = True,
              baseline: bool = False) -> dict[str, str]:
    """The environment for serving the tutor with Voilà from the repository root in the tests
    and benches: Jupyter's folders under ``.jupyter-home``, ``share/jupyter`` on
    ``JUPYTER_PATH`` (the offline page template) and ``share/jupyter/config`` on
    ``JUPYTER_CONFIG_PATH`` (the prose hook).

    With ``test_notebooks`` (the default) the server may also render the notebooks of
    ``tests/browser/fixtures`` (``TRUCO_NOTEBOOK_DIRS``), e.g. the bare page the browser tests
    and ``bench/app.py`` measure against; ``make app`` never sets it, so the app renders
    ``lessons/`` only. ``test_notebooks=False`` gives the environment ``make app`` gives.

    ``baseline=True`` serves pages as Voilà does by default (``TRUCO_VOILA_BASELINE``: no pool
    of warm kernels, no template cache, Voilà's own loading screen), for the bare page that
    ``bench/app.py`` measures the lessons against."""
    env = dict(os.environ if base is None else base)
    for name, sub in JUPYTER_DIRS.items():
        env.setdefault(name, str(JUPYTER_HOME / sub))
    _prepend(env, "JUPYTER_PATH", SHARE)
    _prepend(env, "JUPYTER_CONFIG_PATH", CONFIG)
    env.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    if test_notebooks:
        env[NOTEBOOK_DIRS_ENV] = os.pathsep.join(TEST_NOTEBOOK_DIRS)
    else:
        env.pop(NOTEBOOK_DIRS_ENV, None)
    if baseline:
        env[BASELINE_ENV] = "1"
    else:
        env.pop(BASELINE_ENV, None)
    return env


NOTEBOOK_DIRS_ENV = "TRUCO_NOTEBOOK_DIRS"
DEFAULT_NOTEBOOK_DIRS = ("lessons",)
TEST_NOTEBOOK_DIRS = ("lessons", "tests/browser/fixtures")

BASELINE_ENV = "TRUCO_VOILA_BASELINE"


def baseline() -> bool:
    """Whether this server is the benches' stock Voilà baseline (TRUCO_VOILA_BASELINE=1)."""
    return os.environ.get(BASELINE_ENV, "").strip() not in ("", "0")


# How the tests and benchmarks launch Debian's Chromium (headless, no sandbox as root, no
# background traffic: the machine has no network but the package registries).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)

