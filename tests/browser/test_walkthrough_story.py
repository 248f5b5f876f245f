"""A walkthrough tells its story: each step says what it did, a tap on the map reads a system
before anything is done with it, the map fits a phone, and focus stays where the reader is.

The tactical action's line (content/walkthroughs/tactical-action.yaml, seed 7) is the story:
89.1 activation, 89.2 movement, 89.2.3 space cannon offense, 78 space combat, 49 invasion,
89.5 production (engine/RULES.md names where each was read).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import each_engine
from tests.browser.test_site_pages import AXE
from tests.browser.walkthrough_page import start, step_title, system

pytestmark = pytest.mark.browser

WIDTHS = (390, 1280)
PAGE = "rules/tactical-action/"
WALKTHROUGH = "tactical-action"
SERIOUS = ("serious", "critical")

# Every word drawn on a map, at its size on screen in CSS pixels.
_MAP_TEXT_PX = """svg => [...svg.querySelectorAll('text')].map(t =>
    parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""


def _at(page: Page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 844})


def _story(root: Locator) -> str:
    return root.locator(".wt-story").inner_text()


def _press_suggested_by_keyboard(page: Page, root: Locator) -> None:
    """Enter on the focused "Play the suggested step", awaited by the log's growth."""
    before = root.locator(".wt-log li").count()
    page.keyboard.press("Enter")
    expect(root.locator(".wt-log li")).not_to_have_count(before)


@pytest.mark.parametrize("width", WIDTHS)
def test_89_each_suggested_step_says_what_it_did_and_keeps_the_focus(
    page: Page, site_url: str, width: int
) -> None:
    _at(page, width)
    page.goto(site_url + PAGE)
    root = start(page, WALKTHROUGH, engine=False)
    stories = [_story(root)]
    root.locator(".wt-scripted").focus()
    while root.locator(".wt-scripted").count():
        _press_suggested_by_keyboard(page, root)
        stories.append(_story(root))
        if root.locator(".wt-scripted").count():
            # Focus stays on the control the reader used, not on the step heading.
            expect(root.locator(".wt-scripted")).to_be_focused()
    # Every press says something of its own: no two steps tell the same story.
    repeated = [s for s in stories[1:] if stories.count(s) > 1]
    assert repeated == [], repeated
    # The engine's events say what each step did, with their numbers.
    moved = next(s for s in stories if "moves Red's carrier 1" in s)
    assert "from Sol to Abyz–Fria" in moved
    assert "transports Red's fighter 1, Red's fighter 2" in moved
    cannon = next(s for s in stories if "rolls for space cannon offense" in s)
    assert re.search(r"10 \(pds, hits on 6\) – 1 hit", cannon), cannon
    rolled = next(s for s in stories if "rolls for space combat" in s)
    assert "10 (dreadnought, hits on 5)" in rolled and "4 hits" in rolled, rolled
    assigned = next(s for s in stories if "takes 1 hit from space combat" in s)
    assert "Red's fighter 1 is destroyed" in assigned
    produced = next(s for s in stories if "produces Red's fighter 3" in s)
    assert "for 1 resource" in produced
    # The heading's own words are not said twice under it.
    assert not any(re.search(r"^Step 2 – Movement$", s, re.M) for s in stories[1:3])


@pytest.mark.parametrize(
    ("path", "walkthrough"),
    [
        ("rules/action-phase/", "action-phase-round"),
        ("rules/movement/", "anomaly-rift-into-nebula"),
        ("rules/tactical-action/", "choices-the-rules-leave"),
        ("rules/tactical-action/", "upgraded-invasion"),
        ("ti3/transfer-action/", "ti3-transfer-action"),
    ],
)
def test_every_suggested_line_tells_each_step_its_own_way(
    page: Page, site_url: str, path: str, walkthrough: str
) -> None:
    _at(page, 390)
    page.goto(site_url + path)
    root = start(page, walkthrough, engine=False)
    stories = []
    while root.locator(".wt-scripted").count():
        before = root.locator(".wt-log li").count()
        root.locator(".wt-scripted").click()
        expect(root.locator(".wt-log li")).not_to_have_count(before)
        stories.append(_story(root))
        # Each says what its step did: at least one of the engine's events.
        assert root.locator(".wt-did li").count() >= 1, stories[-1]
    assert len(stories) >= 9
    repeated = [s for s in stories if stories.count(s) > 1]
    assert repeated == [], repeated


def test_89_2_the_lead_stays_the_authors_words(page: Page, site_url: str) -> None:
    page.goto(site_url + PAGE)
    root = start(page, WALKTHROUGH, engine=False)
    lead = root.locator(".wt-narration").inner_text()
    assert lead
    root.locator(".wt-scripted").click()  # activation: movement's words lead now
    expect(root.locator(".wt-story .wt-narration")).to_be_visible()
    expect(root.locator(".wt-did")).to_contain_text("activates Abyz–Fria")
    story = _story(root)
    assert story.index(root.locator(".wt-narration").inner_text()) == 0


@pytest.mark.parametrize("width", WIDTHS)
def test_89_1_off_the_line_the_story_is_the_move_not_the_step(
    page: Page, site_url: str, width: int
) -> None:
    _at(page, width)
    page.goto(site_url + PAGE)
    root = start(page, WALKTHROUGH)
    system(root, "Rim").click()  # a mouse click acts: Rim is activated, off the line
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    described = root.locator(".wt-story")
    expect(described).to_contain_text("Off the suggested line.")
    expect(described).to_contain_text("activates Rim")
    expect(described).not_to_contain_text("Last:")
    # Focus stays on the hex the reader used.
    expect(system(root, "Rim")).to_be_focused()


@pytest.fixture
def touch_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    width = request.param
    context = browser.new_context(
        viewport={"width": width, "height": 844}, has_touch=True, service_workers="block"
    )
    context.set_default_timeout(20_000)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("touch_page", WIDTHS, indirect=True)
def test_89_1_a_tap_describes_a_system_and_a_second_action_activates_it(
    touch_page: Page, site_url: str
) -> None:
    page = touch_page
    page.goto(site_url + PAGE)
    root = start(page, WALKTHROUGH, engine=False)
    system(root, "Rim").tap()
    pick = root.locator(".wt-map-pick")
    expect(pick).to_contain_text("Rim")
    expect(pick).to_contain_text("Space: Red: 1 dreadnought, 1 cruiser, 1 infantry")
    # Reading the map leaves the reader on the line.
    assert "Activation" in step_title(root)
    expect(root.locator(".wt-narration")).to_be_visible()
    expect(root).not_to_contain_text("Off the suggested line")
    # The suggested system, tapped and then activated with the button: still on the line.
    system(root, "Abyz–Fria").tap()
    expect(pick).to_contain_text("Abyz–Fria")
    expect(pick.locator("button")).to_have_text("Activate Abyz–Fria")
    pick.locator("button").tap()
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    expect(root.locator(".wt-did")).to_contain_text("activates Abyz–Fria")
    expect(root).not_to_contain_text("Off the suggested line")


@each_engine
@pytest.mark.parametrize("width", WIDTHS)
def test_map_fits_its_box_with_every_word_legible(page: Page, site_url: str, width: int) -> None:
    _at(page, width)
    page.goto(site_url + PAGE)
    root = start(page, WALKTHROUGH, engine=False)
    for _ in range(3):  # into the crowded positions (cargo, tokens, two planets)
        root.locator(".wt-scripted").click()
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    svg = root.locator("svg.wt-map")
    sizes = svg.evaluate(_MAP_TEXT_PX)
    assert sizes and min(sizes) >= 11, sorted(sizes)[:5]
    scroll = root.locator(".wt-map-scroll")
    wider = scroll.evaluate("box => box.scrollWidth - box.clientWidth")
    assert wider <= 1, f"the map is {wider} px wider than its box"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    compact = svg.evaluate("svg => svg.classList.contains('wt-map--compact')")
    # The compact map is for the phone; its Board list, the same in words, opens beneath.
    assert compact == (width == 390)
    if compact:
        expect(root.locator(".wt-board")).to_have_attribute("open", "")
        expect(root.locator(".wt-legend")).to_contain_text("Compact map")
        # Zoom in draws every unit again, in a box that scrolls; Zoom out fits again.
        root.locator(".wt-zoom").click()
        expect(root.locator("svg.wt-map--compact")).to_have_count(0)
        expect(root.locator(".wt-zoom")).to_be_focused()
        root.locator(".wt-zoom").click()
        expect(root.locator("svg.wt-map--compact")).to_have_count(1)
        expect(root.locator(".wt-zoom")).to_be_focused()


def test_a_resized_window_or_a_rotated_phone_gets_the_map_that_fits_at_once(
    page: Page, site_url: str
) -> None:
    """The map is chosen again when its box changes width, not at the next step."""
    _at(page, 390)
    page.goto(site_url + PAGE)
    root = start(page, WALKTHROUGH, engine=False)
    for _ in range(3):  # into the crowded positions, as above
        root.locator(".wt-scripted").click()
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    step = root.locator(".wt-step").inner_text()
    compact = root.locator("svg.wt-map--compact")
    expect(compact).to_have_count(1)
    root.locator(".wt-scripted").focus()
    _at(page, 1280)
    expect(compact).to_have_count(0)
    expect(root.locator("svg.wt-map")).to_have_count(1)
    sizes = root.locator("svg.wt-map").evaluate(_MAP_TEXT_PX)
    assert min(sizes) >= 11, sorted(sizes)[:5]
    # The same step, and the reader's control keeps the focus.
    assert root.locator(".wt-step").inner_text() == step
    expect(root.locator(".wt-scripted")).to_be_focused()
    _at(page, 390)
    expect(compact).to_have_count(1)
    wider = root.locator(".wt-map-scroll").evaluate("box => box.scrollWidth - box.clientWidth")
    assert wider <= 1, f"the map is {wider} px wider than its box"
    expect(root.locator(".wt-scripted")).to_be_focused()


def _names_match_what_is_drawn(root: Locator) -> list[str]:
    """Systems whose accessible name does not start with the words drawn in them."""
    return root.evaluate(
        """root => [...root.querySelectorAll('.wt-system')].filter(g => {
            const drawn = [...g.querySelectorAll('text')].map(t => t.textContent.trim())
              .filter(Boolean).join(' ');
            return !g.getAttribute('aria-label').startsWith(drawn);
        }).map(g => g.getAttribute('aria-label'))"""
    )


# label-content-name-mismatch is one of axe's experimental rules: asked for by name.
_AXE_NAMES = """async root => JSON.stringify(await axe.run(root,
    {rules: {'label-content-name-mismatch': {enabled: true}}}))"""


def _axe_names(root: Locator) -> tuple[list[object], int]:
    """Serious findings of axe in ``root`` and how many elements the name rule passed."""
    results = json.loads(root.evaluate(_AXE_NAMES))
    serious = [
        (v["id"], [n["target"] for n in v["nodes"][:2]])
        for v in results["violations"]
        if v["impact"] in SERIOUS
    ]
    checked = {r["id"]: len(r["nodes"]) for r in results["passes"]}
    return serious, checked.get("label-content-name-mismatch", 0)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_map_systems_are_named_by_what_they_show(
    page: Page, site_url: str, width: int, scheme: str
) -> None:
    _at(page, width)
    page.emulate_media(color_scheme=scheme)
    page.goto(site_url + PAGE)
    root = start(page, WALKTHROUGH, engine=False)
    page.evaluate(AXE.read_text("utf-8"))
    positions = 0
    while True:  # every position of the line: cargo, tokens, damage badges, two planets
        assert _names_match_what_is_drawn(root) == []
        if positions % 5 == 1:  # axe is slow: every fifth position (a damage badge at 6)
            serious, named = _axe_names(root)
            assert serious == []
            assert named >= 5  # the rule ran, on each of the five hexes
        positions += 1
        if not root.locator(".wt-scripted").count():
            break
        before = root.locator(".wt-log li").count()
        root.locator(".wt-scripted").click()
        expect(root.locator(".wt-log li")).not_to_have_count(before)
    assert positions == 21


@pytest.mark.parametrize("width", WIDTHS)
def test_comparison_maps_name_systems_by_what_they_show(
    page: Page, site_url: str, width: int
) -> None:
    _at(page, width)
    page.goto(site_url + "ti3/compare-tactical-action/")
    root = page.locator(".wt-compare")
    expect(root).to_have_attribute("data-mounted", "")
    root.locator(".wt-start").click()
    expect(root.locator(".wt-pane .wt-step")).to_have_count(2)
    page.evaluate(AXE.read_text("utf-8"))
    assert _names_match_what_is_drawn(root) == []
    serious, named = _axe_names(root)
    assert serious == []
    assert named >= 2
