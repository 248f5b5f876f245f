"""Only the content folder's own regular files are sources.

A link out of the folder, a FIFO, a device, a folder or a broken link where a
source should be is an error naming ``file:1``, never a silent drop and never
a file from elsewhere on a page. A FIFO never blocks the build.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from rulesite.core.corpus import load_content
from rulesite.core.errors import SourceError
from rulesite.core.generate import generate
from rulesite.core.loaders.source_text import MAX_SOURCE_BYTES
from rulesite.core.walkthroughs import load_walkthroughs
from tests.generator.content_folder import (
    PROSE,
    diagnostics,
    errors,
    load,
    with_seven,
    write_content,
)

ROOT = Path(__file__).resolve().parents[2]
_OUTSIDE = "symbolic link leads outside the content folder"
WIKI = "Category: Movement\nIntro.\nStep 1: Move Ships[]\n- A bullet.\n"


def _link(content: Path, name: str, target: str | Path) -> None:
    path = content / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to(target)


def _with_timeout(call, seconds: float = 10.0):
    """``call()``'s outcome, failing the test if it has not returned within ``seconds``."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(call())
        except SourceError as exc:
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"still running after {seconds}s (blocked on a FIFO?)"
    return outcome[0]


def test_a_link_out_of_the_content_folder_is_an_error(tmp_path: Path) -> None:
    """Symlinks that leave the content folder ... are errors with file:line."""
    content = write_content(tmp_path, {"wiki/movement.txt": WIKI})
    _link(content, "wiki/secrets.txt", "/proc/self/environ")
    with pytest.raises(SourceError) as raised:
        load_content(content)
    assert [str(d) for d in raised.value.diagnostics] == [
        "content/wiki/secrets.txt:1: symbolic link leads outside the content folder"
    ]


def test_the_cli_publishes_nothing_from_outside(tmp_path: Path) -> None:
    """Every file the build reads is under --content: the environment never
    reaches the site or the log."""
    content = write_content(tmp_path, {"wiki/movement.txt": WIKI})
    _link(content, "wiki/secrets.txt", "/proc/self/environ")
    _link(content, "walkthroughs/passwd.yaml", "/etc/passwd")
    out = tmp_path / "site"
    result = subprocess.run(
        [sys.executable, "build_site.py", "--content", str(content), "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "CANARY_SECRET": "canary-4711"},
        check=False,
        timeout=120,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "secrets.txt:1: symbolic link leads outside the content folder" in result.stderr
    assert "canary-4711" not in result.stdout + result.stderr
    assert "root:" not in result.stdout + result.stderr
    assert not out.exists()


def test_a_link_inside_the_content_folder_is_a_source(tmp_path: Path) -> None:
    """Only links that *leave* the folder are refused."""
    content = write_content(tmp_path, {"shared/movement.txt": WIKI})
    _link(content, "wiki/movement.txt", content / "shared" / "movement.txt")
    assert [t.title for t in load_content(content).topics] == ["Movement"]


@pytest.mark.parametrize(
    ("name", "make", "message"),
    [
        ("rules/seven.md", lambda p: p.symlink_to(p.parent / "nowhere.md"), "broken symbolic link"),
        ("wiki/loop.txt", lambda p: p.symlink_to(p), "symbolic link loop"),
        ("ti3/summary.txt", lambda p: p.mkdir(), "a folder, not a source file"),
        ("rules/seven.yaml", lambda p: os.mkfifo(p), "a FIFO, not a source file"),
        ("wiki/null.txt", lambda p: p.symlink_to("/dev/null"), _OUTSIDE),
    ],
)
def test_a_source_that_is_no_regular_file_is_an_error(
    tmp_path: Path, name: str, make, message: str
) -> None:
    """A directory or broken link in place of a source is an error, never a silent
    drop; special files (FIFOs, devices) are errors with file:line, and never block."""
    content = write_content(tmp_path, {"rules/other.md": PROSE})
    (content / name).parent.mkdir(parents=True, exist_ok=True)
    make(content / name)
    raised = _with_timeout(lambda: load_content(content))
    assert isinstance(raised, SourceError)
    assert [str(d) for d in raised.diagnostics] == [f"content/{name}:1: {message}"]


def test_a_broken_source_folder_is_an_error(tmp_path: Path) -> None:
    """A source folder that is a broken link is reported, not skipped."""
    content = write_content(tmp_path, {"rules/seven.md": PROSE})
    _link(content, "wiki", tmp_path / "gone")
    assert errors(tmp_path, {}) == [
        "content/wiki:1: not a folder (a broken link, or a file where a source folder should be)"
    ]


@pytest.mark.parametrize("make", [os.mkfifo, lambda p: p.symlink_to("/etc/passwd")])
def test_a_walkthrough_fifo_or_outside_link_is_an_error(tmp_path: Path, make) -> None:
    """Walkthrough files too: a FIFO must not block (the file type is checked before
    opening); a link to /etc/passwd is refused before anything of it is read."""
    content = write_content(tmp_path, {})
    (content / "walkthroughs").mkdir()
    make(content / "walkthroughs" / "x.yaml")
    raised = _with_timeout(lambda: load_walkthroughs(content))
    assert isinstance(raised, SourceError)
    (diagnostic,) = raised.diagnostics
    assert str(diagnostic.location).endswith("walkthroughs/x.yaml:1")
    assert "root:" not in str(diagnostic)


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    """A UTF-8 BOM is accepted in wiki exports and front matter alike."""
    bom = "\ufeff"
    corpus = load(tmp_path, {"wiki/movement.txt": bom + WIKI, "rules/seven.md": bom + PROSE})
    wiki = next(t for t in corpus.topics if t.title == "Movement")
    assert wiki.category == "Movement"
    assert wiki.intro == ("Intro.",)
    assert any(t.title == "Seven" for t in corpus.topics)


def test_an_oversized_source_is_refused_before_it_is_read(tmp_path: Path) -> None:
    """A source's size is bounded, and checked before any allocation."""
    content = write_content(tmp_path, {})
    (content / "wiki").mkdir()
    with (content / "wiki" / "huge.txt").open("wb") as huge:
        huge.truncate(MAX_SOURCE_BYTES + 1)  # sparse: no disk used, no byte read
    limit = f"larger than {MAX_SOURCE_BYTES:,} bytes, the most a source may have"
    assert errors(tmp_path, {}) == [f"content/wiki/huge.txt:1: {limit}"]


_INDEX = "topics:\n- number: 7\n  name: Seven\n  slug: seven\n"


def test_hidden_and_unread_files_are_reported_not_published(tmp_path: Path) -> None:
    """``wiki/.hidden.txt`` was published though dotfiles are skipped elsewhere;
    every file not read is reported with its place."""
    content = with_seven(
        tmp_path,
        {
            "wiki/.hidden.txt": "Hidden intro.\n",
            "walkthroughs/.draft.yaml": "title: draft\n",
            "walkthroughs/notes.txt": "a note\n",
        },
    )
    site = generate(content)
    assert not any("hidden" in path for path in site.texts)
    warnings = {str(warning) for warning in site.report.warnings}
    assert warnings == {
        "content/wiki/.hidden.txt:1: a hidden file (its name starts with a dot): not read",
        f"{content / 'walkthroughs/.draft.yaml'}:1: a hidden file (its name starts with a dot): "
        "not read",
        f"{content / 'walkthroughs/notes.txt'}:1: not a source the site reads (ignored)",
    }


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ("link out", "symbolic link leads outside the content folder"),
        ("folder", "a folder, not a source file"),
        ("broken link", "broken symbolic link"),
    ],
)
def test_the_topic_index_goes_through_the_sources_gate(
    tmp_path: Path, shape: str, message: str
) -> None:
    """``topics.yaml`` linking out of the content folder was read and its topics published
    on the Coverage page; a ``topics.yaml`` folder was silently "no index"."""
    from rulesite.core.corpus import load_content
    from tests.generator.content_folder import CARDS

    content = write_content(tmp_path, {"rules/seven.yaml": CARDS})
    index = content / "topics.yaml"
    if shape == "link out":
        (tmp_path / "outside.yaml").write_text(_INDEX)
        index.symlink_to(tmp_path / "outside.yaml")
    elif shape == "folder":
        index.mkdir()
    else:
        index.symlink_to(tmp_path / "nowhere.yaml")
    assert diagnostics(lambda: load_content(content)) == [f"content/topics.yaml:1: {message}"]


def test_a_topic_index_linked_inside_the_content_folder_is_read(tmp_path: Path) -> None:
    from rulesite.core.corpus import load_content
    from tests.generator.content_folder import CARDS

    content = write_content(tmp_path, {"rules/seven.yaml": CARDS, "index/topics.yaml": _INDEX})
    (content / "topics.yaml").symlink_to(content / "index" / "topics.yaml")
    assert load_content(content).index.by_slug("seven") is not None
