"""Build time against the size of the worst source shapes: it must grow linearly.

Each shape the second attack found quadratic is built with ``build_site.py`` (the whole
build: loaders, linker, sanitiser, MkDocs's Markdown and Material's search indexer) at
1 and 4 units (2 too with ``--scaling``), and each size's CPU time per unit (the build's
processes and threads together: on a shared machine wall time mostly measures the other
work), less an ordinary small build's measured in the same run, is printed against the
1-unit case's. A unit is half a megabyte (1 MB with ``--scaling``) of the shape in one wiki
line (or, for the plain wiki file, in ordinary lines), or 500 (1,000) 3rd-edition
``:: x ::`` blocks (each a page of its own). Before the fix: 48 KB of nested ``[`` took
66 s, 350 KB of nested ``<b>`` 119 s and 2,000 blocks 75 s, so a quadratic shape shows at
either unit; half a megabyte halves the run (an ordinary small build, taken off each
time, is 3.5 CPU s beside a 1 MB unit's 7 s).

    python bench/hostile_shapes.py                      # every shape, 1 and 4 half-MB units
    python bench/hostile_shapes.py --scaling            # every shape, 1, 2 and 4 MB
    python bench/hostile_shapes.py --shapes bold blocks --repeats 2
    python bench/hostile_shapes.py --quick              # every shape, generator only (CI)

Exit status 1 when a 4-unit case costs more than 1.5x its 1-unit case per unit. The
quick mode runs every shape through the generator alone (loaders, linker, renderer: no
MkDocs), in this process, at a small size and four times it, and judges the ratio of the two
times measured in the same run: over ``QUICK_LIMIT`` (4 when linear, 16 when quadratic)
exits 1. Before the loader's fix, 70 KB of ``<a href="r_x">`` in one rule took 10 s and
140 KB 46 s.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The judgement compares 4 units with 1 (linear 1.0 per unit, quadratic 4.0); 2 units only
# show the curve's middle, at the cost of a third more builds.
UNITS = (1, 4)
SCALING_UNITS = (1, 2, 4)
SCALING = "units of 1 MB, and 2 units too (three times the default run)"
LIMIT = 1.5
# Wall seconds a default run may take before python -m bench stops it: 29 whole builds,
# on this loaded two-core machine. Measured: 196 s in `nice python -m bench`, 14:05 UTC
# 2026-11-29, load 4-9; at load 11-14, 9 of the 29 builds took 366 s: a run at that
# load needs about the whole budget.
BUDGET_S = 900
MB = 1024 * 1024
UNIT = MB // 2


def _one_line(opening: str, middle: str = "x", closing: str = "") -> Callable[[int], str]:
    """A wiki file holding one item of ``size`` bytes: ``opening``s, ``middle``, ``closing``s."""

    def text(size: int) -> str:
        count = size // (len(opening) + len(closing))
        return f"Intro.\nShape[]\n- {opening * count}{middle}{closing * count}\n"

    return text


def _plain_wiki(size: int) -> str:
    line = "- The active player moves ship {} with care, as rule 89.2 says.\n"
    count = size // len(line.format(10_000))
    return "Intro.\nSteps[]\n" + "".join(line.format(n) for n in range(count))


def _blocks(size: int) -> str:
    return ":: Overview :: start\n" + "".join(
        f":: Step {n} :: text {n}\n" for n in range(size * 1000 // MB)
    )


def _prose(rule: str, related: str = "[Seven](r_seven)") -> Callable[[int], str]:
    """A rule page (``R_shape.md``) whose first rule repeats ``rule`` (or whose related
    topic bullet repeats ``related``, when ``rule`` is empty) for ``size`` bytes."""

    def text(size: int) -> str:
        repeat = rule or related
        body = repeat * (size // len(repeat))
        first, bullet = (body, "[Seven](r_seven)") if rule else ("A rule.", f"[a{body}")
        return (
            f"---\ntitle: Shape\n---\n\n## Rules Reference\n\n1. {first}\n\n"
            f"## Related Topics\n\n - {bullet}\n"
        )

    return text


def _notes(note: str) -> Callable[[int], str]:
    """A component notes page (``C_shape.md``) whose one note repeats ``note``."""

    def text(size: int) -> str:
        body = note * (size // len(note))
        return f"---\ntitle: Shape\n---\n\n## Unit\n\n1. {body}\n"

    return text


def _cards(rule: str) -> Callable[[int], str]:
    """A rule-card file (``shape.yaml``) whose one rule repeats ``rule``."""

    def text(size: int) -> str:
        body = rule * (size // len(rule))
        return (
            f"cards:\n- name: Rules Reference\n  rules:\n    '1':\n      rule: |-\n        {body}\n"
        )

    return text


SHAPES: dict[str, tuple[str, Callable[[int], str]]] = {
    "links": ("wiki", _one_line("[", "x", "](u)")),
    "bold": ("wiki", _one_line("<b>", "x", "</b>")),
    "tags": ("wiki", _one_line("<a ", "")),
    "emphasis": ("wiki", _one_line("*_", "")),
    "plain": ("wiki", _plain_wiki),
    "blocks": ("ti3", _blocks),
    # The Markdown loader's (rules/R_*.md, components/C_*.md) link patterns.
    "html-a": ("rules", _prose('<a href="r_x">')),
    "md-target": ("rules", _prose("](r_x")),
    "related": ("rules", _prose("", "](x")),
    "capitals": ("rules", _prose("Word ")),
    "notes-a": ("components", _notes('<a href="c_x">')),
    "cards-a": ("cards", _cards('<a href="r_x">')),
    "cards-md": ("cards", _cards("](r_x")),
}
# The file each folder's shape is written to.
_FILE = {
    "wiki": "shape.txt",
    "ti3": "shape.txt",
    "rules": "R_shape.md",
    "components": "C_shape.md",
    "cards": "shape.yaml",
}
# Quick mode: the size (in MB) of the 1x case, the larger case's size in units, and the
# largest time ratio accepted. At 2x a linear shape read up to 3.5 beside other jobs on
# this two-core machine, too near quadratic's 4; at 4x linear reads 4 and quadratic 16,
# so noise of a factor 2 either way still tells them apart.
QUICK_MB = 0.25
QUICK_UNITS = 4
QUICK_LIMIT = 8.0


def _seconds(content: Path) -> float:
    # A fresh process per build, as a reader runs build_site.py; its CPU time and its
    # children's (Node) are what this process's finished children add up to.
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(
        [sys.executable, "build_site.py", "--content", str(content), "--out", f"{content}-site"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    # A shape may be a broken source (the "related" one is): refusing it with its
    # file:line is the build's answer, and the time to give it is what counts.
    if result.returncode != 0 and (
        "Traceback" in result.stderr or not re.search(r"\.(md|txt|yaml):\d+: ", result.stderr)
    ):
        raise RuntimeError(f"the build of {content.name} failed:\n{result.stderr}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def _content(root: Path, name: str, folder: str, text: str) -> Path:
    content = root / name
    where = "rules" if folder == "cards" else folder  # rule cards sit beside the prose
    (content / where).mkdir(parents=True)
    (content / where / _FILE[folder]).write_text(text, encoding="utf-8")
    return content


def _generator_seconds(content: Path, repeats: int = 5) -> float:
    """The generator's CPU seconds on ``content`` (fastest of ``repeats``), in this process."""
    from rulesite.core.errors import SourceError
    from rulesite.core.generate import generate

    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        # A shape may be a broken source: the time to say so is what counts.
        with contextlib.suppress(SourceError):
            generate(content)
        best = min(best, time.process_time() - started)
    return best


def quick(shapes: list[str]) -> int:
    """Every shape at ``QUICK_MB`` and ``QUICK_UNITS`` times it, judged by the time ratio."""
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        big = f"{QUICK_UNITS}x"
        print(f"{'shape':>10} {'1x CPU s':>9} {big + ' CPU s':>9} {big + ' / 1x':>8}")
        for name in shapes:
            folder, text = SHAPES[name]
            times = []
            for units in (1, QUICK_UNITS):
                size = int(units * QUICK_MB * MB)
                content = _content(root, f"{name}-{units}", folder, text(size))
                times.append(_generator_seconds(content))
            ratio = times[1] / max(times[0], 1e-3)
            worst = max(worst, ratio)
            print(f"{name:>10} {times[0]:>9.3f} {times[1]:>9.3f} {ratio:>8.2f}", flush=True)
    met = worst <= QUICK_LIMIT
    print(
        f"worst {big} / 1x time: {worst:.2f}: {'meets' if met else 'misses'} the limit "
        f"{QUICK_LIMIT} (linear is {QUICK_UNITS})"
    )
    return 0 if met else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shapes", nargs="+", choices=sorted(SHAPES), default=list(SHAPES))
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="generator only, 4x vs 1x")
    parser.add_argument("--scaling", action="store_true", help=SCALING)
    args = parser.parse_args()
    units_measured, unit = (SCALING_UNITS, MB) if args.scaling else (UNITS, UNIT)
    if args.quick:
        return quick(args.shapes)
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        small = _content(root, "small", "wiki", "Intro.\nSteps[]\n- One step.\n")
        base = min(_seconds(small) for _ in range(max(3, args.repeats)))
        print(f"an ordinary small build: {base:.2f} CPU s (taken off each time below)")
        print(f"a unit: {unit / MB:g} MB of the shape, or {unit * 1000 // MB} blocks")
        print(f"{'shape':>9} {'units':>5} {'CPU s':>8} {'per unit vs 1':>14}")
        for name in args.shapes:
            folder, text = SHAPES[name]
            times = {}
            for units in units_measured:
                content = _content(root, f"{name}-{units}", folder, text(units * unit))
                times[units] = min(_seconds(content) for _ in range(args.repeats)) - base
            first = times[units_measured[0]] / units_measured[0]
            for units, seconds in times.items():
                ratio = seconds / units / first
                print(f"{name:>9} {units:>5} {seconds:>8.2f} {ratio:>14.2f}", flush=True)
            worst = max(worst, times[units_measured[-1]] / units_measured[-1] / first)
    met = worst <= LIMIT
    print(
        f"worst 4-unit cost per unit vs 1: {worst:.2f}: "
        f"{'meets' if met else 'misses'} the limit {LIMIT} (linear is 1.0)"
    )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
