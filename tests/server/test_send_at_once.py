"""A page's message leaves the tutor's server for its kernel at once (tutor_server/
websocket.py, ``send_at_once``): sent in the call itself when nothing waits before it, queued
as ``ZMQStream`` queues it otherwise, and in order either way."""

from __future__ import annotations

import asyncio

import zmq
from traitlets.config import Configurable
from zmq.eventloop.zmqstream import ZMQStream

from tutor_server.websocket import NoDelayKernelWebsocketConnection, send_at_once


def received(sock, timeout_ms: int = 2000) -> list[bytes]:
    """The next message on ``sock`` (waiting at most ``timeout_ms``), [] if none comes."""
    if not sock.poll(timeout_ms):
        return []
    return sock.recv_multipart()


def with_sockets(scenario, connected: bool = True) -> None:
    """Run ``await scenario(stream, kernel, connect)`` in an event loop: ``stream`` is the
    server's ZMQStream (made to send at once) on a DEALER, ``kernel`` the ROUTER it talks to,
    ``connect()`` connects them (done first when ``connected``)."""
    async def run():
        ctx = zmq.Context()
        server, kernel = ctx.socket(zmq.DEALER), ctx.socket(zmq.ROUTER)
        try:
            port = kernel.bind_to_random_port("tcp://127.0.0.1")

            def connect():
                server.connect(f"tcp://127.0.0.1:{port}")

            if connected:
                connect()
            stream = ZMQStream(server)
            send_at_once(stream)
            await scenario(stream, kernel, connect)
        finally:
            server.close(linger=0)
            kernel.close(linger=0)
            ctx.term()

    asyncio.run(run())


async def drain(kernel, stream, count: int) -> list[bytes]:
    """Let the event loop send ``stream``'s queue; the first frame after the identity of the
    ``count`` messages ``kernel`` gets."""
    got = []
    for _ in range(200):
        await asyncio.sleep(0.01)
        while kernel.poll(0):
            got.append(kernel.recv_multipart()[1])
        if len(got) >= count and not stream.sending():
            break
    return got


def test_a_message_leaves_in_the_call_itself_when_nothing_waits():
    async def scenario(stream, kernel, _connect):
        stream.send_multipart([b"click", b"1"])
        # not one turn of the event loop: the message is on its way already
        assert received(kernel)[1:] == [b"click", b"1"]
        assert not stream.sending()

    with_sockets(scenario)


def test_a_message_never_overtakes_one_queued_before_it():
    async def scenario(stream, kernel, _connect):
        sent = []
        # a message with a callback is queued, as ZMQStream queues every message
        stream.send_multipart([b"first"], callback=lambda msg, status: sent.append(msg))
        assert stream.sending()
        stream.send_multipart([b"second"])  # the socket could take it: it waits anyway
        assert await drain(kernel, stream, 2) == [b"first", b"second"]
        assert sent[0] == [b"first"]

    with_sockets(scenario)


def test_a_socket_that_cannot_take_a_message_queues_it():
    async def scenario(stream, kernel, connect):
        # no kernel connected yet: a DEALER cannot take a message, so it is queued
        stream.send_multipart([b"first"])
        assert stream.sending()
        stream.send_multipart([b"second"])
        connect()
        assert await drain(kernel, stream, 2) == [b"first", b"second"]
        stream.send_multipart([b"third"])  # the queue is empty again: at once
        assert received(kernel)[1:] == [b"third"]

    with_sockets(scenario, connected=False)


class FakeKernelManager(Configurable):
    """What a connection's ``create_stream`` uses of its kernel manager: a stream per
    channel."""

    def __init__(self, ctx):
        super().__init__()
        self.ctx = ctx
        self.sockets = []

    def _stream(self, kind):
        sock = self.ctx.socket(kind)
        self.sockets.append(sock)
        return ZMQStream(sock)

    def connect_iopub(self, identity=None):
        return self._stream(zmq.SUB)

    def connect_shell(self, identity=None):
        return self._stream(zmq.DEALER)

    connect_control = connect_stdin = connect_shell


def test_the_tutors_server_sends_at_once_and_the_stock_server_queues(monkeypatch):
    async def streams(baseline: bool) -> dict[str, bool]:
        if baseline:
            monkeypatch.setenv("TRUCO_VOILA_BASELINE", "1")
        else:
            monkeypatch.delenv("TRUCO_VOILA_BASELINE", raising=False)
        ctx = zmq.Context()
        manager = FakeKernelManager(ctx)
        try:
            connection = NoDelayKernelWebsocketConnection(parent=manager)
            connection.create_stream()
            return {name: "send_multipart" in vars(stream)
                    for name, stream in connection.channels.items()}
        finally:
            for sock in manager.sockets:
                sock.close(linger=0)
            ctx.term()

    assert asyncio.run(streams(False)) == {"iopub": False, "shell": True, "control": True,
                                           "stdin": True}
    assert not any(asyncio.run(streams(True)).values())
