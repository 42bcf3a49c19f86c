"""The deployment recipes stood up on one machine, on 127.0.0.1: a throwaway PostgreSQL and
HAProxy in front of tutor servers (deploy/haproxy/haproxy.cfg, the file itself). The tests
(tests/deploy/, tests/classroom/) and the benches (bench/classroom.py ``--servers``) use
them; nothing here runs when the tutor serves learners.

Every process is started by this module and stopped by it, with bounded waits; PostgreSQL runs
as the ``postgres`` system user when we are root (it refuses to run as root).
"""
from __future__ import annotations

import glob
import os
import pwd
import random
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

from .env import REPO

HAPROXY_CONFIG = REPO / "deploy" / "haproxy" / "haproxy.cfg"
# What the load balancer's health check and Kubernetes' probes ask for: a static file, so a
# check shows the server answers and starts no kernel (a lesson's page would start one).
HEALTH_PATH = "/voila/templates/tutor/static/tutor-frontend.css"
# How every tutor server of the recipes starts: `make app` (the README's command), on the port
# and addresses given. The replicas' tests start exactly this; deploy/Dockerfile and
# deploy/kubernetes/tutor.yaml run it too (tests/deploy/test_kubernetes.py checks they agree).
SERVER_COMMAND = ("make", "--no-print-directory", "app")
SERVER_PORT = 8866  # make app's default, and the container's
START_TIMEOUT = 120.0  # seconds for a process to be ready (a deadline, not an expectation: in a
# loaded pair of fresh-clone runs two replicas once logged nothing at all for 60 s)


def _ephemeral_ports() -> tuple[int, int]:
    """The range the system takes a port from when a program binds port 0."""
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
        return int(low), int(high)
    except (OSError, ValueError):
        return 32768, 60999  # Linux's default


PORT_SPAN = 12000  # how many ports below the ephemeral range free_port picks from


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on, for a server about to start there.

    Chosen at random below the ephemeral range, not by binding port 0: the kernels' ZMQ
    sockets take their ports that way, and on a busy machine (two suites at once) one took the
    port between this check and the server's own bind (the server then failed to start and a
    kernel answered its address)."""
    low, _high = _ephemeral_ports()
    first = max(1024, low - PORT_SPAN)
    pick = random.SystemRandom()
    for _ in range(100):
        port = pick.randrange(first, low)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue  # taken (or lingering): try another
            return port
    with socket.socket() as sock:  # the range is full: the system's choice, as before
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = START_TIMEOUT,
                  log: Path | None = None) -> None:
    """Until 127.0.0.1:``port`` accepts a connection; fails at once if ``proc`` exits."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            tail = log.read_text(errors="replace")[-3000:] if log and log.exists() else ""
            raise RuntimeError(f"{proc.args[0]} exited with {proc.returncode}:\n{tail}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise TimeoutError(f"nothing listens on port {port} after {timeout} s")
            time.sleep(0.05)


def family(pid: int) -> list:
    """The psutil process ``pid`` and all its descendants (a server and its kernels)."""
    import psutil
    root = psutil.Process(pid)
    return [root, *root.children(recursive=True)]


def kill_all(processes: list) -> None:
    """SIGKILL each of ``processes`` (psutil), as a crash or a lost machine would; a bounded
    wait for them to be gone."""
    import psutil
    for proc in processes:
        try:
            proc.kill()
        except psutil.NoSuchProcess:
            pass
    psutil.wait_procs(processes, timeout=20)


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: `make test` installs Debian's "
                           "postgresql")
    return found[-1]


def _as_postgres(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


class Postgres:
    """A throwaway PostgreSQL server in a fresh folder on a free loopback port.

    ``url`` is ``postgresql://postgres@127.0.0.1:<port>/`` (no database part);
    :meth:`database` makes an empty database and returns its URL."""

    def __init__(self, max_connections: int = 120):
        self.root = Path(tempfile.mkdtemp(prefix="truco-pg-"))
        data, sockets = self.root / "data", self.root / "sock"
        sockets.mkdir()
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            for path in (self.root, sockets):
                os.chown(path, user.pw_uid, user.pw_gid)
        self.data = data
        self.port = free_port()
        subprocess.run(_as_postgres([_pg_bin("initdb"), "-D", str(data), "-U", "postgres",
                                     "-A", "trust", "--no-sync", "-E", "UTF8"]),
                       check=True, capture_output=True, timeout=120)
        subprocess.run(_as_postgres([
            _pg_bin("pg_ctl"), "-D", str(data), "-l", str(self.root / "server.log"), "-w",
            "-t", "60", "start", "-o",
            f"-p {self.port} -k {sockets} -c listen_addresses=127.0.0.1 "
            f"-c max_connections={max_connections} -c fsync=on"]),
            check=True, capture_output=True, timeout=90)
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/"

    def database(self) -> str:
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url + "postgres", autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url + name

    def stop(self) -> None:
        subprocess.run(_as_postgres([_pg_bin("pg_ctl"), "-D", str(self.data), "-m",
                                     "immediate", "-w", "stop"]),
                       capture_output=True, timeout=60)
        shutil.rmtree(self.root, ignore_errors=True)


class HAProxy:
    """HAProxy running deploy/haproxy/haproxy.cfg on 127.0.0.1:``port``, in front of the two
    servers ``first`` and ``second`` (``host:port``), with its runtime API on a socket of
    its own. ``url`` is the address learners open."""

    def __init__(self, first: str, second: str, log_path: Path,
                 config: Path = HAPROXY_CONFIG):
        if not shutil.which("haproxy"):
            raise RuntimeError("HAProxy is not installed: `make test` installs Debian's haproxy")
        self.port = free_port()
        self.socket = Path(tempfile.mkdtemp(prefix="truco-haproxy-")) / "admin.sock"
        env = dict(os.environ, TUTOR_BIND=f"127.0.0.1:{self.port}", TUTOR_SERVER_1=first,
                   TUTOR_SERVER_2=second, TUTOR_HAPROXY_SOCKET=str(self.socket),
                   TUTOR_COOKIE_KEY=uuid.uuid4().hex)
        log_path.parent.mkdir(parents=True, exist_ok=True)
        self.log_path = log_path
        with open(log_path, "wb") as log:
            # -db: in the foreground, so that stopping this process stops HAProxy.
            self.process = subprocess.Popen(["haproxy", "-db", "-f", str(config)], env=env,
                                            stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL)
        try:
            wait_for_port(self.port, self.process, log=log_path)
            self._wait_for_socket()
        except BaseException:
            self.stop()
            raise
        self.url = f"http://127.0.0.1:{self.port}/"

    def _wait_for_socket(self, timeout: float = START_TIMEOUT) -> None:
        """HAProxy opens its listening port and its runtime API's socket one after the other:
        on a busy machine the first command came between the two (the socket file was not
        there yet). Wait for the socket too, bounded, failing at once if HAProxy exits."""
        deadline = time.monotonic() + timeout
        while not self.socket.exists():
            if self.process.poll() is not None:
                raise RuntimeError(f"HAProxy exited ({self.process.returncode}) before its "
                                   f"runtime API was up; see {self.log_path}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"HAProxy's runtime API ({self.socket}) not up after "
                                   f"{timeout} s; see {self.log_path}")
            time.sleep(0.05)

    def command(self, line: str) -> str:
        """One command on the runtime API (``show servers state``, ``set server ...``)."""
        with socket.socket(socket.AF_UNIX) as sock:
            sock.settimeout(10)
            sock.connect(str(self.socket))
            sock.sendall(line.encode() + b"\n")
            chunks = []
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def states(self) -> dict[str, str]:
        """Each server of the ``tutors`` backend and its state: UP, DOWN, DRAIN, MAINT."""
        found = {}
        for line in self.command("show stat").splitlines():
            fields = line.split(",")
            if len(fields) > 17 and fields[0] == "tutors" and fields[1] not in (
                    "FRONTEND", "BACKEND"):
                found[fields[1]] = fields[17].split(" ")[0]
        return found

    def wait_state(self, server: str, state: str, timeout: float = START_TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while (now := self.states().get(server)) != state:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{server} is {now}, not {state}, after {timeout} s")
            time.sleep(0.1)

    def add_server(self, name: str, address: str) -> None:
        """A server added while HAProxy runs (no restart, no page lost), checked like the
        others and taken in once its health check passes. ``enable dynamic-cookie`` gives it
        its affinity cookie: without it HAProxy sends a server added at run time an empty,
        expired cookie, and a page it rendered had its websocket sent to another server."""
        for line in (f"add server tutors/{name} {address} check inter 2s "
                     f"fall 2 rise 2", "enable dynamic-cookie backend tutors",
                     f"enable health tutors/{name}", f"enable server tutors/{name}"):
            answer = self.command(line).strip()
            if answer and "New server registered" not in answer:
                raise RuntimeError(f"{line!r}: {answer}")

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        shutil.rmtree(self.socket.parent, ignore_errors=True)


HUB_CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"


class JupyterHub:
    """deploy/jupyterhub/jupyterhub_config.py run as the README says (``jupyterhub -f``), from
    ``folder`` (not the checkout: the config finds it), on free ports of 127.0.0.1, with the
    hub's own dummy sign-in and one ``password`` for all, the hub's database ``db_url`` and
    ``env`` (the tutor's ``TRUCO_*`` settings). ``url`` is the address learners open.

    The hub leaves its proxy and the learners' servers running when it stops (on purpose:
    :meth:`stop_hub` and :meth:`start` restart it under open pages); :meth:`stop` stops them
    too, and only them: the processes that carry this hub's folder."""

    def __init__(self, folder: Path, db_url: str, env: dict, password: str, log_dir: Path,
                 timeout: float = 90.0):
        self.dir, self.db_url, self.password = Path(folder), db_url, password
        self.log_dir, self.timeout = Path(log_dir), timeout
        self.port, self.hub_port, self.api_port = free_port(), free_port(), free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.env = dict(os.environ, **env, TRUCO_HUB_DIR=str(self.dir))
        self.env.pop("TRUCO_NOTEBOOK_DIRS", None)  # the tests' notebooks: not a learner's
        self.process = None
        self.starts = 0
        self.start()

    def start(self) -> None:
        self.starts += 1
        self.log = self.log_dir / f"jupyterhub-{self.starts}.log"
        self.log.parent.mkdir(parents=True, exist_ok=True)
        hub = REPO / ".venv" / "bin" / "jupyterhub"
        cmd = [str(hub) if hub.exists() else "jupyterhub", "-f", str(HUB_CONFIG),
               "--JupyterHub.authenticator_class=dummy",
               f"--DummyAuthenticator.password={self.password}",
               f"--JupyterHub.bind_url={self.url}",
               f"--JupyterHub.hub_bind_url=http://127.0.0.1:{self.hub_port}",
               f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{self.api_port}",
               f"--JupyterHub.db_url={self.db_url}",
               f"--JupyterHub.cookie_secret_file={self.dir / 'cookie_secret'}"]
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(cmd, cwd=self.dir, env=self.env, stdout=log,
                                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        wait_for_port(self.hub_port, self.process, self.timeout, self.log)
        deadline = time.monotonic() + self.timeout
        while "JupyterHub is now running" not in self.log.read_text(errors="replace"):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the hub did not start:\n" +
                                   self.log.read_text(errors="replace")[-3000:])
            time.sleep(0.1)

    def stop_hub(self) -> None:
        """The hub alone (SIGTERM): its proxy and the learners' servers keep running."""
        self.process.terminate()
        self.process.wait(timeout=30)

    def _mine(self):
        import psutil
        for proc in psutil.process_iter(["cmdline"]):
            try:
                cmd = " ".join(proc.info["cmdline"] or ())
                if any(part in cmd for part in ("jupyterhub-singleuser",
                                                "configurable-http-proxy",
                                                "jupyterhub_idle_culler")) \
                        and proc.environ().get("TRUCO_HUB_DIR") == str(self.dir):
                    yield proc
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                continue

    def server_process(self, user: str):
        """The psutil process of ``user``'s single-user server."""
        import psutil
        for proc in self._mine():
            try:
                if "jupyterhub-singleuser" in " ".join(proc.cmdline()) and \
                        proc.environ().get("JUPYTERHUB_USER") == user:
                    return proc
            except psutil.NoSuchProcess:
                continue
        raise LookupError(f"no server runs for {user}")

    def stop(self) -> None:
        """The hub, then what it leaves running on purpose: its proxy and the servers."""
        import psutil
        if self.process is not None and self.process.poll() is None:
            self.stop_hub()
        mine = []
        for proc in self._mine():
            try:
                mine += [proc, *proc.children(recursive=True)]
            except psutil.NoSuchProcess:
                continue
        kill_all(mine)
