"""The command a lesson page's kernel runs (``kernels.LessonKernelProcess`` puts it in place of
``python -m ipykernel_launcher`` for the Python kernel): ipykernel's own kernel, with one
thread fewer on a click's way.

ipykernel 7 receives the shell channel (every message a page sends: a click is a
``comm_msg``) on a thread of its own, which reads the message's header and content and passes
it on to the main thread through an in-process ZMQ socket, so that a kernel can run
"subshells" (several shells in one kernel, for JupyterLab's tools). A lesson page never asks
for a subshell, and the handover costs a thread's wake-up and the interpreter lock on the way
of every click: from the moment the server sent a click on to its kernel to the moment the
kernel began handling it took 1.15 to 1.3 ms on the machine we measure on, and 0.66 to 0.73
ms with the main thread reading the shell channel itself (medians of 25 clicks on lessons 1,
8 and 12, the server's and the kernel's clocks compared). Without the thread the kernel does
what ipykernel 6 did: the main thread reads the shell channel (ipykernel keeps that path for a
kernel without the thread). It says it does not support subshells (``kernel_info``'s
``supported_features``), and a subshell request gets "not supported".

One place in ipykernel 7 (running a cell with a top-level ``await``) still asks for the
thread's ``parent_thread`` (the thread whose cells Ctrl+C cancels) without looking whether
there is a thread: the kernel is given :class:`_NoShellChannelThread`, which says "no thread"
everywhere ipykernel asks and names the main thread as that parent.

Run as a script (``python .../kernel_launcher.py -f CONNECTION_FILE``): it must not import
``tutor_server`` (Jupyter's server, not needed in a kernel), so it is not run with ``-m``.
"""
from __future__ import annotations

import sys
import threading
from pathlib import Path

# A script's folder is put first on sys.path; a lesson's kernel must not import this folder's
# modules as top-level ones (ipykernel_launcher drops the "" that ``-m`` puts there the same
# way; IPython puts the kernel's working folder back).
if sys.path and sys.path[0] and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
    del sys.path[0]

from ipykernel.ipkernel import IPythonKernel  # noqa: E402
from ipykernel.kernelapp import IPKernelApp  # noqa: E402
from traitlets import default  # noqa: E402


class _NoShellChannelThread:
    """The kernel's ``shell_channel_thread`` when there is none: false wherever ipykernel
    asks ``if kernel.shell_channel_thread``, and its ``parent_thread`` is the main thread,
    which handles every message."""

    parent_thread = threading.main_thread()

    def __bool__(self) -> bool:
        return False


class LessonKernel(IPythonKernel):
    """IPython's kernel, without subshells."""

    @property
    def _supports_kernel_subshells(self) -> bool:
        return False


class LessonKernelApp(IPKernelApp):
    """ipykernel's kernel application, its main thread reading the shell channel itself."""

    @default("kernel_class")
    def _default_kernel_class(self):
        return LessonKernel

    def init_sockets(self, *args, **kwargs):
        super().init_sockets(*args, **kwargs)
        thread, self.shell_channel_thread = self.shell_channel_thread, None
        if thread is not None:  # made but never started: close the event loop it made
            thread.io_loop.close(all_fds=True)

    def init_kernel(self, *args, **kwargs):
        super().init_kernel(*args, **kwargs)
        self.kernel.shell_channel_thread = _NoShellChannelThread()


def main() -> None:
    LessonKernelApp.launch_instance()


if __name__ == "__main__":
    main()
