"""Benchmark: exact combat odds in Pyodide against the fastest peer calculator, in turns.

    .venv/bin/python bench/odds.py [--repeats N] [--rounds N] [--runs N] [--peer DIR]
                                   [--budget S] [--case NAME ...] [--any-cpu] [--quick]

The peer is alpha-mouse/ti4calc, an exact calculator in JavaScript. It is not
part of this repository and never copied into it: the benchmark looks for it
in ``../shared/peers/alpha-mouse-ti4calc/`` next to the repository (or the main
checkout, for a git worktree), or in ``--peer DIR``, and runs it under Node
(bench/peer_odds.cjs, one process for the whole run). The engine runs inside
real Pyodide under Node (bench/odds_pyodide.mjs, one process: the runtime the
site's readers run), and in this CPython process for comparison.

How it is timed. Every side is timed the same way: wall-clock time of the
calculation only (``performance.now()`` around the peer's
``computeProbabilities`` in Node; ``time.perf_counter()`` around ``combat_odds``
in Pyodide, whose clock is Node's ``performance.now()``, and in CPython), not
start-up, imports, reading the fleets or building the peer's input. The engine
runs cold, every memo cache of the odds modules emptied before each run (the
peer keeps nothing between runs). The sides take turns, so that a burst of load
on the shared machine falls on all of them alike: for each case, ``--rounds``
rounds, each a block of ``--repeats`` runs of the peer, one of Pyodide and one
of CPython, the order reversed every other round. All three processes are kept
on one CPU, the first this process may use (``--any-cpu`` lets the system place
them): two CPUs of a shared machine can be disturbed very differently. Each
side's first call of a case (the peer's JIT warm-up, the engine's first use) is
made and not counted; a side's figure is the median of its timed runs (5 x 5 by
default), and the ratio is Pyodide's median over the peer's. Each case's two
distributions (the chance of each number of hits the winner can still take)
must agree to 1e-12.

Targets, on Pyodide's medians:

* mirror 20v20 destroyers (the same mixed fleet, with destroyers and fighters,
  on both sides): at most the peer's time (ratio <= 1);
* 20v20 with fighters: under 2x the peer's; 40v40 cruisers: under 2.5x;
* with every option on: any fleet up to 20 v 20 at most 50 ms, 40 v 40 at most
  150 ms (absolute; the peer takes no such options). Each case of
  ``OPTION_CASES`` is run with ``every_option``: for each side, every option
  of ``engine.api.odds_options()`` that (1) is not a casualty priority (kind
  ``casualties``: those choose an order of losses, they switch nothing on);
  (2) the side may hold (its ``side`` is the side's or ``either``) in this kind
  of combat (``combat`` is ``both`` or the combat's); (3) needs no faction
  (``engine.odds.options.OPTIONS``' ``faction_only`` is false: the cases name no faction,
  and the API refuses a faction's option, Ambush or Devotion say, to a side not
  playing it; a faction technology the peer also takes, Non-Euclidean Shielding
  say, needs none, though the catalogue names its owner); (4)
  applies to the fleets, by ``APPLIES`` (an option it does not list yet
  applies); (5) is compatible with the rest: faction technologies of one
  faction a side, the
  Barony of Letnev's (Non-Euclidean Shielding, L4 Disruptors) where one of them
  applies, else the Sardakk N'orr's (Valkyrie Particle Weave). An option used in
  chosen rounds is used in round 1 (what the API takes when none is named).
  Each run is stopped after ``--budget`` seconds (default 10): a case that has
  not finished by then is MISSED, with its time given as more than the budget.
  These fixed times are judged on the CPU time of Pyodide's process
  (``process.cpuUsage()`` around the calculation; the wall clock is shown
  beside it): on this shared machine other processes stretch the wall clock
  several times over (Pyodide's baseline loop, ~10 ms on a quiet core, has
  measured 90 ms), which a fixed time, unlike a ratio in turns, cannot absorb.
  A call the API refuses (``ok: false``) stops the benchmark with its error.

``--runs N`` measures everything N times over (the goals must hold N runs in a
row: ``--runs 3``). The last lines list every goal, its figure in each run and
whether it is met (in every run); exit status 1 if and only if one is missed,
each missed one named. ``--quick`` (for CI: tests/test_benchmarks.py) times each
peer case once on each side, runs the smallest every-option case once, and judges
only the agreement: one run is too few to judge a time by.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from statistics import median
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.api import odds as api_odds  # noqa: E402
from engine.api import odds_options  # noqa: E402
from engine.core.units import UnitType  # noqa: E402
from engine.odds import Odds, combat_odds, parse_fleet  # noqa: E402
from engine.odds.graded import parse_pieces  # noqa: E402
from engine.odds.options import OPTIONS  # noqa: E402
from engine.odds.parts import GRADED  # noqa: E402
from engine.ti4.units import UNIT_TYPES  # noqa: E402

# Wall seconds a default run may take before python -m bench stops it:
# every case in turns, 5 x 5 runs a side, Pyodide under Node, on this loaded two-core machine.
# Measured: 125 s in `nice python -m bench`, 14:05 UTC 2026-11-29, load 4-9;
# at load 11-14 the peer cases and three every-option cases (each stopped at its 10 s, and
# Pyodide started again) took 242 s: about 350 s for the whole, with room.
BUDGET_S = 480

PEER = Path("shared", "peers", "alpha-mouse-ti4calc")
AGREEMENT = 1e-12
# Pyodide's median over the peer's: (limit, whether the limit itself is met).
TARGETS = {
    "mirror 20v20 destroyers": (1.0, True),
    "20v20 with fighters": (2.0, False),
    "40v40 cruisers": (2.5, False),
}

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
MIRROR = "5 dreadnought, 5 cruiser, 4 destroyer, 6 fighter"
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
    # Both sides' barrage hits: both sides' casualty chains branch before the rounds.
    ("mirror 20v20 destroyers", MIRROR, MIRROR, False),
    (
        "40v40",
        "10 dreadnought, 10 cruiser, 8 destroyer, 12 fighter",
        "10 dreadnought, 10 cruiser, 8 carrier, 12 fighter",
        False,
    ),
    # One type a side: every state's dice are alike, a case the mixed fleets do not show.
    ("40v40 cruisers", "40 cruiser", "40 cruiser", False),
]
# With every option on: (name, attacker, defender, ground, limit in seconds). The 20-unit
# fleets carry what makes most options apply (PDS, war suns, fighters, Sustain Damage).
OPTION_CASES: list[tuple[str, str, str, bool, float]] = [
    (
        "every option: 5v5",
        "2 cruiser, 2 fighter, 1 pds",
        "2 cruiser, 2 fighter, 1 pds",
        False,
        0.05,
    ),
    (
        "every option: 20v20 space",
        "1 war sun, 4 dreadnought, 4 cruiser, 3 destroyer, 6 fighter, 2 pds",
        "1 war sun, 4 dreadnought, 4 cruiser, 3 carrier, 6 fighter, 2 pds",
        False,
        0.05,
    ),
    ("every option: mirror 20v20 destroyers", MIRROR, MIRROR, False, 0.05),
    (
        "every option: ground 20v20",
        "1 war sun, 2 dreadnought, 12 infantry, 5 mech",
        "12 infantry, 5 mech, 2 pds, 1 space dock",
        True,
        0.05,
    ),
    ("every option: 40v40 cruisers", "40 cruiser", "40 cruiser", False, 0.15),
    (
        "every option: 40v40",
        "2 war sun, 8 dreadnought, 8 cruiser, 8 destroyer, 12 fighter, 2 pds",
        "2 war sun, 8 dreadnought, 8 cruiser, 8 carrier, 12 fighter, 2 pds",
        False,
        0.15,
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

Units = list[UnitType]


def _has(units: Units, test: Callable[[UnitType], object]) -> bool:
    return any(test(u) for u in units)


def _cannon(units: Units) -> bool:
    return _has(units, lambda u: u.space_cannon)


def _bombards(units: Units) -> bool:
    return _has(units, lambda u: u.bombardment and u.is_ship)


def _sustains(units: Units) -> bool:
    return _has(units, lambda u: u.sustain_damage)


def _always(own: Units, foe: Units) -> bool:
    return True


# When an option applies, given the holder's units and the opponent's (``every_option``).
APPLIES: dict[str, Callable[[Units, Units], bool]] = {
    "plasma_scoring": lambda own, foe: _cannon(own) or _bombards(own),
    "antimass_deflectors": lambda own, foe: _cannon(foe),
    "graviton_laser_system": lambda own, foe: _cannon(own),
    "duranium_armor": lambda own, foe: _sustains(own),
    "assault_cannon": lambda own, foe: sum(u.is_ship and u.name != "fighter" for u in own) >= 3,
    "magen_defense_grid": lambda own, foe: _has(own, lambda u: u.planetary_shield),
    "magen_defense_grid_omega": lambda own, foe: _has(own, lambda u: u.is_structure),
    "x89_bacterial_weapon_omega": lambda own, foe: (
        _bombards(own) and _has(foe, lambda u: u.name == "infantry")
    ),
    "morale_boost": _always,
    "direct_hit": lambda own, foe: _has(foe, lambda u: u.is_ship and u.sustain_damage),
    "fire_team": _always,
    "fighter_prototype": lambda own, foe: _has(own, lambda u: u.name == "fighter"),
    "bunker": lambda own, foe: _bombards(foe),
    # Its space dock may be in an adjacent system, so no fleet rules it out.
    "experimental_battlestation": _always,
    "maneuvering_jets": lambda own, foe: _cannon(foe),
    "publicize_weapon_schematics": lambda own, foe: _has(own + foe, lambda u: u.name == "war_sun"),
    "conventions_of_war": lambda own, foe: _bombards(foe),
    "prophecy_of_ixth": lambda own, foe: _has(own, lambda u: u.name == "fighter"),
    "war_funding": _always,
    "tekklar_legion": _always,
    "non_euclidean_shielding": lambda own, foe: _sustains(own),
    "l4_disruptors": lambda own, foe: _cannon(foe),
    "valkyrie_particle_weave": _always,
}


# Faction technologies by faction: a side holds one faction's (the first listed that applies).
def every_option(attacker: str, defender: str, ground: bool) -> dict[str, list[str]]:
    """``attacker_options`` and ``defender_options`` with every option on (module docstring)."""
    combat = "ground" if ground else "space"
    units = {
        side: [GRADED[p.type] for p in parse_pieces(text)]
        for side, text in (("attacker", attacker), ("defender", defender))
    }
    chosen: dict[str, list[str]] = {}
    for side, other in (("attacker", "defender"), ("defender", "attacker")):
        ids = [
            option["id"]
            for option in odds_options()["options"]
            if option["kind"] != "casualties"
            and option["side"] in ("either", side)
            and option["combat"] in ("both", combat)
            and not OPTIONS[option["id"]].faction_only
            and APPLIES.get(option["id"], _always)(units[side], units[other])
        ]
        # One faction's technologies a side: the first that applies (the Barony of Letnev's
        # come before Sardakk N'orr's in the catalogue).
        owners = {i: OPTIONS[i].owner for i in ids if OPTIONS[i].owner}
        faction = next(iter(owners.values()), None)
        # An option naming an amount (space docks, trade goods) is taken at 1.
        chosen[f"{side}_options"] = [
            i + (":1" if OPTIONS[i].amount else "")
            for i in ids
            if owners.get(i, faction) == faction
        ]
    return chosen


def baseline() -> None:
    """Fixed pure-Python work (~10 ms on a typical core): dict and float arithmetic."""
    table: dict[int, float] = {}
    for i in range(60_000):
        table[i % 997] = table.get(i % 997, 0.0) * 0.5 + i


# CPU time where the runtime measures it (bench/ti3_view_odds.py's clock); this benchmark
# times every side by the wall clock, WALL.
CLOCK = time.perf_counter if sys.platform == "emscripten" else time.process_time
WALL = time.perf_counter


def cpu_seconds() -> float:
    """This process's CPU time: ``process.cpuUsage()`` of Node inside Pyodide (its one thread
    runs the engine), ``time.process_time`` here. Load from other processes on the shared
    machine does not stretch it as it stretches the wall clock."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]  # Pyodide's bridge to JavaScript

        used = js.process.cpuUsage()
        return float(used.user + used.system) / 1e6
    return time.process_time()


def clear_caches() -> None:
    """Empty every functools cache in the odds modules, so a timing starts cold."""
    for name, module in list(sys.modules.items()):
        if name.startswith("engine.odds"):
            for value in list(vars(module).values()):
                if hasattr(value, "cache_clear"):
                    value.cache_clear()


def timings(repeats: int, work: Callable[[], object]) -> tuple[list[float], list[float]]:
    """The wall-clock and CPU time of each of ``repeats`` runs of ``work``, each started
    cold."""
    seconds, cpu = [], []
    for _ in range(repeats):
        clear_caches()
        start, used = WALL(), cpu_seconds()
        work()
        seconds.append(WALL() - start)
        cpu.append(cpu_seconds() - used)
    return seconds, cpu


_WARMED: set[str] = set()
_ANSWERS: dict[str, dict[str, Any]] = {}
"""Each case's distribution from each side, as its first block sent it (compare)."""


class Refused(Exception):
    """The API answered a benchmark's call ``ok: false``: the case measures nothing."""


def block(case: dict[str, Any]) -> dict[str, Any]:
    """One block of the engine's timings of ``case`` (``name``, ``attacker``, ``defender``,
    ``ground``, ``repeats``; ``options``: with every option on), JSON in and out.

    The first block of a case first makes one call that is not counted. Runs here
    and inside Pyodide (bench/odds_pyodide.mjs), so both time the same code.
    """
    a_text, d_text, ground = case["attacker"], case["defender"], case["ground"]
    work: Callable[[], object]
    if case.get("options"):
        chosen = every_option(a_text, d_text, ground)

        def work() -> object:
            answer = api_odds(a_text, d_text, ground=ground, **chosen)
            if not answer["ok"]:
                raise Refused(f"{case['name']}: the API refused {chosen}: {answer['error']}")
            return answer

    else:
        attacker, defender = parse_fleet(a_text), parse_fleet(d_text)

        def work() -> object:
            return combat_odds(attacker, defender, ground=ground)

    result: dict[str, Any] = {"name": case["name"]}
    if case["name"] not in _WARMED:
        _WARMED.add(case["name"])
        answer = work()
        if isinstance(answer, Odds):
            result["distribution"] = distribution(answer)
    result["seconds"], result["cpu"] = timings(case["repeats"], work)
    return result


def answer_line(line: str) -> str:
    """The answer to one line of JSON, as one line of JSON (Pyodide's loop calls this): a
    case's ``block``, or ``{"ready"}``, ``{"version"}``, ``{"baseline"}`` (its timings)."""
    request = json.loads(line)
    if "ready" in request:
        return json.dumps({"ready": True})
    if "version" in request:
        return json.dumps({"version": sys.version.split()[0]})
    if "baseline" in request:
        return json.dumps(run_baseline())
    try:
        return json.dumps(block(request))
    except Refused as error:
        return json.dumps({"refused": str(error)})


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


class Worker:
    """A Node process answering one line of JSON per line of JSON (peer or Pyodide)."""

    def __init__(self, command: list[str]) -> None:
        self.command = command
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT
        )
        self.lines: queue.Queue[str] = queue.Queue()
        stdout = self.process.stdout
        assert stdout is not None
        threading.Thread(target=lambda: [self.lines.put(x) for x in stdout], daemon=True).start()
        self.ask({"ready": True}, timeout=300)  # Pyodide takes seconds to load

    def ask(self, request: dict[str, Any], timeout: float | None = None) -> dict[str, Any] | None:
        """The answer, or ``None`` if none came within ``timeout`` (the process is stopped)."""
        if self.process is None:
            self.start()
        assert self.process and self.process.stdin
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            self.stop()
            return None
        answer: dict[str, Any] = json.loads(line)
        if "refused" in answer:
            raise SystemExit(f"bench/odds.py: {answer['refused']}")
        return answer

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


def agreement(ours: dict[str, float], theirs: dict[str, float]) -> float:
    keys = set(ours) | set(theirs)
    return max(abs(ours.get(k, 0.0) - theirs.get(k, 0.0)) for k in keys)


def in_turns(
    case: dict[str, Any], rounds: int, peer: Worker | None, pyodide: Worker | None
) -> dict[str, dict[str, Any]]:
    """Each side's blocks of ``case``, taking turns: peer, Pyodide, CPython, then reversed."""
    sides: dict[str, Callable[[], dict[str, Any] | None]] = {"CPython": lambda: block(case)}
    comparable = peer_input(case)
    if peer is not None and comparable is not None:
        sides["peer"] = lambda: peer.ask(comparable)
    if pyodide is not None:
        sides["Pyodide"] = lambda: pyodide.ask(case)
    order = [name for name in ("peer", "Pyodide", "CPython") if name in sides]
    results: dict[str, dict[str, Any]] = {}
    for turn in range(rounds):
        for name in order if turn % 2 == 0 else order[::-1]:
            answer = sides[name]()
            if answer is None:
                raise SystemExit(f"bench/odds.py: the {name} process stopped (its error is above)")
            if name in results:
                results[name]["seconds"] += answer["seconds"]
            else:
                results[name] = answer
    return results


def options_case(
    case: dict[str, Any], rounds: int, pyodide: Worker, budget: float
) -> tuple[list[float], list[float]] | None:
    """Pyodide's wall-clock and CPU timings of an every-option case, ``None`` if a run
    outlasted ``budget``."""
    # The first call, not counted, alone: a case far over its target stops within the budget.
    if pyodide.ask({**case, "repeats": 0}, timeout=budget) is None:
        return None
    seconds: list[float] = []
    cpu: list[float] = []
    for _ in range(rounds):
        answer = pyodide.ask(case, timeout=budget * case["repeats"])
        if answer is None or any(s > budget for s in answer["seconds"]):
            return None
        seconds += answer["seconds"]
        cpu += answer["cpu"]
    return seconds, cpu


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs per block (default 5)")
    parser.add_argument("--rounds", type=int, default=5, help="blocks per side (default 5)")
    parser.add_argument(
        "--runs", type=int, default=1, help="measure everything this many times (default 1)"
    )
    parser.add_argument("--peer", help="folder holding the peer's calculator.js")
    parser.add_argument(
        "--budget", type=float, default=10.0, help="seconds an every-option run may take"
    )
    parser.add_argument("--case", action="append", help="run only this case (may be given again)")
    parser.add_argument(
        "--any-cpu", action="store_true", help="let the system place each side on any CPU"
    )
    parser.add_argument(
        "--quick", action="store_true", help="one run of each case a side; judge agreement only"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.repeats = args.rounds = 1
    if args.repeats < 1 or args.rounds < 1 or args.runs < 1:
        parser.error("--repeats, --rounds and --runs are at least 1")
    if not args.any_cpu:
        print(f"all sides on CPU {one_cpu()}")
    peer_dir = find_peer(args.peer)
    peer = None
    if peer_dir is None:
        print(f"peer not found ({PEER} beside the repository): comparison skipped")
    else:
        print(f"peer: alpha-mouse/ti4calc from {peer_dir} (outside the repository), under Node")
        peer = Worker([*node_script("peer_odds.cjs"), str(peer_dir)])
    pyodide = Worker(node_script("odds_pyodide.mjs"))
    try:
        for worker in filter(None, (peer, pyodide)):
            worker.start()
        version, loop = (pyodide.ask({key: True}) or {} for key in ("version", "baseline"))
        print(f"Pyodide: Python {version['version']}, CPython {sys.version.split()[0]}")
        for label, run in (("Pyodide", loop), ("CPython", run_baseline())):
            print(f"{label} baseline loop: {min(run['seconds']) * 1000:.2f} ms")
        goals: Goals = defaultdict(list)
        for run in range(1, args.runs + 1):
            if args.runs > 1:
                print(f"run {run} of {args.runs}")
            compare(args, peer, pyodide, goals)
            with_options(args, pyodide, goals)
    finally:
        for worker in filter(None, (peer, pyodide)):
            worker.stop()
    return 0 if judged(goals) else 1


Goals = defaultdict[str, list[tuple[str, bool]]]
"""Each goal's figure and whether it was met, one entry a run."""


def judged(goals: Goals) -> bool:
    """Print every goal with its figures and whether it held in every run; all held?"""
    print("goals (met only if met in every run):")
    missed = []
    for goal, runs in goals.items():
        met = all(ok for _, ok in runs)
        figures = ", ".join(figure for figure, _ in runs)
        print(f"  {'met   ' if met else 'MISSED'}  {goal}: {figures}")
        if not met:
            missed.append(goal)
    if missed:
        print(f"{len(missed)} of {len(goals)} goals MISSED: " + "; ".join(missed))
    else:
        print(f"all {len(goals)} goals met")
    return not missed


def run_baseline() -> dict[str, Any]:
    seconds = []
    for _ in range(5):
        start = WALL()
        baseline()
        seconds.append(WALL() - start)
    return {"seconds": seconds}


def compare(args: argparse.Namespace, peer: Worker | None, pyodide: Worker, goals: Goals) -> None:
    header = f"{'case':<25}{'peer ms':>9}{'Pyodide ms':>12}{'ratio':>7}{'CPython ms':>12}"
    print(header + f"{'ratio':>7}{'agreement':>11}  target")
    for name, attacker, defender, ground in CASES:
        if args.case and name not in args.case:
            continue
        case = {"name": name, "attacker": attacker, "defender": defender, "ground": ground}
        case["repeats"] = args.repeats
        results = in_turns(case, args.rounds, peer, pyodide)
        ours = median(results["Pyodide"]["seconds"])
        line = f"{name:<25}"
        theirs = results.get("peer")
        line += f"{median(theirs['seconds']) * 1000:>9.2f}" if theirs else f"{'-':>9}"
        for side in ("Pyodide", "CPython"):
            mine = median(results[side]["seconds"])
            line += f"{mine * 1000:>12.2f}"
            line += f"{mine / median(theirs['seconds']):>7.2f}" if theirs else f"{'-':>7}"
        # Each process sends its answer with a case's first block only (the call not timed):
        # later runs judge the answers the first one sent.
        answers = _ANSWERS.setdefault(name, {})
        for side, result in results.items():
            if "distribution" in result:
                answers[side] = result["distribution"]
        if theirs:
            agree = max(
                agreement(answers[side], answers["peer"]) for side in ("Pyodide", "CPython")
            )
            met = agree <= AGREEMENT
            line += f"{agree:>11.1e}"
            goals[f"{name}: agrees with the peer to {AGREEMENT:g}"].append((f"{agree:.1e}", met))
            if name in TARGETS and not args.quick:
                limit, inclusive = TARGETS[name]
                ratio = ours / median(theirs["seconds"])
                fast = ratio <= limit if inclusive else ratio < limit
                sign = "<=" if inclusive else "<"
                goals[f"{name}: Pyodide {sign} {limit:g}x the peer"].append((f"{ratio:.2f}x", fast))
                met = met and fast
                line += f"  {sign} {limit:g}x: {'met' if met else 'MISSED'}"
            else:
                line += f"  agreement: {'met' if met else 'MISSED'}"
        print(line)
    print(
        "ms: median of each side's timed runs (wall clock of the calculation, in turns);"
        " ratio: that side's median / the peer's; agreement: largest difference of either"
        " runtime's distribution from the peer's (target 1e-12)"
    )


def with_options(args: argparse.Namespace, pyodide: Worker, goals: Goals) -> None:
    cases = OPTION_CASES[:1] if args.quick else OPTION_CASES
    print(f"{'with every option on':<40}{'Pyodide CPU ms':>15}{'wall ms':>10}  target")
    for name, attacker, defender, ground, limit in cases:
        if args.case and name not in args.case:
            continue
        case = {"name": name, "attacker": attacker, "defender": defender, "ground": ground}
        case |= {"repeats": args.repeats, "options": True}
        timed = options_case(case, args.rounds, pyodide, args.budget)
        over = f"> {args.budget * 1000:.0f}"
        cpu = over if timed is None else f"{median(timed[1]) * 1000:.2f}"
        wall = over if timed is None else f"{median(timed[0]) * 1000:.2f}"
        line = f"{name:<40}{cpu:>15}{wall:>10}  <= {limit * 1000:g} ms: "
        if args.quick:
            line += "(not judged in --quick)"
        else:
            met = timed is not None and median(timed[1]) <= limit
            goals[f"{name}: Pyodide CPU <= {limit * 1000:g} ms"].append((f"{cpu} ms", met))
            line += "met" if met else "MISSED"
        print(line)
    print(
        "every option: each side's options of engine.api.odds_options() that it may hold in"
        " this combat and that apply to the fleets (bench/odds.py's docstring); ms: median;"
        " judged on the CPU time (bench/odds.py's docstring)"
    )


def one_cpu() -> int | str:
    """Keep this process, and the Node processes it starts, on one CPU; which one."""
    if not hasattr(os, "sched_setaffinity"):
        return "any (this system cannot pin a process)"
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
