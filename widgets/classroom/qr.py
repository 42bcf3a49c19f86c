"""The join address of a class and its QR code, for the teacher to project.

The address is the start page's, as the teacher's browser reached this server (Voilà gives
the page's kernel the request's URL, ``VOILA_REQUEST_URL``, and its host and port,
``SERVER_NAME`` / ``SERVER_PORT``, and its path, ``SCRIPT_NAME``), with the class code in its
query (``?class=KX7PQ2MRTA``): the start page fills the code in, the learner types their
name. The QR code is drawn in Python by ``segno`` as inline SVG: nothing is fetched.

>>> env = {"VOILA_REQUEST_URL": "http://192.168.1.20:8866/voila/render/lessons/teacher.ipynb"
...        "?lang=fa", "SCRIPT_NAME": "/voila/render/lessons/teacher.ipynb"}
>>> join_url("KX7PQ2MRTA", env)
'http://192.168.1.20:8866/voila/render/lessons/index.ipynb?class=KX7PQ2MRTA'
>>> join_url("KX7PQ2MRTA", {"SERVER_NAME": "tutor.example.org", "SERVER_PORT": "80"})
'http://tutor.example.org/voila/render/lessons/index.ipynb?class=KX7PQ2MRTA'
>>> only_this_computer(join_url("KX7PQ2MRTA", {"SERVER_NAME": "127.0.0.1"}))
True
"""
from __future__ import annotations

import io
import ipaddress
import os
import re
from html import escape
from urllib.parse import quote, urlsplit

import segno

from ..language.i18n import _

from .store import format_code

__all__ = ["CLASS_KEY", "join_html", "join_url", "only_this_computer", "qr_svg"]

CLASS_KEY = "class"  # the start page's query key that fills the class code in
DEFAULT_PATH = "/voila/render/lessons/"
_HOST_RE = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]{1,253})(:[0-9]{1,5})?$")
_DEFAULT_PORTS = {"http": "80", "https": "443"}


def _origin(environ) -> str:
    """``scheme://host[:port]`` of this server as the page's browser reached it."""
    scheme, host = "http", ""
    url = str(environ.get("VOILA_REQUEST_URL", ""))[:2000]
    if url:
        try:
            parts = urlsplit(url)
            if parts.scheme in ("http", "https") and _HOST_RE.match(parts.netloc or ""):
                scheme, host = parts.scheme, parts.netloc.lower()
        except ValueError:
            pass
    if not host:
        name = str(environ.get("SERVER_NAME", "")).strip().lower()
        port = str(environ.get("SERVER_PORT", "")).strip()
        if ":" in name and not name.startswith("["):
            name = f"[{name}]"  # an IPv6 address
        host = name + (f":{port}" if port.isdigit() and port != "80" else "")
        if not _HOST_RE.match(host):
            host = "127.0.0.1:8866"
    name, _sep, port = host.rpartition(":") if not host.endswith("]") else (host, "", "")
    if name and port == _DEFAULT_PORTS[scheme]:
        host = name
    return f"{scheme}://{host}"


def _folder(environ) -> str:
    script = str(environ.get("SCRIPT_NAME", ""))
    if script.startswith("/") and script.endswith(".ipynb") and "/" in script:
        return script.rsplit("/", 1)[0] + "/"
    return DEFAULT_PATH


def join_url(code: str, environ=None) -> str:
    """The address that opens the start page with class ``code`` filled in."""
    env = os.environ if environ is None else environ
    return (_origin(env) + quote(_folder(env), safe="/") + "index.ipynb?" + CLASS_KEY + "="
            + quote(str(code), safe=""))


def only_this_computer(url: str) -> bool:
    """Whether ``url`` names this computer only (localhost, 127.x, ::1): learners' devices
    cannot reach it."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def qr_svg(url: str, label: str = "") -> str:
    """The QR code of ``url`` as an inline ``<svg>`` (black on white, with its quiet zone,
    scaled by its ``viewBox``; ``label`` is its accessible name). No XML declaration, no
    namespace URI, nothing to fetch."""
    code = segno.make(url, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=1, border=4, dark="#000", light="#fff", xmldecl=False,
              svgns=False, omitsize=True, svgclass="tutor-qr", lineclass=None,
              title=label or url)
    svg = out.getvalue().decode("utf-8")
    return svg.replace("<svg ", '<svg role="img" style="display:block;width:100%;height:auto" ',
                       1)


def join_html(code: str, url: str, big: bool = False) -> str:
    """The class code, the join address and its QR code; ``big``: for the projector (side by
    side on a wide screen, the QR code as tall as the screen allows; the page's prose and
    footer hidden while it is shown)."""
    label = _("QR code of the join address {url}").format(url=url)
    size = "clamp(1.8em, 3.2vw, 4em)" if big else "2.2em"
    words = [f'<p class="tutor-class-code-big" style="font-size:{size};font-weight:700;'
             f'letter-spacing:.15em;line-height:1.2;white-space:nowrap;margin:.3em 0" '
             f'dir="ltr">' + escape(format_code(code))
             + "</p>",
             '<p style="font-size:' + ("1.3em" if big else "1em") + '">'
             + escape(_("Learners join at this address (or scan the code):"))
             + f'<br><a class="tutor-join-url" dir="ltr" style="word-break:break-all;'
             f'font-weight:600;color:var(--tutor-accent, #1864ab)" href="{escape(url, quote=True)}">'
             f"{escape(url)}</a></p>"]
    if only_this_computer(url):
        words.append('<p class="tutor-join-local" style="color:var(--tutor-danger-ink, #a61e4d)">' + escape(_(
            "This address works on this computer only: open the teacher page with the "
            "computer's network address (the one learners' devices can reach, e.g. "
            "http://192.168.1.20:8866/...) to show one that works in the class.")) + "</p>")
    width = "min(72vh, 92vw)" if big else "min(15em, 80vw)"
    picture = (f'<div class="tutor-qr-box" style="width:{width};flex:none;background:#fff;'
               f'padding:.4em;margin:.3em 0;box-sizing:border-box">' + qr_svg(url, label)
               + "</div>")
    if not big:
        return "".join(words) + picture
    hide = ("<style>.jp-MarkdownCell,.tutor-footer,.tutor-teacher>.tutor-feedback"
            "{display:none!important}</style>")
    return (hide + '<div style="display:flex;flex-wrap:wrap;align-items:center;'
            'justify-content:center;gap:.5em 3em"><div style="flex:1 1 18em;min-width:0;max-width:40em">'
            + "".join(words) + "</div>" + picture + "</div>")
