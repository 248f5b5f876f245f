"""Every benchmark still runs: each in its quick mode, which must exit 0 and print its table.

The full runs take minutes to hours and judge timings that only a quiet machine
can (``make bench``); here each benchmark runs once, small (``--quick``), so a
benchmark that no longer starts, crashes on the way or loses its table fails
the suite instead of waiting for the next person who runs it. Quick modes still
judge what does not depend on timing: the exact odds' agreement with the peer,
the server's errors, no Pyodide on a plain page.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"

# Each benchmark, the marks of what it runs, and text its table always prints.
BENCHMARKS = {
    "build.py": ([pytest.mark.slow], ["generator s", "mkdocs s", "share"]),
    # Quick: every change of 400 and 2,000 rules found as what it is, timings shown.
    "diff.py": ([], ["x load", "renumbered s", "every change found as what it is"]),
    "odds.py": ([pytest.mark.pyodide], ["peer ms", "40v40 cruisers", "agreement"]),
    "browser.py": ([pytest.mark.browser], ["measurement (median of 1)", "walkthrough, cold"]),
    "first_visit.py": ([pytest.mark.browser], ["first visit", "seed site", "shell (default)"]),
    "search.py": ([pytest.mark.browser], ["fast path: query to answer", "search_index.json"]),
    "serve_load.py": ([pytest.mark.slow], ["20 clients x 3 requests", "latency p50", "errors: 0"]),
    "source_size.py": ([pytest.mark.slow], ["per MB vs 1 MB", "4MB"]),
    "ti3_view_odds.py": ([], ["4th edition 20v20", "12v12 with a mine"]),
    "upstream_build.py": ([pytest.mark.slow], ["x the seed build", "generator s"]),
    # Quick: the generator alone on every shape, judged by its 2x / 1x time ratio (seconds).
    "hostile_shapes.py": ([], ["2x / 1x", "worst 2x / 1x time", "html-a", "notes-a"]),
}
# Modules of bench/ that other benchmarks import; not benchmarks themselves.
HELPERS = {"corpus.py", "encoded_server.py", "site_server.py", "upstream_corpus.py", "__init__.py"}
# Long enough for a quick run on a loaded machine; a hang still ends.
TIMEOUT_S = 1200


def test_every_script_in_bench_is_a_benchmark_run_here_or_a_helper() -> None:
    """A benchmark added to bench/ without a quick run here is caught."""
    scripts = {path.name for path in BENCH.glob("*.py")}
    assert scripts - HELPERS == set(BENCHMARKS)


@pytest.mark.parametrize(
    ("script", "expected"),
    [pytest.param(name, text, marks=marks, id=name) for name, (marks, text) in BENCHMARKS.items()],
)
def test_benchmark_runs_quick_and_prints_its_table(script: str, expected: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / script), "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )
    report = f"stdout:\n{done.stdout[-3000:]}\nstderr:\n{done.stderr[-3000:]}"
    assert done.returncode == 0, report
    for text in expected:
        assert text in done.stdout, report


def test_a_fresh_clone_for_the_cold_build_has_the_project_and_no_cache(tmp_path: Path) -> None:
    """bench/build.py --cold builds in a folder a fresh clone would be: the project's own
    files and installed packages, and no .cache, so every cached step runs again."""
    sys.path.insert(0, str(ROOT))
    from bench.build import CLONE_PARTS, fresh_clone

    config = fresh_clone(tmp_path / "clone")
    assert config.read_bytes() == (ROOT / "mkdocs.yml").read_bytes()
    assert not (config.parent / ".cache").exists()
    for name in CLONE_PARTS:
        assert (config.parent / name).resolve() == (ROOT / name).resolve()


@pytest.mark.slow
def test_the_cold_build_bench_without_starlight_measures_ours_and_says_it_skipped() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / "build.py"), "--cold", "--starlight", "/nonexistent"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "ours, cold" in done.stdout
    assert "Starlight: skipped, no installed astro-site given (/nonexistent)" in done.stdout
