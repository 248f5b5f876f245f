"""Build time of the transcription-form corpus (150 pages, ``bench/upstream_corpus.py``)
against the seed build, both measured in this run, each in a fresh process.

    python bench/upstream_build.py               # one build of each
    python bench/upstream_build.py --repeats 3   # fastest of three builds of each
    python bench/upstream_build.py --quick       # no warm-up build (for CI)

Prints ``bench/build.py``'s table (generator and MkDocs seconds, share, memory) and the
ratio of the corpus's build time to the seeds'.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.build import measure, measure_rounds, table  # noqa: E402
from bench.upstream_corpus import write_upstream_corpus  # noqa: E402


def main() -> int:
    """Run the benchmark; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=1, help="rounds (fastest kept)")
    parser.add_argument("--absolute", action="store_true", help="the older version's links")
    parser.add_argument("--quick", action="store_true", help="no warm-up build (for CI)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-upstream-") as tmp:
        work = Path(tmp)
        if not args.quick:
            measure("warm-up", ROOT / "content", work / "site-warm-up")
        corpora = [
            ("seeds", ROOT / "content"),
            ("upstream", write_upstream_corpus(work / "upstream" / "content", args.absolute)),
        ]
        seeds, upstream = measure_rounds(corpora, work, args.repeats)
    for line in table([seeds, upstream]):
        print(line)
    print(
        f"upstream-form corpus ({upstream.topics} pages) builds in {upstream.total:.2f} s, "
        f"{upstream.total / seeds.total:.2f} x the seed build ({seeds.total:.2f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
