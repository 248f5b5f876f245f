"""Walkthrough start-up in Chromium: the runtime against the shipped one, and bytes.

In one Chromium session, against the built site served on 127.0.0.1 with its
precompressed siblings (``bench/encoded_server.py``), and against a copy of
the same build with the runtime as it shipped before (the npm package's stdlib
as sources, the engine wheel without bytecode, no compressed siblings, a plain
server):

- bare: a tiny page that only boots Pyodide in a module worker from the same
  server and the same runtime files (the floor a walkthrough can reach);
- first step: from clicking "Start walkthrough" to step 1 on screen, which the
  page has from the build (no runtime byte may be fetched before it shows);
- walkthrough: from clicking "Start walkthrough" to the engine's first answer (its
  boot answered: the widget's ``data-engine="ready"``), pressed as soon as the widget
  listens;
- idle start: the same after the page went idle, when the widget has started the engine
  in the background (``html[data-engine=ready]``): what a reader who reads first sees;

each cold (a fresh browser context: empty HTTP cache) and warm (the same
context, page reloaded, so the worker starts again from cached files), plus
the walkthrough after instant navigation in the same tab (the worker reused),
the bytes a cold walkthrough start transfers (encoded, as on the wire) and the
bytes of a rules page without a walkthrough, none of them Pyodide.

Measured in turns: each run boots, back to back, the shipped runtime's walkthrough, the
bare boot, the walkthrough and the idle start, so a load that comes and goes on a shared
machine weighs on all of them alike; the targets are the medians of each turn's ratios.
Targets: first step under 0.2 s, with no runtime bytes before it in a browser that asks
to save data (otherwise the idle page has started the runtime); walkthrough <= 0.6 x the shipped
runtime's and <= 1.6 x the bare boot, cold and warm; the idle start <= 0.25 x the bare
boot (its seconds shown, not judged: on a loaded machine they follow the boot's, from
0.1 s to 2.3 s a turn while the worst median ratio was 0.12); <= 5 MB for a start with
Brotli.

Usage: ``.venv/bin/python bench/walkthrough_start.py [--runs N] [--quick]``; ``--quick`` (for CI) is
one run, its times and bytes shown but not judged against their budgets.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

from playwright.sync_api import Browser, BrowserContext, Page, Request, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.encoded_server import EncodedSiteHandler  # noqa: E402
from bench.site_server import CHROMIUM, CHROMIUM_ARGS, build_site_for, serve  # noqa: E402
from rulesite.core.walkthroughs import ASSETS  # noqa: E402
from rulesite.publish.precompress import COMPRESSED_SUFFIXES  # noqa: E402
from rulesite.runtime.engine_wheel import engine_wheel  # noqa: E402
from rulesite.runtime.precompiled import FULL_STDLIB, STDLIB  # noqa: E402
from rulesite.runtime.pyodide_assets import LOCAL_PYODIDE_DIR  # noqa: E402

# Wall seconds a default run may take before python -m bench stops it:
# two site copies, 3 runs of every start in Chromium, on this loaded two-core machine.
# Measured: 168 s alone at load 2-9, 191 s in `nice python -m bench`, 14:05 UTC
# 2026-11-29, load 4-9; at load 11-14 it had done its 3 turns and was timing step 1
# when stopped at 334 s.
BUDGET_S = 600

Measure: TypeAlias = Callable[[Page, str], float]
BARE_TARGET = 1.6
SHIPPED_TARGET = 0.6
IDLE_TARGET = 0.25  # x the bare boot
START_BYTES_TARGET = 5_000_000
FIRST_STEP_TARGET = 0.2  # s: a busy two-core machine, the engine booting beside it
WALKTHROUGH_PAGE = "rules/tactical-action/"
WALKTHROUGH = "tactical-action"
# A rules page with no walkthrough (linked from the walkthrough page: "Referenced by").
PLAIN_PAGE = "ti3/tactical-action/"
# The bare page and its scripts are files, as the site's are: the server sends the site's
# Content-Security-Policy, which runs no inline script and starts no worker from a blob.
BARE_PAGE = "bench-bare-pyodide.html"
BARE_FILES = {
    BARE_PAGE: """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>bare Pyodide</title><script type="module" src="bench-bare-pyodide.js"></script>
</head><body><button id="go">Boot</button><p id="out"></p></body></html>
""",
    "bench-bare-pyodide.js": """document.getElementById("go").onclick = () => {
  const worker = new Worker("bench-bare-worker.js", { type: "module" });
  worker.onmessage = ({ data }) => {
    document.getElementById("out").textContent = "ready " + data;
  };
};
""",
    "bench-bare-worker.js": """const url = new URL("assets/pyodide/", self.location.href);
const { loadPyodide } = await import(new URL("pyodide.mjs", url).href);
const py = await loadPyodide({ indexURL: url.href });
self.postMessage(py.runPython("1 + 1"));
""",
}


def _bare_boot(page: Page, base: str) -> float:
    page.goto(base + BARE_PAGE, wait_until="load")
    started = time.perf_counter()
    page.click("#go")
    page.wait_for_selector("#out:has-text('ready 2')", timeout=120_000)
    return time.perf_counter() - started


def _mounted(page: Page) -> None:
    """Wait until the widget listens (its modules loaded): a click before would be lost."""
    root = page.locator(f'.wt[data-walkthrough="{WALKTHROUGH}"]')
    root.and_(page.locator("[data-mounted]")).wait_for(timeout=60_000)


def _click_start(page: Page) -> None:
    root = page.locator(f'.wt[data-walkthrough="{WALKTHROUGH}"]')
    # A DOM click, not Playwright's: no scrolling or waiting for the button in between. Back
    # in the same tab, the widget seen again may have started already: then there is no button.
    root.evaluate("root => root.querySelector('.wt-start')?.click()")


# Timed in the page, from the click on Start to the engine's first answer (the widget's
# data-engine="ready"), every element looked up afresh on each tick: instant navigation
# or a redraw may replace the widget between two lines of a Playwright script.
ENGINE_ANSWER_JS = """async (id) => {
  const root = () => document.querySelector(`.wt[data-walkthrough="${id}"]`);
  const started = performance.now();
  root()?.querySelector(".wt-start:not([hidden])")?.click();
  while (root()?.dataset.engine !== "ready") {
    if (performance.now() - started > 120000) return -1;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return (performance.now() - started) / 1000;
}"""


def _walkthrough_ready(
    page: Page, base: str, *, navigate: bool = True, idle: bool = False
) -> float:
    if navigate:
        page.goto(base + WALKTHROUGH_PAGE, wait_until="load")
    _mounted(page)
    if idle:
        # The page went idle and the widget started the engine in the background.
        page.locator("html[data-engine=ready]").wait_for(state="attached", timeout=180_000)
    seconds = float(page.evaluate(ENGINE_ANSWER_JS, WALKTHROUGH))
    if seconds < 0:
        status = page.locator(".wt-progress").first.text_content(timeout=5_000)
        raise SystemExit(f"{page.url}: no engine answer within 120 s of Start; it says: {status!r}")
    return seconds


def _idle_ready(page: Page, base: str) -> float:
    return _walkthrough_ready(page, base, idle=True)


# Timed in the page, from the click to step 1 in the DOM: Playwright's polling would add
# tens of milliseconds to a figure measured against 0.1 s.
FIRST_STEP_JS = """async (root) => {
  const shown = new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (root.querySelector(".wt-step")) {
        watch.disconnect();
        resolve();
      }
    });
    watch.observe(root, { subtree: true, childList: true });
  });
  const started = performance.now();
  root.querySelector(".wt-start").click();
  await shown;
  const now = performance.now();
  return { seconds: (now - started) / 1000, shownAt: performance.timeOrigin + now };
}"""


def _first_step(page: Page, base: str) -> float:
    """From Start to step 1 shown, the page and the widget loaded first (not timed)."""
    page.goto(base + WALKTHROUGH_PAGE, wait_until="load")
    _mounted(page)
    root = page.locator(f'.wt[data-walkthrough="{WALKTHROUGH}"]')
    return float(root.evaluate(FIRST_STEP_JS)["seconds"])


# A browser in data-saver mode: the widget then leaves the engine until Start (otherwise it
# starts it once the page is idle, before any Start).
SAVE_DATA = (
    "Object.defineProperty(navigator, 'connection',"
    " { value: { saveData: true, effectiveType: '4g' }, configurable: true });"
)


def _runtime_before_first_step(browser: Browser, base: str) -> list[str]:
    """The runtime's files (Pyodide, the wheel) requested before step 1 showed, in a
    browser that asks to save data."""
    context = browser.new_context()
    context.add_init_script(SAVE_DATA)
    requested: list[Request] = []
    context.on("request", lambda request: requested.append(request))
    page = context.new_page()
    page.goto(base + WALKTHROUGH_PAGE, wait_until="load")
    _mounted(page)
    root = page.locator(f'.wt[data-walkthrough="{WALKTHROUGH}"]')
    # When step 1 showed, on the wall clock, as the page saw it: the runtime starts loading
    # right after, before Playwright hears of the step on a busy machine.
    shown_at = float(root.evaluate(FIRST_STEP_JS)["shownAt"])
    page.wait_for_timeout(500)  # the requests started by then are all reported
    runtime = [
        request.url
        for request in requested
        if (f"/{LOCAL_PYODIDE_DIR}/" in request.url or "/wheels/" in request.url)
        and request.timing["startTime"] < shown_at
    ]
    context.close()
    return runtime


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
    # The walkthrough keeps its position in the address bar's fragment.
    page.wait_for_url(re.compile(rf"/{re.escape(WALKTHROUGH_PAGE)}(#.*)?$"))
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


@dataclass(frozen=True)
class Turns:
    """Seconds per kind of start and per run, cold and warm: ``{kind: (cold, warm)}``."""

    seconds: dict[str, tuple[list[float], list[float]]]

    def median(self, kind: str, warm: bool = False) -> float:
        return statistics.median(self.seconds[kind][warm])

    def ratio(self, kind: str, other: str, warm: bool = False) -> float:
        """The median over the runs of ``kind`` / ``other`` measured in the same turn."""
        pairs = zip(self.seconds[kind][warm], self.seconds[other][warm], strict=True)
        return statistics.median(a / b for a, b in pairs)


def _turns(browser: Browser, runs: int, kinds: list[tuple[str, str, Measure]]) -> Turns:
    """Each run measures every kind once cold and once warm, one after the other."""
    seconds: dict[str, tuple[list[float], list[float]]] = {k: ([], []) for k, _, _ in kinds}
    for run in range(runs):
        for kind, base, measure in kinds:
            context: BrowserContext = browser.new_context()
            page = context.new_page()
            seconds[kind][0].append(measure(page, base))
            seconds[kind][1].append(measure(page, base))
            context.close()
        shown = {k: (round(c[-1], 2), round(w[-1], 2)) for k, (c, w) in seconds.items()}
        print(f"turn {run + 1}: {shown}", file=sys.stderr, flush=True)
    return Turns(seconds)


def _encoded_bytes(
    context: BrowserContext, action: Callable[[], object]
) -> tuple[int, list[tuple[str, int]]]:
    """Bytes on the wire (bodies as encoded, and headers) of every request ``action`` makes,
    in all and per request (its URL and bytes)."""
    finished: list[Request] = []

    def record(request: Request) -> None:
        finished.append(request)

    context.on("requestfinished", record)
    action()
    context.remove_listener("requestfinished", record)
    sizes = [r.sizes() for r in finished]
    fetched = [
        (r.url, size["responseBodySize"] + size["responseHeadersSize"])
        for r, size in zip(finished, sizes, strict=True)
    ]
    return sum(size for _, size in fetched), fetched


def _start_bytes(browser: Browser, base: str) -> tuple[int, list[tuple[str, int]]]:
    """What a cold walkthrough start transfers, page included: in all and per file (its path
    in the site and bytes)."""
    context = browser.new_context()
    page = context.new_page()
    total, fetched = _encoded_bytes(context, lambda: _page_ready(page, base))
    context.close()
    return total, [(url.removeprefix(base), size) for url, size in fetched]


def _plain_page_bytes(browser: Browser, base: str) -> tuple[int, int, list[str]]:
    context = browser.new_context()
    page = context.new_page()

    def visit() -> None:
        page.goto(base + PLAIN_PAGE, wait_until="networkidle")
        page.mouse.wheel(0, 20_000)
        page.wait_for_timeout(1000)

    total, fetched = _encoded_bytes(context, visit)
    urls = [url for url, _ in fetched]
    pyodide = [url for url in urls if "pyodide" in url or url.endswith((".whl", ".wasm"))]
    context.close()
    return total, len(urls), pyodide


def shipped_copy(site: Path, target: Path) -> Path:
    """``site`` with the runtime as it shipped before: stdlib sources, plain wheel, no siblings."""
    ignore = shutil.ignore_patterns(*(f"*{suffix}" for suffix in COMPRESSED_SUFFIXES), FULL_STDLIB)
    shutil.copytree(site, target, ignore=ignore)
    node_pyodide = ROOT / "node_modules" / "pyodide"
    shutil.copy2(node_pyodide / STDLIB, target / LOCAL_PYODIDE_DIR / STDLIB)
    wheel = engine_wheel(ROOT / "engine", ROOT / ".cache")
    shutil.copy2(wheel, target / ASSETS / "wheels" / wheel.name)
    # Nothing decoded in the worker (transfer.js): it had no siblings to fetch.
    config_path = target / ASSETS / "config.json"
    config = json.loads(config_path.read_text("utf-8"))
    for key in ("decoded", "decoder", "sizes"):
        config.pop(key, None)
    config_path.write_text(json.dumps(config), "utf-8")
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold/warm pairs per measurement")
    parser.add_argument("--quick", action="store_true", help="one run; budgets not judged")
    args = parser.parse_args()
    if args.quick:
        args.runs = 1
    with tempfile.TemporaryDirectory(prefix="bench-browser-") as tmp:
        site, shipped = Path(tmp) / "site", Path(tmp) / "shipped"
        with (
            serve(site, EncodedSiteHandler) as base,
            serve(shipped) as shipped_base,
            sync_playwright() as playwright,
        ):
            build_site_for(base, site)
            shipped_copy(site, shipped)
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for folder in (site, shipped):
                for name, text in BARE_FILES.items():
                    (folder / name).write_text(text, encoding="utf-8")
            turns = _turns(
                browser,
                args.runs,
                [
                    ("shipped", shipped_base, _page_ready),
                    ("bare", base, _bare_boot),
                    ("walkthrough", base, _page_ready),
                    ("idle", base, _idle_ready),
                ],
            )
            context = browser.new_context()
            in_tab = _in_tab(context.new_page(), base)
            context.close()
            first_step = _timed(browser, base, args.runs, _first_step)
            early_runtime = _runtime_before_first_step(browser, base)
            start_before, _ = _start_bytes(browser, shipped_base)
            start_after, start_files = _start_bytes(browser, base)
            total, count, pyodide = _plain_page_bytes(browser, base)
            browser.close()
    return report(
        turns,
        in_tab,
        (start_before, start_after, start_files),
        (total, count, pyodide),
        args.runs,
        (*first_step, early_runtime),
        judged=not args.quick,
    )


def _print_largest(files: list[tuple[str, int]], shown: int = 8) -> None:
    """The largest files of a start, then how many others and their bytes."""
    largest = sorted(files, key=lambda file: -file[1])
    for path, size in largest[:shown]:
        print(f"  {size / 1e3:9.1f} KB  {path}")
    rest = largest[shown:]
    print(f"  {sum(size for _, size in rest) / 1e3:9.1f} KB  {len(rest)} other requests")


def report(
    turns: Turns,
    in_tab: float,
    start: tuple[int, int, list[tuple[str, int]]],
    plain: tuple[int, int, list[str]],
    runs: int,
    first_step: tuple[float, float, list[str]],
    judged: bool = True,
) -> int:
    """Print the table and the verdicts; returns the exit status."""
    first_cold, first_warm, early_runtime = first_step
    rows: list[tuple[str, float, float | None]] = [
        ("static first: Start to step 1, cold", first_cold, None),
        ("static first: Start to step 1, warm", first_warm, None),
    ]
    for warm in (False, True):
        state = "warm" if warm else "cold"
        rows += [
            (f"shipped runtime: walkthrough, {state}", turns.median("shipped", warm), None),
            (f"optimised: bare boot, {state}", turns.median("bare", warm), 1.0),
            (
                f"optimised: walkthrough, {state}",
                turns.median("walkthrough", warm),
                turns.ratio("walkthrough", "bare", warm),
            ),
            (
                f"optimised: idle page, Start, {state}",
                turns.median("idle", warm),
                turns.ratio("idle", "bare", warm),
            ),
        ]
    rows.append(("optimised: walkthrough, same tab", in_tab, None))
    # "walkthrough" rows: Start to the engine's first answer; ratios: to the bare boot of
    # the same turn, the median over the turns.
    print(f"{'measurement (median of ' + str(runs) + ')':40} {'seconds':>8} {'vs bare':>10}")
    for name, seconds, ratio in rows:
        column = f"{ratio:10.2f}" if ratio is not None else f"{'':>10}"
        print(f"{name:40} {seconds:8.2f} {column}")
    vs_shipped = max(turns.ratio("walkthrough", "shipped", w) for w in (False, True))
    vs_bare = max(turns.ratio("walkthrough", "bare", w) for w in (False, True))
    idle_ratio = max(turns.ratio("idle", "bare", w) for w in (False, True))
    idle_seconds = max(turns.median("idle", w) for w in (False, True))
    start_before, start_after, start_files = start
    full_fetched = any(path.endswith(FULL_STDLIB) for path, _ in start_files)
    total, count, pyodide = plain
    print(
        f"\nwalkthrough start, bytes on the wire: shipped {start_before / 1e6:.2f} MB, "
        f"optimised with Brotli {start_after / 1e6:.2f} MB"
        f"{' (fetched the full stdlib!)' if full_fetched else ''}"
    )
    _print_largest(start_files)
    shown = pyodide or "none"
    print(f"{PLAIN_PAGE}: {count} requests, {total / 1024:.0f} KiB; Pyodide files: {shown}")
    budgets = [
        (
            f"walkthrough <= {SHIPPED_TARGET} x shipped (worst {vs_shipped:.2f})",
            vs_shipped <= SHIPPED_TARGET,
        ),
        (f"walkthrough <= {BARE_TARGET} x bare boot (worst {vs_bare:.2f})", vs_bare <= BARE_TARGET),
        (
            f"idle page: Start to engine <= {IDLE_TARGET} x bare boot "
            f"(worst {idle_ratio:.2f}; {idle_seconds:.2f} s)",
            idle_ratio <= IDLE_TARGET,
        ),
        (
            f"start <= {START_BYTES_TARGET / 1e6:.0f} MB with Brotli ({start_after / 1e6:.2f} MB)",
            start_after <= START_BYTES_TARGET and not full_fetched,
        ),
        (
            f"step 1 under {FIRST_STEP_TARGET} s, no runtime bytes before it when saving data "
            f"(worst {max(first_cold, first_warm):.3f} s, runtime files: {len(early_runtime)})",
            max(first_cold, first_warm) < FIRST_STEP_TARGET and not early_runtime,
        ),
    ]
    checks = [*(budgets if judged else []), ("no Pyodide on a plain page", not pyodide)]
    for name, met in checks:
        print(f"target {name}: {'met' if met else 'NOT met'}")
    if not judged:
        for name, met in budgets:
            print(f"target {name}: {'met' if met else 'not met'} (not judged in a quick run)")
    return 0 if all(met for _, met in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
