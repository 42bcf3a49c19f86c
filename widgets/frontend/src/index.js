// The tutor's page front-end: connects to the page's kernel, loads the widgets' state and
// shows each widget output in place. It replaces Voila's JupyterLab-based front-end on the
// tutor's own pages (share/jupyter/voila/templates/tutor/index.html.j2): the same widget
// libraries (ipywidgets' base and controls, anywidget), without a JupyterLab application
// around them, so a page is interactive in a fraction of the time.
import { amd } from './define.js';
import 'anywidget';
import './undefine.js';
import * as base from '@jupyter-widgets/base';
import * as controls from '@jupyter-widgets/controls';
import { ManagerBase } from '@jupyter-widgets/base-manager';
import { KernelConnection } from '@jupyterlab/services/lib/kernel/default';
import { CommsOverSubshells } from '@jupyterlab/services/lib/kernel/comm';
import { ServerConnection } from '@jupyterlab/services/lib/serverconnection';
import { Widget } from '@lumino/widgets';
import { renderOutput } from './outputs.js';

import '@lumino/widgets/style/widget.css';
import '@jupyter-widgets/base/css/index.css';
import '@jupyter-widgets/controls/css/widgets.css';

const anywidget = amd.factory(base);
const MODULES = {
  '@jupyter-widgets/base': base,
  '@jupyter-widgets/controls': controls,
  'anywidget': anywidget,
};
const WIDGET_MIME = 'application/vnd.jupyter.widget-view+json';
const OUTPUT_SELECTOR = 'script[type="application/vnd.voila.cell-output+json"]';

class TutorWidgetManager extends ManagerBase {
  constructor(kernel) {
    super();
    this.kernel = kernel;
    // Widgets the kernel makes after the page has loaded (a step's next task).
    kernel.registerCommTarget(this.comm_target_name, async (comm, msg) => {
      await this.handle_comm_open(new base.shims.services.Comm(comm), msg);
    });
  }

  async loadClass(className, moduleName, moduleVersion) {
    const module = MODULES[moduleName];
    if (module && module[className]) {
      return module[className];
    }
    throw new Error(`No widget class ${className} in ${moduleName} ${moduleVersion} on this page`);
  }

  async _create_comm(targetName, modelId, data, metadata, buffers) {
    const comm = this.kernel.createComm(targetName, modelId);
    if (data || metadata) {
      comm.open(data, metadata, buffers);
    }
    return new base.shims.services.Comm(comm);
  }

  async _get_comm_info() {
    const reply = await this.kernel.requestCommInfo({ target_name: this.comm_target_name });
    return reply.content.status === 'ok' ? reply.content.comms : {};
  }

  async showView(modelId, host) {
    const model = await this.get_model(modelId);
    const view = await this.create_view(model);
    Widget.attach(view.luminoWidget, host);
    return drawn(view);
  }
}

function pageConfig() {
  const el = document.getElementById('jupyter-config-data');
  return JSON.parse(el.textContent);
}

function connect(config) {
  const baseUrl = new URL(config.baseUrl, window.location.href).href;
  const serverSettings = ServerConnection.makeSettings({
    baseUrl,
    wsUrl: baseUrl.replace(/^http/, 'ws'),
    appendToken: false,
  });
  // Widget messages on the kernel's main shell, one at a time, as Voila's front-end sends them:
  // the tutor's widgets are not written to be called from a kernel's subshell threads.
  return new KernelConnection({
    model: { id: config.kernelId, name: 'python3' },
    serverSettings,
    commsOverSubshells: CommsOverSubshells.Disabled,
  });
}

function connected(kernel) {
  return new Promise((resolve, reject) => {
    const check = () => {
      const lost = kernel.isDisposed || kernel.status === 'dead' ||
        kernel.connectionStatus === 'disconnected';
      if (kernel.connectionStatus === 'connected' || lost) {
        kernel.connectionStatusChanged.disconnect(check);
        kernel.statusChanged.disconnect(check);
      }
      if (kernel.connectionStatus === 'connected') resolve(kernel);
      else if (lost) reject(new Error(`The page could not reach its kernel ${kernel.id}`));
    };
    kernel.connectionStatusChanged.connect(check);
    kernel.statusChanged.connect(check);
    check();
  });
}

// The kernel gone (the server stopped, the kernel died and Jupyter started a new one without
// the page's widgets) or out of reach for LOST_AFTER_MS while its connection is retried: the
// page says so, in its language (the template's #tutor-lost), since it no longer answers.
// Back in touch with the same kernel (its widgets still there), the note goes.
const LOST_AFTER_MS = 5000;

function watchConnection(kernel, manager, modelId) {
  const note = document.getElementById('tutor-lost');
  let timer = null;
  let gone = false;
  const show = (shown) => {
    clearTimeout(timer);
    timer = null;
    if (note) note.hidden = !(shown || gone);
  };
  const lose = () => {
    gone = true;
    show(true);
  };
  kernel.connectionStatusChanged.connect(async (_sender, status) => {
    if (status === 'disconnected') {
      lose();
    } else if (status !== 'connected') {
      if (timer === null) timer = setTimeout(() => show(true), LOST_AFTER_MS);
    } else {
      show(false);
      // A new connection: is it the same kernel, with the page's widgets?
      try {
        const reply = await kernel.requestCommInfo({ target_name: manager.comm_target_name });
        if (modelId && !(modelId in (reply.content.comms || {}))) lose();
      } catch (error) {
        lose();
      }
    }
  });
  kernel.statusChanged.connect((_sender, status) => {
    if (status === 'dead' || status === 'autorestarting' || status === 'restarting') lose();
  });
}

// Leaving the page ends its kernel at once (Voila's shutdown handler; the template sets the
// _xsrf cookie the post must repeat).
function shutdownOnLeave(config) {
  window.addEventListener('pagehide', () => {
    const match = document.cookie.match(/(?:^|;\s*)_xsrf=([^;]*)/);
    const body = new FormData();
    body.append('_xsrf', match ? decodeURIComponent(match[1]) : '');
    navigator.sendBeacon(`${config.baseUrl}voila/api/shutdown/${config.kernelId}`, body);
  });
}

// The cells are on the page (the template hid them until Voila's theme loaded, which never
// comes here), out of sight while their widgets are drawn (data-tutor-pending; the loading
// screen covers them until that mark is gone and the first lesson widget is there).
function showCells() {
  const cells = document.getElementById('rendered_cells');
  if (cells) {
    cells.dataset.tutorPending = '';
    cells.style.display = '';
  }
}

function cellsDrawn() {
  const cells = document.getElementById('rendered_cells');
  if (cells) delete cells.dataset.tutorPending;
}

// A view and every view inside it, drawn: a box draws its children after its own view is
// made (ipywidgets' ViewList), and an anywidget after its module is loaded.
async function drawn(view) {
  const children = view.children_views ? await Promise.all(view.children_views.views) : [];
  await Promise.all(children.map(drawn));
  return view;
}

// The whole page has come: Voila has run every cell, so the kernel holds every widget.
function pageLoaded() {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
}

// The script is evaluated as soon as it has come (it is linked in the page's <head>, async),
// while Voila still runs the cells. The kernel is joined once the page is complete: every
// cell has run, so the kernel holds every widget, and their state is read in one message.
// (Joining earlier saved nothing measurable: the server then also forwards every message of
// the cells' run to the page while it runs them.)
async function start() {
  const config = pageConfig();
  shutdownOnLeave(config);
  await pageLoaded();
  const kernel = connect(config);
  const manager = new TutorWidgetManager(kernel);
  showCells();
  await connected(kernel);
  await manager._loadFromKernel();
  const shown = [];
  for (const script of document.querySelectorAll(OUTPUT_SELECTOR)) {
    const output = JSON.parse(script.textContent);
    const host = document.createElement('div');
    host.className = 'lm-Widget jp-OutputArea-output';
    script.replaceWith(host);
    const widget = output.data && output.data[WIDGET_MIME];
    if (widget) {
      host.dataset.mimeType = WIDGET_MIME;
      host.dataset.modelId = widget.model_id;
      shown.push(manager.showView(widget.model_id, host).catch((error) => {
        console.error(error);
        renderOutput(host, { output_type: 'error', ename: 'Widget', evalue: String(error), traceback: [] });
      }));
    } else {
      renderOutput(host, output);
    }
  }
  await Promise.all(shown);
  cellsDrawn();
  const first = document.querySelector(`[data-mime-type="${WIDGET_MIME}"]`);
  watchConnection(kernel, manager, first && first.dataset.modelId);
  window.dispatchEvent(new Event('resize'));
}

window.tutorFrontend = start().catch((error) => {
  console.error('[tutor]', error);
  cellsDrawn();
  const note = document.getElementById('tutor-lost');
  if (note) note.hidden = false;
});
