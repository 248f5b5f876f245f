"""Walkthroughs played in Chromium against the built site, by clicks and keys."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import Recorder, each_engine
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS, start, system

pytestmark = pytest.mark.browser


PREFERRED = ("roll", "space_cannon", "no_retreat", "commit", "produce")


def _choose(root: Locator, kind: str, text: str = "") -> None:
    """Click the first offered choice of ``kind`` (whose label has ``text``); await the redraw."""
    steps_before = root.locator(".wt-log li").count()
    root.locator(f'.wt-choice[data-kind="{kind}"]').filter(has_text=text).first.click()
    expect(root.locator(".wt-log li")).not_to_have_count(steps_before)


def _move(root: Locator, ship: str, path: list[str], carry: list[str]) -> None:
    """Move a ship with the move controls: pick it, click its path on the map, tick cargo."""
    root.locator("select.wt-ship").select_option(ship)
    for name in path:
        system(root, name).click()
    expect(root.locator(".wt-path")).to_contain_text(" → ".join(path) if len(path) > 1 else path[0])
    for unit in carry:
        root.locator(f'.wt-carry input[value="{unit}"]').check()
    root.locator(".wt-move-go").click()
    expect(root.locator(".wt-refusal")).to_have_count(0)
    owner, kind, n = ship.split("-")
    expect(root.locator(".wt-log")).to_contain_text(f"moves {owner.title()}'s {kind} {n}")


def _offered(root: Locator) -> list[str]:
    return root.locator(".wt-choice").evaluate_all("bs => bs.map(b => b.dataset.kind)")


@each_engine
def test_full_tactical_action_is_played_to_the_end(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action")
    expect(root.locator(".wt-seed")).to_have_text(re.compile(r"Dice seed: \d+"))
    # Step 1: activate by pressing Enter on the system, as a keyboard user would.
    system(root, "Abyz–Fria").focus()
    page.keyboard.press("Enter")
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    expect(root.locator(".wt-system--active")).to_have_count(1)
    # Step 2: the carrier moves in from Sol with two fighters and two infantry, the
    # dreadnought from Rim with one infantry: paths picked on the map, cargo ticked.
    _move(
        root,
        "red-carrier-1",
        ["Abyz–Fria"],
        ["red-fighter-1", "red-fighter-2", "red-infantry-1", "red-infantry-2"],
    )
    _move(root, "red-dreadnought-1", ["Abyz–Fria"], ["red-infantry-5"])
    # The cruiser takes a path the engine offers.
    while root.locator('.wt-choice[data-kind="move"]').count():
        _choose(root, "move")
    _choose(root, "end_movement")
    # From here on: every step is played with a choice the engine offers, preferring to
    # fight on (fire, stay, roll, land on Fria, produce), until the action is over.
    seen_odds = False
    kinds_played: list[str] = []
    for _ in range(80):
        if root.locator(".wt-done").count():
            break
        seen_odds = seen_odds or root.locator(".wt-odds").count() > 0
        offered = _offered(root)
        preferred = [k for k in PREFERRED if k in offered]
        kind = preferred[0] if preferred else offered[0]
        kinds_played.append(kind)
        _choose(root, kind, "Fria" if kind == "commit" else "")
    assert root.locator(".wt-done").count() == 1, kinds_played
    assert seen_odds, "exact odds were never shown before a combat"
    assert {"roll", "commit", "produce"} <= set(kinds_played), kinds_played
    # Every event links its rules (or names an LRR number the site lacks).
    events = root.locator(".wt-log li")
    assert events.count() >= 10
    assert root.locator(".wt-log li:not(:has(.wt-ref))").count() == 0
    # The share link replays the exact position in a new tab.
    root.locator(".wt-copy").click()
    link = root.locator(".wt-link").input_value()
    log_text = root.locator(".wt-log").inner_text()
    other = page.context.new_page()
    other.goto(link)
    replayed = other.locator('.wt[data-walkthrough="tactical-action"]')
    replayed.get_by_role("button", name="Start at the linked position").click()
    expect(replayed.locator(".wt-done")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    assert replayed.locator(".wt-log").inner_text() == log_text


def test_illegal_choices_are_refused_with_a_linked_rule(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/movement/")
    root = start(page, "movement-blocking")
    # Harbour holds Red's command token: it cannot be activated.
    system(root, "Harbour").click()
    refusal = root.locator(".wt-refusal")
    expect(refusal).to_contain_text("89.1")
    expect(root.locator(".wt-step")).to_contain_text("Activation")
    system(root, "Target").click()
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    # The cruiser through Picket: a lone enemy fighter blocks the path.
    root.locator("select.wt-ship").select_option("red-cruiser-1")
    system(root, "Picket").click()
    system(root, "Target").click()
    root.locator(".wt-move-go").click()
    expect(refusal).to_contain_text("Cannot move through Picket")
    expect(refusal.locator('a.wt-ref:text-is("Movement FAQ 1")')).to_be_visible()
    # The destroyer starts in a system with Red's token: 89.2, linked to its anchor.
    root.locator("select.wt-ship").select_option("red-destroyer-1")
    system(root, "Target").click()
    root.locator(".wt-move-go").click()
    link = refusal.locator('a.wt-ref:text-is("89.2")')
    expect(link).to_be_visible()
    link.click()
    expect(page).to_have_url(re.compile(r"/rules/tactical-action/#89\.2$"))
    # That page's walkthrough starts by itself (one has run in this tab): its first render,
    # which nobody asked for, leaves the reader at the rule (it used to scroll its own
    # choices into view when it came after the landing: 1 run in 8 on a busy machine).
    here = page.locator('.wt[data-walkthrough="tactical-action"] .wt-step')
    expect(here).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(page.locator('[id="89.2"]')).to_be_in_viewport()


@each_engine
def test_citations_link_only_to_anchors_that_exist(page: Page, site_url: str) -> None:
    """A topic the site has a page for ("89") links to the page, never to a missing "#89";
    every other link's anchor exists on its page; an LRR number without a page is a
    citation, not a link."""
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action")
    while root.locator(".wt-scripted").count():
        before = root.locator(".wt-log li").count()
        root.locator(".wt-scripted").click()
        expect(root.locator(".wt-log li")).not_to_have_count(before)
    topic = root.locator('.wt-log a.wt-ref:text-is("89")').first
    expect(topic).to_have_attribute("href", re.compile(r"/rules/tactical-action/$"))
    hrefs = set(root.locator("a.wt-ref").evaluate_all("links => links.map(a => a.href)"))
    pages: dict[str, str] = {}
    for href in hrefs:
        url, _, anchor = href.partition("#")
        html = pages.setdefault(url, page.request.get(url).text())
        assert not anchor or f'id="{anchor}"' in html, href
    cited = root.locator("cite.wt-ref").first
    expect(cited).to_have_text(re.compile(r"^LRR \d"))
    assert cited.evaluate("e => getComputedStyle(e).textDecorationLine") == "none"


def test_undo_reset_and_reroll(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/movement/")
    root = start(page, "movement-transport")
    root.locator(".wt-scripted").click()
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    root.locator(".wt-undo").click()
    expect(root.locator(".wt-step")).to_contain_text("Activation")
    seed = root.locator(".wt-seed").inner_text()
    root.locator(".wt-reroll").click()
    expect(root.locator(".wt-seed")).not_to_have_text(seed)
    system(root, "Target").click()
    root.locator(".wt-reset").click()
    expect(root.locator(".wt-step")).to_contain_text("Activation")


@each_engine
def test_instant_navigation_keeps_walkthroughs_working(
    page: Page, site_url: str, recorder: Recorder
) -> None:
    page.goto(site_url + "rules/movement/")
    start(page, "movement-transport")
    # Away with Material's instant navigation (a link click, no page load) and back.
    page.evaluate("() => { window.__sameDocument = true; }")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.locator('.md-sidebar--primary a[href$="rules/tactical-action/"]').click()
    expect(page).to_have_url(re.compile(r"/rules/tactical-action/$"))
    root = start(page, "tactical-action")
    system(root, "Abyz–Fria").click()
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    page.go_back()
    expect(page).to_have_url(re.compile(r"/rules/movement/$"))
    root = start(page, "movement-blocking")
    system(root, "Target").click()
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    assert page.evaluate("() => window.__sameDocument") is True, "navigation reloaded the page"
    assert (
        sum(u.endswith(("pyodide.asm.wasm", "pyodide.asm.wasm.br")) for u in recorder.requests) == 1
    )
    assert recorder.errors == []


def test_try_it_cell_runs_against_the_engine(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    cell = page.locator('.wt-tryit[data-tryit="tryit-combat-odds"]')
    cell.locator("textarea").fill(
        "from engine.odds import combat_odds\n"
        "print(round(combat_odds(['dreadnought'], ['fighter']).attacker_wins, 3))\n"
    )
    cell.locator(".wt-run").click()
    expect(cell.locator(".wt-output")).to_have_text(
        re.compile(r"^0\.\d{3}\s*$"), timeout=BOOT_TIMEOUT_MS
    )


def test_action_phase_at_phone_width(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "rules/action-phase/")
    root = start(page, "action-phase-round")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360
    # The map's box fits the phone; a map too wide to draw legibly scrolls inside it.
    box = root.locator(".wt-map-scroll").bounding_box()
    assert box is not None and box["width"] <= 360
    # Passing is not offered before the strategic action; trying it cites 3.4.
    root.locator('.wt-try[data-kind="pass"]').click()
    expect(root.locator(".wt-refusal")).to_contain_text("strategic action")
    expect(root.locator('.wt-refusal .wt-ref:text-is("3.4")')).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
