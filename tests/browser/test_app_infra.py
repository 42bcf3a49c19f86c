"""The Voilà app infrastructure, checked in a real browser against a real server.

One Voilà server serves the whole session (``voila_server``); each test gets a
fresh browser context.  Every page is checked at teardown by ``tutor_page``:
no request may leave 127.0.0.1 and no console or page error may happen.
"""

from __future__ import annotations

import ctypes
import json
import os
import socket
import uuid
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import websocket
from playwright.sync_api import expect

REPO = Path(__file__).resolve().parents[2]
BARE = "tests/browser/fixtures/bare.ipynb"
MERMAID = "tests/browser/fixtures/mermaid.ipynb"

# Errors that Voilà's own directory page logs on every load (upstream: it
# starts the widget manager without a kernel and polls /api/kernels, which a
# Voilà server does not serve).  Only the tree page test allows them.
TREE_PAGE_UPSTREAM_ERRORS = [
    r"failed to activate\. Error: The model for kernel id\s+does not exist",
    r"status of 404 \(Not Found\) \(http://127\.0\.0\.1:\d+/api/kernels\?",
]


# -- configuration -----------------------------------------------------------

def test_voila_json_names_real_config_traits():
    """Every key in voila.json is a configurable trait of the class it names."""
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )
    from jupyter_client.manager import KernelManager
    from jupyter_server.services.kernels.kernelmanager import (
        AsyncMappingKernelManager,
        MappingKernelManager,
    )
    from traitlets import HasTraits
    from traitlets.utils.importstring import import_item
    from voila.app import Voila
    from voila.configuration import VoilaConfiguration
    from voila.execute import VoilaExecutor

    from tutor_server import TutorKernelManager

    classes = {
        "Voila": Voila,
        "VoilaConfiguration": VoilaConfiguration,
        "MappingKernelManager": MappingKernelManager,
        "KernelManager": KernelManager,
        "TutorKernelManager": TutorKernelManager,
        "VoilaExecutor": VoilaExecutor,
    }
    imported = {"kernel_websocket_connection_class", "multi_kernel_manager_class"}  # below
    config = json.loads((REPO / "voila.json").read_text())
    assert set(config) <= set(classes), set(config) - set(classes)
    for section, values in config.items():
        traits = classes[section].class_traits(config=True)
        unknown = set(values) - set(traits)
        assert not unknown, f"{section} has no config traits {unknown}"
        # List traits (http_header_envs, allowed_message_types) validate their items on an
        # instance: a bare HasTraits holds none of these traits' cross-validators
        holder = HasTraits()
        for name, value in values.items():
            if name not in imported:
                traits[name].validate(holder, value)

    vc = config["VoilaConfiguration"]
    # The page template is Voilà's "lab" one minus its CDN links (share/jupyter).
    template_dir = REPO / "share" / "jupyter" / "voila" / "templates" / vc["template"]
    assert json.loads((template_dir / "conf.json").read_text())["base_template"] == "lab"
    assert vc["strip_sources"] is True and vc["show_tracebacks"] is False
    assert vc["allow_theme_override"] == vc["allow_template_override"] == "NO"
    # Voilà passes the browser's Accept-Language to the kernel (the default tutor language)
    assert vc["http_header_envs"] == ["Accept-Language"]
    mkm = config["MappingKernelManager"]
    assert mkm["cull_idle_timeout"] > 0 and mkm["cull_interval"] > 0
    assert mkm["cull_connected"] is False
    assert config["VoilaExecutor"]["timeout"] > 0
    # kernels on Unix sockets, not loopback ports another process can take (test_kernel_transport)
    assert config["KernelManager"]["transport"] == "ipc"

    cls = import_item(config["Voila"]["kernel_websocket_connection_class"])
    assert issubclass(cls, ZMQChannelsWebsocketConnection)
    assert Voila.kernel_websocket_connection_class.default_value is ZMQChannelsWebsocketConnection

    # Kernels: the tutor's manager (bounds, lessons only), a page that never connects is
    # culled within a minute, and its busy page asks to come back later.
    manager = import_item(vc["multi_kernel_manager_class"])
    assert manager is TutorKernelManager and issubclass(manager, AsyncMappingKernelManager)
    tkm = config["TutorKernelManager"]
    assert "max_kernels" not in tkm  # worked out from the machine's memory (or the env)
    assert 0 < tkm["unconnected_timeout"] + tkm["unconnected_check_interval"] <= 60
    assert tkm["retry_after"] > 0


def test_voila_json_serves_only_lesson_images():
    """/voila/files serves pictures under lessons/ only: no test artefact, no README, no
    database, no notebook, nothing hidden, no way out of lessons/ with '..'."""
    import re

    vc = json.loads((REPO / "voila.json").read_text())["VoilaConfiguration"]

    def served(path: str) -> bool:  # voila.static_file_handler.AllowListFileHandler's rule
        def matches(patterns):
            return any(re.fullmatch(p, path, re.IGNORECASE) for p in patterns)
        return matches(vc["file_allowlist"]) and not matches(vc["file_denylist"])

    for path in ["lessons/table.png", "lessons/img/Card-4c.svg", "lessons/photo.JPG"]:
        assert served(path), path
    for path in ["test-artifacts/x.png", "README.md", ".classroom/classroom.db",
                 "tests/browser/fixtures/bare.ipynb", "lessons/index.ipynb", "x.png",
                 "lessons/../test-artifacts/x.png", "lessons/img/../../x.png",
                 "lessons/.hidden.png", "lessons/.git/x.png", "lessons/..png",
                 "share/jupyter/x.svg", "lessons_old/x.png", "/etc/x.png"]:
        assert not served(path), path


# -- the bare page -------------------------------------------------------------

def test_bare_page_renders_without_sources(open_lesson):
    page = open_lesson(BARE)
    expect(page.locator(".bare-button")).to_have_text("Click me")
    expect(page.locator(".bare-label")).to_have_text("clicked 0 times")
    expect(page.locator("h1")).to_contain_text("Bare page")
    # strip_sources: the code cell's input is not on the page.
    assert "on_click" not in page.content()
    assert page.locator(".jp-InputArea-editor").count() == 0


def test_click_changes_label(open_lesson):
    page = open_lesson(BARE)
    label = page.locator(".bare-label")
    page.locator(".bare-button").click()
    expect(label).to_have_text("clicked 1 times")
    page.locator(".bare-button").click()
    expect(label).to_have_text("clicked 2 times")


def test_bare_page_stays_on_loopback(tutor_page):
    page = tutor_page.open_lesson(BARE)
    page.locator(".bare-button").click()
    expect(page.locator(".bare-label")).to_have_text("clicked 1 times")
    assert tutor_page.requests, "no request recorded: the recorder is not attached"
    assert any("/api/kernels/" in url for url in tutor_page.websockets), tutor_page.websockets
    assert tutor_page.external_urls() == []
    assert tutor_page.unexpected_errors() == []


def test_directory_page_stays_on_loopback(tutor_page):
    """The tree page uses the tutor template's page.html: no CDN stylesheet."""
    for pattern in TREE_PAGE_UPSTREAM_ERRORS:
        tutor_page.allow_console_error(pattern)
    page = tutor_page.page
    response = page.goto(tutor_page.base_url)
    assert response.status == 200
    listed = page.get_by_text("lessons", exact=True)
    try:
        expect(listed).to_be_visible(timeout=20_000)
    except AssertionError:
        # Voila's own file browser (not a learner's page) has twice come up empty on a machine
        # running two suites at once; once more, then the same check.
        page.reload()
        expect(listed).to_be_visible()
    assert tutor_page.external_urls() == []


def test_mermaid_block_makes_no_request_off_loopback(tutor_page):
    """nbconvert's lab template imports mermaid from a public CDN as soon as a Markdown block
    is a mermaid diagram; the tutor template drops that loader and shows the diagram's text."""
    page = tutor_page.open_lesson(MERMAID)
    # Every request and websocket the page made, recorded from its first byte (page.on).
    assert any(urlsplit(url).path.endswith("/voila/render/" + MERMAID)
               for url in tutor_page.requests), tutor_page.requests
    hosts = {urlsplit(url).hostname for url in tutor_page.requests + tutor_page.websockets
             if urlsplit(url).scheme not in ("data", "blob", "about")}
    assert hosts == {"127.0.0.1"}, hosts
    # The diagram's source is on the page, readable, instead of a broken picture.
    diagram = page.locator(".jp-Mermaid pre.mermaid")
    expect(diagram).to_be_visible()
    expect(diagram).to_contain_text("Envido --> Truco")
    # No mermaid loader left in the page at all (not even one that would only run later).
    html = page.content()
    assert "mermaid.esm" not in html and "cdnjs" not in html


def test_missing_notebook_is_a_local_404(tutor_page):
    tutor_page.allow_console_error(r"status of 404 \(Not Found\)")
    response = tutor_page.page.goto(f"{tutor_page.base_url}voila/render/no-such-lesson.ipynb")
    assert response.status == 404
    assert tutor_page.external_urls() == []


# -- files and path traversal (the app's own configuration: test_app_files.py) -------------

TRAVERSALS = [
    "/voila/files/lessons/../README.md",
    "/voila/files/lessons/%2e%2e/pyproject.toml",
    "/voila/files/lessons%2f..%2f.classroom%2fclassroom.db",
    "/voila/files/..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/voila/render/..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/voila/render/lessons/..%2f..%2f..%2f..%2ftmp%2fx.ipynb",
    "/voila/render/lessons/../widgets/x.ipynb",
    "/voila/tree/..%2f..%2f..%2fetc",
    "/voila/api/contents/..%2f..%2f..%2fetc",
]


@pytest.mark.parametrize("path", TRAVERSALS)
def test_path_traversal_is_refused(voila_server, http_get, path):
    for _ in range(3):  # a non-notebook under /voila/render/ is redirected to /voila/files/
        status, headers, body = http_get(voila_server, path)
        if status not in (301, 302):
            break
        path = urlsplit(headers["location"]).path
    assert status in (403, 404), f"{path} answered {status}"
    assert "root:" not in body and "# Truco Tutor" not in body and "jupyter-config-data" not in body


# -- the kernel websocket ------------------------------------------------------

def _kernel_id(page) -> str:
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    kernel_id = config["kernelId"]
    assert kernel_id, config
    return kernel_id


def _message(msg_type: str, session: str, content: dict, channel: str = "shell") -> dict:
    return {
        "header": {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "username": "attacker",
            "session": session,
            "date": datetime.now(timezone.utc).isoformat(),
            "version": "5.3",
        },
        "parent_header": {},
        "metadata": {},
        "content": content,
        "channel": channel,
        "buffers": [],
    }


class KernelSocket:
    """A raw client of /api/kernels/<id>/channels (legacy JSON protocol)."""

    def __init__(self, base_url: str, kernel_id: str):
        self.session = uuid.uuid4().hex
        ws_url = base_url.replace("http://", "ws://", 1)
        self.ws = websocket.create_connection(
            f"{ws_url}api/kernels/{kernel_id}/channels?session_id={self.session}", timeout=20
        )
        self.received: list[dict] = []

    def send(self, msg_type: str, content: dict) -> str:
        msg = _message(msg_type, self.session, content)
        self.ws.send(json.dumps(msg))
        return msg["header"]["msg_id"]

    def wait_reply(self, msg_id: str, msg_type: str) -> dict:
        """Read until the reply to ``msg_id`` arrives (recv has a 20 s timeout)."""
        while True:
            msg = json.loads(self.ws.recv())
            self.received.append(msg)
            if msg.get("parent_header", {}).get("msg_id") == msg_id and \
                    msg["header"]["msg_type"] == msg_type:
                return msg

    def close(self) -> None:
        self.ws.close()


def test_kernel_drops_execute_requests(tutor_page, voila_server, tmp_path):
    page = tutor_page.open_lesson(BARE)
    target = tmp_path / "pwned.txt"
    kernel = KernelSocket(str(voila_server), _kernel_id(page))
    try:
        # Control: the socket reaches the kernel, messages Voilà allows are answered.
        before = kernel.send("kernel_info_request", {})
        assert kernel.wait_reply(before, "kernel_info_reply")["content"]["status"] == "ok"

        attack = kernel.send("execute_request", {
            "code": f"open({str(target)!r}, 'w').write('executed')",
            "silent": False, "store_history": False, "user_expressions": {},
            "allow_stdin": False, "stop_on_error": True,
        })
        # The shell channel is handled in order: once this later request is
        # answered, a forwarded execute_request would already have run.
        after = kernel.send("kernel_info_request", {})
        kernel.wait_reply(after, "kernel_info_reply")
    finally:
        kernel.close()

    assert not target.exists(), "Voilà forwarded an execute_request to the kernel"
    answered = [m for m in kernel.received if m.get("parent_header", {}).get("msg_id") == attack]
    assert answered == [], answered
    assert "execute_request" in voila_server.log_text()  # logged as "not allowed"
    # The page itself still works after the attempt.
    page.locator(".bare-button").click()
    expect(page.locator(".bare-label")).to_have_text("clicked 1 times")


def _server_socket_nodelay(pid: int, server_port: int, client_port: int) -> bool:
    """Read TCP_NODELAY on the server's end of a loopback TCP connection.

    Copies each socket descriptor of ``pid`` with pidfd_getfd(2) (Linux >= 5.6;
    we started that process, so we may) and looks for the one connected from
    ``client_port`` to ``server_port``.
    """
    libc = ctypes.CDLL(None, use_errno=True)
    pidfd = libc.syscall(434, pid, 0)  # pidfd_open
    if pidfd < 0:
        pytest.fail(f"pidfd_open unavailable: errno {ctypes.get_errno()}")
    try:
        for name in os.listdir(f"/proc/{pid}/fd"):
            try:
                if not os.readlink(f"/proc/{pid}/fd/{name}").startswith("socket:"):
                    continue
            except OSError:
                continue
            fd = libc.syscall(438, pidfd, int(name), 0)  # pidfd_getfd
            if fd < 0:
                pytest.fail(f"pidfd_getfd unavailable: errno {ctypes.get_errno()}")
            sock = socket.socket(fileno=fd)
            try:
                if sock.family != socket.AF_INET or sock.type != socket.SOCK_STREAM:
                    continue
                try:
                    local, peer = sock.getsockname(), sock.getpeername()
                except OSError:
                    continue  # listening or unconnected socket
                if local[1] == server_port and peer[1] == client_port:
                    return bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            finally:
                sock.close()  # closes our copy only
    finally:
        os.close(pidfd)
    raise AssertionError(f"no server socket for client port {client_port}")


def test_kernel_websocket_has_tcp_nodelay(tutor_page, voila_server):
    """tutor_server.NoDelayKernelWebsocketConnection is in use on the live server."""
    page = tutor_page.open_lesson(BARE)
    kernel = KernelSocket(str(voila_server), _kernel_id(page))
    try:
        # A reply means the handler's open() -> connection.connect() has run.
        kernel.wait_reply(kernel.send("kernel_info_request", {}), "kernel_info_reply")
        client_port = kernel.ws.sock.getsockname()[1]
        assert _server_socket_nodelay(voila_server.process.pid, voila_server.port, client_port)
    finally:
        kernel.close()
