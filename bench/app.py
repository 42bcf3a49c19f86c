#!/usr/bin/env python
"""Time to first interactive widget and click-to-feedback latency of the
Voilà app, in headless Chromium.

Usage::

    .venv/bin/python bench/app.py [NOTEBOOK ...] [--clicks 30] [--warm 5] [--rounds 3]
                                  [--no-nodelay]

NOTEBOOK paths are relative to the repository root.  Default: the bare
fixture (tests/browser/fixtures/bare.ipynb) and every lesson of the learners' path.

What a notebook must declare (CSS classes, e.g. ``widget.add_class(...)``):

``tutor-ready``
    On an element that becomes visible once the page is interactive.  Time to
    first widget is measured up to the moment it is first visible.
``tutor-bench-click``
    The click target.  The benchmark calls ``element.click()`` on the first
    element with this class, so the handler must react to a DOM click on that
    element itself (an ipywidgets Button does).  A lesson's task, an exam's or a
    review's question that is answered with cards only (no button: "click the
    four manilhas") has none; then the first card that can be picked in the
    lesson's, exam's or review's own card rows is clicked instead (``CLICK_TARGET``).
``tutor-bench-feedback``
    The element that changes in answer to a click: the nearest one to the click
    target (the first found in the target's ancestors, going up), so that a page
    with several tutor widgets (a lesson's steps above a play table) times each
    click against its own widget's feedback.  Every click must change it (text,
    children or attributes), or that click times out.

A notebook without both bench classes gets first-widget times only.  The bare
fixture puts ``tutor-ready`` and ``tutor-bench-click`` on its Button and
``tutor-bench-feedback`` on its Label.

How it measures (all timestamps are ``performance.now()`` inside the page):

* first widget, cold: a Voilà server is started for each notebook and the
  page is loaded once in a fresh browser context (empty HTTP cache).  A
  MutationObserver installed before any page script runs records the first
  moment a ``.tutor-ready`` element is visible (``visibility`` included: the
  tutor's front-end keeps the cells hidden until every view in them, nested
  boxes and anywidgets too, is drawn); ``performance.now()`` counts
  from the start of the navigation.  Each load runs the notebook in a new
  kernel, as for a real visitor.
* first widget, warm: ``--warm`` more loads in the same browser context
  (static assets cached, server and its imports warm); the median is shown.
* click latency: ``--clicks`` back-to-back clicks.  For each, a
  MutationObserver is put on the feedback element, then ``performance.now()``
  is taken and ``element.click()`` dispatched in the same task; the latency
  ends at the first mutation of the feedback element.  Median and p95
  (nearest rank) are shown.
* click latency, paired: a second bare page stays open, on a server of its own, for the
  whole run, and each lesson's clicks alternate with clicks on it (A B B A ...). "click
  paired" is the lesson's click median divided by the median of the bare clicks taken between
  its own: both at the same minute, whatever the machine's speed then (the bare page's own
  row, measured minutes before, can be a tenth faster or slower than the lesson's minute).
  ``--no-paired`` leaves it out.

``--rounds N`` runs the whole list N times, one notebook after the other in each round, and
shows per notebook the median over the rounds of each figure (the maximum for "click max").
On a small shared machine the CPU speed can swing by tens of percent between minutes, so
compare two versions of the code round by round (A B A B), never one run against another.

The bare page is served the way Voilà serves a page by default: its server runs with
``TRUCO_VOILA_BASELINE=1`` (``tutor_server.voila_env(baseline=True)``): no pool of warm
kernels, no template cache, Voilà's own loading screen and script loading, the rest of
voila.json as for the lessons.  The lessons' servers are the app's (``make app``), and a
lesson's server counts as started when its pool of warm kernels is full ("Kernel pool full"
in its log), so "cold" is the first visit to a server that has finished starting, with an
empty browser cache.

Targets (issue 17), read against the bare page: every lesson's first widget, cold and warm,
at most 0.5 times the bare page's; click to feedback median at most 1.0 times the bare
page's click; the page's kernel at most 80 MB RSS (measured after the clicks, shown as
"kernel MB").  Click p95 is shown beside them.  This machine's speed changes from minute to
minute and from day to day, so each lesson is divided by the bare page measured in the same
round (the clicks also by the bare clicks paired with its own), the median of those ratios is
shown, and the last lines say which targets the ratios meet.  The absolute figures are shown
beside them.

``--no-nodelay`` serves with jupyter_server's default kernel websocket
connection class instead of ``tutor_server.NoDelayKernelWebsocketConnection``
(the voila.json setting), to compare.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BARE = "tests/browser/fixtures/bare.ipynb"
LOG_DIR = REPO / "test-artifacts"
from tutor_server import CHROMIUM, CHROMIUM_ARGS, voila_env  # noqa: E402
from tutor_server.pages import FRONTEND_ENV  # noqa: E402
from tutor_server.stack import free_port  # noqa: E402
DEFAULT_CONNECTION = (
    "jupyter_server.services.kernels.connection.channels.ZMQChannelsWebsocketConnection"
)
READY_TIMEOUT_MS = 120_000
CLICK_TIMEOUT_MS = 10_000

# Runs before any page script: remember when .tutor-ready is first visible.
READY_PROBE = """
(() => {
  const check = () => {
    if (window.__tutorReadyAt !== undefined) return;
    const el = document.querySelector('.tutor-ready');
    if (el && el.checkVisibility({visibilityProperty: true})) {
      window.__tutorReadyAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {subtree: true, childList: true, attributes: true,
                              attributeFilter: ['style', 'class', 'hidden',
                                                'data-tutor-pending']});
})();
"""

# The click target: the page's first .tutor-bench-click that is not disabled, else the first
# card that can be picked in a lesson's steps, an exam or a review (a task answered with cards
# only); and the feedback element nearest to it.
CLICK_TARGET = """
const benchTarget = (clickSel, feedbackSel) => {
  const button = document.querySelector(clickSel);
  const target = button || document.querySelector(
    ':is(.tutor-step, .tutor-exam, .tutor-review) '
    + '.tutor-cardrow:not(.tutor-cardrow-locked) .tutor-card:not(.tutor-card-disabled)');
  let feedback = null;
  for (let el = target; el && !feedback; el = el.parentElement) {
    feedback = el.querySelector(feedbackSel);
  }
  return {target, feedback, ready: !!target && !!feedback && !target.disabled};
};
"""

# Wait (untimed) until the page has a click target that can be clicked.
TARGET_READY = "([clickSel, feedbackSel]) => {" + CLICK_TARGET + \
    "return benchTarget(clickSel, feedbackSel).ready; }"

# One click: observer first, then timestamp and dispatch in the same task.
CLICK_ONCE = """
([clickSel, feedbackSel, timeoutMs]) => new Promise((resolve, reject) => {
""" + CLICK_TARGET + """
  const {target, feedback} = benchTarget(clickSel, feedbackSel);
  if (!target || !feedback) { reject(new Error('bench selectors not found')); return; }
  let t0 = 0;
  const observer = new MutationObserver(() => {
    const t1 = performance.now();
    observer.disconnect();
    clearTimeout(timer);
    resolve(t1 - t0);
  });
  const timer = setTimeout(() => {
    observer.disconnect();
    reject(new Error('no feedback mutation within ' + timeoutMs + ' ms'));
  }, timeoutMs);
  observer.observe(feedback, {subtree: true, childList: true, characterData: true,
                              attributes: true});
  t0 = performance.now();
  target.click();
})
"""




# Talk to the local server directly, whatever *_proxy variables say.
_LOOPBACK_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))




class Server:
    """A Voilà server from the repository root, like `make app`."""

    def __init__(self, nodelay: bool, baseline: bool = False, extra_args=(), frontend="tutor"):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        args = [
            sys.executable, "-m", "voila", "--no-browser", f"--port={self.port}",
            "--Voila.port_retries=0", "--Voila.ip=127.0.0.1",
        ]
        if not nodelay:
            args.append(f"--Voila.kernel_websocket_connection_class={DEFAULT_CONNECTION}")
        args.extend(extra_args)
        LOG_DIR.mkdir(exist_ok=True)
        self.log_path = LOG_DIR / "bench-voila.log"
        with open(self.log_path, "wb") as log:
            env = voila_env(baseline=baseline)
            env[FRONTEND_ENV] = frontend
            self.proc = subprocess.Popen(args, cwd=REPO, env=env, stdout=log,
                                         stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        try:
            self._wait(60.0)
            if not baseline:
                self._wait_started(120.0)
        except BaseException:
            self.stop()
            raise

    def _wait(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited ({self.proc.returncode}); see {self.log_path}")
            try:
                with _LOOPBACK_OPENER.open(self.url, timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.1)  # poll interval
        raise TimeoutError(f"voila did not answer within {timeout}s; see {self.log_path}")

    def _wait_started(self, timeout: float) -> None:
        """Wait until the server has finished starting: its pool of warm kernels is full and
        its page templates are compiled ("Kernel pool full" in its log)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if "Kernel pool full" in self.log_path.read_text(errors="replace"):
                return
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited ({self.proc.returncode}); see {self.log_path}")
            time.sleep(0.1)  # poll interval
        raise TimeoutError(f"the kernel pool was not full within {timeout}s; see {self.log_path}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def load(context, url: str) -> tuple[object, float]:
    """Open ``url`` in a new page; return (page, ms to first visible .tutor-ready)."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector(".tutor-ready", state="visible", timeout=READY_TIMEOUT_MS)
    ready_at = page.evaluate("window.__tutorReadyAt")
    if ready_at is None:  # observer missed it (cannot normally happen): ask now
        ready_at = page.evaluate("performance.now()")
    return page, float(ready_at)


def has_bench_targets(page) -> bool:
    found = "([clickSel, feedbackSel]) => {" + CLICK_TARGET + \
        "const {target, feedback} = benchTarget(clickSel, feedbackSel); " \
        "return !!target && !!feedback; }"
    return page.evaluate(found, [".tutor-bench-click", ".tutor-bench-feedback"])


# Between two timed clicks, the page settles (not timed): no change to the page for QUIET_MS.
# A lesson of steps shows a click's feedback first and draws the next task after it; the next
# click waits for that task (a learner reads the feedback first anyway).
QUIET_MS = 150
SETTLE = """
([quietMs, timeoutMs]) => new Promise((resolve) => {
  let timer = setTimeout(done, quietMs);
  const limit = setTimeout(done, timeoutMs);
  const observer = new MutationObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(done, quietMs);
  });
  observer.observe(document.body, {subtree: true, childList: true, characterData: true,
                                   attributes: true});
  function done() { observer.disconnect(); clearTimeout(timer); clearTimeout(limit); resolve(); }
})
"""


CLICK_ARGS = [".tutor-bench-click", ".tutor-bench-feedback", CLICK_TIMEOUT_MS]


def one_click(page) -> float:
    """One timed click on a page that has settled."""
    page.evaluate(SETTLE, [QUIET_MS, CLICK_TIMEOUT_MS])
    # A page that draws its next task in two steps (the view, then the target's class)
    # can look settled between them: wait, untimed, for a target that can be clicked.
    page.wait_for_function(TARGET_READY, arg=CLICK_ARGS[:2], timeout=CLICK_TIMEOUT_MS)
    return float(page.evaluate(CLICK_ONCE, CLICK_ARGS))


def click_latencies(page, clicks: int, partner=None) -> tuple[list[float], list[float]]:
    """``clicks`` timed clicks on ``page``; with a ``partner`` page (the bare page, open on its
    own server), each click of ``page`` paired with one of the partner's, in turns (A B B A),
    so that both see the machine at the same speed. Returns both lists of latencies."""
    page.evaluate(CLICK_ONCE, CLICK_ARGS)  # one untimed click: first-use code paths
    if partner is not None:
        partner.evaluate(CLICK_ONCE, CLICK_ARGS)
    latencies, partners = [], []
    for i in range(clicks):
        if partner is not None and i % 2:
            partners.append(one_click(partner))
        latencies.append(one_click(page))
        if partner is not None and not i % 2:
            partners.append(one_click(partner))
    return latencies, partners


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def kernel_memory_mb(server: "Server", page) -> float:
    """RSS in MB of the kernel behind ``page`` (found by its id in the kernel's command line,
    ``.../kernel-<id>.json``), NaN when it cannot be found."""
    import json

    import psutil

    try:
        config = json.loads(page.locator("#jupyter-config-data").text_content())
        kernel_id = config["kernelId"]
        for child in psutil.Process(server.proc.pid).children(recursive=True):
            try:
                if any(kernel_id in part for part in child.cmdline()):
                    return child.memory_info().rss / (1024 * 1024)
            except psutil.Error:
                continue
    except Exception:  # a figure missing must not stop the bench
        pass
    return float("nan")


VOILA_FRONTEND = " [Voila's front-end]"


def bench_notebook(browser, notebook: str, nodelay: bool, warm: int, clicks: int,
                   server_args=(), partner=None) -> dict:
    """The figures of one notebook on a server of its own; a name ending in VOILA_FRONTEND is
    the same notebook served with Voila's front-end instead of the tutor's (TRUCO_FRONTEND)."""
    name = notebook
    frontend = "voila" if notebook.endswith(VOILA_FRONTEND) else "tutor"
    notebook = notebook.removesuffix(VOILA_FRONTEND)
    baseline = notebook == BARE
    server = Server(nodelay, baseline=baseline, extra_args=() if baseline else server_args,
                    frontend=frontend)
    try:
        url = f"{server.url}voila/render/{notebook}"
        context = browser.new_context()
        context.add_init_script(READY_PROBE)
        try:
            page, cold = load(context, url)
            warm_times = []
            for _ in range(warm):
                page.close()
                page, ms = load(context, url)
                warm_times.append(ms)
            result = {"notebook": name, "cold": cold,
                      "warm": statistics.median(warm_times) if warm_times else float("nan")}
            if clicks and has_bench_targets(page):  # click on the last page loaded
                try:
                    lat, bare_lat = click_latencies(page, clicks, partner)
                except Exception as err:  # the page's target did not answer: no click figures
                    print(f"  {notebook}: clicks not measured ({str(err).splitlines()[0]})",
                          flush=True)
                else:
                    result.update(click_median=statistics.median(lat), click_p95=p95(lat),
                                  click_min=min(lat), click_max=max(lat), clicks=len(lat))
                    if bare_lat:
                        result["paired_bare_median"] = statistics.median(bare_lat)
            result["kernel_mb"] = kernel_memory_mb(server, page)
            page.close()
        finally:
            context.close()
    finally:
        server.stop()
    return result


@contextlib.contextmanager
def paired_bare_page(browser, nodelay: bool):
    """The bare page, open on a server of its own for the whole run: each lesson's clicks
    alternate with clicks on it (``paired_bare_median``), so a lesson's click is compared with
    the bare page's at the same minute, whatever the machine's speed then."""
    server = Server(nodelay, baseline=True)
    try:
        context = browser.new_context()
        try:
            page, _ms = load(context, f"{server.url}voila/render/{BARE}")
            yield page
        finally:
            context.close()
    finally:
        server.stop()


def combine(runs: list[dict]) -> dict:
    """One row from several rounds of one notebook: the median of each figure (max of max)."""
    if len(runs) == 1:
        return runs[0]
    out = {"notebook": runs[0]["notebook"], "rounds": len(runs)}
    for key in ("cold", "warm", "click_median", "click_p95", "click_min", "kernel_mb",
                "paired_bare_median"):
        values = [r[key] for r in runs if key in r and not math.isnan(r[key])]
        if values:
            out[key] = statistics.median(values)
        elif key in ("cold", "warm"):
            out[key] = float("nan")
    if any("click_max" in r for r in runs):
        out["click_max"] = max(r["click_max"] for r in runs if "click_max" in r)
        out["clicks"] = sum(r.get("clicks", 0) for r in runs)
    return out


def fmt(value) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}"


def print_table(results: list[dict], nodelay: bool, clicks: int, warm: int,
                rounds: int = 1) -> None:
    mode = "NoDelayKernelWebsocketConnection" if nodelay else "default connection (Nagle on)"
    over = f"; medians over {rounds} rounds" if rounds > 1 else ""
    print(f"\nkernel websocket: {mode}; {warm} warm loads (median); "
          f"{clicks} clicks per notebook{over}; times in ms")
    header = ["notebook", "first widget cold", "warm", "click median", "click p95",
              "click max", "kernel MB", "cold/bare", "warm/bare"]
    bare = next((r for r in results if r["notebook"] == BARE), None)
    rows = []
    for r in results:
        rows.append([
            r["notebook"], fmt(r["cold"]), fmt(r["warm"]),
            fmt(r.get("click_median")), fmt(r.get("click_p95")), fmt(r.get("click_max")),
            fmt(r.get("kernel_mb")),
            f"{r['cold'] / bare['cold']:.2f}" if bare else "-",
            f"{r['warm'] / bare['warm']:.2f}" if bare and warm else "-",
        ])
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    line = lambda cells: "  ".join(  # noqa: E731
        str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(cells, widths))
    )
    print(line(header))
    print(line(["-" * w for w in widths]))
    for row in rows:
        print(line(row))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", help="paths relative to the repository root")
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--warm", type=int, default=5, help="warm loads per notebook")
    parser.add_argument("--rounds", type=int, default=3,
                        help="run the list this many times; show the median of each figure")
    parser.add_argument("--json", metavar="PATH",
                        help="also write every round's figures to PATH (JSON)")
    parser.add_argument("--server-arg", action="append", default=[], metavar="ARG",
                        help="an extra command-line setting for the lessons' servers (not the "
                             "bare page's), e.g. --server-arg=--TutorKernelManager.pool_size=2")
    parser.add_argument("--no-nodelay", dest="nodelay", action="store_false",
                        help="use jupyter_server's default kernel websocket connection")
    parser.add_argument("--no-paired", dest="paired", action="store_false",
                        help="no bare page kept open to pair each lesson's clicks with")
    parser.add_argument("--voila-frontend", action="store_true",
                        help="also measure each lesson with Voila's own front-end (the pages "
                             "before the tutor's; TRUCO_FRONTEND=voila), in the same rounds")
    args = parser.parse_args(argv)

    from widgets.pages.lesson import LESSONS  # the learners' path (not the teacher's page)

    notebooks = args.notebooks or [BARE] + [f"lessons/{name}.ipynb" for name, _t, _b in LESSONS]
    for nb in notebooks:
        if not (REPO / nb).is_file():
            parser.error(f"no such notebook: {nb}")
    if args.voila_frontend:
        notebooks = [name for nb in notebooks
                     for name in ((nb,) if nb == BARE else (nb, nb + VOILA_FRONTEND))]

    os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
    from playwright.sync_api import sync_playwright

    runs: dict[str, list[dict]] = {nb: [] for nb in notebooks}
    with sync_playwright() as pw, contextlib.ExitStack() as stack:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        stack.callback(browser.close)
        partner = None
        if args.paired and BARE in notebooks and args.clicks:
            partner = stack.enter_context(paired_bare_page(browser, args.nodelay))
        for round_no in range(max(1, args.rounds)):
            for nb in notebooks:
                print(f"benchmarking {nb} (round {round_no + 1}) ...", file=sys.stderr,
                      flush=True)
                runs[nb].append(bench_notebook(browser, nb, args.nodelay, args.warm,
                                               args.clicks, args.server_arg,
                                               partner=None if nb == BARE else partner))
    results = [combine(runs[nb]) for nb in notebooks]
    if args.json:
        import json

        Path(args.json).write_text(json.dumps(
            {"runs": runs, "ratios": same_round_ratios(runs, BARE) if BARE in runs else {}},
            indent=1, default=str))
    print_table(results, args.nodelay, args.clicks, args.warm, max(1, args.rounds))
    if BARE in runs:
        print_ratios(runs, BARE)
    return 0


# The targets as multiples of the bare page (its figures: 1.8 s, 2.5 ms a click).
# The targets as multiples of the bare page's figure in the same round (None: shown,
# no target), and the kernel's memory in MB.
RATIO_TARGETS = {"cold": 0.5, "warm": 0.5, "click_median": 1.0, "click_p95": None,
                 "click_paired": 1.0}
KERNEL_MB_TARGET = 80


def same_round_ratios(runs: dict[str, list[dict]], bare: str) -> dict[str, dict[str, float]]:
    """Per notebook, the median over rounds of its figure divided by the bare page's figure
    in the same round (clicks divide by the bare page's click median)."""
    out = {}
    for nb, rows in runs.items():
        if nb == bare:
            continue
        ratios = {}
        paired = [r["click_median"] / r["paired_bare_median"] for r in rows
                  if r.get("paired_bare_median", 0) > 0 and "click_median" in r]
        if paired:
            ratios["click_paired"] = statistics.median(paired)
        for key in RATIO_TARGETS:
            if key == "click_paired":
                continue
            base_key = "click_median" if key.startswith("click") else key
            values = [r[key] / b[base_key] for r, b in zip(rows, runs[bare])
                      if key in r and base_key in b and b[base_key] > 0
                      and not math.isnan(r[key]) and not math.isnan(b[base_key])]
            if values:
                ratios[key] = statistics.median(values)
        out[nb] = ratios
    return out


def print_ratios(runs: dict[str, list[dict]], bare: str) -> None:
    ratios = same_round_ratios(runs, bare)
    if not ratios:
        return
    print("\nagainst the bare page in the same round (median of the rounds' ratios)")
    names = {"cold": "first widget cold", "warm": "warm", "click_median": "click median",
             "click_p95": "click p95", "click_paired": "click paired"}
    width = max(len(nb) for nb in ratios)
    print(f"{'notebook':{width}}  " + "  ".join(f"{names[k]:>17}" for k in RATIO_TARGETS))
    for nb, row in ratios.items():
        print(f"{nb:{width}}  " + "  ".join(
            f"{row[k]:>17.2f}" if k in row else f"{'-':>17}" for k in RATIO_TARGETS))
    for key, target in RATIO_TARGETS.items():
        if target is None:
            continue
        have = [(row[key], nb) for nb, row in ratios.items() if key in row]
        if not have:
            continue
        worst, where = max(have)
        verdict = "met" if worst <= target else "NOT met"
        print(f"{names[key]}: at most {target:g} x bare; worst {worst:.2f} ({where}): {verdict}")
    memory = [(statistics.median(values), nb) for nb, rows in runs.items() if nb != bare
              for values in [[r["kernel_mb"] for r in rows
                              if not math.isnan(r.get("kernel_mb", float("nan")))]] if values]
    if memory:
        worst, where = max(memory)
        verdict = "met" if worst <= KERNEL_MB_TARGET else "NOT met"
        print(f"kernel memory: at most {KERNEL_MB_TARGET} MB RSS; worst {worst:.1f} ({where}): "
              f"{verdict}")


if __name__ == "__main__":
    sys.exit(main())
