"""The 3rd-edition transfer action played in Chromium on the Transfer Action page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import Recorder
from tests.browser.walkthrough_page import start

pytestmark = pytest.mark.browser

TRANSFER_ITEMS = "ti3-transfer-action-transfer-sequence-as-follows-"


def _choose(root: Locator, kind: str, text: str = "") -> None:
    """Click the first offered choice of ``kind`` (whose label has ``text``); await the redraw."""
    steps_before = root.locator(".wt-log li").count()
    root.locator(f'.wt-choice[data-kind="{kind}"]').filter(has_text=text).first.click()
    expect(root.locator(".wt-log li")).not_to_have_count(steps_before)


def test_transfer_action_is_played_on_its_page(
    page: Page, site_url: str, recorder: Recorder
) -> None:
    page.goto(site_url + "ti3/transfer-action/")
    root = start(page, "ti3-transfer-action")
    _choose(root, "transfer_action")
    _choose(root, "activate", "Activate Jord and Mars")
    assert root.locator(".wt-system--active").count() >= 1
    _choose(root, "move", "carrier 1 to Mars")
    _choose(root, "end_movement")
    # Blue's one PDS reaches both systems: once it fires at one, it is not offered the other.
    expect(root.locator('.wt-choice[data-kind="pds_fire"]')).to_have_count(2)
    _choose(root, "pds_fire", "fire 1 PDS")
    if root.locator('.wt-choice[data-kind="assign_hits"]').count():
        _choose(root, "assign_hits")
    expect(root.locator('.wt-choice[data-kind="pds_fire"]')).to_have_count(0)
    # Only the friendly planet takes a landing; the neutral one is refused with its item.
    landings = root.locator('.wt-choice[data-kind="land"]')
    expect(landings).to_have_count(1)
    expect(landings).to_contain_text("Mars")
    _choose(root, "land", "Mars")
    _choose(root, "end_landings")
    expect(root.locator('.wt-choice[data-kind="build_dock"]')).to_have_count(0)
    _choose(root, "skip")
    _choose(root, "end_action")
    expect(root.locator(".wt-done")).to_be_visible()
    log = root.locator(".wt-log")
    for n in (1, 2, 3, 4):
        expect(log.locator(f'a.wt-ref[href*="#{TRANSFER_ITEMS}{n}"]').first).to_be_attached()
    assert root.locator(".wt-log li:not(:has(.wt-ref))").count() == 0
    assert recorder.errors == []
