"""The built site replaces the old one in one step, whatever stops it.

A build is stopped at every file-system change its swap makes, by SIGKILL and by
SIGINT, through an audit hook (Python announces each rename, removal, folder creation
and foreign call before it happens). The site engine is replaced by a copy of a small
prepared site, so each of the many stopped builds takes a fraction of a second; the
staging, swap, clean-up and messages are the real ones.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from rulesite.publish.swap import MARKER, output_lock
from tests.generator.site_once import ROOT

HARNESS = """
import os, runpy, shutil, signal, sys
from pathlib import Path
from rulesite.adapters import registry
from rulesite.adapters.site_engine import EngineBuild
from rulesite.core.report import BuildReport

new_site, out, stop_at, name = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]

class Copying:  # a site engine whose build is a copy of the prepared site
    def build(self, settings, site_dir):
        shutil.copytree(new_site, site_dir)
        return EngineBuild(BuildReport(0, 0, 0, (), (), (), ()))

registry.site_engine = lambda name: Copying()
CHANGES = {"os.rename", "os.replace", "os.remove", "os.rmdir", "os.mkdir", "shutil.rmtree",
           "tempfile.mkdtemp", "os.symlink", "ctypes.call_function"}
seen = 0

def hook(event, args):
    global seen
    if event in CHANGES:
        seen += 1
        if seen == stop_at:
            os.kill(os.getpid(), getattr(signal, name))

sys.argv = ["build_site.py", "--content", sys.argv[5], "--out", out]
sys.addaudithook(hook)
runpy.run_path("build_site.py", run_name="__main__")
"""

# Both carry the mark of an output this tool built (only such a folder is replaced).
OURS = {MARKER: "built by rulesite: site\n"}
OLD = {"index.html": "the old site", "a/b.txt": "old b", **OURS}
NEW = {"index.html": "the new site", "c.txt": "new c", **OURS}


def _write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)


def _contents(folder: Path) -> dict[str, str] | None:
    if not folder.is_dir():
        return None
    return {
        path.relative_to(folder).as_posix(): path.read_text()
        for path in folder.rglob("*")
        if path.is_file()
    }


def _build(tmp_path: Path, stop_at: int, signal_name: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            *(sys.executable, "-c", HARNESS, str(tmp_path / "new"), str(tmp_path / "out" / "site")),
            *(str(stop_at), signal_name, str(ROOT / "content")),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _stopped_at_every_change(
    tmp_path: Path, signal_name: str
) -> list[subprocess.CompletedProcess[str]]:
    """One build per file-system change, each stopped at that change, over the old site;
    after each, the site must be the old or the new one (and stay so through the next
    build's clean-up)."""
    _write(tmp_path / "new", NEW)
    out = tmp_path / "out" / "site"
    runs = []
    for stop_at in range(1, 200):
        shutil.rmtree(out.parent, ignore_errors=True)
        _write(out, OLD)
        run = _build(tmp_path, stop_at, signal_name)
        after = _contents(out)
        assert after in (OLD, NEW), (stop_at, run.returncode, run.stderr, after)
        with output_lock(out):  # the next build's clean-up of what the stopped one left
            assert _contents(out) == after, stop_at
        runs.append(run)
        if run.returncode == 0:
            assert after == NEW
            return runs
    raise AssertionError("the build never finished")


def test_a_build_killed_at_any_step_of_its_swap_leaves_the_old_or_the_new_site(
    tmp_path: Path,
) -> None:
    runs = _stopped_at_every_change(tmp_path, "SIGKILL")
    assert len(runs) >= 4  # the staging folder, the copy, the swap and the clean-up were reached
    assert all(run.returncode == -9 for run in runs[:-1])


def test_ctrl_c_at_any_step_of_the_swap_says_which_site_is_in_place(tmp_path: Path) -> None:
    out = tmp_path / "out" / "site"
    runs = _stopped_at_every_change(tmp_path, "SIGINT")
    said = set()
    for run in runs[:-1]:
        assert run.returncode == 130, run.stderr
        assert "Traceback" not in run.stderr
        [line] = run.stderr.splitlines()
        said.add(line)
    assert said <= {
        f"build interrupted; {out} is unchanged",
        f"build interrupted; {out} was already replaced by the new site",
    }
    assert len(said) == 2, said  # both sides of the swap were reached


def test_a_site_left_aside_by_a_killed_swap_is_put_back_not_deleted(tmp_path: Path) -> None:
    """The two-rename swap (kept where no exchange exists, and the one before) killed between
    its renames leaves the only copy aside: the next build puts it back."""
    out = tmp_path / "site"
    _write(tmp_path / ".site-old-5", OLD)
    _write(tmp_path / ".site-old-3", {"index.html": "older"})
    with output_lock(out):
        assert _contents(out) == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
