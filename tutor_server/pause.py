"""A kernel warming up for the pool steps aside while a page's kernel answers a learner.

Refilling the pool starts a kernel that imports the tutor (one to two seconds of CPU). Even at
Linux's idle priority (SCHED_IDLE, pool.py) it slowed the learners' clicks on the machine we
measure on: with a busy loop at idle priority running beside it, the bare page's click took
6.2 ms instead of 4.9 ms (median of 40), and on a lesson the refill during the clicks cost
1.5 ms at the median and 4 ms at p95 (bench/app.py, refill delayed or not). The scheduler's
priority does not cover what two busy programs share below it (a core's caches, a virtual
machine's host).

So from the moment the server passes a page's message on to its kernel (a click, a pick) until
that kernel says it is idle again, every kernel still warming for the pool is stopped
(SIGSTOP), and continued (SIGCONT) after. A click takes a few milliseconds: the warm-up goes on
between the learners' clicks. A page whose kernel stays busy longer than ``PAUSE_LIMIT``
seconds (a long computation) lets the warm-up go on. A warming kernel a page takes, or one
being shut down, is continued first. POSIX only (elsewhere nothing is stopped).
"""
from __future__ import annotations

import os
import signal
import time

__all__ = ["PAUSE_LIMIT", "PoolPauseMixin"]

PAUSE_LIMIT = 2.0  # seconds a busy page may hold the pool's warm-up


class PoolPauseMixin:
    """TutorKernelManager's side (``page_busy`` / ``page_idle``, called by the websocket
    connection, websocket.py); needs PoolMixin's ``_pool``, ``_pool_ids`` and ``_kernel_pid``,
    and the state TutorKernelManager makes: ``_busy_pages`` (page kernel id -> busy since),
    ``_paused`` (pooled kernel id -> pid stopped) and ``_pause_timer``."""

    def page_busy(self, kernel_id: str) -> None:
        """A page's message is going to its kernel ``kernel_id``: the warm-up steps aside."""
        if not hasattr(signal, "SIGSTOP") or kernel_id in self._pool_ids:
            return
        self._busy_pages[kernel_id] = time.monotonic()
        self._pool_pause()
        if self._pause_timer is None:
            from tornado.ioloop import IOLoop

            self._pause_timer = IOLoop.current().call_later(PAUSE_LIMIT, self._pause_expire)

    def page_idle(self, kernel_id: str) -> None:
        """The page's kernel ``kernel_id`` is idle: the warm-up goes on when no page is busy."""
        busy = self._busy_pages
        if busy.pop(kernel_id, None) is not None and not busy:
            self._pool_continue()

    def _pause_expire(self) -> None:
        """Pages busy for longer than PAUSE_LIMIT no longer hold the warm-up."""
        self._pause_timer = None
        busy = self._busy_pages
        now = time.monotonic()
        for kernel_id in [k for k, since in busy.items() if now - since >= PAUSE_LIMIT]:
            del busy[kernel_id]
        if busy:
            from tornado.ioloop import IOLoop

            wait = PAUSE_LIMIT - (now - min(busy.values()))
            self._pause_timer = IOLoop.current().call_later(max(0.05, wait), self._pause_expire)
        else:
            self._pool_continue()

    def _pool_pause(self) -> None:
        paused = self._paused
        for pooled in self._pool:
            if pooled.ready or pooled.taken or pooled.kernel_id in paused:
                continue
            pid = self._kernel_pid(pooled.kernel_id)
            if pid and _signal(pid, signal.SIGSTOP):
                paused[pooled.kernel_id] = pid

    def _pool_continue(self, kernel_id: str | None = None) -> None:
        """Continue the stopped warming kernels (only ``kernel_id``, if given)."""
        paused = self._paused
        for kid in [k for k in paused if kernel_id is None or k == kernel_id]:
            _signal(paused.pop(kid), signal.SIGCONT)

    def pause_count(self) -> int:
        """How many warming kernels are stopped now (for tests and the log)."""
        return len(self._paused)


def _signal(pid: int, sig) -> bool:
    try:
        os.kill(pid, sig)
        return True
    except OSError:  # gone already
        return False
