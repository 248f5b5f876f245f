"""What a reader's first visit downloads: bytes on the wire and requests, service worker
included, for the seed site and the 150-page transcription-form corpus
(``bench/upstream_corpus.py``), each built with the default offline copy (the shell
precached, pages kept as read) and, for comparison, with the former 20 MB budget (every
page precached on the first visit).

A fresh Chromium context opens the home page from a server that sends the precompressed
siblings (``bench/encoded_server.py``), waits for the service worker to install and take
control, then for the network to settle; every request of the page and of the worker is
counted, bodies as encoded plus headers.

    python bench/first_visit.py            # both corpora, both budgets
    python bench/first_visit.py --quick    # the seed site only, default budget (for CI)

Target: with the default build, a first visit of the 150-page corpus stays under 1 MB
and 100 requests.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Request, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.encoded_server import EncodedSiteHandler  # noqa: E402
from bench.site_server import CHROMIUM, CHROMIUM_ARGS, build_site_for, serve  # noqa: E402
from bench.upstream_corpus import write_upstream_corpus  # noqa: E402

BYTES_TARGET = 1_000_000
REQUESTS_TARGET = 100


def first_visit(browser: Browser, url: str) -> tuple[int, int]:
    """Bytes on the wire and requests of a first visit to ``url``'s home page."""
    context = browser.new_context()
    finished: list[Request] = []
    context.on("requestfinished", lambda request: finished.append(request))
    page = context.new_page()
    page.goto(url, wait_until="load")
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(2000)  # the worker's last precache requests
    sizes = [r.sizes() for r in finished]
    context.close()
    total = sum(s["responseBodySize"] + s["responseHeadersSize"] for s in sizes)
    return total, len(sizes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="seed site, default build only")
    args = parser.parse_args()
    rows: list[tuple[str, str, int, int]] = []
    with tempfile.TemporaryDirectory(prefix="bench-first-visit-") as tmp:
        work = Path(tmp)
        corpora = [("seed site", ROOT / "content")]
        if not args.quick:
            corpora.append(("150-page corpus", write_upstream_corpus(work / "upstream")))
        budgets = ["0"] if args.quick else ["0", "20"]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name, content in corpora:
                for budget in budgets:
                    site = work / f"site-{len(rows)}"
                    with serve(site, EncodedSiteHandler) as url:
                        options = ["--precache-mb", budget]
                        build_site_for(url, site, content=content, options=options)
                        total, count = first_visit(browser, url)
                    label = "shell (default)" if budget == "0" else f"precache {budget} MB"
                    rows.append((name, label, total, count))
            browser.close()
    print(f"{'first visit':18} {'offline copy':18} {'MB':>6} {'requests':>9}")
    for name, label, total, count in rows:
        print(f"{name:18} {label:18} {total / 1e6:6.2f} {count:9d}")
    judged = [r for r in rows if r[0] == "150-page corpus" and r[1] == "shell (default)"]
    ok = all(total <= BYTES_TARGET and count <= REQUESTS_TARGET for _, _, total, count in judged)
    if judged:
        print(
            f"target 150-page first visit <= {BYTES_TARGET / 1e6:.0f} MB and "
            f"{REQUESTS_TARGET} requests: {'met' if ok else 'NOT met'}"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
