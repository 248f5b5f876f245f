"""Benchmark: the 3rd edition's exact odds against the 4th edition's, in one CPython process.

    .venv/bin/python bench/ti3_view_odds.py [--repeats N] [--quick]

The 3rd-edition VIEW recomputes the odds of the combat rounds still to fight
after every choice (``engine.ti3.odds.from_here``), so their cost is paid on
every click in a reader's browser; the odds command adds PDS fire, a space mine
and the barrage before them. Each case is timed best of N in CPU time with the
odds modules' memo caches cleared first (bench/odds.py's ``clear_caches``),
against the 4th edition's 20 v 20 with fighters (bench/odds.py's case) timed in
the same run. Target: 12 v 12 dreadnoughts, cruisers and destroyers
with a space mine within 2x of that. Exit status 1 if it is missed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.odds import CASES, CLOCK, clear_caches  # noqa: E402
from engine.odds import combat_odds, parse_fleet  # noqa: E402
from engine.ti3 import odds  # noqa: E402

# Wall seconds a default run may take before python -m bench stops it:
# CPU-bound cases, best of 7, on this loaded two-core machine.
BUDGET_S = 120

ATTACKER_LINE = ["dreadnought", "cruiser", "fighter", "destroyer", "carrier", "cruiser"]
DEFENDER_LINE = ["cruiser", "destroyer", "dreadnought", "fighter", "fighter", "carrier"]
REFERENCE = "20v20 with fighters"
TARGET = "12v12 with a mine"
WITHIN = 2.0


def fleet(line: list[str], n: int) -> list[tuple[str, bool]]:
    return [(line[i % len(line)], False) for i in range(n)]


def view_case(n: int) -> Callable[[], object]:
    """The view's odds for n against n mixed ships."""
    a, d = fleet(ATTACKER_LINE, n), fleet(DEFENDER_LINE, n)
    return lambda: odds.from_here(a, d, ground=False)


def cases(quick: bool) -> list[tuple[str, Callable[[], object]]]:
    sizes = (4, 12) if quick else (4, 8, 12, 20, 40)
    mixed = odds.parse("4 dreadnought, 4 cruiser, 4 destroyer")
    return [(f"view {n}v{n}", view_case(n)) for n in sizes] + [
        (TARGET, lambda: odds.space_battle(mixed, mixed, mines=True)),
        ("12v12 without a mine", lambda: odds.space_battle(mixed, mixed)),
    ]


def best_of(repeats: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeats):
        clear_caches()
        start = CLOCK()
        work()
        best = min(best, CLOCK() - start)
    return best


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="fewer cases and runs (for CI)")
    args = parser.parse_args(argv)
    repeats = 1 if args.quick else args.repeats
    _, attacker, defender, _ = next(c for c in CASES if c[0] == REFERENCE)
    a, d = parse_fleet(attacker), parse_fleet(defender)
    reference = best_of(repeats, lambda: combat_odds(a, d))
    print(f"4th edition {REFERENCE}: {reference * 1000:.2f} ms (the unit below)")
    print(f"{'case':<24}{'ms':>9}{'x 4th 20v20':>13}  target")
    ok = True
    for name, work in cases(args.quick):
        seconds = best_of(repeats, work)
        ratio = seconds / reference
        verdict = ""
        if name == TARGET:
            met = ratio <= WITHIN
            # One run of each in quick mode is too noisy to judge: it only shows the table.
            ok = ok and (met or args.quick)
            verdict = f"<= {WITHIN:g}x: {'met' if met else 'MISSED'}"
        print(f"{name:<24}{seconds * 1000:>9.2f}{ratio:>13.2f}  {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
