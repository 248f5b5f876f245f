"""Benchmark: exact combat odds against the fastest peer calculator, in CPython and in Pyodide.

    .venv/bin/python bench/odds.py [--repeats N] [--rounds N] [--peer DIR] [--no-pyodide] [--quick]

The peer is alpha-mouse/ti4calc, an exact calculator in JavaScript. It is not
part of this repository and never copied into it: the benchmark looks for it
in ``../shared/peers/alpha-mouse-ti4calc/`` next to the repository (or the main
checkout, for a git worktree), or in ``--peer DIR``, and runs it under Node
(bench/peer_odds.cjs, one process for the whole run) on the same fleets in the
same run. Without it the comparison is skipped and said so.

Only the calculation is timed, in CPU time (the process's, so time the shared
machine gives to other work is not counted; wall time inside Pyodide): not
Node's start-up nor our import, nor reading the fleets. The engine runs cold,
every memo cache of the odds modules emptied before each run; the peer after
one warm-up run (its JIT compiled, as on its web page). So that a burst of load
on the shared machine cannot tip the ratio, the two sides take turns: for each
case, ``--rounds`` blocks of ``--repeats`` runs of the peer, each followed by a
block of the engine's (5 x 5 by default). Both take their turns on one CPU,
the first this process may use (Node inherits it; ``--any-cpu`` lets the system
place them): two CPUs of a shared machine can be disturbed very differently, and
with the two sides on different ones the 20v20 ratio ranged from 0.56 to 1.64
over six runs of the same code, against 0.88 to 0.95 over four runs on one.
Each side's figure is its best run, the one least disturbed; the ratio is best
against best, and the ratio of the two medians is printed beside it.
Each case's two distributions (the chance of each number of hits the winner
can still take) must agree to 1e-12. The same cases are then timed inside
Pyodide under Node (bench/odds_pyodide.mjs), the runtime the site uses, in the
same blocks but after the peer's, so its ratios are against the peer's timings
above. Targets: at most the peer's time at 20v20, 40v40 and 40 cruisers a side
in both runtimes (Pyodide is what readers run), within 10x of it on every
smaller case in CPython. A fixed pure-Python loop is timed in each runtime as a
baseline. Exit status 1 if a target or the agreement is missed. ``--quick``
(for CI: tests/test_benchmarks.py) times each case once on each side and judges
only the agreement: one run is too few to judge a ratio by.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from statistics import median
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.core.units import UNIT_TYPES  # noqa: E402
from engine.odds import Odds, combat_odds, parse_fleet  # noqa: E402
from engine.odds import exact as exact_odds  # noqa: E402
from engine.odds import parts as odds_parts  # noqa: E402
from engine.odds import rounds as odds_rounds  # noqa: E402

PEER = Path("shared", "peers", "alpha-mouse-ti4calc")
AGREEMENT = 1e-12
# Cases where the engine must be at least as fast as the peer; the rest within 10x.
AT_LEAST_AS_FAST = ("20v20 with fighters", "40v40", "40v40 cruisers")
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
    # One type a side: every state's dice are alike, a case the mixed fleets do not show.
    ("40v40 cruisers", "40 cruiser", "40 cruiser", False),
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


def timings(repeats: int, work: Callable[[], object]) -> list[float]:
    """The time of each of ``repeats`` runs of ``work``, each started with the caches empty."""
    seconds = []
    for _ in range(repeats):
        clear_caches()
        start = CLOCK()
        work()
        seconds.append(CLOCK() - start)
    return seconds


Peer = Callable[[dict[str, Any]], dict[str, Any] | None]


def measure(cases: list[dict[str, Any]], peer: Peer | None = None) -> dict[str, Any]:
    """Time every case (``name``, ``attacker``, ``defender``, ``ground``, ``repeats``,
    ``rounds``) here: ``rounds`` blocks of ``repeats`` runs.

    With ``peer``, each block alternates with one of the peer's, so that both
    sides share whatever load the machine has then. Also runs inside Pyodide
    (bench/odds_pyodide.mjs, without a peer), hence JSON in and out.
    """
    results = []
    for case in cases:
        attacker, defender = parse_fleet(case["attacker"]), parse_fleet(case["defender"])
        ground: bool = case["ground"]

        def work(
            a: tuple[str, ...] = attacker, d: tuple[str, ...] = defender, g: bool = ground
        ) -> Odds:
            return combat_odds(a, d, ground=g)

        seconds: list[float] = []
        theirs: dict[str, Any] | None = None
        for _ in range(case["rounds"]):
            answer = peer(case) if peer else None
            if answer is not None:
                seconds_before = [] if theirs is None else theirs["seconds"]
                theirs = {**answer, "seconds": seconds_before + answer["seconds"]}
            seconds += timings(case["repeats"], work)
        result = {"name": case["name"], "seconds": seconds, "distribution": distribution(work())}
        results.append(result if theirs is None else {**result, "peer": theirs})
    return {
        "version": sys.version.split()[0],
        "baseline": timings(max((c["repeats"] for c in cases), default=1), baseline),
        "cases": results,
    }


def distribution(odds: Odds) -> dict[str, float]:
    """Chance of each end, keyed as the peer does: -n attacker wins, +n defender wins, with
    n hits it can still take; 0 both destroyed."""
    result: dict[str, float] = defaultdict(float, {"0": odds.both_destroyed})
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


def node_script(script: str) -> list[str]:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("bench/odds.py: node is needed for the peer and Pyodide runs")
    return [node, str(ROOT / "bench" / script)]


def run_node(script: str, stdin: str) -> Any:
    done = subprocess.run(
        node_script(script), input=stdin, capture_output=True, text=True, check=False, cwd=ROOT
    )
    if done.returncode != 0:
        raise SystemExit(f"bench/odds.py: {script} failed: {done.stderr.strip()}")
    return json.loads(done.stdout)


@contextmanager
def peer_process(peer_dir: Path) -> Iterator[Peer]:
    """The peer under Node (bench/peer_odds.cjs), timing one block of runs per case asked."""
    with subprocess.Popen(
        [*node_script("peer_odds.cjs"), str(peer_dir)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    ) as process:
        assert process.stdin and process.stdout

        def ask(case: dict[str, Any]) -> dict[str, Any] | None:
            comparable = peer_input(case)
            if comparable is None:
                return None
            assert process.stdin and process.stdout
            process.stdin.write(json.dumps(comparable) + "\n")
            process.stdin.flush()
            line = process.stdout.readline()
            if not line:
                raise SystemExit("bench/odds.py: peer_odds.cjs stopped (its error is above)")
            answer: dict[str, Any] = json.loads(line)
            return answer

        try:
            yield ask
        finally:
            process.stdin.close()


def agreement(ours: dict[str, float], theirs: dict[str, float]) -> float:
    keys = set(ours) | set(theirs)
    return max(abs(ours.get(k, 0.0) - theirs.get(k, 0.0)) for k in keys)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs per block (default 5)")
    parser.add_argument(
        "--rounds", type=int, default=5, help="blocks per side, alternating (default 5)"
    )
    parser.add_argument("--peer", help="folder holding the peer's calculator.js")
    parser.add_argument("--no-pyodide", action="store_true", help="skip the Pyodide runs")
    parser.add_argument(
        "--any-cpu", action="store_true", help="let the system place each side on any CPU"
    )
    parser.add_argument(
        "--quick", action="store_true", help="one run of each case a side; judge agreement only"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.repeats = args.rounds = 1
    if args.repeats < 1 or args.rounds < 1:
        parser.error("--repeats and --rounds are at least 1")
    if not args.any_cpu:
        print(f"both sides on CPU {one_cpu()}")
    cases = [
        {
            "name": name,
            "attacker": a,
            "defender": d,
            "ground": ground,
            "repeats": args.repeats,
            "rounds": args.rounds,
        }
        for name, a, d, ground in CASES
    ]
    peer_dir = find_peer(args.peer)
    if peer_dir is None:
        print(f"peer not found ({PEER} beside the repository): comparison skipped")
        cpython = measure(cases)
    else:
        print(f"peer: alpha-mouse/ti4calc from {peer_dir} (outside the repository), under Node")
        with peer_process(peer_dir) as peer:
            cpython = measure(cases, peer)
    pyodide = None if args.no_pyodide else run_node("odds_pyodide.mjs", json.dumps(cases))
    runtimes = [("CPython", cpython)] + ([("Pyodide", pyodide)] if pyodide else [])
    for label, run in runtimes:
        print(f"{label} {run['version']} baseline loop: {min(run['baseline']) * 1000:.2f} ms")
    return report(cpython["cases"], runtimes, judge_speed=not args.quick)


def one_cpu() -> int | str:
    """Keep this process, and the Node processes it starts, on one CPU; which one."""
    if not hasattr(os, "sched_setaffinity"):
        return "any (this system cannot pin a process)"
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def report(
    ours: list[dict[str, Any]], runtimes: list[tuple[str, dict[str, Any]]], judge_speed: bool = True
) -> int:
    header = f"{'case':<22}{'peer ms':>9}"
    for label, _ in runtimes:
        header += f"{label + ' ms':>13}{'ratio':>7}{'median':>8}"
    print(header + f"{'agreement':>11}  target")
    ok = True
    for index, case in enumerate(ours):
        theirs = case.get("peer")
        line = f"{case['name']:<22}"
        line += f"{min(theirs['seconds']) * 1000:>9.2f}" if theirs else f"{'-':>9}"
        for _, run in runtimes:
            seconds = run["cases"][index]["seconds"]
            line += f"{min(seconds) * 1000:>13.2f}"
            if theirs:
                best = min(seconds) / min(theirs["seconds"])
                line += f"{best:>7.2f}{median(seconds) / median(theirs['seconds']):>8.2f}"
            else:
                line += f"{'-':>7}{'-':>8}"
        if theirs:
            agree = agreement(case["distribution"], theirs["distribution"])
            limit = 1.0 if case["name"] in AT_LEAST_AS_FAST else WITHIN
            # At most the peer's time in every runtime (Pyodide is what readers run); the
            # 10x of the small cases, where start-up costs dominate, on CPython's ratio.
            judged = runtimes if limit == 1.0 else runtimes[:1]
            fast = all(
                min(run["cases"][index]["seconds"]) / min(theirs["seconds"]) <= limit
                for _, run in judged
            )
            met = (fast or not judge_speed) and agree <= AGREEMENT
            ok = ok and met
            line += f"{agree:>11.1e}  <= {limit:g}x: {'met' if met else 'MISSED'}"
            line += "" if judge_speed else " (agreement only)"
        print(line)
    print(
        "ms: best of all timings; ratio: engine / peer, best against best, in the same run;"
        " median: the same, median against median; agreement: largest difference;"
        " targets: <= 1x on every runtime's ratio, <= 10x on CPython's"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
