# Truco Tutor: Voilà settings that voila.json cannot hold (a callable).
# This folder is on JUPYTER_CONFIG_PATH when the tutor is served (`make app`, the tests and the
# benches: widgets.server.voila_env); voila.json at the repository root holds everything else.
# Kept out of the repository root on purpose: a voila.py there would shadow the voila package
# for `python -m voila`.
from widgets.prose import prelaunch_hook

c.VoilaConfiguration.prelaunch_hook = prelaunch_hook  # noqa: F821 - `c` is traitlets' config
