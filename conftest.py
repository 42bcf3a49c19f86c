"""Doctests see the engine's public names without importing them."""
import os

import pytest

import truco


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace):
    doctest_namespace.update(truco=truco, variant=truco.variant, Game=truco.Game)


@pytest.fixture(autouse=True)
def _english_between_tests():
    """Every test starts in English and leaves English and the environment behind: a test
    that sets a language (per context and, as the fallback, per thread) or a page's request
    variables (``QUERY_STRING``, ``HTTP_ACCEPT_LANGUAGE``, which widgets read to choose the
    learner's language) must not change the next test's texts."""
    saved = dict(os.environ)
    truco.set_language("en")
    yield
    if os.environ != saved:
        os.environ.clear()
        os.environ.update(saved)
    truco.set_language("en")


@pytest.fixture(autouse=True)
def _no_progress_between_tests():
    """Every test starts without a page's learner progress: ``widgets.steps.progress`` keeps
    one per kernel, as a page does, and a step runner resumes from it. A test that finished a
    lesson on that progress must not leave the next test's runner on the lesson's summary
    (which test runs next depends on the order the workers take the files in). Only reset
    when the module is loaded: the engine's tests never import the widgets."""
    import sys

    def reset():
        module = sys.modules.get("widgets.steps.progress")
        if module is not None:
            module.reset()

    reset()
    yield
    reset()


try:
    from playwright.sync_api import expect
except ImportError:  # the engine's tests run without the browser extra too
    pass
else:
    # Playwright's expectations poll the page's state, by default for 5 s only. On a busy
    # machine (CI beside other work) a widget's answer can take longer, and a test then failed
    # although the page was right: every expectation waits up to 30 s for its state instead.
    expect.set_options(timeout=30_000)


def pytest_collection_modifyitems(session, config, items):
    """When the session runs the lessons under nbval (tests/test_notebooks.py), remember how to
    start those runs: ``pytest_runtest_setup`` starts them in the background once the browser
    tests are over, so the kernels overlap the engine's and the widgets' tests instead of
    competing with Chromium and Voila, or running alone before their own tests.

    Under pytest-xdist (``make test``: two workers) every worker collects every test, but only
    one runs tests/test_notebooks.py: nothing is started ahead there, that worker starts the
    runs when it reaches the file (else each worker ran every lesson's nbval). There the file
    goes first (every worker orders the same way, so the schedule holds): its worker waits on
    the runs (about two minutes of one core) while the other worker starts the browser tests,
    instead of the runs being reached last and their wait being the suite's tail, one core
    idle."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        first = [i for i in items if i.nodeid.startswith("tests/test_notebooks.py")]
        if first:
            items[:] = first + [i for i in items if not i.nodeid.startswith(
                "tests/test_notebooks.py")]
        return
    for item in items:
        if item.name.startswith("test_lesson_runs_under_nbval"):
            config._tutor_start_nbval = item.module.start_nbval
            return


_BROWSERS = ("tests/browser/", "tests/classroom/")  # the tests that drive Chromium and Voila


def pytest_runtest_setup(item):
    start = getattr(item.config, "_tutor_start_nbval", None)
    if start is not None and not item.nodeid.startswith(_BROWSERS):
        item.config._tutor_start_nbval = None
        start()
