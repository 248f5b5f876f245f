"""Load on the local server: many readers at once on loopback, every answer and its latency.

Starts ``build_site.py --serve`` (``mkdocs serve`` with the site's plugin) on a
free port, waits for it, then opens ``--clients`` simultaneous clients, each
fetching ``--requests`` pages and assets in turn (a page, the site's script,
the widget's style, a topic page...). Prints the error count and the latency
percentiles; exit status 1 when any request failed or the p99 is 1 s or more.
Bounded: every request has a timeout and the whole run a deadline.

    python bench/serve_load.py                     # 200 clients x 10 requests
    python bench/serve_load.py --clients 50 --requests 4
    python bench/serve_load.py --quick             # 20 x 3 (for CI): errors judged, p99 not
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Wall seconds a default run may take before python -m bench stops it:
# the seed site's first serve, then 2,000 requests, on this loaded two-core machine.
BUDGET_S = 240
PATHS = (
    "",
    "assets/javascripts/rules.js",
    "rules/tactical-action/",
    "assets/walkthrough/widget.css",
    "rules-by-number/",
    "assets/rules-index.json",
)
REQUEST_TIMEOUT = 30.0
P99_TARGET = 1.0
STARTUP_SECONDS = 600  # the first build comes first, on a possibly busy machine


@dataclass
class LoadResult:
    """Every request's latency (seconds) and every failure's description."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def percentile(self, share: float) -> float:
        """The latency below which ``share`` of the answered requests fall."""
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def load(base: str, clients: int, requests_each: int) -> LoadResult:
    """``clients`` threads started together, each making ``requests_each`` GETs under ``base``."""
    result = LoadResult()
    lock = threading.Lock()
    start = threading.Barrier(clients)

    def client(number: int) -> None:
        start.wait()
        for step in range(requests_each):
            url = base + PATHS[(number + step) % len(PATHS)]
            began = time.perf_counter()
            try:
                with urllib.request.urlopen(url, timeout=REQUEST_TIMEOUT) as response:
                    response.read()
                    failure = None if response.status == 200 else f"{url}: {response.status}"
            except (OSError, ValueError) as error:
                failure = f"{url}: {error}"
            elapsed = time.perf_counter() - began
            with lock:
                if failure is None:
                    result.latencies.append(elapsed)
                else:
                    result.errors.append(failure)

    threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(clients)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + REQUEST_TIMEOUT * requests_each + 30
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    if any(thread.is_alive() for thread in threads):
        result.errors.append("clients still running at the deadline")
    return result


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait(base: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited with {process.returncode}")
        try:
            with urllib.request.urlopen(base, timeout=5):
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"the server did not answer within {STARTUP_SECONDS}s")


def main() -> int:
    """Run the benchmark; returns the exit status."""
    parser = argparse.ArgumentParser(description="Load the local server from many clients.")
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--requests", type=int, default=10, help="requests per client")
    parser.add_argument("--quick", action="store_true", help="20 clients x 3; p99 not judged")
    args = parser.parse_args()
    if args.quick:
        args.clients, args.requests = 20, 3
    port = _free_port()
    base = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryFile() as log:
        server = subprocess.Popen(
            [sys.executable, str(ROOT / "build_site.py"), "--serve", "--dev-addr", base[7:-1]],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            _wait(base, server)
            result = load(base, args.clients, args.requests)
        finally:
            server.terminate()
            server.wait(timeout=30)
    answered = len(result.latencies)
    print(f"{args.clients} clients x {args.requests} requests: {answered} answered")
    print(f"errors: {len(result.errors)}")
    for error in result.errors[:5]:
        print(f"  {error}")
    p50, p99 = result.percentile(0.50), result.percentile(0.99)
    print(f"latency p50 {p50:.3f}s p99 {p99:.3f}s max {max(result.latencies, default=0):.3f}s")
    met = not result.errors and (p99 < P99_TARGET or args.quick)
    print(f"{'meets' if met else 'misses'}: 0 errors and p99 under {P99_TARGET:.0f}s")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
