"""The whole build: real content → MkDocs site, checked link by link and anchor by anchor."""

from __future__ import annotations

import json
import posixpath
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from rulesite.core.anchors import Anchor
from rulesite.core.errors import SourceError
from rulesite.core.search_index import (
    rule_boost,
    rule_documents,
    search_records,
    with_search_records,
)
from rulesite.site_build import build_site
from tests.generator.content_folder import CARDS, PROSE, write_content
from tests.generator.site_once import ROOT, BuiltSite


class _Page(HTMLParser):
    """The hrefs and ids of one built page."""

    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag in ("a", "link") and found.get("href") is not None:
            self.hrefs.append(str(found["href"]))


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="session")
def site(built_site: BuiltSite) -> BuiltSite:
    built = built_site
    assert built.status == 0, built.stdout
    return built


@pytest.fixture(scope="session")
def pages(site: BuiltSite) -> dict[str, _Page]:
    """Every built HTML page (the copied Pyodide distribution aside), by path under the site."""
    return {
        path.relative_to(site.out).as_posix(): _parse(path)
        for path in site.out.rglob("*.html")
        if "pyodide" not in path.parts
    }


def _target(page_path: str, href: str) -> tuple[str, str] | None:
    """The file and fragment an internal ``href`` on ``page_path`` leads to; None if external."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc:
        return None
    # The 404 page links from the site root: it is served at any depth.
    base = "" if parts.path.startswith("/") else posixpath.dirname(page_path)
    path = unquote(parts.path).lstrip("/")
    if not parts.path:
        return page_path, unquote(parts.fragment)
    path = posixpath.normpath(posixpath.join(base, path)) if path else ""
    if parts.path.endswith("/") or path in ("", "."):
        path = posixpath.join("" if path == "." else path, "index.html")
    return path, unquote(parts.fragment)


def test_a_broken_mkdocs_configuration_is_reported_not_raised(tmp_path: Path) -> None:
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: x\ntheme:\n  name: no-such-theme\n", encoding="utf-8")
    with pytest.raises(SourceError) as error:
        build_site(ROOT / "content", tmp_path / "site", config_file=config)
    assert str(error.value).startswith(f"{config}:1: MkDocs: ")
    assert "no-such-theme" in str(error.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mkdocs.yml"]


@pytest.mark.slow
def test_every_internal_link_and_anchor_in_the_built_site_resolves(
    site: BuiltSite, pages: dict[str, _Page]
) -> None:
    broken = []
    checked = 0
    for page_path, page in pages.items():
        for href in page.hrefs:
            target = _target(page_path, href)
            if target is None:
                continue
            path, fragment = target
            checked += 1
            if not (site.out / path).is_file():
                broken.append(f"{page_path}: {href} → missing {path}")
            elif fragment and path.endswith(".html") and fragment not in pages[path].ids:
                broken.append(f"{page_path}: {href} → no id {fragment!r} in {path}")
    assert checked > 500
    assert broken == []


@pytest.mark.slow
def test_topic_pages_exist_with_their_anchors(pages: dict[str, _Page]) -> None:
    expected = {
        "rules/tactical-action/index.html": {"89.1", "89.2.3", "89.5.1", "89-note-2"},
        "rules/action-phase/index.html": {"3.4.1", "3-note-4"},
        "rules/movement/index.html": {
            "movement-step-1-move-ships-2",
            "movement-transport-1",
            "movement-faq-1",
        },
        "ti3/tactical-action/index.html": set(),
        "ti3/compare-tactical-action/index.html": set(),
        "rules-by-number/index.html": set(),
        "index.html": set(),
    }
    for path, ids in expected.items():
        assert path in pages, path
        assert ids <= pages[path].ids, path


@pytest.mark.slow
def test_third_edition_pages_link_to_their_fourth_edition_counterpart(
    pages: dict[str, _Page],
) -> None:
    assert "../../rules/tactical-action/" in pages["ti3/tactical-action/index.html"].hrefs
    comparison = pages["ti3/compare-tactical-action/index.html"].hrefs
    assert "../../rules/tactical-action/#89.2.3" in comparison
    assert any(href.startswith("../tactical-action/#ti3-") for href in comparison)


@pytest.mark.slow
def test_rule_ids_survive_mkdocs_unchanged(site: BuiltSite) -> None:
    html = (site.out / "rules/tactical-action/index.html").read_text(encoding="utf-8")
    assert '<li class="rule" id="89.2.3"><a class="rule-number" href="#89.2.3"' in html


@pytest.mark.slow
def test_rules_index_maps_every_anchor_to_a_page_that_has_it(
    site: BuiltSite, pages: dict[str, _Page]
) -> None:
    index = json.loads((site.out / "assets/rules-index.json").read_text(encoding="utf-8"))
    for anchor in ("89.2", "3.4.1", "89-note-2", "movement-step-1-move-ships-3", "movement-faq-1"):
        assert anchor in index
    for anchor, entry in index.items():
        path, _, fragment = entry["url"].partition("#")
        assert fragment in ("", anchor)
        assert not fragment or anchor in pages[path + "index.html"].ids, anchor
        assert entry["title"]
    labels = {key: index[key]["label"] for key in ("89.2", "89-note-2", "movement-faq-1")}
    assert labels == {"89.2": "89.2", "89-note-2": "89 note 2", "movement-faq-1": "Movement FAQ 1"}
    assert index["movement-step-1-move-ships-3"]["label"] == "Movement: Move Ships ¶3"


@pytest.mark.slow
def test_search_index_has_a_document_per_rule(site: BuiltSite) -> None:
    index = json.loads((site.out / "search/search_index.json").read_text(encoding="utf-8"))
    by_title = {doc["title"]: doc for doc in index["docs"]}
    rule = by_title["89.2.3"]
    assert rule["location"] == "rules/tactical-action/?rule=89.2.3"
    assert "Space Cannon" in rule["text"]
    assert by_title["89.2"]["boost"] > rule["boost"]
    # Material's own documents are still there: full-text search works as usual.
    assert any(doc["location"] == "rules/movement/#transport" for doc in index["docs"])
    assert index["config"]["separator"].startswith("[\\s\\-")


@pytest.mark.slow
def test_the_summary_counts_topics_rules_and_links(site: BuiltSite) -> None:
    lines = site.stdout.splitlines()
    assert "rules: 21" in lines
    assert any(line.startswith("topics: ") for line in lines)
    assert any(
        line.startswith("links unresolved: ") and line != "links unresolved: 0" for line in lines
    )
    assert any("tactical_action.md:52: link to 'Space Combat'" in line for line in lines)


@pytest.mark.slow
def test_an_unseen_content_folder_builds_without_code_changes(tmp_path: Path) -> None:
    content = write_content(
        tmp_path,
        {
            "rules/galactic_fog.yaml": FOG_CARDS,
            "rules/galactic_fog.md": FOG_PROSE,
        },
    )
    report, _ = build_site(content, tmp_path / "out")
    page = _parse(tmp_path / "out/rules/galactic-fog/index.html")
    assert {"42.1", "42.1.1", "42.2", "42-note-1"} <= page.ids
    assert report.topics == 1
    assert [link.slug for link in report.unresolved] == ["tactical_action"]


# The test folder's topic seven, renumbered and renamed: nothing in the code knows it.
FOG_CARDS = CARDS.replace("7.", "42.")
FOG_PROSE = PROSE.replace("title: Seven", "title: Galactic Fog")


def test_rule_documents_are_titled_by_number_and_ranked_by_depth() -> None:
    anchors = (
        Anchor("89", "rules/t/", "89 T", "T", "89"),
        Anchor("89.2", "rules/t/#89.2", "89.2 T", "<b>Step 2</b> & more", "89.2"),
        Anchor("89.2.3", "rules/t/#89.2.3", "89.2.3 T", "Space *Cannon*", "89.2.3"),
        Anchor("89.2c", "rules/t/#89.2c", "89.2.3 T", "Space *Cannon*", "89.2.3", "alias"),
        Anchor("89-note-1", "rules/t/#89-note-1", "note", "A note.", "89-note-1"),
    )
    docs = rule_documents(anchors)
    assert [(d["title"], d["location"]) for d in docs] == [
        ("89.2", "rules/t/?rule=89.2"),
        ("89.2.3", "rules/t/?rule=89.2.3"),
    ]
    assert docs[0]["text"] == "Step 2 &amp; more"
    assert docs[1]["text"] == "Space Cannon (89.2c)"  # and the printed LRR's letter form
    assert rule_boost("89.2") > rule_boost("89.2.3") > rule_boost("89.2.3.1") > 1
    index = {"config": {"separator": "x"}, "docs": [{"location": "", "title": "Home", "text": ""}]}
    merged = with_search_records(index, search_records(anchors))
    assert merged["docs"][0]["title"] == "Home"
    assert len(merged["docs"]) == 3
    assert index["docs"] == [{"location": "", "title": "Home", "text": ""}]
