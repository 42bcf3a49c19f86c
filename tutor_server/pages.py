"""The page itself: the loading screen in the learner's language, the front-end plugins a page
never uses, and ``install_fast_pages`` (called from share/jupyter/config/voila.py)."""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from .env import baseline
from .templates import install_template_cache

# -- the page itself: template cache, loading screen --------------------------------------------
#
# share/jupyter/config/voila.py (the server's Voilà configuration) calls install_fast_pages():
#
# * Jinja bytecode cache. Voilà makes a new nbconvert exporter, so a new Jinja environment, for
#   every page, and each one parses and compiles the page template and the ~14 templates it
#   extends or imports (0.3-1 s of the server's CPU per page on a loaded 2-core machine, before
#   the first byte). The compiled code is kept in memory, keyed by the template's file and
#   checked against its source (jinja2.BytecodeCache), so an edited template is compiled again.
# * The loading screen: the prelaunch hook below gives the notebook its title (the lesson's
#   first heading, in the learner's language), the words under the spinner and the text
#   direction; the tutor template shows them instead of Voilà's "Executing 1 of 3".
#
# TRUCO_VOILA_BASELINE=1 (set by bench/app.py for its bare page only) leaves both out, and
# the pool empty: the page Voilà serves with its defaults, that the lessons are measured
# against.


# The tutor's own page front-end (widgets/frontend, built by `make` into the template's static
# folder): ipywidgets' controls and anywidget on the page without Voila's JupyterLab application
# (78 scripts, 3.9 MB, about a second of a page's main thread). The template loads it when it
# is built; without it (no Node.js where the tutor runs), or with TRUCO_FRONTEND=voila (to
# compare), the page falls back to Voila's own.
FRONTEND = Path(__file__).resolve().parents[1] / "share/jupyter/voila/templates/tutor/static"
FRONTEND_ENV = "TRUCO_FRONTEND"


def frontend_version() -> str:
    """A short hash of the built front-end ('' when it is not built, or when TRUCO_FRONTEND
    is "voila"): the template links it with ``?v=`` this, so a browser never keeps an older
    build."""
    if os.environ.get(FRONTEND_ENV, "tutor") == "voila":
        return ""
    digest = hashlib.sha256()
    for name in ("tutor-frontend.js", "tutor-frontend.css"):
        path = FRONTEND / name
        if not path.is_file():
            return ""
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


UNUSED_EXTENSIONS = ("jupyterlab_pygments",)
# The only JupyterLab extensions a tutor page loads (VoilaConfiguration.extension_allowlist):
# the widget controls, anywidget and Voila's own widget manager. Any other extension installed
# in the same environment (a teacher's JupyterLab tools) stays out of the learners' pages.
PAGE_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "anywidget",
                   "@voila-dashboards/widgets-manager8")
# The extensions' files a page fetches by address are named by their content (remoteEntry.<hash>.js,
# <chunk>.<hash>.js), so a browser may keep them without asking again (Cache-Control immutable,
# jupyter_server's static_immutable_cache); Voila sends them "no-cache": each warm page asked
# again for every one (about 20 conditional requests, in chains: entry, then its chunks).
IMMUTABLE_PATHS = ("/voila/labextensions/",)
# Front-end plugins a tutor page never uses (the pages show widgets and server-rendered
# Markdown, no code, no math, no JSON or Vega outputs, the light theme only): not activated.
UNUSED_PLUGINS = (
    "@jupyterlab/javascript-extension:factory",
    "@jupyterlab/json-extension:factory",
    "@jupyterlab/json-lines-extension:factory",
    "@jupyterlab/vega5-extension:factory",
    "@jupyterlab/codemirror-extension:languages",
    "@jupyterlab/mathjax-extension:plugin",
    "@jupyterlab/theme-dark-extension:plugin",
    "@voila-dashboards/voila:render-outputs-progressively",
)


def fast_page_config(page_config, **kwargs):
    """Voilà's ``page_config_hook``: the page's front-end configuration with the plugins a
    tutor page never uses turned off (``UNUSED_PLUGINS``)."""
    disabled = list(page_config.get("disabledExtensions", []))
    page_config["disabledExtensions"] = disabled + [p for p in UNUSED_PLUGINS
                                                     if p not in disabled]
    return page_config


LOADING_TEXT = {
    "en": "Getting the lesson ready…",
    "pt_BR": "Preparando a lição…",
    "es_AR": "Preparando la lección…",
    "th": "กำลังเตรียมบทเรียน…",
    "tl": "Inihahanda ang aralin…",
    "fa": "در حال آماده‌سازی درس…",
}
# Shown over the page when its connection to the lesson's kernel is gone for good (the server
# stopped, the kernel was ended) or has been retried for a few seconds: the page no longer
# answers, and a reload opens the lesson again where the learner's progress left it.
LOST_TEXT = {
    "en": "The connection to the lesson was lost. Reload the page to go on from where you were.",
    "pt_BR": "A conexão com a lição caiu. Recarregue a página para continuar de onde parou.",
    "es_AR": "Se perdió la conexión con la lección. Recargá la página para seguir desde donde "
             "estabas.",
    "th": "การเชื่อมต่อกับบทเรียนขาดหายไป โหลดหน้านี้ใหม่เพื่อเรียนต่อจากจุดเดิม",
    "tl": "Naputol ang koneksiyon sa aralin. I-reload ang pahina para magpatuloy kung saan ka "
          "huminto.",
    "fa": "ارتباط با درس قطع شد. صفحه را دوباره بارگیری کنید تا از همان جا ادامه دهید.",
}
RELOAD_TEXT = {  # the note's button
    "en": "Reload", "pt_BR": "Recarregar", "es_AR": "Recargar", "th": "โหลดใหม่",
    "tl": "I-reload", "fa": "بارگیری دوباره",
}



_HEADING = re.compile(r"^\s{0,3}#{1,2}\s+(.+?)\s*#*\s*$", re.M)


def page_title(notebook, fallback: str = "") -> str:
    """The notebook's title: its first level-1 or level-2 heading (as shown, so translated),
    without Markdown marks; ``fallback`` when it has none.

    >>> from types import SimpleNamespace as NS
    >>> page_title(NS(cells=[{"cell_type": "markdown", "source": "<div dir=\\"rtl\\">\\n\\n# ۴. **Ties**\\n"}]))
    '۴. Ties'
    """
    for cell in notebook.cells:
        if cell["cell_type"] != "markdown":
            continue
        source = cell["source"]
        found = _HEADING.search("".join(source) if isinstance(source, list) else source)
        if found:
            return re.sub(r"[*_`]+", "", found.group(1)).strip()
    return fallback


def tutor_prelaunch_hook(req_handler, notebook, cwd):
    """The server's prelaunch hook: the lessons' prose in the page's language
    (:func:`widgets.language.prose.prelaunch_hook`), plus what the loading screen shows: the page's
    title (``metadata.title``, also the browser tab's), the words under the spinner, the
    language and its direction."""
    from truco.i18n import text_direction
    from widgets.language.prose import page_language, prelaunch_hook

    shown = prelaunch_hook(req_handler, notebook, cwd) or notebook
    code = page_language(req_handler.get_argument("lang", None),
                         req_handler.request.headers.get("Accept-Language"))
    name = os.path.splitext(os.path.basename(req_handler.request.path))[0]
    shown.metadata["title"] = page_title(shown, name)
    shown.metadata["tutor_loading"] = {
        "lang": code.replace("_", "-"), "dir": text_direction(code),
        "text": LOADING_TEXT.get(code, LOADING_TEXT["en"]),
        "lost": LOST_TEXT.get(code, LOST_TEXT["en"]),
        "reload": RELOAD_TEXT.get(code, RELOAD_TEXT["en"])}
    return shown


def install_fast_pages(c) -> None:
    """Called from share/jupyter/config/voila.py with its config object ``c``: the prose
    hook (always), and unless this is the benches' baseline server, the template cache and
    the loading screen (``resources.tutor_fast_pages`` for the template)."""
    from widgets.language.prose import prelaunch_hook

    if baseline():
        c.VoilaConfiguration.prelaunch_hook = prelaunch_hook
        c.TutorKernelManager.pool_size = 0
        return
    install_template_cache()
    c.VoilaConfiguration.prelaunch_hook = tutor_prelaunch_hook
    c.VoilaConfiguration.resources = {"tutor_fast_pages": True, "tutor_frontend": frontend_version()}
    # A JupyterLab syntax-highlighting theme: the pages show no code (strip_sources).
    c.VoilaConfiguration.extension_denylist = list(UNUSED_EXTENSIONS)
    c.VoilaConfiguration.extension_allowlist = list(PAGE_EXTENSIONS)  # wins over the denylist
    settings = dict(c.Voila.tornado_settings) if "tornado_settings" in c.Voila else {}
    settings.setdefault("static_immutable_cache", list(IMMUTABLE_PATHS))
    c.Voila.tornado_settings = settings
    c.VoilaConfiguration.page_config_hook = fast_page_config

