"""The deployment recipes, stood up for real on 127.0.0.1 (tutor_server.stack): a throwaway
PostgreSQL, tutor servers started with ``make app PORT=<port>`` (the README's command), and
HAProxy running
deploy/haproxy/haproxy.cfg in front of them. Reuses the browser harness of tests/browser
(start_voila, Chromium's settings)."""
from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tutor_server import voila_env
from tutor_server.stack import START_TIMEOUT, SERVER_COMMAND, HAProxy, Postgres, family, kill_all
from widgets.classroom.config import Settings
from widgets.classroom.store import open_store

REPO = Path(__file__).resolve().parents[2]
PASSCODE = "replicas-passcode-5"  # the teacher's page on every server
_spec = importlib.util.spec_from_file_location("truco_browser_harness",
                                               REPO / "tests" / "browser" / "conftest.py")
harness = sys.modules.get(_spec.name)
if harness is None:
    harness = importlib.util.module_from_spec(_spec)
    sys.modules[_spec.name] = harness
    _spec.loader.exec_module(harness)
browser = harness.browser  # this folder's Chromium (the harness's fixture, reused)


class Replicas:
    """Tutor servers on one PostgreSQL behind HAProxy; ``servers`` by HAProxy's name."""

    passcode = PASSCODE

    def __init__(self, tmp: Path):
        self.postgres = Postgres()
        self.db = self.postgres.database()
        self.store = open_store(Settings(database=self.db))
        self.servers: dict[str, harness.VoilaServer] = {}
        self.proxy = None
        try:
            for server in [self.launch(name) for name in ("tutor1", "tutor2")]:
                self.wait(server)  # started side by side
            self.proxy = HAProxy(*(f"127.0.0.1:{s.port}" for s in self.servers.values()),
                                 log_path=harness.ARTIFACTS / "haproxy.log")
            for name in self.servers:
                self.proxy.wait_state(name, "UP")
        except BaseException:
            self.stop()
            raise
        self.url = self.proxy.url

    def launch(self, name: str) -> harness.VoilaServer:
        """Start a tutor server as the recipe says (``make app PORT=<port>``, its own process
        group), without waiting for it."""
        env = dict(voila_env(test_notebooks=False), TRUCO_CLASSROOM_DB=self.db,
                   TRUCO_KERNEL_POOL="1", TRUCO_TEACHER_PASSCODE=PASSCODE)
        port = harness.free_port()
        log_path = harness.ARTIFACTS / f"tutor-{name}.log"
        log_path.parent.mkdir(parents=True, exist_ok=True)
        with open(log_path, "wb") as log:
            proc = subprocess.Popen([*SERVER_COMMAND, f"PORT={port}"], cwd=REPO, env=env,
                                    stdout=log, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, start_new_session=True)
        server = self.servers[name] = harness.VoilaServer(port, proc, log_path)
        return server

    def wait(self, server) -> None:
        # stack's deadline (120 s), not the browser tests' 60 s: in two loaded pairs a replica
        # started by `make app` logged nothing at all for 60 s (cause not found yet)
        harness.wait_for_http(server.url, server.process, START_TIMEOUT, server.log_path)

    def start(self, name: str) -> harness.VoilaServer:
        server = self.launch(name)
        self.wait(server)
        return server

    def stop_server(self, name: str) -> None:
        """Gently: SIGTERM to the server (make and Voilà), which shuts its kernels down."""
        proc = self.servers[name].process
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)

    def server_of(self, page) -> str:
        """The name of the server whose kernel the page holds (asked of each server)."""
        kernel = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
        found = [name for name, server in self.servers.items() if server.process.poll() is None
                 and harness.raw_get(server, f"/api/kernels/{kernel}")[0] == 200]
        assert len(found) == 1, (kernel, found)
        return found[0]

    def kill(self, name: str) -> None:
        """SIGKILL the server and its kernels, as a crash or a lost machine would."""
        kill_all(family(self.servers[name].process.pid))
        self.servers[name].process.wait(timeout=10)

    def stop(self) -> None:
        if self.proxy is not None:
            self.proxy.stop()
        for name in self.servers:
            self.stop_server(name)
        self.store.close()
        self.postgres.stop()


@pytest.fixture(scope="module")
def replicas(tmp_path_factory):
    stack = Replicas(tmp_path_factory.mktemp("replicas"))
    try:
        yield stack
    finally:
        stack.stop()
