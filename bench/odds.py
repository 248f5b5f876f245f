"""Benchmark: exact combat odds against the fastest peer calculator, in CPython and in Pyodide.

    .venv/bin/python bench/odds.py [--repeats N] [--peer DIR] [--no-pyodide]

The peer is alpha-mouse/ti4calc, an exact calculator in JavaScript. It is not
part of this repository and never copied into it: the benchmark looks for it
in ``../shared/peers/alpha-mouse-ti4calc/`` next to the repository (or the main
checkout, for a git worktree), or in ``--peer DIR``, and runs it under Node
(bench/peer_odds.cjs) on the same fleets in the same run. Without it the
comparison is skipped and said so.

Every case is timed best of N, in CPU time (the process's, so other work on
a shared machine counts less; wall time inside Pyodide): the engine cold (its memo caches cleared
first), the peer after one warm-up run (its JIT compiled, as on its web page).
Each case's two distributions (the chance of each number of hits the winner
can still take) must agree to 1e-12. Targets: at most the peer's time at
20v20 and 40v40, within 10x of it on every smaller case. The same cases are
then timed inside Pyodide under Node (bench/odds_pyodide.mjs), the runtime the
site uses. A fixed pure-Python loop is timed in each runtime as a baseline.
Exit status 1 if a target or the agreement is missed.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import odds as exact_odds  # noqa: E402
from engine import odds_parts, odds_rounds  # noqa: E402
from engine.odds import Odds, combat_odds, parse_fleet  # noqa: E402
from engine.units import UNIT_TYPES  # noqa: E402

PEER = Path("shared", "peers", "alpha-mouse-ti4calc")
AGREEMENT = 1e-12
# Cases where the engine must be at least as fast as the peer; the rest within 10x.
AT_LEAST_AS_FAST = ("20v20 with fighters", "40v40")
WITHIN = 10.0

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
    "war sun",
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
CASES: list[tuple[str, str, str, bool]] = [
    (f"{n}v{n}", ", ".join(ATTACKER_LINE[:n]), ", ".join(DEFENDER_LINE[:n]), False)
    for n in range(1, 11)
] + [
    ("ground 10v10 infantry", "10 infantry", "10 infantry", True),
    (
        "10v10 with fighters",
        "2 dreadnought, 2 cruiser, 2 destroyer, 4 fighter",
        "2 dreadnought, 2 cruiser, 2 carrier, 4 fighter",
        False,
    ),
    (
        "20v20 with fighters",
        "5 dreadnought, 5 cruiser, 4 destroyer, 6 fighter",
        "5 dreadnought, 5 cruiser, 4 carrier, 6 fighter",
        False,
    ),
    (
        "40v40",
        "10 dreadnought, 10 cruiser, 8 destroyer, 12 fighter",
        "10 dreadnought, 10 cruiser, 8 carrier, 12 fighter",
        False,
    ),
]
# The peer's names for the unit types it knows (it has no mech).
PEER_TYPES = {
    "war_sun": "WarSun",
    "dreadnought": "Dreadnought",
    "cruiser": "Cruiser",
    "carrier": "Carrier",
    "destroyer": "Destroyer",
    "fighter": "Fighter",
    "infantry": "Ground",
    "pds": "PDS",
}


def baseline() -> None:
    """Fixed pure-Python work (~10 ms on a typical core): dict and float arithmetic."""
    table: dict[int, float] = {}
    for i in range(60_000):
        table[i % 997] = table.get(i % 997, 0.0) * 0.5 + i


# CPU time where the runtime measures it; Pyodide's process clock is not one, so wall time there.
CLOCK = time.perf_counter if sys.platform == "emscripten" else time.process_time


def clear_caches() -> None:
    """Empty every functools cache in the odds modules, so a timing starts cold."""
    for module in (exact_odds, odds_parts, odds_rounds):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


def best_of(repeats: int, work: Callable[[], object], cold: bool) -> float:
    best = float("inf")
    for _ in range(repeats):
        if cold:
            clear_caches()
        start = CLOCK()
        work()
        best = min(best, CLOCK() - start)
    return best


def measure(cases: list[dict[str, Any]]) -> dict[str, Any]:
    """Time every case (``name``, ``attacker``, ``defender``, ``ground``, ``repeats``) here.

    Also runs inside Pyodide (bench/odds_pyodide.mjs), hence JSON in and out.
    """
    results = []
    for case in cases:
        attacker, defender = parse_fleet(case["attacker"]), parse_fleet(case["defender"])
        ground: bool = case["ground"]

        def work(
            a: tuple[str, ...] = attacker, d: tuple[str, ...] = defender, g: bool = ground
        ) -> Odds:
            return combat_odds(a, d, ground=g)

        seconds = best_of(case["repeats"], work, cold=True)
        results.append(
            {"name": case["name"], "seconds": seconds, "distribution": distribution(work())}
        )
    repeats = max((c["repeats"] for c in cases), default=1)
    return {
        "version": sys.version.split()[0],
        "baseline": best_of(repeats, baseline, cold=False),
        "cases": results,
    }


def distribution(odds: Odds) -> dict[str, float]:
    """Chance of each end, keyed as the peer does: -n attacker wins, +n defender wins, with
    n hits it can still take; 0 both destroyed."""
    result: Counter[str] = Counter({"0": odds.both_destroyed})
    for sign, survivors in ((-1, odds.attacker_survivors), (1, odds.defender_survivors)):
        for label, chance in survivors.items():
            if label != "none":
                result[str(sign * _absorbs(label))] += chance
    return dict(result)


def _absorbs(label: str) -> int:
    """Hits a fleet written as ``fleet_label`` writes it can take: one per unit, one more per
    undamaged unit with Sustain Damage."""
    total = 0
    for part in label.split(", "):
        match = re.fullmatch(r"(\d+) (.+?)(?: \((\d+) damaged\))?", part)
        assert match, part
        count, name, damaged = int(match[1]), match[2].replace(" ", "_"), int(match[3] or 0)
        total += count + (count - damaged) * UNIT_TYPES[name].sustain_damage
    return total


def peer_input(case: dict[str, Any]) -> dict[str, Any] | None:
    """The case as bench/peer_odds.cjs takes it, or ``None`` if the peer lacks a unit type."""
    sides = []
    for fleet in (case["attacker"], case["defender"]):
        counts = Counter(parse_fleet(fleet))
        if not set(counts) <= set(PEER_TYPES):
            return None
        sides.append({PEER_TYPES[name]: count for name, count in counts.items()})
    return {**case, "attacker": sides[0], "defender": sides[1]}


def find_peer(given: str | None) -> Path | None:
    if given:
        return Path(given)
    places = [ROOT.parent]
    # In a git worktree, the main checkout's parent is the one that holds shared/.
    common = subprocess.run(
        ["git", "rev-parse", "--path-format=absolute", "--git-common-dir"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if common.returncode == 0:
        places.append(Path(common.stdout.strip()).parent.parent)
    return next((p / PEER for p in places if (p / PEER / "calculator.js").is_file()), None)


def run_node(script: str, stdin: str, *args: str) -> Any:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("bench/odds.py: node is needed for the peer and Pyodide runs")
    done = subprocess.run(
        [node, str(ROOT / "bench" / script), *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    if done.returncode != 0:
        raise SystemExit(f"bench/odds.py: {script} failed: {done.stderr.strip()}")
    return json.loads(done.stdout)


def agreement(ours: dict[str, float], theirs: dict[str, float]) -> float:
    keys = set(ours) | set(theirs)
    return max(abs(ours.get(k, 0.0) - theirs.get(k, 0.0)) for k in keys)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9, help="runs per case (best is kept)")
    parser.add_argument("--peer", help="folder holding the peer's calculator.js")
    parser.add_argument("--no-pyodide", action="store_true", help="skip the Pyodide runs")
    args = parser.parse_args(argv)
    cases = [
        {"name": name, "attacker": a, "defender": d, "ground": ground, "repeats": args.repeats}
        for name, a, d, ground in CASES
    ]
    peer_dir = find_peer(args.peer)
    peer: dict[str, dict[str, Any]] = {}
    if peer_dir is None:
        print(f"peer not found ({PEER} beside the repository): comparison skipped")
    else:
        comparable = [c for c in map(peer_input, cases) if c is not None]
        found = run_node("peer_odds.cjs", json.dumps(comparable), str(peer_dir))
        peer = {r["name"]: r for r in found}
        print(f"peer: alpha-mouse/ti4calc from {peer_dir} (outside the repository), under Node")
    cpython = measure(cases)
    pyodide = None if args.no_pyodide else run_node("odds_pyodide.mjs", json.dumps(cases))
    runtimes = [("CPython", cpython)] + ([("Pyodide", pyodide)] if pyodide else [])
    for label, run in runtimes:
        print(f"{label} {run['version']} baseline loop: {run['baseline'] * 1000:.2f} ms")
    return report(cases, peer, runtimes)


def report(
    cases: list[dict[str, Any]],
    peer: dict[str, dict[str, Any]],
    runtimes: list[tuple[str, dict[str, Any]]],
) -> int:
    header = f"{'case':<22}{'peer ms':>9}"
    for label, _ in runtimes:
        header += f"{label + ' ms':>13}{'ratio':>8}"
    print(header + f"{'agreement':>11}  target")
    ok = True
    for index, case in enumerate(cases):
        name = case["name"]
        theirs = peer.get(name)
        line = f"{name:<22}" + (f"{theirs['seconds'] * 1000:>9.2f}" if theirs else f"{'-':>9}")
        for _, run in runtimes:
            seconds = run["cases"][index]["seconds"]
            ratio = seconds / theirs["seconds"] if theirs else None
            line += f"{seconds * 1000:>13.2f}" + (f"{ratio:>8.2f}" if ratio else f"{'-':>8}")
        if theirs:
            ours = runtimes[0][1]["cases"][index]
            agree = agreement(ours["distribution"], theirs["distribution"])
            limit = 1.0 if name in AT_LEAST_AS_FAST else WITHIN
            ratio = ours["seconds"] / theirs["seconds"]
            met = ratio <= limit and agree <= AGREEMENT
            ok = ok and met
            line += f"{agree:>11.1e}  <= {limit:g}x: {'met' if met else 'MISSED'}"
        print(line)
    print("ratio: engine time / peer time in the same run; agreement: largest difference")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
