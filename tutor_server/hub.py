"""The tutor as a JupyterHub application: what deploy/jupyterhub/ builds on.

* :func:`configure_hub` fills a hub's configuration (deploy/jupyterhub/jupyterhub_config.py
  calls it): every learner's single-user server is the tutor only, started with the same
  environment as ``make app`` (:func:`.env.voila_env`), the hub's idle culler as a service,
  the hub's own files under the checkout's ``.hub/``, the proxy left running when the hub
  restarts;
* :func:`configure_singleuser` fills a single-user server's configuration
  (deploy/jupyterhub/singleuser_config.py): Voilà as the server's only extension, the settings
  of ``voila.json`` (one source for both recipes), no terminals, no contents API;
* :class:`TutorAuthorizer`: what a signed-in learner may do on their own server: render the
  lessons and talk to their pages' kernels (the widgets' messages only, voila.json's
  ``allowed_message_types``), nothing else.

Names the hub passes to each learner's server: ``TRUCO_CLASSROOM_HUB_USER=1`` (the hub's user
is the learner) and ``TRUCO_CLASSROOM_HUB_TEACHER=1`` for the members of :data:`TEACHERS`.
"""
from __future__ import annotations

import json
import os
import secrets
import shutil
import sys
from pathlib import Path

from .env import REPO, voila_env

TEACHERS = "teachers"  # the hub group whose members open the teacher page
START_PAGE = "/voila/render/lessons/index.ipynb"
SINGLEUSER_CONFIG = REPO / "deploy" / "jupyterhub" / "singleuser_config.py"
HUB_DIR = REPO / ".hub"  # the hub's cookie secret, proxy token, pid file, SQLite database
# What a learner's server may be asked, by resource: rendering a lesson needs no resource here
# (Voilà's pages are only "authenticated"); the page's kernel websocket is "execute" on
# "kernels"; the hub's own checks read "api". Everything else (contents, terminals,
# kernelspecs, sessions, starting or deleting kernels, config, nbconvert) is refused.
ALLOWED = {"kernels": {"read", "execute"}, "api": {"read"}}
# Each learner's server: one warm kernel (it serves one person), a few pages at once.
SINGLEUSER_ENV = {"TRUCO_KERNEL_POOL": "1", "TRUCO_MAX_KERNELS": "6",
                  "TRUCO_MAX_KERNELS_PER_CLIENT": "0"}


def _secret_file(path: Path) -> str:
    """A random token kept in ``path`` (made on first use, readable by its owner only), so
    that a restarted hub finds the proxy it started."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_hex(32))
    return path.read_text().strip()


def hub_environment() -> dict:
    """The environment of every learner's server: ``make app``'s (Jupyter's folders, the page
    template, the prose hook), the tutor's settings given to the hub (``TRUCO_*``: the
    classroom database and the rest), one warm kernel per learner, the hub's user as the
    learner."""
    env = voila_env({}, test_notebooks=False)
    env.pop("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", None)
    env.update(SINGLEUSER_ENV)
    env.update({name: value for name, value in os.environ.items()
                if name.startswith("TRUCO_") and name != "TRUCO_CLASSROOM_HUB_TEACHER"})
    env["TRUCO_CLASSROOM_HUB_USER"] = "1"
    env["PYTHONPATH"] = str(REPO)
    return env


def is_teacher(spawner) -> str:
    return "1" if any(g.name == TEACHERS for g in spawner.user.groups) else ""


def configure_hub(c, hub_dir: Path | None = None) -> None:
    """Fill the hub's configuration ``c``; anything set afterwards (the rest of the config
    file, the command line) overrides it. The hub's files go to ``hub_dir``, else
    ``TRUCO_HUB_DIR``, else the checkout's ``.hub/``."""
    hub_dir = Path(hub_dir or os.environ.get("TRUCO_HUB_DIR") or HUB_DIR)
    python = Path(sys.executable)
    c.JupyterHub.bind_url = "http://127.0.0.1:8000"
    c.JupyterHub.hub_bind_url = "http://127.0.0.1:8081"
    c.JupyterHub.cookie_secret_file = str(hub_dir / "jupyterhub_cookie_secret")
    c.JupyterHub.db_url = os.environ.get("TRUCO_HUB_DB") or (
        f"sqlite:///{hub_dir / 'jupyterhub.sqlite'}")
    c.JupyterHub.pid_file = str(hub_dir / "jupyterhub.pid")
    # A hub restart (an upgrade, a crash) must not close the learners' pages: the proxy and the
    # single-user servers keep running, and the new hub takes them over.
    c.JupyterHub.cleanup_proxy = False
    c.JupyterHub.cleanup_servers = False
    c.ConfigurableHTTPProxy.pid_file = str(hub_dir / "proxy.pid")
    c.ConfigurableHTTPProxy.auth_token = os.environ.get("CONFIGPROXY_AUTH_TOKEN") or (
        _secret_file(hub_dir / "proxy_token"))
    # JupyterHub's proxy, taken over by a restarted hub instead of stopped (hub_proxy.py).
    c.JupyterHub.proxy_class = "tutor_server.hub_proxy.TutorProxy"
    chp = REPO / "node_modules" / ".bin" / "configurable-http-proxy"
    c.ConfigurableHTTPProxy.command = [str(chp) if chp.exists() else (
        shutil.which("configurable-http-proxy") or "configurable-http-proxy")]

    # Every learner's server is the tutor, and nothing else.
    c.JupyterHub.spawner_class = "simple"  # one system user for all: learners run no code
    c.Spawner.cmd = [str(python.parent / "jupyterhub-singleuser")]
    c.Spawner.args = [f"--config={SINGLEUSER_CONFIG}"]
    c.Spawner.notebook_dir = str(REPO)
    c.Spawner.default_url = START_PAGE
    c.Spawner.environment = {**hub_environment(),
                             "TRUCO_CLASSROOM_HUB_TEACHER": is_teacher}
    c.Spawner.http_timeout = 60
    c.Spawner.poll_interval = 10  # a server that died is noticed (and restarted) soon
    c.Spawner.start_timeout = 90
    c.SimpleLocalProcessSpawner.home_dir_template = str(hub_dir / "homes" / "{username}")
    c.JupyterHub.implicit_spawn_seconds = 0.01  # signing in goes straight to the tutor
    c.JupyterHub.allow_named_servers = False
    c.JupyterHub.load_groups = {TEACHERS: {"users": []}}

    # The hub's idle culler (jupyterhub-idle-culler): a learner's server nobody used for an
    # hour is stopped; their progress is in the classroom database, the next sign-in starts a
    # new server. Voilà's own culler (voila.json) still stops the kernels of closed pages.
    c.JupyterHub.services = [{
        "name": "idle-culler",
        "command": [str(python), "-m", "jupyterhub_idle_culler", "--timeout=3600",
                    "--cull-every=300"],
    }]
    c.JupyterHub.load_roles = [{
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }]


def configure_singleuser(c) -> None:
    """Fill a single-user server's configuration ``c`` from voila.json: the same kernel
    manager, limits, pool, templates and websocket as ``make app``."""
    settings = json.loads((REPO / "voila.json").read_text())
    for section, values in settings.items():
        if section == "Voila":  # the standalone app's own class; its one setting is below
            continue
        for key, value in values.items():
            setattr(getattr(c, section), key, value)
    voila = settings["VoilaConfiguration"]
    c.ServerApp.kernel_manager_class = voila["multi_kernel_manager_class"]
    c.ServerApp.kernel_websocket_connection_class = (
        settings["Voila"]["kernel_websocket_connection_class"])
    c.ServerApp.jpserver_extensions = {"voila": True, "jupyterlab": False, "notebook": False,
                                       "jupyter_lsp": False, "jupyter_server_terminals": False,
                                       "nbclassic": False, "notebook_shim": False}
    c.ServerApp.terminals_enabled = False
    c.ServerApp.root_dir = str(REPO)
    c.ServerApp.default_url = START_PAGE
    c.ServerApp.authorizer_class = "tutor_server.hub.TutorAuthorizer"
    c.ServerApp.allow_root = True  # the hub's simple spawner runs servers as the hub's user
    c.ContentsManager.allow_hidden = False


try:
    from jupyterhub.singleuser.extension import JupyterHubAuthorizer
except ImportError:  # the hub is not installed: only the standalone app runs
    JupyterHubAuthorizer = None

if JupyterHubAuthorizer is not None:
    class TutorAuthorizer(JupyterHubAuthorizer):
        """The hub's check (this user may use this server) and, on top, only :data:`ALLOWED`."""

        def is_authorized(self, handler, user, action, resource):
            if action not in ALLOWED.get(resource, ()):
                self.log.warning("Refused %s on %s for %s", action, resource,
                                 getattr(user, "username", "?"))
                return False
            return super().is_authorized(handler, user, action, resource)
