"""``mkdocs serve`` in Chromium: a saved source reloads the open page, a broken one shows there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.serve_process import RELOAD_SECONDS, Server, serving

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PROSE = Path("rules") / "tactical_action.md"
CARDS = Path("rules") / "tactical_action.yaml"
INTRO = "The tactical action is the primary method"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("live")) as running:
        yield running


def test_an_open_page_reloads_with_a_saved_edit_then_shows_a_broken_sources_error(
    page: Page, server: Server
) -> None:
    """A saved edit to a rule source shows in the open browser without a manual step."""
    page.goto(server.base + "rules/tactical-action/")
    expect(page.locator('[id="89.2.3"]')).to_have_count(1)
    prose = server.content / PROSE
    text = prose.read_text(encoding="utf-8")
    prose.write_text(text.replace(INTRO, "Edited in the open tab: " + INTRO), encoding="utf-8")
    expect(page.get_by_text("Edited in the open tab:")).to_be_visible(timeout=RELOAD_SECONDS * 1000)
    cards = server.content / CARDS
    lines = cards.read_text(encoding="utf-8").splitlines()
    lines[5] = "        89.1.1 [unclosed"
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    banner = page.locator(".rules-build-error")
    expect(banner).to_contain_text("tactical_action.yaml:", timeout=RELOAD_SECONDS * 1000)
    expect(page.locator('[id="89.2.3"]')).to_have_count(1)  # still the last good page
