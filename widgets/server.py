"""Server-side helpers for serving the tutor with Voilà.

Two classes are named in ``voila.json``: ``NoDelayKernelWebsocketConnection`` (below) and
``TutorKernelManager`` (further down: how many kernels may run, for whom, for which notebooks,
and the shutdown of kernels whose page never connected).

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

import html
import ipaddress
import os
import posixpath
import socket
from pathlib import Path

from jupyter_server.services.kernels.connection.channels import (
    ZMQChannelsWebsocketConnection,
)
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Integer, List, Unicode, default

__all__ = ["NoDelayKernelWebsocketConnection", "TutorKernelManager", "busy_page",
           "client_address", "default_max_kernels", "enable_nodelay", "notebook_allowed",
           "socket_nodelay", "voila_env"]

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


def voila_env(base: dict[str, str] | None = None, *, test_notebooks: bool = True) -> dict[str, str]:
    """The environment for serving the tutor with Voilà from the repository root in the tests
    and benches: Jupyter's folders under ``.jupyter-home``, ``share/jupyter`` on
    ``JUPYTER_PATH`` (the offline page template) and ``share/jupyter/config`` on
    ``JUPYTER_CONFIG_PATH`` (the prose hook).

    With ``test_notebooks`` (the default) the server may also render the notebooks of
    ``tests/browser/fixtures`` (``TRUCO_NOTEBOOK_DIRS``), e.g. the bare page the browser tests
    and ``bench/app.py`` measure against; ``make app`` never sets it, so the app renders
    ``lessons/`` only. ``test_notebooks=False`` gives the environment ``make app`` gives."""
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


class NoDelayKernelWebsocketConnection(ZMQChannelsWebsocketConnection):
    """Default kernel websocket connection with Nagle's algorithm disabled."""

    def connect(self):
        try:
            if not enable_nodelay(self.websocket_handler):
                self.log.debug("TCP_NODELAY not applicable for kernel %s", self.kernel_id)
        except OSError as exc:  # never fail a kernel connection over a socket option
            self.log.warning("Could not set TCP_NODELAY on kernel websocket: %s", exc)
        return super().connect()


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


def _page_language(handler) -> str:
    try:
        from widgets.prose import page_language

        return page_language(handler.get_argument("lang", None),
                             handler.request.headers.get("Accept-Language"))
    except Exception:  # the busy page must never fail over its language
        return "en"


class TutorKernelManager(AsyncMappingKernelManager):
    """Voilà's kernel manager with the tutor's bounds (see the comment above)."""

    max_kernels = Integer(
        config=True,
        help="Kernels (open pages) at most, in all; 0: no limit. Default: TRUCO_MAX_KERNELS, "
             "else worked out from the memory available at start (default_max_kernels).")
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

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._tutor_clients: dict[str, str] = {}  # kernel id -> client address
        self._tutor_starting: dict[str, str] = {}  # kernel id -> client, while it starts
        self._tutor_connected: set[str] = set()  # kernels a websocket ever connected to
        self._tutor_culler = None
        self.log.info(
            "Truco Tutor kernels: at most %s at once, %s per client address (loopback not "
            "counted), notebooks from %s, client address from %s; kernels whose page never "
            "connects are shut down %ss after their last activity",
            self.max_kernels or "any number", self.max_kernels_per_client or "any number",
            list(self.notebook_dirs), self.client_address_header or "the connection",
            self.unconnected_timeout)

    # -- admission ------------------------------------------------------------------------

    def _counts(self, client: str | None) -> tuple[int, int]:
        """(kernels in all, kernels of ``client``), starting ones included."""
        for kernel_id in [k for k in self._tutor_clients if k not in self._kernels]:
            del self._tutor_clients[kernel_id]
        live = set(self._kernels) | set(self._tutor_starting)
        owner = {**self._tutor_clients, **self._tutor_starting}
        return len(live), sum(1 for k in live if client is not None and owner.get(k) == client)

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
        kernel_id = kernel_id or self.new_kernel_id()
        self._tutor_starting[kernel_id] = client
        try:
            started = await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        finally:
            self._tutor_starting.pop(kernel_id, None)
        if client is not None:
            self._tutor_clients[started] = client
        self._start_unconnected_culler()
        return started

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
            if kernel_id in self._tutor_connected or kernel_id in self._tutor_starting:
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
