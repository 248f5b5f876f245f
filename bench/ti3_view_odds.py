"""Benchmark: the 3rd-edition view's exact odds, up to and past their bound, in CPython.

    .venv/bin/python bench/ti3_view_odds.py [--repeats N]

The 3rd-edition VIEW recomputes the odds of the combat rounds still to fight
after every choice (``engine.ti3.odds.from_here``), so their cost is paid on
every click in a reader's browser. Each case is an n-against-n space battle of
mixed fleets, timed best of N in CPU time with the chain's memo caches cleared
first, and reported in units of bench/odds.py's fixed pure-Python baseline loop
timed in the same run. Past ``VIEW_MAX_UNITS`` the view shows no odds: those
cases time the full chain anyway, to show what the bound saves.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.odds import CLOCK, baseline  # noqa: E402
from engine.ti3 import odds  # noqa: E402
from engine.ti3.hits import SPACE_BATTLE  # noqa: E402

ATTACKER_LINE = ["dreadnought", "cruiser", "fighter", "destroyer", "carrier", "cruiser"]
DEFENDER_LINE = ["cruiser", "destroyer", "dreadnought", "fighter", "fighter", "carrier"]


def fleet(line: list[str], n: int) -> list[str]:
    return [line[i % len(line)] for i in range(n)]


def chain(n: int) -> None:
    """The full chain for n against n, bound or not (what ``from_here`` runs under it)."""
    sides = [odds._side(fleet(line, n)) for line in (ATTACKER_LINE, DEFENDER_LINE)]
    odds.summarise(odds._fight({(sides[0], sides[1]): 1.0}, SPACE_BATTLE), SPACE_BATTLE)


def best_of(repeats: int, n: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        odds._rounds.cache_clear()
        odds.hits_distribution.cache_clear()
        start = CLOCK()
        chain(n)
        best = min(best, CLOCK() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    unit = min(_timed(baseline) for _ in range(args.repeats))
    print(f"baseline loop: {unit * 1000:.2f} ms; view bound: {odds.VIEW_MAX_UNITS} units")
    print(f"{'case':>8} {'units':>6} {'ms':>9} {'x baseline':>11}  shown in the view")
    for n in (2, 4, 6, 8, 10, 12):
        seconds = best_of(args.repeats, n)
        shown = "yes" if 2 * n <= odds.VIEW_MAX_UNITS else "no (past the bound)"
        print(f"{n:>3}v{n:<4} {2 * n:>6} {seconds * 1000:>9.1f} {seconds / unit:>11.1f}  {shown}")


def _timed(work: Callable[[], None]) -> float:
    start = CLOCK()
    work()
    return CLOCK() - start


if __name__ == "__main__":
    main()
