"""The ``rules`` plugin under MkDocs's own command line, on a project outside this repository."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.generator.minimal_project import REPO, check_built, write_project
from tests.generator.upstream_form import write_upstream_form

pytestmark = pytest.mark.slow


def _mkdocs(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", *args],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return write_project(tmp_path / "fog", REPO / "node_modules", cache=REPO / ".cache")


def test_mkdocs_build_strict_builds_a_rules_folder_with_its_walkthrough(project: Path) -> None:
    result = _mkdocs(project, "build", "--strict")
    assert result.returncode == 0, result.stderr
    check_built(project / "site")
    nav = (project / "site/index.html").read_text(encoding="utf-8")
    assert "notes/" in nav  # the hand-written page follows the generated navigation


def test_a_generated_page_replaces_a_written_one_of_the_same_path(project: Path) -> None:
    (project / "docs/index.md").write_text("# Written home\n", encoding="utf-8")
    result = _mkdocs(project, "build")
    assert result.returncode == 0, result.stderr
    home = (project / "site/index.html").read_text(encoding="utf-8")
    assert "Written home" not in home
    assert "galactic-fog/" in home


def test_a_written_asset_overrides_the_packages_default(project: Path) -> None:
    (project / "docs/assets/stylesheets").mkdir(parents=True)
    (project / "docs/assets/stylesheets/rules.css").write_text("/* mine */\n", encoding="utf-8")
    result = _mkdocs(project, "build")
    assert result.returncode == 0, result.stderr
    assert (project / "site/assets/stylesheets/rules.css").read_text() == "/* mine */\n"
    assert (project / "site/assets/walkthrough/widget.css").stat().st_size > 100  # the package's


def test_strict_refuses_a_link_to_a_topic_without_a_page(project: Path) -> None:
    prose = project / "content/rules/galactic_fog.md"
    prose.write_text(
        prose.read_text(encoding="utf-8")
        # A topic neither this content nor the LRR index the package ships knows.
        + "## Related Topics\n\n - [Galactic Weather](/rules/r_galactic_weather)\n",
        encoding="utf-8",
    )
    assert _mkdocs(project, "build").returncode == 0
    result = _mkdocs(project, "build", "--strict", "-d", "strict-site")
    assert result.returncode != 0
    assert "content/rules/galactic_fog.md:" in result.stderr
    assert "no such topic here or in the topic index" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (project / "strict-site/index.html").exists()


def test_strict_refuses_a_source_warning_that_a_plain_build_only_reports(project: Path) -> None:
    (project / "content/rules/notes.txt").write_text("stray\n", encoding="utf-8")
    plain = _mkdocs(project, "build")
    assert plain.returncode == 0, plain.stderr
    assert "WARNING -  rulesite: content/rules/notes.txt:1: not a source" in plain.stderr
    strict = _mkdocs(project, "build", "--strict")
    assert strict.returncode != 0
    assert "1 warnings in strict mode" in strict.stdout + strict.stderr, strict.stdout


def test_a_missing_content_folder_is_a_clear_error(project: Path) -> None:
    (project / "content").rename(project / "elsewhere")
    result = _mkdocs(project, "build")
    assert result.returncode != 0
    assert "content folder not found" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_site_over_its_precache_budget_lists_only_its_shell_in_the_worker(
    tmp_path: Path,
) -> None:
    project = write_project(
        tmp_path / "fog", REPO / "node_modules", cache=REPO / ".cache", options=["precache_mb: 0"]
    )
    result = _mkdocs(project, "build")
    assert result.returncode == 0, result.stderr
    site = project / "site"
    listed = set(re.findall(r'"url":"([^"]+)"', (site / "sw.js").read_text()))
    assert {"index.html", "assets/javascripts/rules.js", "assets/walkthrough/widget.js"} <= listed
    # The shell: the home page, the 404 page and the offline page an uncached visit gets.
    shell = {"index.html", "404.html", "offline/index.html"}
    assert {url for url in listed if url.endswith(".html")} <= shell
    assert "search/search_index.json" not in listed
    assert (site / "rules/galactic-fog/index.html").is_file()  # built, kept once read


def test_the_transcription_form_builds_strictly_with_missing_topic_url_linking_gaps(
    tmp_path: Path,
) -> None:
    """The upstream form dropped in (tests/generator/upstream_form.py) passes --strict, and
    the plugin's ``missing_topic_url`` links a gap (Purge, topic 70) to its text elsewhere."""
    project = write_project(
        tmp_path / "fog",
        REPO / "node_modules",
        cache=REPO / ".cache",
        options=['missing_topic_url: "https://example.org/rules/{slug}"'],
    )
    write_upstream_form(project / "content")
    result = _mkdocs(project, "build", "--strict")
    assert result.returncode == 0, result.stderr
    cannon = (project / "site/rules/space-cannon/index.html").read_text(encoding="utf-8")
    assert '<a href="https://example.org/rules/purge">70 Purge</a>' in cannon
    assert (project / "site/factions/lizix/index.html").is_file()
    assert (project / "site/coverage/index.html").is_file()


def test_the_previous_option_builds_a_what_changed_page_and_short_links(tmp_path: Path) -> None:
    """``previous:`` in mkdocs.yml: the built site has changes/ against the earlier folder,
    and every rule its r/<number>/ page, every note its r/<anchor>/ page."""
    project = write_project(
        tmp_path / "fog", REPO / "node_modules", cache=REPO / ".cache", options=["previous: old"]
    )
    shutil.copytree(project / "content", project / "old")
    result = _mkdocs(project, "build")
    assert result.returncode == 0, result.stderr
    changes = (project / "site/changes/index.html").read_text(encoding="utf-8")
    assert "Nothing changed." in changes
    short = sorted(p.parent.name for p in (project / "site/r").glob("*/index.html"))
    # Rules, notes, and topic numbers the index knows that say "not in this reference yet".
    assert short and all(re.fullmatch(r"\d+(\.\d+)*[a-z]?|\d+-note-\d+", n) for n in short)
    assert any("-note-" in n for n in short) and any("." in n for n in short)


def test_a_missing_previous_folder_is_a_clear_error(tmp_path: Path) -> None:
    project = write_project(
        tmp_path / "fog", REPO / "node_modules", cache=REPO / ".cache", options=["previous: old"]
    )
    result = _mkdocs(project, "build")
    assert result.returncode != 0
    assert "earlier sources (--previous): content folder not found" in result.stderr
    assert "Traceback" not in result.stderr
