"""Every benchmark still runs: each in its quick mode, which must exit 0 and print its table.

The full runs take minutes to hours and judge timings that only a quiet machine
can (``make bench``); here each benchmark runs once, small (``--quick``), so a
benchmark that no longer starts, crashes on the way or loses its table fails
the suite instead of waiting for the next person who runs it. Quick modes still
judge what does not depend on timing: the exact odds' agreement with the peer,
the server's errors, no Pyodide on a plain page.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench import DEFAULT_BUDGET_S, Declared, benchmarks, declared

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"

# Each benchmark, the marks of what it runs, and text its table always prints.
BENCHMARKS = {
    "build.py": ([pytest.mark.slow], ["generator s", "mkdocs s", "share"]),
    # Quick: every change of 400 and 2,000 rules found as what it is, timings shown.
    "diff.py": ([], ["x load", "renumbered s", "every change found as what it is"]),
    "odds.py": ([pytest.mark.pyodide], ["peer ms", "40v40 cruisers", "agreement"]),
    "walkthrough_start.py": (
        [pytest.mark.browser],
        ["measurement (median of 1)", "walkthrough, cold"],
    ),
    "first_visit.py": ([pytest.mark.browser], ["first visit", "seed site", "shell (default)"]),
    "search.py": ([pytest.mark.browser], ["fast path: query to answer", "search_index.json"]),
    # Quick: the seed site and 30 topics, one edit each, goals shown, not judged.
    "serve_edit.py": ([pytest.mark.slow], ["ours / plain", "seed site", "30 topics"]),
    # Quick: 30 topics, one edit's regeneration and a full one, the goal shown, not judged.
    "regenerate_edit.py": ([], ["edit / full", "goal: at 1000 topics"]),
    "serve_load.py": ([pytest.mark.slow], ["20 clients x 3 requests", "latency p50", "errors: 0"]),
    "source_size.py": ([pytest.mark.slow], ["per MB vs 1 MB", "4MB"]),
    "ti3_view_odds.py": ([], ["4th edition 20v20", "12v12 with a mine"]),
    "upstream_build.py": ([pytest.mark.slow], ["x the seed build", "generator s"]),
    # Quick: the generator alone on every shape, judged by its 4x / 1x time ratio (seconds).
    "hostile_shapes.py": ([], ["4x / 1x", "worst 4x / 1x time", "html-a", "notes-a"]),
}
# Long enough for a quick run on a loaded machine; a hang still ends.
TIMEOUT_S = 1200


def test_every_benchmark_bench_finds_is_run_here() -> None:
    """A benchmark added to bench/ without a quick run here is caught."""
    assert {path.name for path in benchmarks()} == set(BENCHMARKS)


def test_bench_tells_a_benchmark_from_a_helper(tmp_path: Path) -> None:
    """A script with a top-level main is a benchmark; a module others import is not."""
    (tmp_path / "times_it.py").write_text("def main() -> int:\n    return 0\n")
    (tmp_path / "corpus.py").write_text("def write_corpus() -> None:\n    pass\n")
    (tmp_path / "nested.py").write_text("class A:\n    def main(self) -> None:\n        pass\n")
    (tmp_path / "__main__.py").write_text("def main() -> int:\n    return 0\n")
    assert [path.name for path in benchmarks(tmp_path)] == ["times_it.py"]


def test_make_bench_runs_what_bench_finds() -> None:
    """``make bench`` keeps no list of its own that could fall behind bench/."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    rule = makefile.split("\nbench:", 1)[1].split("\n\n", 1)[0]
    recipe = [line for line in rule.splitlines() if line.startswith("\t")]
    assert recipe == ["\t$(PY) -m bench"]


def test_the_runner_refuses_an_unknown_benchmark_by_name() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench", "no_such_bench"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "no such benchmark: no_such_bench" in done.stderr
    assert "Traceback" not in done.stderr


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
    from bench.fresh_clone import CLONE_PARTS, fresh_clone

    config = fresh_clone(tmp_path / "clone")
    assert config.read_bytes() == (ROOT / "mkdocs.yml").read_bytes()
    assert not (config.parent / ".cache").exists()
    for name in CLONE_PARTS:
        assert (config.parent / name).resolve() == (ROOT / name).resolve()


def test_the_fresh_clone_serve_runs_in_is_its_own_root_with_no_cache(tmp_path: Path) -> None:
    """``serve`` finds its project where its package sits: the clone's files are copies,
    so its cache is the clone's, not this checkout's, and every cached step runs again."""
    sys.path.insert(0, str(ROOT))
    from bench.fresh_clone import COPIED, copied_clone

    clone = copied_clone(tmp_path / "clone")
    for name in COPIED:
        assert (clone / name).exists() and not (clone / name).is_symlink(), name
    assert (clone / "node_modules").resolve() == (ROOT / "node_modules").resolve()
    assert not (clone / ".cache").exists()
    assert not list(clone.rglob("__pycache__"))


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
    assert "ours, serve" in done.stdout
    assert "ours, cold" in done.stdout
    assert "Starlight: skipped, no installed astro-site given (/nonexistent)" in done.stdout


def test_the_upstream_build_skips_no_corpus_given_and_refuses_a_missing_one(
    tmp_path: Path,
) -> None:
    """The upstream corpus is never in the repository: none given is a skip, a typo an error."""
    from bench.upstream_build import upstream_folder

    assert upstream_folder(None) is None
    assert upstream_folder("") is None
    assert upstream_folder(str(tmp_path)) == tmp_path
    with pytest.raises(SystemExit, match="not a folder"):
        upstream_folder(str(tmp_path / "missing"))


def test_the_runner_runs_every_benchmark_whatever_the_others_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One that misses is named at the end; the ones after it still run."""
    from bench.__main__ import main

    ran = tmp_path / "ran"
    for name, status in (("a_misses", 1), ("b_holds", 0)):
        (tmp_path / f"{name}.py").write_text(
            "import sys\n"
            "def main() -> int:\n"
            f"    open({str(ran)!r}, 'a').write({name!r} + ' ' + ' '.join(sys.argv[1:]) + '\\n')\n"
            f"    return {status}\n"
            "sys.exit(main())\n"
        )
    assert main(["--quick"], folder=tmp_path) == 1
    assert ran.read_text().splitlines() == ["a_misses --quick", "b_holds --quick"]
    out = capsys.readouterr().out
    assert out.rstrip().endswith("benchmarks that missed or failed: a_misses")


def _write_bench(folder: Path, name: str, body: str, header: str = "") -> None:
    """A benchmark script in ``folder``: ``header`` at its top level, ``body`` in ``main``."""
    indented = "".join(f"    {line}\n" for line in body.splitlines())
    (folder / f"{name}.py").write_text(
        f"import sys, time\n{header}\ndef main() -> int:\n{indented}\nsys.exit(main())\n"
    )


def test_every_benchmark_declares_its_time_budget() -> None:
    """The runner stops each at its own budget: none may fall back on a default unsaid."""
    for path in benchmarks():
        source = path.read_text(encoding="utf-8")
        assert re.search(r"^BUDGET_S = \d+$", source, re.MULTILINE), path.name
        assert 60 <= declared(path).budget_s <= 1200, path.name


def test_a_benchmark_declares_its_budget_and_scaling_run_at_its_top_level(tmp_path: Path) -> None:
    _write_bench(tmp_path, "a", "return 0", 'BUDGET_S = 5\nSCALING = "5,000 topics too"')
    _write_bench(tmp_path, "b", "return 0")
    assert declared(tmp_path / "a.py") == Declared(5.0, "5,000 topics too")
    assert declared(tmp_path / "b.py") == Declared(DEFAULT_BUDGET_S, None)


def test_the_runner_stops_a_benchmark_out_of_its_budget_says_so_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Interrupted, so it cleans up; named as out of time; the next one still runs."""
    from bench.__main__ import main

    cleaned, ran = tmp_path / "cleaned", tmp_path / "ran"
    _write_bench(
        tmp_path,
        "a_slow",
        f"print('row 1 measured')\ntry:\n    time.sleep(120)\nexcept KeyboardInterrupt:\n"
        f"    open({str(cleaned)!r}, 'w').write('yes')\n    raise\nreturn 0",
        "BUDGET_S = 2",
    )
    _write_bench(tmp_path, "b_holds", f"open({str(ran)!r}, 'w').write('yes')\nreturn 0")
    started = time.monotonic()
    assert main([], folder=tmp_path) == 1
    assert time.monotonic() - started < 60
    assert cleaned.read_text() == "yes" and ran.read_text() == "yes"
    out = capsys.readouterr().out
    assert "row 1 measured" in out
    assert "bench/a_slow.py ran out of its 2 s budget" in out
    assert re.search(
        r"a_slow +\d+ +2  ran out of its 2 s budget \(interrupted, ended \d+ s later\)", out
    )
    assert "benchmarks that ran out of time: a_slow" in out
    assert "benchmarks that missed or failed" not in out


def test_the_runner_interrupts_a_benchmark_even_when_started_with_interrupts_ignored(
    tmp_path: Path,
) -> None:
    """A background job's ignored SIGINT is not passed on to the benchmarks."""
    import signal

    from bench.__main__ import main

    cleaned = tmp_path / "cleaned"
    _write_bench(
        tmp_path,
        "a_slow",
        f"try:\n    time.sleep(120)\nexcept KeyboardInterrupt:\n"
        f"    open({str(cleaned)!r}, 'w').write('yes')\n    raise\nreturn 0",
        "BUDGET_S = 2",
    )
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        started = time.monotonic()
        assert main([], folder=tmp_path) == 1
    finally:
        signal.signal(signal.SIGINT, before)
    assert time.monotonic() - started < 50  # not killed a minute after an unheard interrupt
    assert cleaned.read_text() == "yes"


def test_the_runner_summary_repeats_each_miss_and_gives_the_total_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bench.__main__ import main

    _write_bench(tmp_path, "a_misses", "print('p99 0.40 s: misses the 0.25 s target')\nreturn 1")
    _write_bench(tmp_path, "b_holds", "print('p99 0.10 s: meets the 0.25 s target')\nreturn 0")
    assert main(["--budget-factor", "2"], folder=tmp_path) == 1
    out = capsys.readouterr().out
    assert "=== bench/a_misses.py (budget 1200 s)" in out
    assert "  a_misses: p99 0.40 s: misses the 0.25 s target" in out
    assert "b_holds: p99" not in out
    assert re.search(r"total wall time: \d+ s \(\d+\.\d min\)", out)
    assert out.rstrip().endswith("benchmarks that missed or failed: a_misses")


def test_the_runner_asks_for_scaling_runs_only_of_benchmarks_that_have_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bench.__main__ import main

    ran = tmp_path / "ran"
    record = f"open({str(ran)!r}, 'a').write(' '.join(sys.argv) + '\\n')\nreturn 0"
    _write_bench(tmp_path, "a_scales", record, 'SCALING = "5,000 topics too"')
    _write_bench(tmp_path, "b_does_not", record)
    assert main(["--scaling"], folder=tmp_path) == 0
    lines = ran.read_text().splitlines()
    assert lines[0].endswith("a_scales.py --scaling")
    assert lines[1].endswith("b_does_not.py")
    assert capsys.readouterr().out.rstrip().endswith("every benchmark held its targets")


def test_under_a_whole_run_limit_each_benchmark_gets_its_share_of_the_time_left() -> None:
    from bench.__main__ import MIN_BUDGET_S, budget_for

    assert budget_for(600, [300, 300], None) == 600
    assert budget_for(600, [300, 300], 600) == 300  # half the budgets, half the time left
    assert budget_for(600, [300, 300], 3600) == 600  # never more than its own
    assert budget_for(600, [300], -5) == MIN_BUDGET_S  # the run's time is up: it still runs


def test_the_runner_kills_a_benchmark_that_ignores_the_interrupt_and_removes_its_scratch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed, it cleans nothing up itself: its TMPDIR was the runner's, and is gone."""
    import bench.__main__ as runner

    monkeypatch.setattr(runner, "STOP_GRACE_S", 1.0)
    record = tmp_path / "scratch"
    _write_bench(
        tmp_path,
        "a_deaf",
        "import signal, tempfile\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        f"open({str(record)!r}, 'w').write(tempfile.mkdtemp())\ntime.sleep(120)\nreturn 0",
        "BUDGET_S = 1",
    )
    started = time.monotonic()
    assert runner.main([], folder=tmp_path) == 1
    assert time.monotonic() - started < 30
    out = capsys.readouterr().out
    assert "killed 1 s after an interrupt" in out
    assert "benchmarks that ran out of time: a_deaf" in out
    left = Path(record.read_text())
    assert left.name.startswith("tmp") and left.parent.name.startswith("bench-a_deaf-")
    assert not left.parent.exists()


def _hang_up_mid_answer(base: str) -> None:
    """Ask ``base`` for its large file, read the answer's start, then reset the connection."""
    import socket
    import struct
    from urllib.parse import urlsplit

    where = urlsplit(base)
    with socket.create_connection((where.hostname, where.port)) as client:
        client.sendall(b"GET /large.bin HTTP/1.1\r\nHost: x\r\n\r\n")
        assert client.recv(64).startswith(b"HTTP/1.0 200")
        # Linger 0: closing sends a reset, as a browser dropping a request does.
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def test_the_bench_server_is_quiet_when_a_client_hangs_up_and_reports_real_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A browser that drops a request is no error; a handler that fails still says so."""
    from urllib.error import URLError
    from urllib.request import urlopen

    from bench.site_server import QuietSiteHandler, serve

    (tmp_path / "large.bin").write_bytes(b"x" * 32_000_000)
    (tmp_path / "small.txt").write_text("small", encoding="utf-8")
    with serve(tmp_path) as base:
        _hang_up_mid_answer(base)
        with urlopen(base + "small.txt", timeout=30) as answer:  # the server still answers
            assert answer.read() == b"small"
        time.sleep(1)  # the dropped answer's thread meets the reset
    assert "Traceback" not in capsys.readouterr().err

    class Failing(QuietSiteHandler):
        def do_GET(self) -> None:
            raise ValueError("a real error")

    with serve(tmp_path, Failing) as base:
        with pytest.raises((URLError, ConnectionError)):
            urlopen(base + "small.txt", timeout=30)
        time.sleep(0.5)
    err = capsys.readouterr().err
    assert "Traceback" in err and "ValueError: a real error" in err


def test_the_serve_edit_bench_says_a_goal_whose_size_was_not_run_is_not_run() -> None:
    sys.path.insert(0, str(ROOT))
    from bench.serve_edit import LARGE_SIZE, verdicts

    seeds_only = verdicts([], {None})
    assert any(line.startswith("meets: seed site") for line in seeds_only)
    assert any(line.startswith(f"not run: {LARGE_SIZE} topics") for line in seeds_only)
    assert not any(f"meets: {LARGE_SIZE}" in line for line in seeds_only)
    missed = verdicts([f"{LARGE_SIZE} topics: ours 3.00s, goal under 2s"], {None, LARGE_SIZE})
    assert [line.split(":")[0] for line in missed] == ["misses", "meets"]


@pytest.mark.slow
def test_the_serve_edit_bench_killed_with_sigterm_removes_its_scratch_folder(
    tmp_path: Path,
) -> None:
    """As on Ctrl-C: its servers stopped, its temporary folder gone."""
    import os
    import signal

    run = subprocess.Popen(
        [sys.executable, str(BENCH / "serve_edit.py"), "--quick"],
        cwd=ROOT,
        env={**os.environ, "TMPDIR": str(tmp_path)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 300
        while not list(tmp_path.glob("serve-edit-*/content")) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert list(tmp_path.glob("serve-edit-*/content")), "no scratch folder appeared"
        time.sleep(1.0)  # under way: generating or starting its servers
        run.send_signal(signal.SIGTERM)
        _, stderr = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
    assert run.returncode == 128 + signal.SIGTERM, stderr.decode()[-2000:]
    assert b"Traceback" not in stderr
    assert list(tmp_path.glob("serve-edit-*")) == []
