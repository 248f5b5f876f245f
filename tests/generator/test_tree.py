"""The generator's core: ``python -m rulesite generate`` writes a plain tree, with no MkDocs."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from rulesite.adapters.tree import (
    MANIFEST,
    TreeOptions,
    generated_texts,
    in_own_folder,
    write_tree,
)
from rulesite.core.errors import SourceError
from rulesite.core.generate import generate
from rulesite.core.search_index import merge_search_records, search_records, with_search_records
from tests.generator.minimal_project import REPO, write_project

OPTIONS = TreeOptions(cache_dir=REPO / ".cache", node_modules=REPO / "node_modules")
# What MkDocs is made of: none of it may be needed to write the tree.
MKDOCS_DISTRIBUTIONS = ("mkdocs", "mkdocs-material")


def _core_dependencies() -> list[str]:
    """The project's pinned dependencies less MkDocs and its theme."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [
        pin
        for pin in project["dependencies"]
        if pin.split("=")[0].split(">")[0].split("<")[0].strip() not in MKDOCS_DISTRIBUTIONS
    ]


def _check_tree(tree: Path) -> None:
    manifest = json.loads((tree / MANIFEST).read_text(encoding="utf-8"))
    docs = tree / manifest["docs_dir"]
    page = (docs / "rules/galactic-fog/index.md").read_text(encoding="utf-8")
    assert page.startswith("---\n")  # front matter
    assert 'id="7.1.1"' in page or "7.1.1" in page
    assert 'data-walkthrough="fog-puzzle"' in page
    notes = (docs / "notes.md").read_text(encoding="utf-8")
    assert 'data-walkthrough="fog-puzzle"' in notes  # the hand-written page's marker, expanded
    assert "notes.md" in manifest["nav"]  # after the generated navigation
    assert manifest["nav"][0] != "notes.md"
    assert len(list((docs / "assets/walkthrough/wheels").glob("*.whl"))) == 1
    assert (docs / "assets/pyodide/pyodide.asm.wasm").is_file()
    assert (docs / "assets/walkthrough/data/fog-puzzle.json").is_file()
    assert (docs / "assets/javascripts/rules.js").is_file()
    assert (docs / "search/numbers/7.json").is_file()
    assert "assets/walkthrough/loader.js" in manifest["extra_javascript"]
    assert (tree / manifest["theme_dir"] / "main.html").is_file()
    records = json.loads((tree / manifest["search_records"]).read_text(encoding="utf-8"))
    assert "7.1.1" in [rule["title"] for rule in records["rules"]]
    assert "rules/galactic-fog/" in records["topics"]


@pytest.mark.slow
def test_generate_writes_the_tree_in_a_venv_without_mkdocs(tmp_path: Path) -> None:
    project = write_project(tmp_path / "fog", REPO / "node_modules", cache=REPO / ".cache")
    venv = tmp_path / "venv"
    # No system site-packages: only what is installed below is importable (and the
    # repository's own rulesite and engine, through PYTHONPATH).
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin/python"
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    constraints = ["-c", str(REPO / "constraints.txt")]
    subprocess.run([*pip, *constraints, *_core_dependencies()], check=True, timeout=600)
    env = {"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}
    no_mkdocs = subprocess.run(
        [str(python), "-c", "import mkdocs"], capture_output=True, env=env, check=False
    )
    assert no_mkdocs.returncode != 0
    args = ["generate", "--content", "content", "--docs", "docs", "--out", "tree"]
    args += ["--cache", str(REPO / ".cache"), "--node-modules", str(REPO / "node_modules")]
    result = subprocess.run(
        [str(python), "-m", "rulesite", *args],
        cwd=project,
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "topics: 1" in result.stdout
    _check_tree(project / "tree")


def test_the_tree_holds_what_the_plugin_hands_mkdocs(tmp_path: Path) -> None:
    project = write_project(tmp_path / "fog", REPO / "node_modules", cache=REPO / ".cache")
    options = TreeOptions(
        docs_dir=project / "docs", cache_dir=OPTIONS.cache_dir, node_modules=OPTIONS.node_modules
    )
    write_tree(project / "content", project / "tree", options)
    _check_tree(project / "tree")
    site = generate(project / "content", about=False)
    for path, text in generated_texts(site).items():
        written = project / "tree/docs" / in_own_folder(path)
        assert written.read_text(encoding="utf-8") == text, path


def test_search_records_merge_as_the_plugin_merges_them(tmp_path: Path) -> None:
    project = write_project(tmp_path / "fog", REPO / "node_modules", cache=REPO / ".cache")
    write_tree(project / "content", project / "tree", OPTIONS)
    records = json.loads((project / "tree/search-records.json").read_text(encoding="utf-8"))
    site = generate(project / "content")
    engine_docs = [{"location": "rules/galactic-fog/", "title": "Galactic Fog", "text": ""}]
    merged = with_search_records(
        {"docs": engine_docs}, search_records(site.anchors, site.directly_indexed, site.gaps)
    )
    assert merge_search_records(engine_docs, records) == merged["docs"]
    assert merged["docs"][0]["boost"] > max(doc.get("boost", 0) for doc in merged["docs"][1:])


def test_generate_replaces_its_own_tree_and_refuses_any_other_folder(tmp_path: Path) -> None:
    project = write_project(tmp_path / "fog", REPO / "node_modules", cache=REPO / ".cache")
    write_tree(project / "content", project / "tree", OPTIONS)
    (project / "tree/docs/stale.md").write_text("# old\n", encoding="utf-8")
    write_tree(project / "content", project / "tree", OPTIONS)
    assert not (project / "tree/docs/stale.md").exists()
    with pytest.raises(SourceError, match="did not build"):
        write_tree(project / "content", project / "docs", OPTIONS)
    assert (project / "docs/notes.md").is_file()


def test_a_broken_source_stops_generate_with_its_line_and_leaves_the_tree(tmp_path: Path) -> None:
    project = write_project(tmp_path / "fog", REPO / "node_modules", cache=REPO / ".cache")
    write_tree(project / "content", project / "tree", OPTIONS)
    before = (project / "tree/rulesite.json").read_text(encoding="utf-8")
    (project / "content/rules/galactic_fog.yaml").write_text("cards: [\n", encoding="utf-8")
    args = ["generate", "--content", "content", "--out", "tree"]
    args += ["--cache", str(REPO / ".cache"), "--node-modules", str(REPO / "node_modules")]
    result = subprocess.run(
        [sys.executable, "-m", "rulesite", *args],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 1
    assert "content/rules/galactic_fog.yaml:" in result.stderr
    assert "Traceback" not in result.stderr
    assert (project / "tree/rulesite.json").read_text(encoding="utf-8") == before


def test_mkdocs_stays_pinned_below_2_even_for_pre_releases() -> None:
    """MkDocs 2 has no plugin system: `pip install --pre` must not pull its pre-releases."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = [Requirement(pin) for pin in project["dependencies"]]
    mkdocs = next(pin for pin in pins if pin.name == "mkdocs")
    assert mkdocs.specifier.contains("1.6.1", prereleases=True)
    for version in ("2.0.0a1", "2.0.0rc1", "2.0.0"):
        assert not mkdocs.specifier.contains(version, prereleases=True), version
