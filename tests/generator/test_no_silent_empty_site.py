"""A build that did not run the generator fails, saying how to build: never an empty site.

MkDocs without the ``rules`` plugin, or Zensical (which runs no MkDocs plugin and
says nothing about it), on this repository's own ``mkdocs.yml`` and ``docs/``, would
otherwise build the about page alone and report success.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.generator.minimal_project import REPO

HOW_TO_BUILD = "Build it with `rulesite build`"


def _project(root: Path, plugin: bool) -> Path:
    """This repository's configuration and docs/ (``plugin=False``: the ``rules`` plugin
    taken out of the configuration)."""
    shutil.copytree(REPO / "docs", root / "docs")
    lines = (REPO / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    if not plugin:
        start = lines.index("  - rules:")
        end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("      "))
        lines = [*lines[:start], *lines[end:]]
    config = "\n".join(lines).replace(
        "custom_dir: rulesite/theme", f"custom_dir: {REPO / 'rulesite/theme'}"
    )
    assert ("- rules:" in config) == plugin
    (root / "mkdocs.yml").write_text(config + "\n", encoding="utf-8")
    return root


def _run(project: Path, *command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_mkdocs_without_the_rules_plugin_fails_and_says_how_to_build(tmp_path: Path) -> None:
    project = _project(tmp_path, plugin=False)
    result = _run(project, "mkdocs", "build")
    assert result.returncode != 0
    assert "built without its generator" in result.stderr
    assert HOW_TO_BUILD in result.stderr
    assert not (project / "site/index.html").exists()


def test_zensical_on_the_repository_fails_and_says_how_to_build(tmp_path: Path) -> None:
    # Zensical reads mkdocs.yml, skips the `rules` plugin it cannot run, and says nothing.
    project = _project(tmp_path, plugin=True)
    result = _run(project, "zensical", "build")
    output = result.stdout + result.stderr
    assert result.returncode != 0, output
    assert "built without its generator" in output
    assert HOW_TO_BUILD in output
    assert not (project / "site/index.html").exists()
