"""Under ``serve`` an edit rebuilds only what it changed, and gives a full build's pages."""

from __future__ import annotations

import gzip
import shutil
from collections.abc import Callable
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
MOVEMENT = Path("wiki") / "movement.txt"  # a topic of its own
CARDS = Path("rules") / "tactical_action.yaml"
SITEMAP_GZ = "sitemap.xml.gz"
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


def _pages(site: Path, pattern: str = "*.html") -> dict[str, bytes]:
    return {
        path.relative_to(site).as_posix(): path.read_bytes()
        for path in sorted(site.rglob(pattern))
        if path.is_file()
    }


def _differing(site: Path, expected: Path) -> list[str]:
    """Every file of either site that the other lacks or holds with other bytes.

    One file legitimately differs between two site folders: MkDocs's sitemap.xml.gz names
    the file by its whole path in its gzip header, so its content is compared. What a
    build dates (sitemap.xml's ``lastmod``, that header's time) carries the day only.
    """
    found, wanted = _pages(site, "*"), _pages(expected, "*")
    for files in (found, wanted):
        if SITEMAP_GZ in files:
            files[SITEMAP_GZ] = gzip.decompress(files[SITEMAP_GZ])
    every = found.keys() | wanted.keys()
    return sorted(path for path in every if found.get(path) != wanted.get(path))


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


def _delete_topic(content: Path) -> None:
    """The movement topic, and the walkthroughs shown on its page."""
    (content / MOVEMENT).unlink()
    for walkthrough in (content / "walkthroughs").glob("*.yaml"):
        if "\npage: movement\n" in "\n" + walkthrough.read_text(encoding="utf-8"):
            walkthrough.unlink()


@pytest.mark.parametrize(
    "change",
    [
        lambda content: _edit(content, "each player takes", "each player now takes"),
        lambda content: _edit(content, "title: Action Phase", "title: Action Phases"),
        _delete_topic,
    ],
    ids=["a-rule", "a-title", "a-deleted-topic"],
)
def test_after_an_edit_the_served_site_is_a_fresh_serves_file_for_file(
    content: Path, tmp_path: Path, change: Callable[[Path], object]
) -> None:
    """Every file, compressed siblings, search index, number records, short links, the
    offline list and the service worker included: a deleted topic's files are gone."""
    served, fresh = tmp_path / "served", tmp_path / "fresh"
    _build(content, served, dirty=True)
    before = set(_pages(served, "*"))
    change(content)
    _build(content, served, dirty=True, start=False)
    _build(content, fresh, dirty=True)  # a new serve: its first build is a full one
    assert _differing(served, fresh) == []
    gone = before - set(_pages(served, "*"))
    assert ("rules/movement/index.html" in gone) == (change is _delete_topic), sorted(gone)[:5]


def test_a_broken_source_keeps_the_last_good_site_and_its_fix_restores_it(
    content: Path, tmp_path: Path
) -> None:
    served, fresh = tmp_path / "served", tmp_path / "fresh"
    _build(content, served, dirty=True)
    good = _pages(served)
    cards = content / CARDS
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text + "\n  broken: [unclosed\n", encoding="utf-8")
    _build(content, served, dirty=True, start=False)
    broken = _pages(served)
    assert set(broken) == set(good)  # every page of the last good site, still served
    # The pages MkDocs renders from the sources; not the short links nor the theme's 404.
    pages = [path for path in broken if not path.startswith("r/") and path != "404.html"]
    assert [path for path in pages if b"rules-build-error" not in broken[path]] == []
    assert b'id="89.2.3"' in broken["rules/tactical-action/index.html"]
    cards.write_text(text, encoding="utf-8")
    _build(content, served, dirty=True, start=False)
    _build(content, fresh, dirty=True)
    assert _differing(served, fresh) == []
