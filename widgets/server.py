"""Server-side helpers for serving the tutor with Voilà.

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

import os
import socket
from pathlib import Path

from jupyter_server.services.kernels.connection.channels import (
    ZMQChannelsWebsocketConnection,
)

__all__ = ["NoDelayKernelWebsocketConnection", "enable_nodelay", "socket_nodelay", "voila_env"]

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


def voila_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for serving the tutor with Voilà from the repository root: Jupyter's
    folders under ``.jupyter-home``, ``share/jupyter`` on ``JUPYTER_PATH`` (the offline page
    template) and ``share/jupyter/config`` on ``JUPYTER_CONFIG_PATH`` (the prose hook)."""
    env = dict(os.environ if base is None else base)
    for name, sub in JUPYTER_DIRS.items():
        env.setdefault(name, str(JUPYTER_HOME / sub))
    _prepend(env, "JUPYTER_PATH", SHARE)
    _prepend(env, "JUPYTER_CONFIG_PATH", CONFIG)
    env.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
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
