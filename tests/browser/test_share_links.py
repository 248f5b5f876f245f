"""Share links come from strangers: a damaged one is said to be damaged (issue 12,
"Share links"), never silently ignored, rounded or a script error."""

from __future__ import annotations

import base64
import json

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Recorder
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS, widget

pytestmark = pytest.mark.browser


def _choices(value: object) -> str:
    raw = json.dumps(value).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize(
    ("fragment", "message"),
    [
        ("seed=9007199254740993", "its dice seed is not a whole number from 0 to 2^53"),
        ("seed=abc", "its dice seed is not a whole number from 0 to 2^53"),
        (
            f"seed=1&c={_choices({'kind': 'roll'})}",
            "it holds something other than a list of choices",
        ),
        ("seed=1&c=%%%", "its list of choices cannot be decoded"),
    ],
)
def test_a_damaged_share_link_says_so(
    page: Page, site_url: str, recorder: Recorder, fragment: str, message: str
) -> None:
    """Issue 12: "A damaged link is ignored silently; `c` as a JSON object shows 'choices is
    not iterable'; seeds above 2⁵³ are rounded silently"."""
    page.goto(f"{site_url}rules/movement/#wt=movement-blocking&{fragment}")
    root = widget(page, "movement-blocking")
    expect(root.locator(".wt-progress")).to_have_text(f"The shared link is damaged: {message}.")
    assert recorder.errors == []


def test_a_share_link_whose_choice_is_refused_shows_where_it_stops(
    page: Page, site_url: str
) -> None:
    """A link replaying a choice the engine refuses (or cannot read) stops there, saying so."""
    bad = _choices([{"kind": "activate", "system": "nowhere"}])
    page.goto(f"{site_url}rules/movement/#wt=movement-blocking&seed=3&c={bad}")
    refusal = widget(page, "movement-blocking").locator(".wt-refusal")
    expect(refusal).to_contain_text(
        "The shared link stops at its choice 1:", timeout=BOOT_TIMEOUT_MS
    )
