"""Classroom settings: where results are stored, the teacher's passcode, the identity header.

Settings come from the environment of the Voilà server (kernels inherit it) or, for any name
not set there, from a config file: ``TRUCO_CLASSROOM_CONFIG`` names it (a TOML file), else
``classroom.toml`` at the repository root is read when it exists. Never from a notebook.

=================================  =============================  ==================================
Environment variable               In the TOML file               Meaning
=================================  =============================  ==================================
``TRUCO_CLASSROOM_DB``             ``database``                   a SQLite file path (default
                                                                  ``.classroom/classroom.db`` in the
                                                                  repository) or a PostgreSQL URL
                                                                  ``postgresql://user@host/db``
``TRUCO_TEACHER_PASSCODE``         ``teacher_passcode``           the teacher page's passcode; no
                                                                  passcode: the teacher page is off
``TRUCO_CLASSROOM_USER_HEADER``    ``user_header``                a header a trusted proxy or hub
                                                                  sets to the signed-in user (e.g.
                                                                  ``X-Forwarded-User``); it must be
                                                                  listed in ``voila.json``'s
                                                                  ``http_header_envs`` too
``TRUCO_CLASSROOM_HUB_USER=1``     ``hub_user = true``            under JupyterHub with one server
                                                                  per learner: the server's
                                                                  ``JUPYTERHUB_USER`` is the learner
``TRUCO_CLASSROOM_HUB_TEACHER=1``  (the hub sets it)              under JupyterHub: this user is in
                                                                  the hub's teachers group, and the
                                                                  teacher page opens without a
                                                                  passcode (deploy/jupyterhub)
``TRUCO_CLASSROOM_CLIENT_HEADER``  ``client_header``              a header a trusted proxy sets to
                                                                  the client's address (e.g.
                                                                  ``X-Real-IP``), for the limits on
                                                                  tries (:mod:`.limits`); listed in
                                                                  ``http_header_envs`` too
=================================  =============================  ==================================

>>> settings = Settings.load({"TRUCO_CLASSROOM_DB": "postgresql://u@h/db"})
>>> settings.database, settings.is_postgres, settings.teacher_passcode
('postgresql://u@h/db', True, None)
>>> settings.header_user({"JUPYTERHUB_USER": "ana"}), Settings.load(
...     {"TRUCO_CLASSROOM_HUB_USER": "1"}).header_user({"JUPYTERHUB_USER": "ana"})
(None, 'ana')
>>> Settings.load({"TRUCO_CLASSROOM_CLIENT_HEADER": "X-Forwarded-For"}).client_address(
...     {"HTTP_X_FORWARDED_FOR": "10.0.0.9, 192.168.1.23"})  # the address the proxy added
'192.168.1.23'
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

__all__ = ["REPO", "DEFAULT_DB", "Settings"]

REPO = Path(__file__).resolve().parents[2]
DEFAULT_DB = REPO / ".classroom" / "classroom.db"
DEFAULT_CONFIG = REPO / "classroom.toml"

_KEYS = {  # environment variable -> key in the TOML file
    "TRUCO_CLASSROOM_DB": "database",
    "TRUCO_TEACHER_PASSCODE": "teacher_passcode",
    "TRUCO_CLASSROOM_USER_HEADER": "user_header",
    "TRUCO_CLASSROOM_HUB_USER": "hub_user",
    "TRUCO_CLASSROOM_HUB_TEACHER": "hub_teacher",
    "TRUCO_CLASSROOM_CLIENT_HEADER": "client_header",
}


@dataclass(frozen=True)
class Settings:
    database: str
    teacher_passcode: str | None = None
    user_header: str | None = None
    hub_user: bool = False
    client_header: str | None = None
    hub_teacher: bool = False

    @property
    def is_postgres(self) -> bool:
        return self.database.startswith(("postgresql://", "postgres://"))

    @classmethod
    def load(cls, environ=None) -> "Settings":
        env = os.environ if environ is None else environ
        path = env.get("TRUCO_CLASSROOM_CONFIG") or (
            str(DEFAULT_CONFIG) if environ is None and DEFAULT_CONFIG.exists() else "")
        filed: dict = {}
        if path:
            with open(path, "rb") as fh:
                filed = tomllib.load(fh)
        values = {}
        for var, key in _KEYS.items():
            value = env.get(var) or filed.get(key)
            values[key] = str(value).strip() if value not in (None, "") else None
        return cls(database=values["database"] or str(DEFAULT_DB),
                   teacher_passcode=values["teacher_passcode"],
                   user_header=values["user_header"],
                   hub_user=(values["hub_user"] or "").lower() in ("1", "true", "yes"),
                   client_header=values["client_header"],
                   hub_teacher=(values["hub_teacher"] or "").lower() in ("1", "true", "yes"))

    def header_user(self, environ=None) -> str | None:
        """The signed-in user a trusted proxy or hub gave this page, if any (else None)."""
        env = os.environ if environ is None else environ
        if self.user_header:
            name = "HTTP_" + self.user_header.upper().replace("-", "_")
            value = (env.get(name) or "").strip()
            return value[:120] or None
        if not self.hub_user:  # a shared server may run under one hub user: opt in only
            return None
        value = (env.get("JUPYTERHUB_USER") or "").strip()
        return value[:120] or None

    def client_address(self, environ=None) -> str | None:
        """The client's address a trusted proxy gave this page (the last one in a list: the
        one that proxy added), if ``client_header`` is set (else None)."""
        if not self.client_header:
            return None
        env = os.environ if environ is None else environ
        name = "HTTP_" + self.client_header.upper().replace("-", "_")
        value = (env.get(name) or "").split(",")[-1].strip()
        return value[:64] or None
