"""``python -m tutor_server measure``: the memory of Voilà and its kernels after plain GETs."""

from __future__ import annotations

import socket

from .env import REPO, voila_env
from .limits import MB, available_memory


# -- measuring ------------------------------------------------------------------------------

def measure(lesson: str = "lessons/09_play.ipynb", pages: int = 60, port: int = 0) -> dict:
    """Start the app as `make app` does, GET ``lesson`` ``pages`` times with no browser (as a
    script would) and measure the memory of Voilà and its kernels with psutil. Prints and
    returns the figures (``python -m tutor_server measure [lesson] [pages]``)."""
    import re
    import statistics
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    import psutil

    if not port:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    base = f"http://127.0.0.1:{port}/"
    log_path = REPO / "test-artifacts" / "measure-voila.log"
    log_path.parent.mkdir(exist_ok=True)
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
             "--Voila.port_retries=0", "--Voila.ip=127.0.0.1"],
            cwd=REPO, env=voila_env(test_notebooks=False), stdout=log,
            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                opener.open(base, timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError(f"Voilà did not start; see {log_path}") from None
                time.sleep(0.2)
        statuses: dict[int, int] = {}
        started = time.monotonic()
        for _ in range(pages):
            try:
                with opener.open(f"{base}voila/render/{lesson}", timeout=600) as response:
                    response.read()
                    status = response.status
            except urllib.error.HTTPError as err:
                status = err.code
            statuses[status] = statuses.get(status, 0) + 1
        elapsed = time.monotonic() - started
        voila = psutil.Process(proc.pid)
        kernels = []
        for child in voila.children(recursive=True):
            try:
                info = child.memory_full_info()
            except psutil.Error:
                continue
            kernels.append(info)
        own = voila.memory_full_info()
        limit = re.search(r"at most (\d+) at once", log_path.read_text(errors="replace"))
        figures = {
            "lesson": lesson, "pages": pages, "seconds": round(elapsed, 1),
            "statuses": statuses, "kernels": len(kernels),
            "max_kernels": int(limit.group(1)) if limit else None,
            "kernel_rss_mb": round(statistics.median(k.rss for k in kernels) / MB, 1) if kernels else 0,
            "kernel_pss_mb": round(statistics.median(getattr(k, "pss", 0) for k in kernels) / MB, 1) if kernels else 0,
            "kernel_uss_mb": round(statistics.median(k.uss for k in kernels) / MB, 1) if kernels else 0,
            "kernels_rss_mb": round(sum(k.rss for k in kernels) / MB),
            "kernels_pss_mb": round(sum(getattr(k, "pss", 0) for k in kernels) / MB),
            "voila_rss_mb": round(own.rss / MB),
            "available_mb": round(available_memory() / MB),
        }
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
    print(f"{pages} GETs of {lesson} in {figures['seconds']} s: {figures['statuses']}")
    print(f"kernels running: {figures['kernels']} (limit {figures['max_kernels']}); per kernel "
          f"(median) RSS {figures['kernel_rss_mb']} MB, PSS {figures['kernel_pss_mb']} MB, "
          f"USS {figures['kernel_uss_mb']} MB")
    print(f"all kernels: RSS {figures['kernels_rss_mb']} MB, PSS {figures['kernels_pss_mb']} MB;"
          f" Voilà itself RSS {figures['voila_rss_mb']} MB; memory available now "
          f"{figures['available_mb']} MB")
    return figures

