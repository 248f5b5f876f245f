"""One built site, one server and one Chromium for every browser test of the session.

The site is built with the project's own CLI (``build_site.py --out DIR``) into
a temporary folder and served on 127.0.0.1 (the port is chosen first, so the
build knows its URL); Debian's Chromium is driven by
Playwright's sync API (Playwright never downloads a browser here). Each test
gets a fresh browser context, so no test sees another's worker or storage.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Request, sync_playwright

from tests.browser.site_server import serve

ROOT = Path(__file__).resolve().parents[2]
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


@dataclass
class Recorder:
    """What a page did: console errors, uncaught exceptions and every request URL."""

    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text} ({message.location.get('url')})")

    def page_error(self, error: Exception) -> None:
        self.errors.append(f"uncaught: {error}")

    def request(self, request: Request) -> None:
        self.requests.append(request.url)


def build_site_for(url: str, out: Path, content: Path = ROOT / "content") -> None:
    """Build the site with the project's CLI for serving at ``url``.

    Material's instant navigation only intercepts links listed in
    ``sitemap.xml``, whose entries come from ``site_url`` (port included), so
    the build is told where it will be served through ``SITE_URL``.
    """
    result = subprocess.run(
        [sys.executable, "build_site.py", "--content", str(content), "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "SITE_URL": url},
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("site") / "site"


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    with serve(site_dir) as url:
        build_site_for(url, site_dir)
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def page(browser: Browser, recorder: Recorder) -> Iterator[Page]:
    # Service workers are blocked except in the offline test: a worker's own fetches would
    # show up as requests of their own and blur what a page asked for.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    context.set_default_timeout(20_000)
    tab = context.new_page()
    tab.on("console", recorder.console)
    tab.on("pageerror", recorder.page_error)
    # On the context, not the page: requests a Web Worker makes (Pyodide's files) count too.
    context.on("request", recorder.request)
    yield tab
    context.close()
