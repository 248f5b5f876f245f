"""Build time of the upstream corpus (yjmrobert/tirules) and of the synthetic corpus in its
form (150 pages, ``bench/upstream_corpus.py``) against the seed build, all measured in
this run, each in a fresh process.

The upstream corpus is not ours to ship, so it is never in the repository: give its
folder ``astro-site/src/content/docs/`` with ``--upstream DIR`` or ``RULES_UPSTREAM_DOCS``.
Without it the upstream row is skipped, saying so; the synthetic corpus is always built.

    python bench/upstream_build.py --upstream DIR   # one build of each
    python bench/upstream_build.py --repeats 3      # fastest of three builds of each
    python bench/upstream_build.py --quick          # no warm-up build (for CI)

Prints ``bench/build.py``'s table (generator and MkDocs seconds, share, memory) and the
ratio of each corpus's build time to the seeds'.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.build import measure, measure_rounds, table  # noqa: E402
from bench.upstream_corpus import write_upstream_corpus  # noqa: E402

# Wall seconds a default run may take before python -m bench stops it:
# a warm-up and two or three builds, on this loaded two-core machine.
BUDGET_S = 480

ENVIRONMENT = "RULES_UPSTREAM_DOCS"
# The table's short names, said in full under it.
CORPORA = {"form": "the synthetic corpus in upstream's form", "upstream": "the upstream corpus"}


def upstream_folder(given: str | None) -> Path | None:
    """The upstream corpus's folder, or None when none was given; a bad one is an error."""
    if not given:
        return None
    folder = Path(given)
    if not folder.is_dir():
        wanted = "yjmrobert/tirules' astro-site/src/content/docs/"
        raise SystemExit(f"{given!r}: not a folder (give {wanted})")
    return folder


def main() -> int:
    """Run the benchmark; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=1, help="rounds (fastest kept)")
    parser.add_argument("--absolute", action="store_true", help="the older version's links")
    parser.add_argument("--quick", action="store_true", help="no warm-up build (for CI)")
    parser.add_argument(
        "--upstream",
        metavar="DIR",
        default=os.environ.get(ENVIRONMENT),
        help=f"yjmrobert/tirules' astro-site/src/content/docs/ (default: ${ENVIRONMENT})",
    )
    args = parser.parse_args()
    upstream = upstream_folder(args.upstream)
    with tempfile.TemporaryDirectory(prefix="bench-upstream-") as tmp:
        work = Path(tmp)
        if not args.quick:
            measure("warm-up", ROOT / "content", work / "site-warm-up")
        corpora = [
            ("seeds", ROOT / "content"),
            ("form", write_upstream_corpus(work / "upstream" / "content", args.absolute)),
        ]
        if upstream is not None:
            corpora.append(("upstream", upstream))
        rows = measure_rounds(corpora, work, args.repeats)
    for line in table(rows):
        print(line)
    seeds = rows[0]
    for row in rows[1:]:
        print(
            f"{CORPORA[row.name]} ({row.topics} pages) builds in {row.total:.2f} s, "
            f"{row.total / seeds.total:.2f} x the seed build ({seeds.total:.2f} s)"
        )
    if upstream is None:
        print(f"upstream corpus skipped: none given (--upstream DIR or {ENVIRONMENT}=DIR)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
