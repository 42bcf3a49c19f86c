"""A learner cannot run code of their own: a page's kernel websocket passes on only the
messages of the widgets (``MappingKernelManager.allowed_message_types`` in voila.json), so an
``execute_request`` sent over it, as a forged page could, never reaches the kernel.

A plain GET of a lesson gives a kernel id, as a page has it; the test speaks the Jupyter
protocol on that kernel's websocket as the page's script does."""
from __future__ import annotations

import json
import time
import uuid

import websocket

from test_kernel_limits import BARE, kernel_of

REPLY_TIMEOUT = 30.0  # seconds for the kernel's answer (a deadline, not an expectation)


def message(msg_type: str, content: dict) -> tuple[str, str]:
    msg_id = uuid.uuid4().hex
    return msg_id, json.dumps({
        "header": {"msg_id": msg_id, "msg_type": msg_type, "username": "", "session": "forged",
                   "date": "", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "content": content, "channel": "shell",
        "buffers": []})


def test_an_execute_request_over_the_websocket_is_dropped(voila_server, http_get, tmp_path):
    status, _headers, body = http_get(voila_server, "/voila/render/" + BARE)
    assert status == 200
    kernel = kernel_of(body)
    url = voila_server.replace("http://", "ws://", 1)
    ws = websocket.create_connection(
        f"{url}api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}", timeout=5)
    proof = tmp_path / "ran"
    try:
        forged, text = message("execute_request", {
            "code": f"open({str(proof)!r}, 'w').write('learner code ran')", "silent": False,
            "store_history": False, "user_expressions": {}, "allow_stdin": False})
        ws.send(text)
        # Then a message the widgets do send: its reply proves the channel works and, the shell
        # answering in order, that the forged request before it was never run.
        asked, text = message("kernel_info_request", {})
        ws.send(text)
        seen: list[tuple[str, str]] = []
        deadline = time.monotonic() + REPLY_TIMEOUT
        # (The kernel's busy status for the request, on another channel, may come first.)
        while ("kernel_info_reply", asked) not in seen:
            assert time.monotonic() < deadline, seen
            try:
                msg = json.loads(ws.recv())
            except websocket.WebSocketTimeoutException:
                continue
            seen.append((msg["msg_type"], msg["parent_header"].get("msg_id", "")))
    finally:
        ws.close()
    assert ("kernel_info_reply", asked) in seen
    assert not [kind for kind, parent in seen if parent == forged], seen
    assert not proof.exists()
    assert 'Received message of type "execute_request", which is not allowed' in \
        voila_server.log_text()
