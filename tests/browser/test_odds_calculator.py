"""The combat odds calculator (odds/) as a reader uses it: steppers, factions, options,
a shared link, a hostile link, a phone's width. Its numbers are engine.api.odds's, asked
of the walkthroughs' engine worker in Pyodide."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from engine.api import odds
from tests.browser.conftest import Recorder, each_engine
from tests.browser.test_offline import KEPT_RUNTIME
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS

pytestmark = pytest.mark.browser


def _calculator(page: Page, url: str) -> Locator:
    page.goto(url)
    root = page.locator(".odds-calc")
    expect(root).to_have_attribute("data-mounted", "", timeout=BOOT_TIMEOUT_MS)
    return root


def _percent(p: float) -> str:
    """As the page writes a chance: two decimals, never 0.00% or 100.00% for what is not."""
    if 0 < p < 0.00005:
        return "< 0.01%"
    if 0.99995 <= p < 1:
        return "> 99.99%"
    return f"{p * 100:.2f}%"


def _expect_answer(root: Locator, expected: dict[str, Any]) -> None:
    """The page shows every outcome and survivor of ``expected`` (engine.api.odds's answer),
    each number as text."""
    assert expected["ok"], expected
    expect(root).to_have_attribute("data-odds", "ready", timeout=BOOT_TIMEOUT_MS)
    for key in ("attacker_wins", "both_destroyed", "defender_wins"):
        outcome = root.locator(f'.odds-outcomes [data-outcome="{key}"]')
        expect(outcome).to_contain_text(_percent(expected[key]))
    for side, title in (("attacker", "the attacker"), ("defender", "the defender")):
        section = root.locator(".odds-survivors").filter(has_text=f"What {title} has left")
        rows = section.locator(".odds-survivor")
        expect(rows).to_have_count(len(expected[f"{side}_survivors"]))
        for label, p in expected[f"{side}_survivors"].items():
            shown = "none left" if label == "none" else label
            row = rows.filter(has=root.page.get_by_text(shown, exact=True))
            expect(row.locator(".odds-survivor-p")).to_have_text(_percent(p))


def _count(root: Locator, side: str, key: str) -> Locator:
    return root.locator(f'[data-side="{side}"] li:has([data-key="{side}-{key}-more"]) .odds-count')


@each_engine
def test_one_cruiser_against_one_cruiser_shows_the_engines_exact_odds(
    page: Page, site_url: str, recorder: Recorder
) -> None:
    root = _calculator(page, site_url + "odds/")
    expect(root.locator(".odds-empty")).to_have_text(
        "Give each side at least one unit to see the odds."
    )
    root.locator('[data-key="attacker-cruiser-more"]').click()
    root.locator('[data-key="defender-cruiser-more"]').click()
    expect(_count(root, "attacker", "cruiser")).to_have_text("1")
    _expect_answer(root, odds("1 cruiser", "1 cruiser"))
    expect(root.locator('[data-outcome="attacker_wins"]')).to_have_text("Attacker wins: 37.50%")
    expect(root.locator('[data-outcome="both_destroyed"]')).to_have_text(
        "Both sides destroyed: 25.00%"
    )
    # The bar: one rectangle per outcome, as wide as its share.
    widths = root.locator(".odds-bar rect").evaluate_all(
        "rects => rects.map(r => Number(r.getAttribute('width')))"
    )
    assert widths == pytest.approx([37.5, 25.0, 37.5])
    assert recorder.errors == []


def test_the_home_page_links_to_a_working_calculator(page: Page, site_url: str) -> None:
    """Followed from the home page (Material's instant navigation: no page load), the
    calculator mounts and answers."""
    page.goto(site_url)
    page.get_by_role("link", name="the combat odds calculator").click()
    expect(page).to_have_url(site_url + "odds/")
    root = page.locator(".odds-calc")
    expect(root).to_have_attribute("data-mounted", "", timeout=BOOT_TIMEOUT_MS)
    root.locator('[data-key="attacker-dreadnought-more"]').click()
    root.locator('[data-key="defender-fighter-more"]').click()
    _expect_answer(root, odds("1 dreadnought", "1 fighter"))
    # The calculator started the engine by itself, not a reader's Start: a walkthrough on
    # the next page still waits for its own Start.
    page.evaluate("() => { location.hash = ''; }")
    page.get_by_role("link", name="Movement", exact=True).first.click()
    expect(page).to_have_url(site_url + "rules/movement/")
    walkthrough = page.locator(".wt[data-walkthrough]").first
    expect(walkthrough).to_have_attribute("data-mounted", "", timeout=BOOT_TIMEOUT_MS)
    expect(walkthrough.locator(".wt-start")).to_be_visible()
    page.wait_for_timeout(1000)
    expect(walkthrough.locator(".wt-start")).to_be_visible()


def test_choosing_a_faction_offers_its_flagship_and_its_faction_technology(
    page: Page, site_url: str
) -> None:
    root = _calculator(page, site_url + "odds/")
    attacker = root.locator('[data-side="attacker"]')
    attacker.locator("summary").click()
    shielding = attacker.get_by_label("Non-Euclidean Shielding")
    expect(attacker.locator('[data-key="attacker-dreadnought-more"]')).to_be_visible()
    expect(attacker.locator('[data-key="attacker-flagship-more"]')).to_have_count(0)
    expect(shielding).to_have_count(0)
    attacker.get_by_label("Faction").select_option(label="The Barony of Letnev")
    expect(attacker.locator('[data-key="attacker-flagship-more"]')).to_be_visible()
    group = attacker.locator('.odds-kind[data-kind="faction_technology"]')
    expect(group.locator("legend")).to_have_text("Faction technologies")
    expect(group.locator(".odds-option label")).to_have_text(["Non-Euclidean Shielding"])
    # The other side has no faction: no faction technology is offered there.
    defender = root.locator('[data-side="defender"]')
    defender.locator("summary").click()
    expect(defender.locator('.odds-kind[data-kind="faction_technology"]')).to_have_count(0)
    # With the flagship and the technology, the odds are the engine's for that request.
    attacker.locator('[data-key="attacker-flagship-more"]').click()
    attacker.locator('[data-key="attacker-dreadnought-more"]').click()
    attacker.locator('[data-key="attacker-dreadnought-ii"]').click()
    shielding.check()
    defender.locator('[data-key="defender-cruiser-more"]').click()
    defender.locator('[data-key="defender-cruiser-more"]').click()
    defender.locator('[data-key="defender-destroyer-more"]').click()
    expected = odds(
        "1 flagship, 1 dreadnought ii",
        "2 cruiser, 1 destroyer",
        attacker_faction="letnev",
        attacker_options=["non_euclidean_shielding"],
    )
    _expect_answer(root, expected)
    expect(root.locator(".odds-notes")).to_contain_text("Arc Secundus")
    # An invasion: Sardakk N'orr's Valkyrie Particle Weave, a ground combat technology.
    root.get_by_label("Invasion").check()
    defender.get_by_label("Faction").select_option("sardakk")
    expect(defender.get_by_label("Valkyrie Particle Weave")).to_have_count(1)
    expect(attacker.get_by_label("Valkyrie Particle Weave")).to_have_count(0)
    expect(attacker.get_by_label("Non-Euclidean Shielding")).to_be_checked()  # both combats


SHARED = (
    "odds/#combat=ground&a=infantry*3,mech*1,damaged_mech*1,dreadnought*1&af=sol&aii=infantry"
    "&ao=morale_boost:2,lose_first&d=infantry*4,pds*1&df=letnev&do=magen_defense_grid:1"
    "&rounds=3&retreat=attacker"
)


def test_a_shared_link_reproduces_the_calculation(page: Page, site_url: str) -> None:
    root = _calculator(page, site_url + SHARED)
    expect(root.get_by_label("Invasion")).to_be_checked()
    attacker = root.locator('[data-side="attacker"]')
    defender = root.locator('[data-side="defender"]')
    expect(attacker.get_by_label("Faction")).to_have_value("sol")
    expect(defender.get_by_label("Faction")).to_have_value("letnev")
    for side, key, count in (
        ("attacker", "infantry", "3"),
        ("attacker", "mech", "1"),
        ("attacker", "damaged_mech", "1"),
        ("attacker", "dreadnought", "1"),
        ("defender", "infantry", "4"),
        ("defender", "pds", "1"),
    ):
        expect(_count(root, side, key)).to_have_text(count)
    expect(attacker.locator('[data-key="attacker-infantry-ii"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(attacker.get_by_label("Morale Boost", exact=True)).to_be_checked()
    expect(attacker.get_by_label("Morale Boost: in")).to_have_value("2")
    expect(attacker.get_by_label("Casualties")).to_have_value("lose_first")
    expect(defender.get_by_label("Magen Defense Grid", exact=True)).to_be_checked()
    expect(root.locator("#odds-rounds")).to_have_value("3")
    expect(root.locator("#odds-retreat")).to_have_value("attacker")
    expected = odds(
        "3 infantry ii, 1 mech, 1 damaged mech, 1 dreadnought",
        "4 infantry, 1 pds",
        ground=True,
        attacker_faction="sol",
        defender_faction="letnev",
        attacker_options=["morale_boost:2", "lose_first"],
        defender_options=["magen_defense_grid:1"],
        rounds=3,
        retreat="attacker",
    )
    _expect_answer(root, expected)
    expect(root.locator('[data-outcome="retreated"]')).to_contain_text(
        f"The attacker retreats: {_percent(expected['retreated'])}"
    )
    # A change is kept in the address: the link read back is the calculation changed.
    defender.locator('[data-key="defender-infantry-less"]').click()
    expect(page).to_have_url(site_url + SHARED.replace("infantry*4", "infantry*3"))
    page.reload()
    expect(_count(root, "defender", "infantry")).to_have_text("3", timeout=BOOT_TIMEOUT_MS)
    expect(root.locator(".odds-message")).to_be_empty()


AMOUNT = "odds/#a=flagship*1,cruiser*2&af=hacan&ao=wrath_of_kenara:3&d=cruiser*3"


def test_an_option_that_counts_trade_goods_takes_its_number_from_the_link_and_the_form(
    page: Page, site_url: str
) -> None:
    root = _calculator(page, site_url + AMOUNT)
    attacker = root.locator('[data-side="attacker"]')
    amount = attacker.get_by_label("Wrath of Kenara: trade goods")
    expect(amount).to_have_value("3")
    fleets = ("1 flagship, 2 cruiser", "3 cruiser")
    _expect_answer(
        root, odds(*fleets, attacker_faction="hacan", attacker_options=["wrath_of_kenara:3"])
    )
    amount.select_option("1")
    expect(page).to_have_url(site_url + AMOUNT.replace(":3", ":1"))
    _expect_answer(
        root, odds(*fleets, attacker_faction="hacan", attacker_options=["wrath_of_kenara:1"])
    )
    page.goto(site_url + AMOUNT.replace(":3", ":31"))
    expect(root.locator(".odds-message")).to_contain_text("trade goods from 1 to 30")


HOSTILE = (
    "odds/#a=cruiser*10000&af=%3Cimg%20src%3Dx%20id%3Dinjected%3E&ao=warp_drive_9000"
    "&d=flagship*1&do=%3Cb%20id%3Dbold%3Ebold%3C%2Fb%3E"
)


def test_a_hostile_link_is_refused_by_name_with_no_markup_and_an_empty_calculator(
    page: Page, site_url: str, recorder: Recorder
) -> None:
    root = _calculator(page, site_url + HOSTILE)
    message = root.locator(".odds-message")
    expect(message).to_contain_text("This link's calculation cannot be used")
    problems = message.locator("li")
    expect(problems).to_contain_text(
        [
            'attacker: unknown faction "<img src=x id=injected>"',
            "attacker: Cruiser × 10000; a side fields at most 40 units",
            'attacker: unknown option "warp_drive_9000"',
            "defender: a flagship without a faction (choose the defender's faction)",
            'defender: unknown option "<b id=bold>bold</b>"',
        ]
    )
    # The link's text is shown as text: no element of it reached the page.
    expect(page.locator("#injected, #bold, .odds-calc img, .odds-calc b")).to_have_count(0)
    # The calculator is empty, and says what it needs.
    expect(root.locator(".odds-count")).to_have_text(["0"] * root.locator(".odds-count").count())
    expect(root.locator('[data-side="attacker"]').get_by_label("Faction")).to_have_value("")
    expect(root.locator(".odds-empty")).to_be_visible()
    assert not any(url.endswith("/x") for url in recorder.requests)
    assert recorder.errors == []


def test_the_calculator_at_360_px_has_no_horizontal_scroll(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    root = _calculator(page, site_url + SHARED)
    for side in ("attacker", "defender"):
        details = root.locator(f'[data-side="{side}"] .odds-options')
        if not details.evaluate("d => d.open"):
            details.locator("summary").click()
    expect(root).to_have_attribute("data-odds", "ready", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    # Each stepper's buttons stay within the screen, side by side with its name.
    for button in root.locator(".odds-step, .odds-ii").all():
        box = button.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 360, box


def test_at_360_px_the_odds_stay_in_sight_while_the_form_is_changed(
    page: Page, site_url: str
) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    root = _calculator(page, site_url + "odds/#a=cruiser*1&d=cruiser*1")
    expect(root).to_have_attribute("data-odds", "ready", timeout=BOOT_TIMEOUT_MS)
    expected = odds("1 cruiser", "1 cruiser")
    summary = root.locator(".odds-summary")
    expect(summary).to_contain_text(f"Attacker wins: {_percent(expected['attacker_wins'])}")
    # Its stepper is far above the answer on a phone; the line stays at the screen's foot.
    root.locator('[data-key="attacker-cruiser-more"]').scroll_into_view_if_needed()
    box = summary.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 740, box
    root.locator('[data-key="attacker-cruiser-more"]').click()
    expected = odds("2 cruiser", "1 cruiser")
    expect(summary).to_contain_text(f"Attacker wins: {_percent(expected['attacker_wins'])}")
    summary.get_by_role("button", name="Details").click()
    expect(root.locator(".odds-outcomes")).to_be_in_viewport()


def test_after_one_visit_the_calculator_works_offline(browser: Browser, site_url: str) -> None:
    """The page and its scripts are kept like every page and asset, and the runtime its
    start fetched like a walkthrough's: offline, a new calculation is still worked out."""
    context = browser.new_context(service_workers="allow")
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        root = _calculator(page, site_url + "odds/#a=cruiser*1&d=cruiser*1")
        expect(root).to_have_attribute("data-odds", "ready", timeout=BOOT_TIMEOUT_MS)
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        runtime = ["/pyodide.asm.wasm", "/python_stdlib.zip", ".whl"]
        kept = page.evaluate(KEPT_RUNTIME, runtime)
        assert all(any(end in url for url in kept) for end in runtime), kept
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.reload()  # now through the worker, which keeps the page as it is read
        expect(root).to_have_attribute("data-odds", "ready", timeout=BOOT_TIMEOUT_MS)
        context.set_offline(True)
        page.goto(site_url + "odds/#a=destroyer*1&d=fighter*2")
        page.reload()
        _expect_answer(root, odds("1 destroyer", "2 fighter"))
    finally:
        context.close()
