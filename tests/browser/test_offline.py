"""Issue 9.8: the site at the table with no connection, and opened from disk."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS, start, system, widget

pytestmark = pytest.mark.browser


def test_after_one_visit_pages_search_and_a_walkthrough_work_offline(
    browser: Browser, site_url: str
) -> None:
    context = browser.new_context(service_workers="allow")
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        page.goto(site_url + "rules/movement/")
        # Installed means every page is precached; it then takes control of this tab.
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        # Starting a walkthrough online is the reader's choice to keep the runtime.
        start(page, "movement-transport")
        context.set_offline(True)
        page.reload()
        root = widget(page, "movement-transport")
        root.locator(".wt-start").click()
        expect(root.locator(".wt-step")).to_contain_text("Activation", timeout=BOOT_TIMEOUT_MS)
        system(root, "Target").click()
        expect(root.locator(".wt-step")).to_contain_text("Movement")
        # A page never opened online, and search, still answer.
        page.goto(site_url + "ti3/action-phase/")
        expect(page.locator("h1")).to_contain_text("Action Phase")
        page.locator("label.md-search__icon, .md-search__input").first.click()
        page.locator("input.md-search__input").press_sequentially("89.2.3")
        expect(page.locator(".md-search-result__item a").first).to_be_visible()
    finally:
        context.close()


def test_opened_from_disk_the_site_says_how_to_serve_it(
    browser: Browser, site_dir: Path, site_url: str
) -> None:
    assert site_url  # the site is built once the server is up
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto((site_dir / "index.html").as_uri())
        notice = page.locator(".file-notice")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("python3 -m http.server")
    finally:
        context.close()
