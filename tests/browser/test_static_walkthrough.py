"""Walkthroughs that start instantly, keep the reader's place and read on a phone.

The build plays each walkthrough's suggested line (rulesite/core/walkthroughs/static_line.py):
the page carries every step as HTML and the widget walks the line with no runtime.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Browser, Page, expect

from tests.browser.test_site_pages import SAVE_DATA
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
    "anomaly-rift-into-nebula": "rules/movement/",
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
            expect(steps.first.locator(".wt-line-title")).not_to_be_empty()
            taken = line.locator(".wt-line-taken")
            expect(taken).to_have_count(_script_length(walkthrough))
    finally:
        context.close()


def test_static_line_cites_rules_as_links_and_shows_narration(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    line = page.locator("#walkthrough-tactical-action .wt-line")
    # Closed once the widget has mounted: a reader opens it.
    expect(line.locator("xpath=..")).to_have_attribute("data-mounted", "")
    line.locator("summary").click()
    first = line.locator(".wt-line-step").first
    expect(first.locator(".wt-line-narration")).to_contain_text("Choose the system to activate")
    link = first.locator('.wt-line-title a.wt-ref:text-is("89.1")')
    # Material's instant navigation makes every href absolute.
    expect(link).to_have_attribute("href", re.compile(r"/rules/tactical-action/#89\.1$"))
    # Unit ids read as a player says them, and what happened is listed with its rules.
    expect(line).to_contain_text("Red's carrier 1")
    expect(line).not_to_contain_text("red-carrier-1")
    expect(line.locator(".wt-line-events a.wt-ref").first).to_be_visible()


def test_print_shows_the_line_before_start(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/action-phase/")
    # The widget closes the step list once mounted; print shows it whole all the same.
    root = page.locator("#walkthrough-action-phase-round")
    expect(root).to_have_attribute("data-mounted", "")
    expect(root.locator(".wt-line")).not_to_have_attribute("open", "")
    page.emulate_media(media="print")
    expect(page.locator("#walkthrough-action-phase-round .wt-line-step").first).to_be_visible()


def test_with_the_runtime_blocked_start_and_next_play_the_whole_line(
    page: Page, site_url: str
) -> None:
    asked = _block_runtime(page)
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action", engine=False)
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
    # Off the line the engine is needed: it says what to do, without a dead widget.
    root.locator(".wt-reroll").click()
    expect(root.locator(".wt-status")).to_contain_text(
        "check the connection and try again", timeout=BOOT_TIMEOUT_MS
    )
    assert asked, "the runtime loads in the background after Start"
    # Offline: a walkthrough never started online says so, not "Failed to fetch".
    page.context.set_offline(True)
    root.locator(".wt-reroll").click()
    expect(root.locator(".wt-status")).to_contain_text("offline", timeout=BOOT_TIMEOUT_MS)
    expect(root.locator(".wt-status")).to_contain_text("not on this device yet")
    expect(root.locator(".wt-status")).not_to_contain_text("Failed to fetch")
    page.context.set_offline(False)


def test_step_one_shows_before_any_runtime_byte(page: Page, site_url: str) -> None:
    requests: list[str] = []
    page.context.on("request", lambda request: requests.append(request.url))
    # Saving data, the engine waits for Start (else the idle page may have started it).
    page.context.add_init_script(SAVE_DATA)
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
    """7 steps played, "89.3" clicked in the step title."""
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action", engine=False)
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
    root = start(page, "tactical-action", engine=False)
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
    """Red chooses a tactical action where the line has the strategic one."""
    page.goto(site_url + "rules/action-phase/")
    root = start(page, "action-phase-round", engine=False)
    expect(root.locator(".wt-narration")).to_be_visible()
    root.locator('.wt-choice[data-kind="tactical_action"]').click()
    expect(root.locator(".wt-step")).to_contain_text("Activation", timeout=BOOT_TIMEOUT_MS)
    expect(root.locator(".wt-narration")).to_have_count(0)
    expect(root.locator(".wt-described")).to_contain_text("Off the suggested line")


def test_no_jump_after_a_choice(page: Page, site_url: str) -> None:
    """The next choices stay where the reader's eyes are."""
    page.goto(site_url + "rules/action-phase/")
    root = start(page, "action-phase-round", engine=False)
    choices = root.locator(".wt-choices")
    choices.scroll_into_view_if_needed()
    before = choices.bounding_box()
    assert before is not None
    events = root.locator(".wt-log li").count()
    root.locator(".wt-choice").first.click()
    expect(root.locator(".wt-log li")).not_to_have_count(events)
    after = choices.bounding_box()
    assert after is not None and abs(after["y"] - before["y"]) < 4


def test_board_fits_a_phone_and_names_its_glyphs(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action", engine=False)
    root.locator(".wt-scripted").click()
    scroll = root.locator(".wt-map-scroll")
    svg = root.locator("svg.wt-map")
    box, map_box = scroll.bounding_box(), svg.bounding_box()
    assert box is not None and map_box is not None
    # The map's box inside the page width, the page never scrolls sideways; a map too wide
    # to draw legibly there scrolls in its box (tests/browser/test_first_minutes.py).
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    # A focused hex is read out under the map, a legend.
    root.locator(".wt-system").first.focus()
    expect(root.locator(".wt-map-caption")).to_contain_text("Space:")
    root.locator(".wt-legend summary").click()
    expect(root.locator(".wt-legend")).to_contain_text("dreadnought")
    # Zoom in: every unit drawn, larger than the phone, scrolling in its own box only;
    # every glyph is named (hover).
    root.locator(".wt-zoom").click()
    zoomed = root.locator("svg.wt-map").bounding_box()
    assert zoomed is not None and zoomed["width"] > max(390, map_box["width"])
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    chips = root.locator(".wt-chip")
    assert chips.count() == root.locator(".wt-chip > title").count() > 0


def test_crowded_hex_shows_every_line(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action", engine=False)
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
        root = start(page, "tactical-action", engine=False)
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


def _search(page: Page, site_url: str, query: str) -> None:
    page.goto(site_url + "rules/movement/")
    # Below 960 px the field hides behind the header's search button.
    narrow = page.viewport_size is not None and page.viewport_size["width"] < 960
    opener = 'label.md-header__button[for="__search"]' if narrow else "input.md-search__input"
    page.locator(opener).click()
    page.locator("input.md-search__input").press_sequentially(query)


@pytest.mark.parametrize("width", [390, 800, 1280])
def test_search_lands_on_the_rule_at_every_width(page: Page, site_url: str, width: int) -> None:
    """Below 960 px the rule was left at y = 933."""
    page.set_viewport_size({"width": width, "height": 844})
    _search(page, site_url, "89.2.3")
    page.locator(".rule-number-answers a").first.click()
    rule = page.locator('[id="89.2.3"]')
    expect(rule).to_have_class(re.compile(r"\bis-target\b"))
    page.wait_for_timeout(500)  # past the search layer's own scroll restore
    expect(rule).to_be_in_viewport()
    top = rule.bounding_box()
    assert top is not None and 0 <= top["y"] < 844 / 2


def test_a_number_result_shows_once_and_compact(page: Page, site_url: str) -> None:
    """A search for "89" showed 8 giant headings, each rule again among Material's results."""
    page.set_viewport_size({"width": 390, "height": 844})
    _search(page, site_url, "89.2.3")
    answers = page.locator(".rule-number-answers > li")
    expect(answers).to_have_count(1)
    expect(answers.first).to_contain_text("89.2.3 After the Move Ships step")
    box = answers.first.bounding_box()
    assert box is not None and box["height"] < 80
    # Material's own entry for the same rule, once its index is in, is not shown again.
    page.wait_for_timeout(1500)
    repeated = page.locator(
        ".md-search-result__list:not(.rule-number-answers) > li:visible > a[href*='rule=89.2.3']"
    )
    expect(repeated).to_have_count(0)


# ---- Words and small breakages --------------------------------------------------


def test_ship_list_offers_ships_only(page: Page, site_url: str) -> None:
    """Not infantry in the list of ships that may move."""
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action", engine=False)
    root.locator(".wt-scripted").click()
    options = root.locator("select.wt-ship option").all_inner_texts()
    assert options and not [o for o in options if re.search("infantry|fighter", o)], options


def test_space_cannon_hits_form_offers_no_ground_forces(page: Page, site_url: str) -> None:
    """The hits of an attack on ships list only units it can hit (the engine refused them)."""
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action", engine=False)
    for _ in range(6):
        root.locator(".wt-scripted").click()
    form = root.locator(".wt-hits-units")
    expect(form).to_contain_text("dreadnought")
    expect(form).not_to_contain_text("infantry")
    # The offered choice names each unit once and counts its hits in words.
    expect(root.locator(".wt-choices")).not_to_contain_text("hit(s)")


def test_transport_puzzle_lets_the_illegal_pickup_be_tried(page: Page, site_url: str) -> None:
    """Relay's infantry is not a legal pickup: it must be offered, and refused with its rule."""
    page.goto(site_url + "rules/movement/")
    root = start(page, "movement-transport")
    root.locator(".wt-scripted").click()
    carry = root.locator(".wt-carry label")
    names = carry.all_inner_texts()
    assert len(names) == 5, names  # Dock's infantry and fighter, Relay's two, Mellon's one
    root.locator('.wt-system[data-system="relay"]').click()
    root.locator('.wt-system[data-system="target"]').click()
    root.locator('.wt-carry input[value="red-infantry-2"]').check()
    root.locator(".wt-move-go").click()
    refusal = root.locator(".wt-refusal")
    expect(refusal).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(refusal.locator(".wt-ref").first).to_be_visible()


def test_third_edition_citations_read_as_numbered_steps(page: Page, site_url: str) -> None:
    """Not "Tactical Action: Activation sequence as follows ¶15"."""
    page.goto(site_url + "ti3/transfer-action/")
    links = page.locator("#walkthrough-ti3-transfer-action .wt-line a.wt-ref")
    # The citations' words are what this pins, read as text: a line not on screen yet has
    # no innerText (the test read it so and failed now and then with a warm build cache).
    expect(links.last).to_have_text(re.compile(r"\S"), timeout=BOOT_TIMEOUT_MS)
    refs = [" ".join(text.split()) for text in links.all_text_contents()]
    assert refs
    assert not [r for r in refs if "¶" in r or "as follows" in r], refs
    assert any(re.search(r"\(3rd ed\.\): .* \d+$", r) for r in refs), refs


def test_item_pilcrows_show_only_where_the_reader_points(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/movement/")
    mark = page.locator(".item-link").first
    assert mark.evaluate("a => getComputedStyle(a).opacity") == "0"
    mark.locator("xpath=..").hover()
    expect(mark).to_have_css("opacity", "1")


def test_followed_rule_is_clearly_marked_in_dark_mode(browser: Browser, site_url: str) -> None:
    context = browser.new_context(color_scheme="dark")
    try:
        page = context.new_page()
        page.goto(site_url + "rules/tactical-action/#89.2")
        colour = page.locator('[id="89.2"] > .rule-text').evaluate(
            "e => getComputedStyle(e).backgroundColor"
        )
        alpha = re.search(r"[\d.]+\)$", colour)
        # Material's own tint is 10% opaque: too faint on the dark scheme.
        assert alpha is not None and float(alpha.group(0)[:-1]) >= 0.2, colour
    finally:
        context.close()


def test_home_page_names_what_the_site_offers(page: Page, site_url: str) -> None:
    page.goto(site_url)
    offers = page.locator(".site-offers")
    expect(offers).to_contain_text("Walkthroughs")
    expect(offers.locator('a[href$="rules/tactical-action/"]')).to_have_count(1)
    expect(offers.locator('a[href$="ti3/compare-tactical-action/"]')).to_have_count(1)


def test_not_found_page_offers_search_and_rules_by_number(page: Page, site_url: str) -> None:
    # The page a server answers an unknown address with (the test server sends its own).
    page.goto(site_url + "404.html")
    expect(page.locator("h1")).to_have_text("Page not found")
    page.get_by_text("Search the rules").click()
    expect(page.locator("#__search")).to_be_checked()
    page.goto(site_url + "404.html")
    page.locator("article").get_by_role("link", name="Rules by number").click()
    expect(page).to_have_url(re.compile(r"/rules-by-number/$"))


def test_footer_names_the_rules_version_and_sources_date(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/movement/")
    footer = page.locator(".rules-version")
    expect(footer).to_contain_text("Living Rules Reference")
    expect(footer).to_contain_text(re.compile(r"Sources as of \d{4}-\d{2}-\d{2}"))


def test_about_is_two_pages_readers_and_maintainers(page: Page, site_url: str) -> None:
    page.goto(site_url + "about/")
    expect(page.locator("h1")).to_have_text(re.compile("^Reading this reference"))
    expect(page.locator("article")).to_contain_text("Walkthroughs")
    expect(page.locator("article")).not_to_contain_text("--strict")
    page.locator('article a[href$="building/"]').click()
    expect(page.locator("h1")).to_have_text(re.compile("^Building this reference"))
    expect(page.locator("article")).to_contain_text("--strict")


def test_comparison_panes_show_the_whole_map_and_keep_their_place(
    page: Page, site_url: str
) -> None:
    """The panes showed 285 px of a 531 px map; and a reload lost both panes."""
    _block_runtime(page)  # both panes walk their suggested lines without it
    page.goto(site_url + "ti3/compare-tactical-action/")
    root = page.locator(".wt-compare")
    root.locator(".wt-start").click()
    panes = root.locator(".wt-pane")
    expect(panes).to_have_count(2)
    for i in range(2):
        pane = panes.nth(i)
        expect(pane.locator(".wt-step")).to_be_visible()
        box, drawn = pane.bounding_box(), pane.locator("svg.wt-map").bounding_box()
        assert box is not None and drawn is not None
        assert drawn["x"] >= box["x"] - 1
        assert drawn["x"] + drawn["width"] <= box["x"] + box["width"] + 1
    fourth = panes.nth(1)
    fourth.locator(".wt-scripted").click()
    title = step_title(fourth)
    expect(page).to_have_url(re.compile(r"#cmp=.*ed4="))
    SHOTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=str(SHOTS / "compare-1280-light.png"))
    page.reload()
    fourth = page.locator(".wt-compare .wt-pane").nth(1)
    expect(fourth.locator(".wt-step")).to_have_text(title)


def test_anomaly_walkthrough_plays_its_line_with_rift_rolls_and_the_nebula_bonus(
    page: Page, site_url: str
) -> None:
    """A fleet crosses a gravity rift into a nebula battle from the static line: the map
    names each anomaly, the rift's die and the defender's +1 are shown with their rules."""
    _block_runtime(page)
    page.goto(site_url + "rules/movement/")
    root = start(page, "anomaly-rift-into-nebula", engine=False)
    for kind, name in (("gravity_rift", "gravity rift"), ("nebula", "nebula")):
        expect(root.locator(f'.wt-map [data-anomaly="{kind}"]').first).to_be_attached()
        expect(root.locator(".wt-map .wt-anomaly-name").filter(has_text=name)).to_have_count(1)
    expect(root.locator('.wt-system[aria-label^="The Veil"]')).to_have_attribute(
        "aria-label", re.compile("Anomaly: nebula")
    )
    expect(root.locator(".wt-board")).to_contain_text("anomaly: asteroid field")
    expect(root.locator(".wt-legend")).to_contain_text("gravity rift (anomaly)")
    for _ in range(_script_length("anomaly-rift-into-nebula")):
        root.locator(".wt-scripted").click()
    expect(root.locator(".wt-done")).to_be_visible()
    log = root.locator(".wt-log")
    expect(log).to_contain_text("leaving the gravity rift The Maw")
    expect(log).to_contain_text("is removed and returns to reinforcements")
    expect(log).to_contain_text("+1 to each roll")
    for rule in ("41.2", "59.3"):
        expect(log.locator(f'.wt-ref:text-is("LRR {rule}")').first).to_be_visible()
    # Every event cites its rule.
    assert root.locator(".wt-log li:not(:has(.wt-ref))").count() == 0
