"""The reader's side of the site: safe try-it cells, positions that survive navigation,
damaged links reported, the small breakages, offline play."""

from __future__ import annotations

import base64
import json
import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS, start, step_title, system, widget

pytestmark = pytest.mark.browser


def _link(walkthrough: str, seed: str, choices: object) -> str:
    raw = base64.urlsafe_b64encode(json.dumps(choices).encode()).decode().rstrip("=")
    return f"#wt={walkthrough}&seed={seed}&c={raw}"


def _cell(page: Page, name: str) -> Locator:
    return page.locator(f'.wt-tryit[data-tryit="{name}"]')


def _run(cell: Locator, code: str) -> None:
    cell.locator("textarea").fill(code)
    cell.locator(".wt-run").click()


# ---- 9.1 try-it cells that cannot hurt the page ---------------------------------------


def test_runaway_cell_is_stopped_and_the_walkthrough_still_plays(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    runaway = _cell(page, "tryit-combat-odds")
    _run(runaway, "while True: pass")
    # While it runs: a Stop button and a running indicator.
    expect(runaway.locator(".wt-progress")).to_have_text("Running…", timeout=BOOT_TIMEOUT_MS)
    expect(runaway.locator(".wt-stop")).to_be_visible()
    # The 10 s time limit ends it, with a message saying what the next run costs.
    expect(runaway.locator(".wt-output")).to_contain_text(
        "Stopped after 10 s: the time limit for a cell", timeout=30_000
    )
    expect(runaway.locator(".wt-output")).to_contain_text("fresh Python runtime")
    expect(runaway.locator(".wt-stop")).to_be_hidden()
    expect(runaway.locator(".wt-run")).to_be_enabled()
    # The walkthrough on the same page starts and plays.
    root = start(page, "tactical-action")
    system(root, "Abyz–Fria").click()
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    # The same cell runs again, on a fresh runtime.
    _run(runaway, "print(6 * 7)")
    expect(runaway.locator(".wt-output")).to_have_text("42", timeout=BOOT_TIMEOUT_MS)


def test_stop_button_ends_a_cell_and_other_cells_still_run(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    cells = page.locator(".wt-tryit")
    assert cells.count() >= 2
    first, second = cells.nth(0), cells.nth(1)
    _run(first, "while True: pass")
    expect(first.locator(".wt-progress")).to_have_text("Running…", timeout=BOOT_TIMEOUT_MS)
    first.locator(".wt-stop").focus()
    page.keyboard.press("Enter")
    expect(first.locator(".wt-output")).to_contain_text("Stopped.")
    # Focus goes back to Run, not to <body>.
    expect(first.locator(".wt-run")).to_be_focused()
    _run(second, "print('still here')")
    expect(second.locator(".wt-output")).to_have_text("still here", timeout=BOOT_TIMEOUT_MS)


def test_long_output_is_capped_with_a_count_of_the_rest(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    cell = _cell(page, "tryit-combat-odds")
    _run(cell, "for i in range(100_000): print(i)\nprint('x' * 200_000)")
    output = cell.locator(".wt-output")
    expect(output).to_contain_text("more lines", timeout=BOOT_TIMEOUT_MS)
    text = output.inner_text()
    assert text.splitlines()[0] == "0"
    assert re.search(r"… (\d+) more lines$", text), text[-200:]
    assert len(text.splitlines()) <= 201
    box = output.bounding_box()
    assert box is not None and box["height"] < 800


# ---- 9.3 state that survives -----------------------------------------------------------


def test_back_after_a_rule_link_restores_the_position(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/movement/")
    root = start(page, "movement-transport")
    system(root, "Target").click()
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    title = step_title(root)
    page.evaluate("() => { window.__sameDocument = true; }")
    # A rule link in the log leads to another page; Back comes back to the same step.
    root.locator(".wt-log a.wt-ref").filter(has_text="89.1").first.click()
    expect(page).to_have_url(re.compile(r"/rules/tactical-action/#89\.1$"))
    page.go_back()
    root = widget(page, "movement-transport")
    expect(root.locator(".wt-step")).to_have_text(title, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("() => window.__sameDocument") is True
    # Forward and Back again: still there.
    page.go_forward()
    page.go_back()
    expect(widget(page, "movement-transport").locator(".wt-step")).to_have_text(title)


def test_reload_comes_back_to_the_position_it_was_at(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/movement/")
    root = start(page, "movement-transport")
    system(root, "Target").click()
    # The engine answers the click asynchronously: the step and the link follow it.
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    expect(page).to_have_url(re.compile("wt=movement-transport"))
    title = step_title(root)
    page.reload()
    root = widget(page, "movement-transport")
    # On the suggested line: back at once, no Start.
    expect(root.locator(".wt-step")).to_have_text(title)
    # Another seed before any dice is still the suggested line: back at once, seed and all.
    root.locator(".wt-reroll").click()
    expect(root.locator(".wt-seed")).not_to_have_text("Dice seed: 5", timeout=BOOT_TIMEOUT_MS)
    expect(page).not_to_have_url(re.compile("seed=5&"))
    seed = root.locator(".wt-seed").inner_text()
    page.reload()
    root = widget(page, "movement-transport")
    expect(root.locator(".wt-seed")).to_have_text(seed, timeout=BOOT_TIMEOUT_MS)
    expect(root.locator(".wt-step")).to_have_text(title)
    # Off it (another system activated), the runtime is needed: Start says so and comes
    # back to it.
    root.locator(".wt-undo").click()
    expect(root.locator(".wt-step")).not_to_have_text(title)
    on_line = page.url
    system(root, "Dock").click()
    expect(root.locator(".wt-step")).to_contain_text("Movement", timeout=BOOT_TIMEOUT_MS)
    expect(page).not_to_have_url(on_line)
    page.reload()
    root = widget(page, "movement-transport")
    root.get_by_role("button", name=re.compile("^Start at the linked position")).click()
    expect(root.locator(".wt-seed")).to_have_text(seed, timeout=BOOT_TIMEOUT_MS)
    expect(root.locator(".wt-step")).to_have_text(title)


def test_shared_link_with_an_illegal_choice_names_it_and_keeps_the_legal_part(
    page: Page, site_url: str
) -> None:
    choices = [
        {"kind": "activate", "system": "target"},
        {"kind": "move", "unit": "red-destroyer-1", "path": ["target"], "carry": []},
    ]
    page.goto(site_url + "rules/movement/" + _link("movement-blocking", "3", choices))
    root = widget(page, "movement-blocking")
    root.locator(".wt-start").click()
    notice = root.locator(".wt-notice")
    expect(notice).to_contain_text("Choice 2 of 2", timeout=BOOT_TIMEOUT_MS)
    expect(notice).to_contain_text("cannot be replayed")
    expect(notice.locator('a.wt-ref:text-is("89.2")')).to_be_visible()
    expect(notice).to_contain_text("the last legal position, after 1 choice")
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    assert "red-destroyer-1" not in root.inner_text()


@pytest.mark.parametrize(
    ("hash_", "message"),
    [
        ("#wt=movement-blocking&seed=3&c=e30", "must be a list, not object"),
        ("#wt=movement-blocking&seed=9007199254740993", "not a whole number from 0 to 2^53"),
        ("#wt=movement-blocking&seed=3&c=%%%", "damaged"),
        ("#wt=movement-blocking&seed=3&c=WzFd", "choice 1 of the link is not a choice"),
    ],
)
def test_damaged_links_are_reported_not_silent(
    page: Page, site_url: str, hash_: str, message: str
) -> None:
    page.goto(site_url + "rules/movement/" + hash_)
    root = widget(page, "movement-blocking")
    expect(root.locator(".wt-progress")).to_contain_text(message)
    expect(root.locator(".wt-progress")).to_contain_text("Start begins at step 1")


# ---- 9.4 a board that reads like the game ---------------------------------------------


def test_interface_uses_players_names_never_internal_ids(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action")
    for _ in range(6):
        before = root.locator(".wt-log li").count()
        root.locator(".wt-scripted").click()
        expect(root.locator(".wt-log li")).not_to_have_count(before)
    shown = root.inner_text() + " ".join(
        root.locator("[aria-label]").evaluate_all("els => els.map(e => e.ariaLabel)")
    )
    assert not re.search(r"\b(red|blue)-[a-z_]+-\d+\b", shown), re.findall(
        r"\b(?:red|blue)-[a-z_]+-\d+\b", shown
    )
    assert "Red's carrier 1" in shown
    # Glyphs on the map: damaged units carry a badge, command tokens are drawn.
    front = system(root, "Abyz–Fria")
    expect(front.locator(".wt-token")).to_have_count(1)
    expect(front.locator('.wt-chip[data-type="carrier"] .wt-glyph')).to_have_count(1)


# ---- 9.5 small breakages ---------------------------------------------------------------


def test_refused_move_starts_its_path_afresh(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/movement/")
    root = start(page, "movement-blocking")
    system(root, "Target").click()
    root.locator("select.wt-ship").select_option("red-cruiser-1")
    system(root, "Picket").click()
    system(root, "Target").click()
    root.locator(".wt-move-go").click()
    expect(root.locator(".wt-refusal")).to_contain_text("Picket")
    expect(root.locator(".wt-path")).to_have_count(0)
    system(root, "Target").click()
    expect(root.locator(".wt-path")).to_have_text("Path: Target")


def test_quick_move_button_takes_the_ticked_cargo(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    root = start(page, "tactical-action")
    system(root, "Abyz–Fria").click()
    root.locator("select.wt-ship").select_option("red-carrier-1")
    root.locator('.wt-carry input[value="red-infantry-1"]').check()
    root.locator('.wt-choice[data-kind="move"]').filter(has_text="Red's carrier 1").first.click()
    expect(root.locator(".wt-log")).to_contain_text("Red's carrier 1 transports Red's infantry 1")


def test_reset_by_keyboard_keeps_focus_on_reset(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/movement/")
    root = start(page, "movement-transport")
    system(root, "Target").click()
    # The activation's answer moves the focus to the new step; focusing Reset before it
    # arrives would send Enter to the step heading (CI did so once).
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    root.locator(".wt-reset").focus()
    page.keyboard.press("Enter")
    expect(root.locator(".wt-step")).to_contain_text("Activation")
    expect(root.locator(".wt-reset")).to_be_focused()


def test_worker_that_fails_to_load_says_so(page: Page, site_url: str) -> None:
    page.route("**/assets/walkthrough/worker.js", lambda route: route.abort())
    page.goto(site_url + "rules/movement/")
    root = widget(page, "movement-transport")
    root.locator(".wt-start").click()
    # Step 1 comes from the build; the worker is needed off the suggested line.
    expect(root.locator(".wt-step")).to_be_visible()
    system(root, "Dock").click()  # not the suggested system
    expect(root.locator(".wt-status")).to_contain_text("could not start", timeout=30_000)
    expect(root.locator(".wt-reroll")).to_be_enabled()


def test_without_javascript_no_dead_start_button(browser: Browser, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + "rules/movement/")
        expect(page.locator(".wt-start").first).to_be_hidden()
        expect(page.locator(".wt-noscript").first).to_be_visible()
    finally:
        context.close()


def test_print_leaves_out_the_controls(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/tactical-action/")
    expect(page.locator(".copy-link").first).to_be_visible()
    page.emulate_media(media="print")
    expect(page.locator(".wt-start").first).to_be_hidden()
    expect(page.locator(".wt-tryit").first).to_be_hidden()
    expect(page.locator(".copy-link").first).to_be_hidden()


def test_player_list_has_no_bullets(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/movement/")
    root = start(page, "movement-transport")
    styles = root.locator(".wt-players li").first.evaluate(
        "li => [getComputedStyle(li).listStyleType, getComputedStyle(li).marginLeft]"
    )
    assert styles == ["none", "0px"]


def test_walkthroughs_follow_the_page_text(page: Page, site_url: str) -> None:
    page.goto(site_url + "rules/movement/")
    order = page.evaluate(
        "() => [...document.querySelectorAll('article h2, article .wt')]"
        ".map(e => e.tagName === 'H2' ? e.textContent.replace('¶', '').trim() : 'walkthrough')"
    )
    first_walkthrough = order.index("walkthrough")
    assert order[first_walkthrough - 1] == "Try it in the engine", order
    assert first_walkthrough > 2, order


def test_third_edition_action_phase_lists_its_parts(page: Page, site_url: str) -> None:
    page.goto(site_url + "ti3/action-phase/")
    parts = page.locator("ul.link-list").first
    expect(parts.get_by_role("link", name=re.compile("Tactical Action"))).to_be_visible()
