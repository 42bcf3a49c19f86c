"""The lesson pages' kernel (tutor_server/kernel_launcher.py): ipykernel's kernel, its main
thread reading the page's messages itself. What must hold: the tutor's server starts Python
kernels with it (the benches' stock server does not), other kernels are left as their spec
says, and the kernel does all a page and a teacher's notebook need: cells, a top-level
``await``, widget messages (handled on the main thread), Ctrl+C, shutdown."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest
from jupyter_client.kernelspec import KernelSpec
from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

from tutor_server import TutorKernelManager
from tutor_server.kernels import KERNEL_LAUNCHER, LessonKernelProcess


@pytest.fixture
def clean_env(monkeypatch):
    monkeypatch.delenv("TRUCO_VOILA_BASELINE", raising=False)
    return monkeypatch


def test_the_tutors_server_starts_its_kernels_with_the_lesson_launcher(clean_env):
    assert TutorKernelManager().kernel_manager_class == \
        "tutor_server.kernels.LessonKernelProcess"
    clean_env.setenv("TRUCO_VOILA_BASELINE", "1")  # the benches' stock page
    assert TutorKernelManager().kernel_manager_class == \
        "jupyter_server.services.kernels.kernelmanager.ServerKernelManager"


def command(argv: list[str], folder) -> list[str]:
    """The command a LessonKernelProcess runs for a kernel spec whose argv is ``argv``."""
    km = LessonKernelProcess()
    km._kernel_spec = KernelSpec(argv=argv, display_name="x", language="x",
                                 resource_dir=str(folder))
    km.connection_file = str(folder / "kernel-x.json")
    km._launch_args = {}
    return km.format_kernel_cmd()


def test_only_ipykernels_own_launcher_is_replaced(tmp_path):
    connection = os.path.realpath(tmp_path / "kernel-x.json")
    assert command(["python", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                   tmp_path) == [sys.executable, str(KERNEL_LAUNCHER), "-f", connection]
    elsewhere = str(tmp_path / "env" / "bin" / "python3")  # a Python at another path
    assert command([elsewhere, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                   tmp_path)[:2] == [elsewhere, str(KERNEL_LAUNCHER)]
    other = ["R", "--slave", "-e", "IRkernel::main()", "--args", "{connection_file}"]
    assert command(other, tmp_path) == other[:-1] + [connection]
    assert issubclass(LessonKernelProcess, ServerKernelManager)


# Run in the kernel: the names of its threads, and a comm target whose messages say which
# thread handled them.
SETUP = """
import threading
from ipykernel.thread import SHELL_CHANNEL_THREAD_NAME
threads = sorted(t.name for t in threading.enumerate())
handled_on = []
def _target(comm, msg):
    @comm.on_msg
    def _(msg):
        handled_on.append(threading.current_thread() is threading.main_thread())
get_ipython().kernel.comm_manager.register_target("probe", _target)
print(SHELL_CHANNEL_THREAD_NAME in threads, len(threads) > 2)
"""


def test_the_lesson_kernel_answers_cells_awaits_widgets_and_interrupts(tmp_path):
    async def run(kc, code: str) -> tuple[str, str]:
        out = []
        reply = await kc.execute_interactive(code, timeout=60, output_hook=out.append)
        text = "".join(m["content"].get("text", "") for m in out if m["msg_type"] == "stream")
        errors = [m["content"]["ename"] for m in out if m["msg_type"] == "error"]
        return reply["content"]["status"], text + "".join(errors)

    async def scenario():
        km = LessonKernelProcess(kernel_name="python3")
        await km.start_kernel(cwd=str(tmp_path))
        try:
            assert km.provisioner.process.args[1] == str(KERNEL_LAUNCHER)
            kc = km.client()
            kc.start_channels()
            try:
                await kc.wait_for_ready(timeout=60)
                info = (await kc.kernel_info(reply=True))["content"]
                assert "kernel subshells" not in info.get("supported_features", [])
                assert await run(kc, SETUP) == ("ok", "False True\n")
                # a teacher's cell with a top-level await
                assert await run(kc, "import asyncio\nawait asyncio.sleep(0)\nprint('done')") \
                    == ("ok", "done\n")
                # a widget's messages: comm_open, comm_msg, handled on the main thread
                open_msg = kc.session.msg("comm_open", {"comm_id": "c1", "target_name": "probe",
                                                        "data": {}})
                kc.shell_channel.send(open_msg)
                msg = kc.session.msg("comm_msg", {"comm_id": "c1", "data": {"x": 1}})
                kc.shell_channel.send(msg)
                assert await run(kc, "print(handled_on)") == ("ok", "[True]\n")
                # an error, then Ctrl+C during a long cell: the kernel goes on
                assert await run(kc, "1/0") == ("error", "ZeroDivisionError")
                kc.execute("import time; time.sleep(30)")
                await asyncio.sleep(0.5)
                await km.interrupt_kernel()
                reply = await kc._async_get_shell_msg(timeout=20)
                while reply["msg_type"] != "execute_reply" or \
                        reply["content"]["status"] == "ok":
                    reply = await kc._async_get_shell_msg(timeout=20)
                assert reply["content"]["ename"] == "KeyboardInterrupt"
                assert await run(kc, "print('after')") == ("ok", "after\n")
            finally:
                kc.stop_channels()
            await km.shutdown_kernel()
            assert not await km.is_alive()
        finally:
            if await km.is_alive():
                await km.shutdown_kernel(now=True)

    asyncio.run(scenario())
