"""A reader's first minutes on the site, at a phone's width and a desktop's: short rule
pages, a legible map, a reachable walkthrough, honest download sizes, forgiving search."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

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
