"""The built site served with its precompressed siblings, for ``bench/walkthrough_start.py``.

A request whose ``Accept-Encoding`` names ``br`` (or ``gzip``) gets
``page.html.br`` (or ``.gz``) with ``Content-Encoding`` set, when the build
wrote one: what nginx's ``brotli_static``/``gzip_static`` does with the same
files, and what ``mkdocs serve`` does through ``rulesite.publish.serving`` (whose
choice of sibling and headers this shares). Unlike that live-reload server this is a plain
static one, as a host is: every response carries ``Last-Modified``, so a warm
browser revalidates instead of downloading again, as with the plain server.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import BinaryIO

from bench.site_server import QuietSiteHandler
from rulesite.publish.serving import compressed_sibling, sibling_headers


class EncodedSiteHandler(QuietSiteHandler):
    """Serves ``X.br`` / ``X.gz`` for ``X`` to browsers that accept that encoding."""

    def send_head(self) -> BinaryIO | io.BytesIO | None:
        """The sibling for an accepted encoding, or what the plain handler would send."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file() or "If-Modified-Since" in self.headers:
            return super().send_head()
        chosen = compressed_sibling(path, self.headers.get("Accept-Encoding", ""))
        if chosen is None:
            return super().send_head()
        encoding, sibling = chosen
        body = sibling.open("rb")
        self.send_response(200)
        for name, value in sibling_headers(path, encoding, sibling.stat().st_size):
            self.send_header(name, value)
        self.end_headers()
        return body
