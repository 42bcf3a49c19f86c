#!/usr/bin/env python
"""A class of learners on one Voilà server: click-to-feedback latency, errors, memory, and
whether every answer reached the database.

Usage::

    .venv/bin/python bench/classroom.py [--learners 30] [--questions 10] [--db URL]
    .venv/bin/python bench/classroom.py --servers 2 [--kill]

With ``--servers 2`` two servers run behind HAProxy (deploy/haproxy/haproxy.cfg, cookie
affinity: each learner keeps the cookie it is given, for its pages and their websockets) on a
throwaway PostgreSQL (tutor_server.stack). With ``--kill`` the first server is killed
(SIGKILL, with its kernels) once half the answers are in: its learners reload, as the page's
lost-connection note asks, land on the other server and go on at the step they reached; the
bench prints how many reloaded and how long each took from the lost connection to its next
answered task.

It starts Voilà from the repository root (as ``make app`` does) on a free loopback port, with
a fresh SQLite file (or ``--db postgresql://...``, an empty database) as the class's store,
makes a class and its learners, and then every simulated learner, in a thread of its own:

1. loads ``lessons/03_tricks.ipynb?learner=<token>`` over HTTP, as a browser does (Voilà
   starts a kernel and runs the notebook for it; with progressive rendering, the bench asks
   for the run on Voilà's execution websocket as the page's script does), and reads the
   page's kernel id;
2. opens the kernel's websocket and speaks the Jupyter widget protocol: asks for every
   widget model's state, finds the lesson's step runner (its feedback box and the box that
   holds the current task, ``tutor-task-<n>``), and follows the widgets the kernel opens and
   updates afterwards, as the page's JavaScript does;
3. once every learner is ready, all at once: answers ``--questions`` tasks, each a click on
   the current task's first card (or, for a task answered with buttons, its first button):
   a ``custom`` comm message, exactly what the page's JavaScript sends, timed until the
   feedback box shows the result (a "Saving…" shown first, while the database is locked, is
   counted but not taken for the result). The runner then shows the next task by itself: a
   new deal of the same kind after a wrong answer, the next step after a right one. When the
   learner reaches the lesson's summary, the bench presses "Practise again" (not timed) and
   goes on, so every learner answers ``--questions`` tasks; each task is one stored answer.

Printed: p50/p95 click-to-feedback latency (nearest rank), how many answers showed
"Saving…" first, errors (an error-toned feedback, such as "could not be saved",
a timeout, a failed page; target 0), the peak resident memory of the server plus all its
kernels (the process tree, sampled every 0.2 s; RSS counts shared pages once per process, so
it is an upper bound; target: under 4 GB), and the answers in the database (target: learners
times questions, 300 by default).
"""
from __future__ import annotations

import argparse
import http.cookiejar
import json
import math
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from datetime import datetime, timezone
from pathlib import Path

import psutil
import websocket

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from widgets.classroom.config import Settings  # noqa: E402
from widgets.classroom.store import open_store  # noqa: E402
from tutor_server import voila_env  # noqa: E402
from tutor_server.stack import HAProxy, Postgres, family, free_port, kill_all  # noqa: E402

LESSON = "lessons/03_tricks.ipynb"
TIMEOUT = 120.0  # seconds for one reply; a page load waits longer (see load_page)
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
# What a killed server does to the learners on it (their websocket or their next request).
LOST = (websocket.WebSocketConnectionClosedException, ConnectionError, OSError)
RELOAD_TIMEOUT = 60.0  # seconds a learner keeps reloading before it counts as an error




def nearest_rank(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(pct / 100 * len(ordered)) - 1)]


class Learner:
    """One simulated learner: a page load, then a raw widget-protocol client of its kernel."""

    def __init__(self, base: str, token: str):
        self.base, self.token = base, token
        self.session = uuid.uuid4().hex
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.savings = 0  # answers that showed "Saving…" before their result
        self.rights = 0  # answers the runner took as right (it then opened the next step)
        self.again = 0  # times the learner finished the lesson and pressed "Practise again"
        self.states: dict[str, dict] = {}
        self.ws = None
        # The load balancer's affinity cookie, kept as a browser keeps it.
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}),
                                                  urllib.request.HTTPCookieProcessor(self.jar))
        self.reloads = 0
        self.back_after: list[float] = []  # seconds from a lost connection to the next answer

    def cookie(self) -> str | None:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar) or None

    # --- the page and its kernel -------------------------------------------------------------
    def load_page(self) -> None:
        url = f"{self.base}voila/render/{LESSON}?learner={self.token}"
        self.states = {}
        with self.opener.open(url, timeout=600) as response:
            html = response.read().decode()
        config = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)'
                           r"</script>", html, re.S)
        data = json.loads(config.group(1))
        kernel = data["kernelId"]
        ws_url = self.base.replace("http://", "ws://", 1)
        if data.get("progressiveRendering"):
            self._execute(ws_url, kernel)
        self.ws = websocket.create_connection(
            f"{ws_url}api/kernels/{kernel}/channels?session_id={self.session}",
            timeout=TIMEOUT, cookie=self.cookie())
        self._find_quiz()

    def _execute(self, ws_url: str, kernel: str) -> None:
        """With progressive rendering the page's HTML comes first and its own script asks
        Voilà to run the notebook: do the same, and wait for the last cell's result."""
        ws = websocket.create_connection(f"{ws_url}voila/execution/{kernel}", timeout=600,
                                         cookie=self.cookie())
        try:
            ws.send(json.dumps({"action": "execute", "payload": {"kernel_id": kernel}}))
            while True:
                msg = json.loads(ws.recv())
                if msg.get("action") == "execution_error":
                    raise RuntimeError(f"Voilà did not run the notebook: {msg['payload']}")
                payload = msg.get("payload", {})
                if msg.get("action") == "execution_result" and \
                        payload["cell_index"] == payload["total_cell"] - 1:
                    return
        finally:
            ws.close()

    def send(self, msg_type: str, content: dict) -> str:
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": msg_type, "username": "bench",
                       "session": self.session, "version": "5.3",
                       "date": datetime.now(timezone.utc).isoformat()},
            "parent_header": {}, "metadata": {}, "content": content, "channel": "shell",
            "buffers": []}))
        return msg_id

    def until_idle(self, msg_id: str, on_msg=None) -> None:
        """Read messages until the kernel is idle after ``msg_id``; the widgets it opens and
        the updates it sends are applied (as the page's widget manager does)."""
        while True:
            msg = json.loads(self.ws.recv())
            kind = msg["header"]["msg_type"]
            if kind == "comm_open" and msg["content"].get("target_name") == "jupyter.widget":
                self.states[msg["content"]["comm_id"]] = dict(
                    msg["content"].get("data", {}).get("state", {}))
            elif kind == "comm_close":
                self.states.pop(msg["content"]["comm_id"], None)
            elif kind == "comm_msg":
                data = msg["content"].get("data", {})
                if data.get("method") == "update":
                    self.states.setdefault(msg["content"]["comm_id"], {}).update(data["state"])
                if on_msg is not None:
                    on_msg(msg)
            if msg.get("parent_header", {}).get("msg_id") == msg_id and \
                    kind == "status" and msg["content"]["execution_state"] == "idle":
                return

    def _find_quiz(self) -> None:
        ask = self.send("comm_info_request", {"target_name": "jupyter.widget"})
        # The reply comes on the shell channel and the idle status on IOPub: either may reach
        # the websocket first, so wait for both.
        comms, replied, idle = [], False, False
        while not (replied and idle):
            msg = json.loads(self.ws.recv())
            if msg.get("parent_header", {}).get("msg_id") != ask:
                continue
            if msg["header"]["msg_type"] == "comm_info_reply":
                comms, replied = list(msg["content"]["comms"]), True
            elif msg["header"]["msg_type"] == "status" and \
                    msg["content"]["execution_state"] == "idle":
                idle = True
        for comm in comms:
            self.until_idle(self.send("comm_msg", {"comm_id": comm,
                                                   "data": {"method": "request_state"}}))
        roots = [c for c, s in self.states.items()
                 if {"tutor-ready", "tutor-step"} <= set(s.get("_dom_classes", ()))]
        if len(roots) != 1:
            raise RuntimeError(f"{len(roots)} step runners on the page, not one")
        self.root = roots[0]
        self.feedback = next(c for c in self._walk(self.root) if "tutor-bench-feedback" in
                             self.states[c].get("_dom_classes", ()))
        self._task_box()  # the first task is on show

    def _walk(self, comm):
        """``comm`` and every widget under it (children only: what the page shows)."""
        yield comm
        for child in self.states.get(comm, {}).get("children", ()):
            yield from self._walk(child[len("IPY_MODEL_"):])

    def _task_box(self) -> tuple[int, str]:
        """(n, comm id) of the runner's box of the n-th task drawn on this page."""
        for comm in self._walk(self.root):
            for cls in self.states[comm].get("_dom_classes", ()):
                found = re.fullmatch(r"tutor-task-(\d+)", cls)
                if found and self.states[comm].get("children"):
                    return int(found.group(1)), comm
        raise RuntimeError("no task on show")

    def _again_button(self) -> str | None:
        """The summary's "Practise again", when the learner finished the lesson."""
        return next((c for c in self._walk(self.root)
                     if "tutor-again" in self.states[c].get("_dom_classes", ())), None)

    def _first_answer(self, box: str) -> dict:
        """The comm message a click on the task's first card (or first button) sends."""
        parts = list(self._walk(box))
        for comm in parts:
            items = [i for i in self.states[comm].get("items", ()) if i.get("enabled")]
            if items:
                return {"comm_id": comm, "data": {"method": "custom", "content": {
                    "type": "pick", "code": items[0]["code"]}}}
        for comm in parts:
            state = self.states[comm]
            if state.get("_model_name") == "ButtonModel" and not state.get("disabled"):
                return {"comm_id": comm, "data": {"method": "custom",
                                                  "content": {"event": "click"}}}
        raise RuntimeError("no card or button to click in the task")

    # --- one task ------------------------------------------------------------------------------
    def answer_one(self) -> None:
        again = self._again_button()
        if again is not None:  # the lesson is finished: go through it again
            self.again += 1
            self.until_idle(self.send("comm_msg", {"comm_id": again, "data": {
                "method": "custom", "content": {"event": "click"}}}))
        before, box = self._task_box()
        click = self._first_answer(box)
        seen = {}

        def on_msg(msg):
            if "t" not in seen and msg["content"]["comm_id"] == self.feedback and \
                    "tone" in msg["content"]["data"].get("state", {}).get("msg", {}):
                if msg["content"]["data"]["state"]["msg"]["tone"] == "info":
                    seen["saving"] = True  # "Saving…": the database is locked, wait on
                else:
                    seen["t"] = time.perf_counter()

        start = time.perf_counter()
        ask = self.send("comm_msg", click)
        self.until_idle(ask, on_msg)
        if "t" not in seen:
            raise RuntimeError("no feedback after a click")
        self.latencies.append(seen["t"] - start)
        self.savings += int(seen.get("saving", False))
        said = self.states[self.feedback]["msg"]
        if said["tone"] == "error":
            raise RuntimeError("error feedback: " + " ".join([said["text"], *said["details"]]))
        self.rights += int(said["tone"] == "right")
        if self._again_button() is None and self._task_box()[0] <= before:
            raise RuntimeError("the runner did not show the next task")

    def reload(self) -> None:
        """The page lost its server: load it again (the load balancer sends it to another
        one), until it works or RELOAD_TIMEOUT passes."""
        self.reloads += 1
        self.close()
        deadline = time.monotonic() + RELOAD_TIMEOUT
        while True:
            try:
                self.load_page()
                return
            except LOST:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def close(self) -> None:
        if self.ws is not None:
            try:
                self.ws.close()
            except Exception:
                pass


class MemoryWatch(threading.Thread):
    """Peak RSS of a process and all its descendants, sampled every 0.2 s."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.root = psutil.Process(pid)
        self.peak, self.peak_procs = 0, 0
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            total, procs = 0, 0
            try:
                family = [self.root, *self.root.children(recursive=True)]
            except psutil.Error:  # the server was killed (--kill): its peak stays
                return
            for proc in family:
                try:
                    total += proc.memory_info().rss
                    procs += 1
                except psutil.Error:
                    pass
            if total > self.peak:
                self.peak, self.peak_procs = total, procs
            self.stop.wait(0.2)


def start_server(db: str, name: str) -> tuple[subprocess.Popen, str, Path]:
    """Voilà from the repository root, as ``make app`` runs it, on a free loopback port."""
    port = free_port()
    log_path = REPO / "test-artifacts" / f"bench-classroom-{name}.log"
    log_path.parent.mkdir(exist_ok=True)
    env = voila_env()
    env["TRUCO_CLASSROOM_DB"] = db
    with open(log_path, "wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
             "--Voila.port_retries=0", "--Voila.ip=127.0.0.1"], cwd=REPO, env=env,
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    return server, f"127.0.0.1:{port}", log_path


def wait_ready(base: str, server: subprocess.Popen, log_path: Path) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            _OPENER.open(base, timeout=2).close()
            return
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError(f"Voilà did not start; see {log_path}")
            time.sleep(0.2)


def kill_tree(server: subprocess.Popen) -> None:
    """SIGKILL the server and its kernels, as a crash or a lost machine would."""
    kill_all(family(server.pid))


def main() -> int:
    # A SIGTERM (e.g. from `timeout`) unwinds like Ctrl+C, so Voilà and its kernels stop too.
    signal.signal(signal.SIGTERM, lambda *_a: sys.exit(143))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--db", default="", help="PostgreSQL URL (default: a fresh SQLite; "
                        "with --servers 2, a throwaway PostgreSQL)")
    parser.add_argument("--servers", type=int, default=1, choices=(1, 2))
    parser.add_argument("--kill", action="store_true",
                        help="with --servers 2: kill the first server half-way")
    args = parser.parse_args()
    if args.kill and args.servers < 2:
        parser.error("--kill needs --servers 2 (the learners must have somewhere to go)")

    tmp = Path(tempfile.mkdtemp(prefix="truco-bench-class-"))
    postgres = Postgres() if args.servers > 1 and not args.db else None
    db = args.db or (postgres.database() if postgres else str(tmp / "classroom.db"))
    store = open_store(Settings(database=db))
    code = store.create_class("bench")
    tokens = [store.join(code, f"learner {i:02d}").token for i in range(args.learners)]

    servers = [start_server(db, f"server{i + 1}") for i in range(args.servers)]
    proxy = None
    watches = [MemoryWatch(server.pid) for server, _a, _l in servers]
    learners: list[Learner] = []
    errors: list[str] = []
    killed_at = None
    try:
        for server, address, log_path in servers:
            wait_ready(f"http://{address}/", server, log_path)
        if args.servers > 1:
            proxy = HAProxy(*(address for _s, address, _l in servers),
                            log_path=REPO / "test-artifacts" / "bench-classroom-haproxy.log")
            for name in ("tutor1", "tutor2"):
                proxy.wait_state(name, "UP")
            base = proxy.url
        else:
            base = f"http://{servers[0][1]}/"
        learners = [Learner(base, t) for t in tokens]
        for watch in watches:
            watch.start()
        print(f"{args.learners} learners open {LESSON} at once (class {code}) on "
              f"{args.servers} server(s) ...", flush=True)
        ready = threading.Barrier(args.learners + 1)
        lock = threading.Lock()
        started = time.perf_counter()

        def run(learner: Learner) -> None:
            try:
                learner.load_page()
            except Exception as err:
                with lock:
                    errors.append(f"page load: {type(err).__name__}: {err}")
                learner.close()
                learner.ws = None
            try:
                ready.wait()
            except threading.BrokenBarrierError:
                return
            if learner.ws is None:
                return
            lost = None
            while len(learner.latencies) < args.questions:
                try:
                    learner.answer_one()
                    if lost is not None:
                        learner.back_after.append(time.perf_counter() - lost)
                        lost = None
                except LOST as err:
                    if not args.kill:
                        with lock:
                            errors.append(f"answer: {type(err).__name__}: {err}")
                        return
                    lost = lost or time.perf_counter()
                    try:
                        learner.reload()
                    except Exception as err:
                        with lock:
                            errors.append(f"reload: {type(err).__name__}: {err}")
                        return
                except Exception as err:
                    with lock:
                        errors.append(f"answer: {type(err).__name__}: {err}")
                    return

        threads = [threading.Thread(target=run, args=(l,)) for l in learners]
        for t in threads:
            t.start()
        ready.wait()
        loaded = time.perf_counter() - started
        print(f"all pages loaded and connected in {loaded:.1f} s; answering ...", flush=True)
        answering = time.perf_counter()
        if args.kill:
            half = args.learners * args.questions // 2
            while sum(len(l.latencies) for l in learners) < half and \
                    any(t.is_alive() for t in threads):
                time.sleep(0.01)
            kill_tree(servers[0][0])
            killed_at = time.perf_counter() - answering
            print(f"server 1 killed {killed_at:.1f} s in, after "
                  f"{sum(len(l.latencies) for l in learners)} answers", flush=True)
        for t in threads:
            t.join()
        answered = time.perf_counter() - answering
    finally:
        for learner in learners:
            learner.close()
        for watch in watches:
            watch.stop.set()
        if proxy is not None:
            proxy.stop()
        for server, _a, _l in servers:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
    latencies = [x * 1000 for l in learners for x in l.latencies]
    count = store.count_answers(code)
    acknowledged = len(latencies)
    expected = args.learners * args.questions
    print(f"clicks answered: {acknowledged} in {answered:.1f} s")
    if latencies:
        print(f"click-to-feedback latency: p50 {nearest_rank(latencies, 50):.0f} ms, "
              f"p95 {nearest_rank(latencies, 95):.0f} ms, max {max(latencies):.0f} ms")
    print(f"answers that showed 'Saving…' first: {sum(l.savings for l in learners)}")
    print(f"right answers: {sum(l.rights for l in learners)}; lessons finished and practised "
          f"again: {sum(l.again for l in learners)}")
    if args.kill:
        back = [x for l in learners for x in l.back_after]
        print(f"learners who had to reload: {sum(1 for l in learners if l.reloads)} "
              f"({sum(l.reloads for l in learners)} page loads)")
        if back:
            print(f"lost connection to the next answered task: p50 "
                  f"{nearest_rank(back, 50):.1f} s, p95 {nearest_rank(back, 95):.1f} s, "
                  f"max {max(back):.1f} s")
    print(f"errors: {len(errors)}" + "".join(f"\n  {e}" for e in errors[:5]))
    for i, watch in enumerate(watches, 1):
        print(f"peak memory (RSS) of server {i} and its kernels: {watch.peak / 2**20:.0f} MiB "
              f"over {watch.peak_procs} processes (target: under 4096 MiB)")
    # Each acknowledged answer is stored before its feedback leaves; a click in flight when a
    # server dies may be stored without its feedback ever arriving (it is then answered again
    # on the next task, so the database can hold one more for such a learner, never fewer).
    target = f"exactly {expected}" if not args.kill else f"at least {acknowledged}, " \
        f"acknowledged"
    print(f"answers in the database: {count} (target: {target})")
    store.close()
    if postgres is not None:
        postgres.stop()
    shutil.rmtree(tmp, ignore_errors=True)  # the fresh SQLite file (a --db is left alone)
    ok = count == expected if not args.kill else (count >= acknowledged == expected)
    return 0 if not errors and ok else 1


if __name__ == "__main__":
    sys.exit(main())
