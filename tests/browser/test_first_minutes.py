"""A reader's first minutes on the site, at a phone's width and a desktop's: short rule
pages, a legible map, a reachable walkthrough, honest download sizes, forgiving search."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from bench.encoded_server import EncodedSiteHandler
from bench.site_server import serve
from tests.browser.conftest import Recorder
from tests.browser.search_box import follow_best, results_of
from tests.browser.test_offline import KEPT_RUNTIME
from tests.browser.test_site_pages import SAVE_DATA, _serious_violations
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS, start, system

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
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
    scrolls = scroll.evaluate("box => box.scrollWidth > box.clientWidth + 1")
    compact = svg.evaluate("svg => svg.classList.contains('wt-map--compact')")
    small = scrolls or compact
    # Where the map cannot be shown whole with every unit (it scrolls, or is the compact
    # map) the Board list, the same in words, is open; a reader's choice to close it stands.
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
        assert inside or not scrolls
        board.locator("summary").click()
        root.locator(".wt-undo").click()
        expect(root.locator(".wt-board")).not_to_have_attribute("open", "")
    else:
        expect(board).not_to_have_attribute("open", "")
    if width == 390 and path == "rules/tactical-action/":
        # Whole on a phone, legible: the compact map.
        assert compact and not scrolls


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


# ---- the walkthrough within reach, accessible in every state ---------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_skip_to_walkthrough_reaches_start_in_a_few_tab_stops(
    page: Page, site_url: str, width: int
) -> None:
    _at(page, width)
    page.goto(site_url + "rules/movement/")
    _mounted(page)
    for _ in range(3):
        page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement.textContent.trim()")
        if focused == "Skip to walkthrough":
            break
    assert focused == "Skip to walkthrough", focused
    expect(page.locator(".wt-skip")).to_be_in_viewport()  # shown while focused
    page.keyboard.press("Enter")
    start_button = page.locator(".wt-start").first
    expect(start_button).to_be_focused()
    expect(start_button).to_be_in_viewport()
    page.keyboard.press("Enter")
    expect(page.locator(".wt-step").first).to_be_visible(timeout=30_000)


def _clear_of_the_header(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None
    header = page.locator(".md-header").bounding_box()
    assert header is not None
    assert box["y"] >= header["y"] + header["height"], (box, header)
    top_button = page.locator(".md-top")
    if top_button.is_visible():
        button = top_button.bounding_box()
        assert button is not None and box["y"] >= button["y"] + button["height"], (box, button)
    assert box["y"] < SCREEN_HEIGHT


@pytest.mark.parametrize("width", WIDTHS)
def test_a_refused_move_is_shown_below_the_header(page: Page, site_url: str, width: int) -> None:
    _at(page, width)
    page.goto(site_url + "rules/movement/")
    root = start(page, "movement-blocking")
    system(root, "Target").click()
    root.locator("select.wt-ship").select_option("red-cruiser-1")
    system(root, "Picket").click()
    system(root, "Target").click()
    # Scrolled past, as a reader who reads on before pressing Move.
    page.mouse.wheel(0, 400)
    page.wait_for_timeout(300)
    root.locator(".wt-move-go").click()
    expect(root.locator(".wt-refusal")).to_contain_text("Not allowed")
    page.wait_for_timeout(300)
    _clear_of_the_header(page, '.wt[data-walkthrough="movement-blocking"] .wt-refusal')


def _contrast(page: Page, selector: str) -> float:
    """The contrast ratio of an element's text colour on the background behind it."""
    ratio: float = page.locator(selector).first.evaluate(
        """el => {
        const rgb = c => c.match(/[\\d.]+/g).map(Number);
        const lum = ([r, g, b]) => { const f = v => { v /= 255;
            return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
            return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
        let bg = el;
        while (bg && (getComputedStyle(bg).backgroundColor === 'rgba(0, 0, 0, 0)'))
            bg = bg.parentElement;
        const back = bg ? rgb(getComputedStyle(bg).backgroundColor) : [255, 255, 255];
        const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(back)];
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }"""
    )
    return ratio


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
def test_hovered_rule_links_keep_their_contrast(
    page: Page, site_url: str, width: int, scheme: str
) -> None:
    _at(page, width)
    page.emulate_media(color_scheme=scheme)
    page.goto(site_url + "rules/tactical-action/")
    for selector in ("a.rule-number", "article p a[href]:not(.headerlink)", ".item-link"):
        link = page.locator(selector).first
        if not link.count():
            continue
        link.hover()
        page.wait_for_timeout(400)  # Material's colour transition
        assert _contrast(page, selector) >= 4.5, selector
    found = _serious_violations(page)
    assert found == [], found


@pytest.mark.parametrize("width", WIDTHS)
def test_comparison_regions_have_unique_names(page: Page, site_url: str, width: int) -> None:
    _at(page, width)
    page.goto(site_url + "ti3/compare-tactical-action/")
    root = page.locator(".wt-compare")
    expect(root).to_have_attribute("data-mounted", "")
    root.locator(".wt-start").click()
    expect(root.locator(".wt-pane .wt-step")).to_have_count(2)
    names = page.eval_on_selector_all(
        "[role=region], section[aria-label]", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert len(names) == len(set(names)), names
    assert sum(1 for n in names if n and n.startswith("Map")) == 2, names


# ---- smaller things a reader trips on ----------------------------------------------------


def test_narration_puts_the_odds_where_they_are_drawn(page: Page, site_url: str) -> None:
    """The odds are drawn below the narration (and the map): no narration says "above"."""
    for path in (ROOT / "content" / "walkthroughs").glob("*.yaml"):
        text = path.read_text("utf-8")
        assert "shown above" not in text, path.name
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action", engine=False)
    for _ in range(12):
        if root.locator(".wt-odds").count():
            break
        root.locator(".wt-scripted").click()
    odds = root.locator(".wt-odds")
    expect(odds).to_have_count(1)
    below = root.locator(".wt-step").evaluate(
        "(step, odds) => !!(step.compareDocumentPosition(odds) & Node.DOCUMENT_POSITION_FOLLOWING)",
        odds.element_handle(),
    )
    assert below


@pytest.mark.parametrize("width", WIDTHS)
def test_third_edition_step_citations_stay_short(page: Page, site_url: str, width: int) -> None:
    _at(page, width)
    page.goto(site_url + "ti3/transfer-action/")
    root = start(page, "ti3-transfer-action", engine=False)
    lines_allowed = 2 if width == 390 else 1
    for _ in range(4):
        refs = root.locator(".wt-step .wt-refs")
        height, line = refs.evaluate(
            "r => [r.getBoundingClientRect().height, parseFloat(getComputedStyle(r).lineHeight)]"
        )
        assert height <= lines_allowed * line + 1, (refs.inner_text(), height, line)
        if not root.locator(".wt-scripted").count():
            break
        root.locator(".wt-scripted").click()


@pytest.mark.parametrize("width", WIDTHS)
def test_reroll_before_any_dice_stays_on_the_suggested_line(
    page: Page, site_url: str, width: int
) -> None:
    _at(page, width)
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action", engine=False)
    narration = root.locator(".wt-narration").inner_text()
    root.locator(".wt-reroll").click()
    expect(root.locator(".wt-seed")).not_to_have_text("Dice seed: 1")
    expect(root.locator(".wt-narration")).to_have_text(narration)
    expect(root).not_to_contain_text("Off the suggested line")
    expect(root.locator(".wt-scripted")).to_be_visible()


@pytest.mark.parametrize("width", WIDTHS)
def test_footer_names_the_site_version_not_a_repository_path(
    page: Page, site_url: str, width: int
) -> None:
    _at(page, width)
    page.goto(site_url + "rules/movement/")
    footer = page.locator(".rules-version")
    expect(footer).to_contain_text(re.compile(r"Site version \d+\.\d+\.\d+"))
    expect(footer).not_to_contain_text(".yaml")
    expect(footer).not_to_contain_text("content/")


# ---- what Start downloads --------------------------------------------------------------


@pytest.fixture(scope="module")
def encoded_url(site_url: str, site_dir: Path) -> Iterator[str]:
    """The same build served as a host serves it: the Brotli siblings to a browser that
    accepts them (bench/encoded_server.py)."""
    with serve(site_dir, EncodedSiteHandler) as url:
        yield url


def _megabytes(label: str) -> float:
    found = re.search(r"downloads (\d+\.\d) MB", label)
    assert found, label
    return float(found.group(1))


@pytest.mark.parametrize("width", WIDTHS)
def test_start_says_the_bytes_it_really_fetches(
    browser: Browser, encoded_url: str, width: int
) -> None:
    # No service worker: its precaching would be counted as the start's.
    context = browser.new_context(
        viewport={"width": width, "height": SCREEN_HEIGHT}, service_workers="block"
    )
    # In data-saver mode the idle page does not start the engine by itself: every runtime
    # byte is then Start's, not partly fetched before the count began (4.1 of 4.8 MB, once).
    context.add_init_script(SAVE_DATA)
    fetched: dict[str, int] = {}
    started = False

    def finished(request: Request) -> None:
        if started:
            # Summed: a file read again from the HTTP cache (the wheel, fetched early and then
            # by loadPackage) reports 0 bytes, which must not replace its download.
            fetched[request.url] = fetched.get(request.url, 0) + request.sizes()["responseBodySize"]

    context.on("requestfinished", finished)
    try:
        page = context.new_page()
        page.goto(encoded_url + "rules/movement/")
        start_button = page.locator(".wt-start").first
        expect(start_button).to_have_text(re.compile(r"\(downloads \d+\.\d MB\)$"))
        said = _megabytes(start_button.inner_text())
        started = True
        start(page, "movement-blocking")
        # Playwright may report a request's end after the page has moved on: the count is
        # read once it has stopped growing and settled near the label (up to 10 s).
        measured, before = 0.0, -1.0
        for _ in range(40):
            page.wait_for_timeout(250)
            measured = sum(fetched.values()) / 1e6
            if measured == before and abs(measured - said) <= 0.1 * measured:
                break
            before = measured
        # The runtime is what Start fetches; the rest (the worker, the walkthrough's data)
        # is a few kilobytes.
        assert abs(measured - said) <= 0.1 * measured, (said, measured, sorted(fetched))
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_start_says_when_the_engine_is_already_kept(
    browser: Browser, encoded_url: str, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": SCREEN_HEIGHT})
    try:
        page = context.new_page()
        page.goto(encoded_url + "rules/movement/")
        # A first visit: nothing kept yet.
        expect(page.locator(".wt-start").first).to_contain_text("downloads")
        # The idle page started the engine; the service worker, installed after it, keeps
        # what it fetched (rules.js asks it to).
        page.locator("html[data-engine=ready]").wait_for(state="attached", timeout=180_000)
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        kept = page.evaluate(KEPT_RUNTIME, ["/pyodide.asm.wasm", "/python_stdlib.zip", ".whl"])
        assert any(".whl" in url for url in kept), kept
        page.goto(encoded_url + "rules/tactical-action/")
        expect(page.locator(".wt-start").first).to_have_text(
            "Start walkthrough (engine already on this device)", timeout=30_000
        )
    finally:
        context.close()


# ---- search forgives a typo ------------------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_a_misspelt_word_still_finds_its_topic_first(page: Page, site_url: str, width: int) -> None:
    _at(page, width)
    page.goto(site_url)
    # Material's keyboard shortcut opens the search at any width (a phone's is an icon).
    page.keyboard.press("/")
    expect(page.locator(".md-search-result__meta")).to_have_text("Type to start searching")
    page.locator("input.md-search__input").press_sequentially("tacitcal")
    results = page.locator(results_of("mkdocs"))
    expect(results.first).to_contain_text("Tactical Action", timeout=20_000)
    topic_page = re.compile(r"/rules/tactical-action/(\?[^#]*)?$")
    expect(results.first).to_have_attribute("href", topic_page)
    # What the reader typed stays in the field.
    expect(page.locator("input.md-search__input")).to_have_value("tacitcal")
    # A number is still answered by its fast path, first.
    _at(page, 1280)
    page.goto(site_url + "rules/movement/")
    follow_best(page, "mkdocs", "89.2.3")
    expect(page.locator('[id="89.2.3"]')).to_be_in_viewport()


# ---- the home page leads with what to do -----------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_home_page_leads_with_what_to_do(page: Page, site_url: str, width: int) -> None:
    _at(page, width)
    page.goto(site_url)
    first = page.locator("article h1 + *")
    expect(first).to_have_class(re.compile(r"\bstart-here\b"))
    items = first.locator(":scope > li")
    expect(items.nth(0)).to_contain_text("Search the rules")
    expect(items.nth(1)).to_contain_text("Play a walkthrough")
    expect(items.nth(2)).to_contain_text("Work out the odds")
    expect(items.nth(3)).to_contain_text("See what is covered")
    for item in items.all():  # all of it on the first screen
        box = item.bounding_box()
        assert box is not None and box["y"] + box["height"] <= SCREEN_HEIGHT, box
    expect(items.nth(2).locator("a")).to_have_attribute("href", re.compile(r"odds/$"))
    expect(items.nth(3).locator("a")).to_have_attribute("href", re.compile(r"coverage/$"))
    # The walkthrough link lands on a walkthrough.
    items.nth(1).locator("a").click()
    expect(page.locator(".wt[data-walkthrough]").first).to_be_attached()
    # The search box searches: Material opens its search with the query (?q=).
    page.goto(site_url)
    page.locator("#start-search-q").fill("tacitcal")
    page.locator("#start-search-q").press("Enter")
    results = page.locator(results_of("mkdocs"))
    expect(results.first).to_contain_text("Tactical Action", timeout=20_000)


# ---- the engine starts while the page is idle ------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_engine_starts_once_the_page_is_idle_and_start_answers_within_a_second(
    page: Page, site_url: str, width: int, recorder: Recorder
) -> None:
    _at(page, width)
    page.goto(site_url + "rules/movement/")
    # Nobody pressed Start: the idle page started the engine.
    expect(page.locator("html[data-engine=ready]")).to_be_attached(timeout=BOOT_TIMEOUT_MS)
    assert any("pyodide.asm.wasm" in u for u in recorder.requests)
    expect(page.locator(".wt-start").first).to_be_visible()  # nothing started by itself
    root = page.locator('.wt[data-walkthrough="movement-blocking"]')
    took = root.evaluate(
        """async root => {
        const t0 = performance.now();
        root.querySelector('.wt-start').click();
        while (root.dataset.engine !== 'ready') await new Promise(r => setTimeout(r, 10));
        return performance.now() - t0; }"""
    )
    assert took < 1000, took


@pytest.mark.parametrize(
    "connection",
    [
        "{ saveData: true, effectiveType: '4g' }",
        "{ saveData: false, effectiveType: '2g' }",
        "{ saveData: false, effectiveType: 'slow-2g' }",
    ],
)
def test_engine_waits_for_start_when_saving_data_or_slow(
    page: Page, site_url: str, connection: str, recorder: Recorder
) -> None:
    page.context.add_init_script(
        f"Object.defineProperty(navigator, 'connection', {{ value: {connection} }});"
    )
    page.goto(site_url + "rules/movement/")
    _mounted(page)
    page.wait_for_timeout(4000)  # idle, and past the fallback's delay
    assert not any("/assets/pyodide/" in u for u in recorder.requests)
    expect(page.locator("html[data-engine]")).to_have_count(0)


# ---- the offline copy: the shell first, the rest on request ----------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_first_visit_downloads_the_shell_and_the_button_keeps_the_rest(
    browser: Browser, site_url: str, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": SCREEN_HEIGHT})
    context.set_default_timeout(20_000)
    by_worker: list[str] = []
    context.on("request", lambda r: by_worker.append(r.url) if r.service_worker else None)
    try:
        page = context.new_page()
        page.goto(site_url + "rules/movement/")
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        # The shell's pages are the home, offline and not-found pages, and the page being
        # read is kept; no other page, no search data.
        pages = [u for u in by_worker if u.endswith((".html", "/"))]
        shell = (
            site_url + "index.html",
            site_url + "404.html",
            site_url + "offline/index.html",
            site_url + "rules/movement/",
        )
        assert set(pages) <= set(shell), pages
        assert site_url + "rules/tactical-action/index.html" not in by_worker
        assert not any("/search/search_index" in u for u in by_worker)
        # The button, with its progress bar.
        page.goto(site_url + "coverage/")
        box = page.locator(".keep-offline")
        expect(box).to_be_visible()
        box.get_by_role("button", name="Keep the whole reference offline").click()
        expect(box.locator("progress")).to_be_visible()
        expect(box).to_have_attribute("data-kept", "", timeout=120_000)
        done = box.locator("progress").evaluate("bar => [bar.value, bar.max]")
        assert done[0] == done[1] > 10, done
        context.set_offline(True)
        page.goto(site_url + "ti3/action-phase/")  # never opened online
        expect(page.locator("h1")).to_contain_text("Action Phase")
    finally:
        context.close()
