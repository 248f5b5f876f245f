"""The precompiled runtime in Chromium: the trimmed stdlib suffices, the full one is a fallback.

A walkthrough boots from the trimmed, precompiled
``python_stdlib.zip``; a try-it cell may still import any stdlib module, which
fetches ``python_stdlib_full.zip`` once.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from tests.browser.conftest import Recorder
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS, start, widget

pytestmark = pytest.mark.browser


def test_walkthrough_starts_on_the_trimmed_stdlib_alone(
    page: Page, site_url: str, recorder: Recorder
) -> None:
    page.goto(site_url + "rules/tactical-action/")
    start(page, "tactical-action")
    # As it is, or as its Brotli sibling from a host that sends files as they are (transfer.js).
    assert any(
        url.endswith(("/python_stdlib.zip", "/python_stdlib.zip.br")) for url in recorder.requests
    )
    assert not [url for url in recorder.requests if "python_stdlib_full" in url]


def test_any_stdlib_module_still_imports_through_the_full_stdlib(
    page: Page, site_url: str, recorder: Recorder
) -> None:
    # Through a try-it cell, as a reader runs one: the site's own worker, under the site's
    # Content-Security-Policy (worker-src 'self', connect-src by default-src 'self').
    page.goto(site_url + "rules/tactical-action/")
    cell = page.locator('.wt-tryit[data-tryit="tryit-combat-odds"]')
    cell.locator("textarea").fill(
        "import tomllib, xml.dom.minidom\nprint(tomllib.loads('a = 1')['a'])\n"
    )
    cell.locator(".wt-run").click()
    expect(cell.locator(".wt-output")).to_have_text(re.compile(r"^1\s*$"), timeout=BOOT_TIMEOUT_MS)
    full = [u for u in recorder.requests if u.endswith(("/python_stdlib_full.zip", ".zip.br"))]
    full = [u for u in full if "python_stdlib_full" in u]
    assert len(full) == 1, full
    assert [e for e in recorder.errors if "Content Security Policy" in e] == []


def _sent(site_dir: Path, url: str, site_url: str) -> int:
    """What a host that sends files as they are on disk sends for ``url``."""
    return (site_dir / url.removeprefix(site_url)).stat().st_size


@pytest.mark.parametrize("width", [390, 1280])
def test_a_plain_host_sends_the_engine_as_brotli_and_start_says_what_it_sends(
    browser: Browser, site_dir: Path, site_url: str, width: int
) -> None:
    """The test server sends files as they are on disk (and the site's policy as a header,
    so the Emscripten module comes as it is): the large runtime files come as their Brotli
    siblings, decoded in the worker, and the Start label states those bytes."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        runtime: list[Request] = []
        context.on(
            "requestfinished",
            lambda r: runtime.append(r) if re.search(r"/assets/pyodide/|/wheels/", r.url) else None,
        )
        page.goto(site_url + "rules/tactical-action/")
        root = widget(page, "tactical-action")
        label = root.locator(".wt-start").filter(has_text="MB")
        expect(label).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        stated = float(re.findall(r"downloads ([\d.]+) MB", label.inner_text())[0])
        start(page, "tactical-action")
        urls = [r.url for r in runtime]
        for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
            assert any(url.endswith(f"/{name}.br") for url in urls), urls
            assert not any(url.endswith(f"/{name}") for url in urls), urls
        assert any(url.endswith(".whl.br") for url in urls), urls
        assert any(url.endswith("/brotli_dec_wasm_bg.wasm.gz") for url in urls), urls
        sent = sum(_sent(site_dir, url, site_url) for url in set(urls))
        assert abs(stated - sent / 1e6) <= 0.051, (stated, sent)
        # A fifth of what the files weigh as they are.
        raw = sum(_sent(site_dir, url.removesuffix(".br"), site_url) for url in set(urls))
        assert sent < raw / 3
    finally:
        context.close()
