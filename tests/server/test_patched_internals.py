"""The private parts of Jupyter's and Voilà's code that the tutor's server overrides, wraps or
calls (docs/server-patches.md), as they were in the versions tested (the upper bounds in
pyproject.toml). A test here fails when a new version changes one of them: read the new code,
adapt the server's (or drop the trick), and record the new source hash here.

A source hash is of ``inspect.getsource`` of the upstream function, so a change of its
comments fails too: a false alarm costs a look, a silent change could cost a page's speed or
break the pool."""

from __future__ import annotations

import hashlib
import inspect


def source_hash(function) -> str:
    return hashlib.sha256(inspect.getsource(function).encode()).hexdigest()[:16]


def parameters(function) -> list[str]:
    return list(inspect.signature(function).parameters)


# -- templates.py: the page templates kept compiled -----------------------------------------------

def test_the_template_cache_wraps_nbconverts_create_environment():
    """install_template_cache wraps ``_create_environment`` (nbconvert's TemplateExporter,
    private), which the exporter's ``environment`` property calls once per exporter."""
    from nbconvert.exporters.templateexporter import TemplateExporter
    from voila.exporter import VoilaExporter

    assert parameters(TemplateExporter._create_environment) == ["self"]
    assert source_hash(TemplateExporter._create_environment) == "b64cb98c0ee3eb82"
    assert source_hash(TemplateExporter.environment.fget) == "1730fe8814566c9e"
    # Voilà's exporter inherits it (or has ours, once installed): never its own.
    own = VoilaExporter.__dict__.get("_create_environment")
    assert own is None or getattr(VoilaExporter, "_tutor_template_cache", False)


def test_the_warm_up_render_passes_what_voilas_renderer_passes():
    """warm_page_rendering renders a page as Voilà's NotebookRenderer does: the same
    ``extra_context`` names given to VoilaExporter.generate_from_notebook_node."""
    from voila import notebook_renderer
    from voila.exporter import VoilaExporter

    source = inspect.getsource(notebook_renderer.NotebookRenderer)
    for name in ("frontend", "main_js", "kernel_start", "notebook_execute",
                 "progressive_rendering", "cell_generator"):
        assert f'"{name}"' in source, name
    assert parameters(VoilaExporter.generate_from_notebook_node)[:5] == \
        ["self", "nb", "resources", "extra_context", "page_config"]


# -- websocket.py: the quicker first nudge --------------------------------------------------------

def test_the_nudge_it_adds_pokes_to_is_jupyter_servers():
    """NoDelayKernelWebsocketConnection.nudge calls jupyter_server's and sends kernel_info
    requests beside it until its future is done."""
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection)

    assert parameters(ZMQChannelsWebsocketConnection.nudge) == ["self"]
    assert source_hash(ZMQChannelsWebsocketConnection.nudge) == "020db1079a32691d"


# -- widgets/ui/joined.py: the live timers wait for the page's widgets --------------------------

def test_the_control_comm_handling_the_join_hook_wraps():
    """joined.py registers its own handler of the control comm in place of ipywidgets' (which
    ``register_comm_target`` puts there on import), calls ipywidgets' class methods to open the
    comm and to answer, and takes the answer to ``request_states`` as the page joining."""
    import ipywidgets
    from ipywidgets.widgets.widget import Widget

    assert source_hash(ipywidgets.register_comm_target) == "990e951c85a4ef92"
    assert source_hash(Widget.handle_control_comm_opened) == "cfdd26a1b0038b21"
    assert source_hash(Widget._handle_control_comm_msg) == "7be8c33a10e8b58b"


# -- pool.py and kernels.py: the kernel manager's internals ---------------------------------------

def test_the_kernel_manager_internals_the_pool_uses():
    """The pool and the bounds override AsyncMappingKernelManager's methods and read its
    internals: the ``_kernels`` dict, a kernel's ``last_activity`` and ``execution_state``
    (kept by jupyter_server's activity watcher), the local provisioner's ``pid``."""
    from jupyter_client.provisioning.local_provisioner import LocalProvisioner
    from jupyter_server._tz import utcnow  # private module, used for last_activity
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager as M

    assert callable(utcnow)
    assert M()._kernels == {}
    expected = {"start_kernel": ["self", "kernel_id", "path", "kwargs"],
                "shutdown_kernel": ["self", "kernel_id", "now", "restart"],
                "shutdown_all": ["self", "now"],
                "cull_kernel_if_idle": ["self", "kernel_id"],
                "notify_connect": ["self", "kernel_id"],
                "cwd_for_path": ["self", "path", "kwargs"],
                "get_kernel": ["self", "kernel_id"]}
    for name, params in expected.items():
        assert parameters(getattr(M, name)) == params, name
    watch = inspect.getsource(M.start_watching_activity)
    assert "kernel.last_activity = " in watch and "kernel.execution_state = " in watch
    assert "self.pid = self.process.pid" in inspect.getsource(LocalProvisioner)
