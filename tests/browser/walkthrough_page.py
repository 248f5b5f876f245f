"""Driving a walkthrough widget the way a reader does: clicks and keys only."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

# Pyodide's first boot in a cold context compiles 9 MB of WebAssembly on a small machine
# shared with other work.
BOOT_TIMEOUT_MS = 180_000


def widget(page: Page, walkthrough_id: str) -> Locator:
    return page.locator(f'.wt[data-walkthrough="{walkthrough_id}"]')


def start(page: Page, walkthrough_id: str, *, engine: bool = True) -> Locator:
    """Open a walkthrough with its Start button and wait for its first step (shown from the
    build's suggested line) and, unless ``engine`` is false, for the engine behind it."""
    root = widget(page, walkthrough_id)
    # The loader imports the widget module after the page loads; a click before it has
    # mounted the walkthrough (and listens to Start) would be lost on a busy machine.
    expect(root).to_have_attribute("data-mounted", "", timeout=BOOT_TIMEOUT_MS)
    # A plain DOM click: once a walkthrough has started in the tab, later ones start by
    # themselves and remove the button, so Playwright's click could wait for a button gone.
    root.evaluate("root => root.querySelector('.wt-start')?.click()")
    expect(root.locator(".wt-step")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    if engine:
        expect(root).to_have_attribute("data-engine", "ready", timeout=BOOT_TIMEOUT_MS)
    return root


def system(root: Locator, name: str) -> Locator:
    """A system on the map by its shown name (the start of its aria-label)."""
    return root.locator(
        f'.wt-system[aria-label="{name}"], .wt-system[aria-label^="{name} "],'
        f' .wt-system[aria-label^="{name}."]'
    )


def step_title(root: Locator) -> str:
    return root.locator(".wt-step").inner_text()
