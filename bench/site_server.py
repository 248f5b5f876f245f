"""A built site served on 127.0.0.1, and Debian's Chromium, for the benchmarks and the
browser tests (which import it from here: a benchmark never imports a test module).

A plain static server with the types Pyodide needs (module scripts and
WebAssembly), typed as the site's own server types them
(:func:`rulesite.publish.serving.content_type`), kept quiet: the tests record requests
in the browser instead.
"""

from __future__ import annotations

import contextlib
import functools
import os
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from rulesite.publish import csp
from rulesite.publish.serving import SECURITY_HEADERS, content_type

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def build_site_for(
    url: str,
    out: Path,
    content: Path = ROOT / "content",
    options: Sequence[str] = (),
    engine: str = "mkdocs",
) -> None:
    """Build the site with the project's CLI (``rulesite build``) for serving at ``url``.

    Material's instant navigation only intercepts links listed in
    ``sitemap.xml``, whose entries come from ``site_url`` (port included), so
    the build is told where it will be served (``--site-url``). ``options`` are more of
    the command's (``--precache-mb 20``, say); ``engine`` is its ``--engine``.
    """
    args = ["--content", str(content), "--out", str(out), "--engine", engine, "--site-url", url]
    result = subprocess.run(
        [sys.executable, "-m", "rulesite", "build", *args, *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"rulesite build failed:\n{result.stdout}{result.stderr}")


class QuietSiteHandler(SimpleHTTPRequestHandler):
    """Static files typed as the site's server types them, no log line per request."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        """The site server's type for the file."""
        return content_type(str(path))

    policy = csp.POLICY  # the site's Content-Security-Policy (a Zensical build's differs)

    def end_headers(self) -> None:
        # The headers the site is served with, the CSP among them: a worker obeys only
        # a header policy, never the pages' meta one.
        for name, value in SECURITY_HEADERS:
            self.send_header(name, self.policy if name == csp.HEADER else value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Print nothing per request."""


class QuietServer(ThreadingHTTPServer):
    """A threading server that does not report a client hanging up as an error."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Nothing for a client that closed its connection mid-answer (a browser dropping a
        request it no longer needs, a context closed); any other error as usual."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@contextlib.contextmanager
def serve(
    site_dir: Path,
    handler_class: type[QuietSiteHandler] = QuietSiteHandler,
    policy: str = csp.POLICY,
) -> Iterator[str]:
    """Serve ``site_dir`` on a free port for the duration, its pages under ``policy``;
    yields the base URL.

    The folder may be filled after the server starts (a build for this URL).
    """
    with_policy = type(handler_class.__name__, (handler_class,), {"policy": policy})
    handler = functools.partial(with_policy, directory=str(site_dir))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
