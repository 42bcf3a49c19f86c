"""The tutor's server records its kernels' activity (tutor_server/activity.py) as
jupyter_server does, reading less of each message: the same execution state and the same
moments of activity for the same messages, messages with a wrong signature not recorded, and
the benches' stock server left with jupyter_server's own watcher."""

from __future__ import annotations

import pytest
from jupyter_client.session import Session
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from tutor_server import TutorKernelManager
from tutor_server.activity import read_activity

KEY = b"a-kernel-key"


def frames(session: Session, msg_type: str, content: dict, parent_type: str | None) -> list:
    """A kernel's IOPub message as the server receives it: ZMQ frames, a topic first."""
    parent = session.msg(parent_type, {}) if parent_type else {}
    msg = session.msg(msg_type, content, parent=parent)
    return [b"kernel.topic", *session.serialize(msg)]


def test_read_activity_gives_the_types_and_the_state():
    session = Session(key=KEY)
    assert read_activity(session, frames(session, "status", {"execution_state": "busy"},
                                         "execute_request")) == \
        ("status", "execute_request", "busy")
    assert read_activity(session, frames(session, "comm_msg", {"comm_id": "c", "data": {}},
                                         "comm_msg")) == ("comm_msg", "comm_msg", None)
    assert read_activity(session, frames(session, "status", {"execution_state": "starting"},
                                         None)) == ("status", None, "starting")
    keyless = Session(key=b"")
    assert read_activity(keyless, frames(keyless, "stream", {"name": "stdout", "text": "x"},
                                         "execute_request")) == \
        ("stream", "execute_request", None)


def test_read_activity_refuses_a_wrong_signature_and_a_short_message():
    session = Session(key=KEY)
    forged = frames(Session(key=b"another-key"), "status", {"execution_state": "idle"},
                    "execute_request")
    with pytest.raises(ValueError, match="signature"):
        read_activity(session, forged)
    altered = frames(session, "status", {"execution_state": "busy"}, "execute_request")
    altered[-1] = altered[-1].replace(b"busy", b"idle")  # the content, after signing
    with pytest.raises(ValueError, match="signature"):
        read_activity(session, altered)
    with pytest.raises(ValueError, match="5 parts"):
        read_activity(session, frames(session, "status", {}, None)[:4])


class FakeStream:
    def __init__(self):
        self.callback = None

    def on_recv(self, callback):
        self.callback = callback


class FakeKernel:
    """What the watcher uses of a kernel: its session, its IOPub stream and its record."""

    def __init__(self):
        self.session = Session(key=KEY)
        self.execution_state = "starting"
        self.last_activity = None
        self.stream = FakeStream()

    def connect_iopub(self):
        return self.stream


# A kernel's life as its IOPub shows it: starting, a cell with output, a widget's click
# (comm_msg), the page's kernel_info requests (untracked), a message while busy with an
# untracked request, an interrupt.
LIFE = [
    ("status", {"execution_state": "starting"}, None),
    ("status", {"execution_state": "busy"}, "kernel_info_request"),
    ("status", {"execution_state": "idle"}, "kernel_info_request"),
    ("status", {"execution_state": "busy"}, "execute_request"),
    ("execute_input", {"code": "1", "execution_count": 1}, "execute_request"),
    ("stream", {"name": "stdout", "text": "1\n"}, "execute_request"),
    ("status", {"execution_state": "idle"}, "execute_request"),
    ("stream", {"name": "stdout", "text": "from a thread\n"}, None),
    ("status", {"execution_state": "busy"}, "comm_msg"),
    ("comm_msg", {"comm_id": "c", "data": {"method": "update"}}, "comm_msg"),
    ("status", {"execution_state": "idle"}, "comm_msg"),
    ("status", {"execution_state": "busy"}, "comm_info_request"),
    ("status", {"execution_state": "idle"}, "comm_info_request"),
    ("status", {"execution_state": "busy"}, "execute_request"),
    ("display_data", {"data": {}, "metadata": {}}, "kernel_info_request"),
    ("error", {"ename": "KeyboardInterrupt", "evalue": "", "traceback": []},
     "execute_request"),
    ("status", {"execution_state": "idle"}, "execute_request"),
]


def replay(watch) -> list[tuple[str, bool]]:
    """Feed LIFE to a watcher (``watch(manager, kernel_id)``): after each message, the
    kernel's execution state and whether its last activity moved."""
    manager = TutorKernelManager()
    kernel = manager._kernels["k1"] = FakeKernel()
    watch(manager, "k1")
    record = []
    for msg_type, content, parent_type in LIFE:
        before = kernel.last_activity
        kernel.stream.callback(frames(kernel.session, msg_type, content, parent_type))
        record.append((kernel.execution_state, kernel.last_activity is not before))
    return record


def test_the_record_is_jupyter_servers(monkeypatch):
    monkeypatch.delenv("TRUCO_VOILA_BASELINE", raising=False)
    ours = replay(TutorKernelManager.start_watching_activity)
    theirs = replay(AsyncMappingKernelManager.start_watching_activity)
    assert ours == theirs
    states = [state for state, _moved in ours]
    assert states[:4] == ["starting", "idle", "idle", "busy"] and states[-1] == "idle"
    assert states[8:11] == ["busy", "busy", "idle"]  # a widget's click
    # the page's kernel_info and comm_info requests are not activity; a click is
    assert [moved for _state, moved in ours[1:3] + ours[11:13]] == [False] * 4
    assert all(moved for _state, moved in ours[8:11])


def test_a_forged_message_is_not_recorded(monkeypatch, caplog):
    monkeypatch.delenv("TRUCO_VOILA_BASELINE", raising=False)
    manager = TutorKernelManager()
    kernel = manager._kernels["k1"] = FakeKernel()
    manager.start_watching_activity("k1")
    first = kernel.last_activity
    kernel.stream.callback(frames(Session(key=b"not-the-key"), "status",
                                  {"execution_state": "busy"}, "execute_request"))
    assert (kernel.execution_state, kernel.last_activity) == ("starting", first)
    assert "wrong signature" in caplog.text


def test_the_stock_server_keeps_jupyter_servers_watcher(monkeypatch):
    monkeypatch.setenv("TRUCO_VOILA_BASELINE", "1")
    manager = TutorKernelManager()
    kernel = manager._kernels["k1"] = FakeKernel()
    manager.start_watching_activity("k1")
    assert kernel.stream.callback.__module__ == AsyncMappingKernelManager.__module__
    monkeypatch.delenv("TRUCO_VOILA_BASELINE")
    manager.start_watching_activity("k1")
    assert kernel.stream.callback.__module__ == "tutor_server.activity"
