"""``TutorKernelManager``, named in voila.json: Voilà's kernel manager with the tutor's bounds
(limits.py), the shutdown of kernels whose page never connected, and the pool of warm kernels
(pool.py)."""

from __future__ import annotations

import os
import time

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Integer, List, Unicode, default

from .limits import (DEFAULT_NOTEBOOK_DIRS, DEFAULT_PER_CLIENT, NOTEBOOK_DIRS_ENV, _env_int,
                     _page_language, busy_page, client_address, default_max_kernels,
                     is_loopback, notebook_allowed)
from .pool import (POOL_ENV, WARM_MODULES, PoolMixin, _Pooled, default_pool_size,
                   pool_priority_used)


class TutorKernelManager(PoolMixin, AsyncMappingKernelManager):
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
        2.0, config=True,
        help="Seconds without a new page before a kernel taken from the pool is replaced "
             "(an empty pool is refilled at once); 0: at once. Starting a kernel while a "
             "page opens slowed the page by a third, even at idle priority.")
    pool_warm_modules = List(
        Unicode(), list(WARM_MODULES), config=True,
        help="Modules a pooled kernel imports before it waits.")
    pool_priority = Unicode(
        "idle", config=True,
        help="The CPU priority of a kernel in the pool, from its start until a page takes it "
             "(then it gets the server's own): 'idle' (Linux's SCHED_IDLE: only the CPU "
             "nothing else wants), 'nice' (pool_nice), 'normal'. Only where the server may "
             "raise a priority again (CAP_SYS_NICE), else 'normal'.")
    pool_nice = Integer(
        10, config=True,
        help="Niceness added to the server's for a kernel in the pool, with "
             "pool_priority='nice'.")

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
        self._pool_lowered = pool_priority_used(self.pool_priority)  # what they really get
        self.log.info(
            "Truco Tutor kernels: at most %s at once, %s per client address (loopback not "
            "counted), notebooks from %s, client address from %s; kernels whose page never "
            "connects are shut down %ss after their last activity; %s warm kernel(s) kept "
            "ready for %s (priority while pooled: %s)",
            self.max_kernels or "any number", self.max_kernels_per_client or "any number",
            list(self.notebook_dirs), self.client_address_header or "the connection",
            self.unconnected_timeout, self.pool_size, list(self.pool_dirs), self._pool_lowered)
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

