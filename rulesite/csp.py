"""The site's Content-Security-Policy: what a page may load and run, and nothing else.

A second line behind escaping and the sanitiser (:mod:`rulesite.render.sanitise`):
were a script ever to reach a page from a source, the browser would still refuse
to run it. Scripts come only from the site itself (no inline script, no event
handler attribute, no ``javascript:`` URL); WebAssembly may be compiled (Pyodide)
and workers started from the site's own files. Material's inline scripts are
files under this policy (``rulesite/theme``, ``rulesite/assets/theme``).

Delivered two ways: as this header by a server that can send one, and as a
``<meta http-equiv>`` in every page for static hosts that cannot.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable

POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    # Material's stylesheets draw their icons from data: SVG images (an image never runs
    # a script, whatever its type).
    "img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'"
)
HEADER = "Content-Security-Policy"

# A meta policy governs only what comes after it: first in the head, before anything.
_HEAD_START = re.compile(r"<head>", re.IGNORECASE)


def with_styles(css: Iterable[str]) -> str:
    """The policy that also lets these exact inline stylesheets apply (by their SHA-256).

    For an engine's own stylesheet that its script inserts (Zensical's search box, in a
    shadow root): its text comes with the engine, never from a source, and a hash admits
    no other stylesheet.
    """
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"
        for text in css
    )
    return f"{POLICY}; style-src 'self' {hashes}"


def with_csp_meta(page: str, policy: str = POLICY) -> str:
    """``page`` (an HTML document) with ``policy`` as the first thing its head holds.

    A page with no ``<head>`` (not a document) is returned as it is.
    """
    meta = f'<meta http-equiv="{HEADER}" content="{policy}">'
    if meta in page:
        return page
    return _HEAD_START.sub(lambda found: found.group(0) + meta, page, count=1)
