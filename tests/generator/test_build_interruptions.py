"""Concurrent builds, killed builds and Ctrl+C never damage the output."""

from __future__ import annotations

import hashlib
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from rulesite.runtime.engine_wheel import engine_wheel
from tests.generator.site_once import ROOT, BuiltSite

pytestmark = pytest.mark.slow


def _start(out: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(ROOT / "build_site.py"), "--out", str(out), *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _fingerprint(folder: Path) -> dict[str, str]:
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def _wait_for_staging(parent: Path, process: subprocess.Popen[str]) -> None:
    """Until the build has taken its output folder (its staging folder exists)."""
    deadline = time.monotonic() + 60
    while not any(parent.glob(".site-staging-*")):
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the build never started staging"
        time.sleep(0.02)


def test_of_two_builds_into_one_folder_one_wins_and_the_other_says_it_touched_nothing(
    tmp_path: Path,
) -> None:
    out = tmp_path / "site"
    first = _start(out)
    _wait_for_staging(tmp_path, first)
    second = _start(out)
    _, refused = second.communicate(timeout=120)
    _, built = first.communicate(timeout=900)
    assert first.returncode == 0, built
    assert second.returncode == 2
    assert refused.startswith("build refused: another build is writing into"), refused
    assert "unchanged" not in refused
    assert "Traceback" not in refused + built
    assert (out / "index.html").is_file()


def test_a_killed_builds_staging_folder_is_removed_by_the_next_build(tmp_path: Path) -> None:
    out = tmp_path / "site"
    killed = _start(out)
    _wait_for_staging(tmp_path, killed)
    killed.send_signal(signal.SIGKILL)
    killed.communicate(timeout=30)
    assert list(tmp_path.glob(".site-staging-*")), "SIGKILL left nothing to clean up"
    (tmp_path / ".site-old-123").mkdir()  # a swap killed between its two renames
    (tmp_path / ".other-staging-1").mkdir()  # another output's: not this build's to remove
    finished = _start(out)
    _, errors = finished.communicate(timeout=900)
    assert finished.returncode == 0, errors
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other-staging-1", "site"]


def _wait_for_program(process: subprocess.Popen[str]) -> None:
    """Until the program runs: its first compiled extension (loading MkDocs) is mapped.

    Before that the interpreter itself is starting (``site``), which no program can
    handle a signal in; Python reports that as its own fatal error.
    """
    maps = Path(f"/proc/{process.pid}/maps")
    deadline = time.monotonic() + 60
    while "site-packages" not in maps.read_text(errors="replace"):
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the program never started"
        time.sleep(0.005)


@pytest.mark.parametrize("delay", [0.0, 0.2, 0.5, 1.0, 2.0])
def test_ctrl_c_at_any_moment_prints_one_line_and_leaves_the_output_whole(
    tmp_path: Path, delay: float, built_site: BuiltSite
) -> None:
    out = tmp_path / "site"
    shutil.copytree(built_site.out, out)
    before = _fingerprint(out)
    process = _start(out)
    _wait_for_program(process)
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=900)
    assert "Traceback" not in stderr
    if process.returncode == 0:  # finished before the signal came
        assert (out / "index.html").is_file()
        return
    assert process.returncode == 130, stderr
    assert len(stderr.strip().splitlines()) == 1, stderr
    if "replaced" not in stderr:
        assert _fingerprint(out) == before, stderr
    assert not list(tmp_path.glob(".site-staging-*"))


@pytest.mark.parametrize("delay", [0.0, 0.001, 0.01, 0.05])
def test_ctrl_c_after_the_build_reported_it_never_kills_the_process_silently(
    tmp_path: Path, delay: float
) -> None:
    # Once the report starts, the new site is in place; a Ctrl+C landing in Python's own
    # exit used to meet the default handler and end the process by the signal, saying nothing.
    out = tmp_path / "site"
    process = _start(out)
    assert process.stdout is not None
    first = process.stdout.readline()
    assert first.startswith("built "), first + process.communicate()[1]
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode in (0, 130), (process.returncode, stderr)
    if process.returncode == 130:
        assert stderr.strip() == f"build interrupted; {out} was already replaced by the new site"
    else:
        assert stderr == ""
    assert (out / "index.html").is_file()


def test_two_builds_of_the_wheel_at_once_share_one_cached_wheel(tmp_path: Path) -> None:
    engine = tmp_path / "engine"
    shutil.copytree(ROOT / "engine", engine, ignore=shutil.ignore_patterns("__pycache__"))
    (engine / "core/units.py").write_text((engine / "core/units.py").read_text() + "\n# fresh\n")
    cache = tmp_path / "cache"
    found: list[Path | BaseException] = []

    def build() -> None:
        try:
            found.append(engine_wheel(engine, cache))
        except BaseException as error:  # reported by the assertion below
            found.append(error)

    threads = [threading.Thread(target=build) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert len(found) == 3 and all(isinstance(item, Path) for item in found), found
    assert len(set(found)) == 1
    assert Path(str(found[0])).is_file()
    assert [p.name for p in (cache / "engine-wheel").iterdir()] == [Path(str(found[0])).parent.name]


def test_a_port_out_of_range_is_refused_before_building(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "build_site.py"), "--serve", "--dev-addr", "localhost:99999"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "--dev-addr must be HOST:PORT" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_killed_builds_scratch_folder_is_removed_by_the_next(tmp_path: Path) -> None:
    """The plugin's scratch folder was made in /tmp by mkdtemp, and a killed build left it
    there for good (84 MB after 70 kills)."""
    from rulesite.publish.helpers import SCRATCH, scratch_folder

    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    dead_pid = int(gone.stdout)
    left = tmp_path / ".cache" / SCRATCH / f"assets-{dead_pid}-abc"
    left.mkdir(parents=True)
    (left / "pyodide.asm.wasm").write_bytes(b"x" * 1000)
    mine = scratch_folder(tmp_path / ".cache", "assets")
    assert mine.parent == tmp_path / ".cache" / SCRATCH
    assert not left.exists()
    # A live build's folder (this process's) is left alone.
    assert scratch_folder(tmp_path / ".cache", "assets").parent == mine.parent
    assert mine.exists()
