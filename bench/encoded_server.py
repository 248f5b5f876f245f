"""The built site served with its precompressed siblings, for ``bench/browser.py``.

A request whose ``Accept-Encoding`` names ``br`` (or ``gzip``) gets
``page.html.br`` (or ``.gz``) with ``Content-Encoding`` set, when the build
wrote one: what nginx's ``brotli_static``/``gzip_static`` does with the same
files, and what ``mkdocs serve`` does through ``rulesite.serving`` (whose
encoding choice this shares). Unlike that live-reload server this is a plain
static one, as a host is: every response carries ``Last-Modified``, so a warm
browser revalidates instead of downloading again, as with the plain server.
"""

from __future__ import annotations

import email.utils
import io
from pathlib import Path
from typing import BinaryIO

from rulesite.serving import ENCODINGS, accepted_encodings
from tests.browser.site_server import QuietSiteHandler


class EncodedSiteHandler(QuietSiteHandler):
    """Serves ``X.br`` / ``X.gz`` for ``X`` to browsers that accept that encoding."""

    def send_head(self) -> BinaryIO | io.BytesIO | None:
        """The sibling for an accepted encoding, or what the plain handler would send."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file() or "If-Modified-Since" in self.headers:
            return super().send_head()
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        for encoding, suffix in ENCODINGS:
            sibling = path.with_name(path.name + suffix)
            if encoding in accepted and sibling.is_file():
                body = sibling.open("rb")
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(str(path)))
                self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(sibling.stat().st_size))
                self.send_header("Vary", "Accept-Encoding")
                modified = email.utils.formatdate(path.stat().st_mtime, usegmt=True)
                self.send_header("Last-Modified", modified)
                self.end_headers()
                return body
        return super().send_head()
