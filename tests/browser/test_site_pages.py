"""The site as a whole in a browser: search, console, accessibility, no needless Pyodide."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Recorder
from tests.browser.walkthrough_page import start

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
PYODIDE_FILES = ("/assets/pyodide/", ".whl", "/assets/walkthrough/worker.js")


def _nav_pages(page: Page, site_url: str) -> list[str]:
    page.goto(site_url)
    hrefs = page.eval_on_selector_all(
        "nav.md-nav--primary a.md-nav__link[href]", "links => links.map(a => a.href)"
    )
    pages = {site_url}
    for href in hrefs:
        url = urlparse(urljoin(site_url, href))
        pages.add(f"{url.scheme}://{url.netloc}{url.path}")
    return sorted(pages)


# Pages that carry no walkthrough or try-it cell: a rules page among them.
PLAIN_PAGES = ("", "rules-by-number/", "ti3/tactical-action/", "ti3/compare-tactical-action/")


def _pyodide_requests(recorder: Recorder) -> list[str]:
    return [u for u in recorder.requests if any(f in u for f in PYODIDE_FILES)]


def _read_to_the_end(page: Page) -> None:
    page.mouse.wheel(0, 20_000)
    page.wait_for_timeout(1000)


def test_pages_without_walkthrough_request_no_pyodide(
    page: Page, site_url: str, recorder: Recorder
) -> None:
    for path in PLAIN_PAGES:
        page.goto(site_url + path)
        _read_to_the_end(page)
    assert recorder.requests, "the recorder saw no requests at all"
    assert _pyodide_requests(recorder) == []
    # The same recorder does see Pyodide once a walkthrough scrolls into view.
    page.goto(site_url + "rules/action-phase/")
    _read_to_the_end(page)
    expect(page.locator(".wt-choice").first).to_be_visible(timeout=60_000)
    assert any("pyodide.asm.wasm" in u for u in _pyodide_requests(recorder))


def test_rule_number_typed_in_search_lands_on_its_anchor(page: Page, site_url: str) -> None:
    page.goto(site_url)
    page.locator("label.md-search__icon, .md-search__input").first.click()
    # Typed before the index is loaded, a query is dropped; Material says when it is ready.
    expect(page.locator(".md-search-result__meta")).to_have_text("Type to start searching")
    # Typed key by key: Material searches on key events, not on a pasted value.
    page.locator("input.md-search__input").press_sequentially("89.2.3")
    first = page.locator(".md-search-result__item a").first
    expect(first).to_be_visible()
    first.click()
    # Material may keep its highlight parameter (?h=89.2.3) before the anchor.
    expect(page).to_have_url(re.compile(rf"^{site_url}rules/tactical-action/(\?[^#]*)?#89\.2\.3$"))
    expect(page.locator('[id="89.2.3"]')).to_be_in_viewport()


def test_no_console_errors_on_any_page(page: Page, site_url: str, recorder: Recorder) -> None:
    pages = _nav_pages(page, site_url)
    assert len(pages) >= 4, pages
    for url in pages:
        page.goto(url, wait_until="load")
    assert recorder.errors == []


@pytest.mark.parametrize(
    ("path", "walkthrough", "scheme"),
    [
        ("rules/action-phase/", None, "light"),
        ("rules/movement/", "movement-blocking", "dark"),
    ],
)
def test_no_serious_accessibility_violations(
    page: Page, site_url: str, path: str, walkthrough: str | None, scheme: str
) -> None:
    page.emulate_media(color_scheme=scheme)
    page.goto(site_url + path)
    if walkthrough:
        start(page, walkthrough)
    # Evaluated, not added as an inline <script>: the site's CSP refuses inline scripts.
    page.evaluate(AXE.read_text("utf-8"))
    results = page.evaluate("async () => JSON.stringify(await axe.run(document))")
    violations = [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"][:3]]}
        for v in json.loads(results)["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert violations == [], json.dumps(violations, indent=1)
