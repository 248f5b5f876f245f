"""The walkthroughs with a faction in play play through from their static lines: Mentak's
Ambush before the space combat, L1Z1X's Harrow after a ground combat round."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.walkthrough_page import start

pytestmark = pytest.mark.browser

RUNTIME = re.compile(r"/assets/pyodide/|/assets/walkthrough/wheels/|/worker\.js")


@pytest.mark.parametrize(
    ("name", "steps", "card", "rolled"),
    [
        ("faction-mentak-ambush", 14, "Ambush", "rolls for Ambush"),
        ("faction-l1z1x-harrow", 14, "Harrow", "bombard Quann at the end of the round (Harrow)"),
    ],
)
def test_78_2_and_42_a_faction_walkthrough_plays_through_citing_its_card(
    page: Page, site_url: str, name: str, steps: int, card: str, rolled: str
) -> None:
    page.context.route(RUNTIME, lambda route: route.abort())
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, name, engine=False)
    seen_odds = False
    for _ in range(steps):
        expect(root.locator(".wt-narration")).not_to_be_empty()
        seen_odds = seen_odds or root.locator(".wt-odds").count() > 0
        root.locator(".wt-scripted").click()
    expect(root.locator(".wt-done")).to_be_visible()
    log = root.locator(".wt-log")
    expect(log).to_contain_text(rolled)
    # The card's choice is offered in its window; its narration names the card.
    expect(root.locator(".wt-log")).to_contain_text(card)
    assert seen_odds, "the combat's odds box was never shown"
