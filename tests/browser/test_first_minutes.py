"""A reader's first minutes on the site, at a phone's width and a desktop's: short rule
pages, a legible map, a reachable walkthrough, honest download sizes, forgiving search."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.walkthrough_page import start

pytestmark = pytest.mark.browser

WIDTHS = (390, 1280)
SCREEN_HEIGHT = 844  # a phone's screen (iPhone 12-15), the height each test uses


def _at(page: Page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": SCREEN_HEIGHT})


def _mounted(page: Page) -> None:
    for root in page.locator(".wt[data-walkthrough]").all():
        expect(root).to_have_attribute("data-mounted", "", timeout=60_000)


@pytest.mark.parametrize("width", WIDTHS)
def test_step_lists_close_once_the_widget_mounts(page: Page, site_url: str, width: int) -> None:
    """A rule page is its rules, its notes and at most one screen per walkthrough."""
    _at(page, width)
    page.goto(site_url + "rules/tactical-action/")
    _mounted(page)
    lines = page.locator(".wt-line")
    assert lines.count() >= 2
    for line in lines.all():
        expect(line).not_to_have_attribute("open", "")
    heights = page.eval_on_selector_all(
        ".wt", "roots => roots.map(r => r.getBoundingClientRect().height)"
    )
    assert all(h <= SCREEN_HEIGHT for h in heights), heights
    total = page.evaluate("() => document.documentElement.scrollHeight")
    without = page.evaluate(
        "() => { for (const r of document.querySelectorAll('.wt')) r.style.display = 'none';"
        " const h = document.documentElement.scrollHeight;"
        " for (const r of document.querySelectorAll('.wt')) r.style.display = ''; return h; }"
    )
    assert total <= without + len(heights) * SCREEN_HEIGHT, (total, without)
    # Print opens them again (the printed page is the walkthrough's only form), and puts
    # them back after.
    page.evaluate("() => dispatchEvent(new Event('beforeprint'))")
    for line in lines.all():
        expect(line).to_have_attribute("open", "")
    page.evaluate("() => dispatchEvent(new Event('afterprint'))")
    for line in lines.all():
        expect(line).not_to_have_attribute("open", "")


def test_step_lists_are_open_without_javascript(browser: Browser, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + "rules/tactical-action/")
        for line in page.locator(".wt-line").all():
            expect(line).to_have_attribute("open", "")
    finally:
        context.close()


# Every word drawn on a map, at its size on screen in CSS pixels.
_MAP_TEXT_PX = """svg => [...svg.querySelectorAll('text')].map(t =>
    parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(
    ("path", "walkthrough"),
    [
        ("rules/tactical-action/", "tactical-action"),
        ("rules/movement/", "movement-blocking"),
    ],
)
def test_map_words_are_legible_without_zooming(
    page: Page, site_url: str, width: int, path: str, walkthrough: str
) -> None:
    _at(page, width)
    page.goto(site_url + path)
    root = start(page, walkthrough, engine=False)
    for _ in range(3):  # into the crowded positions (several planets, cargo, tokens)
        if root.locator(".wt-scripted").count():
            root.locator(".wt-scripted").click()
    svg = root.locator("svg.wt-map")
    sizes = svg.evaluate(_MAP_TEXT_PX)
    assert sizes and min(sizes) >= 11, sorted(sizes)[:5]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    scroll = root.locator(".wt-map-scroll")
    small = scroll.evaluate("box => box.scrollWidth > box.clientWidth + 1")
    # Where the map cannot be shown whole the Board list, the same in words, is open;
    # a reader's choice to close it stands.
    board = root.locator(".wt-board")
    if small:
        expect(board).to_have_attribute("open", "")
        # It starts scrolled to the active system.
        inside = scroll.evaluate(
            """box => { const a = box.querySelector('.wt-system--active');
            if (!a) return true;
            const r = a.getBoundingClientRect(), b = box.getBoundingClientRect();
            const x = r.left + r.width / 2; return x > b.left && x < b.right; }"""
        )
        assert inside
        board.locator("summary").click()
        root.locator(".wt-undo").click()
        expect(root.locator(".wt-board")).not_to_have_attribute("open", "")
    else:
        expect(board).not_to_have_attribute("open", "")
    if width == 390 and path == "rules/tactical-action/":
        assert small, "the tactical action's map cannot be legible and whole on a phone"


@pytest.mark.parametrize("width", WIDTHS)
def test_comparison_maps_are_legible(page: Page, site_url: str, width: int) -> None:
    _at(page, width)
    page.goto(site_url + "ti3/compare-tactical-action/")
    root = page.locator(".wt-compare")
    expect(root).to_have_attribute("data-mounted", "")
    root.locator(".wt-start").click()
    panes = root.locator(".wt-pane")
    expect(panes).to_have_count(2)
    for pane in panes.all():
        expect(pane.locator(".wt-step")).to_be_visible()
        sizes = pane.locator("svg.wt-map").evaluate(_MAP_TEXT_PX)
        assert sizes and min(sizes) >= 11, sorted(sizes)[:5]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
