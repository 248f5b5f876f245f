"""What the local server adds around MkDocs's own: headers, refusals and precompressed files.

A WSGI middleware, so it wraps ``mkdocs serve``'s server through wsgiref's public
``get_app()``/``set_app()``. It answers a NUL in a path with 400 (MkDocs's
server would fail opening it), sends the security headers on every response, and
serves a file's ``.br``/``.gz`` sibling, when the build made one and the browser
accepts it, with its ``Content-Encoding`` (the Pyodide runtime is ~10 MB raw).
"""

from __future__ import annotations

import mimetypes
import posixpath
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from rulesite.csp import HEADER as CSP_HEADER
from rulesite.csp import POLICY as CSP_POLICY

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

# One place for the headers the site is served with.
SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "same-origin"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    (CSP_HEADER, CSP_POLICY),
)
# Best first: brotli is smaller than gzip for the same file.
ENCODINGS: tuple[tuple[str, str], ...] = (("br", ".br"), ("gzip", ".gz"))
_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm"}


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


def _site_file(site_dir: Path, mount: str, path: str) -> Path | None:
    """The file under ``site_dir`` a request path names, or None (outside, missing, a folder)."""
    if not path.startswith(mount):
        return None
    relative = posixpath.normpath("/" + path[len(mount) :]).lstrip("/")
    if not relative or relative == ".":
        return None
    file = site_dir / relative
    return file if file.is_file() else None


def serving_middleware(app: WsgiApp, site_dir: Path, mount: str = "/") -> WsgiApp:
    """``app`` behind the site's headers, the NUL refusal and precompressed siblings."""

    def middleware(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        path = str(environ.get("PATH_INFO", ""))
        exact_type = _TYPES.get(posixpath.splitext(path)[1].lower())

        def with_headers(status: str, headers: list[tuple[str, str]], *rest: Any) -> Any:
            if exact_type is not None and status.startswith("200"):
                # RFC 9239 names text/javascript; MkDocs's server says application/javascript.
                headers = [h for h in headers if h[0].lower() != "content-type"]
                headers.append(("Content-Type", exact_type))
            return start_response(status, [*headers, *SECURITY_HEADERS], *rest)

        if "\x00" in path:
            body = b"400 Bad Request: NUL in the path"
            with_headers("400 Bad Request", [("Content-Type", "text/plain")])
            return [body]
        file = _site_file(site_dir, mount, path)
        # HTML is left to MkDocs's server, which injects its live-reload script into it.
        if file is None or file.suffix == ".html" or environ.get("REQUEST_METHOD") != "GET":
            return app(environ, with_headers)
        accepted = accepted_encodings(str(environ.get("HTTP_ACCEPT_ENCODING", "")))
        siblings = [(name, file.with_name(file.name + ext)) for name, ext in ENCODINGS]
        if not any(sibling.is_file() for _, sibling in siblings):
            return app(environ, with_headers)
        for name, sibling in siblings:
            if name in accepted and sibling.is_file():
                body = sibling.read_bytes()
                with_headers(
                    "200 OK",
                    [
                        ("Content-Type", content_type(file.name)),
                        ("Content-Encoding", name),
                        ("Content-Length", str(len(body))),
                        ("Vary", "Accept-Encoding"),
                    ],
                )
                return [body]

        def vary(status: str, headers: list[tuple[str, str]], *rest: Any) -> Any:
            return with_headers(status, [*headers, ("Vary", "Accept-Encoding")], *rest)

        return app(environ, vary)

    return middleware
