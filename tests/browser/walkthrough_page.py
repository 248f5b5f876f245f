"""Driving a walkthrough widget the way a reader does: clicks and keys only."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

# Pyodide's first boot in a cold context compiles 9 MB of WebAssembly on a small machine.
BOOT_TIMEOUT_MS = 90_000


def widget(page: Page, walkthrough_id: str) -> Locator:
    return page.locator(f'.wt[data-walkthrough="{walkthrough_id}"]')


def start(page: Page, walkthrough_id: str) -> Locator:
    """Open a walkthrough with its Start button and wait for the engine's first choices."""
    root = widget(page, walkthrough_id)
    start_button = root.locator(".wt-start")
    if start_button.count():
        # A plain DOM click: scrolling to the button may already have started the widget
        # (it starts when seen), which disables the button under Playwright's own click.
        start_button.evaluate("button => button.click()")
    expect(root.locator(".wt-step")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    return root


def system(root: Locator, name: str) -> Locator:
    """A system on the map by its shown name (the start of its aria-label)."""
    return root.locator(
        f'.wt-system[aria-label="{name}"], .wt-system[aria-label^="{name} "],'
        f' .wt-system[aria-label^="{name}."]'
    )


def step_title(root: Locator) -> str:
    return root.locator(".wt-step").inner_text()
