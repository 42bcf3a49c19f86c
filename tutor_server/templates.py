"""The page templates kept compiled between pages (a Jinja bytecode cache shared by every
page's exporter), compiled and a page rendered ahead when the server starts."""

from __future__ import annotations

import os

_TEMPLATE_CACHE = None


def template_cache():
    """The process's Jinja bytecode cache for page templates."""
    global _TEMPLATE_CACHE
    if _TEMPLATE_CACHE is None:
        import jinja2

        class _Memory(jinja2.BytecodeCache):
            def __init__(self):
                self.store: dict[str, bytes] = {}

            def load_bytecode(self, bucket):
                data = self.store.get(bucket.key)
                if data is not None:
                    bucket.bytecode_from_string(data)

            def dump_bytecode(self, bucket):
                self.store[bucket.key] = bucket.bytecode_to_string()

        _TEMPLATE_CACHE = _Memory()
    return _TEMPLATE_CACHE


def install_template_cache() -> bool:
    """Give every Voilà page exporter's Jinja environment the shared bytecode cache.
    Returns False when it was installed already."""
    from voila.exporter import VoilaExporter

    if getattr(VoilaExporter, "_tutor_template_cache", False):
        return False
    create = VoilaExporter._create_environment

    def _create_environment(self):
        environment = create(self)
        environment.bytecode_cache = template_cache()
        return environment

    VoilaExporter._create_environment = _create_environment
    VoilaExporter._tutor_template_cache = True
    return True


def compile_page_templates(app) -> int:
    """Compile, into the shared bytecode cache, every page template Voilà's exporter may use
    (run once when the server has started, so that the first learner does not wait for it).
    Returns how many."""
    from voila.exporter import VoilaExporter

    config = app.voila_configuration
    exporter = VoilaExporter(template_paths=app.template_paths, template_name=config.template,
                             config=app.config, contents_manager=app.contents_manager,
                             theme=config.theme, base_url=app.base_url,
                             show_margins=config.show_margins)
    environment = exporter.environment
    if environment.bytecode_cache is None:
        return 0

    def wanted(name: str) -> bool:
        return name.endswith((".j2", ".tpl")) and "static/" not in name

    count = 0
    for name in environment.list_templates(filter_func=wanted):
        try:
            environment.get_template(name)
            count += 1
        except Exception:  # a template of another format (latex ...) may not compile here
            pass
    return count


async def warm_page_rendering(app, notebook_path: str) -> bool:
    """Render ``notebook_path``'s page once, with no kernel and its cells left unrun, through
    the exporter Voilà uses for a page, the prelaunch hook and the page configuration hook:
    what a server does the first time (nbformat compiles its schema validator, Jinja loads
    the templates, nbconvert's filters import their Markdown renderer, ...) is then done
    before the first learner's page (about 0.2 s of it). The output is thrown away."""
    import functools
    from types import SimpleNamespace

    import nbformat
    from voila.exporter import VoilaExporter
    from voila.utils import get_page_config

    config = app.voila_configuration
    exporter = VoilaExporter(template_paths=app.template_paths, template_name=config.template,
                             config=app.config, contents_manager=app.contents_manager,
                             theme=config.theme, base_url=app.base_url,
                             show_margins=config.show_margins)
    if config.strip_sources:
        exporter.exclude_input = exporter.exclude_output_prompt = True
        exporter.exclude_input_prompt = True
    kwargs = {"base_url": app.base_url, "settings": app.app.settings, "log": app.log,
              "voila_configuration": config}
    page_config = get_page_config(**kwargs)
    if config.page_config_hook:
        page_config = config.page_config_hook(page_config, **kwargs,
                                              notebook_path=notebook_path)
    model = await ensure_async_call(app.contents_manager.get, notebook_path)
    notebook = model["content"]
    nbformat.validate(notebook)
    request = SimpleNamespace(headers={}, path=f"/voila/render/{notebook_path}")
    handler = SimpleNamespace(get_argument=lambda name, default=None: default, request=request)
    if config.prelaunch_hook:
        notebook = config.prelaunch_hook(handler, notebook=notebook,
                                         cwd=os.path.dirname(notebook_path)) or notebook
    for cell in notebook.cells:
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
    name = os.path.splitext(os.path.basename(notebook_path))[0]
    resources = {"base_url": app.base_url, "theme": config.theme, "template": config.template,
                 "metadata": {"name": name}, "page_config": page_config}
    resources.update(config.resources or {})

    async def kernel_start(nb, kernel_id):
        return kernel_id

    async def notebook_execute(nb, kernel_id):
        return None

    async def cells(nb, kernel_id):
        for cell in nb.cells:
            yield cell

    context = {"frontend": "voila", "main_js": "voila.js",
               "kernel_start": functools.partial(kernel_start, kernel_id="warm-up"),
               "notebook_execute": notebook_execute, "cell_generator": cells,
               "progressive_rendering": False}
    async for _html, _resources in exporter.generate_from_notebook_node(
            notebook, resources=resources, extra_context=context, page_config=page_config):
        pass
    return True


async def ensure_async_call(function, *args):
    """``function(*args)``, awaited when it returns an awaitable."""
    result = function(*args)
    if hasattr(result, "__await__"):
        result = await result
    return result

