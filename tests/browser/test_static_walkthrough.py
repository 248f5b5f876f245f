"""Issue 18: walkthroughs that start instantly, keep the reader's place and read on a phone.

The build plays each walkthrough's suggested line (rulesite/walkthroughs/static_line.py):
the page carries every step as HTML and the widget walks the line with no runtime.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Browser, Page, expect

from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS, start, step_title, widget

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
# Screenshots to look at (not committed: the folder is in .gitignore).
SHOTS = Path(os.environ.get("RULES_SCREENSHOTS", ROOT / "test-output" / "screenshots"))
WALKTHROUGH_PAGES = {
    "tactical-action": "rules/tactical-action/",
    "choices-the-rules-leave": "rules/tactical-action/",
    "action-phase-round": "rules/action-phase/",
    "movement-blocking": "rules/movement/",
    "movement-transport": "rules/movement/",
    "ti3-transfer-action": "ti3/transfer-action/",
}
RUNTIME = re.compile(r"/assets/pyodide/|/assets/walkthrough/wheels/|/worker\.js")


def _script_length(walkthrough: str) -> int:
    text = (ROOT / "content" / "walkthroughs" / f"{walkthrough}.yaml").read_text(encoding="utf-8")
    return len(yaml.safe_load(text).get("script", []))


def _block_runtime(page: Page) -> list[str]:
    """Abort every request for the Python runtime; returns the URLs asked for."""
    asked: list[str] = []

    def abort(route: object) -> None:
        asked.append(route.request.url)  # type: ignore[attr-defined]
        route.abort()  # type: ignore[attr-defined]

    page.context.route(RUNTIME, abort)
    return asked


def test_without_javascript_every_walkthrough_page_shows_its_whole_line(
    browser: Browser, site_url: str
) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        for walkthrough, url in WALKTHROUGH_PAGES.items():
            page.goto(site_url + url)
            line = page.locator(f"#walkthrough-{walkthrough} .wt-line")
            expect(line).to_be_visible()
            steps = line.locator(".wt-line-step")
            expect(steps).to_have_count(_script_length(walkthrough) + 1)
            # Every step names its step and what the line chooses there (the last ends it).
            expect(steps.first.locator(".wt-line-title")).to_contain_text("Step 1 of")
            taken = line.locator(".wt-line-taken")
            expect(taken).to_have_count(_script_length(walkthrough))
    finally:
        context.close()


def test_static_line_cites_rules_as_links_and_shows_narration(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    line = page.locator("#walkthrough-tactical-action .wt-line")
    first = line.locator(".wt-line-step").first
    expect(first.locator(".wt-line-narration")).to_contain_text("Choose the system to activate")
    link = first.locator('.wt-line-title a.wt-ref:text-is("89.1")')
    expect(link).to_have_attribute("href", "#89.1")
    # Unit ids read as a player says them, and what happened is listed with its rules.
    expect(line).to_contain_text("Red's carrier 1")
    expect(line).not_to_contain_text("red-carrier-1")
    expect(line.locator(".wt-line-events a.wt-ref").first).to_be_visible()


def test_print_shows_the_line_before_start(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/action-phase/")
    page.emulate_media(media="print")
    expect(page.locator("#walkthrough-action-phase-round .wt-line-step").first).to_be_visible()


def test_with_the_runtime_blocked_start_and_next_play_the_whole_line(
    page: Page, site_url: str
) -> None:
    asked = _block_runtime(page)
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action")
    expect(root.locator(".wt-step")).to_contain_text("Activation")
    expect(root.locator(".wt-narration")).to_contain_text("Choose the system to activate")
    total = _script_length("tactical-action")
    for _ in range(total):
        root.locator(".wt-scripted").click()
    expect(root.locator(".wt-done")).to_be_visible()
    expect(root.locator(".wt-scripted")).to_have_count(0)
    # Back along the line, and the log follows the board.
    root.locator(".wt-undo").click()
    expect(root.locator(".wt-scripted")).to_be_visible()
    assert root.locator(".wt-log li").count() > 20
    # Off the line the engine is needed: it says so, without a dead widget.
    root.locator(".wt-reroll").click()
    expect(root.locator(".wt-status")).to_contain_text(
        "not on this device yet", timeout=BOOT_TIMEOUT_MS
    )
    assert asked, "the runtime loads in the background after Start"


def test_step_one_shows_before_any_runtime_byte(page: Page, site_url: str) -> None:
    requests: list[str] = []
    page.context.on("request", lambda request: requests.append(request.url))
    page.goto(site_url + "rules/tactical-action/")
    root = widget(page, "tactical-action")
    expect(root).to_have_attribute("data-mounted", "")
    before = len(requests)
    root.evaluate("root => root.querySelector('.wt-start').click()")
    expect(root.locator(".wt-step")).to_be_visible()
    shown = requests[before:]
    # Step 1 came with the page's data; the runtime is only asked for afterwards.
    first_runtime = next((i for i, url in enumerate(shown) if RUNTIME.search(url)), len(shown))
    assert not any(RUNTIME.search(url) for url in shown[:first_runtime])
    assert any("/data/tactical-action.json" in url for url in shown[:first_runtime])


def test_a_citation_to_this_page_keeps_the_walkthrough(page: Page, site_url: str) -> None:
    """Finding 1: 7 steps played, "89.3" clicked in the step title."""
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action")
    for _ in range(7):
        root.locator(".wt-scripted").click()
    title = step_title(root)
    events = root.locator(".wt-log li").count()
    url = page.url
    root.locator('.wt-step a.wt-ref:text-is("89.3")').click()
    rule = page.locator('[id="89.3"]')
    expect(rule).to_have_class(re.compile(r"\bis-target\b"))
    expect(rule).to_be_in_viewport()
    # Nothing reset: the same step, the same log, the position still in the address bar.
    assert step_title(root) == title
    assert root.locator(".wt-log li").count() == events
    assert page.url == url
    back = root.locator(".wt-back")
    expect(back).to_contain_text("Back to the walkthrough")
    back.click()
    expect(root.locator(".wt-step")).to_be_in_viewport()


def test_reload_and_back_restore_board_and_log_on_the_line(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action")
    for _ in range(4):
        root.locator(".wt-scripted").click()
    title, events = step_title(root), root.locator(".wt-log li").count()
    board = root.locator(".wt-board").inner_text()
    page.reload()
    root = widget(page, "tactical-action")
    # No Start needed: a position on the line costs nothing to show.
    expect(root.locator(".wt-step")).to_have_text(title)
    assert root.locator(".wt-log li").count() == events
    assert root.locator(".wt-board").inner_text() == board


def test_narration_only_on_the_suggested_line(page: Page, site_url: str) -> None:
    """Finding 4: Red chooses a tactical action where the line has the strategic one."""
    page.goto(site_url + "rules/action-phase/")
    root = start(page, "action-phase-round")
    expect(root.locator(".wt-narration")).to_be_visible()
    root.locator('.wt-choice[data-kind="tactical_action"]').click()
    expect(root.locator(".wt-step")).to_contain_text("Activation", timeout=BOOT_TIMEOUT_MS)
    expect(root.locator(".wt-narration")).to_have_count(0)
    expect(root.locator(".wt-described")).to_contain_text("Off the suggested line")


def test_no_jump_after_a_choice(page: Page, site_url: str) -> None:
    """Finding 5: the next choices stay where the reader's eyes are."""
    page.goto(site_url + "rules/action-phase/")
    root = start(page, "action-phase-round")
    choices = root.locator(".wt-choices")
    choices.scroll_into_view_if_needed()
    before = choices.bounding_box()
    assert before is not None
    root.locator(".wt-choice").first.click()
    expect(root.locator(".wt-log li")).not_to_have_count(1)
    after = choices.bounding_box()
    assert after is not None and abs(after["y"] - before["y"]) < 4


def test_board_fits_a_phone_and_names_its_glyphs(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action")
    root.locator(".wt-scripted").click()
    scroll = root.locator(".wt-map-scroll")
    svg = root.locator("svg.wt-map")
    box, map_box = scroll.bounding_box(), svg.bounding_box()
    assert box is not None and map_box is not None
    # The whole map inside the page width, nothing to scroll sideways.
    assert map_box["x"] >= 0 and map_box["x"] + map_box["width"] <= 390
    assert map_box["width"] <= box["width"] + 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    # Every glyph is named (hover), a focused hex is read out under the map, a legend.
    chips = root.locator(".wt-chip")
    assert chips.count() == root.locator(".wt-chip > title").count() > 0
    root.locator(".wt-system").first.focus()
    expect(root.locator(".wt-map-caption")).to_contain_text("Space:")
    root.locator(".wt-legend summary").click()
    expect(root.locator(".wt-legend")).to_contain_text("dreadnought")
    # Zoom in: larger than the phone, scrolling in its own box only.
    root.locator(".wt-zoom").click()
    zoomed = root.locator("svg.wt-map").bounding_box()
    assert zoomed is not None and zoomed["width"] > 390
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def test_crowded_hex_shows_every_line(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action")
    for _ in range(4):
        root.locator(".wt-scripted").click()
    expect(root.locator("text.wt-more")).to_have_count(0)
    front = root.locator('.wt-system[data-system="front"]')
    # Every planet of the contested system is drawn in its hex.
    for planet in ("Abyz", "Fria"):
        expect(front.locator("text.wt-planet", has_text=planet)).to_have_count(1)


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_board_screenshots(browser: Browser, site_url: str, width: int, scheme: str) -> None:
    """Screenshots to look at: the board after the line's first steps."""
    context = browser.new_context(
        viewport={"width": width, "height": 844}, color_scheme=scheme, service_workers="block"
    )
    try:
        page = context.new_page()
        page.goto(site_url + "rules/tactical-action/")
        root = start(page, "tactical-action")
        for _ in range(4):
            root.locator(".wt-scripted").click()
        board = root.locator(".wt-map-wrap")
        board.scroll_into_view_if_needed()
        SHOTS.mkdir(parents=True, exist_ok=True)
        board.screenshot(path=str(SHOTS / f"board-{width}-{scheme}.png"))
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    finally:
        context.close()


def test_every_page_fits_a_phone(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "sitemap.xml")
    urls = re.findall(r"<loc>([^<]+)</loc>", page.content())
    assert urls
    wide = []
    for url in urls:
        page.goto(url)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        if width > 390:
            wide.append((url, width))
    assert not wide
