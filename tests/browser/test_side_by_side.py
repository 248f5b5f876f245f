"""One board, two engines: the comparison page's panes played in Chromium.

Each divergent board (``content/walkthroughs/compare-*.yaml``) is opened from the
picker, both panes are played with the reader's own buttons (the suggested step and
the choices to try), and each pane must show what its edition rules, citing the
3rd-edition item or the 4th-edition rule that decides, linked where the site has it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import Recorder
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS

pytestmark = pytest.mark.browser

PAGE = "ti3/compare-tactical-action/"
TACTICAL = "ti3-tactical-action-activation-sequence-as-follows-"
BATTLE = "ti3-space-battles-battle-sequence-"
INVASION = "ti3-invasion-combat-combat-sequence-"

_LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


@pytest.fixture
def player(page: Page, site_url: str) -> Iterator[Locator]:
    """The comparison page's player, started: both panes of the first board drawn."""
    page.add_init_script(_LISTEN)
    page.goto(site_url + PAGE)
    root = page.locator(".wt-compare")
    start = root.locator(".wt-start")
    expect(start).to_be_visible(timeout=BOOT_TIMEOUT_MS)  # compare.js has mounted
    start.click()
    _wait_for_panes(root, "compare-passing-enemy-ships")
    yield root
    assert page.evaluate("window.__violations") == []


def _wait_for_panes(root: Locator, board: str) -> None:
    for edition in (3, 4):
        pane = root.locator(f'.wt-pane[data-walkthrough="{board}-ed{edition}"]')
        expect(pane.locator(".wt-step")).to_be_visible(timeout=BOOT_TIMEOUT_MS)


def _pane(root: Locator, edition: int) -> Locator:
    return root.locator(f'.wt-pane[data-edition="{edition}"]')


def _pick(root: Locator, board: str) -> None:
    root.locator(".wt-compare-pick").select_option(board)
    _wait_for_panes(root, board)


def _suggested(pane: Locator, times: int) -> None:
    """Play the pane's next ``times`` suggested steps, each awaited in the log."""
    for _ in range(times):
        before = pane.locator(".wt-log li").count()
        pane.locator(".wt-scripted").click()
        expect(pane.locator(".wt-log li")).not_to_have_count(before)


def _try(pane: Locator, label: str) -> Locator:
    """Press a choice to try; the refusal it brings."""
    pane.locator(".wt-try").filter(has_text=label).click()
    refusal = pane.locator(".wt-refusal")
    expect(refusal).to_be_visible()
    return refusal


def _cites(where: Locator, anchor: str) -> None:
    expect(where.locator(f'a.wt-ref[href$="#{anchor}"]').first).to_be_attached()


def _anchors_exist(page: Page, root: Locator) -> None:
    hrefs = set(root.locator("a.wt-ref").evaluate_all("links => links.map(a => a.href)"))
    assert hrefs
    pages: dict[str, str] = {}
    for href in hrefs:
        url, _, anchor = href.partition("#")
        html = pages.setdefault(url, page.request.get(url).text())
        assert not anchor or f'id="{anchor}"' in html, href


def test_ti3_passing_enemy_territory_and_fleet_supply_in_two_panes(
    page: Page, player: Locator, recorder: Recorder
) -> None:
    """3rd: ships move "without going through enemy territory", and no more ships into the
    activated system than the Fleet Supply; 4th: no move through a system with enemy
    ships, and the fleet pool caps the ships left when movement ends (37.3)."""
    third, fourth = _pane(player, 3), _pane(player, 4)
    expect(third.locator(".wt-pane-heading")).to_have_text("3rd edition")
    expect(fourth.locator(".wt-pane-heading")).to_have_text("4th edition")
    _suggested(third, 3)  # tactical action, activate Target, the destroyer moves in
    refusal = _try(third, "cruiser to Target through Picket")
    expect(refusal).to_contain_text("enemy territory")
    _cites(refusal, TACTICAL + "2")
    refusal = _try(third, "carrier to Target as well")
    expect(refusal).to_contain_text("Fleet Supply")
    _cites(refusal, TACTICAL + "3")

    _suggested(fourth, 1)  # activate Target
    refusal = _try(fourth, "cruiser to Target through Picket")
    expect(refusal).to_contain_text("Picket")
    _cites(refusal, "movement-step-1-move-ships-3")
    _suggested(fourth, 3)  # both ships from Rim move in, movement ends
    removal = fourth.locator('.wt-choice[data-kind="remove_excess"]')
    expect(removal.first).to_be_visible()
    # The 3rd-edition pane never got the carrier in: still one move in its log.
    expect(third.locator(".wt-event--move")).to_have_count(1)
    expect(fourth.locator(".wt-event--move")).to_have_count(2)
    _anchors_exist(page, player)
    assert recorder.errors == []


def test_ti3_dreadnought_may_not_bombard_a_pds_planet_in_one_pane_only(
    page: Page, player: Locator, recorder: Recorder
) -> None:
    """3rd: "Dreadnoughts may not bombard planets that contain at least 1 enemy PDS unit",
    and each PDS on the planet fires one shot at the invaders; 4th: the war sun takes the
    Planetary Shield away (65.3), so the dreadnought bombards too."""
    _pick(player, "compare-pds-defended-invasion")
    third, fourth = _pane(player, 3), _pane(player, 4)
    _suggested(third, 9)  # to the bombardment
    bombard = third.locator('.wt-choice[data-kind="bombard"]')
    expect(bombard).to_have_count(1)
    expect(bombard).not_to_contain_text("dreadnought", ignore_case=True)
    refusal = _try(third, "Bombard Fria with the dreadnought")
    expect(refusal).to_contain_text("PDS")
    _cites(refusal, INVASION + "2")
    before = third.locator(".wt-log li").count()
    bombard.click()
    expect(third.locator(".wt-log li")).not_to_have_count(before)
    before = third.locator(".wt-log li").count()
    third.locator('.wt-choice[data-kind="skip"]').click()
    expect(third.locator(".wt-log li")).not_to_have_count(before)
    _cites(third.locator(".wt-log"), INVASION + "4")  # the single PDS shot at invaders

    _suggested(fourth, 6)  # to the invasion step
    offered = fourth.locator('.wt-choice[data-kind="bombard"]')
    expect(offered).to_contain_text("dreadnought", ignore_case=True)
    before = fourth.locator(".wt-log li").count()
    offered.click()
    expect(fourth.locator(".wt-log li")).not_to_have_count(before)
    expect(fourth.locator(".wt-log")).to_contain_text("ignores the Planetary Shield")
    expect(fourth.locator(".wt-log cite.wt-ref", has_text="65.3").first).to_be_attached()
    _anchors_exist(page, player)
    assert recorder.errors == []


def test_ti3_attacker_announces_withdrawal_first_where_4th_edition_asks_the_defender(
    page: Page, player: Locator, recorder: Recorder
) -> None:
    """3rd: "attacker first has the option to withdraw, if he doesn't, the defender then has
    the option to retreat", to "an adjacent activated system"; 4th: retreats are announced
    beginning with the defender (78.4), and Blue may retreat to its planet's system."""
    _pick(player, "compare-retreat")
    third, fourth = _pane(player, 3), _pane(player, 4)
    _suggested(third, 6)  # to the space battle
    first = third.locator('.wt-choice[data-kind="announce_retreat"]')
    expect(first).to_have_count(1)
    expect(first).to_contain_text(re.compile(r"Red.*withdrawal.*Staging"))
    _cites(third.locator(".wt-step"), TACTICAL + "7")
    # Three ships a side: within the view's bound, so both panes give exact odds.
    expect(third.locator(".wt-odds")).to_contain_text("Exact odds before the dice")
    _suggested(third, 1)  # Red stays
    refusal = _try(third, "Blue retreats to Haven")
    expect(refusal).to_contain_text("activated")
    _cites(refusal, BATTLE + "10")

    _suggested(fourth, 5)  # to the space combat
    first = fourth.locator('.wt-choice[data-kind="announce_retreat"]')
    expect(first).to_have_count(1)
    expect(first).to_contain_text(re.compile(r"Blue.*Haven"))
    expect(fourth.locator(".wt-odds")).to_contain_text("Exact odds before the dice")
    refusal = _try(fourth, "Red retreats to Staging")
    expect(refusal).to_contain_text("Blue announces first")
    expect(refusal.locator(".wt-ref", has_text="78.4")).to_be_attached()
    _anchors_exist(page, player)
    assert recorder.errors == []


def test_ti3_space_mine_goes_off_after_pds_fire_in_the_3rd_edition_pane_only(
    page: Page, player: Locator, recorder: Recorder
) -> None:
    """3rd: "PDS fire - after the active player has finished moving", then "SPACE MINES";
    4th: Space Cannon Offense, and no mine on the same board."""
    _pick(player, "compare-space-mines")
    third, fourth = _pane(player, 3), _pane(player, 4)
    _suggested(third, 6)  # to the PDS fire
    hold = third.locator('.wt-choice[data-kind="pds_fire"]').filter(has_text="hold")
    before = third.locator(".wt-log li").count()
    hold.click()
    expect(third.locator(".wt-log li")).not_to_have_count(before)
    _cites(third.locator(".wt-log"), TACTICAL + "6")
    expect(third.locator(".wt-log")).to_contain_text("against the space mine")

    _suggested(fourth, 5)
    expect(fourth.locator('.wt-choice[data-kind="space_cannon"]').first).to_be_visible()
    expect(fourth.locator(".wt-log")).not_to_contain_text("mine")
    _anchors_exist(page, player)
    assert recorder.errors == []


def test_only_the_comparison_page_loads_the_player(
    page: Page, site_url: str, recorder: Recorder
) -> None:
    """The two-pane module is fetched on the comparison page and on no walkthrough page."""
    page.goto(site_url + "rules/movement/", wait_until="networkidle")
    expect(page.locator(".wt[data-mounted]").first).to_be_attached()
    assert not [u for u in recorder.requests if u.endswith("/compare.js")]
    page.goto(site_url + PAGE, wait_until="networkidle")
    expect(page.locator(".wt-compare .wt-start")).to_be_visible()
    assert [u for u in recorder.requests if u.endswith("/compare.js")]


def test_ti3_twelve_ships_a_side_after_a_space_mine_show_exact_odds(
    page: Page, player: Locator, recorder: Recorder
) -> None:
    """3rd: "SPACE MINES" roll for each of Red's twelve ships when movement ends, then the
    battle: its pane shows the exact odds (the view once stopped at 16 units and said so
    instead); the 4th edition's pane shows them for its mine-free combat."""
    _pick(player, "compare-twelve-ship-battle")
    third, fourth = _pane(player, 3), _pane(player, 4)
    _suggested(third, 15)  # the action, the activation, twelve moves, the end of movement
    expect(third.locator(".wt-log")).to_contain_text("against the space mine")
    expect(third.locator(".wt-odds")).to_contain_text("Exact odds before the dice")
    expect(third.locator(".wt-odds")).to_contain_text(re.compile(r"Red wins \d"))
    expect(third).not_to_contain_text("Exact odds are shown for combats of up to")
    _suggested(fourth, 14)
    expect(fourth.locator(".wt-odds")).to_contain_text("Exact odds before the dice")
    assert recorder.errors == []
