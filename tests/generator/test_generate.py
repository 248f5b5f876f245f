"""``generate``: a content folder to every generated page, run again and again in one process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_REPEATED = """
import gc, sys, tracemalloc
from pathlib import Path
from rulesite.core.generate import generate
content = Path(sys.argv[1])
for _ in range(2):
    generate(content)
tracemalloc.start()
gc.collect()
before = tracemalloc.get_traced_memory()[0]
for _ in range(6):
    generate(content)
gc.collect()
print(tracemalloc.get_traced_memory()[0] - before)
"""


def test_generate_run_again_in_one_process_keeps_no_more_memory() -> None:
    """Each generate() kept about 0.75 MB for good: the garbage cycles playing the
    walkthroughs leaves were frozen with the model, out of the collector's reach."""
    done = subprocess.run(
        [sys.executable, "-c", _REPEATED, str(ROOT / "content")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    kept = int(done.stdout)
    assert kept < 1_000_000, f"{kept:,} bytes kept by six more runs"
