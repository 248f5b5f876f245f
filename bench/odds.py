"""Benchmark: exact combat odds for fleets from 1 against 1 up to 10 against 10 ships.

    .venv/bin/python bench/odds.py [--repeats N]

Each case is timed cold (the odds module's memo caches cleared first), best
of N runs. Timings on a shared machine drift, so every case is also given as a
ratio to a baseline measured in the same run: a fixed pure-Python loop (the
same work every time, so the ratio compares machines and runs fairly). The
target is 8 ships against 8 in under 50 ms on CPython; the exit status is 1 if
it is missed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import odds
from engine.odds import combat_odds

TARGET_SHIPS = 8
TARGET_SECONDS = 0.050

# Mixed fleets; fleet n is the first n ships of these lines.
ATTACKER_LINE = [
    "dreadnought",
    "cruiser",
    "destroyer",
    "fighter",
    "dreadnought",
    "cruiser",
    "fighter",
    "destroyer",
    "carrier",
    "war_sun",
]
DEFENDER_LINE = [
    "cruiser",
    "dreadnought",
    "fighter",
    "fighter",
    "carrier",
    "destroyer",
    "dreadnought",
    "cruiser",
    "fighter",
    "dreadnought",
]


def baseline() -> None:
    """Fixed pure-Python work (~10 ms on a typical core): dict and float arithmetic."""
    table: dict[int, float] = {}
    for i in range(60_000):
        table[i % 997] = table.get(i % 997, 0.0) * 0.5 + i


def best_of(repeats: int, work: Callable[[], object], cold: bool) -> float:
    best = float("inf")
    for _ in range(repeats):
        if cold:
            for cached in (odds._absorbable, odds._hits, odds._take):
                cached.cache_clear()
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs per case (best is kept)")
    args = parser.parse_args(argv)
    base = best_of(args.repeats, baseline, cold=False)
    print(f"baseline (fixed pure-Python loop): {base * 1000:.2f} ms")
    print(f"{'ships':>7}  {'attacker wins':>13}  {'time ms':>8}  {'x baseline':>10}")
    target_time = None
    for n in range(1, 11):
        attacker, defender = ATTACKER_LINE[:n], DEFENDER_LINE[:n]
        result = combat_odds(attacker, defender)
        seconds = best_of(args.repeats, lambda a=attacker, d=defender: combat_odds(a, d), cold=True)
        if n == TARGET_SHIPS:
            target_time = seconds
        print(
            f"{n:>3}v{n:<3}  {result.attacker_wins:>13.4f}  {seconds * 1000:>8.2f}  "
            f"{seconds / base:>10.2f}"
        )
    assert target_time is not None
    verdict = "met" if target_time < TARGET_SECONDS else "MISSED"
    print(
        f"target {TARGET_SHIPS}v{TARGET_SHIPS} < {TARGET_SECONDS * 1000:.0f} ms: {verdict} "
        f"({target_time * 1000:.2f} ms)"
    )
    return 0 if target_time < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
