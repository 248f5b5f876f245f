"""The site as a whole in a browser: search, console, accessibility, no needless Pyodide."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Recorder, each_engine
from tests.browser.search_box import follow_best
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS

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


# Pages that carry no walkthrough or try-it cell: a rules page among them. (The comparison
# page has the two-pane player: tests/browser/test_side_by_side.py.)
PLAIN_PAGES = ("", "rules-by-number/", "ti3/tactical-action/")


# The Network Information API as a browser in data-saver mode reports it.
SAVE_DATA = (
    "Object.defineProperty(navigator, 'connection',"
    " { value: { saveData: true, effectiveType: '4g' }, configurable: true });"
)


def _pyodide_requests(recorder: Recorder) -> list[str]:
    return [u for u in recorder.requests if any(f in u for f in PYODIDE_FILES)]


def _read_to_the_end(page: Page) -> None:
    page.mouse.wheel(0, 20_000)
    page.wait_for_timeout(1000)


def test_no_pyodide_request_before_start_on_any_page(
    page: Page, site_url: str, recorder: Recorder
) -> None:
    """Nothing large downloads until the reader asks, on every page, when the
    browser asks to save data (otherwise a walkthrough page starts the engine once idle:
    tests/browser/test_first_minutes.py)."""
    page.context.add_init_script(SAVE_DATA)
    for url in _nav_pages(page, site_url):
        page.goto(url)
        _read_to_the_end(page)
    # A search landing on a rule of a page with a walkthrough (#89.2.3), and a plain link.
    page.goto(site_url)
    follow_best(page, "mkdocs", "89.2.3")
    expect(page.locator('[id="89.2.3"]')).to_be_in_viewport()
    page.goto(site_url + "rules/tactical-action/#89.5")
    _read_to_the_end(page)
    assert recorder.requests, "the recorder saw no requests at all"
    assert _pyodide_requests(recorder) == []
    # The same recorder sees Pyodide once a reader presses Start, by keyboard.
    start_button = page.locator(".wt-start").first
    expect(start_button).to_have_text(re.compile(r"^Start walkthrough \(downloads \d+\.\d MB\)$"))
    start_button.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".wt-choice").first).to_be_visible(timeout=60_000)
    # Step 1 comes from the build; the runtime loads in the background after Start.
    expect(page.locator(".wt[data-engine=ready]").first).to_be_attached(timeout=BOOT_TIMEOUT_MS)
    assert any("pyodide.asm.wasm" in u for u in _pyodide_requests(recorder))


def test_plain_pages_load_no_walkthrough_assets(
    page: Page, site_url: str, recorder: Recorder
) -> None:
    """Pages without a walkthrough load only the loader, a few hundred bytes."""
    sizes: dict[str, int] = {}
    page.on("response", lambda r: sizes.__setitem__(r.url, len(r.body())) if r.ok else None)
    for path in PLAIN_PAGES:
        page.goto(site_url + path, wait_until="networkidle")
    walkthrough_assets = [u for u in recorder.requests if "/assets/walkthrough/" in u]
    assert {u.rsplit("/", 1)[1] for u in walkthrough_assets} == {"loader.js"}
    assert sizes[walkthrough_assets[0]] < 1000
    # A walkthrough page loads the widget and its CSS.
    page.goto(site_url + "rules/movement/", wait_until="networkidle")
    loaded = {u.rsplit("/", 1)[1] for u in recorder.requests if "/assets/walkthrough/" in u}
    assert {"widget.js", "widget.css", "walkthrough.js"} <= loaded


@each_engine
def test_rule_number_typed_in_search_lands_on_its_anchor(
    page: Page, site_url: str, engine: str
) -> None:
    page.goto(site_url)
    follow_best(page, engine, "89.2.3")
    # Material may keep its highlight parameter (?h=89.2.3) before the anchor.
    expect(page).to_have_url(re.compile(rf"^{site_url}rules/tactical-action/(\?[^#]*)?#89\.2\.3$"))
    expect(page.locator('[id="89.2.3"]')).to_be_in_viewport()


def test_no_console_errors_on_any_page(page: Page, site_url: str, recorder: Recorder) -> None:
    pages = _nav_pages(page, site_url)
    assert len(pages) >= 4, pages
    for url in pages:
        page.goto(url, wait_until="load")
    assert recorder.errors == []


def _serious_violations(page: Page) -> list[dict[str, object]]:
    if not page.evaluate("() => 'axe' in window"):
        # Evaluated, not added as an inline <script>: the site's CSP refuses inline scripts.
        page.evaluate(AXE.read_text("utf-8"))
    results = page.evaluate("async () => JSON.stringify(await axe.run(document))")
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"][:3]]}
        for v in json.loads(results)["violations"]
        if v["impact"] in ("serious", "critical")
    ]


COMBINATIONS = (("light", 1280), ("dark", 1280), ("light", 390), ("dark", 390))


def _check_each_combination(page: Page, where: str, found: dict[str, object]) -> None:
    for scheme, width in COMBINATIONS:
        page.set_viewport_size({"width": width, "height": 900})
        page.emulate_media(color_scheme=scheme)
        # Material's colours fade over 0.25 s; axe reads them once they have settled.
        page.wait_for_timeout(600)
        found[f"{where}, {scheme}, {width} px"] = _serious_violations(page)


@pytest.mark.slow
def test_no_serious_accessibility_violations_on_any_page(page: Page, site_url: str) -> None:
    """Axe finds nothing serious or critical on every page in the navigation,
    light and dark, 1280 px and 390 px, before and after Start."""
    found: dict[str, object] = {}
    pages = _nav_pages(page, site_url)
    for url in pages:
        page.goto(url)
        where = url.removeprefix(site_url) or "/"
        _check_each_combination(page, f"{where} before Start", found)
        starts = page.locator(".wt-start")
        if not starts.count():
            continue
        # Started as a reader first sees the page (1280 px): a resize from 390 px just
        # before axe reads leaves Material's sidebar mid-transition.
        page.set_viewport_size({"width": 1280, "height": 900})
        page.emulate_media(color_scheme="light")
        while starts.count():
            before = starts.count()
            starts.first.click()
            expect(starts).to_have_count(before - 1, timeout=BOOT_TIMEOUT_MS)
        page.evaluate("() => window.scrollTo(0, 0)")  # where axe read it before Start
        _check_each_combination(page, f"{where} after Start", found)
    failing = {k: v for k, v in found.items() if v}
    assert failing == {}, "\n".join(f"{k}: {v}" for k, v in failing.items())
    started = [k for k in found if "after Start" in k]
    assert len(found) >= len(pages) * len(COMBINATIONS) and started, sorted(found)


def test_a_rule_links_copy_button_is_materials_and_copies_the_short_link(
    page: Page, site_url: str
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url)
    page.goto(site_url + "rules/tactical-action/")
    button = page.locator('a.rule-number[href$="#89.2.3"] + button.md-clipboard')
    button.click()
    expect(page.locator(".md-dialog")).to_contain_text("Copied")  # Material's own notice
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == site_url + "r/89.2.3/"  # the short link, with a preview where pasted


def test_the_comparison_table_gets_materials_table_styling(page: Page, site_url: str) -> None:
    page.goto(site_url + "ti3/compare-tactical-action/")
    # Material wraps the tables it styles (those without a class of their own).
    expect(page.locator(".comparison .md-typeset__table table")).to_have_count(1)
