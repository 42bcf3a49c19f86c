"""The kernel client Voilà uses to run a page's notebook, ready without jupyter_client's last
waits."""

from __future__ import annotations

import asyncio
import time

from jupyter_client.asynchronous import AsyncKernelClient

IOPUB_PROBE = 0.02  # seconds QuickReadyKernelClient waits for IOPub before asking again


class QuickReadyKernelClient(AsyncKernelClient):
    """jupyter_client's asyncio kernel client, but ready without the last wait.

    Before Voilà runs a notebook it asks the kernel client to wait until the kernel is ready
    (nbclient: ``kc.wait_for_ready``): a ``kernel_info`` request answered on the shell
    channel and a message seen on IOPub (so that no output of the first cell is lost). Then
    jupyter_client also waits until IOPub has been quiet for 0.2 s, to drop the messages left
    over; nbclient keeps only the outputs of the requests it sent, so nothing of the notebook
    depends on that wait, and every page paid 0.2 s or more for it. This client skips it
    (the first two checks stay). jupyter_client also gives IOPub 0.2 s to bring a message
    after the reply: a new subscription often misses the statuses of the first request (ZMQ's
    "slow joiner"), so the wait was usually 0.2 s plus a second request; this client asks
    again every IOPUB_PROBE seconds instead, until IOPub answers. Named in
    ``install_fast_pages`` as the kernel managers' ``client_class``."""

    async def wait_for_ready(self, timeout: float | None = None) -> None:
        from queue import Empty

        from jupyter_client.manager import KernelManager
        from jupyter_core.utils import ensure_async

        deadline = time.time() + (float("inf") if timeout is None else timeout)
        if not isinstance(self.parent, KernelManager):
            while not await self._async_is_alive():
                if time.time() > deadline:
                    raise RuntimeError(f"Kernel didn't respond to heartbeats in {timeout} s")
                await asyncio.sleep(0.2)
        while True:
            self.kernel_info()
            try:
                msg = await ensure_async(self.shell_channel.get_msg(timeout=1))
            except Empty:
                pass
            else:
                if msg["msg_type"] == "kernel_info_reply":
                    try:  # IOPub is connected when it brings the kernel's status
                        await ensure_async(self.iopub_channel.get_msg(timeout=IOPUB_PROBE))
                    except Empty:
                        pass  # not yet subscribed: ask again, the statuses come again
                    else:
                        self._handle_kernel_info_reply(msg)
                        return
            if not await self._async_is_alive():
                raise RuntimeError("Kernel died before replying to kernel_info")
            if time.time() > deadline:
                raise RuntimeError(f"Kernel didn't respond in {timeout} seconds")

