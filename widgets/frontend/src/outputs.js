// Non-widget cell outputs (a printed text, an image, some HTML, an error), as JupyterLab
// shows them. The tutor's lessons display widgets; these are for any other notebook served.
function pre(text, mime) {
  const el = document.createElement('pre');
  el.textContent = text;
  const wrap = document.createElement('div');
  wrap.className = 'lm-Widget jp-RenderedText';
  wrap.dataset.mimeType = mime;
  wrap.appendChild(el);
  return wrap;
}

function image(data, mime) {
  const img = document.createElement('img');
  img.src = `data:${mime};base64,${String(data).replace(/\s/g, '')}`;
  const wrap = document.createElement('div');
  wrap.className = 'lm-Widget jp-RenderedImage';
  wrap.appendChild(img);
  return wrap;
}

function html(source, mime) {
  const wrap = document.createElement('div');
  wrap.className = 'lm-Widget jp-RenderedHTMLCommon jp-RenderedHTML';
  wrap.dataset.mimeType = mime;
  wrap.innerHTML = source;
  return wrap;
}

function rich(data) {
  const text = (value) => (Array.isArray(value) ? value.join('') : String(value));
  if ('text/html' in data) return html(text(data['text/html']), 'text/html');
  if ('image/svg+xml' in data) return html(text(data['image/svg+xml']), 'image/svg+xml');
  for (const mime of ['image/png', 'image/jpeg', 'image/gif']) {
    if (mime in data) return image(data[mime], mime);
  }
  if ('text/plain' in data) return pre(text(data['text/plain']), 'text/plain');
  return null;
}

export function renderOutput(host, output) {
  let node = null;
  if (output.output_type === 'stream') {
    const text = Array.isArray(output.text) ? output.text.join('') : output.text;
    node = pre(text, output.name === 'stderr' ? 'application/vnd.jupyter.stderr' : 'application/vnd.jupyter.stdout');
  } else if (output.output_type === 'error') {
    node = pre([`${output.ename}: ${output.evalue}`, ...(output.traceback || [])].join('\n')
      .replace(/\x1b\[[0-9;]*m/g, ''), 'application/vnd.jupyter.stderr');
  } else if (output.data) {
    node = rich(output.data);
  }
  if (node) host.appendChild(node);
}
