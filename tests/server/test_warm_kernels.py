"""The tutor's fast pages, without a browser: the pool of warm kernels in
``tutor_server.TutorKernelManager`` (its accounting, and real pooled kernels taking each
request's environment), the prelaunch hook that gives the loading screen its words, the
settings ``share/jupyter/config/voila.py`` applies, and the kernel client that does not wait
for a quiet IOPub. tests/browser/test_fast_pages.py checks the same on a live server (this
file's name differs from that one's: test modules share one namespace)."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import signal
import sys
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from jupyter_server._tz import utcnow
from traitlets.config import Config

import tutor_server as server
from tutor_server import pool
from tutor_server.pages import frontend_version
from tutor_server.pool import can_raise_priority, pool_priority_used
from tutor_server import (
    LOADING_TEXT,
    LOST_TEXT,
    RELOAD_TEXT,
    TutorKernelManager,
    adoption_code,
    default_pool_size,
    install_fast_pages,
    page_title,
    tutor_prelaunch_hook,
    warm_up_code,
)

REPO = Path(__file__).resolve().parents[2]
ENV = ("TRUCO_MAX_KERNELS", "TRUCO_MAX_KERNELS_PER_CLIENT", "TRUCO_CLIENT_ADDRESS_HEADER",
       "TRUCO_NOTEBOOK_DIRS", "TRUCO_KERNEL_POOL", "TRUCO_VOILA_BASELINE",
       # what a request sets: never in the pool's environment
       "QUERY_STRING", "SCRIPT_NAME", "HTTP_ACCEPT_LANGUAGE", "HTTP_X_FORWARDED_USER")


@pytest.fixture
def clean_env(monkeypatch):
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


# -- how many warm kernels ---------------------------------------------------------------------

def test_pool_size_follows_the_bound_and_the_environment(clean_env):
    assert [default_pool_size(n) for n in (0, 2, 3, 10, 19, 20, 35, 200)] == \
        [4, 0, 1, 1, 1, 2, 3, 4]
    assert TutorKernelManager(max_kernels=50).pool_size == 4
    assert TutorKernelManager(max_kernels=3).pool_size == 1
    clean_env.setenv("TRUCO_KERNEL_POOL", "0")
    assert TutorKernelManager(max_kernels=50).pool_size == 0
    clean_env.setenv("TRUCO_KERNEL_POOL", "5")
    assert TutorKernelManager(max_kernels=50).pool_size == 5


# -- accounting ----------------------------------------------------------------------------------

def pooled(manager: TutorKernelManager, kernel_id: str, ready: bool = True,
           kernel_name: str = "python3"):
    """Put a (pretend) kernel in ``manager``'s pool, ready or still warming."""
    entry = pool._Pooled(kernel_id, kernel_name, {})
    loop = asyncio.new_event_loop()
    try:
        entry.task = loop.create_future()
        if ready:
            entry.task.set_result(kernel_id)
    finally:
        loop.close()
    manager._pool.append(entry)
    manager._pool_ids.add(kernel_id)
    manager._kernels[kernel_id] = SimpleNamespace(last_activity=utcnow() - timedelta(hours=1),
                                                  execution_state="idle")
    return entry


def manager_with(pages: dict[str, str], **settings) -> TutorKernelManager:
    manager = TutorKernelManager(**settings)
    for kernel_id, client in pages.items():
        manager._kernels[kernel_id] = SimpleNamespace(last_activity=utcnow(),
                                                      execution_state="idle")
        manager._tutor_clients[kernel_id] = client
    return manager


def test_pooled_kernels_count_against_the_bound_but_are_no_page(clean_env):
    manager = manager_with({"p1": "10.0.0.1", "p2": "10.0.0.1"},
                           max_kernels=3, max_kernels_per_client=2, pool_size=1)
    pooled(manager, "warm1")
    assert manager._live() == 3                       # three processes: the bound is met ...
    assert not manager._pool_room()                   # ... so no refill
    assert manager._counts("10.0.0.1") == (2, 2)      # but only two pages
    assert manager._refusal("10.0.0.2") is None       # a third page may come (takes warm1)
    assert "per client" in manager._refusal("10.0.0.1")
    manager._tutor_starting["p3"] = "10.0.0.2"
    assert "most allowed is 3" in manager._refusal("10.0.0.3")


def test_a_page_takes_the_oldest_ready_kernel_else_a_warming_one(clean_env):
    manager = TutorKernelManager(pool_size=3)
    warming = pooled(manager, "warming", ready=False)
    first = pooled(manager, "first")
    pooled(manager, "second")
    other = pooled(manager, "r-kernel", kernel_name="ir")
    assert manager._pool_take("python3") is first     # ready beats warming, oldest first
    assert "first" not in manager._pool_ids           # counted as a page's at once
    assert manager._pool_take("python3").kernel_id == "second"
    assert manager._pool_take("python3") is warming   # furthest along of what is left
    assert manager._pool_take("python3") is None
    assert manager._pool_take("ir") is other          # a kernel of the notebook's own kind
    assert manager.pooled_kernels() == []


def test_pooled_kernels_are_never_culled(clean_env):
    manager = manager_with({"stale": "10.0.0.1"}, unconnected_timeout=45)
    manager._kernels["stale"].last_activity = utcnow() - timedelta(minutes=5)
    pooled(manager, "warm1")                          # idle an hour, never connected
    culled = []

    async def shutdown_kernel(kernel_id, *args, **kwargs):
        culled.append(kernel_id)
        manager._kernels.pop(kernel_id)

    manager.shutdown_kernel = shutdown_kernel
    asyncio.run(manager.cull_unconnected())
    assert culled == ["stale"]
    assert asyncio.run(manager.cull_kernel_if_idle("warm1")) is None  # the idle culler too
    assert "warm1" in manager._kernels


# -- the code a pooled kernel runs ---------------------------------------------------------------

def test_adoption_gives_the_request_environment_and_folder(tmp_path, clean_env):
    monkeypatch = clean_env  # every variable the adoption sets is restored afterwards
    monkeypatch.setenv("HTTP_X_FORWARDED_USER", "from-the-pool")
    monkeypatch.setenv("QUERY_STRING", "stale")
    monkeypatch.chdir(REPO)
    hostile = "lang=fa&learner=a'b\"c\\n');import os;os.system('x')#\u202e"
    namespace: dict = {}
    exec(adoption_code({"QUERY_STRING": hostile, "HTTP_ACCEPT_LANGUAGE": "pt-BR"},
                       ["HTTP_X_FORWARDED_USER"], str(tmp_path)), namespace)
    assert os.environ["QUERY_STRING"] == hostile      # the value, as a value
    assert os.environ["HTTP_ACCEPT_LANGUAGE"] == "pt-BR"
    assert "HTTP_X_FORWARDED_USER" not in os.environ  # another request's header is gone
    assert Path.cwd() == tmp_path
    assert [k for k in namespace if not k.startswith("__")] == []  # nothing left behind


def test_warm_up_imports_and_freezes_leaving_the_namespace_clean():
    from truco.i18n import get_language

    namespace: dict = {}
    language = get_language()
    try:
        exec(warm_up_code(["json", "no_such_module_for_the_tutor"],
                          [("truco.i18n", "_number_style", ["fa"]),
                           ("truco.i18n", "no_such_function", [])]), namespace)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
    assert [k for k in namespace if not k.startswith("__")] == []
    assert "no_such_module_for_the_tutor" not in sys.modules
    assert get_language() == language                   # no language chosen for the pool


def test_the_warm_calls_cover_every_language():
    from truco.i18n import LANGUAGES

    assert {args[0] for _m, _f, args in server.WARM_CALLS} == set(LANGUAGES)


def test_the_warm_modules_exist():
    """A renamed module would only make pooled kernels colder, silently: keep the list true."""
    import importlib.util

    missing = [m for m in server.WARM_MODULES if importlib.util.find_spec(m) is None]
    assert missing == []


def test_every_kind_of_step_task_is_warm():
    """A lesson page loads its task kinds lazily; a pooled kernel has them all imported."""
    from widgets.steps.tasks import KINDS

    kinds = {"widgets.steps.tasks." + target.split(":")[0] for target in KINDS.values()}
    assert kinds <= set(server.WARM_MODULES), kinds - set(server.WARM_MODULES)
    assert "widgets.steps.runner" in server.WARM_MODULES


# -- real pooled kernels -------------------------------------------------------------------------

async def _kernel_says(manager: TutorKernelManager, kernel_id: str, code: str) -> str:
    """Run ``code`` in a kernel and return what it printed (Voilà forbids this to pages;
    the test talks to the kernel directly)."""
    kc = manager.get_kernel(kernel_id).client()
    kc.start_channels()
    out: list = []
    try:
        await kc.wait_for_ready(timeout=60)
        reply = await kc.execute_interactive(code, timeout=60, output_hook=out.append)
        assert reply["content"]["status"] == "ok", reply["content"]
    finally:
        kc.stop_channels()
    return "".join(m["content"].get("text", "") for m in out if m["msg_type"] == "stream")


def test_two_requests_get_their_own_language_and_learner_from_warm_kernels(clean_env,
                                                                          tmp_path):
    """The pool is filled before any request; two requests (Persian and learner A, then the
    browser's Portuguese and learner B behind a proxy's user header) each take a warm kernel
    and find their own request in os.environ, never the other's or the pool's."""
    report = "import json, os, sys; print(json.dumps({k: os.environ.get(k) for k in " \
             "('QUERY_STRING', 'HTTP_ACCEPT_LANGUAGE', 'HTTP_X_FORWARDED_USER', " \
             "'SCRIPT_NAME')} | {'cwd': os.getcwd(), 'warm': 'widgets.pages.lesson' in sys.modules}))"

    async def scenario():
        manager = TutorKernelManager(pool_size=2, root_dir=str(REPO), max_kernels=10)
        try:
            await manager._pool_fill()
            warm = set(manager.pooled_kernels())
            assert len(warm) == 2
            base = dict(os.environ)
            first = await manager.start_kernel(
                path="lessons", kernel_name="python3",
                env={**base, "QUERY_STRING": "lang=fa&learner=tokenA",
                     "SCRIPT_NAME": "/voila/render/lessons/index.ipynb"})
            second = await manager.start_kernel(
                path="lessons", kernel_name="python3",
                env={**base, "QUERY_STRING": "learner=tokenB",
                     "HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9", "HTTP_X_FORWARDED_USER": "bruno",
                     "SCRIPT_NAME": "/voila/render/lessons/03_tricks.ipynb"})
            assert {first, second} == warm and manager.pooled_kernels() == []
            one = json.loads(await _kernel_says(manager, first, report))
            two = json.loads(await _kernel_says(manager, second, report))
            return one, two
        finally:
            manager.pool_size = 0
            await manager.shutdown_all(now=True)

    one, two = asyncio.run(scenario())
    lessons = str(REPO / "lessons")
    assert one == {"QUERY_STRING": "lang=fa&learner=tokenA", "HTTP_ACCEPT_LANGUAGE": None,
                   "HTTP_X_FORWARDED_USER": None,
                   "SCRIPT_NAME": "/voila/render/lessons/index.ipynb",
                   "cwd": lessons, "warm": True}
    assert two == {"QUERY_STRING": "learner=tokenB", "HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9",
                   "HTTP_X_FORWARDED_USER": "bruno",
                   "SCRIPT_NAME": "/voila/render/lessons/03_tricks.ipynb",
                   "cwd": lessons, "warm": True}


def _priorities(pid: int) -> set:
    """(scheduling policy, niceness) of each thread of process ``pid``."""
    import psutil

    return {(os.sched_getscheduler(t.id), os.getpriority(os.PRIO_PROCESS, t.id))
            for t in psutil.Process(pid).threads()}


def test_pooled_kernels_wait_at_idle_priority_and_pages_get_the_servers(clean_env):
    """A kernel of the pool runs under SCHED_IDLE (where the server may raise it again, else
    at the server's priority); a page that takes one, ready or still warming, finds it at the
    server's own policy and niceness from the moment it takes it: a page never waits on an
    idle-priority kernel."""
    lowered = pool_priority_used("idle")
    assert lowered == ("idle" if can_raise_priority() else "normal")
    server_priority = {(os.SCHED_OTHER, os.getpriority(os.PRIO_PROCESS, 0))}
    pooled_priority = ({(os.SCHED_IDLE, os.getpriority(os.PRIO_PROCESS, 0))}
                       if lowered == "idle" else server_priority)

    async def scenario():
        manager = TutorKernelManager(pool_size=1, root_dir=str(REPO), max_kernels=10)
        try:
            await manager._pool_fill()
            [ready] = manager._pool
            in_pool = _priorities(manager._kernel_pid(ready.kernel_id))
            first = await manager.start_kernel(path="lessons", kernel_name="python3",
                                               env=dict(os.environ))
            taken_ready = _priorities(manager._kernel_pid(first))
            # A page takes a kernel still starting: it is never lowered, and the page waits
            # for its warm-up at the server's priority.
            warming = manager._pool_start("python3")
            page = asyncio.ensure_future(manager.start_kernel(
                path="lessons", kernel_name="python3", env=dict(os.environ)))
            while_waiting = set()
            while not page.done():
                pid = manager._kernel_pid(warming.kernel_id)
                if pid:
                    while_waiting |= _priorities(pid)
                await asyncio.sleep(0.02)
            second = await page
            return (in_pool, first, taken_ready, warming, second, while_waiting,
                    _priorities(manager._kernel_pid(second)))
        finally:
            manager.pool_size = 0
            await manager.shutdown_all(now=True)

    in_pool, first, taken_ready, warming, second, while_waiting, taken_warming = \
        asyncio.run(scenario())
    assert in_pool == pooled_priority
    assert taken_ready == server_priority
    assert second == warming.kernel_id and warming.ready  # taken while warming, then warm
    assert while_waiting == server_priority and taken_warming == server_priority


def test_notebooks_outside_the_pool_folders_start_their_own_kernel(clean_env):
    async def scenario():
        manager = TutorKernelManager(pool_size=1, root_dir=str(REPO), max_kernels=1,
                                     notebook_dirs=["lessons", "tests/browser/fixtures"])
        try:
            await manager._pool_fill()
            warm = manager.pooled_kernels()
            assert len(warm) == 1
            # Over the bound (1 pooled + this page > 1): the pooled kernel gives way, the page
            # starts its own kernel (not a lesson's: no pool for it), and no refill follows.
            page = await manager.start_kernel(path="tests/browser/fixtures",
                                              kernel_name="python3", env=dict(os.environ))
            assert page not in warm
            return warm, page, list(manager._kernels), manager.pooled_kernels()
        finally:
            manager.pool_size = 0
            await manager.shutdown_all(now=True)

    warm, page, running, left = asyncio.run(scenario())
    assert left == [] and running == [page] and warm[0] not in running


def _sigkill(manager: TutorKernelManager, kernel_id: str) -> None:
    os.kill(manager._kernel_pid(kernel_id), signal.SIGKILL)


def test_a_pooled_kernel_that_dies_while_warming_gives_way(clean_env, monkeypatch):
    """A pooled kernel SIGKILLed in the middle of its warm-up (an out-of-memory kill): the
    pool gives it up at the next check instead of waiting on a client that talks to nobody,
    leaves no orphan kernel, and the next page still gets a kernel that runs code."""
    monkeypatch.setattr(pool, "warm_up_code", lambda modules: "import time; time.sleep(120)")

    async def scenario():
        manager = TutorKernelManager(pool_size=1, root_dir=str(REPO), max_kernels=10)
        try:
            fill = asyncio.ensure_future(manager._pool_fill())
            while not manager._pool or manager._pool[0].client is None:
                await asyncio.sleep(0.05)  # started, its client connected, warming
            dying = manager._pool[0].kernel_id
            _sigkill(manager, dying)
            await asyncio.wait_for(fill, 30)  # the warm-up's own sleep is 120 s
            left = (manager.pooled_kernels(), list(manager._kernels))
            manager.pool_size = 0
            page = await manager.start_kernel(path="lessons", kernel_name="python3",
                                              env=dict(os.environ))
            return dying, left, page, await _kernel_says(manager, page, "print(6 * 7)")
        finally:
            manager.pool_size = 0
            await manager.shutdown_all(now=True)

    dying, (pooled_left, running), page, said = asyncio.run(scenario())
    assert pooled_left == [] and running == []
    assert page != dying and said.strip() == "42"


def _a_page_after_a_pooled_kernel_died(restart_for: float = 0.0):
    """Fill a pool of one, SIGKILL its warm kernel (with ``restart_for`` > 0, as if Jupyter's
    restarter were still starting it again for that many seconds: its ``ready`` unsettled),
    then open a page. Returns (the dead kernel, the page's, the kernels listed, what the
    page's kernel says to ``print(6 * 7)``)."""
    async def scenario():
        manager = TutorKernelManager(pool_size=1, root_dir=str(REPO), max_kernels=10)
        try:
            await manager._pool_fill()
            (dead,) = manager.pooled_kernels()
            kernel = manager.get_kernel(dead)
            _sigkill(manager, dead)
            if restart_for:
                loop = asyncio.get_running_loop()
                restarting = kernel._ready = loop.create_future()  # a restart under way
                loop.call_later(restart_for, restarting.set_result, None)
            manager.pool_size = 0
            page = await asyncio.wait_for(
                manager.start_kernel(path="lessons", kernel_name="python3",
                                     env=dict(os.environ)), 60)
            return dead, page, list(manager._kernels), \
                await _kernel_says(manager, page, "print(6 * 7)")
        finally:
            manager.pool_size = 0
            await manager.shutdown_all(now=True)

    return asyncio.run(scenario())


def test_a_ready_pooled_kernel_that_died_is_replaced_for_the_page(clean_env):
    """A warm kernel killed while it waits in the pool (Jupyter's restarter may have started
    it again on new ports, cold): the page that takes it gets a new kernel that runs code,
    and the dead one is shut down, not counted."""
    dead, page, running, said = _a_page_after_a_pooled_kernel_died()
    assert page != dead and running == [page] and said.strip() == "42"


def test_a_pooled_kernel_in_the_middle_of_its_restart_is_shut_down_all_the_same(clean_env):
    """A warm kernel killed in the pool while Jupyter's restarter is still starting it again
    when a page takes it (its ``ready`` not settled: jupyter_client's shutdown then fails on
    it): the pool waits for the restart, shuts it down, and only the page's kernel is left.
    In a loaded pair of test runs this left the dead kernel listed, counted against the
    server's limit."""
    dead, page, running, said = _a_page_after_a_pooled_kernel_died(restart_for=4)
    assert page != dead and running == [page] and said.strip() == "42"


def test_a_pooled_kernel_restarted_on_its_old_ports_is_not_taken(clean_env):
    """A warm kernel killed in the pool and started again by Jupyter's restarter before a page
    comes (on the same ports, cold, and deaf to the pool's client): the page does not wait on
    it for a minute, it gets a new kernel at once."""
    async def scenario():
        manager = TutorKernelManager(pool_size=1, root_dir=str(REPO), max_kernels=10)
        try:
            await manager._pool_fill()
            (dead,) = manager.pooled_kernels()
            before = manager._kernel_pid(dead)
            kernel = manager.get_kernel(dead)
            kernel.restart_kernel = _restart_same_ports(kernel)
            _sigkill(manager, dead)
            await kernel.restart_kernel(now=True)  # what the restarter does, without its wait
            assert manager._kernel_pid(dead) != before and await kernel.is_alive()
            manager.pool_size = 0
            started = asyncio.get_running_loop().time()
            page = await asyncio.wait_for(
                manager.start_kernel(path="lessons", kernel_name="python3",
                                     env=dict(os.environ)), 60)
            took = asyncio.get_running_loop().time() - started
            return dead, page, took, await _kernel_says(manager, page, "print(6 * 7)")
        finally:
            manager.pool_size = 0
            await manager.shutdown_all(now=True)

    dead, page, took, said = asyncio.run(scenario())
    assert page != dead and said.strip() == "42"
    assert took < 30  # a new kernel's start, not the 60 s of waiting on a deaf one


def _restart_same_ports(kernel):
    restart = kernel.restart_kernel

    async def same_ports(now=False, **kw):
        return await restart(now=now, newports=False)
    return same_ports


# -- the loading screen's words -------------------------------------------------------------------

def handler(path: str, lang: str | None = None, accept: str | None = None):
    headers = {"Accept-Language": accept} if accept else {}
    return SimpleNamespace(get_argument=lambda name, default=None: lang if name == "lang"
                           else default,
                           request=SimpleNamespace(headers=headers, path=path))


def lesson(name: str):
    import nbformat

    return nbformat.read(REPO / "lessons" / f"{name}.ipynb", as_version=4)


def english_heading(name: str) -> str:
    """The lesson's first heading as written (the lessons are being rewritten: not a copy)."""
    for cell in lesson(name).cells:
        for line in cell.source.splitlines() if cell.cell_type == "markdown" else []:
            if line.startswith("# "):
                return line[2:].strip()
    raise AssertionError(f"{name} has no heading")


def test_the_loading_screen_speaks_the_page_language():
    heading = english_heading("04_ties")
    shown = tutor_prelaunch_hook(handler("/voila/render/lessons/04_ties.ipynb", lang="fa"),
                                 lesson("04_ties"), "lessons")
    loading = shown.metadata["tutor_loading"]
    assert loading == {"lang": "fa", "dir": "rtl", "text": LOADING_TEXT["fa"],
                       "lost": LOST_TEXT["fa"], "reload": RELOAD_TEXT["fa"]}
    title = shown.metadata["title"]
    assert title and title != heading and not title.startswith("#")
    assert shown.metadata["tutor_language"] == "fa"   # the prose hook's, kept

    english = tutor_prelaunch_hook(handler("/voila/render/lessons/04_ties.ipynb"),
                                   lesson("04_ties"), "lessons")
    assert english.metadata["title"] == heading
    assert english.metadata["tutor_loading"]["dir"] == "ltr"

    browser = tutor_prelaunch_hook(handler("/voila/render/lessons/index.ipynb",
                                           accept="pt-BR,pt;q=0.9"), lesson("index"), "lessons")
    assert browser.metadata["tutor_loading"] == {"lang": "pt-BR", "dir": "ltr",
                                                 "text": LOADING_TEXT["pt_BR"],
                                                 "lost": LOST_TEXT["pt_BR"],
                                                 "reload": RELOAD_TEXT["pt_BR"]}


def test_every_language_has_loading_words():
    from truco.i18n import LANGUAGES

    assert set(LOADING_TEXT) == set(LANGUAGES) == set(LOST_TEXT) == set(RELOAD_TEXT)
    assert all(text.endswith("…") for text in LOADING_TEXT.values())
    assert len(set(LOST_TEXT.values())) == len(LOST_TEXT)   # each in its own words


def test_a_page_without_heading_is_titled_by_its_name():
    notebook = SimpleNamespace(cells=[{"cell_type": "code", "source": "# not a heading"}],
                               metadata={})
    assert page_title(notebook, "bare") == "bare"


# -- the server's settings ------------------------------------------------------------------------

def test_fast_pages_settings_and_the_baseline(clean_env):
    from widgets.language.prose import prelaunch_hook

    fast = Config()
    install_fast_pages(fast)
    assert fast.VoilaConfiguration.prelaunch_hook is tutor_prelaunch_hook
    assert fast.VoilaConfiguration.resources == {"tutor_fast_pages": True,
                                                  "tutor_frontend": frontend_version()}
    assert fast.VoilaConfiguration.page_config_hook is server.fast_page_config
    page_config = server.fast_page_config({"disabledExtensions": ["x"]})
    assert page_config["disabledExtensions"][0] == "x"
    assert "@jupyterlab/mathjax-extension:plugin" in page_config["disabledExtensions"]
    assert "pool_size" not in fast.TutorKernelManager
    assert fast.VoilaConfiguration.extension_allowlist == list(server.PAGE_EXTENSIONS)
    assert fast.Voila.tornado_settings["static_immutable_cache"] == ["/voila/labextensions/"]

    clean_env.setenv("TRUCO_VOILA_BASELINE", "1")
    stock = Config()
    install_fast_pages(stock)
    assert stock.VoilaConfiguration.prelaunch_hook is prelaunch_hook  # the prose only
    assert stock.TutorKernelManager.pool_size == 0
    assert "resources" not in stock.VoilaConfiguration
    assert "ServerKernelManager" not in stock
    assert "page_config_hook" not in stock.VoilaConfiguration
    assert "extension_allowlist" not in stock.VoilaConfiguration and "Voila" not in stock
    assert server.voila_env({}, baseline=True)["TRUCO_VOILA_BASELINE"] == "1"
    assert "TRUCO_VOILA_BASELINE" not in server.voila_env({"TRUCO_VOILA_BASELINE": "1"})


def test_page_templates_stay_compiled():
    from voila.exporter import VoilaExporter

    server.install_template_cache()
    assert server.install_template_cache() is False   # once
    exporter = VoilaExporter(template_name="lab")
    assert exporter.environment.bytecode_cache is server.template_cache()
