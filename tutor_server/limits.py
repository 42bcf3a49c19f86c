"""How many kernels, for whom, for which notebooks: the rules TutorKernelManager applies, and
the "tutor is busy" page it answers with past them."""

from __future__ import annotations

import html
import ipaddress
import os
import posixpath
from pathlib import Path

from .env import DEFAULT_NOTEBOOK_DIRS, NOTEBOOK_DIRS_ENV, TEST_NOTEBOOK_DIRS  # noqa: F401 (re-exported)

# -- how many kernels, for whom, for which notebooks -------------------------------------------
#
# Voilà starts a kernel for every GET of /voila/render/<notebook> (voila/handler.py,
# VoilaHandler.get_generator -> kernel_manager.start_kernel), before the page is sent and
# whether or not a browser ever connects to it; the kernel then lives until the page's beacon
# shuts it down or the idle culler does (10 minutes). Ten plain GETs of lessons/09_play.ipynb
# held ten kernels, 581 MB. TutorKernelManager, named in voila.json as
# VoilaConfiguration.multi_kernel_manager_class, puts its checks where every kernel starts:
#
# * a notebook outside ``notebook_dirs`` gets no kernel: 404 (so no page);
# * past ``max_kernels`` in all, or ``max_kernels_per_client`` for one client address, the
#   request gets the small "the tutor is busy" page: HTTP 503 with Retry-After;
# * a kernel whose page never connected its websocket is shut down ``unconnected_timeout``
#   seconds after its last activity (the end of the notebook's run), checked every
#   ``unconnected_check_interval`` seconds.
#
# The request being served is jupyter_server's CallContext handler (set in
# JupyterHandler.prepare, a context variable of the request's task), so the checks see the
# client's address and can answer it. Counting and starting happen with no await in between,
# so simultaneous requests cannot pass the limit together.


# The default limit: memory available when the server starts, less a reserve for Voilà itself
# and the system, divided by a budget per kernel, capped by the CPUs and overall. Measured
# (python -m tutor_server measure): a kernel of a lesson holds 58-67 MB RSS (41-50 MB of its
# own) after the page's GET; one that drew the odds charts 108 MB; pages in use grow a little.
KERNEL_BUDGET_MB = 75
RESERVED_MB = 384
KERNELS_PER_CPU = 25
KERNELS_CAP = 200
KERNELS_MIN = 2
DEFAULT_PER_CLIENT = 8
MB = 1024 * 1024


def _cgroup_available() -> int | None:
    """Bytes the cgroup (a container's memory limit) still allows, if it sets a limit."""
    try:
        limit = Path("/sys/fs/cgroup/memory.max").read_text().strip()
        used = Path("/sys/fs/cgroup/memory.current").read_text().strip()
    except OSError:
        return None
    if limit == "max" or not limit.isdigit() or not used.isdigit():
        return None
    return max(0, int(limit) - int(used))


def available_memory() -> int:
    """Bytes of memory available now (the smaller of the machine's and the cgroup's)."""
    import psutil

    available = psutil.virtual_memory().available
    in_cgroup = _cgroup_available()
    return available if in_cgroup is None else min(available, in_cgroup)


def _usable_cpus() -> int:
    """CPUs this process may run on (its affinity, e.g. a container's cpuset)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def default_max_kernels(available: int | None = None, cpus: int | None = None) -> int:
    """The default of ``TutorKernelManager.max_kernels``.

    >>> default_max_kernels(available=4096 * MB, cpus=2)   # (4096 - 384) // 75 = 49, 2 CPUs
    49
    >>> default_max_kernels(available=24 * 1024 * MB, cpus=2), default_max_kernels(512 * MB, 8)
    (50, 2)
    """
    available = available_memory() if available is None else available
    cpus = _usable_cpus() if cpus is None else cpus
    by_memory = (available // MB - RESERVED_MB) // KERNEL_BUDGET_MB
    return int(max(KERNELS_MIN, min(by_memory, KERNELS_PER_CPU * cpus, KERNELS_CAP)))


def _env_int(name: str) -> int | None:
    value = os.environ.get(name, "").strip()
    return int(value) if value else None


def _parse_address(text: str) -> str | None:
    """A normalised IP address, or None when ``text`` is not one (``::ffff:a.b.c.d`` and
    ``a.b.c.d`` are the same client)."""
    try:
        address = ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None
    if address.version == 6 and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return str(address)


def client_address(handler, header: str = "") -> str:
    """The address a request counts against: the peer's, or, when ``header`` names a header
    set by a trusted proxy (``X-Forwarded-For``, ``X-Real-IP``), the last address in it, the
    one that proxy added (addresses a client wrote before it are not trusted).

    >>> from types import SimpleNamespace as NS
    >>> req = lambda ip, **h: NS(request=NS(remote_ip=ip, headers=h))
    >>> client_address(req("10.0.0.5", **{"X-Forwarded-For": "1.2.3.4"}))
    '10.0.0.5'
    >>> client_address(req("127.0.0.1", **{"X-Forwarded-For": "6.6.6.6, 10.0.0.9"}), "X-Forwarded-For")
    '10.0.0.9'
    >>> client_address(req("127.0.0.1", **{"X-Forwarded-For": "junk"}), "X-Forwarded-For")
    '127.0.0.1'
    """
    request = handler.request
    if header:
        value = request.headers.get(header, "")
        last = value.split(",")[-1] if value else ""
        forwarded = _parse_address(last)
        if forwarded is not None:
            return forwarded
    return _parse_address(request.remote_ip or "") or (request.remote_ip or "unknown")


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def notebook_allowed(directory: str | None, allowed) -> bool:
    """Whether a notebook in ``directory`` (relative to the served root, as Voilà passes it)
    may run: inside one of the ``allowed`` folders, after resolving ``.`` and ``..``.

    >>> notebook_allowed("lessons", ["lessons"]), notebook_allowed("lessons/extra", ["lessons"])
    (True, True)
    >>> notebook_allowed("lessons/../tests/browser/fixtures", ["lessons"])
    False
    >>> notebook_allowed("lessons_old", ["lessons"]), notebook_allowed("", ["lessons"])
    (False, False)
    """
    if directory is None:
        return False
    path = posixpath.normpath(directory.replace("\\", "/").strip("/") or ".")
    if path == ".." or path.startswith("../") or posixpath.isabs(path):
        return False
    for folder in allowed:
        folder = posixpath.normpath(folder.strip("/") or ".")
        if folder == "." or path == folder or path.startswith(folder + "/"):
            return True
    return False


# The "tutor is busy" page: HTTP 503, small, offline (no script, no link, inline style), in
# the page's language, and reloading itself after Retry-After seconds.
BUSY_TEXT = {
    "en": ("The tutor is busy",
           "Too many pages are open on this server right now. Try again in a moment: this "
           "page reloads itself in {seconds} seconds."),
    "pt_BR": ("O tutor está ocupado",
              "Há páginas abertas demais neste servidor agora. Tente de novo em instantes: "
              "esta página se recarrega sozinha em {seconds} segundos."),
    "es_AR": ("El tutor está ocupado",
              "Hay demasiadas páginas abiertas en este servidor ahora. Probá de nuevo en un "
              "momento: esta página se vuelve a cargar sola en {seconds} segundos."),
    "th": ("ระบบสอนไม่ว่างในขณะนี้",
           "ขณะนี้มีหน้าที่เปิดอยู่บนเซิร์ฟเวอร์นี้มากเกินไป โปรดลองอีกครั้งในอีกสักครู่ "
           "หน้านี้จะโหลดใหม่เองใน {seconds} วินาที"),
    "tl": ("Abala ang tutor",
           "Masyadong maraming pahina ang bukas sa server na ito ngayon. Pakisubukan muli "
           "maya-maya: kusang magre-reload ang pahinang ito sa loob ng {seconds} segundo."),
    "fa": ("آموزگار مشغول است",
           "اکنون صفحه‌های زیادی روی این سرور باز است. کمی بعد دوباره امتحان کنید: این صفحه "
           "تا {seconds} ثانیهٔ دیگر خودش دوباره بارگذاری می‌شود."),
}


def busy_page(language: str = "en", retry_after: int = 30) -> str:
    """The 503 page in ``language`` (one of ``truco.i18n.LANGUAGES``, else English).

    >>> page = busy_page("fa", 30)
    >>> '<html lang="fa" dir="rtl">' in page, "<script" in page, 'content="30"' in page
    (True, False, True)
    """
    if language not in BUSY_TEXT:
        language = "en"
    title, text = BUSY_TEXT[language]
    direction = "rtl" if language == "fa" else "ltr"
    seconds = int(retry_after)
    return (
        f'<!DOCTYPE html>\n<html lang="{language.replace("_", "-")}" dir="{direction}">\n'
        '<head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta http-equiv="refresh" content="{seconds}">'
        '<link rel="icon" href="data:,">'
        f"<title>{html.escape(title)}</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:36em;margin:4em auto;"
        "padding:0 1em;line-height:1.5;color:#222;background:#fff}"
        "h1{font-size:1.6em}</style></head>\n"
        f"<body><main><h1>{html.escape(title)}</h1>"
        f"<p>{html.escape(text.format(seconds=seconds))}</p></main></body>\n</html>\n"
    )


def _page_language(handler) -> str:
    try:
        from widgets.language.prose import page_language

        return page_language(handler.get_argument("lang", None),
                             handler.request.headers.get("Accept-Language"))
    except Exception:  # the busy page must never fail over its language
        return "en"

