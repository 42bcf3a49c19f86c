#!/usr/bin/env python
"""A live lesson with a class of learners on one Voilà server: how long from the teacher's
*Next* until the question is drawn on every learner's page, and from a learner's answer until
the projector counts it.

Usage::

    .venv/bin/python bench/live.py [--learners 30] [--questions 5] [--db URL]

Voilà starts from the repository root on a free loopback port with a fresh SQLite file (or
``--db postgresql://...``) as the class's store. The teacher's page and 30 learners'
``lessons/live.ipynb?learner=<token>`` pages are loaded over HTTP and spoken to over their
kernels' websockets as the pages' JavaScript does (the widget protocol of bench/classroom.py):
each page's live timer runs in its kernel (every ``POLL_MS``, 400 ms), so the bench only
listens, as a browser does, noting when each update arrives. The teacher's page is unlocked
with its passcode and starts the lesson with its own button; its *Next* and *Reveal* are
clicks on its buttons.

For each question: the teacher clicks *Next* (the first question: *Start*); timed until each
learner's page shows it (its status line names the question); then every learner answers at
once (a click on the first card), each timed until the projector's count includes it. Both
are printed as p50/p95/max over every learner and question (target: p95 under 1 s). *Start*
is printed apart: every page builds its first question in the same moment (its deal is not
known before), where for each later one a page builds it ahead, while the class talks about
the one on screen, and only swaps it in at *Next*. The bench's own client runs on the same
two cores as the server and the 31 kernels (a class's phones would not).
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from classroom import Learner, nearest_rank, start_server, wait_ready  # noqa: E402

from widgets.classroom.config import Settings  # noqa: E402
from widgets.classroom.store import open_store  # noqa: E402

PASSCODE = "bench-live-passcode"


class Page(Learner):
    """A page of ``path`` and its kernel, with its widgets' states kept up to date."""

    def __init__(self, base: str, path: str):
        super().__init__(base, "")
        self.path = path
        self.seen: list[tuple[float, str, str]] = []  # (time, comm, html) of HTML updates

    def open(self) -> None:
        url = f"{self.base}voila/render/{self.path}"
        with self.opener.open(url, timeout=600) as response:
            html = response.read().decode()
        data = json.loads(re.search(r'<script id="jupyter-config-data" type="application/json">'
                                    r"(.*?)</script>", html, re.S).group(1))
        ws_url = self.base.replace("http://", "ws://", 1)
        if data.get("progressiveRendering"):
            self._execute(ws_url, data["kernelId"])
        import websocket

        self.ws = websocket.create_connection(
            f"{ws_url}api/kernels/{data['kernelId']}/channels?session_id={self.session}",
            timeout=120)
        self.send("comm_info_request", {"target_name": "jupyter.widget"})
        comms = None
        while comms is None:
            msg = json.loads(self.ws.recv())
            if msg["header"]["msg_type"] == "comm_info_reply":
                comms = list(msg["content"]["comms"])
        for comm in comms:
            self.until_idle(self.send("comm_msg", {"comm_id": comm,
                                                   "data": {"method": "request_state"}}))

    def listen(self) -> None:
        """From now on every message is read by a thread of the page's own, as the page's
        widget manager reads them: the kernel's updates come unasked (its live timer runs in
        the kernel), and each is noted with the time it arrived."""
        self.idle: set[str] = set()
        self.arrived = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                msg = json.loads(self.ws.recv())
            except Exception:  # the socket closed: the bench is over
                return
            kind = msg["header"]["msg_type"]
            content = msg["content"]
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                self.states[content["comm_id"]] = dict(content.get("data", {}).get("state", {}))
            elif kind == "comm_close":
                self.states.pop(content["comm_id"], None)
            elif kind == "comm_msg":
                data = content.get("data", {})
                if data.get("method") == "update":
                    self.states.setdefault(content["comm_id"], {}).update(data["state"])
                    self._note(msg)
            elif kind == "status" and content["execution_state"] == "idle":
                with self.arrived:
                    self.idle.add(msg.get("parent_header", {}).get("msg_id"))
                    self.arrived.notify_all()

    def call(self, msg_id: str) -> None:
        """Wait until the kernel is idle after ``msg_id`` (30 s at most)."""
        with self.arrived:
            if not self.arrived.wait_for(lambda: msg_id in self.idle, timeout=30):
                raise RuntimeError("the kernel did not answer within 30 s")

    def comms(self, cls: str) -> list[str]:
        return [c for c, s in list(self.states.items()) if cls in s.get("_dom_classes", ())]

    def custom(self, comm: str, content: dict) -> None:
        self.call(self.send("comm_msg", {"comm_id": comm, "data": {
            "method": "custom", "content": content}}))

    def set_value(self, comm: str, value) -> None:
        self.call(self.send("comm_msg", {"comm_id": comm, "data": {
            "method": "update", "state": {"value": value}, "buffer_paths": []}}))

    def _note(self, msg) -> None:
        state = msg["content"]["data"].get("state", {})
        if "value" in state and isinstance(state["value"], str):
            self.seen.append((time.perf_counter(), msg["content"]["comm_id"], state["value"]))

    def find_html(self, pattern: str) -> str | None:
        for comm, state in list(self.states.items()):
            value = state.get("value")
            if isinstance(value, str) and re.search(pattern, value):
                return comm
        return None

    def first_card(self) -> tuple[str, str]:
        """(card row, code) of the first card offered by the question on show."""
        root = self.comms("tutor-live-seat")[0]
        for comm in self._walk(root):
            items = [i for i in self.states[comm].get("items", ()) if i.get("enabled")]
            if items:
                return comm, items[0]["code"]
        raise RuntimeError("no card to click on the live page")

    def button(self, text: str) -> str:
        return next(c for c, s in list(self.states.items())
                    if s.get("_model_name") == "ButtonModel" and s.get("description") == text)


def main() -> int:
    signal.signal(signal.SIGTERM, lambda *_a: sys.exit(143))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--db", default="")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="truco-bench-live-"))
    db = args.db or str(tmp / "classroom.db")
    store = open_store(Settings(database=db))
    code = store.create_class("bench")
    tokens = [store.join(code, f"learner {i:02d}").token for i in range(args.learners)]
    import os

    os.environ["TRUCO_TEACHER_PASSCODE"] = PASSCODE
    os.environ.setdefault("TRUCO_KERNEL_POOL", "4")
    server, address, log_path = start_server(db, "live")
    base = f"http://{address}/"
    started_at, drawn, counted, errors = [], [], [], []
    pages: list[Page] = []
    try:
        wait_ready(base, server, log_path)
        teacher = Page(base, "lessons/teacher.ipynb")
        teacher.open()
        teacher.listen()
        teacher.set_value(teacher.comms("tutor-passcode")[0], PASSCODE)
        teacher.custom(teacher.button("Open the teacher page"), {"event": "click"})
        learners = [Page(base, f"lessons/live.ipynb?learner={t}") for t in tokens]
        started = time.perf_counter()
        threads = [threading.Thread(target=lambda p=p: (p.open(), p.listen()))
                   for p in learners]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(f"{args.learners} live pages and the teacher's page open in "
              f"{time.perf_counter() - started:.1f} s", flush=True)
        pages = learners
        for n in range(1, args.questions + 1):
            t0 = time.perf_counter()
            if n == 1:
                teacher.custom(teacher.button("Start a live lesson"), {"event": "click"})
            else:
                teacher.custom(teacher.button("Next question"), {"event": "click"})
            clicked = time.perf_counter() - t0
            want = f"question {n} of "
            deadline = time.monotonic() + 30
            waiting = set(range(len(learners)))
            while waiting and time.monotonic() < deadline:
                for i in list(waiting):
                    hit = [t for t, _c, v in learners[i].seen if t >= t0 and want in v]
                    if hit:
                        (started_at if n == 1 else drawn).append(hit[0] - t0)
                        waiting.discard(i)
                time.sleep(0.01)
            if waiting:
                errors.append(f"question {n}: {len(waiting)} pages never showed it")
            got = len(learners) - len(waiting)
            these = sorted(v * 1000 for v in (started_at if n == 1 else drawn)[-got:] if got)
            if these:
                print(f"  question {n}: drawn on every page within {these[-1]:.0f} ms "
                      f"(p50 {nearest_rank(these, 50):.0f} ms; the teacher's click took "
                      f"{clicked * 1000:.0f} ms)", flush=True)
            # every learner answers; the projector's count is watched
            clicks = []
            for page in learners:
                box, card = page.first_card()
                clicks.append(time.perf_counter())
                page.custom(box, {"type": "pick", "code": card})
            deadline = time.monotonic() + 30
            for k, at in enumerate(clicks, 1):
                pattern = re.compile(rf">(\d+) of {args.learners} have answered")
                while time.monotonic() < deadline:
                    hit = [t for t, _c, v in teacher.seen if t >= at and pattern.search(v)
                           and int(pattern.search(v).group(1)) >= k]
                    if hit:
                        counted.append(hit[0] - at)
                        break
                    time.sleep(0.01)
                else:
                    errors.append(f"question {n}: answer {k} never counted")
            teacher.custom(teacher.button("Reveal the answer"), {"event": "click"})
    finally:
        for page in pages:
            page.close()
        server.terminate()
        try:
            server.wait(timeout=30)
        except Exception:
            server.kill()
    for name, values in (("Start to the first question drawn on a learner's page", started_at),
                         ("Next to the question drawn on a learner's page", drawn),
                         ("an answer to the projector's count", counted)):
        ms = [v * 1000 for v in values]
        if ms:
            print(f"{name}: p50 {nearest_rank(ms, 50):.0f} ms, p95 {nearest_rank(ms, 95):.0f} "
                  f"ms, max {max(ms):.0f} ms over {len(ms)} (target: p95 under 1000 ms)")
    print(f"errors: {len(errors)}" + "".join(f"\n  {e}" for e in errors[:5]))
    store.close()
    shutil.rmtree(tmp, ignore_errors=True)
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
