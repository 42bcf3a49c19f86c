"""The pool of warm kernels: what a pooled kernel runs before it waits, what gives it a
request's environment, and ``PoolMixin``, TutorKernelManager's pool (kernels.py)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from queue import Empty
from pathlib import Path

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from truco.i18n import LANGUAGES

from .templates import compile_page_templates, warm_page_rendering

# -- the pool of warm kernels ------------------------------------------------------------------
#
# A new kernel costs a lesson most of its wait: the process starts, imports IPython, ipywidgets,
# the engine and the widgets (1-3 s on a loaded 2-core machine), and only then runs the cells.
# TutorKernelManager keeps ``pool_size`` kernels ready for the notebooks of ``pool_dirs``
# (lessons/): started with the server's environment and nothing of any request, they import
# those modules (WARM_MODULES; no cell of any notebook runs, no widget is made) and wait.
#
# A page's GET then takes one instead of starting a kernel: before Voilà runs the first cell,
# the kernel is given this request's environment (adoption_code: the query string with
# ?lang= and ?learner=, Accept-Language and the proxy's user header, the page's address, the
# folder), exactly what a kernel started for the request would have had in os.environ. The
# notebook then runs as usual, in the request's language, for the request's learner: what
# depends on the request is read when the cells run (widgets.language.session, widgets.classroom),
# never at import. Voilà's own preheated kernels (preheat_kernel) run the notebook before the
# request and render its page in advance; our pages depend on the request from the first cell
# (the prose is translated per request by the prelaunch hook, which preheating cannot use),
# so only the imports are done ahead.
#
# Bounds: a pooled kernel counts against ``max_kernels`` like a page's. A page takes a pooled
# kernel without growing the count; the pool is refilled only below the bound, so a full
# server has no pool; a page that cannot use the pool (another folder) makes room by shutting
# a pooled kernel down. Pooled kernels have no client address (they count against no
# client) and are never culled (they are idle on purpose).
#
# Refilling costs a kernel start (about 2 s of CPU): it begins when no page has opened for
# ``pool_refill_delay`` seconds (2 s; at once when the pool is empty), one kernel at a time. A
# refill begun as soon as a page took its kernel (the default until the pages got their own
# front-end) cost that page about a third of its time to its first widget (lesson index: 681
# against 475 ms warm, 3 rounds), even at idle priority: the server's side of starting a
# kernel runs at full priority, and the page's own kernel, the server and the browser then
# share the machine's two cores. A kernel of the pool runs under Linux's SCHED_IDLE
# (``pool_priority``), from its start until a page takes it: it gets only the CPU no other
# process wants, so the pages being opened and the learners' clicks never wait behind it (at
# nice 10 it still took a tenth of a busy core, and a waking click could wait for its time
# slice). A page that takes it, ready or still warming, gives it back the server's own policy
# and niceness first, before it waits for the warm-up or runs anything of the page: a page never
# waits on an idle-priority kernel. Raising a priority again needs CAP_SYS_NICE (root in most
# containers has it, Docker's default root has not): without it, or off Linux, pooled kernels
# run at the server's priority.
# When the server starts, the pool is filled, then the page templates are compiled (see
# install_template_cache); "Kernel pool full" in the log says the server is at full speed.

WARM_MODULES = (
    "ipywidgets", "anywidget", "IPython.display", "truco", "truco.i18n", "truco.players",
    "truco.coach", "truco.odds", "widgets", "widgets.ui.common", "widgets.cards.cardrow",
    "widgets.cards.svg", "widgets.language.session", "widgets.language.i18n",
    "widgets.pages.lesson", "widgets.classroom.session", "widgets.classroom.join",
    "widgets.explore.ranking", "widgets.explore.ties", "widgets.explore.compare",
    "widgets.table.play", "widgets.table.review", "widgets.charts.odds",
    # lessons as steps: the runner, the learner's progress, and every kind of task
    "widgets.steps", "widgets.steps.runner", "widgets.steps.progress", "widgets.steps.identity",
    "widgets.steps.progress_map", "widgets.steps.review", "widgets.steps.exam",
    "widgets.steps.puzzle_page", "widgets.classroom.live_banner", "widgets.classroom.live_views",
    *(f"widgets.steps.tasks.{name}" for name in (
        "ranking", "manilhas", "tricks", "hands", "raising", "special", "envido", "envido_bet",
        "muestra", "truc", "play", "compare", "odds", "explore", "puzzle")),
)
DEFAULT_POOL = 4
POOL_ENV = "TRUCO_KERNEL_POOL"


# Caches that depend on nothing of a request (each keyed by the language), filled ahead:
# the message catalogs and Babel's number data of every language (about 17 ms of a page's
# first cell otherwise).
WARM_CALLS = tuple(("truco.i18n", name, [code]) for code in LANGUAGES
                   for name in ("_translations", "_number_style")) + tuple(
    ("widgets.language.i18n", "_translations", [code]) for code in LANGUAGES)  # the views' own


def warm_up_code(modules=WARM_MODULES, calls=WARM_CALLS) -> str:
    """What a pooled kernel runs before it waits: imports, the calls that fill caches keyed
    by the language (``WARM_CALLS``: nothing of any request; a module or call that fails is
    left for the page to report), then ``gc.freeze()`` so that the garbage collector never
    walks those objects again during a lesson's cells or clicks. Nothing is left in the
    notebook's namespace, and the current language is not set."""
    return (
        "def _tutor_warm_up(names, calls):\n"
        "    import gc, importlib\n"
        "    for name in names:\n"
        "        try:\n"
        "            importlib.import_module(name)\n"
        "        except Exception:\n"
        "            pass\n"
        "    for module, function, args in calls:\n"
        "        try:\n"
        "            getattr(importlib.import_module(module), function)(*args)\n"
        "        except Exception:\n"
        "            pass\n"
        "    gc.collect()\n"
        "    gc.freeze()\n"
        f"_tutor_warm_up({json.dumps(list(modules))}, {json.dumps([list(c) for c in calls])})\n"
        "del _tutor_warm_up\n"
    )


def adoption_code(set_env: dict[str, str], drop_env, cwd: str | None) -> str:
    """The code that gives a pooled kernel one request's environment (``os.environ`` as a
    kernel started for the request would have it) and working folder. The values come from
    the request (query string, headers): they travel as one JSON string literal, never as code.

    >>> code = adoption_code({"QUERY_STRING": "lang=fa&x=');import os#"}, ["HTTP_X"], "/tmp")
    >>> namespace = {}
    >>> import os; before = os.getcwd(); exec(code, namespace); after = os.getcwd(); os.chdir(before)
    >>> os.environ.pop("QUERY_STRING"), after, sorted(k for k in namespace if not k.startswith("__"))
    ("lang=fa&x=');import os#", '/tmp', [])
    """
    payload = json.dumps({"set": dict(set_env), "drop": sorted(drop_env), "cwd": cwd or ""})
    return (
        "def _tutor_adopt(payload):\n"
        "    import json, os\n"
        "    data = json.loads(payload)\n"
        "    for name in data['drop']:\n"
        "        os.environ.pop(name, None)\n"
        "    os.environ.update(data['set'])\n"
        "    if data['cwd']:\n"
        "        os.chdir(data['cwd'])\n"
        f"_tutor_adopt({payload!r})\n"
        "del _tutor_adopt\n"
    )


def default_pool_size(max_kernels: int) -> int:
    """Warm kernels kept ready: ``DEFAULT_POOL``, fewer on a server allowed few kernels
    (a tenth of the bound, at least one while the bound leaves room for two pages). A class
    arriving at once empties any pool; four cover a few learners opening pages in the same
    seconds while the next ones warm up (about 55 MB each, counted in the bound).

    >>> default_pool_size(50), default_pool_size(35), default_pool_size(10), default_pool_size(3)
    (4, 3, 1, 1)
    >>> default_pool_size(2), default_pool_size(0)   # room for two pages only; no bound
    (0, 4)
    """
    if max_kernels <= 0:
        return DEFAULT_POOL
    if max_kernels < 3:
        return 0
    return max(1, min(DEFAULT_POOL, max_kernels // 10))


PRIORITIES = ("idle", "nice", "normal")  # pool_priority's values


def can_raise_priority() -> bool:
    """Whether this process may give a process back the priority it lowered: anyone may lower
    one, raising it again takes CAP_SYS_NICE (Linux; read from /proc/self/status). False off
    Linux."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("CapEff:"):
                    return bool(int(line.split()[1], 16) >> 23 & 1)  # bit 23: CAP_SYS_NICE
    except (OSError, ValueError, IndexError):
        pass
    return False


def pool_priority_used(wanted: str) -> str:
    """The priority pooled kernels really get: ``wanted`` where it can be undone, else
    "normal" (no SCHED_IDLE off Linux; no lowering without the right to raise again)."""
    if wanted not in PRIORITIES or wanted == "normal" or not can_raise_priority():
        return "normal"
    if wanted == "idle" and not hasattr(os, "SCHED_IDLE"):
        return "normal"
    return wanted


def set_priority(pid: int | None, policy: str, niceness: int = 0) -> bool:
    """Every thread of process ``pid`` under ``policy``: "idle" (SCHED_IDLE), else
    SCHED_OTHER at ``niceness`` (Linux: both are per thread; a thread made later inherits its
    maker's). False when the process is gone or the change is not allowed."""
    if not pid:
        return False
    try:
        import psutil

        for thread in psutil.Process(pid).threads():
            if policy == "idle":
                os.sched_setscheduler(thread.id, os.SCHED_IDLE, os.sched_param(0))
            else:
                if hasattr(os, "sched_setscheduler"):
                    os.sched_setscheduler(thread.id, os.SCHED_OTHER, os.sched_param(0))
                os.setpriority(os.PRIO_PROCESS, thread.id, niceness)
        return True
    except Exception:  # gone, or not allowed: the kernel keeps its priority
        return False


def _ports(kernel) -> tuple:
    """A kernel's ZMQ ports (they change when Jupyter's restarter starts it again)."""
    return tuple(getattr(kernel, name, None) for name in
                 ("shell_port", "iopub_port", "stdin_port", "hb_port", "control_port"))


class _Pooled:
    """A kernel of the pool: its id, the environment it was started with, and the task that
    starts and warms it (done: ready to be taken)."""

    __slots__ = ("kernel_id", "kernel_name", "env", "task", "client", "ports", "pid",
                 "started", "taken")

    def __init__(self, kernel_id: str, kernel_name: str, env: dict[str, str]):
        self.kernel_id, self.kernel_name, self.env = kernel_id, kernel_name, env
        self.task: asyncio.Task | None = None
        self.client = None  # the kernel client that warmed it, kept for the adoption
        self.ports: tuple = ()  # the kernel's ports when that client connected
        self.pid: int | None = None  # and its process (a restart on the same ports changes it)
        self.started = time.monotonic()
        self.taken = False  # a page has it: its priority is never lowered again

    @property
    def ready(self) -> bool:
        return self.task is not None and self.task.done() and not self.task.cancelled() \
            and self.task.exception() is None



class PoolMixin:
    """TutorKernelManager's pool of warm kernels (the comments above); ``super()`` here is
    AsyncMappingKernelManager."""

    def _pool_take(self, kernel_name: str) -> _Pooled | None:
        """The pooled kernel a page gets: the oldest ready one, else the one furthest into
        its start (taken now, awaited by the page). No await: counted at once."""
        candidates = [p for p in self._pool if p.kernel_name == kernel_name
                      and p.kernel_id not in self._pool_evicting]
        if not candidates:
            return None
        ready = [p for p in candidates if p.ready]
        chosen = (ready or candidates)[0]
        self._pool.remove(chosen)
        self._pool_ids.discard(chosen.kernel_id)
        chosen.taken = True
        self._pool_restore(chosen)  # a page never waits on a kernel of low priority
        return chosen

    def _pool_lower(self, pooled: _Pooled) -> None:
        """A kernel of the pool, not taken yet: the pool's priority (``pool_priority``)."""
        if self._pool_lowered == "normal" or pooled.taken:
            return
        set_priority(self._kernel_pid(pooled.kernel_id), self._pool_lowered,
                     os.getpriority(os.PRIO_PROCESS, 0) + self.pool_nice)

    def _pool_restore(self, pooled: _Pooled) -> None:
        """A kernel a page took: the server's own policy and niceness (a kernel whose
        process is not started yet gets them from the server, as it is never lowered now)."""
        if self._pool_lowered == "normal":
            return
        pid = self._kernel_pid(pooled.kernel_id)
        if pid and not set_priority(pid, "normal", os.getpriority(os.PRIO_PROCESS, 0)):
            self.log.warning("Kernel %s keeps the pool's low priority: it could not be "
                             "raised again", pooled.kernel_id)

    async def _pool_adopt(self, pooled: _Pooled, path, env) -> str:
        """Make ``pooled`` this request's kernel: wait until it is warm, then give it the
        request's environment and folder. A pooled kernel that failed gives way to a new one."""
        kernel_id = pooled.kernel_id
        env = dict(os.environ if env is None else env)
        try:
            await asyncio.shield(pooled.task)
            if kernel_id not in self._kernels:
                raise RuntimeError("the pooled kernel is gone")
            set_env = {k: v for k, v in env.items() if pooled.env.get(k) != v}
            drop = [k for k in pooled.env if k not in env]
            cwd = self.cwd_for_path(path) if path is not None else None
            await self._pool_run(pooled, adoption_code(set_env, drop, cwd))
        except Exception as exc:
            self.log.warning("Pooled kernel %s could not be used (%s); starting a new one",
                             kernel_id, exc)
            self._pool_close_client(pooled)
            await self._pool_shut_down(kernel_id)
            return await super().start_kernel(path=path, env=env, kernel_name=pooled.kernel_name)
        self._pool_close_client(pooled)
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            from jupyter_server._tz import utcnow

            kernel.last_activity = utcnow()  # a page's kernel from now on
        self.log.info("Kernel %s: a warm kernel from the pool (warmed in %.1f s)", kernel_id,
                      time.monotonic() - pooled.started)
        return kernel_id

    async def _pool_shut_down(self, kernel_id: str) -> None:
        """Shut a pooled kernel that cannot be used down, for certain. Jupyter's restarter may
        be starting it again meanwhile (it was killed): a shutdown during that restart can fail
        and leave the kernel listed, counted against the server's limit. So a restart under
        way is waited for (10 s at most) and the shutdown tried again; a kernel still listed
        after three tries has its process killed and is forgotten."""
        for _attempt in range(3):
            kernel = self._kernels.get(kernel_id)
            if kernel is None:
                return
            ready = getattr(kernel, "ready", None)
            if isinstance(ready, asyncio.Future) and not ready.done():
                try:
                    await asyncio.wait_for(asyncio.shield(ready), 10)
                except Exception:
                    pass  # a restart that failed or hangs: shut down anyway
            try:
                await super().shutdown_kernel(kernel_id, now=True)
            except Exception as exc:
                self.log.warning("Pooled kernel %s did not shut down (%s): trying again",
                                 kernel_id, exc)
        if kernel_id in self._kernels:
            pid = self._kernel_pid(kernel_id)
            self.log.warning("Pooled kernel %s killed and forgotten (process %s)", kernel_id,
                             pid)
            if pid:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass  # gone already
            self.remove_kernel(kernel_id)

    async def _pool_run(self, pooled: _Pooled, code: str, timeout: float = 60.0) -> None:
        """Run ``code`` in a pooled kernel (silently) and wait for its reply.

        A kernel that dies or is restarted meanwhile (Jupyter's restarter starts a new
        process, cold, on new ports or on the same ones, and this client may talk to nobody) fails at the next one-second check with a
        RuntimeError, never a minute's wait. The client has the shell and IOPub channels
        only: no heartbeat thread, whose stop would join a thread stuck on a dead kernel."""
        kernel = self.get_kernel(pooled.kernel_id)
        deadline = time.monotonic() + timeout
        await self._pool_alive(pooled, kernel)
        kc = pooled.client
        if kc is None:
            kc = pooled.client = kernel.client()
            pooled.ports, pooled.pid = _ports(kernel), self._kernel_pid(pooled.kernel_id)
            kc.start_channels(shell=True, iopub=True, stdin=False, hb=False, control=False)
            while True:  # kernel_info until it answers: its channels are connected
                try:
                    await kc.wait_for_ready(timeout=1.0)
                    break
                except RuntimeError:
                    await self._pool_alive(pooled, kernel)
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"no answer from the kernel in {timeout:.0f} s")
        msg_id = kc.execute(code, silent=True, store_history=False, allow_stdin=False)
        while True:
            try:
                reply = await kc.get_shell_msg(timeout=1.0)
            except Empty:
                await self._pool_alive(pooled, kernel)
                if time.monotonic() > deadline:
                    raise RuntimeError(f"no reply from the kernel in {timeout:.0f} s")
                continue
            if reply.get("parent_header", {}).get("msg_id") == msg_id:
                break
        if reply["content"].get("status") != "ok":
            raise RuntimeError(f"{reply['content'].get('ename')}: "
                               f"{reply['content'].get('evalue')}")

    async def _pool_alive(self, pooled: _Pooled, kernel) -> None:
        """Raise if ``pooled`` died or was restarted since its client connected."""
        if pooled.kernel_id not in self._kernels or not await kernel.is_alive():
            raise RuntimeError("the pooled kernel died")
        if pooled.ports and _ports(kernel) != pooled.ports or \
                pooled.pid and self._kernel_pid(pooled.kernel_id) != pooled.pid:
            raise RuntimeError("the pooled kernel was restarted")

    @staticmethod
    def _pool_close_client(pooled: _Pooled) -> None:
        if pooled.client is not None:
            try:
                pooled.client.stop_channels()
            except Exception:
                pass
            pooled.client = None

    def _pool_room(self) -> bool:
        return self.max_kernels <= 0 or self._live() < self.max_kernels

    def _pool_schedule(self, delay: float | None = None) -> None:
        """Refill later: when no page started for ``pool_refill_delay`` s (at once if empty)."""
        if self.pool_size <= 0 or self.parent is None:
            return
        from tornado.ioloop import IOLoop

        if delay is None:
            delay = 0.0 if not self._pool else self.pool_refill_delay
        if self._pool_timer is not None:
            IOLoop.current().remove_timeout(self._pool_timer)
        self._pool_timer = IOLoop.current().call_later(delay, self._pool_fill)

    async def _pool_fill(self) -> None:
        """Start pooled kernels, one at a time, until the pool is full or the bound is met."""
        self._pool_timer = None
        if self._pool_filling:
            return
        self._pool_filling = True
        try:
            while len(self._pool) < self.pool_size and self._pool_room():
                quiet = time.monotonic() - self._last_page
                if self._pool and quiet < self.pool_refill_delay:
                    self._pool_schedule(self.pool_refill_delay - quiet)
                    return
                pooled = self._pool_start(self.default_kernel_name)
                try:
                    await asyncio.shield(pooled.task)
                except Exception as exc:
                    self.log.warning("A kernel for the pool could not start: %s", exc)
                    self._pool_discard(pooled)
                    if pooled.kernel_id in self._kernels:  # no orphan kernel left behind
                        try:
                            await super().shutdown_kernel(pooled.kernel_id, now=True)
                        except Exception:
                            pass
                    return
            if not self._pool_templates_done and hasattr(self.parent, "voila_configuration"):
                self._pool_templates_done = True
                started = time.monotonic()
                try:
                    count = await asyncio.get_running_loop().run_in_executor(
                        None, compile_page_templates, self.parent)
                    if self.pool_dirs:
                        await warm_page_rendering(self.parent, self._pool_sample())
                    self.log.info("Page templates compiled and a page rendered ahead: %s "
                                  "templates in %.1f s", count, time.monotonic() - started)
                except Exception as exc:  # the first page does it instead
                    self.log.warning("Page templates not compiled ahead: %s", exc)
            if len(self._pool) >= self.pool_size:
                self.log.info("Kernel pool full: %s warm kernel(s) ready", len(self._pool))
        finally:
            self._pool_filling = False

    def _pool_start(self, kernel_name: str) -> _Pooled:
        kernel_id = self.new_kernel_id()
        env = dict(os.environ)
        pooled = _Pooled(kernel_id, kernel_name, env)
        self._pool.append(pooled)
        self._pool_ids.add(kernel_id)
        pooled.task = asyncio.ensure_future(self._pool_warm(pooled))
        return pooled

    async def _pool_warm(self, pooled: _Pooled) -> str:
        path = self.pool_dirs[0] if self.pool_dirs else None
        await AsyncMappingKernelManager.start_kernel(
            self, kernel_id=pooled.kernel_id, path=path, kernel_name=pooled.kernel_name,
            env=dict(pooled.env))
        self._pool_lower(pooled)  # at once: the kernel's own imports are half its start
        started = time.monotonic()
        await self._pool_run(pooled, warm_up_code(self.pool_warm_modules))
        self.log.info("Kernel %s warm for the pool in %.1f s (imports %.1f s)",
                      pooled.kernel_id, time.monotonic() - pooled.started,
                      time.monotonic() - started)
        return pooled.kernel_id

    def _pool_discard(self, pooled: _Pooled) -> None:
        if pooled in self._pool:
            self._pool.remove(pooled)
        self._pool_ids.discard(pooled.kernel_id)
        self._pool_close_client(pooled)

    async def _pool_evict(self) -> None:
        """Shut down a pooled kernel to make room (the newest: the least far along)."""
        for pooled in reversed(self._pool):
            if pooled.kernel_id in self._pool_evicting:
                continue
            self._pool_evicting.add(pooled.kernel_id)
            self.log.info("Kernel %s leaves the pool to make room for a page", pooled.kernel_id)
            try:
                try:
                    await asyncio.shield(pooled.task)
                except Exception:
                    pass
                self._pool_discard(pooled)
                if pooled.kernel_id in self._kernels:
                    await super().shutdown_kernel(pooled.kernel_id, now=True)
            finally:
                self._pool_evicting.discard(pooled.kernel_id)
            return

    def _pool_sample(self) -> str:
        """A notebook of the pool's first folder (its start page when there is one), for
        rendering a page ahead."""
        folder = self.pool_dirs[0].strip("/")
        root = Path(getattr(self, "root_dir", "") or os.getcwd())
        names = sorted(p.name for p in (root / folder).glob("*.ipynb"))
        name = "index.ipynb" if "index.ipynb" in names else (names[0] if names else "")
        if not name:
            raise FileNotFoundError(f"no notebook in {folder}")
        return f"{folder}/{name}"

    def _kernel_pid(self, kernel_id: str) -> int | None:
        kernel = self._kernels.get(kernel_id)
        provisioner = getattr(kernel, "provisioner", None)
        pid = getattr(provisioner, "pid", None)
        process = getattr(provisioner, "process", None)
        return pid or getattr(process, "pid", None)

    def pooled_kernels(self) -> list[str]:
        """Ids of the kernels waiting in the pool (ready or warming)."""
        return [p.kernel_id for p in self._pool]

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        for pooled in list(self._pool):
            if pooled.kernel_id == kernel_id:
                self._pool_discard(pooled)
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)

    async def shutdown_all(self, *args, **kwargs):
        if self._pool_timer is not None:
            from tornado.ioloop import IOLoop

            IOLoop.current().remove_timeout(self._pool_timer)
            self._pool_timer = None
        self.pool_size = 0  # no refill while the server stops
        for pooled in list(self._pool):
            if pooled.task is not None and not pooled.task.done():
                try:
                    await asyncio.wait_for(asyncio.shield(pooled.task), 30)
                except Exception:
                    pass
            self._pool_discard(pooled)
        return await super().shutdown_all(*args, **kwargs)

    async def cull_kernel_if_idle(self, kernel_id):
        if kernel_id in self._pool_ids:
            return None  # idle on purpose
        return await super().cull_kernel_if_idle(kernel_id)

    # -- kernels whose page never connected -----------------------------------------------
