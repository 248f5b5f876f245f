"""A built site served on 127.0.0.1 with the MIME types Pyodide needs.

Module scripts must come as JavaScript and WebAssembly as ``application/wasm``
(for streaming compilation); Python 3.11's table knows neither ``.mjs`` nor,
on every system, ``.wasm``. Used by the browser tests and ``bench/browser.py``.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


class _SiteHandler(SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 -- the base class declares it as a plain class dict
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/zip",
    }

    def log_message(self, format: str, *args: Any) -> None:
        """Stay quiet: the tests record requests in the browser instead."""


@contextlib.contextmanager
def serve(site_dir: Path) -> Iterator[str]:
    """Serve ``site_dir`` on a free port for the duration; yields the base URL.

    The folder may be filled after the server starts (a build for this URL).
    """
    handler = functools.partial(_SiteHandler, directory=str(site_dir))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
