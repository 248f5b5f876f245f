"""The site at the table with no connection, and opened from disk."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from bench.site_server import build_site_for, serve
from rulesite.adapters.registry import site_engine
from tests.browser.conftest import ENGINES, controlled_page, each_engine
from tests.browser.search_box import search
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS, start, system, widget

pytestmark = pytest.mark.browser


@each_engine
def test_after_one_visit_pages_search_and_a_walkthrough_work_offline(
    browser: Browser, site_url: str, engine: str
) -> None:
    with _worker_context(browser) as context:
        # Installed means the shell is precached; it then takes control of this tab.
        page = controlled_page(context, site_url + "rules/movement/")
        # Starting a walkthrough online is the reader's choice to keep the runtime.
        start(page, "movement-transport")
        # The rest of the reference, kept by the reader's choice (the Coverage page).
        keep_whole_reference(page, site_url)
        page.goto(site_url + "rules/movement/")
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
        search(page, engine, "89.2.3")


def test_on_a_first_visit_the_offline_copy_waits_for_the_walkthrough_runtime(
    browser: Browser, site_url: str
) -> None:
    """Precached beside a starting runtime, the site's hundred files made the start 1.5x as
    slow (bench/walkthrough_start.py); pressed on a first visit, Start's runtime goes first."""
    runtime = ("/pyodide.asm.wasm", "/python_stdlib.zip", ".whl")
    # A plain host sends them as their Brotli siblings (transfer.js).
    sent = (*runtime, *(f"{end}.br" for end in runtime))
    with _worker_context(browser) as context:
        requested: list[tuple[str, bool]] = []
        context.on("request", lambda r: requested.append((r.url, r.service_worker is not None)))
        page = context.new_page()
        page.goto(site_url + "rules/movement/")
        start(page, "movement-transport")
        # Installed once the runtime has started, with the shell precached: no page the
        # reader has not opened.
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        query = "async (url) => Boolean(await caches.match(url, { ignoreSearch: true }))"
        assert page.evaluate(query, site_url + "index.html")
        assert not page.evaluate(query, site_url + "rules/action-phase/index.html")
        assert not page.evaluate(query, site_url + "rules/action-phase/")
        # The runtime, fetched before the worker was there, is kept all the same.
        kept = page.evaluate(KEPT_RUNTIME, list(runtime))
        assert all(any(end in url for url in kept) for end in runtime), kept
        online = list(requested)
        context.set_offline(True)
        page.reload()
        start(page, "movement-transport")  # the engine too, from what was kept
    # The service worker's own requests (it asks for the runtime again, to keep it) and its
    # script come after the runtime's.
    last_runtime = max(
        i for i, (url, by_worker) in enumerate(online) if url.endswith(sent) and not by_worker
    )
    offline_copy = [
        i for i, (url, by_worker) in enumerate(online) if by_worker or url.endswith("/sw.js")
    ]
    assert offline_copy, "the service worker fetched nothing"
    assert min(offline_copy) > last_runtime, [url for url, _ in online]


@pytest.fixture(scope="module", params=ENGINES)
def shell_only_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """The same content built (by each engine) as a site too large to precache whole: its
    budget is 0 MB."""
    site = tmp_path_factory.mktemp("shell-only") / "site"
    with serve(site, policy=site_engine(request.param).policy()) as url:
        build_site_for(url, site, options=["--precache-mb", "0"], engine=request.param)
        yield url


# The runtime files the worker keeps, once it keeps those named (polled for up to 20 s; as
# they are, or as the siblings a plain host sends: transfer.js); what it kept by then if not.
KEPT_RUNTIME = """async (ends) => {
  let kept = [];
  for (let tries = 0; tries < 400; tries += 1) {
    kept = (await (await caches.open("ti-runtime")).keys()).map((request) => request.url);
    if (ends.every((end) => kept.some((url) => url.includes(end)))) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return kept;
}"""


def keep_whole_reference(page: Page, site_url: str) -> None:
    """Press "Keep the whole reference offline" on the Coverage page and wait for it."""
    page.goto(site_url + "coverage/")
    box = page.locator(".keep-offline")
    box.get_by_role("button", name="Keep the whole reference offline").click()
    expect(box).to_have_attribute("data-kept", "", timeout=120_000)
    expect(box.locator("[role=status]")).to_contain_text("The whole reference is on this device")


@contextmanager
def _worker_context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(service_workers="allow")
    context.set_default_timeout(20_000)
    try:
        yield context
    finally:
        context.close()


def _kept(page: Page, url: str) -> bool:
    """Whether the worker keeps ``url`` among the pages read (waiting up to 20 s)."""
    return bool(
        page.evaluate(
            """async (url) => {
              for (let tries = 0; tries < 400; tries += 1) {
                if (await (await caches.open("ti-pages")).match(url)) return true;
                await new Promise((resolve) => setTimeout(resolve, 50));
              }
              return false;
            }""",
            url,
        )
    )


def test_a_site_too_large_to_precache_keeps_each_page_once_read(
    browser: Browser, shell_only_url: str, request: pytest.FixtureRequest
) -> None:
    engine = request.node.callspec.params["shell_only_url"]
    with _worker_context(browser) as context:
        first = controlled_page(context, shell_only_url + "rules/movement/")
        # The page that installed the worker, asked for again through it (rules.js).
        assert _kept(first, shell_only_url + "rules/movement/")
        page = context.new_page()
        page.goto(shell_only_url + "rules/tactical-action/")  # read once, online
        expect(page.locator("h1")).to_contain_text("Tactical Action")
        search(page, engine, "89.2.3")  # searched once, online
        context.set_offline(True)
        page.goto(shell_only_url + "rules/movement/")
        expect(page.locator("h1")).to_contain_text("Movement")
        search(page, engine, "89.2.3")
        page.goto(shell_only_url + "rules/tactical-action/")
        expect(page.locator("h1")).to_contain_text("Tactical Action")
        # Never opened: not downloaded in advance, so not there offline: the site's own
        # offline page says so, and links what is kept.
        page.goto(shell_only_url + "ti3/action-phase/")
        page.wait_for_url("**/offline/#from=*")
        expect(page.locator("h1")).to_contain_text("Not on this device")
        kept = page.locator(".offline-kept")
        expect(kept.get_by_role("link", name=re.compile("Tactical Action"))).to_be_visible()
        expect(kept.get_by_role("link", name=re.compile("Action Phase"))).to_have_count(0)


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
