"""Serving generates again on every saved edit, reusing the last generation's steps: the
site it gives must be the one a full generation gives, byte for byte."""

from __future__ import annotations

import shutil
from pathlib import Path

from rulesite.core.generate import generate
from rulesite.core.reuse import Reuse

ROOT = Path(__file__).resolve().parents[2]


def test_an_edit_regenerated_with_reuse_gives_the_full_generation(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    reuse = Reuse()
    generate(content, reuse=reuse)
    first_done = reuse.done
    page = content / "rules" / "tactical_action.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace(" the ", " the plainly ", 1), encoding="utf-8")

    again = generate(content, reuse=reuse)
    full = generate(content)

    assert reuse.reused > 0, "nothing was reused"
    assert reuse.done < first_done, "the edit redid every step"
    assert dict(again.texts) == dict(full.texts)
    assert again.export.files("https://example.org/") == full.export.files("https://example.org/")
    assert "the plainly " in "".join(again.texts.values())


def test_an_unchanged_regeneration_reuses_most_steps_and_gives_the_same_site(
    tmp_path: Path,
) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    reuse = Reuse()
    first = generate(content, reuse=reuse)
    again = generate(content, reuse=reuse)
    assert reuse.reused > reuse.done
    assert dict(again.texts) == dict(first.texts)
