"""A hub's single-user server takes every setting of voila.json, as ``make app`` does."""

from __future__ import annotations

import json
from pathlib import Path

from traitlets.config import Config

from tutor_server.hub import configure_singleuser

REPO = Path(__file__).resolve().parents[2]


def test_every_voila_json_section_reaches_the_single_user_server():
    settings = json.loads((REPO / "voila.json").read_text())
    c = Config()
    configure_singleuser(c)
    for section, values in settings.items():
        if section == "Voila":
            continue
        for key, value in values.items():
            assert c[section][key] == value, (section, key)
    assert c.KernelManager.transport == "ipc"  # kernels on Unix sockets there too
    assert c.ServerApp.kernel_manager_class == "tutor_server.TutorKernelManager"
    assert c.ServerApp.kernel_websocket_connection_class == (
        settings["Voila"]["kernel_websocket_connection_class"])
