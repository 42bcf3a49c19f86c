"""``NoDelayKernelWebsocketConnection`` is named in ``voila.json`` as
``Voila.kernel_websocket_connection_class``.  It is the connection class that
jupyter_server (and so Voilà) uses by default, plus: once the kernel websocket is
open it turns on ``TCP_NODELAY`` for that socket (below); and, on the tutor's
server but not the benches' stock one, a quicker first "nudge" (the class's
docstring).

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

import socket

from jupyter_server.services.kernels.connection.channels import (
    ZMQChannelsWebsocketConnection,
)

from .env import baseline


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

