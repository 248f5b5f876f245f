"""Generated pages reach MkDocs in memory, replacing a written file of the same path."""

from __future__ import annotations

import warnings
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

from rulesite.generated_files import add_generated_files
from tests.generator.site_once import ROOT


def test_generated_pages_are_built_and_replace_written_ones(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Written\n", encoding="utf-8")
    (docs / "kept.md").write_text("# Kept\n", encoding="utf-8")
    config = load_config(
        config_file=str(ROOT / "mkdocs.yml"),
        docs_dir=str(docs),
        site_dir=str(tmp_path / "site"),
        nav=[{"Home": "index.md"}, {"New": "rules/new.md"}, {"Kept": "kept.md"}],
        # Only the files under test: the site's own scripts and styles are not in this docs folder.
        extra_css=[],
        extra_javascript=[],
    )
    add_generated_files(
        config, {"index.md": "# Generated\n", "rules/new.md": "# New\n", "data.json": "{}"}
    )
    with warnings.catch_warnings():
        # MkDocs still builds a file appended over another, but warns that it will stop doing so.
        warnings.simplefilter("error", DeprecationWarning)
        build(config)
    site = tmp_path / "site"
    assert "Generated" in (site / "index.html").read_text(encoding="utf-8")
    assert "Written" not in (site / "index.html").read_text(encoding="utf-8")
    assert "New" in (site / "rules/new/index.html").read_text(encoding="utf-8")
    assert "Kept" in (site / "kept/index.html").read_text(encoding="utf-8")
    assert (site / "data.json").read_text(encoding="utf-8") == "{}"
    assert not (docs / "rules").exists()
