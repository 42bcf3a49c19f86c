# A learner's single-user server under JupyterHub (jupyterhub_config.py passes this file):
# Voilà as the only extension, with the settings of voila.json (the same kernel manager,
# limits, pool, templates and websocket as `make app`), no terminals and no contents API
# (tutor_server.hub.TutorAuthorizer). The hub's sign-in guards it (a learner reaches only
# their own server).
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tutor_server.hub import configure_singleuser  # noqa: E402

configure_singleuser(get_config())  # noqa: F821 - traitlets' config loader provides it
