"""Server-side helpers for serving the tutor with Voilà, one module per concern:

* ``env``: where the server finds its files, ``voila_env()`` (the environment the tests and
  benches serve with), the benches' baseline switch and how they launch Chromium;
* ``websocket``: ``NoDelayKernelWebsocketConnection`` (voila.json's
  ``Voila.kernel_websocket_connection_class``): TCP_NODELAY and a quicker first nudge;
* ``limits``: how many kernels may run, for whom, for which notebooks, and the "tutor is
  busy" page;
* ``pool``: the warm kernels that make a lesson open at once;
* ``kernels``: ``TutorKernelManager`` (voila.json's ``multi_kernel_manager_class``), which
  applies the limits and keeps the pool;
* ``pages``, ``templates``: ``install_fast_pages`` (called from
  share/jupyter/config/voila.py): the loading screen, the templates kept compiled;
* ``measure``: ``python -m tutor_server measure``.

Every name below stays importable from ``tutor_server`` (voila.json and the config name
them there).
"""

from .env import (BASELINE_ENV, CHROMIUM, CHROMIUM_ARGS, CONFIG, DEFAULT_NOTEBOOK_DIRS,
                  JUPYTER_DIRS, JUPYTER_HOME, NOTEBOOK_DIRS_ENV, REPO, SHARE,
                  TEST_NOTEBOOK_DIRS, baseline, voila_env)
from .kernels import TutorKernelManager
from .limits import (BUSY_TEXT, DEFAULT_PER_CLIENT, KERNEL_BUDGET_MB, KERNELS_CAP, KERNELS_MIN,
                     KERNELS_PER_CPU, MB, RESERVED_MB, available_memory, busy_page,
                     client_address, default_max_kernels, is_loopback, notebook_allowed)
from .pages import (IMMUTABLE_PATHS, LOADING_TEXT, LOST_TEXT, RELOAD_TEXT, PAGE_EXTENSIONS, UNUSED_EXTENSIONS,
                    UNUSED_PLUGINS, fast_page_config, install_fast_pages, page_title,
                    tutor_prelaunch_hook)
from .pool import (DEFAULT_POOL, POOL_ENV, WARM_CALLS, WARM_MODULES, adoption_code,
                   default_pool_size, warm_up_code)
from .templates import (compile_page_templates, install_template_cache, template_cache,
                        warm_page_rendering)
from .websocket import (NUDGE_POKE, NUDGE_POKES, NoDelayKernelWebsocketConnection,
                        enable_nodelay, socket_nodelay)

__all__ = [
    "BASELINE_ENV", "BUSY_TEXT", "CHROMIUM", "CHROMIUM_ARGS", "CONFIG", "DEFAULT_NOTEBOOK_DIRS",
    "DEFAULT_PER_CLIENT", "DEFAULT_POOL", "IMMUTABLE_PATHS", "JUPYTER_DIRS",
    "JUPYTER_HOME", "KERNELS_CAP", "KERNELS_MIN", "KERNELS_PER_CPU", "KERNEL_BUDGET_MB",
    "LOADING_TEXT", "LOST_TEXT", "RELOAD_TEXT", "MB", "NOTEBOOK_DIRS_ENV", "NUDGE_POKE", "NUDGE_POKES",
    "NoDelayKernelWebsocketConnection", "PAGE_EXTENSIONS", "POOL_ENV",
    "REPO", "RESERVED_MB", "SHARE", "TEST_NOTEBOOK_DIRS", "TutorKernelManager",
    "UNUSED_EXTENSIONS", "UNUSED_PLUGINS", "WARM_CALLS", "WARM_MODULES", "adoption_code",
    "available_memory", "baseline", "busy_page", "client_address", "compile_page_templates",
    "default_max_kernels", "default_pool_size", "enable_nodelay", "fast_page_config",
    "install_fast_pages", "install_template_cache", "is_loopback",
    "notebook_allowed", "page_title", "socket_nodelay", "template_cache", "tutor_prelaunch_hook",
    "voila_env", "warm_page_rendering", "warm_up_code",
]
