"""Build time against the size of the worst source shapes: it must grow linearly.

Each shape the second attack found quadratic is built with ``build_site.py`` (the whole
build: loaders, linker, sanitiser, MkDocs's Markdown and Material's search indexer) at
1, 2 and 4 units, and each size's CPU time per unit (the build's processes and threads
together: on a shared machine wall time mostly measures the other work), less an ordinary
small build's measured in the same run, is printed against the 1-unit case's. A unit is
1 MB of the shape in one wiki line (or, for the plain wiki file, in ordinary lines), or
1,000 3rd-edition ``:: x ::`` blocks (each a page of its own). Before the fix: 48 KB of
nested ``[`` took 66 s, 350 KB of nested ``<b>`` 119 s and 2,000 blocks 75 s.

    python bench/hostile_shapes.py                      # every shape, fastest of 1 run
    python bench/hostile_shapes.py --shapes bold blocks --repeats 2
    python bench/hostile_shapes.py --quick              # nested links only, not judged (CI)

Exit status 1 when a 4-unit case costs more than 1.5x its 1-unit case per unit.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UNITS = (1, 2, 4)
LIMIT = 1.5
MB = 1024 * 1024


def _one_line(opening: str, middle: str = "x", closing: str = "") -> Callable[[int], str]:
    """A wiki file holding one item of ``units`` MB: ``opening``s, ``middle``, ``closing``s."""

    def text(units: int) -> str:
        count = units * MB // (len(opening) + len(closing))
        return f"Intro.\nShape[]\n- {opening * count}{middle}{closing * count}\n"

    return text


def _plain_wiki(units: int) -> str:
    line = "- The active player moves ship {} with care, as rule 89.2 says.\n"
    count = units * MB // len(line.format(10_000))
    return "Intro.\nSteps[]\n" + "".join(line.format(n) for n in range(count))


def _blocks(units: int) -> str:
    return ":: Overview :: start\n" + "".join(
        f":: Step {n} :: text {n}\n" for n in range(units * 1000)
    )


SHAPES: dict[str, tuple[str, Callable[[int], str]]] = {
    "links": ("wiki", _one_line("[", "x", "](u)")),
    "bold": ("wiki", _one_line("<b>", "x", "</b>")),
    "tags": ("wiki", _one_line("<a ", "")),
    "emphasis": ("wiki", _one_line("*_", "")),
    "plain": ("wiki", _plain_wiki),
    "blocks": ("ti3", _blocks),
}


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
    if result.returncode != 0:
        raise RuntimeError(f"the build of {content.name} failed:\n{result.stderr}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def _content(root: Path, name: str, folder: str, text: str) -> Path:
    content = root / name
    (content / folder).mkdir(parents=True)
    (content / folder / "shape.txt").write_text(text, encoding="utf-8")
    return content


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shapes", nargs="+", choices=sorted(SHAPES), default=list(SHAPES))
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="nested links only, not judged")
    args = parser.parse_args()
    if args.quick:
        args.shapes = ["links"]
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        small = _content(root, "small", "wiki", "Intro.\nSteps[]\n- One step.\n")
        base = min(_seconds(small) for _ in range(max(3, args.repeats)))
        print(f"an ordinary small build: {base:.2f} CPU s (taken off each time below)")
        print(f"{'shape':>9} {'units':>5} {'CPU s':>8} {'per unit vs 1':>14}")
        for name in args.shapes:
            folder, text = SHAPES[name]
            times = {}
            for units in UNITS:
                content = _content(root, f"{name}-{units}", folder, text(units))
                times[units] = min(_seconds(content) for _ in range(args.repeats)) - base
            first = times[UNITS[0]] / UNITS[0]
            for units, seconds in times.items():
                ratio = seconds / units / first
                print(f"{name:>9} {units:>5} {seconds:>8.2f} {ratio:>14.2f}", flush=True)
            worst = max(worst, times[UNITS[-1]] / UNITS[-1] / first)
    print(f"worst 4-unit cost per unit vs 1: {worst:.2f} (limit {LIMIT})")
    return 0 if worst <= LIMIT or args.quick else 1


if __name__ == "__main__":
    sys.exit(main())
