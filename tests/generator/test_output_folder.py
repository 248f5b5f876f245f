"""An output folder is replaced only if it is empty or an output this tool built.

Never the checkout, the content folder, the configuration's folder or a parent of
any of them, never a file or a link, never a folder of someone else's files: every
entry point (``rulesite build`` with every registered engine, ``rulesite generate``,
``mkdocs build`` with the plugin) refuses before it builds, and touches nothing.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path

import pytest

from rulesite.cli import main as rulesite_main
from rulesite.publish.swap import MARKER
from tests.site_engines import ALL

ROOT = Path(__file__).resolve().parents[2]


def _refused(command: list[str]) -> str:
    """What ``rulesite build COMMAND`` says as it refuses."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = rulesite_main(["build", *command])
    assert status != 0, err.getvalue()
    assert "refused" in err.getvalue()
    assert "Traceback" not in err.getvalue()
    return err.getvalue()


@pytest.mark.parametrize("out", [".", "content", "..", "/"])
def test_build_site_refuses_the_checkout_the_sources_and_their_parents(out: str) -> None:
    before = sorted(path.name for path in ROOT.iterdir())
    message = _refused(["--out", out])
    assert "is or holds the" in message
    assert sorted(path.name for path in ROOT.iterdir()) == before
    # .git is a folder in a clone, a file in a worktree: either way, still there.
    assert (ROOT / ".git").exists() and (ROOT / "content" / "topics.yaml").is_file()


def test_build_site_refuses_a_folder_inside_the_content_folder(tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "rules").mkdir(parents=True)
    message = _refused(["--content", str(content), "--out", str(content / "site")])
    assert "inside the content folder" in message


def test_build_site_refuses_a_file_and_a_folder_of_other_files(tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    assert "is a file" in _refused(["--out", str(a_file)])
    assert a_file.read_text() == "mine"
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "thesis.tex").write_text("years of work")
    assert f"no {MARKER}" in _refused(["--out", str(theirs)])
    assert (theirs / "thesis.tex").read_text() == "years of work"


def test_build_site_refuses_a_symbolic_link(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    assert "symbolic link" in _refused(["--out", str(tmp_path / "link")])


@pytest.mark.parametrize("out", [".", "content", ".."])
def test_generate_refuses_the_checkout_and_the_sources(out: str) -> None:
    before = sorted(path.name for path in ROOT.iterdir())
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = rulesite_main(["generate", "--content", "content", "--out", out])
    assert status == 1
    assert "refused" in err.getvalue()
    assert sorted(path.name for path in ROOT.iterdir()) == before


def test_generate_replaces_its_own_tree_and_refuses_someone_elses(tmp_path: Path) -> None:
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "keep.txt").write_text("x")
    command = ["generate", "--content", "content", "--out"]
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert rulesite_main([*command, str(theirs)]) == 1
        assert rulesite_main([*command, str(tmp_path / "tree")]) == 0
        assert rulesite_main([*command, str(tmp_path / "tree")]) == 0
    assert (theirs / "keep.txt").read_text() == "x"
    assert (tmp_path / "tree" / MARKER).is_file()
    # No staging or old folder left beside the output.
    assert sorted(path.name for path in tmp_path.iterdir()) == ["theirs", "tree"]


@pytest.mark.parametrize("engine", ALL)
def test_every_engine_refuses_someone_elses_folder(tmp_path: Path, engine: str) -> None:
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "keep.txt").write_text("x")
    assert f"no {MARKER}" in _refused(["--engine", engine, "--out", str(theirs)])
    assert sorted(path.name for path in theirs.iterdir()) == ["keep.txt"]
    assert (theirs / "keep.txt").read_text() == "x"


def test_mkdocs_build_with_the_plugin_refuses_someone_elses_folder(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("x")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert f"no {MARKER}" in result.stderr
    assert (tmp_path / "keep.txt").read_text() == "x"
