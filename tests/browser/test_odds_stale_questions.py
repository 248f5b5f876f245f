"""The calculator never waits on a stale question: it asks a worker of its own, which a
newer question or Cancel ends and starts again, and one hash change asks one calculation.

The hostile link is one the page accepts: 10 war suns, 10 dreadnoughts, 10 cruisers and
10 destroyers a side with Duranium Armor, Morale Boost and Emergency Repairs, tens of seconds
of work for the engine before it finds the question past its bound and refuses it.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from engine.api import odds
from tests.browser.conftest import each_engine
from tests.browser.test_odds_calculator import _calculator, _expect_answer, _percent
from tests.browser.walkthrough_page import BOOT_TIMEOUT_MS, start

pytestmark = pytest.mark.browser

FLEET = "war_sun*10,dreadnought*10,cruiser*10,destroyer*10"
# Emergency Repairs in round 1 leaves every later block with mass on its undamaged states, so
# each is solved whole: about 20 s of CPython before the work bound refuses it (without the
# card, the exact settling answers these fleets in about 2 s).
_CARDS = "duranium_armor,morale_boost:1,emergency_repairs:1"
HOSTILE = f"#a={FLEET}&ao={_CARDS}&d={FLEET}&do={_CARDS}"
SMALL = "#a=cruiser*3&d=cruiser*1"
# Slow but valid: Duranium Armor's repairs on 40 ships a side, settled block by block in a
# few seconds (about 2 s of CPython), long enough to show how much is done.
SLOW = f"#a={FLEET}&ao=duranium_armor&d={FLEET}&do=duranium_armor"
WIDTHS = pytest.mark.parametrize("width", [390, 1280])

# Counts what the page sends its workers: {cmd, fn} of each message, in order.
SENT = """
(() => {
  window.__sent = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message?.cmd) window.__sent.push({ cmd: message.cmd, fn: message.args?.fn ?? null });
    return post.call(this, message, ...rest);
  };
})();
"""


def _sent(page: Page, cmd: str) -> int:
    count: int = page.evaluate(f"() => window.__sent.filter((m) => m.cmd === '{cmd}').length")
    return count


def _answered_in_ms(page: Page, hash_: str, expected: str) -> float:
    """Sets the hash from a script and waits (in the page, every frame) until the summary
    shows ``expected`` and nothing is being worked out; the milliseconds it took."""
    began = page.evaluate(
        f"() => {{ const t = performance.now(); location.hash = '{hash_}'; return t; }}"
    )
    done = page.wait_for_function(
        """([began, expected]) => {
          const root = document.querySelector('.odds-calc');
          const busy = root?.querySelector('.odds-result[aria-busy]');
          const summary = root?.querySelector('.odds-summary')?.textContent ?? '';
          return !busy && summary.includes(expected) && performance.now() - began;
        }""",
        arg=[began, expected],
        polling="raf",
        timeout=120_000,
    )
    ms: float = done.json_value()
    return ms


@each_engine
def test_a_hash_set_by_a_script_asks_one_calculation(page: Page, site_url: str) -> None:
    """Material re-renders the page on a hash set from a script (a new calculator mounts):
    still one question reaches the engine."""
    page.add_init_script(SENT)
    root = _calculator(page, site_url + "odds/#a=cruiser*1&d=cruiser*1")
    _expect_answer(root, odds("1 cruiser", "1 cruiser"))
    before = _sent(page, "call")
    expected = odds("2 cruiser", "1 cruiser")
    page.evaluate("() => { location.hash = '#a=cruiser*2&d=cruiser*1'; }")
    _expect_answer(page.locator(".odds-calc"), expected)
    page.wait_for_timeout(1000)  # a second or third call would have been sent by now
    assert _sent(page, "call") - before == 1


@WIDTHS
def test_a_small_question_after_a_hostile_link_answers_without_waiting_for_it(
    page: Page, site_url: str, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.add_init_script(SENT)
    root = _calculator(page, site_url + "odds/" + SMALL.replace("*3", "*2"))
    expect(root).to_have_attribute("data-odds", "ready", timeout=BOOT_TIMEOUT_MS)
    page.evaluate(f"() => {{ location.hash = '{HOSTILE}'; }}")
    status = page.locator(".odds-calc .odds-status")
    expect(status.get_by_role("button", name="Cancel")).to_be_visible(timeout=10_000)
    small = odds("3 cruiser", "1 cruiser")
    expected = f"Attacker wins: {_percent(small['attacker_wins'])}"
    after_hostile = _answered_in_ms(page, SMALL, expected)
    # The same question on a worker with nothing stale: the baseline of this run.
    page.evaluate("() => { location.hash = '#a=cruiser*1&d=cruiser*2'; }")
    expect(page.locator(".odds-calc")).to_have_attribute("data-odds", "ready")
    alone = _answered_in_ms(page, SMALL, expected)
    print(f"\n{width} px: small after hostile {after_hostile:.0f} ms, alone {alone:.0f} ms")
    # The hostile one takes minutes; the small one waits at most a restart's time for it
    # and then a fresh worker's start (its files from the browser's cache).
    assert after_hostile < 60_000
    assert _sent(page, "init") == 2  # the first start, and one restart for the stale question
    _expect_answer(page.locator(".odds-calc"), small)


@WIDTHS
def test_a_long_calculation_shows_its_time_and_one_tap_cancels_it(
    page: Page, site_url: str, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    root = _calculator(page, site_url + "odds/" + HOSTILE)
    status = root.locator(".odds-status")
    expect(status).to_contain_text("Working out the odds…", timeout=BOOT_TIMEOUT_MS)
    expect(root.locator(".odds-result")).to_have_attribute("aria-busy", "true")
    cancel = status.get_by_role("button", name="Cancel")
    expect(cancel).to_be_visible(timeout=10_000)
    # The time runs on while it works.
    expect(status.locator(".odds-elapsed")).to_contain_text(re.compile(r"\b[2-9] s so far"))
    box = cancel.bounding_box()
    assert box is not None and box["x"] + box["width"] <= width and box["height"] >= 32, box
    cancel.focus()
    page.keyboard.press("Enter")
    result = root.locator(".odds-result")
    expect(result).to_contain_text(re.compile(r"Cancelled after \d+ s"))
    expect(root).to_have_attribute("data-odds", "cancelled")
    expect(status).to_be_empty()
    # Focus goes to what the reader may do next, not to the page's body.
    again = result.get_by_role("button", name="Work it out anyway")
    expect(again).to_be_focused()
    # A fresh worker answers the next question: the restart's time, the runtime's files
    # from the browser's cache (printed; the bound is only far from a cold download's).
    small = odds("3 cruiser", "1 cruiser")
    restart = _answered_in_ms(page, SMALL, f"Attacker wins: {_percent(small['attacker_wins'])}")
    print(f"\n{width} px: a fresh worker after Cancel answered in {restart:.0f} ms")
    assert restart < 30_000
    _expect_answer(page.locator(".odds-calc"), small)


def test_a_cancelled_calculation_leaves_the_walkthroughs_engine_running(
    page: Page, site_url: str
) -> None:
    """The calculator's worker is its own: a walkthrough started before it goes on, on the
    same worker, after the calculator ended a stale question's worker and was left."""
    page.add_init_script(SENT)
    page.goto(site_url + "rules/movement/")
    start(page, "movement-blocking")
    assert _sent(page, "init") == 1
    page.locator('.md-sidebar--primary a[href$="odds/"]').click()
    expect(page).to_have_url(re.compile(r"/odds/$"))
    expect(page.locator(".odds-calc")).to_have_attribute(
        "data-mounted", "", timeout=BOOT_TIMEOUT_MS
    )
    page.evaluate(f"() => {{ location.hash = '{HOSTILE}'; }}")
    cancel = page.locator(".odds-calc .odds-status").get_by_role("button", name="Cancel")
    cancel.click(timeout=BOOT_TIMEOUT_MS)
    expect(page.locator(".odds-calc")).to_have_attribute("data-odds", "cancelled")
    page.go_back()
    page.go_back()
    expect(page).to_have_url(re.compile(r"/rules/movement/$"))
    root = start(page, "movement-blocking")
    root.locator('.wt-system[aria-label^="Target"]').click()
    expect(root.locator(".wt-step")).to_contain_text("Movement")
    walkthrough_inits = 1
    calculator_inits = 2  # its start, and the fresh worker after Cancel
    assert _sent(page, "init") == walkthrough_inits + calculator_inits


@WIDTHS
def test_a_long_calculation_shows_how_much_is_done_until_it_answers(
    page: Page, site_url: str, width: int
) -> None:
    """The engine's progress reaches the page: a labelled progress bar and its percent grow
    while the rounds to the end are settled, and the answer replaces them."""
    page.set_viewport_size({"width": width, "height": 900})
    root = _calculator(page, site_url + "odds/" + SLOW)
    status = root.locator(".odds-status")
    bar = status.get_by_role("progressbar", name="Share of the odds worked out")
    expect(bar).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    # Part of the work done, seen while it works: not only empty, then gone.
    partial = page.wait_for_function(
        """() => {
          const bar = document.querySelector('.odds-calc .odds-status progress');
          const done = document.querySelector('.odds-calc .odds-done')?.textContent ?? '';
          return bar && bar.value > 0 && bar.value < 100 && done.includes(`${bar.value}% done`)
            && bar.getAttribute('aria-valuetext') === `${bar.value}% done` && bar.value;
        }""",
        polling="raf",
        timeout=120_000,
    ).json_value()
    box = bar.bounding_box()
    assert box is not None and box["x"] + box["width"] <= width, box
    fleet = "10 war sun, 10 dreadnought, 10 cruiser, 10 destroyer"
    expected = odds(
        fleet, fleet, attacker_options=["duranium_armor"], defender_options=["duranium_armor"]
    )
    _expect_answer(root, expected)
    expect(status).to_be_empty()
    print(f"\n{width} px: the bar showed {partial}% done while the engine worked")
