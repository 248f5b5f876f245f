"""The whole reference kept on the device, and what a reader gets offline without it.

"Keep the whole reference offline" (the Coverage page) fetches every page, short link and
data file the build lists and the engine's files as this host sends them; offline after it,
the calculator, a walkthrough off its line, a short link and pages never opened all work.
A navigation no cache answers gets the site's own offline page. On a phone and a desktop.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from tests.browser.conftest import controlled_page, each_engine
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS, start, system

pytestmark = pytest.mark.browser

WIDTHS = pytest.mark.parametrize("width", [390, 1280])


@contextmanager
def _worker_context(browser: Browser, width: int) -> Iterator[BrowserContext]:
    context = browser.new_context(
        service_workers="allow", viewport={"width": width, "height": 844 if width < 600 else 900}
    )
    context.set_default_timeout(20_000)
    try:
        yield context
    finally:
        context.close()


def _on_disk(site_dir: Path, url: str, site_url: str) -> int:
    """The bytes a host that sends files as they are sends for ``url``'s body."""
    path = urlsplit(url).path.removeprefix(urlsplit(site_url).path)
    file = site_dir / path
    return (file / "index.html" if path.endswith("/") or not path else file).stat().st_size


def _keep(page: Page, site_url: str) -> list[Request]:
    """Press "Keep the whole reference offline" and wait for it; the requests it made."""
    kept: list[Request] = []

    def record(request: Request) -> None:
        # The page's own (the service worker passes each on: a second request).
        if "x-rules-keep" in request.headers and request.service_worker is None:
            kept.append(request)

    page.context.on("request", record)
    page.goto(site_url + "coverage/")
    box = page.locator(".keep-offline")
    # The button says how much a press downloads before it is pressed.
    button = box.get_by_role("button", name=re.compile(r"^Keep the whole reference offline \("))
    expect(button).to_have_text(re.compile(r"\([\d.]+ MB\)$"))
    button.click()
    expect(box).to_have_attribute("data-kept", "", timeout=180_000)
    page.context.remove_listener("request", record)
    return kept


@each_engine
@WIDTHS
def test_after_keep_the_calculator_a_walkthrough_off_its_line_a_short_link_and_unopened_pages_work_offline(  # noqa: E501
    browser: Browser, site_url: str, built_site_dir: Path, width: int
) -> None:
    site_dir = built_site_dir
    with _worker_context(browser, width) as context:
        page = controlled_page(context, site_url)
        fetched = _keep(page, site_url)
        box = page.locator(".keep-offline")
        status = box.locator("[role=status]")
        expect(status).to_contain_text("The whole reference is on this device")
        expect(status).to_contain_text("the rules engine included")
        # The real size: what this host sent (files as they are on disk, the engine as its
        # Brotli siblings), to the tenth of a megabyte the status states.
        sent = sum(_on_disk(site_dir, r.url, site_url) for r in fetched)
        stated = float(re.findall(r"([\d.]+) MB downloaded", status.inner_text())[0])
        assert abs(stated - sent / 1e6) <= 0.051, (stated, sent)
        announced = box.get_by_role("button").inner_text()
        assert f"({stated:.1f} MB)" in announced, announced
        urls = {r.url.removeprefix(site_url) for r in fetched}
        assert {"r/89.2/", "rules/tactical-action/", "odds/", "rules.json"} <= urls
        assert "assets/pyodide/pyodide.asm.wasm.br" in urls
        assert "assets/pyodide/python_stdlib_full.zip.br" in urls  # what a try-it may import
        bar = box.locator("progress")
        assert bar.evaluate("bar => bar.value === bar.max && bar.max > 1e6")

        context.set_offline(True)
        # The calculator, never opened online.
        page.goto(site_url + "odds/#a=cruiser*1&d=cruiser*1")
        calc = page.locator(".odds-calc")
        expect(calc).to_have_attribute("data-odds", "ready", timeout=BOOT_TIMEOUT_MS)
        expect(calc.locator('[data-outcome="attacker_wins"]')).to_have_text("Attacker wins: 37.50%")
        # A walkthrough off its suggested line: the engine answers, in its worker.
        page.goto(site_url + "rules/movement/")
        root = start(page, "movement-transport")
        system(root, "Dock").click()  # not the suggested system
        expect(root).to_contain_text("Off the suggested line", timeout=BOOT_TIMEOUT_MS)
        expect(root.locator(".wt-step")).to_contain_text("Movement", timeout=BOOT_TIMEOUT_MS)
        # A short link, then a page never opened.
        page.goto(site_url + "r/89.2/")
        page.wait_for_url(re.compile(r"/rules/tactical-action/#89\.2$"))
        expect(page.locator('[id="89.2"]')).to_be_visible()
        page.goto(site_url + "ti3/action-phase/")
        expect(page.locator("h1")).to_contain_text("Action Phase")
        # An address the site does not have: the offline page, listing what is kept.
        page.goto(site_url + "rules/no-such-topic/")
        _expect_offline_page(page, "/rules/no-such-topic/")
        kept = page.locator(".offline-kept a")
        expect(kept.filter(has_text="Tactical Action").first).to_be_visible()
        assert kept.count() > 10


def _expect_offline_page(page: Page, asked: str) -> None:
    page.wait_for_url(re.compile(r"/offline/#from="))
    expect(page.locator("h1")).to_contain_text("Not on this device")
    expect(page.locator(".offline-asked")).to_contain_text(asked)
    retry = page.get_by_role("link", name="Try again")
    expect(retry).to_be_visible()
    assert retry.get_attribute("href", timeout=5_000).endswith(asked)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@WIDTHS
def test_offline_a_page_not_kept_gets_the_sites_offline_page_listing_what_is(
    browser: Browser, site_url: str, width: int
) -> None:
    with _worker_context(browser, width) as context:
        page = controlled_page(context, site_url + "rules/movement/")
        context.set_offline(True)
        page.goto(site_url + "rules/action-phase/")  # never opened, not kept
        _expect_offline_page(page, "/rules/action-phase/")
        kept = page.locator(".offline-kept")
        expect(kept).to_have_attribute("data-filled", "")
        expect(kept.get_by_role("link", name=re.compile("^Movement"))).to_be_visible()
        expect(kept.get_by_role("link", name=re.compile("Action Phase"))).to_have_count(0)
        # Back online, "Try again" opens the page asked for.
        context.set_offline(False)
        page.get_by_role("link", name="Try again").click()
        expect(page.locator("h1")).to_contain_text("Action Phase")
