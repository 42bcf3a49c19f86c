"""tutor_server.TutorKernelManager's rules, without a server (the browser tests in
tests/browser/test_kernel_limits.py check them on a live one)."""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
from jupyter_server._tz import utcnow

from truco.i18n import LANGUAGES
import tutor_server as server
from tutor_server import (
    MB,
    TutorKernelManager,
    busy_page,
    client_address,
    default_max_kernels,
    notebook_allowed,
)

ENV = ("TRUCO_MAX_KERNELS", "TRUCO_MAX_KERNELS_PER_CLIENT", "TRUCO_CLIENT_ADDRESS_HEADER",
       "TRUCO_NOTEBOOK_DIRS")


@pytest.fixture
def clean_env(monkeypatch):
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def request(ip: str, **headers):
    return SimpleNamespace(request=SimpleNamespace(remote_ip=ip, headers=headers))


# -- the default limit ---------------------------------------------------------------------

def test_default_limit_follows_memory_then_cpus_then_the_cap():
    assert default_max_kernels(available=1024 * MB, cpus=4) == (1024 - 384) // 75  # 8
    assert default_max_kernels(available=4096 * MB, cpus=2) == 49   # a 4 GB classroom laptop
    assert default_max_kernels(available=64 * 1024 * MB, cpus=2) == 50  # 25 per CPU
    assert default_max_kernels(available=1024 * 1024 * MB, cpus=64) == 200  # overall cap
    assert default_max_kernels(available=100 * MB, cpus=2) == 2  # always a page or two


def test_default_limit_sees_a_container_memory_limit(monkeypatch):
    monkeypatch.setattr(server.limits, "_cgroup_available", lambda: 1024 * MB)
    assert server.available_memory() <= 1024 * MB
    monkeypatch.setattr(server.limits, "_cgroup_available", lambda: None)
    assert server.available_memory() > 0


def test_settings_come_from_the_environment(clean_env):
    clean_env.setenv("TRUCO_MAX_KERNELS", "7")
    clean_env.setenv("TRUCO_MAX_KERNELS_PER_CLIENT", "3")
    clean_env.setenv("TRUCO_CLIENT_ADDRESS_HEADER", "X-Real-IP")
    clean_env.setenv("TRUCO_NOTEBOOK_DIRS", "lessons:extra")
    manager = TutorKernelManager()
    assert (manager.max_kernels, manager.max_kernels_per_client) == (7, 3)
    assert manager.client_address_header == "X-Real-IP"
    assert manager.notebook_dirs == ["lessons", "extra"]


def test_defaults_without_settings(clean_env):
    manager = TutorKernelManager()
    assert abs(manager.max_kernels - default_max_kernels()) <= 1  # free memory moves a little
    assert manager.max_kernels_per_client == 8
    assert manager.client_address_header == ""
    assert manager.notebook_dirs == ["lessons"]
    assert manager.unconnected_timeout + manager.unconnected_check_interval <= 60


def test_the_apps_environment_has_no_test_notebooks():
    assert "TRUCO_NOTEBOOK_DIRS" not in server.voila_env({}, test_notebooks=False)
    test_env = server.voila_env({})
    assert test_env["TRUCO_NOTEBOOK_DIRS"].split(":") == ["lessons", "tests/browser/fixtures"]


# -- who is asking -------------------------------------------------------------------------

def test_client_address_ignores_forwarding_headers_unless_told():
    spoofed = request("10.0.0.5", **{"X-Forwarded-For": "10.9.9.9", "X-Real-IP": "10.9.9.9"})
    assert client_address(spoofed) == "10.0.0.5"
    assert client_address(spoofed, "X-Real-IP") == "10.9.9.9"


def test_client_address_takes_the_proxys_entry():
    proxied = request("127.0.0.1", **{"X-Forwarded-For": "203.0.113.9, 10.0.0.7"})
    assert client_address(proxied, "X-Forwarded-For") == "10.0.0.7"
    assert client_address(request("127.0.0.1"), "X-Forwarded-For") == "127.0.0.1"
    assert client_address(request("::ffff:10.0.0.8")) == "10.0.0.8"
    assert client_address(request("::1")) == "::1"


# -- which notebooks ----------------------------------------------------------------------

@pytest.mark.parametrize("directory", ["lessons", "lessons/", "lessons/sub", "./lessons"])
def test_lessons_may_run(directory):
    assert notebook_allowed(directory, ["lessons"])


@pytest.mark.parametrize("directory", [
    "", ".", "tests/browser/fixtures", "lessons/../tests/browser/fixtures", "..", "../lessons",
    "lessons/../..", "lessons_old", "test-artifacts", "lessons/../../main/lessons", None,
])
def test_other_folders_may_not(directory):
    assert not notebook_allowed(directory, ["lessons"])


# -- the busy page ------------------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_busy_page_in_every_language(language):
    page = busy_page(language, 30)
    title, text = server.BUSY_TEXT[language]
    assert f"<h1>{title}</h1>" in page and "30" in page
    assert f'lang="{language.replace("_", "-")}"' in page
    assert ('dir="rtl"' in page) == (language == "fa")
    assert "<script" not in page and not re.search(r"https?:|//|url\(", page)


def test_busy_page_falls_back_to_english():
    assert "<h1>The tutor is busy</h1>" in busy_page("xx")


# -- counting -----------------------------------------------------------------------------

def manager_with(kernels: dict[str, str], **settings) -> TutorKernelManager:
    """A manager that believes ``kernels`` (id -> client address) are running."""
    manager = TutorKernelManager(**settings)
    for kernel_id, client in kernels.items():
        manager._kernels[kernel_id] = SimpleNamespace(last_activity=utcnow(),
                                                      execution_state="idle")
        manager._tutor_clients[kernel_id] = client
    return manager


def test_refusal_in_all_and_per_client(clean_env):
    manager = manager_with({"k1": "10.0.0.1", "k2": "10.0.0.1"},
                           max_kernels=3, max_kernels_per_client=2)
    assert "per client" in manager._refusal("10.0.0.1")
    assert manager._refusal("10.0.0.2") is None
    assert manager._refusal("127.0.0.1") is None          # loopback: not counted per client
    manager._tutor_starting["k3"] = "10.0.0.2"            # a kernel still starting counts
    assert "most allowed is 3" in manager._refusal("10.0.0.3")
    assert "most allowed is 3" in manager._refusal("127.0.0.1")  # but the total does


def test_gone_kernels_free_their_room(clean_env):
    manager = manager_with({"k1": "10.0.0.1", "k2": "10.0.0.1"},
                           max_kernels=3, max_kernels_per_client=2)
    del manager._kernels["k1"]                            # shut down (beacon, culler, death)
    assert manager._refusal("10.0.0.1") is None
    assert "k1" not in manager._tutor_clients


def test_zero_means_no_limit(clean_env):
    manager = manager_with({f"k{i}": "10.0.0.1" for i in range(30)},
                           max_kernels=0, max_kernels_per_client=0)
    assert manager._refusal("10.0.0.1") is None


def test_only_never_connected_idle_kernels_are_culled(clean_env):
    manager = manager_with({"connected": "a", "fresh": "b", "busy": "c", "stale": "d"},
                           unconnected_timeout=45)
    old = utcnow() - timedelta(seconds=50)
    for kernel_id in ("connected", "busy", "stale"):
        manager._kernels[kernel_id].last_activity = old
    manager._kernels["busy"].execution_state = "busy"
    manager._kernel_connections["connected"] = 0
    manager.notify_connect("connected")
    manager.notify_disconnect("connected")                # connected once: not this rule's
    culled = []

    async def shutdown_kernel(kernel_id, *args, **kwargs):
        culled.append(kernel_id)
        manager._kernels.pop(kernel_id)

    manager.shutdown_kernel = shutdown_kernel
    asyncio.run(manager.cull_unconnected())
    assert culled == ["stale"]
