"""What changed between two content folders (``rulesite diff``, ``build_site.py --previous``):
its time against the time of loading the two folders, at 2,000 and 10,000 rules.

Each size is a generated corpus in the transcription's form (``rules/R_<slug>.md``
numbered by a ``topics.yaml``; 20 rules a topic: ten with a subrule each, words drawn
from a made-up vocabulary) and three later versions of it:

- reworded: one word of every rule changed, numbers kept (every rule "changed");
- renumbered and reworded: a rule put first in every topic, so every rule moves down by
  one, and one word of every rule changed ("moved and changed", the case that
  compared every rule with every other of its topic: 2,000 rules took 197 s);
- moved across topics: one rule in ten moved to the end of the next topic, one word
  changed ("moved and changed" across topics, found by words alone).

Measured in turns in one process, in CPU seconds (on a shared machine wall time mostly
measures the other work), fastest of ``--runs``: loading both folders
(``load_content`` twice, the baseline every comparison starts with) and comparing them
(``compare``). Printed: each case's seconds and its ratio to the baseline; judged: every
change found as what it is (each run, the quick one too) and, in the full run, the
ratio under ``RATIO_LIMIT`` at each size and growing from 2,000 to 10,000 rules by at
most ``GROWTH_LIMIT`` (the baseline is linear: a quadratic comparison's ratio would
grow fivefold).

    python bench/diff.py                 # 2,000 and 10,000 rules, fastest of 3
    python bench/diff.py --quick         # 400 and 2,000 rules, one run (CI): found, not timed

Exit status 1 when a change is not found as what it is or a full run misses a target.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulesite.core import step_reuse  # noqa: E402
from rulesite.core.changes import Changes, compare, renumbered_runs  # noqa: E402
from rulesite.core.corpus import load_content  # noqa: E402

# Wall seconds a default run may take before python -m bench stops it:
# 2,000 and 10,000 rules, three cases, fastest of 3, on this loaded two-core machine.
BUDGET_S = 480

RULES_PER_TOPIC = 20  # ten rules, each with one subrule
RATIO_LIMIT = 1.5  # comparing may take at most half as long again as loading the two folders
GROWTH_LIMIT = 1.5  # the ratio at 10,000 rules over the ratio at 2,000

_COMMON = ["the", "a", "player", "may", "each", "of", "to", "and", "in", "their", "that", "ship"]


def _vocabulary(rng: random.Random) -> list[str]:
    letters = "bcdfghklmnprstvz"
    vowels = "aeiou"
    return sorted(
        {
            "".join(rng.choice(letters) + rng.choice(vowels) for _ in range(rng.randint(2, 4)))
            for _ in range(6000)
        }
    )


Topic = list[tuple[str, str]]  # (rule, its subrule)


def _corpus(rules: int, seed: int = 7) -> list[Topic]:
    rng = random.Random(seed)
    words = _vocabulary(rng)

    def sentence() -> str:
        chosen = [
            rng.choice(words if rng.random() < 0.6 else _COMMON) for _ in range(rng.randint(12, 22))
        ]
        return " ".join(chosen).capitalize() + "."

    topics = rules // RULES_PER_TOPIC
    return [[(sentence(), sentence()) for _ in range(RULES_PER_TOPIC // 2)] for _ in range(topics)]


def _reword(text: str, salt: int) -> str:
    words = text.split()
    spot = salt % (len(words) - 1) + 1
    words[spot] = f"changed{salt}"
    return " ".join(words)


def _write(folder: Path, corpus: list[Topic]) -> Path:
    rules = folder / "rules"
    rules.mkdir(parents=True)
    index = ['version: "bench"', "source: bench/diff.py", "topics:"]
    for n, topic in enumerate(corpus, start=1):
        slug = f"bench_{n:04d}"
        index.append(f"- {{number: {n}, name: 'Bench Topic {n}', slug: {slug}}}")
        lines = ["---", f"title: Bench Topic {n}", "---", "", "## Rules Reference", ""]
        for i, (rule, subrule) in enumerate(topic, start=1):
            lines += [f"{i}. {rule}", "", f"    1. {subrule}", ""]
        lines += ["## Notes", "", "## Related Topics", ""]
        (rules / f"R_{slug}.md").write_text("\n".join(lines), encoding="utf-8")
    (folder / "topics.yaml").write_text("\n".join(index) + "\n", encoding="utf-8")
    return folder


def _reworded(corpus: list[Topic]) -> list[Topic]:
    return [
        [(_reword(r, 2 * i), _reword(s, 2 * i + 1)) for i, (r, s) in enumerate(topic)]
        for topic in corpus
    ]


def _renumbered(corpus: list[Topic]) -> list[Topic]:
    first = ("A rule put first in its topic, before every other one.", "Its subrule.")
    return [[first, *topic] for topic in _reworded(corpus)]


def _moved(corpus: list[Topic]) -> list[Topic]:
    """Each topic's last rule (and its subrule), reworded, moved to the next topic's end,
    where it takes the same number in that topic (78.10 becomes 79.10)."""
    later = [topic[:-1] for topic in corpus]
    for n, topic in enumerate(corpus):
        rule, subrule = topic[-1]
        later[(n + 1) % len(corpus)].append((_reword(rule, n), _reword(subrule, n + 1)))
    return later


def _expected(case: str, rules: int) -> Callable[[Changes], str | None]:
    """What ``case`` must find: a problem, or None."""
    topics = rules // RULES_PER_TOPIC

    def check(changes: Changes) -> str | None:
        runs, alone = renumbered_runs(changes.moved)
        found = {
            "changed": len(changes.changed),
            "moved": len(changes.moved),
            "added": len(changes.added),
            "removed": len(changes.removed),
        }
        wanted = {
            "reworded": {"changed": rules, "moved": 0, "added": 0, "removed": 0},
            "renumbered": {"changed": 0, "moved": rules, "added": 2 * topics, "removed": 0},
            "moved": {"changed": 0, "moved": 2 * topics, "added": 0, "removed": 0},
        }[case]
        if found != wanted:
            return f"{case}: found {found}, not {wanted}"
        if case == "renumbered" and len(runs) != topics:
            return f"{case}: {len(runs)} runs of renumbering, not one a topic ({topics})"
        if case == "moved" and any(
            o.number.split(".")[0] == n.number.split(".")[0] for o, n in alone
        ):
            return f"{case}: a move within its topic, where each crossed topics"
        return None

    return check


CASES = {"reworded": _reworded, "renumbered": _renumbered, "moved": _moved}


def _measure(rules: int, runs: int, folder: Path) -> tuple[dict[str, float], list[str]]:
    """Fastest seconds of the baseline and of each case at ``rules`` rules; the problems."""
    base = _corpus(rules)
    old = _write(folder / f"old{rules}", base)
    news = {case: _write(folder / f"{case}{rules}", make(base)) for case, make in CASES.items()}
    best: dict[str, float] = {}
    problems: list[str] = []
    for _ in range(runs):
        for case, new in news.items():
            # ``rulesite diff`` reads both folders afresh in its own process: what a source
            # gave before, kept for serve's rebuilds, must not make the baseline a cache hit
            # (it did: 2,000 rules loaded in 0.05 s and every ratio read 2-6x).
            step_reuse.forget()
            gc.collect()
            started = time.process_time()
            earlier, later = load_content(old), load_content(new)
            loaded = time.process_time()
            changes = compare(earlier, later)
            done = time.process_time()
            best["load"] = min(best.get("load", float("inf")), loaded - started)
            best[case] = min(best.get(case, float("inf")), done - loaded)
            problem = _expected(case, rules)(changes)
            if problem and problem not in problems:
                problems.append(problem)
    return best, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 10000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="400 and 2,000 rules, one run")
    args = parser.parse_args()
    sizes, runs = ([400, 2000], 1) if args.quick else (args.sizes, args.runs)
    print(f"rulesite diff: compare vs loading both folders (CPU s, fastest of {runs})")
    print(
        f"{'rules':>7} {'load s':>8}"
        + "".join(f" {case + ' s':>13} {'x load':>7}" for case in CASES)
    )
    ratios: dict[int, dict[str, float]] = {}
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for rules in sizes:
            best, found = _measure(rules, runs, Path(tmp))
            problems += found
            ratios[rules] = {case: best[case] / best["load"] for case in CASES}
            row = "".join(f" {best[case]:13.2f} {ratios[rules][case]:7.2f}" for case in CASES)
            print(f"{rules:>7} {best['load']:8.2f}{row}")
    if not args.quick:
        for rules, by_case in ratios.items():
            problems += [
                f"{case} at {rules} rules: {ratio:.2f}x loading, over {RATIO_LIMIT}x"
                for case, ratio in by_case.items()
                if ratio > RATIO_LIMIT
            ]
        small, large = min(ratios), max(ratios)
        if small != large:
            for case in CASES:
                growth = ratios[large][case] / ratios[small][case]
                print(f"{case}: ratio grows {growth:.2f}x from {small} to {large} rules")
                if growth > GROWTH_LIMIT:
                    problems.append(f"{case}: ratio grows {growth:.2f}x, over {GROWTH_LIMIT}x")
    for problem in problems:
        print(f"MISSED: {problem}")
    if not problems:
        print("every change found as what it is; every target met")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
