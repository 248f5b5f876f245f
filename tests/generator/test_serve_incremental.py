"""Under ``serve`` an edit rebuilds only what it changed, and gives a full build's pages."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from rulesite.adapters.mkdocs.run import config_overrides
from rulesite.adapters.site_engine import BuildSettings
from rulesite.site_build import CONFIG_FILE
from tests.generator.golden_model import CONTENT

pytestmark = pytest.mark.slow

SITE_URL = "http://127.0.0.1:8000/"
PAGE = Path("rules") / "action_phase.md"
OTHER = "rules/tactical-action/index.html"


def _build(content: Path, site: Path, dirty: bool, start: bool = True) -> None:
    """One build as ``serve`` runs it (``dirty``: its rebuilds; ``start``: its first) or as
    ``build`` does."""
    settings = BuildSettings(content, CONFIG_FILE, site_url=SITE_URL)
    config = load_config(str(CONFIG_FILE), site_dir=str(site), **config_overrides(settings))
    if start:
        config.plugins.on_startup(command="serve" if dirty else "build", dirty=dirty)
    try:
        build(config, dirty=dirty)
    finally:
        if not dirty:
            config.plugins.on_shutdown()


def _pages(site: Path) -> dict[str, bytes]:
    return {
        path.relative_to(site).as_posix(): path.read_bytes()
        for path in sorted(site.rglob("*.html"))
    }


def _edit(content: Path, old: str, new: str) -> None:
    page = content / PAGE
    text = page.read_text(encoding="utf-8")
    assert old in text
    page.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def content(tmp_path: Path) -> Path:
    return Path(shutil.copytree(CONTENT, tmp_path / "content"))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("each player takes", "each player now takes"),  # one page's text
        ("title: Action Phase", "title: Action Phases"),  # a title every page's navigation shows
    ],
    ids=["a-rule", "a-title"],
)
def test_an_incremental_rebuild_gives_a_full_builds_pages(
    content: Path, tmp_path: Path, old: str, new: str
) -> None:
    served, full = tmp_path / "served", tmp_path / "full"
    _build(content, served, dirty=True)
    before = {path: (served / path).stat().st_mtime_ns for path in _pages(served)}
    _edit(content, old, new)
    _build(content, served, dirty=True, start=False)
    _build(content, full, dirty=False)
    rebuilt, expected = _pages(served), _pages(full)
    assert set(rebuilt) == set(expected)
    assert [path for path in expected if rebuilt[path] != expected[path]] == []
    assert new.split(" ")[-1].encode() in rebuilt["rules/action-phase/index.html"]
    other_rebuilt = (served / OTHER).stat().st_mtime_ns != before[OTHER]
    # Only the edited page is rebuilt for a rule's text; every page for a title.
    assert other_rebuilt == ("title" in old)
