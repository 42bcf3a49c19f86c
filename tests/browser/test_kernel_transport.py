"""A lesson's kernel talks to its server over Unix sockets (voila.json: ``KernelManager.transport``
``ipc``), not loopback TCP ports.

With TCP, jupyter_client picks five free ports for each kernel and the kernel binds them a
moment later; another program on the machine can take one in between, and the kernel dies at
start ("Address already in use"). Voilà then never finishes that page: the learner waits on
it for ever. Loaded test runs met it twice (a classroom bench, and a fresh-clone pair whose
culling test hung for ten minutes). A socket file named for the kernel cannot be taken so.
"""

from __future__ import annotations

import json
import stat
from pathlib import Path

from playwright.sync_api import expect

BARE = "tests/browser/fixtures/bare.ipynb"


def connection_file(kernel: str) -> Path:
    """The connection file the kernel's process was started with (``-f``): read from the
    process itself, as the server's log may be another xdist worker's server's."""
    name = f"kernel-{kernel}.json"
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            argv = cmdline.read_bytes().split(b"\0")
        except OSError:  # a process that ended meanwhile
            continue
        for arg in argv:
            if arg.decode(errors="replace").endswith("/" + name):
                return Path(arg.decode())
    raise AssertionError(f"no process runs kernel {kernel}")


def test_a_pages_kernel_uses_unix_sockets_named_for_it(tutor_page):
    page = tutor_page.open_lesson(BARE)
    kernel = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    file = connection_file(kernel)

    info = json.loads(file.read_text())
    assert info["transport"] == "ipc", info
    assert info["ip"] == str(file.with_name(f"kernel-{kernel}-ipc")), info
    for channel in ("shell", "iopub", "stdin", "control", "hb"):
        socket = Path(f"{info['ip']}-{info[channel + '_port']}")
        assert stat.S_ISSOCK(socket.stat().st_mode), (channel, socket)

    # and the page works through them
    page.locator(".bare-button").click()
    expect(page.locator(".bare-label")).to_have_text("clicked 1 times")
