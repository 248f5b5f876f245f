"""The board list and the builders: what a reader can see and choose beyond the listed choices."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.test_site_pages import AXE
from tests.browser.test_walkthroughs import PREFERRED, _choose, _offered
from tests.browser.walkthrough_page import start, system

pytestmark = pytest.mark.browser

# Choices of the tactical-action script: activation, three moves and the end of movement.
THROUGH_MOVEMENT = 5
# ... then Space Cannon Offense, its hit, two retreat decisions, a round and its hits,
# no bombardment: the invasion waits for ground forces to be committed.
TO_COMMIT = 13
SERIOUS = ("serious", "critical")


def _suggested(root: Locator, steps: int) -> None:
    """Play the walkthrough's own script for ``steps`` choices, each awaited."""
    for _ in range(steps):
        before = root.locator(".wt-log li").count()
        root.locator(".wt-scripted").click()
        expect(root.locator(".wt-log li")).not_to_have_count(before)


def _last_event(root: Locator) -> Locator:
    return root.locator(".wt-log li").last


def test_board_lists_every_unit_of_a_crowded_system_at_phone_width(
    page: Page, site_url: str
) -> None:
    page.set_viewport_size({"width": 390, "height": 800})
    page.emulate_media(color_scheme="dark")
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action")
    _suggested(root, THROUGH_MOVEMENT)
    # Zoomed in (the phone's map is compact), the hex draws each unit type once, with its
    # count, in its owner's colour.
    root.locator(".wt-zoom").click()
    hex_ = system(root, "Abyz–Fria")
    expect(hex_.locator('.wt-chip[data-type="infantry"]')).to_have_count(3)  # Red's ×3, two planets
    expect(hex_.locator(".wt-chip").filter(has_text="×3")).to_have_count(1)
    board = root.locator(".wt-board")
    board.locator("summary").click()
    active = board.locator('.wt-board-system[data-system="front"]')
    expect(active).to_contain_text("active system")
    expect(active).to_contain_text("command tokens: Red (Federation of Sol)")
    expect(active.locator(".wt-board-space")).to_have_text(
        "Space: Blue: 1 destroyer, 1 cruiser; "
        "Red: 1 carrier, 2 fighter, 3 infantry, 1 dreadnought, 1 cruiser"
    )
    expect(active.locator(".wt-board-planet").filter(has_text="Fria")).to_contain_text(
        "controlled by Blue (Barony of Letnev)): Blue: 1 infantry, 1 pds"
    )
    # The hex's name is what it shows (axe: label-content-name-mismatch), no more.
    # Evaluated, not added as an inline <script>: the site's CSP refuses inline scripts.
    page.evaluate(AXE.read_text("utf-8"))
    found = page.evaluate(
        "async () => JSON.stringify(await axe.run(document.querySelector('.wt')))"
    )
    serious = [v["id"] for v in json.loads(found)["violations"] if v["impact"] in SERIOUS]
    assert serious == []
    # It stays open across redraws, and nothing is wider than the phone.
    _suggested(root, 2)
    expect(active.locator(".wt-board-space")).to_contain_text("1 dreadnought (1 damaged)")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def test_hits_and_retreats_are_chosen_by_clicking(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action")
    _suggested(root, THROUGH_MOVEMENT)
    _choose(root, "space_cannon", "fire")
    # The suggestion damages the dreadnought; the reader sacrifices the cruiser instead.
    hits = root.locator(".wt-hits")
    hits.get_by_label("Red's cruiser 1").fill("1")
    hits.locator(".wt-build-go").click()
    lost = (
        root.locator(".wt-log li").filter(has_text="Red's cruiser 1").filter(has_text="destroyed")
    )
    expect(lost).to_have_count(1)
    red_fleet = root.locator('.wt-board-system[data-system="front"] .wt-board-space')
    expect(red_fleet).to_contain_text("Red: 1 carrier, 2 fighter, 3 infantry, 1 dreadnought")
    expect(red_fleet).not_to_contain_text("damaged")
    # Blue announces retreats first: any system on the map may be tried.
    system(root, "Outpost").click()
    refusal = root.locator(".wt-refusal")
    # Rule 78 is not in this reference yet: cited by its number, unlinked.
    expect(refusal).to_contain_text("retreat")
    expect(refusal.locator(".wt-ref").first).to_have_text(re.compile(r"^LRR 78\."))
    system(root, "Arc Prime").click()
    expect(root.locator(".wt-refusal")).to_have_count(0)
    expect(_last_event(root)).to_contain_text("Arc Prime")


def test_ground_forces_and_production_are_built_by_clicking(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action")
    _suggested(root, TO_COMMIT)
    # The offered choice commits all three infantry; the reader lands two of them.
    commit = root.locator(".wt-commit")
    commit.locator("select").select_option("Fria")
    commit.get_by_label("Red's infantry 1").check()
    commit.get_by_label("Red's infantry 5").check()
    commit.locator(".wt-build-go").click()
    landed = root.locator(".wt-log li.wt-event--commit")
    expect(landed).to_contain_text("Fria")
    expect(landed).to_contain_text("Red's infantry 5")
    expect(landed).not_to_contain_text("Red's infantry 2")
    # On to production with the offered choices, fighting on where asked.
    for _ in range(20):
        if root.locator(".wt-produce").count():
            break
        offered = _offered(root)
        kind = next((k for k in ("skip", *PREFERRED) if k in offered), offered[0])
        if kind == "skip":
            # Finishing the commitments logs nothing until Blue decides on Space Cannon. The
            # offered choices' own labels show the answer: the builders' text below them may
            # change while the engine still works.
            before = root.locator(".wt-choice").all_inner_texts()
            root.locator('.wt-choice[data-kind="skip"]').click()
            expect(root.locator(".wt-choice")).not_to_have_text(before)
        else:
            _choose(root, kind)
    # Units within the space dock's Production, unpaid: refused with the rule on paying,
    # an LRR number this reference has no page for, read as a citation and not a link.
    order = {"carrier": 1, "infantry": 2, "mech": 1}
    _order(root, order, [])
    refusal = root.locator(".wt-refusal")
    expect(refusal).to_contain_text("you pay only 0")
    cited = refusal.locator(".wt-ref")
    expect(cited).to_have_text("LRR 67.1")
    assert cited.evaluate("e => e.tagName") == "CITE"
    assert cited.evaluate("e => getComputedStyle(e).textDecorationLine") == "none"
    # A fourth ship breaks the fleet pool: produced all the same, then Red chooses (37.3).
    _order(root, order, ["Jord", "Abyz"])
    expect(root.locator(".wt-refusal")).to_have_count(0)
    made = root.locator(".wt-log li.wt-event--produce")
    expect(made).to_contain_text("Red's mech 1")
    expect(made).to_contain_text("Red's carrier 2")
    remove = root.locator(".wt-remove")
    expect(remove).to_contain_text("choose the 1 unit(s) to remove")
    remove.get_by_label("Red's cruiser 1").check()
    remove.locator(".wt-build-go").click()
    removed = root.locator(".wt-log li.wt-event--removed")
    expect(removed).to_contain_text("Red's cruiser 1")
    expect(removed.locator('cite.wt-ref:text-is("LRR 37.3")')).to_have_count(1)
    expect(root.locator(".wt-step")).to_contain_text("End of the tactical action")


def test_choices_the_rules_leave_are_made_by_clicking(page: Page, site_url: str) -> None:
    """Sustain Damage or not (87), a planet per bombarding unit (15.1) and where produced
    ground forces go (68.3), each made with the builders."""
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "choices-the-rules-leave")
    # Activation, three moves, end of movement, two retreat decisions, the roll.
    _suggested(root, 8)
    hits = root.locator(".wt-hits")
    sustain = hits.get_by_label("Red's dreadnought 1 uses Sustain Damage")
    expect(sustain).to_be_checked()  # the suggestion sustains
    hits.get_by_label("Red's dreadnought 1", exact=False).first.fill("1")
    sustain.uncheck()
    hits.locator(".wt-build-go").click()
    expect(_last_event(root)).to_contain_text("Red's dreadnought 1 is destroyed")
    expect(root.locator(".wt-log")).not_to_contain_text("sustains damage")
    # Back, and sustain this time as suggested; Blue assigns as suggested.
    root.locator(".wt-undo").click()
    _suggested(root, 2)
    expect(root.locator(".wt-log")).to_contain_text("Red's dreadnought 1 sustains damage")
    # Each dreadnought bombards its own planet, the other way round from any offered choice.
    bombard = root.locator(".wt-bombard")
    bombard.get_by_label("Red's dreadnought 1 bombards").select_option("Beta")
    bombard.get_by_label("Red's dreadnought 2 bombards").select_option("Alpha")
    bombard.locator(".wt-build-go").click()
    log = root.locator(".wt-log")
    expect(log).to_contain_text("Red's dreadnought 1 bombards Beta")
    expect(log).to_contain_text("Red's dreadnought 2 bombards Alpha")
    for _ in range(10):
        if root.locator(".wt-produce").count():
            break
        offered = _offered(root)
        _choose(root, "commit" if "commit" in offered else offered[0])
    # Four infantry from two space docks: one on Gamma, three on Delta.
    produce = root.locator(".wt-produce")
    produce.get_by_label("infantry").fill("4")
    produce.get_by_label("Jord").check()
    placement = produce.locator(".wt-produce-placement")
    placement.get_by_label("Gamma").fill("1")
    placement.get_by_label("Delta").fill("3")
    produce.locator(".wt-build-go").click()
    expect(root.locator(".wt-refusal")).to_have_count(0)
    planets = root.locator('.wt-board-system[data-system="twins"] .wt-board-planet')
    expect(planets.filter(has_text="Gamma")).to_contain_text("1 infantry")
    expect(planets.filter(has_text="Delta")).to_contain_text("3 infantry")


def _order(root: Locator, counts: dict[str, int], pay: list[str]) -> None:
    """Fill the produce builder (it is redrawn empty after each try) and send the order."""
    produce = root.locator(".wt-produce")
    for unit_type, count in counts.items():
        produce.get_by_label(unit_type).fill(str(count))
    for planet in pay:
        produce.get_by_label(planet).check()
    produce.locator(".wt-build-go").click()
