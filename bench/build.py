"""Build-time benchmark: the generator's own time against MkDocs's, as the corpus grows.

Builds the seed content and generated corpora (``bench/corpus.py``: 20 rules a
topic) and prints, for each, the generator's time (loading, merging, linking,
rendering, writing, search-index and swap; the loading and merging part also
on its own) beside MkDocs's time for the same pages, the generator's share of
the total (and that share without loading), and the total per topic as a ratio
to the smallest generated corpus, measured in this one run: a ratio near 1.0 at
every size means build time is linear in corpus size. Targets: generator share
≤ 20 %, per-topic ratio ≈ 1.

    python bench/build.py            # seeds, 250, 500 and 1,000 topics (20,000 rules)
    python bench/build.py --quick    # seeds, 50 and 100 topics
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.corpus import write_corpus  # noqa: E402
from rulesite.site_build import Timings, build_site  # noqa: E402

FULL_SIZES = (250, 500, 1000)
QUICK_SIZES = (50, 100)
SHARE_TARGET = 0.20


@dataclass(frozen=True)
class Row:
    """One measured build."""

    name: str
    topics: int
    rules: int
    timings: Timings

    @property
    def total(self) -> float:
        return self.timings.generator + self.timings.mkdocs

    @property
    def share(self) -> float:
        return self.timings.generator / self.total


def measure(name: str, content: Path, work: Path) -> Row:
    """Build ``content`` into ``work`` and time it."""
    report, timings = build_site(content, work / f"site-{name}")
    return Row(name, report.topics, report.rules, timings)


def table(rows: list[Row]) -> list[str]:
    """The results as a text table; per-topic ratios are against the first generated corpus."""
    generated = [row for row in rows if row.name != "seeds"]
    baseline = generated[0].total / generated[0].topics if generated else None
    lines = [
        f"{'corpus':>8} {'topics':>7} {'rules':>7} {'generator s':>12} {'(loading)':>10} "
        f"{'mkdocs s':>9} {'total s':>8} {'gen share':>9} {'w/o load':>9} {'ms/topic':>9} "
        f"{'ratio':>6}"
    ]
    for row in rows:
        per_topic = row.total / row.topics
        ratio = f"{per_topic / baseline:6.2f}" if baseline and row in generated else f"{'-':>6}"
        own_share = (row.timings.generator - row.timings.loading) / row.total
        lines.append(
            f"{row.name:>8} {row.topics:>7} {row.rules:>7} {row.timings.generator:>12.2f} "
            f"{row.timings.loading:>10.2f} {row.timings.mkdocs:>9.2f} {row.total:>8.2f} "
            f"{row.share:>9.1%} {own_share:>9.1%} {per_topic * 1000:>9.1f} {ratio}"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description="Time the generator against MkDocs.")
    parser.add_argument("--quick", action="store_true", help="small corpora only (50, 100)")
    args = parser.parse_args()
    sizes = QUICK_SIZES if args.quick else FULL_SIZES
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        work = Path(tmp)
        # The first build pays one-off costs (imports, the engine wheel, template compiling):
        # run it unmeasured so the seed row is comparable with the rest.
        measure("warm-up", ROOT / "content", work)
        rows = [measure("seeds", ROOT / "content", work)]
        for size in sizes:
            content = write_corpus(work / f"content-{size}" / "content", size)
            rows.append(measure(str(size), content, work))
            print(f"built {size} topics", file=sys.stderr, flush=True)
    for line in table(rows):
        print(line)
    worst = max(row.share for row in rows if row.name != "seeds")
    verdict = "meets" if worst <= SHARE_TARGET else "misses"
    print(f"largest generator share {worst:.1%}: {verdict} the {SHARE_TARGET:.0%} target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
