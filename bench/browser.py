"""Browser benchmark: walkthrough start-up against a bare Pyodide boot, and a rules page's bytes.

In one Chromium session, against the built site served on 127.0.0.1:

- bare: a tiny page that only boots Pyodide in a module worker from the same
  server (the baseline, measured in the same run);
- walkthrough: from clicking "Start walkthrough" to the engine's first legal
  choices on screen;

each cold (a fresh browser context: empty HTTP cache) and warm (the same
context, page reloaded, so the worker starts again from cached files), plus
the walkthrough after instant navigation in the same tab (the worker reused).
Then the bytes a rules page without a walkthrough transfers, none of them
Pyodide. Target: walkthrough ready within 1.2 x the bare boot.

Usage: ``.venv/bin/python bench/browser.py [--site DIR] [--runs N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, build_site_for  # noqa: E402
from tests.browser.site_server import serve  # noqa: E402

TARGET = 1.2
WALKTHROUGH_PAGE = "rules/tactical-action/"
WALKTHROUGH = "tactical-action"
# A rules page with no walkthrough (linked from the walkthrough page: "Referenced by").
PLAIN_PAGE = "ti3/tactical-action/"
BARE_PAGE = "bench-bare-pyodide.html"
BARE_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>bare Pyodide</title></head><body><button id="go">Boot</button><p id="out"></p>
<script type="module">
const source = `
  const url = new URL("assets/pyodide/", "${location.href}");
  const { loadPyodide } = await import(new URL("pyodide.mjs", url).href);
  const py = await loadPyodide({ indexURL: url.href });
  self.postMessage(py.runPython("1 + 1"));
`;
document.getElementById("go").onclick = () => {
  const blob = new Blob([source], { type: "text/javascript" });
  const worker = new Worker(URL.createObjectURL(blob), { type: "module" });
  worker.onmessage = ({ data }) => {
    document.getElementById("out").textContent = "ready " + data;
  };
};
</script></body></html>
"""


def _bare_boot(page: Page, base: str) -> float:
    page.goto(base + BARE_PAGE, wait_until="load")
    started = time.perf_counter()
    page.click("#go")
    page.wait_for_selector("#out:has-text('ready 2')", timeout=120_000)
    return time.perf_counter() - started


def _walkthrough_ready(page: Page, base: str, *, navigate: bool = True) -> float:
    if navigate:
        page.goto(base + WALKTHROUGH_PAGE)
    root = page.locator(f'.wt[data-walkthrough="{WALKTHROUGH}"]')
    started = time.perf_counter()
    # A DOM click, not Playwright's: scrolling to the button would start the widget by
    # itself (it starts when seen) before the click this measures from.
    root.evaluate("root => root.querySelector('.wt-start').click()")
    root.locator(".wt-choice").first.wait_for(timeout=120_000)
    return time.perf_counter() - started


def _page_ready(page: Page, base: str) -> float:
    """Load the walkthrough page fully first (not timed), so only the start-up is timed."""
    page.goto(base + WALKTHROUGH_PAGE, wait_until="load")
    return _walkthrough_ready(page, base, navigate=False)


def _in_tab(page: Page, base: str) -> float:
    """After one start, navigate away and back with Material's instant navigation."""
    _page_ready(page, base)
    page.locator(f'a[href$="{PLAIN_PAGE}"]').first.click()
    page.wait_for_url(f"**/{PLAIN_PAGE}")
    page.go_back()
    page.wait_for_url(f"**/{WALKTHROUGH_PAGE}")
    return _walkthrough_ready(page, base, navigate=False)


def _timed(
    browser: Browser, base: str, runs: int, measure: Callable[[Page, str], float]
) -> tuple[float, float]:
    """Median cold time (fresh context per run) and warm time (same context, again)."""
    cold, warm = [], []
    for _ in range(runs):
        context: BrowserContext = browser.new_context()
        page = context.new_page()
        cold.append(measure(page, base))
        warm.append(measure(page, base))
        context.close()
    return statistics.median(cold), statistics.median(warm)


def _plain_page_bytes(browser: Browser, base: str) -> tuple[int, int, list[str]]:
    context = browser.new_context()
    page = context.new_page()
    finished = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.goto(base + PLAIN_PAGE, wait_until="networkidle")
    page.mouse.wheel(0, 20_000)
    page.wait_for_timeout(1000)
    total = sum(r.sizes()["responseBodySize"] + r.sizes()["responseHeadersSize"] for r in finished)
    pyodide = [r.url for r in finished if "pyodide" in r.url or r.url.endswith((".whl", ".wasm"))]
    count = len(finished)
    context.close()
    return total, count, pyodide


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--site",
        type=Path,
        help="an already built site (default: build one; instant"
        " navigation then needs it built for the URL it is served at)",
    )
    parser.add_argument("--runs", type=int, default=3, help="cold/warm pairs per measurement")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-browser-") as tmp:
        site = args.site or Path(tmp) / "site"
        with serve(site) as base, sync_playwright() as playwright:
            if args.site is None:
                build_site_for(base, site)
            (site / BARE_PAGE).write_text(BARE_HTML, encoding="utf-8")
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            bare_cold, bare_warm = _timed(browser, base, args.runs, _bare_boot)
            wt_cold, wt_warm = _timed(browser, base, args.runs, _page_ready)
            context = browser.new_context()
            in_tab = _in_tab(context.new_page(), base)
            context.close()
            total, count, pyodide = _plain_page_bytes(browser, base)
            browser.close()
        if args.site is not None:
            (site / BARE_PAGE).unlink()
    rows = [
        ("bare Pyodide boot, cold", bare_cold, 1.0),
        ("walkthrough ready, cold", wt_cold, wt_cold / bare_cold),
        ("bare Pyodide boot, warm", bare_warm, 1.0),
        ("walkthrough ready, warm", wt_warm, wt_warm / bare_warm),
        ("walkthrough ready, same tab", in_tab, in_tab / bare_warm),
    ]
    print(f"{'measurement (median of ' + str(args.runs) + ')':38} {'seconds':>8} {'ratio':>7}")
    for name, seconds, ratio in rows:
        print(f"{name:38} {seconds:8.2f} {ratio:7.2f}")
    shown = pyodide or "none"
    print(f"\n{PLAIN_PAGE}: {count} requests, {total / 1024:.0f} KiB; Pyodide files: {shown}")
    worst = max(wt_cold / bare_cold, wt_warm / bare_warm)
    verdict = "met" if worst <= TARGET and not pyodide else "NOT met"
    print(f"target (walkthrough <= {TARGET} x bare boot, no Pyodide on plain pages): {verdict}")
    return 0 if verdict == "met" else 1


if __name__ == "__main__":
    sys.exit(main())
