# Truco Tutor: Voilà settings that voila.json cannot hold (callables, code).
# This folder is on JUPYTER_CONFIG_PATH when the tutor is served (`make app`, the tests and the
# benches: tutor_server.voila_env); voila.json at the repository root holds everything else.
# Kept out of the repository root on purpose: a voila.py there would shadow the voila package
# for `python -m voila`.
#
# tutor_server.install_fast_pages sets the prelaunch hook (the lessons' prose in the
# learner's language, and the loading screen's title and words in it too) and keeps the page
# templates compiled between pages; the pool of warm kernels is TutorKernelManager's (voila.json).
# With TRUCO_VOILA_BASELINE=1 (bench/app.py's bare page only) it sets the prose hook alone and
# no pool: Voilà's own page, the one the lessons are measured against.
from tutor_server import install_fast_pages

install_fast_pages(c)  # noqa: F821 - `c` is traitlets' config
