"""Server-side helpers for serving the tutor with Voilà.

Two classes are named in ``voila.json``: ``NoDelayKernelWebsocketConnection`` (below) and
``TutorKernelManager`` (further down: how many kernels may run, for whom, for which notebooks,
the shutdown of kernels whose page never connected, and the pool of warm kernels that makes a
lesson open at once).

``NoDelayKernelWebsocketConnection`` is named in ``voila.json`` as
``Voila.kernel_websocket_connection_class``.  It is the connection class that
jupyter_server (and so Voilà) uses by default, plus one thing: once the kernel
websocket is open it turns on ``TCP_NODELAY`` for that socket.

Why: every widget interaction is a burst of small websocket frames (a
``comm_msg`` reply wrapped in ``status: busy`` / ``status: idle``).  With
Nagle's algorithm on, a small frame written while an earlier one is still
unacknowledged is held back until the ACK arrives, and the peer may delay that
ACK (Linux: up to ~40 ms, other stacks up to 200 ms).  Tornado turns Nagle off
only while it finishes a plain HTTP response and turns it back on afterwards;
a websocket keeps the default, so we switch it off ourselves.

How it hooks in: jupyter_server's ``KernelWebsocketHandler`` builds the
connection object in ``pre_get`` (before the HTTP upgrade), and calls
``connection.connect()`` from the handler's ``open()``, that is right after the
websocket handshake, when ``websocket_handler.ws_connection`` and its tornado
``IOStream`` exist.  We override ``connect`` to set the flag there and then
defer to the parent class.
"""

from __future__ import annotations

import asyncio
import html
import ipaddress
import json
import os
import posixpath
import re
import socket
import time
from pathlib import Path

from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_server.services.kernels.connection.channels import (
    ZMQChannelsWebsocketConnection,
)
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Integer, List, Unicode, default

from truco.i18n import LANGUAGES

__all__ = ["NoDelayKernelWebsocketConnection", "TutorKernelManager", "adoption_code",
           "busy_page", "client_address", "default_max_kernels", "default_pool_size",
           "enable_nodelay", "notebook_allowed", "socket_nodelay", "voila_env"]

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


def _raw_socket(handler):
    """Return the OS socket under a tornado ``WebSocketHandler``, or None."""
    ws = getattr(handler, "ws_connection", None)
    stream = getattr(ws, "stream", None)
    return getattr(stream, "socket", None)


def enable_nodelay(handler) -> bool:
    """Set TCP_NODELAY on the websocket behind ``handler``.

    Returns True when the flag is now set on a TCP socket, False when there is
    nothing to set (connection already closed, or a non-TCP socket such as a
    Unix domain socket, where Nagle does not apply).
    """
    if getattr(handler, "ws_connection", None) is None:
        return False
    sock = _raw_socket(handler)
    if sock is None or sock.family not in (socket.AF_INET, socket.AF_INET6):
        return False
    # Tornado's public API: WebSocketHandler.set_nodelay -> IOStream.set_nodelay,
    # which does setsockopt(IPPROTO_TCP, TCP_NODELAY, 1) and ignores EINVAL
    # from sockets that are already shutting down.
    handler.set_nodelay(True)
    return socket_nodelay(sock)


def socket_nodelay(sock) -> bool:
    """Read back TCP_NODELAY from a socket (False if it cannot be read)."""
    try:
        return bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
    except OSError:
        return False


NUDGE_POKE = 0.02  # seconds between the extra kernel_info requests of a page's first nudge
NUDGE_POKES = 25


class NoDelayKernelWebsocketConnection(ZMQChannelsWebsocketConnection):
    """Default kernel websocket connection with Nagle's algorithm disabled, and (with the
    fast pages, not on the benches' baseline server) a quicker first "nudge".

    When a page's websocket opens, jupyter_server "nudges" the kernel: it sends a
    ``kernel_info`` request and waits until the websocket's new IOPub subscription has
    brought a message, retrying every 0.5 s; until then nothing the page asks is answered.
    The first request's status messages often come before the subscription is in place (ZMQ's
    "slow joiner"), and the page then waits the whole 0.5 s. ``nudge`` here also sends a
    ``kernel_info`` request every NUDGE_POKE seconds, on a channel of its own whose replies
    nobody reads, so that the kernel publishes a status again as soon as the subscription
    can see it. jupyter_server's own nudge decides, as before, when the connection is ready."""

    def connect(self):
        try:
            if not enable_nodelay(self.websocket_handler):
                self.log.debug("TCP_NODELAY not applicable for kernel %s", self.kernel_id)
        except OSError as exc:  # never fail a kernel connection over a socket option
            self.log.warning("Could not set TCP_NODELAY on kernel websocket: %s", exc)
        return super().connect()

    def nudge(self):
        future = super().nudge()
        if baseline() or future.done():
            return future
        try:
            shell = self.kernel_manager.connect_shell()
        except Exception:  # the kernel went away: jupyter_server's nudge says so
            return future
        from tornado.ioloop import IOLoop

        loop = IOLoop.current()

        def close(_=None):
            if not shell.closed():
                shell.close()

        def poke(count: int) -> None:
            if future.done() or count >= NUDGE_POKES or shell.closed():
                close()
                return
            try:
                self.session.send(shell, "kernel_info_request")
            except Exception:
                close()
                return
            loop.call_later(NUDGE_POKE, poke, count + 1)

        future.add_done_callback(close)
        loop.call_later(NUDGE_POKE, poke, 0)
        return future


# -- how many kernels, for whom, for which notebooks -------------------------------------------
#
# Voilà starts a kernel for every GET of /voila/render/<notebook> (voila/handler.py,
# VoilaHandler.get_generator -> kernel_manager.start_kernel), before the page is sent and
# whether or not a browser ever connects to it; the kernel then lives until the page's beacon
# shuts it down or the idle culler does (10 minutes). Ten plain GETs of lessons/09_play.ipynb
# held ten kernels, 581 MB. TutorKernelManager, named in voila.json as
# VoilaConfiguration.multi_kernel_manager_class, puts its checks where every kernel starts:
#
# * a notebook outside ``notebook_dirs`` gets no kernel: 404 (so no page);
# * past ``max_kernels`` in all, or ``max_kernels_per_client`` for one client address, the
#   request gets the small "the tutor is busy" page: HTTP 503 with Retry-After;
# * a kernel whose page never connected its websocket is shut down ``unconnected_timeout``
#   seconds after its last activity (the end of the notebook's run), checked every
#   ``unconnected_check_interval`` seconds.
#
# The request being served is jupyter_server's CallContext handler (set in
# JupyterHandler.prepare, a context variable of the request's task), so the checks see the
# client's address and can answer it. Counting and starting happen with no await in between,
# so simultaneous requests cannot pass the limit together.

NOTEBOOK_DIRS_ENV = "TRUCO_NOTEBOOK_DIRS"
DEFAULT_NOTEBOOK_DIRS = ("lessons",)
TEST_NOTEBOOK_DIRS = ("lessons", "tests/browser/fixtures")

# The default limit: memory available when the server starts, less a reserve for Voilà itself
# and the system, divided by a budget per kernel, capped by the CPUs and overall. Measured
# (python -m widgets.server measure): a kernel of a lesson holds 58-67 MB RSS (41-50 MB of its
# own) after the page's GET; one that drew the odds charts 108 MB; pages in use grow a little.
KERNEL_BUDGET_MB = 75
RESERVED_MB = 384
KERNELS_PER_CPU = 25
KERNELS_CAP = 200
KERNELS_MIN = 2
DEFAULT_PER_CLIENT = 8
MB = 1024 * 1024


def _cgroup_available() -> int | None:
    """Bytes the cgroup (a container's memory limit) still allows, if it sets a limit."""
    try:
        limit = Path("/sys/fs/cgroup/memory.max").read_text().strip()
        used = Path("/sys/fs/cgroup/memory.current").read_text().strip()
    except OSError:
        return None
    if limit == "max" or not limit.isdigit() or not used.isdigit():
        return None
    return max(0, int(limit) - int(used))


def available_memory() -> int:
    """Bytes of memory available now (the smaller of the machine's and the cgroup's)."""
    import psutil

    available = psutil.virtual_memory().available
    in_cgroup = _cgroup_available()
    return available if in_cgroup is None else min(available, in_cgroup)


def _usable_cpus() -> int:
    """CPUs this process may run on (its affinity, e.g. a container's cpuset)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def default_max_kernels(available: int | None = None, cpus: int | None = None) -> int:
    """The default of ``TutorKernelManager.max_kernels``.

    >>> default_max_kernels(available=4096 * MB, cpus=2)   # (4096 - 384) // 75 = 49, 2 CPUs
    49
    >>> default_max_kernels(available=24 * 1024 * MB, cpus=2), default_max_kernels(512 * MB, 8)
    (50, 2)
    """
    available = available_memory() if available is None else available
    cpus = _usable_cpus() if cpus is None else cpus
    by_memory = (available // MB - RESERVED_MB) // KERNEL_BUDGET_MB
    return int(max(KERNELS_MIN, min(by_memory, KERNELS_PER_CPU * cpus, KERNELS_CAP)))


def _env_int(name: str) -> int | None:
    value = os.environ.get(name, "").strip()
    return int(value) if value else None


def _parse_address(text: str) -> str | None:
    """A normalised IP address, or None when ``text`` is not one (``::ffff:a.b.c.d`` and
    ``a.b.c.d`` are the same client)."""
    try:
        address = ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None
    if address.version == 6 and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return str(address)


def client_address(handler, header: str = "") -> str:
    """The address a request counts against: the peer's, or, when ``header`` names a header
    set by a trusted proxy (``X-Forwarded-For``, ``X-Real-IP``), the last address in it, the
    one that proxy added (addresses a client wrote before it are not trusted).

    >>> from types import SimpleNamespace as NS
    >>> req = lambda ip, **h: NS(request=NS(remote_ip=ip, headers=h))
    >>> client_address(req("10.0.0.5", **{"X-Forwarded-For": "1.2.3.4"}))
    '10.0.0.5'
    >>> client_address(req("127.0.0.1", **{"X-Forwarded-For": "6.6.6.6, 10.0.0.9"}), "X-Forwarded-For")
    '10.0.0.9'
    >>> client_address(req("127.0.0.1", **{"X-Forwarded-For": "junk"}), "X-Forwarded-For")
    '127.0.0.1'
    """
    request = handler.request
    if header:
        value = request.headers.get(header, "")
        last = value.split(",")[-1] if value else ""
        forwarded = _parse_address(last)
        if forwarded is not None:
            return forwarded
    return _parse_address(request.remote_ip or "") or (request.remote_ip or "unknown")


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def notebook_allowed(directory: str | None, allowed) -> bool:
    """Whether a notebook in ``directory`` (relative to the served root, as Voilà passes it)
    may run: inside one of the ``allowed`` folders, after resolving ``.`` and ``..``.

    >>> notebook_allowed("lessons", ["lessons"]), notebook_allowed("lessons/extra", ["lessons"])
    (True, True)
    >>> notebook_allowed("lessons/../tests/browser/fixtures", ["lessons"])
    False
    >>> notebook_allowed("lessons_old", ["lessons"]), notebook_allowed("", ["lessons"])
    (False, False)
    """
    if directory is None:
        return False
    path = posixpath.normpath(directory.replace("\\", "/").strip("/") or ".")
    if path == ".." or path.startswith("../") or posixpath.isabs(path):
        return False
    for folder in allowed:
        folder = posixpath.normpath(folder.strip("/") or ".")
        if folder == "." or path == folder or path.startswith(folder + "/"):
            return True
    return False


# The "tutor is busy" page: HTTP 503, small, offline (no script, no link, inline style), in
# the page's language, and reloading itself after Retry-After seconds.
BUSY_TEXT = {
    "en": ("The tutor is busy",
           "Too many pages are open on this server right now. Try again in a moment: this "
           "page reloads itself in {seconds} seconds."),
    "pt_BR": ("O tutor está ocupado",
              "Há páginas abertas demais neste servidor agora. Tente de novo em instantes: "
              "esta página se recarrega sozinha em {seconds} segundos."),
    "es_AR": ("El tutor está ocupado",
              "Hay demasiadas páginas abiertas en este servidor ahora. Probá de nuevo en un "
              "momento: esta página se vuelve a cargar sola en {seconds} segundos."),
    "th": ("ระบบสอนไม่ว่างในขณะนี้",
           "ขณะนี้มีหน้าที่เปิดอยู่บนเซิร์ฟเวอร์นี้มากเกินไป โปรดลองอีกครั้งในอีกสักครู่ "
           "หน้านี้จะโหลดใหม่เองใน {seconds} วินาที"),
    "tl": ("Abala ang tutor",
           "Masyadong maraming pahina ang bukas sa server na ito ngayon. Pakisubukan muli "
           "maya-maya: kusang magre-reload ang pahinang ito sa loob ng {seconds} segundo."),
    "fa": ("آموزگار مشغول است",
           "اکنون صفحه‌های زیادی روی این سرور باز است. کمی بعد دوباره امتحان کنید: این صفحه "
           "تا {seconds} ثانیهٔ دیگر خودش دوباره بارگذاری می‌شود."),
}


def busy_page(language: str = "en", retry_after: int = 30) -> str:
    """The 503 page in ``language`` (one of ``truco.i18n.LANGUAGES``, else English).

    >>> page = busy_page("fa", 30)
    >>> '<html lang="fa" dir="rtl">' in page, "<script" in page, 'content="30"' in page
    (True, False, True)
    """
    if language not in BUSY_TEXT:
        language = "en"
    title, text = BUSY_TEXT[language]
    direction = "rtl" if language == "fa" else "ltr"
    seconds = int(retry_after)
    return (
        f'<!DOCTYPE html>\n<html lang="{language.replace("_", "-")}" dir="{direction}">\n'
        '<head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta http-equiv="refresh" content="{seconds}">'
        '<link rel="icon" href="data:,">'
        f"<title>{html.escape(title)}</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:36em;margin:4em auto;"
        "padding:0 1em;line-height:1.5;color:#222;background:#fff}"
        "h1{font-size:1.6em}</style></head>\n"
        f"<body><main><h1>{html.escape(title)}</h1>"
        f"<p>{html.escape(text.format(seconds=seconds))}</p></main></body>\n</html>\n"
    )


# -- the page itself: template cache, loading screen --------------------------------------------
#
# share/jupyter/config/voila.py (the server's Voilà configuration) calls install_fast_pages():
#
# * Jinja bytecode cache. Voilà makes a new nbconvert exporter, so a new Jinja environment, for
#   every page, and each one parses and compiles the page template and the ~14 templates it
#   extends or imports (0.3-1 s of the server's CPU per page on a loaded 2-core machine, before
#   the first byte). The compiled code is kept in memory, keyed by the template's file and
#   checked against its source (jinja2.BytecodeCache), so an edited template is compiled again.
# * The loading screen: the prelaunch hook below gives the notebook its title (the lesson's
#   first heading, in the learner's language), the words under the spinner and the text
#   direction; the tutor template shows them instead of Voilà's "Executing 1 of 3".
#
# TRUCO_VOILA_BASELINE=1 (set by bench/app.py for its bare page only) leaves both out, and
# the pool empty: the page Voilà serves with its defaults, that the lessons are measured
# against.

BASELINE_ENV = "TRUCO_VOILA_BASELINE"
UNUSED_EXTENSIONS = ("jupyterlab_pygments",)
# Front-end plugins a tutor page never uses (the pages show widgets and server-rendered
# Markdown, no code, no math, no JSON or Vega outputs, the light theme only): not activated.
UNUSED_PLUGINS = (
    "@jupyterlab/javascript-extension:factory",
    "@jupyterlab/json-extension:factory",
    "@jupyterlab/json-lines-extension:factory",
    "@jupyterlab/vega5-extension:factory",
    "@jupyterlab/codemirror-extension:languages",
    "@jupyterlab/mathjax-extension:plugin",
    "@jupyterlab/theme-dark-extension:plugin",
    "@voila-dashboards/voila:render-outputs-progressively",
)


def fast_page_config(page_config, **kwargs):
    """Voilà's ``page_config_hook``: the page's front-end configuration with the plugins a
    tutor page never uses turned off (``UNUSED_PLUGINS``)."""
    disabled = list(page_config.get("disabledExtensions", []))
    page_config["disabledExtensions"] = disabled + [p for p in UNUSED_PLUGINS
                                                     if p not in disabled]
    return page_config

LOADING_TEXT = {
    "en": "Getting the lesson ready…",
    "pt_BR": "Preparando a lição…",
    "es_AR": "Preparando la lección…",
    "th": "กำลังเตรียมบทเรียน…",
    "tl": "Inihahanda ang aralin…",
    "fa": "در حال آماده‌سازی درس…",
}


def baseline() -> bool:
    """Whether this server is the benches' stock Voilà baseline (TRUCO_VOILA_BASELINE=1)."""
    return os.environ.get(BASELINE_ENV, "").strip() not in ("", "0")


_TEMPLATE_CACHE = None


def template_cache():
    """The process's Jinja bytecode cache for page templates."""
    global _TEMPLATE_CACHE
    if _TEMPLATE_CACHE is None:
        import jinja2

        class _Memory(jinja2.BytecodeCache):
            def __init__(self):
                self.store: dict[str, bytes] = {}

            def load_bytecode(self, bucket):
                data = self.store.get(bucket.key)
                if data is not None:
                    bucket.bytecode_from_string(data)

            def dump_bytecode(self, bucket):
                self.store[bucket.key] = bucket.bytecode_to_string()

        _TEMPLATE_CACHE = _Memory()
    return _TEMPLATE_CACHE


def install_template_cache() -> bool:
    """Give every Voilà page exporter's Jinja environment the shared bytecode cache.
    Returns False when it was installed already."""
    from voila.exporter import VoilaExporter

    if getattr(VoilaExporter, "_tutor_template_cache", False):
        return False
    create = VoilaExporter._create_environment

    def _create_environment(self):
        environment = create(self)
        environment.bytecode_cache = template_cache()
        return environment

    VoilaExporter._create_environment = _create_environment
    VoilaExporter._tutor_template_cache = True
    return True


IOPUB_PROBE = 0.02  # seconds QuickReadyKernelClient waits for IOPub before asking again


class QuickReadyKernelClient(AsyncKernelClient):
    """jupyter_client's asyncio kernel client, but ready without the last wait.

    Before Voilà runs a notebook it asks the kernel client to wait until the kernel is ready
    (nbclient: ``kc.wait_for_ready``): a ``kernel_info`` request answered on the shell
    channel and a message seen on IOPub (so that no output of the first cell is lost). Then
    jupyter_client also waits until IOPub has been quiet for 0.2 s, to drop the messages left
    over; nbclient keeps only the outputs of the requests it sent, so nothing of the notebook
    depends on that wait, and every page paid 0.2 s or more for it. This client skips it
    (the first two checks stay). jupyter_client also gives IOPub 0.2 s to bring a message
    after the reply: a new subscription often misses the statuses of the first request (ZMQ's
    "slow joiner"), so the wait was usually 0.2 s plus a second request; this client asks
    again every IOPUB_PROBE seconds instead, until IOPub answers. Named in
    ``install_fast_pages`` as the kernel managers' ``client_class``."""

    async def wait_for_ready(self, timeout: float | None = None) -> None:
        from queue import Empty

        from jupyter_client.manager import KernelManager
        from jupyter_core.utils import ensure_async

        deadline = time.time() + (float("inf") if timeout is None else timeout)
        if not isinstance(self.parent, KernelManager):
            while not await self._async_is_alive():
                if time.time() > deadline:
                    raise RuntimeError(f"Kernel didn't respond to heartbeats in {timeout} s")
                await asyncio.sleep(0.2)
        while True:
            self.kernel_info()
            try:
                msg = await ensure_async(self.shell_channel.get_msg(timeout=1))
            except Empty:
                pass
            else:
                if msg["msg_type"] == "kernel_info_reply":
                    try:  # IOPub is connected when it brings the kernel's status
                        await ensure_async(self.iopub_channel.get_msg(timeout=IOPUB_PROBE))
                    except Empty:
                        pass  # not yet subscribed: ask again, the statuses come again
                    else:
                        self._handle_kernel_info_reply(msg)
                        return
            if not await self._async_is_alive():
                raise RuntimeError("Kernel died before replying to kernel_info")
            if time.time() > deadline:
                raise RuntimeError(f"Kernel didn't respond in {timeout} seconds")


def compile_page_templates(app) -> int:
    """Compile, into the shared bytecode cache, every page template Voilà's exporter may use
    (run once when the server has started, so that the first learner does not wait for it).
    Returns how many."""
    from voila.exporter import VoilaExporter

    config = app.voila_configuration
    exporter = VoilaExporter(template_paths=app.template_paths, template_name=config.template,
                             config=app.config, contents_manager=app.contents_manager,
                             theme=config.theme, base_url=app.base_url,
                             show_margins=config.show_margins)
    environment = exporter.environment
    if environment.bytecode_cache is None:
        return 0

    def wanted(name: str) -> bool:
        return name.endswith((".j2", ".tpl")) and "static/" not in name

    count = 0
    for name in environment.list_templates(filter_func=wanted):
        try:
            environment.get_template(name)
            count += 1
        except Exception:  # a template of another format (latex ...) may not compile here
            pass
    return count


async def warm_page_rendering(app, notebook_path: str) -> bool:
    """Render ``notebook_path``'s page once, with no kernel and its cells left unrun, through
    the exporter Voilà uses for a page, the prelaunch hook and the page configuration hook:
    what a server does the first time (nbformat compiles its schema validator, Jinja loads
    the templates, nbconvert's filters import their Markdown renderer, ...) is then done
    before the first learner's page (about 0.2 s of it). The output is thrown away."""
    import functools
    from types import SimpleNamespace

    import nbformat
    from voila.exporter import VoilaExporter
    from voila.utils import get_page_config

    config = app.voila_configuration
    exporter = VoilaExporter(template_paths=app.template_paths, template_name=config.template,
                             config=app.config, contents_manager=app.contents_manager,
                             theme=config.theme, base_url=app.base_url,
                             show_margins=config.show_margins)
    if config.strip_sources:
        exporter.exclude_input = exporter.exclude_output_prompt = True
        exporter.exclude_input_prompt = True
    kwargs = {"base_url": app.base_url, "settings": app.app.settings, "log": app.log,
              "voila_configuration": config}
    page_config = get_page_config(**kwargs)
    if config.page_config_hook:
        page_config = config.page_config_hook(page_config, **kwargs,
                                              notebook_path=notebook_path)
    model = await ensure_async_call(app.contents_manager.get, notebook_path)
    notebook = model["content"]
    nbformat.validate(notebook)
    request = SimpleNamespace(headers={}, path=f"/voila/render/{notebook_path}")
    handler = SimpleNamespace(get_argument=lambda name, default=None: default, request=request)
    if config.prelaunch_hook:
        notebook = config.prelaunch_hook(handler, notebook=notebook,
                                         cwd=os.path.dirname(notebook_path)) or notebook
    for cell in notebook.cells:
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
    name = os.path.splitext(os.path.basename(notebook_path))[0]
    resources = {"base_url": app.base_url, "theme": config.theme, "template": config.template,
                 "metadata": {"name": name}, "page_config": page_config}
    resources.update(config.resources or {})

    async def kernel_start(nb, kernel_id):
        return kernel_id

    async def notebook_execute(nb, kernel_id):
        return None

    async def cells(nb, kernel_id):
        for cell in nb.cells:
            yield cell

    context = {"frontend": "voila", "main_js": "voila.js",
               "kernel_start": functools.partial(kernel_start, kernel_id="warm-up"),
               "notebook_execute": notebook_execute, "cell_generator": cells,
               "progressive_rendering": False}
    async for _html, _resources in exporter.generate_from_notebook_node(
            notebook, resources=resources, extra_context=context, page_config=page_config):
        pass
    return True


async def ensure_async_call(function, *args):
    """``function(*args)``, awaited when it returns an awaitable."""
    result = function(*args)
    if hasattr(result, "__await__"):
        result = await result
    return result


_HEADING = re.compile(r"^\s{0,3}#{1,2}\s+(.+?)\s*#*\s*$", re.M)


def page_title(notebook, fallback: str = "") -> str:
    """The notebook's title: its first level-1 or level-2 heading (as shown, so translated),
    without Markdown marks; ``fallback`` when it has none.

    >>> from types import SimpleNamespace as NS
    >>> page_title(NS(cells=[{"cell_type": "markdown", "source": "<div dir=\\"rtl\\">\\n\\n# ۴. **Ties**\\n"}]))
    '۴. Ties'
    """
    for cell in notebook.cells:
        if cell["cell_type"] != "markdown":
            continue
        source = cell["source"]
        found = _HEADING.search("".join(source) if isinstance(source, list) else source)
        if found:
            return re.sub(r"[*_`]+", "", found.group(1)).strip()
    return fallback


def tutor_prelaunch_hook(req_handler, notebook, cwd):
    """The server's prelaunch hook: the lessons' prose in the page's language
    (:func:`widgets.prose.prelaunch_hook`), plus what the loading screen shows: the page's
    title (``metadata.title``, also the browser tab's), the words under the spinner, the
    language and its direction."""
    from truco.i18n import text_direction
    from widgets.prose import page_language, prelaunch_hook

    shown = prelaunch_hook(req_handler, notebook, cwd) or notebook
    code = page_language(req_handler.get_argument("lang", None),
                         req_handler.request.headers.get("Accept-Language"))
    name = os.path.splitext(os.path.basename(req_handler.request.path))[0]
    shown.metadata["title"] = page_title(shown, name)
    shown.metadata["tutor_loading"] = {
        "lang": code.replace("_", "-"), "dir": text_direction(code),
        "text": LOADING_TEXT.get(code, LOADING_TEXT["en"])}
    return shown


def install_fast_pages(c) -> None:
    """Called from share/jupyter/config/voila.py with its config object ``c``: the prose
    hook (always), and unless this is the benches' baseline server, the template cache and
    the loading screen (``resources.tutor_fast_pages`` for the template)."""
    from widgets.prose import prelaunch_hook

    if baseline():
        c.VoilaConfiguration.prelaunch_hook = prelaunch_hook
        c.TutorKernelManager.pool_size = 0
        return
    install_template_cache()
    c.VoilaConfiguration.prelaunch_hook = tutor_prelaunch_hook
    c.VoilaConfiguration.resources = {"tutor_fast_pages": True}
    # A JupyterLab syntax-highlighting theme: the pages show no code (strip_sources).
    c.VoilaConfiguration.extension_denylist = list(UNUSED_EXTENSIONS)
    c.ServerKernelManager.client_class = "widgets.server.QuickReadyKernelClient"
    c.VoilaConfiguration.page_config_hook = fast_page_config


def _page_language(handler) -> str:
    try:
        from widgets.prose import page_language

        return page_language(handler.get_argument("lang", None),
                             handler.request.headers.get("Accept-Language"))
    except Exception:  # the busy page must never fail over its language
        return "en"


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
# depends on the request is read when the cells run (widgets.language, widgets.classroom),
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
# Refilling costs a kernel start: it begins as soon as a page takes a kernel (one kernel warms
# up at a time; ``pool_refill_delay`` can make it wait for a quiet moment instead, except when
# the pool is empty), and a kernel warming up runs at a lower priority (``pool_nice``) so that
# the pages being opened and the learners' clicks are served first; it gets the server's
# priority back when a page takes it.
# When the server starts, the pool is filled, then the page templates are compiled (see
# install_template_cache); "Kernel pool full" in the log says the server is at full speed.

WARM_MODULES = (
    "ipywidgets", "anywidget", "IPython.display", "truco", "truco.i18n", "truco.players",
    "truco.coach", "truco.odds", "widgets", "widgets.common", "widgets.cardrow", "widgets.svg",
    "widgets.language", "widgets.lesson", "widgets.classroom.session", "widgets.classroom.join",
    "widgets.ranking_explorer", "widgets.manilha_trainer", "widgets.trick_quiz",
    "widgets.tie_explorer", "widgets.bet_ladder", "widgets.envido_trainer",
    "widgets.play_table", "widgets.variant_compare", "widgets.odds_charts",
)
DEFAULT_POOL = 4
POOL_ENV = "TRUCO_KERNEL_POOL"


# Caches that depend on nothing of a request (each keyed by the language), filled ahead:
# the message catalogs and Babel's number data of every language (about 17 ms of a page's
# first cell otherwise).
WARM_CALLS = tuple(("truco.i18n", name, [code]) for code in LANGUAGES
                   for name in ("_translations", "_number_style"))


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


def _renice(pid: int | None, niceness: int) -> bool:
    """Set the niceness of every thread of process ``pid`` (Linux: niceness is per thread;
    threads made later inherit their maker's)."""
    if not pid:
        return False
    try:
        import psutil

        for thread in psutil.Process(pid).threads():
            os.setpriority(os.PRIO_PROCESS, thread.id, niceness)
        return True
    except Exception:  # gone, or not allowed: the kernel keeps its priority
        return False


class _Pooled:
    """A kernel of the pool: its id, the environment it was started with, and the task that
    starts and warms it (done: ready to be taken)."""

    __slots__ = ("kernel_id", "kernel_name", "env", "task", "client", "started")

    def __init__(self, kernel_id: str, kernel_name: str, env: dict[str, str]):
        self.kernel_id, self.kernel_name, self.env = kernel_id, kernel_name, env
        self.task: asyncio.Task | None = None
        self.client = None  # the kernel client that warmed it, kept for the adoption
        self.started = time.monotonic()

    @property
    def ready(self) -> bool:
        return self.task is not None and self.task.done() and not self.task.cancelled() \
            and self.task.exception() is None


class TutorKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager with the tutor's bounds and its pool of warm kernels (see the
    comments above)."""

    max_kernels = Integer(
        config=True,
        help="Kernels (open pages and pooled kernels) at most, in all; 0: no limit. Default: "
             "TRUCO_MAX_KERNELS, else worked out from the memory available at start "
             "(default_max_kernels).")
    max_kernels_per_client = Integer(
        config=True,
        help="Kernels at most for one client address (loopback addresses, the machine "
             "itself, are not counted); 0: no limit. Default: TRUCO_MAX_KERNELS_PER_CLIENT, "
             "else 8.")
    client_address_header = Unicode(
        config=True,
        help="Behind a proxy: the header it sets to the client's address (X-Forwarded-For, "
             "X-Real-IP); its last address is used. Empty (default): the peer's address. "
             "Default: TRUCO_CLIENT_ADDRESS_HEADER.")
    notebook_dirs = List(
        Unicode(), config=True,
        help="Folders (relative to the served root) whose notebooks may run. Default: "
             "TRUCO_NOTEBOOK_DIRS (separated by os.pathsep), else ['lessons'].")
    unconnected_timeout = Float(
        45.0, config=True,
        help="Seconds after its last activity that a kernel whose page never connected "
             "is shut down; 0: never.")
    unconnected_check_interval = Float(
        10.0, config=True, help="Seconds between two looks for such kernels.")
    retry_after = Integer(
        30, config=True, help="Seconds the busy page asks the browser to wait (Retry-After).")
    pool_size = Integer(
        config=True,
        help="Warm kernels kept ready for the notebooks of pool_dirs (they count against "
             "max_kernels); 0: none. Default: TRUCO_KERNEL_POOL, else default_pool_size().")
    pool_dirs = List(
        Unicode(), list(DEFAULT_NOTEBOOK_DIRS), config=True,
        help="Folders whose notebooks take a kernel from the pool (default ['lessons']).")
    pool_refill_delay = Float(
        0.0, config=True,
        help="Seconds without a new page before a kernel taken from the pool is replaced "
             "(an empty pool is refilled at once); 0: at once.")
    pool_warm_modules = List(
        Unicode(), list(WARM_MODULES), config=True,
        help="Modules a pooled kernel imports before it waits.")
    pool_nice = Integer(
        10, config=True,
        help="Niceness of a kernel while it warms up for the pool, so that the pages being "
             "used get the CPU first; back to the server's own when a page takes it. Only "
             "where the server may raise a priority again (root), else 0.")

    @default("max_kernels")
    def _default_max_kernels(self):
        value = _env_int("TRUCO_MAX_KERNELS")
        return default_max_kernels() if value is None else value

    @default("max_kernels_per_client")
    def _default_max_kernels_per_client(self):
        value = _env_int("TRUCO_MAX_KERNELS_PER_CLIENT")
        return DEFAULT_PER_CLIENT if value is None else value

    @default("client_address_header")
    def _default_client_address_header(self):
        return os.environ.get("TRUCO_CLIENT_ADDRESS_HEADER", "").strip()

    @default("notebook_dirs")
    def _default_notebook_dirs(self):
        value = os.environ.get(NOTEBOOK_DIRS_ENV, "")
        dirs = [d.strip() for d in value.split(os.pathsep) if d.strip()]
        return dirs or list(DEFAULT_NOTEBOOK_DIRS)

    @default("pool_size")
    def _default_pool_size(self):
        value = _env_int(POOL_ENV)
        return default_pool_size(self.max_kernels) if value is None else max(0, value)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._tutor_clients: dict[str, str] = {}  # kernel id -> client address
        self._tutor_starting: dict[str, str] = {}  # kernel id -> client, while it starts
        self._tutor_connected: set[str] = set()  # kernels a websocket ever connected to
        self._tutor_culler = None
        self._pool: list[_Pooled] = []  # oldest first
        self._pool_ids: set[str] = set()  # kernels started for the pool and not yet taken
        self._pool_evicting: set[str] = set()  # pooled kernels being shut down for room
        self._pool_filling = False
        self._pool_timer = None
        self._last_page = 0.0  # time.monotonic() of the last page that got a kernel
        self._pool_templates_done = False
        # Lowering a priority is allowed to anyone, raising it back only to root.
        self._pool_niceness = self.pool_nice if hasattr(os, "geteuid") and os.geteuid() == 0 \
            else 0
        self.log.info(
            "Truco Tutor kernels: at most %s at once, %s per client address (loopback not "
            "counted), notebooks from %s, client address from %s; kernels whose page never "
            "connects are shut down %ss after their last activity; %s warm kernel(s) kept "
            "ready for %s",
            self.max_kernels or "any number", self.max_kernels_per_client or "any number",
            list(self.notebook_dirs), self.client_address_header or "the connection",
            self.unconnected_timeout, self.pool_size, list(self.pool_dirs))
        if self.pool_size > 0 and self.parent is not None:  # a real server, not a test's
            from tornado.ioloop import IOLoop

            IOLoop.current().add_callback(self._pool_fill)

    # -- admission ------------------------------------------------------------------------

    def _counts(self, client: str | None) -> tuple[int, int]:
        """(pages' kernels in all, kernels of ``client``), starting ones included, pooled
        ones not (see ``_live``)."""
        for kernel_id in [k for k in self._tutor_clients if k not in self._kernels]:
            del self._tutor_clients[kernel_id]
        live = (set(self._kernels) | set(self._tutor_starting)) - self._pool_ids
        owner = {**self._tutor_clients, **self._tutor_starting}
        return len(live), sum(1 for k in live if client is not None and owner.get(k) == client)

    def _live(self) -> int:
        """Kernels running or starting, pooled ones included (those being shut down not)."""
        ids = set(self._kernels) | set(self._tutor_starting) | self._pool_ids
        return len(ids - self._pool_evicting)

    def _refusal(self, client: str | None) -> str | None:
        total, mine = self._counts(client)
        if self.max_kernels > 0 and total >= self.max_kernels:
            return f"{total} kernels running, the most allowed is {self.max_kernels}"
        if (self.max_kernels_per_client > 0 and client is not None and not is_loopback(client)
                and mine >= self.max_kernels_per_client):
            return (f"{mine} kernels for {client}, the most allowed per client address is "
                    f"{self.max_kernels_per_client}")
        return None

    def _refuse(self, handler, reason: str):
        import tornado.web

        self.log.warning("The tutor is busy, no kernel started: %s", reason)
        if handler is None:
            raise tornado.web.HTTPError(503, reason)
        handler.clear()
        handler.set_status(503)
        handler.set_header("Retry-After", str(self.retry_after))
        handler.set_header("Content-Type", "text/html; charset=UTF-8")
        handler.set_header("Cache-Control", "no-store")
        # Finish: the response is this page, as is (send_error would drop Retry-After).
        raise tornado.web.Finish(busy_page(_page_language(handler), self.retry_after))

    async def start_kernel(self, *, kernel_id=None, path=None, **kwargs):
        if kernel_id is not None and kernel_id in self:
            return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        import tornado.web
        from jupyter_server.base.call_context import CallContext

        handler = CallContext.get(CallContext.JUPYTER_HANDLER)
        if not notebook_allowed(path, self.notebook_dirs):
            self.log.warning("No kernel for a notebook in %r: only %s are served",
                             path, list(self.notebook_dirs))
            raise tornado.web.HTTPError(404)
        client = client_address(handler, self.client_address_header) if handler else None
        reason = self._refusal(client)
        if reason is not None:
            self._refuse(handler, reason)
        # Counted from here on, before the first await.
        self._last_page = time.monotonic()
        pooled = None
        if kernel_id is None and notebook_allowed(path, self.pool_dirs):
            pooled = self._pool_take(kwargs.get("kernel_name") or self.default_kernel_name)
        if pooled is not None:
            kernel_id = pooled.kernel_id
            self._tutor_starting[kernel_id] = client
            try:
                started = await self._pool_adopt(pooled, path, kwargs.get("env"))
            finally:
                self._tutor_starting.pop(kernel_id, None)
        else:
            kernel_id = kernel_id or self.new_kernel_id()
            self._tutor_starting[kernel_id] = client
            try:
                if self.max_kernels > 0 and self._live() > self.max_kernels:
                    await self._pool_evict()  # a pooled kernel makes room for this page
                started = await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
            finally:
                self._tutor_starting.pop(kernel_id, None)
        if client is not None:
            self._tutor_clients[started] = client
        self._start_unconnected_culler()
        self._pool_schedule()
        return started

    # -- the pool ---------------------------------------------------------------------------

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
        return chosen

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
            if self._pool_niceness:
                _renice(self._kernel_pid(kernel_id), os.getpriority(os.PRIO_PROCESS, 0))
            await self._pool_run(pooled, adoption_code(set_env, drop, cwd))
        except Exception as exc:
            self.log.warning("Pooled kernel %s could not be used (%s); starting a new one",
                             kernel_id, exc)
            self._pool_close_client(pooled)
            if kernel_id in self._kernels:
                try:
                    await super().shutdown_kernel(kernel_id, now=True)
                except Exception:
                    pass
            return await super().start_kernel(path=path, env=env, kernel_name=pooled.kernel_name)
        self._pool_close_client(pooled)
        kernel = self._kernels.get(kernel_id)
        if kernel is not None:
            from jupyter_server._tz import utcnow

            kernel.last_activity = utcnow()  # a page's kernel from now on
        self.log.info("Kernel %s: a warm kernel from the pool (warmed in %.1f s)", kernel_id,
                      time.monotonic() - pooled.started)
        return kernel_id

    async def _pool_run(self, pooled: _Pooled, code: str, timeout: float = 60.0) -> None:
        """Run ``code`` in a pooled kernel (silently) and wait for its reply."""
        kc = pooled.client
        if kc is None:
            kc = pooled.client = self.get_kernel(pooled.kernel_id).client()
            kc.start_channels()
            await kc.wait_for_ready(timeout=timeout)
        msg_id = kc.execute(code, silent=True, store_history=False, allow_stdin=False)
        deadline = time.monotonic() + timeout
        while True:
            reply = await kc.get_shell_msg(timeout=max(0.1, deadline - time.monotonic()))
            if reply.get("parent_header", {}).get("msg_id") == msg_id:
                break
        if reply["content"].get("status") != "ok":
            raise RuntimeError(f"{reply['content'].get('ename')}: "
                               f"{reply['content'].get('evalue')}")

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
        if self._pool_niceness:
            _renice(self._kernel_pid(pooled.kernel_id),
                    os.getpriority(os.PRIO_PROCESS, 0) + self._pool_niceness)
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

    def notify_connect(self, kernel_id):
        self._tutor_connected.add(kernel_id)
        return super().notify_connect(kernel_id)

    def _start_unconnected_culler(self) -> None:
        if self._tutor_culler is not None or self.unconnected_timeout <= 0:
            return
        from tornado.ioloop import PeriodicCallback

        interval_ms = 1000 * max(0.1, self.unconnected_check_interval)
        self._tutor_culler = PeriodicCallback(self.cull_unconnected, interval_ms)
        self._tutor_culler.start()

    async def cull_unconnected(self) -> None:
        """Shut down the kernels no websocket ever connected to, idle for the timeout."""
        from jupyter_server._tz import utcnow

        self._tutor_connected &= set(self._kernels)
        now = utcnow()
        for kernel_id in list(self._kernels):
            if (kernel_id in self._tutor_connected or kernel_id in self._tutor_starting
                    or kernel_id in self._pool_ids):
                continue
            kernel = self._kernels.get(kernel_id)
            last = getattr(kernel, "last_activity", None)
            if kernel is None or last is None or getattr(kernel, "execution_state", "") == "busy":
                continue
            idle = (now - last).total_seconds()
            if idle <= self.unconnected_timeout:
                continue
            self.log.warning("Culling kernel %s: no page connected to it, idle %.0f s",
                             kernel_id, idle)
            try:
                await self.shutdown_kernel(kernel_id)
            except Exception as exc:  # one kernel must not stop the others' culling
                self.log.warning("Could not cull kernel %s: %s", kernel_id, exc)


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


# -- measuring ------------------------------------------------------------------------------

def measure(lesson: str = "lessons/09_play.ipynb", pages: int = 60, port: int = 0) -> dict:
    """Start the app as `make app` does, GET ``lesson`` ``pages`` times with no browser (as a
    script would) and measure the memory of Voilà and its kernels with psutil. Prints and
    returns the figures (``python -m widgets.server measure [lesson] [pages]``)."""
    import re
    import statistics
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    import psutil

    if not port:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    base = f"http://127.0.0.1:{port}/"
    log_path = REPO / "test-artifacts" / "measure-voila.log"
    log_path.parent.mkdir(exist_ok=True)
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
             "--Voila.port_retries=0", "--Voila.ip=127.0.0.1"],
            cwd=REPO, env=voila_env(test_notebooks=False), stdout=log,
            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                opener.open(base, timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError(f"Voilà did not start; see {log_path}") from None
                time.sleep(0.2)
        statuses: dict[int, int] = {}
        started = time.monotonic()
        for _ in range(pages):
            try:
                with opener.open(f"{base}voila/render/{lesson}", timeout=600) as response:
                    response.read()
                    status = response.status
            except urllib.error.HTTPError as err:
                status = err.code
            statuses[status] = statuses.get(status, 0) + 1
        elapsed = time.monotonic() - started
        voila = psutil.Process(proc.pid)
        kernels = []
        for child in voila.children(recursive=True):
            try:
                info = child.memory_full_info()
            except psutil.Error:
                continue
            kernels.append(info)
        own = voila.memory_full_info()
        limit = re.search(r"at most (\d+) at once", log_path.read_text(errors="replace"))
        figures = {
            "lesson": lesson, "pages": pages, "seconds": round(elapsed, 1),
            "statuses": statuses, "kernels": len(kernels),
            "max_kernels": int(limit.group(1)) if limit else None,
            "kernel_rss_mb": round(statistics.median(k.rss for k in kernels) / MB, 1) if kernels else 0,
            "kernel_pss_mb": round(statistics.median(getattr(k, "pss", 0) for k in kernels) / MB, 1) if kernels else 0,
            "kernel_uss_mb": round(statistics.median(k.uss for k in kernels) / MB, 1) if kernels else 0,
            "kernels_rss_mb": round(sum(k.rss for k in kernels) / MB),
            "kernels_pss_mb": round(sum(getattr(k, "pss", 0) for k in kernels) / MB),
            "voila_rss_mb": round(own.rss / MB),
            "available_mb": round(available_memory() / MB),
        }
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
    print(f"{pages} GETs of {lesson} in {figures['seconds']} s: {figures['statuses']}")
    print(f"kernels running: {figures['kernels']} (limit {figures['max_kernels']}); per kernel "
          f"(median) RSS {figures['kernel_rss_mb']} MB, PSS {figures['kernel_pss_mb']} MB, "
          f"USS {figures['kernel_uss_mb']} MB")
    print(f"all kernels: RSS {figures['kernels_rss_mb']} MB, PSS {figures['kernels_pss_mb']} MB;"
          f" Voilà itself RSS {figures['voila_rss_mb']} MB; memory available now "
          f"{figures['available_mb']} MB")
    return figures


if __name__ == "__main__":
    import sys

    if len(sys.argv) >= 2 and sys.argv[1] == "measure":
        measure(*(sys.argv[2:3] or ["lessons/09_play.ipynb"]),
                *([int(sys.argv[3])] if len(sys.argv) > 3 else []))
    else:
        print("usage: python -m widgets.server measure [lesson] [pages]", file=sys.stderr)
        sys.exit(2)
