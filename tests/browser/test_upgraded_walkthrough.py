"""The upgraded-invasion walkthrough plays from its static line, each step citing its rule."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.walkthrough_page import start

pytestmark = pytest.mark.browser

RUNTIME = re.compile(r"/assets/pyodide/|/assets/walkthrough/wheels/|/worker\.js")
STEPS = 11  # the script's choices (content/walkthroughs/upgraded-invasion.yaml)


def test_97_4_an_invasion_by_upgraded_units_plays_from_the_static_line(
    page: Page, site_url: str
) -> None:
    page.context.route(RUNTIME, lambda route: route.abort())
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "upgraded-invasion", engine=False)
    # The Board list names the upgraded units by their printed names.
    expect(root.locator(".wt-board")).to_contain_text("Red: 2 Dreadnought II, 2 Infantry II")
    for _ in range(STEPS):
        expect(root.locator(".wt-narration")).not_to_be_empty()
        root.locator(".wt-scripted").click()
    expect(root.locator(".wt-done")).to_be_visible()
    log = root.locator(".wt-log li")
    assert log.count() > STEPS
    # Every event of the line cites the rule that decides it, as a link or a citation.
    for entry in log.all():
        expect(entry).to_contain_text(re.compile(r"\(\d+(\.\d+)*|LRR \d+"))
    # Red's Infantry II hit on 7, Blue's infantry on the base card's 8 (97.4).
    expect(root.locator(".wt-log")).to_contain_text("7 (infantry, hits on 7)")
    expect(root.locator(".wt-log")).to_contain_text("(infantry, hits on 8)")
