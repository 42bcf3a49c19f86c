#!/usr/bin/env python
"""The tutor on JupyterHub: from signing in to the first usable widget, memory per learner,
and how many learners one machine holds.

Usage::

    .venv/bin/python bench/hub.py [--learners 10]      (or: make bench-hub)

It stands up deploy/jupyterhub as tests/deploy does (tutor_server.stack: a throwaway
PostgreSQL for the hub's database and the classroom's, the hub with its proxy, the hub's
dummy sign-in) and signs learners in in headless Chromium, each in a browser of their own:

1. **cold, one at a time**: a learner with no server signs in; timed from the click on
   "Sign in" to the start page's widget ready (``.tutor-ready``): the hub spawns the server,
   Voilà starts the page's kernel and runs the notebook;
2. **cold, all at once**: the other learners click "Sign in" together (a class arriving);
   each one's time, and the time until the last is ready;
3. **warm**: every learner signs in again from a new browser (a second device) while their
   server runs;
4. **memory**: with each learner's start page open, each single-user server and its kernels
   (one for the page, one kept warm): the proportional set size (PSS: shared pages divided
   among the processes that share them, so the sum is what the machine holds) and the RSS
   (an upper bound); the CPU time a server took to start.

Printed figures are medians and maxima (a shared machine's speed varies by a third from one
minute to the next). The capacity line divides a 24 GiB machine, less 2 GiB for the system,
the hub, its proxy and PostgreSQL, by the memory per learner.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from playwright.sync_api import sync_playwright  # noqa: E402

from tutor_server import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tutor_server.stack import JupyterHub, Postgres  # noqa: E402

PASSWORD = "bench-password"
READY_TIMEOUT = 180.0  # seconds for a start page to be ready (a deadline)
MACHINE_GIB, RESERVED_GIB = 24, 2


def click_sign_in(browser, hub: JupyterHub, user: str):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{hub.url}hub/login")
    page.locator("input[name=username]").fill(user)
    page.locator("input[name=password]").fill(PASSWORD)
    started = time.perf_counter()
    page.locator("input[type=submit], button[type=submit]").first.click()
    return context, page, started


def wait_all_ready(pages: list) -> list[float]:
    """Seconds from each page's click to its ``.tutor-ready`` widget (polled every 50 ms
    across the pages, so one slow page does not hold back the others' times)."""
    done: dict[int, float] = {}
    deadline = time.monotonic() + READY_TIMEOUT
    while len(done) < len(pages):
        for i, (_context, page, started) in enumerate(pages):
            if i not in done:
                try:
                    if page.locator(".tutor-ready").first.is_visible():
                        done[i] = time.perf_counter() - started
                except Exception:
                    pass  # the page is between the hub's redirects
        if time.monotonic() > deadline:
            raise TimeoutError(f"{len(pages) - len(done)} start page(s) not ready after "
                               f"{READY_TIMEOUT} s")
        time.sleep(0.05)
    return [done[i] for i in range(len(pages))]


def tree(proc: psutil.Process) -> list[psutil.Process]:
    return [proc, *proc.children(recursive=True)]


def memory(proc: psutil.Process) -> tuple[int, int]:
    """(PSS, RSS) in bytes of ``proc`` and its children."""
    pss = rss = 0
    for p in tree(proc):
        try:
            info = p.memory_full_info()
            pss += info.pss
            rss += info.rss
        except psutil.Error:
            pass
    return pss, rss


def cpu_seconds(proc: psutil.Process) -> float:
    total = 0.0
    for p in tree(proc):
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


def summary(label: str, values: list[float]) -> str:
    return (f"{label}: median {statistics.median(values):.2f} s, max {max(values):.2f} s "
            f"({len(values)} learner(s))")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=10)
    args = parser.parse_args()
    users = [f"learner{i:02d}" for i in range(args.learners)]

    tmp = Path(tempfile.mkdtemp(prefix="truco-bench-hub-"))
    postgres = Postgres()
    hub = None
    try:
        hub_db = postgres.database().replace("postgresql://", "postgresql+psycopg://")
        hub = JupyterHub(tmp, hub_db, {"TRUCO_CLASSROOM_DB": postgres.database()}, PASSWORD,
                         REPO / "test-artifacts" / "bench-hub")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
            first = click_sign_in(browser, hub, users[0])
            cold_one = wait_all_ready([first])
            print(summary("sign-in to first widget, cold, one learner alone", cold_one),
                  flush=True)
            together = [click_sign_in(browser, hub, user) for user in users[1:]]
            cold_all = wait_all_ready(together) if together else []
            if cold_all:
                print(summary(f"sign-in to first widget, cold, {len(together)} at once",
                              cold_all) + f"; the last ready {max(cold_all):.2f} s after "
                      "its click", flush=True)
            servers = {user: hub.server_process(user) for user in users}
            first[1].wait_for_timeout(3000)  # the warm kernel each server keeps, started
            pss_rss = {user: memory(proc) for user, proc in servers.items()}
            cpu = [cpu_seconds(proc) for proc in servers.values()]
            own = [sum(proc.cpu_times()[:2]) for proc in servers.values()]
            for context, _page, _t in [first, *together]:
                context.close()
            again, warm = [], []
            for user in users:  # one at a time: the server is up, only the page is new
                again.append(click_sign_in(browser, hub, user))
                warm += wait_all_ready(again[-1:])
            print(summary("sign-in to first widget, warm (server running, new browser)",
                          warm), flush=True)
            for context, _page, _t in again:
                context.close()
            browser.close()
        pss = [p for p, _r in pss_rss.values()]
        rss = [r for _p, r in pss_rss.values()]
        per = statistics.median(pss)
        print(f"memory per learner (their server, the page's kernel and one warm kernel): "
              f"PSS median {per / 2**20:.0f} MiB, max {max(pss) / 2**20:.0f} MiB; "
              f"RSS median {statistics.median(rss) / 2**20:.0f} MiB")
        print(f"CPU time to start a learner's server and first page: median "
              f"{statistics.median(cpu):.1f} s, of which the server itself "
              f"{statistics.median(own):.1f} s and its two kernels the rest")
        fit = int((MACHINE_GIB - RESERVED_GIB) * 2**30 // per)
        print(f"learners one {MACHINE_GIB} GiB machine holds by memory: about {fit} "
              f"({MACHINE_GIB - RESERVED_GIB} GiB / {per / 2**20:.0f} MiB); on 2 cores a class "
              f"signing in at once waits about {statistics.median(cpu) / 2:.1f} s per learner "
              f"ahead of it")
    finally:
        if hub is not None:
            hub.stop()
        postgres.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
