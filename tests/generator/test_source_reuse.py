"""An unchanged source is not parsed again; a changed one always is, and gives what a
first reading gives."""

from __future__ import annotations

import functools
import os
import shutil
from pathlib import Path

import pytest

from rulesite.core.corpus import load_content
from rulesite.core.errors import SourceError
from rulesite.core.loaders import markdown
from rulesite.core.sources import reuse
from tests.generator.golden_model import CONTENT


@pytest.fixture
def content(tmp_path: Path) -> Path:
    return Path(shutil.copytree(CONTENT, tmp_path / "content"))


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every prose page parsed from here on, by name."""
    parsed: list[str] = []
    real = markdown.parse_markdown

    def parse(text: str, name: str) -> object:
        parsed.append(name)
        return real(text, name)

    monkeypatch.setattr(markdown, "parse_markdown", parse)
    return parsed


def test_an_unchanged_source_is_not_parsed_again_and_an_edited_one_is(
    content: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_content(content)  # the first reading: every file
    parsed = _counting(monkeypatch)
    again = load_content(content)
    assert parsed == []
    page = content / "rules" / "action_phase.md"
    page.write_text(
        page.read_text(encoding="utf-8").replace("each player takes", "each player now takes"),
        encoding="utf-8",
    )
    edited = load_content(content)
    assert parsed == ["content/rules/action_phase.md"]
    assert "now takes" in str(edited.topics)
    same = [t for t in edited.topics if "now takes" not in str(t)]
    assert len(same) == len(again.topics) - 1
    assert all(topic in again.topics for topic in same)


def test_a_reused_reading_equals_a_fresh_one(content: Path) -> None:
    load_content(content)
    reused = load_content(content)
    reuse._KEPT.clear()
    assert load_content(content) == reused


def test_an_edit_that_keeps_size_and_time_is_still_read_again(content: Path) -> None:
    """An editor that restores the old modification time still changes the status time."""
    page = content / "rules" / "action_phase.md"
    load_content(content)
    before = page.stat()
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("initiative", "INITIATIVE", 1), encoding="utf-8")
    os.utime(page, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert "INITIATIVE" in str(load_content(content).topics)


def test_a_broken_source_stays_an_error_when_reused(content: Path) -> None:
    page = content / "rules" / "action_phase.md"
    page.write_text("no front matter\n", encoding="utf-8")
    with pytest.raises(SourceError) as first:
        load_content(content)
    with pytest.raises(SourceError) as second:
        load_content(content)
    assert str(first.value) == str(second.value)


def test_a_loader_without_a_whole_name_is_never_reused(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text("x", encoding="utf-8")
    calls: list[int] = []

    def closure(p: Path, name: str) -> int:
        calls.append(1)
        return len(calls)

    assert reuse.reused_load(closure, path, "x") == 1
    assert reuse.reused_load(closure, path, "x") == 2
    unhashable = functools.partial(markdown.load_markdown, extra=[1])
    assert reuse._loader_key(unhashable) is None
    assert reuse._loader_key(markdown.load_markdown) is not None


def test_the_kept_readings_are_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reuse, "MAX_KEPT", 3)
    for n in range(6):
        path = tmp_path / f"{n}.txt"
        path.write_text(str(n), encoding="utf-8")
        reuse.reused_load(_length, path, path.name)
    assert len(reuse._KEPT) == 3


def _length(path: Path, name: str) -> int:
    return len(path.read_text(encoding="utf-8"))
