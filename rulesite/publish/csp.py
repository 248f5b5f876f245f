"""The site's Content-Security-Policy: what a page may load and run, and nothing else.

A second line behind escaping and the sanitiser (:mod:`rulesite.core.render.sanitise`):
were a script ever to reach a page from a source, the browser would still refuse
to run it. Scripts come only from the site itself (no inline script, no event
handler attribute, no ``javascript:`` URL); WebAssembly may be compiled (Pyodide)
and workers started from the site's own files. Material's inline scripts are
files under this policy (``rulesite/theme``, ``rulesite/assets/theme``).

Delivered two ways: as this header by a server that can send one, and as a
``<meta http-equiv>`` in every page for static hosts that cannot (with Trusted Types added:
``PAGE_POLICY``).
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
    # Markup that slipped through could still send the reader elsewhere by a form or a base URL.
    "object-src 'none'; base-uri 'self'; form-action 'self'"
)
# A page's own policy adds Trusted Types: its scripts write HTML and script URLs only through
# the default policy (rulesite/assets/theme/trusted_types.js), which writes navigating markup
# as text. Only in the page's meta, not the header: a header reaches the workers too, and
# the service worker's importScripts has no default policy to pass through.
TRUSTED_TYPES = "require-trusted-types-for 'script'; trusted-types default"
PAGE_POLICY = f"{POLICY}; {TRUSTED_TYPES}"
HEADER = "Content-Security-Policy"

# A meta policy governs only what comes after it: first in the head, before anything.
_HEAD_START = re.compile(r"<head>", re.IGNORECASE)
# Every <meta> element, its quoted attribute values read whole (they may hold a ">").
_META_ELEMENT = re.compile(r"""<meta\b(?:[^>"']|"[^"]*"|'[^']*')*>""", re.IGNORECASE)
_HTTP_EQUIV = re.compile(r"\bhttp-equiv\b", re.IGNORECASE)
# A short link's refresh: at once, to a relative address (no scheme, no "//" host).
_SAME_SITE_REFRESH = re.compile(
    r'<meta http-equiv="refresh" content="0; url=(?![a-z][a-z0-9+.-]*:|/)[^"<>:]*">'
)


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


def page_policy(policy: str) -> str:
    """A page's own policy (its meta) from a served ``policy``: Trusted Types added, as
    ``PAGE_POLICY`` adds them to ``POLICY``; every engine's pages carry them."""
    return f"{policy}; {TRUSTED_TYPES}"


def with_csp_meta(page: str, policy: str = PAGE_POLICY, *, allow_refresh: bool = False) -> str:
    """``page`` (an HTML document) with ``policy`` as the first thing its head holds, and no
    other ``<meta http-equiv>`` anywhere.

    ``allow_refresh``: the page is a short link (``r/<number>/``, written by the build, not
    from a source): its refresh to a relative address on this site stays.

    A page with no ``<head>`` (not a document) gets no policy.
    """
    meta = f'<meta http-equiv="{HEADER}" content="{policy}">'

    def without_other_http_equiv(found: re.Match[str]) -> str:
        # No policy can forbid a <meta http-equiv="refresh"> (it navigates) or a second
        # policy: the page keeps none but its own.
        element = found.group(0)
        if allow_refresh and _SAME_SITE_REFRESH.fullmatch(element):
            return element
        return element if element == meta or not _HTTP_EQUIV.search(element) else ""

    page = _META_ELEMENT.sub(without_other_http_equiv, page)
    if meta in page:
        return page
    return _HEAD_START.sub(lambda found: found.group(0) + meta, page, count=1)
