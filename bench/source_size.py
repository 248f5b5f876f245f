"""Generator time against one source's size: it must grow linearly.

A 3rd-edition summary of 1, 2 and 4 MB (distinct lines, so no cache helps) is
loaded, linked and rendered (everything the generator does before MkDocs), and
each size's time per MB is printed against the 1 MB case's, measured in the same
run. Before the fix, ``pages._blocks`` rebuilt a tuple per item and the 4 MB file
took 8x the 1 MB one's time per MB.

    python bench/source_size.py            # fastest of 3 runs per size
    python bench/source_size.py --repeats 1
    python bench/source_size.py --quick    # one run per size, shown, not judged (for CI)

Exit status 1 when the 4 MB case costs more than 1.5x the 1 MB case per MB.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Wall seconds a default run may take before python -m bench stops it:
# 1, 2 and 4 MB, fastest of 3, on this loaded two-core machine.
BUDGET_S = 240
SIZES_MB = (1, 2, 4)
LIMIT = 1.5

_RUN = """
import sys, time
from pathlib import Path
from rulesite.core.corpus import load_content
from rulesite.core.links import link_corpus
from rulesite.core.render.pages import render_site
started = time.perf_counter()
linked = link_corpus(load_content(Path(sys.argv[1])).topics)
render_site(linked, lambda slug: "")
print(time.perf_counter() - started)
"""


def _content(root: Path, megabytes: int) -> Path:
    content = root / f"content-{megabytes}mb"
    (content / "ti3").mkdir(parents=True)
    lines = [":: TACTICAL ACTION :: The activation sequence, step by step."]
    size, n = 0, 0
    while size < megabytes * 1024 * 1024:
        n += 1
        line = f"Step {n}: the active player moves ship {n} with <b>care</b> (rule 89.{n % 7})."
        lines.append(line)
        size += len(line) + 1
    (content / "ti3" / "big.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    # One section holding every line: the shape that made rendering quadratic.
    (content / "ti3" / "big.meta.yaml").write_text(
        "sections:\n  - at: 'Step 1:'\n    title: Steps\n", encoding="utf-8"
    )
    return content


def _seconds(content: Path) -> float:
    # A fresh process per run, as build_site.py runs: no cache carries over.
    result = subprocess.run(
        [sys.executable, "-c", _RUN, str(content)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(result.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="one run per size, not judged")
    args = parser.parse_args()
    if args.quick:
        args.repeats = 1
    with tempfile.TemporaryDirectory() as tmp:
        folders = {mb: _content(Path(tmp), mb) for mb in SIZES_MB}
        times = {
            mb: min(_seconds(folder) for _ in range(args.repeats)) for mb, folder in folders.items()
        }
    base = times[SIZES_MB[0]] / SIZES_MB[0]
    print(f"{'size':>6} {'seconds':>8} {'per MB vs 1 MB':>15}")
    for mb, seconds in times.items():
        print(f"{mb:>4}MB {seconds:>8.2f} {seconds / mb / base:>15.2f}")
    worst = times[SIZES_MB[-1]] / SIZES_MB[-1] / base
    met = worst <= LIMIT
    verdict = "not judged (quick)" if args.quick else "meets" if met else "misses"
    print(f"4 MB per MB vs 1 MB: {worst:.2f}: {verdict} the limit {LIMIT} (linear is 1.0)")
    return 0 if met or args.quick else 1


if __name__ == "__main__":
    sys.exit(main())
