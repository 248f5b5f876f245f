"""The precompiled runtime in Chromium: the trimmed stdlib suffices, the full one is a fallback.

A walkthrough boots from the trimmed, precompiled
``python_stdlib.zip``; a try-it cell may still import any stdlib module, which
fetches ``python_stdlib_full.zip`` once.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Recorder
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS, start

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
