# Truco Tutor on JupyterHub: one tutor server per signed-in learner (docs/operators.md,
# "JupyterHub"). Run from any folder:
#
#   <checkout>/.venv/bin/jupyterhub -f <checkout>/deploy/jupyterhub/jupyterhub_config.py
#
# The checkout is found from this file's own place. Everything below can be overridden on the
# command line (--JupyterHub.bind_url=..., --JupyterHub.db_url=...,
# --JupyterHub.cookie_secret_file=..., --JupyterHub.authenticator_class=dummy
# --DummyAuthenticator.password=...), or in the environment:
#
#   TRUCO_CLASSROOM_DB   the classroom database every learner's server shares (PostgreSQL)
#   TRUCO_HUB_DB         the hub's own database (postgresql+psycopg://user:pw@host/hub)
#   TRUCO_HUB_AUTH       "tmp" (default: a visitor gets a server without an account),
#                        "lti13" (Moodle, Canvas: the settings below), or "dummy" (tries only)
#   TRUCO_HUB_ADMINS     hub users (comma-separated) who administer the hub
#   TRUCO_HUB_TEACHERS   hub users (comma-separated) put in the "teachers" group, whose teacher
#                        page opens without a passcode (the group can also be managed in the
#                        hub's admin page; a change applies when the user's server restarts)
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tutor_server.hub import TEACHERS, configure_hub  # noqa: E402

c = get_config()  # noqa: F821 - traitlets' config loader provides it
configure_hub(c)


def _names(variable):
    return {name.strip() for name in os.environ.get(variable, "").split(",") if name.strip()}


c.Authenticator.admin_users = _names("TRUCO_HUB_ADMINS")
c.JupyterHub.load_groups = {TEACHERS: {"users": sorted(_names("TRUCO_HUB_TEACHERS"))}}
c.Authenticator.allow_all = True  # who may sign in is the authenticator's business

auth = os.environ.get("TRUCO_HUB_AUTH", "tmp")
if auth == "tmp":
    # jupyterhub-tmpauthenticator: every visitor gets a fresh user and a tutor server, no
    # account. Their progress lasts as long as that user (the culler removes idle servers,
    # not users).
    c.JupyterHub.authenticator_class = "tmp"
elif auth == "lti13":
    # jupyterhub-ltiauthenticator, LTI 1.3: the tutor as an external tool in Moodle or Canvas.
    # Register the tool in the LMS with the login URL <hub>/hub/lti13/oauth_login, the redirect
    # URL <hub>/hub/lti13/oauth_callback and the JWKS URL <hub>/hub/lti13/jwks, then give the
    # hub what the LMS shows you:
    c.JupyterHub.authenticator_class = "ltiauthenticator.lti13.auth.LTI13Authenticator"
    c.LTI13Authenticator.issuer = os.environ.get("TRUCO_LTI_ISSUER", "")  # the LMS's URL
    c.LTI13Authenticator.client_id = [x for x in os.environ.get("TRUCO_LTI_CLIENT_ID",
                                                                "").split(",") if x]
    c.LTI13Authenticator.authorize_url = os.environ.get("TRUCO_LTI_AUTHORIZE_URL", "")
    c.LTI13Authenticator.jwks_endpoint = os.environ.get("TRUCO_LTI_JWKS_URL", "")
    # The LMS's user id names the learner (stable across name changes).
    c.LTI13Authenticator.username_key = "sub"
elif auth == "dummy":
    c.JupyterHub.authenticator_class = "dummy"
