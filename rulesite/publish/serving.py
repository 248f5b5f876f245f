"""What the local server adds around MkDocs's own: headers, refusals and precompressed files.

A WSGI middleware, so it wraps ``mkdocs serve``'s server through wsgiref's public
``get_app()``/``set_app()``. It answers a NUL in a path or one that is not UTF-8 with
400 (MkDocs's server would fail opening the first and serve the home page for the
second), any method but GET and HEAD with 405, sends the security headers on every response,
serves a file's ``.br``/``.gz`` sibling, when the build made one and the browser
accepts it, with its ``Content-Encoding`` (the Pyodide runtime is ~10 MB raw), and
moves the live-reload script MkDocs writes into each page to a file of its own,
so live reload works under a Content-Security-Policy that allows no inline script.
"""

from __future__ import annotations

import email.utils
import hashlib
import mimetypes
import posixpath
import re
from collections import OrderedDict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from rulesite.publish import csp

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

# One place for the headers the site is served with; the policy is the one every page
# also carries as a <meta> (rulesite/publish/csp.py).
SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    (csp.HEADER, csp.POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "same-origin"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
)
_OURS = frozenset(name.lower() for name, _ in SECURITY_HEADERS)
# Best first: brotli is smaller than gzip for the same file.
ENCODINGS: tuple[tuple[str, str], ...] = (("br", ".br"), ("gzip", ".gz"))
_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm"}
# MkDocs's server appends one inline script to each page it serves: its live-reload poller.
_LIVE_RELOAD = re.compile(rb"<script>(\s*var livereload = function.*?)</script>", re.DOTALL)
SCRIPTS_PATH = "/.rulesite/livereload/"
# A static site has nothing to post to: MkDocs's server would answer any method with the page.
ALLOWED_METHODS = ("GET", "HEAD")
# Each page view gets its own poller (an id of the view in it); the newest few are kept.
_KEPT_SCRIPTS = 256


class _Scripts:
    """Live-reload scripts taken out of pages, by the name they are served under."""

    def __init__(self) -> None:
        self._by_name: OrderedDict[str, bytes] = OrderedDict()

    def keep(self, script: bytes) -> str:
        name = hashlib.sha256(script).hexdigest()[:32] + ".js"
        self._by_name[name] = script
        self._by_name.move_to_end(name)
        while len(self._by_name) > _KEPT_SCRIPTS:
            self._by_name.popitem(last=False)
        return SCRIPTS_PATH + name

    def get(self, path: str) -> bytes | None:
        return self._by_name.get(path.removeprefix(SCRIPTS_PATH))


def _external_live_reload(body: bytes, scripts: _Scripts) -> bytes:
    """``body`` with MkDocs's inline live-reload script replaced by a ``src`` to the same code."""

    def external(found: re.Match[bytes]) -> bytes:
        return b'<script src="%s"></script>' % scripts.keep(found.group(1)).encode()

    return _LIVE_RELOAD.sub(external, body, count=1)


def accepted_encodings(header: str) -> set[str]:
    """The content codings an ``Accept-Encoding`` header allows (``q=0`` refuses one)."""
    accepted = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        quality = params.strip().removeprefix("q=").strip() if params.strip() else "1"
        try:
            allowed = float(quality) > 0
        except ValueError:
            allowed = False
        if name.strip() and allowed:
            accepted.add(name.strip().lower())
    return accepted


def content_type(path: str) -> str:
    """The type a file is served with: browsers need module scripts and wasm typed exactly."""
    suffix = posixpath.splitext(path)[1].lower()
    return _TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"


def compressed_sibling(file: Path, accept_encoding: str) -> tuple[str, Path] | None:
    """The best precompressed sibling of ``file`` that an ``Accept-Encoding`` header allows:
    its content coding and its path; ``None`` when there is none to send."""
    accepted = accepted_encodings(accept_encoding)
    for name, ext in ENCODINGS:
        sibling = file.with_name(file.name + ext)
        if name in accepted and sibling.is_file():
            return name, sibling
    return None


def sibling_headers(file: Path, encoding: str, size: int) -> list[tuple[str, str]]:
    """The headers of ``file`` sent as its ``encoding`` sibling of ``size`` bytes: the
    original's type and modification time, so a browser revalidates it as it would the
    original."""
    return [
        ("Content-Type", content_type(file.name)),
        ("Content-Encoding", encoding),
        ("Content-Length", str(size)),
        ("Vary", "Accept-Encoding"),
        ("Last-Modified", email.utils.formatdate(file.stat().st_mtime, usegmt=True)),
    ]


def _site_file(site_dir: Path, mount: str, path: str) -> Path | None:
    """The file under ``site_dir`` a request path names, or None (outside, missing, a folder)."""
    if not path.startswith(mount):
        return None
    relative = posixpath.normpath("/" + path[len(mount) :]).lstrip("/")
    if not relative or relative == ".":
        return None
    file = site_dir / relative
    try:
        return file if file.is_file() else None
    except OSError:  # a name no file can have: longer than the system allows, say
        return None


def serving_middleware(app: WsgiApp, site_dir: Path, mount: str = "/") -> WsgiApp:
    """``app`` behind the site's headers, the NUL refusal, precompressed siblings and the
    live-reload script as a file."""
    scripts = _Scripts()

    def middleware(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        path = str(environ.get("PATH_INFO", ""))
        exact_type = _TYPES.get(posixpath.splitext(path)[1].lower())

        def with_headers(status: str, headers: list[tuple[str, str]], *rest: Any) -> Any:
            if exact_type is not None and status.startswith("200"):
                # RFC 9239 names text/javascript; MkDocs's server says application/javascript.
                headers = [h for h in headers if h[0].lower() != "content-type"]
                headers.append(("Content-Type", exact_type))
            # Each once: the site's value replaces one the server (or a page) already set.
            kept = [h for h in headers if h[0].lower() not in _OURS]
            return start_response(status, [*kept, *SECURITY_HEADERS], *rest)

        def refuse(status: str, reason: str, *headers: tuple[str, str]) -> list[bytes]:
            with_headers(status, [("Content-Type", "text/plain"), *headers])
            return [f"{status}: {reason}".encode()]

        method = str(environ.get("REQUEST_METHOD", "GET"))
        if method not in ALLOWED_METHODS:
            allow = ("Allow", ", ".join(ALLOWED_METHODS))
            return refuse("405 Method Not Allowed", f"{method} on a static site", allow)
        if "\x00" in path:
            return refuse("400 Bad Request", "NUL in the path")
        try:
            # WSGI hands the path's bytes over as Latin-1; MkDocs's server drops what is not UTF-8.
            path.encode("latin-1").decode("utf-8")
        except UnicodeError:
            return refuse("400 Bad Request", "the path is not UTF-8")
        if path.startswith(SCRIPTS_PATH):
            script = scripts.get(path)
            if script is None:
                with_headers("404 Not Found", [("Content-Type", "text/plain")])
                return [b"404 Not Found"]
            with_headers(
                "200 OK",
                [("Content-Type", "text/javascript"), ("Content-Length", str(len(script)))],
            )
            return [script]
        file = _site_file(site_dir, mount, path)
        if file is None or file.suffix == ".html":
            return _page(app, environ, with_headers, scripts)
        if environ.get("REQUEST_METHOD") != "GET":
            return app(environ, with_headers)
        if not any(file.with_name(file.name + ext).is_file() for _, ext in ENCODINGS):
            return app(environ, with_headers)
        chosen = compressed_sibling(file, str(environ.get("HTTP_ACCEPT_ENCODING", "")))
        if chosen is not None:
            encoding, sibling = chosen
            body = sibling.read_bytes()
            with_headers("200 OK", sibling_headers(file, encoding, len(body)))
            return [body]

        def vary(status: str, headers: list[tuple[str, str]], *rest: Any) -> Any:
            return with_headers(status, [*headers, ("Vary", "Accept-Encoding")], *rest)

        return app(environ, vary)

    return middleware


def _page(
    app: WsgiApp,
    environ: dict[str, Any],
    with_headers: Callable[..., Any],
    scripts: _Scripts,
) -> Iterable[bytes]:
    """A page (or an error page) from MkDocs's server, its live-reload script made a file."""
    answer: list[Any] = []

    def hold(status: str, headers: list[tuple[str, str]], *rest: Any) -> Any:
        answer.extend((status, headers))
        return lambda data: None  # MkDocs's server returns its body; it never writes

    chunks = app(environ, hold)
    try:
        body = b"".join(chunks)
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()
    status, headers = answer
    if any(k.lower() == "content-type" and v.startswith("text/html") for k, v in headers):
        body = _external_live_reload(body, scripts)
        headers = [(k, v) for k, v in headers if k.lower() != "content-length"]
        headers.append(("Content-Length", str(len(body))))
    with_headers(status, headers)
    return [body]
