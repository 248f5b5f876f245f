"""The runtime's workers are held to the site's policy, and a share link's
choices are bounded in depth.

A try-it cell's ``js.fetch`` to another origin (a listener on 127.0.0.2) reached it: a
worker obeys only a header policy, and a static host that sends none left the worker
unguarded. The cell is run from the site served by a plain static server with no
headers at all (the ``python3 -m http.server`` recipe) and by the site's own headers.
"""

from __future__ import annotations

import base64
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from bench.site_server import serve
from rulesite.publish.serving import content_type
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS, widget

pytestmark = pytest.mark.browser


class _Listener(BaseHTTPRequestHandler):
    heard: list[str]

    def do_GET(self) -> None:
        self.heard.append(self.path)
        self.send_response(200)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.end_headers()

    do_POST = do_GET

    def log_message(self, format: str, *args: Any) -> None:
        """Print nothing per request."""


@pytest.fixture
def listener() -> Iterator[tuple[str, list[str]]]:
    """A server of another origin (127.0.0.2) that records every request it gets."""
    heard: list[str] = []
    handler = type("Listener", (_Listener,), {"heard": heard})
    server = ThreadingHTTPServer(("127.0.0.2", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.2:{server.server_address[1]}/", heard
    finally:
        server.shutdown()
        server.server_close()


class _NoHeaders(SimpleHTTPRequestHandler):
    """A static host that sends no policy: the site's files, typed, and nothing else."""

    def guess_type(self, path: Any) -> str:
        return content_type(str(path))

    def log_message(self, format: str, *args: Any) -> None:
        """Print nothing per request."""


@pytest.fixture
def headerless_url(site_url: str, site_dir: Path) -> Iterator[str]:
    with serve(site_dir, _NoHeaders) as url:
        yield url


_ESCAPES = """
import js
for url in ("{0}fetch", "{0}fetch-request"):
    js.fetch(url if url.endswith("fetch") else js.Request.new(url))
try:
    request = js.XMLHttpRequest.new()
    request.open("GET", "{0}xhr")
    request.send()
except Exception as error:
    print("xhr refused:", type(error).__name__)
try:
    js.WebSocket.new("{1}")
except Exception as error:
    print("websocket refused:", type(error).__name__)
from pyodide.http import pyfetch
pyfetch("{0}pyfetch")
print("done")
"""


def _run_escapes(page: Page, base: str, listener_url: str) -> str:
    page.goto(base + "rules/tactical-action/")
    cell = page.locator('.wt-tryit[data-tryit="tryit-combat-odds"]')
    websocket = listener_url.replace("http:", "ws:")
    cell.locator("textarea").fill(_ESCAPES.format(listener_url, websocket))
    cell.locator(".wt-run").click()
    output = cell.locator(".wt-output")
    expect(output).to_contain_text("done", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(1500)  # a request let through would have arrived by now
    return output.inner_text()


def test_a_try_it_cell_reaches_no_other_origin_from_a_host_without_headers(
    page: Page, headerless_url: str, listener: tuple[str, list[str]]
) -> None:
    listener_url, heard = listener
    output = _run_escapes(page, headerless_url, listener_url)
    assert heard == []
    assert "xhr refused: JsException" in output
    assert "websocket refused: JsException" in output


def test_the_runtimes_worker_is_served_with_the_sites_policy(
    page: Page, site_url: str, listener: tuple[str, list[str]]
) -> None:
    """What no wrapper stops, the header does: a module imported from another origin."""
    listener_url, heard = listener
    assert _run_escapes(page, site_url, listener_url)
    # The cell's worker, and the walkthroughs' (started once the page went idle).
    workers = [w for w in page.workers if w.url.endswith("/worker.js")]
    assert workers
    refused = [
        worker.evaluate(f"import('{listener_url}module.js').then(() => 'loaded', (e) => 'refused')")
        for worker in workers
    ]
    page.wait_for_timeout(500)
    assert set(refused) == {"refused"}
    assert heard == []


def _deep_link(depth: int) -> str:
    # Written out: Python's own JSON encoder recurses, and stops near 1,000 levels.
    choices = '[{"kind": "move", "unit": ' + "[" * depth + "1" + "]" * depth + "}]"
    raw = base64.urlsafe_b64encode(choices.encode()).decode().rstrip("=")
    return f"#wt=movement-blocking&seed=3&c={raw}"


def test_a_share_link_nested_20000_deep_gets_the_link_error_and_start_still_works(
    page: Page, site_url: str
) -> None:
    page.goto(site_url + "rules/movement/" + _deep_link(20_000))
    root = widget(page, "movement-blocking")
    progress = root.locator(".wt-progress")
    expect(progress).to_contain_text("nest 20002 levels deep; a link may nest at most 32")
    expect(progress).to_contain_text("Start begins at step 1")
    root.locator(".wt-start").click()
    expect(root.locator(".wt-step")).to_contain_text(
        re.compile("Activation|Step 1"), timeout=BOOT_TIMEOUT_MS
    )
    assert "call stack" not in root.inner_text()
