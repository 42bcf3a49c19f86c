"""The hub's proxy survives the hub: :class:`TutorProxy` is JupyterHub's own
``ConfigurableHTTPProxy`` that, when the hub starts and finds the proxy a previous hub started
(its pid file, a live ``configurable-http-proxy`` that answers the API with this hub's token),
takes it over instead of stopping it.

JupyterHub leaves the proxy running when the hub stops (``cleanup_proxy = False``), but a hub
that starts while ``Proxy.should_start`` is true stops any proxy it finds first: every open
page's websocket is cut, and every learner sees the lost-connection note, for a hub restart
(an upgrade, a crash) that learners should never notice. The other documented way, a proxy
run as a service of its own (``should_start = False``), needs a second process to set up;
this keeps the one command (``jupyterhub -f deploy/jupyterhub/jupyterhub_config.py``).

Only public parts of JupyterHub are used: ``start``, ``check_running``, ``get_all_routes``,
``proxy_process`` (a trait), ``pid_file``, ``command``. tests/deploy/test_hub.py restarts the
hub under open pages and fails if a release changes how these behave.
"""
from __future__ import annotations

import asyncio
import os

import psutil
from jupyterhub.proxy import ConfigurableHTTPProxy
from tornado.ioloop import PeriodicCallback

ADOPT_TIMEOUT = 5.0  # seconds for the running proxy to answer its API


class RunningProxy:
    """A proxy process this hub did not start, watched through its pid (what JupyterHub asks
    of ``proxy_process``: ``pid``, ``poll``, ``terminate``)."""

    def __init__(self, pid: int):
        self.pid = pid
        self._process = psutil.Process(pid)

    def poll(self):
        try:
            alive = self._process.status() != psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            alive = False
        return None if alive else 1

    def terminate(self) -> None:
        try:
            self._process.terminate()
        except psutil.NoSuchProcess:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None


class TutorProxy(ConfigurableHTTPProxy):
    _watch = None

    def _running_pid(self) -> int | None:
        """The pid in the pid file, if a configurable-http-proxy runs there."""
        try:
            with open(self.pid_file) as fh:
                pid = int(fh.read().strip())
            cmdline = " ".join(psutil.Process(pid).cmdline())
        except (OSError, ValueError, psutil.Error):
            return None
        name = os.path.basename(self.command[0]) if self.command else "configurable-http-proxy"
        return pid if name in cmdline else None

    async def start(self):
        pid = self._running_pid()
        if pid is not None:
            try:
                routes = await asyncio.wait_for(self.get_all_routes(), ADOPT_TIMEOUT)
            except Exception as error:  # not ours (another token), or not answering
                self.log.warning("Proxy at pid=%s does not answer this hub (%s): replacing it",
                                 pid, error)
            else:
                self.log.info("Proxy still running at pid=%s with %d route(s): this hub takes "
                              "it over (open pages keep their connections)", pid, len(routes))
                self.proxy_process = RunningProxy(pid)
                self._watch = PeriodicCallback(self.check_running,
                                               1e3 * self.check_running_interval)
                self._watch.start()
                return
        await super().start()
