"""The Zensical adapter: ``rulesite build --engine zensical`` and ``rulesite serve --engine
zensical`` (``build_site.py`` over them)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulesite.adapters.tree import TreeOptions, write_tree
from rulesite.adapters.zensical import builder as zensical
from rulesite.core.errors import SourceError
from rulesite.publish.csp import TRUSTED_TYPES
from tests.generator.minimal_project import REPO
from tests.serve_process import RELOAD_SECONDS, Server, get, serving, until

pytestmark = pytest.mark.slow

OPTIONS = TreeOptions(
    docs_dir=REPO / "docs", cache_dir=REPO / ".cache", node_modules=REPO / "node_modules"
)
INTRO = "The tactical action is the primary method"


def _python(*args: str) -> str:
    """``python ARGS`` in the repository, which must succeed; its output."""
    result = subprocess.run(
        [sys.executable, *args], cwd=REPO, capture_output=True, text=True, timeout=900, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("zensical") / "site"
    assert "topics: 10" in _python("build_site.py", "--engine", "zensical", "--out", str(out))
    return out


def test_every_generated_page_is_built_with_the_policy_and_no_inline_script(built: Path) -> None:
    manifest_pages = ["index.md", "rules/tactical-action.md", "ti3/action-phase.md", "about.md"]
    for page in manifest_pages:
        html = (built / zensical.page_html(page)).read_text(encoding="utf-8")
        # The served policy and Trusted Types, as every MkDocs page has them.
        assert f'content="{zensical.site_policy()}; {TRUSTED_TYPES}"' in html, page
        assert zensical.OVERRIDE_MARK in html, page  # the theme override applied
        # The default Trusted Types policy is defined before Zensical's bundle writes HTML.
        assert html.index("assets/theme/trusted_types.js") < html.index("javascripts/bundle."), page
        assert not re.search(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", html)
    page = (built / "rules/tactical-action/index.html").read_text(encoding="utf-8")
    assert 'id="89.2.3"' in page
    assert 'data-walkthrough="tactical-action"' in page


def test_the_odds_calculator_page_is_built_and_linked_from_home_and_navigation(
    built: Path,
) -> None:
    page = (built / zensical.page_html("odds.md")).read_text(encoding="utf-8")
    assert '<div class="odds-calc">' in page
    assert "assets/walkthrough/loader.js" in page  # which loads the calculator's script
    assert (built / "assets/odds/calculator.js").is_file()
    assert (built / "assets/odds/catalogue.json").is_file()
    home = (built / "index.html").read_text(encoding="utf-8")
    assert '<a href="odds/">the combat odds calculator</a>' in home
    assert 'href="./odds/" class="md-nav__link' in home  # in the navigation


def test_search_index_holds_a_document_per_rule_pointing_at_its_anchor(built: Path) -> None:
    index = json.loads((built / "search.json").read_text(encoding="utf-8"))
    rule = next(item for item in index["items"] if item["title"] == "89.2.3")
    assert rule["location"] == "rules/tactical-action/#89.2.3"
    assert rule["path"] == ["Tactical Action"]  # the topic's name, not its number (ranking)
    assert (built / "search.json.br").is_file()
    # Zensical stores <noscript> content escaped, as text a result would show: it is left out.
    assert "wt-noscript" not in (built / "search.json").read_text(encoding="utf-8")


def test_the_site_works_offline_and_loads_nothing_from_a_cdn(built: Path) -> None:
    assert (built / "sw.js").is_file()
    assert "assets/theme/no-lightbox.js" in (built / "index.html").read_text(encoding="utf-8")
    assert (built / "assets/pyodide/pyodide.asm.wasm").is_file()
    assert (built / "search/numbers/89.json").is_file()


def _build(folder: Path) -> None:
    zensical.build(
        folder / "tree",
        folder / "site",
        config_file=REPO / "mkdocs.yml",
        cache_dir=OPTIONS.cache_dir,
        node_modules=OPTIONS.node_modules,
    )


def test_a_page_missing_from_the_build_fails_the_check(tmp_path: Path) -> None:
    write_tree(REPO / "content", tmp_path / "tree", OPTIONS)
    manifest = json.loads((tmp_path / "tree/rulesite.json").read_text(encoding="utf-8"))
    manifest["pages"].append("rules/never-generated.md")
    (tmp_path / "tree/rulesite.json").write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(SourceError, match=r"no page for rules/never-generated\.md"):
        _build(tmp_path)
    assert not (tmp_path / "site").exists()


def test_a_page_with_an_inline_script_fails_the_check(tmp_path: Path) -> None:
    write_tree(REPO / "content", tmp_path / "tree", OPTIONS)
    about = tmp_path / "tree/docs/about.md"
    about.write_text(
        about.read_text(encoding="utf-8") + "\n<script>alert(1)</script>\n", encoding="utf-8"
    )
    with pytest.raises(SourceError, match="inline script"):
        _build(tmp_path)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("zserve"), engine="zensical") as running:
        yield running


def test_serve_regenerates_on_a_source_edit(server: Server) -> None:
    page = server.base + "rules/tactical-action/"
    # Zensical answers while it still builds its first pages.
    until(lambda: INTRO.encode() in get(page).body, RELOAD_SECONDS, "the page is built")
    prose = server.content / "rules/tactical_action.md"
    text = prose.read_text(encoding="utf-8")
    prose.write_text(text.replace(INTRO, "Edited while serving: " + INTRO), encoding="utf-8")
    until(lambda: b"Edited while serving: " in get(page).body, RELOAD_SECONDS, "the edit shows")


def test_a_second_build_replaces_the_first(tmp_path: Path) -> None:
    build = ["-m", "rulesite", "build", "--engine", "zensical", "--out", str(tmp_path / "site")]
    for command in (build, build):
        _python(*command)
    assert (tmp_path / "site/rules/tactical-action/index.html").is_file()
    assert not (tmp_path / "site/site").exists()  # the second build replaced the first
    # Nothing of either build's own folder (the tree, the staging) is left beside the site.
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]


def test_serve_reports_a_broken_source_and_keeps_the_last_good_pages(server: Server) -> None:
    page = server.base + "rules/tactical-action/"
    until(lambda: INTRO.encode() in get(page).body, RELOAD_SECONDS, "the page is built")
    (server.content / "rules/tactical_action.yaml").write_text("cards: [\n", encoding="utf-8")
    until(
        lambda: "tactical_action.yaml:" in server.log.read_text(encoding="utf-8"),
        RELOAD_SECONDS,
        "the broken source is reported with its file and line",
    )
    assert "the last good pages stay served" in server.log.read_text(encoding="utf-8")
    assert INTRO.encode() in get(page).body
