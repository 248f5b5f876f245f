"""The calculator at the table, on a phone (390 px) and a desktop (1280 px): focus stays on
a control the reader can use, a change of combat says what it set aside and brings it
back, survivors are plotted most likely first with the rest folded, every message speaks
in printed names, and each side is offered only the units that take part."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from engine.api import odds
from tests.browser.test_odds_calculator import SHARED, _calculator, _count, _expect_answer, _percent
from tests.browser.test_odds_stale_questions import HOSTILE
from tests.browser.test_site_pages import COMBINATIONS, _serious_violations
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS

pytestmark = pytest.mark.browser

WIDTHS = pytest.mark.parametrize("width", [390, 1280])
INVASION = (
    "odds/#combat=ground&a=infantry*3,mech*1,dreadnought*1&af=sol&ao=morale_boost:2"
    "&d=infantry*4,pds*1&df=letnev&do=magen_defense_grid:1"
)
# An internal id: words joined by underscores ("exotrireme_ii_sacrifice", "war_sun").
INTERNAL_ID = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")


def _open(page: Page, site_url: str, width: int, link: str) -> Locator:
    page.set_viewport_size({"width": width, "height": 900})
    return _calculator(page, site_url + link)


def _focused_key(page: Page) -> str:
    key: str = page.evaluate(
        "() => document.activeElement?.dataset?.key ?? document.activeElement?.tagName"
    )
    return key


def _press(page: Page, root: Locator, key: str) -> None:
    root.locator(f'[data-key="{key}"]').focus()
    page.keyboard.press("Enter")


@WIDTHS
def test_focus_stays_on_a_stepper_when_its_own_press_disables_the_button(
    page: Page, site_url: str, width: int
) -> None:
    root = _open(page, site_url, width, "odds/#a=cruiser*1,destroyer*38&af=letnev&d=cruiser*1")
    # "−" down to 0: focus moves to the same row's "+".
    _press(page, root, "attacker-cruiser-less")
    expect(_count(root, "attacker", "cruiser")).to_have_text("0")
    assert _focused_key(page) == "attacker-cruiser-more"
    # "+" up to the 40-unit limit: focus moves to the same row's "−".
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(_count(root, "attacker", "cruiser")).to_have_text("2")
    expect(root.locator('[data-key="attacker-cruiser-more"]')).to_be_disabled()
    assert _focused_key(page) == "attacker-cruiser-less"
    page.keyboard.press("Enter")
    # The flagship's "+": a side has one.
    _press(page, root, "attacker-flagship-more")
    expect(_count(root, "attacker", "flagship")).to_have_text("1")
    assert _focused_key(page) == "attacker-flagship-less"
    # With a pointer too: a click that empties a row leaves focus on its "+".
    root.locator('[data-key="attacker-flagship-less"]').click()
    expect(_count(root, "attacker", "flagship")).to_have_text("0")
    assert _focused_key(page) == "attacker-flagship-more"
    _expect_answer(root, odds("1 cruiser, 38 destroyer", "1 cruiser", attacker_faction="letnev"))
    assert _focused_key(page) == "attacker-flagship-more"  # the answer took nothing away


@WIDTHS
def test_changing_the_combat_keeps_what_applies_says_what_it_set_aside_and_brings_it_back(
    page: Page, site_url: str, width: int
) -> None:
    root = _open(page, site_url, width, INVASION)
    attacker = root.locator('[data-side="attacker"]')
    root.get_by_label("Space combat").check()
    notice = root.locator(".odds-aside")
    expect(notice).to_have_text(
        "Set aside, as they take no part in a space combat: the attacker's 3 infantry and 1 mech;"
        " the defender's 4 infantry and Magen Defense Grid. Change back to an invasion to bring"
        " them back."
    )
    expect(root.locator(".odds-combat")).to_have_attribute("aria-describedby", "odds-aside")
    # What still takes part stays: the dreadnought, the PDS, Morale Boost, the factions.
    expect(_count(root, "attacker", "dreadnought")).to_have_text("1")
    expect(_count(root, "defender", "pds")).to_have_text("1")
    expect(attacker.get_by_label("Morale Boost", exact=True)).to_be_checked()
    expect(page).to_have_url(
        site_url + "odds/#a=dreadnought*1&af=sol&ao=morale_boost:2&d=pds*1&df=letnev"
    )
    fleets = ("1 dreadnought", "1 pds")
    factions = {"attacker_faction": "sol", "defender_faction": "letnev"}
    _expect_answer(root, odds(*fleets, **factions, attacker_options=["morale_boost:2"]))
    # A change made meanwhile stays; changing back brings the rest back.
    attacker.locator('[data-key="attacker-dreadnought-more"]').click()
    root.get_by_label("Invasion").check()
    expect(notice).to_have_text(
        "Brought back: the attacker's 3 infantry and 1 mech; the defender's 4 infantry and"
        " Magen Defense Grid."
    )
    expect(page).to_have_url(site_url + INVASION.replace("dreadnought*1", "dreadnought*2"))
    expect(_count(root, "defender", "infantry")).to_have_text("4")
    expect(
        root.locator('[data-side="defender"]').get_by_label("Magen Defense Grid", exact=True)
    ).to_be_checked()
    # Damaged ships bombard as whole ones do: counted so in an invasion, damaged again after.
    page.goto(site_url + "odds/#a=damaged_dreadnought*2,cruiser*2&d=cruiser*2")
    root.get_by_label("Invasion").check()
    expect(_count(root, "attacker", "dreadnought")).to_have_text("2")
    expect(notice).to_contain_text(
        "the attacker's 2 damaged dreadnoughts count as undamaged here, and are damaged again"
        " when you change back."
    )
    root.get_by_label("Space combat").check()
    expect(page).to_have_url(site_url + "odds/#a=damaged_dreadnought*2,cruiser*2&d=cruiser*2")
    expect(notice).to_have_text(
        "Brought back: the attacker's 2 cruisers; the defender's 2 cruisers."
    )


@WIDTHS
def test_survivors_are_plotted_most_likely_first_with_the_rest_folded(
    page: Page, site_url: str, width: int
) -> None:
    root = _open(
        page, site_url, width, "odds/#a=dreadnought*10,cruiser*10&d=dreadnought*10,destroyer*10"
    )
    answer = odds("10 dreadnought, 10 cruiser", "10 dreadnought, 10 destroyer")
    _expect_answer(root, answer)
    sections = []
    for side, title in (("attacker", "the attacker"), ("defender", "the defender")):
        section = root.locator(".odds-survivors").filter(has_text=f"What {title} has left")
        chances = sorted(answer[f"{side}_survivors"].values(), reverse=True)
        shown = section.locator(":scope > ul > .odds-survivor")
        assert 1 <= shown.count() <= 8
        folded = section.locator(".odds-survivors-more")
        expect(folded).not_to_have_attribute("open", "")
        rest = chances[shown.count() :]
        expect(folded.locator("summary")).to_have_text(
            f"{len(rest)} less likely outcomes, together {_percent(sum(rest))}"
        )
        # Most likely first, all the way down the folded rows.
        texts = section.locator(".odds-survivor-p").all_text_contents()
        assert texts == [_percent(p) for p in chances]
        assert not folded.locator(".odds-survivor").first.is_visible()
        # Folded, the plot fits in a screen's height.
        box = section.bounding_box()
        assert box is not None and box["height"] < 900, box
        sections.append(folded)
    for folded in sections:
        folded.locator("summary").click()
        expect(folded.locator(".odds-survivor").last).to_be_visible()


@WIDTHS
def test_every_message_names_units_and_options_as_printed(
    page: Page, site_url: str, width: int
) -> None:
    root = _open(
        page,
        site_url,
        width,
        "odds/#a=flagship*1,dreadnought*2&af=sardakk&d=cruiser*3&df=naaz_rokha",
    )
    attacker = root.locator('[data-side="attacker"]')
    expect(attacker.locator("#odds-attacker-flagship-name")).to_have_text(
        "Flagship (C'morran N'orr)"
    )
    expected = odds(
        "1 flagship, 2 dreadnought",
        "3 cruiser",
        attacker_faction="sardakk",
        defender_faction="naaz_rokha",
    )
    _expect_answer(root, expected)
    expect(root.locator(".odds-notes")).to_contain_text(
        "Exotrireme II: not applied (choose it among the attacker's options)"
    )
    for side in ("attacker", "defender"):
        root.locator(f'[data-side="{side}"] .odds-options > summary').click()
    expect(attacker.locator('.odds-kind[data-kind="faction_unit"] legend')).to_have_text(
        "Faction units"
    )
    defender = root.locator('[data-side="defender"]')
    expect(defender.locator('.odds-kind[data-kind="mech"] legend')).to_have_text("Mechs")
    assert INTERNAL_ID.findall(root.inner_text()) == []
    # A link's problems name units as the form does.
    page.goto(site_url + "odds/#combat=ground&a=infantry*2,pds*1&d=infantry*1,dreadnought*1")
    problems = root.locator(".odds-message li")
    expect(problems).to_have_text(
        [
            "attacker: the attacker's PDS takes no part in an invasion",
            "defender: the defender's dreadnought takes no part in an invasion",
        ]
    )
    page.goto(site_url + "odds/#a=war_sun*41&d=cruiser*1")
    expect(problems).to_have_text(["attacker: War sun × 41; a side fields at most 40 units"])
    assert INTERNAL_ID.findall(root.locator(".odds-message").inner_text()) == []


@WIDTHS
def test_an_invasion_offers_each_side_only_the_units_that_take_part(
    page: Page, site_url: str, width: int
) -> None:
    """The attacker's ships bombard (its flagship only where it does, or acts on the
    ground); the defender's PDS are the planet's; nobody else's PDS or ships take part."""
    root = _open(page, site_url, width, "odds/#combat=ground&af=letnev&df=sol")
    attacker = root.locator('[data-side="attacker"]')
    defender = root.locator('[data-side="defender"]')
    steppers = ".odds-unit .odds-unit-name"
    expect(attacker.locator(steppers)).to_have_text(
        ["Infantry", "Mech", "Damaged mech", "Flagship (Arc Secundus)", "War sun", "Dreadnought"]
    )
    expect(defender.locator(steppers)).to_have_text(["Infantry", "Mech", "Damaged mech", "PDS"])
    attacker.locator(".odds-options > summary").click()
    keep = attacker.get_by_label("Keep to the last").locator("option")
    expect(keep).to_have_text(
        ["No unit type", "Infantry", "Mech", "Flagship", "War sun", "Dreadnought"]
    )
    # Every unit offered, one of each, is a combat the engine works out.
    for side in (attacker, defender):
        for button in side.locator(".odds-unit .odds-step:has-text('+')").all():
            button.click()
    fleets = (
        "1 infantry, 1 mech, 1 damaged mech, 1 flagship, 1 war sun, 1 dreadnought",
        "1 infantry, 1 mech, 1 damaged mech, 1 pds",
    )
    _expect_answer(
        root, odds(*fleets, ground=True, attacker_faction="letnev", defender_faction="sol")
    )
    # Genesis has no part in an invasion: Sol's attacker is offered no flagship there.
    attacker.get_by_label("Faction").select_option("sol")
    expect(attacker.locator('[data-key="attacker-flagship-more"]')).to_have_count(0)
    # In a space combat, either side's PDS fire space cannon.
    root.get_by_label("Space combat").check()
    expect(attacker.locator('[data-key="attacker-pds-more"]')).to_have_count(1)
    expect(defender.locator('[data-key="defender-pds-more"]')).to_have_count(1)


@pytest.mark.slow
def test_the_calculator_has_no_serious_accessibility_violations_in_any_state(
    page: Page, site_url: str
) -> None:
    """Axe finds nothing serious or critical, light and dark, at 390 and 1280 px: the form
    with its options open and an answer, what a change of combat set aside, the folded
    survivors unfolded, and a long calculation with its Cancel button."""
    root = _calculator(page, site_url + SHARED)
    expect(root).to_have_attribute("data-odds", "ready", timeout=BOOT_TIMEOUT_MS)
    found: dict[str, object] = {}

    def check(where: str) -> None:
        for scheme, width in COMBINATIONS:
            page.set_viewport_size({"width": width, "height": 900})
            page.emulate_media(color_scheme=scheme)
            page.wait_for_timeout(600)  # Material's colours fade over 0.25 s
            found[f"{where}, {scheme}, {width} px"] = _serious_violations(page)

    check("answered")
    root.get_by_label("Space combat").check()
    expect(root.locator(".odds-aside")).not_to_be_empty()
    expect(root.locator(".odds-result")).not_to_have_attribute("aria-busy", "true")
    for details in root.locator(".odds-survivors-more").all():
        details.locator("summary").click()
    check("set aside, survivors unfolded")
    page.evaluate(f"() => {{ location.hash = '{HOSTILE}'; }}")
    expect(page.locator(".odds-calc .odds-cancel")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    check("a long calculation")
    failing = {k: v for k, v in found.items() if v}
    assert failing == {}, "\n".join(f"{k}: {v}" for k, v in failing.items())
