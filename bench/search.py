"""Search benchmark: answering a rule number on a large corpus, in Chromium.

Builds a generated corpus (``bench/corpus.py``; 1,000 topics = 20,000 rules by
default), serves it with its precompressed siblings and, in fresh browser
contexts (cold) and reloaded ones (warm), measures for ``N.2.3`` queries:

- fast path: from the query being typed to the first answer of the
  rule-number fast path (``docs/javascripts/rules.js``, one small file per topic);
- Material: from opening the page to Material's full-text search being ready
  (its worker has fetched and indexed ``search_index.json``), and from the query
  typed then to its first answer;

and the sizes of ``search_index.json`` (raw, gzip, Brotli) and of a topic's
number file. Target: a rule number answered in < 300 ms at 1,000 topics.

Usage: ``.venv/bin/python bench/search.py [--topics 1000] [--runs 3] [--quick]``;
``--quick`` (for CI) is 100 topics and one run, its timings shown, not judged.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.corpus import write_corpus  # noqa: E402
from bench.encoded_server import EncodedSiteHandler  # noqa: E402
from bench.site_server import CHROMIUM, CHROMIUM_ARGS, build_site_for, serve  # noqa: E402
from rulesite.core.search_index import NUMBERS_DIR  # noqa: E402

# Wall seconds a default run may take before python -m bench stops it: a 1,000-topic
# build, 3 cold/warm pairs in Chromium and removing the site (20,000 short-link folders),
# on this loaded two-core machine. Measured: 136 s alone at load 5-8; 412 s in
# `nice python -m bench`, 14:05 UTC 2026-11-29, load 4-9 (build 52 s, then minutes
# removing the site); at load 11-14 the build took 145 s, 2.8 times longer.
BUDGET_S = 1000

TARGET_MS = 300
# Material needs seconds to index a large corpus; the bench waits this long for it.
MATERIAL_TIMEOUT_MS = 180_000


def _open_search(page: Page) -> None:
    page.locator("label.md-search__icon, .md-search__input").first.click()


def _type(page: Page, query: str) -> float:
    """Type ``query`` as keys; returns the page clock (ms) when the last key was typed."""
    page.locator("input.md-search__input").press_sequentially(query)
    return float(page.evaluate("performance.now()"))


def _answered_at(page: Page, selector: str, timeout: float) -> float:
    # Attached, not visible: Material's result repeating a rule-number answer is hidden.
    page.locator(selector).first.wait_for(state="attached", timeout=timeout)
    return float(page.evaluate("performance.now()"))


def _open(page: Page, url: str, *, reload: bool) -> None:
    if reload:
        page.reload()
    else:
        page.goto(url)


def _fast_path(page: Page, url: str, query: str, *, reload: bool) -> float:
    """Ms from the typed query to the fast path's answer, the page just opened."""
    _open(page, url, reload=reload)
    _open_search(page)
    typed = _type(page, query)
    answer = f'.rule-number-answers a[href*="rule={query}"]'
    return _answered_at(page, answer, 10_000) - typed


def _material(page: Page, url: str, query: str, *, reload: bool) -> tuple[float, float]:
    """Ms from opening the page to Material's index being ready; then query to answer."""
    _open(page, url, reload=reload)
    _open_search(page)
    expect(page.locator(".md-search-result__meta")).to_have_text(
        "Type to start searching", timeout=MATERIAL_TIMEOUT_MS
    )
    ready = float(page.evaluate("performance.now()"))
    typed = _type(page, query)
    answer = f'.md-search-result__list:not(.rule-number-answers) a[href*="rule={query}"]'
    return ready, _answered_at(page, answer, MATERIAL_TIMEOUT_MS) - typed


def _measure(browser: Browser, url: str, query: str, runs: int) -> dict[str, float]:
    rows: dict[str, list[float]] = {}
    for _ in range(runs):
        for warm in (False, True):
            context = browser.new_context()
            page = context.new_page()
            if warm:
                _fast_path(page, url, query, reload=False)
            state = "warm" if warm else "cold"
            fast = _fast_path(page, url, query, reload=warm)
            rows.setdefault(f"fast path: query to answer, {state}", []).append(fast)
            ready, answer = _material(page, url, query, reload=True)
            rows.setdefault("Material: page open to index ready", []).append(ready)
            rows.setdefault("Material: query to answer (index ready)", []).append(answer)
            context.close()
    return {name: statistics.median(values) for name, values in rows.items()}


def _sizes(site: Path, topic: int) -> list[tuple[str, int]]:
    index = site / "search" / "search_index.json"
    numbers = site / NUMBERS_DIR / f"{topic}.json"
    return [
        ("search_index.json", index.stat().st_size),
        ("search_index.json.gz", index.with_name(index.name + ".gz").stat().st_size),
        ("search_index.json.br", index.with_name(index.name + ".br").stat().st_size),
        (f"{NUMBERS_DIR}/{topic}.json", numbers.stat().st_size),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--topics", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3, help="cold/warm pairs")
    parser.add_argument("--quick", action="store_true", help="100 topics, one run, not judged")
    args = parser.parse_args()
    if args.quick:
        args.topics, args.runs = 100, 1
    topic = args.topics // 2
    query = f"{topic}.2.3"
    with tempfile.TemporaryDirectory(prefix="bench-search-") as tmp:
        content = write_corpus(Path(tmp) / "content", args.topics)
        site = Path(tmp) / "site"
        with serve(site, EncodedSiteHandler) as base, sync_playwright() as playwright:
            print(f"building {args.topics} topics", file=sys.stderr, flush=True)
            started = time.perf_counter()
            build_site_for(base, site, content)
            print(f"built {args.topics} topics in {time.perf_counter() - started:.0f} s")
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            figures = _measure(browser, base, query, args.runs)
            browser.close()
        # Reported before the site is removed: its 20,000 short-link folders took minutes
        # to remove on the loaded machine, and a run stopped meanwhile kept nothing.
        met = report(figures, _sizes(site, topic), query, args)
    return 0 if met or args.quick else 1


def report(
    figures: dict[str, float], sizes: list[tuple[str, int]], query: str, args: argparse.Namespace
) -> bool:
    """Print the medians and sizes; whether the target is met."""
    print(f"query {query!r} at {args.topics} topics, median of {args.runs}:")
    for name, ms in figures.items():
        print(f"  {name:45} {ms:9.0f} ms")
    for name, size in sizes:
        print(f"  {name:45} {size / 1024:9.0f} KiB")
    worst = max(v for k, v in figures.items() if k.startswith("fast path"))
    met = worst < TARGET_MS
    print(f"target (rule number answered < {TARGET_MS} ms): {'met' if met else 'NOT met'}")
    return met


if __name__ == "__main__":
    sys.exit(main())
