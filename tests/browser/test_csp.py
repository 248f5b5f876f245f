"""The site works under its strict Content-Security-Policy.

Every page is opened in Chromium with a listener for ``securitypolicyviolation``;
search, the palette toggle, a walkthrough and a try-it cell are used. Nothing may
be refused, and the policy must really be in force: an injected inline handler
is blocked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Recorder, each_engine
from tests.browser.search_box import search
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS, start, system

pytestmark = pytest.mark.browser

_LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(
    `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


@pytest.fixture
def watched(page: Page) -> Iterator[Page]:
    page.add_init_script(_LISTEN)
    yield page


def _violations(page: Page) -> list[str]:
    return page.evaluate("window.__violations")


def site_pages(page: Page, site_url: str) -> list[str]:
    """Every page the site lists in its sitemap, and its 404 page (which it does not)."""
    sitemap = page.request.get(site_url + "sitemap.xml").text()
    pages = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    assert pages, sitemap
    # The sitemap names pages by site_url, which the test build sets to the served URL.
    return [*pages, site_url + "404.html"]


@each_engine
def test_every_page_loads_under_the_policy(
    watched: Page, site_url: str, site_policy: str, recorder: Recorder
) -> None:
    """A browser test loads every page ... with no CSP violation; the policy is
    in each page as a meta element, and Material's scripts (now files) still run."""
    pages = site_pages(watched, site_url)
    assert len(pages) >= 8
    for url in pages:
        watched.goto(url, wait_until="load")
        meta = watched.locator('meta[http-equiv="Content-Security-Policy"]')
        assert meta.get_attribute("content") == site_policy, url
        assert watched.evaluate("typeof __md_get") == "function", url
        assert _violations(watched) == [], url
    assert recorder.errors == []


@each_engine
def test_search_and_palette_work_under_the_policy(
    watched: Page, site_url: str, engine: str, recorder: Recorder
) -> None:
    """Under the policy Material's inline scripts were blocked — search
    returned nothing and the palette toggle died. Both work now, the palette across pages."""
    watched.goto(site_url)
    search(watched, engine, "89.2.3")
    watched.keyboard.press("Escape")
    body = watched.locator("body")
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    watched.locator('label[title="Switch to dark mode"]').first.click()
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    watched.goto(site_url + "rules-by-number/")  # palette.js applies the saved choice
    expect(watched.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    assert _violations(watched) == []
    # Typing "89.2.3" asks for search/numbers/8.json first, a 404 the search work owns.
    assert [e for e in recorder.errors if "Content Security Policy" in e] == []


@each_engine
def test_a_walkthrough_plays_and_a_try_it_cell_runs_under_the_policy(
    watched: Page, site_url: str, recorder: Recorder
) -> None:
    """Plays a walkthrough under it with no CSP violation (Pyodide's
    WebAssembly and worker included)."""
    watched.goto(site_url + "rules/tactical-action/")
    root = start(watched, "tactical-action")
    system(root, "Abyz–Fria").click()
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    cell = watched.locator('.wt-tryit[data-tryit="tryit-combat-odds"]')
    cell.locator("textarea").fill("print(6 * 7)\n")
    cell.locator(".wt-run").click()
    expect(cell.locator(".wt-output")).to_have_text(re.compile(r"^42\s*$"), timeout=BOOT_TIMEOUT_MS)
    assert _violations(watched) == []
    assert recorder.errors == []


@each_engine
def test_the_policy_is_in_force(watched: Page, site_url: str) -> None:
    """The checks above could pass with no policy at all: an inline handler and an inline
    script put into a page are refused, and reported."""
    watched.goto(site_url)
    watched.evaluate(
        """() => {
          const html = '<img src="/x.png" onerror="window.__ran = 1">';
          document.body.insertAdjacentHTML("beforeend", html);
          const script = document.createElement("script");
          script.textContent = "window.__ran = 2";
          document.body.append(script);
        }"""
    )
    watched.wait_for_timeout(500)
    assert watched.evaluate("window.__ran") is None
    assert any(v.startswith("script-src") for v in _violations(watched))
