"""Hostile input, second pass (issue 20, items 2, 3, 5 and 6): a file name never reaches an
attribute unescaped, bad input is ``file:line`` (never a traceback), no source is silently
dropped or overwritten, and a rule number is ASCII digits and dots.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulesite.errors import SourceError
from rulesite.generate import generate
from rulesite.walkthroughs import load_walkthroughs
from rulesite.walkthroughs.embed import side_by_side_html, tryit_html, walkthrough_html
from rulesite.walkthroughs.walkthrough_files import TryIt, Walkthrough
from tests.generator.content_folder import CARDS, write_content

ROOT = Path(__file__).resolve().parents[2]
WALKTHROUGHS = ROOT / "content" / "walkthroughs"
HOSTILE_NAME = 'x"><img src=x onerror=alert(1)>.yaml'
TRYIT = "page: seven\ntitle: A cell\ncode: |\n  print(1)\n"


def _content(tmp_path: Path, files: dict[str, str]) -> Path:
    """A content folder with topic 7 (rules/seven.yaml) and ``files``."""
    return write_content(tmp_path, {"rules/seven.yaml": CARDS, **files})


def _diagnostics(call) -> list[str]:  # type: ignore[no-untyped-def]
    with pytest.raises(SourceError) as caught:
        call()
    return [str(diagnostic) for diagnostic in caught.value.diagnostics]


# Item 2: one escaping path for every attribute the build writes; file names validated.


def test_20_2_a_file_name_with_markup_is_refused_with_its_file_and_line(tmp_path: Path) -> None:
    """Issue 20.2: ``x"><img src=x onerror=alert(1)>.yaml`` reached ``data-walkthrough``,
    ``id`` and ``<option value>`` as it was, and ran without the policy."""
    content = _content(tmp_path, {})
    folder = content / "walkthroughs"
    folder.mkdir()
    shutil.copy(WALKTHROUGHS / "movement-blocking.yaml", folder / HOSTILE_NAME)
    (folder / f"tryit-{HOSTILE_NAME}").write_text(TRYIT)
    shutil.copy(WALKTHROUGHS / "compare-retreat.yaml", folder / f"compare-{HOSTILE_NAME}")
    messages = _diagnostics(lambda: load_walkthroughs(content))
    assert len(messages) == 3
    names = sorted([HOSTILE_NAME, f"compare-{HOSTILE_NAME}", f"tryit-{HOSTILE_NAME}"])
    for message, name in zip(messages, names, strict=True):
        assert message.startswith(f"{folder / name}:1: file name {name!r}: ")
        assert "lowercase letters a-z, digits and single dashes" in message


def test_20_2_every_attribute_of_a_placeholder_is_escaped() -> None:
    """Issue 20.2: one escaping path (embed._attr) for ids too, whatever reaches them."""
    from rulesite.model import Location
    from rulesite.walkthroughs.side_by_side import SideBySide

    hostile = '"><img src=x onerror=alert(1)>'
    where = Location("w.yaml", 1)
    blocks = [
        walkthrough_html(Walkthrough(hostile, "seven", "T", {}, where)),
        tryit_html(TryIt(hostile, "seven", "T", "print(1)", where)),
        side_by_side_html((SideBySide(hostile, "T", {"description": "d"}, where),)),
    ]
    for block in blocks:
        assert "<img" not in block and '"">' not in block
        assert "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" in block


# Item 5: no silent drop, no two sources claiming one page or id.


@pytest.mark.parametrize("page", ["nowhere", "../../etc/passwd"])
def test_20_5_a_page_naming_no_page_is_refused(tmp_path: Path, page: str) -> None:
    """Issue 20.5: ``page:`` naming no page dropped the walkthrough or try-it cell unsaid."""
    walkthrough = (WALKTHROUGHS / "movement-blocking.yaml").read_text()
    content = _content(
        tmp_path,
        {
            "walkthroughs/lost.yaml": walkthrough.replace("page: movement", f"page: '{page}'"),
            "walkthroughs/tryit-lost.yaml": TRYIT.replace("page: seven", f"page: '{page}'"),
        },
    )
    messages = _diagnostics(lambda: generate(content))
    folder = content / "walkthroughs"
    assert messages == [
        f"{folder / 'lost.yaml'}:2: page: {page!r} names no page of the site",
        f"{folder / 'tryit-lost.yaml'}:1: page: {page!r} names no page of the site",
    ]
    # Named properly, both are placed.
    (folder / "lost.yaml").write_text(walkthrough.replace("page: movement", "page: seven"))
    (folder / "tryit-lost.yaml").write_text(TRYIT)
    page_text = generate(content).texts["rules/seven.md"]
    assert 'data-walkthrough="lost"' in page_text and 'data-tryit="tryit-lost"' in page_text


def test_20_5_walkthroughs_as_a_plain_file_is_refused(tmp_path: Path) -> None:
    """Issue 20.5: ``content/walkthroughs`` as a plain file dropped them all (a ``wiki`` file
    is refused)."""
    content = _content(tmp_path, {"walkthroughs": "not a folder\n"})
    assert _diagnostics(lambda: generate(content)) == [
        f"{content / 'walkthroughs'}:1: not a folder (a broken link, or a file where a source "
        "folder should be)"
    ]


def test_20_5_two_files_of_one_id_are_refused(tmp_path: Path) -> None:
    """Issue 20.5: ``movement_blocking.yaml`` beside ``movement-blocking.yaml`` overwrote each
    other's data (both are id ``movement-blocking``)."""
    text = (WALKTHROUGHS / "movement-blocking.yaml").read_text()
    content = _content(
        tmp_path,
        {"walkthroughs/movement-blocking.yaml": text, "walkthroughs/movement_blocking.yaml": text},
    )
    folder = content / "walkthroughs"
    assert _diagnostics(lambda: load_walkthroughs(content)) == [
        f"{folder / 'movement_blocking.yaml'}:1: id 'movement-blocking' is also "
        "movement-blocking.yaml's (underscores read as dashes) "
        f"(see {folder / 'movement-blocking.yaml'}:1)"
    ]


def test_20_5_hidden_and_unread_files_are_reported_not_published(tmp_path: Path) -> None:
    """Issue 20.5: ``wiki/.hidden.txt`` was published though dotfiles are skipped elsewhere;
    every file not read is reported with its place."""
    content = _content(
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
