"""Installable: the project's wheel, in a fresh virtual environment outside this repository,
builds a rules site from someone else's folder with plain ``mkdocs build --strict``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.generator.minimal_project import REPO, check_built, write_project

pytestmark = pytest.mark.slow

# The files a wheel is built from; copied, so the build leaves no litter in the repository.
PROJECT_FILES = ("pyproject.toml", "README.md", "rulesite", "engine")


def _run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {
        key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")
    }
    result = subprocess.run(
        [str(arg) for arg in args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env=env,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("source")
    for name in PROJECT_FILES:
        if (REPO / name).is_dir():
            shutil.copytree(
                REPO / name, source / name, ignore=shutil.ignore_patterns("__pycache__")
            )
        else:
            shutil.copy2(REPO / name, source / name)
    dist = tmp_path_factory.mktemp("dist")
    _run(sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", dist, cwd=source)
    (built,) = dist.glob("*.whl")
    return built


def test_the_wheel_carries_templates_assets_and_the_engine_build_file(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(n for n in names if n.endswith("entry_points.txt"))
        assert (
            "rules = rulesite.adapters.mkdocs.plugin:RulesPlugin"
            in archive.read(entry_points).decode()
        )
    for name in (
        "rulesite/core/render/templates/topic.md.j2",
        "rulesite/assets/walkthrough/widget.js",
        "rulesite/assets/walkthrough/worker.js",
        "rulesite/assets/walkthrough/bridge.py",
        "rulesite/assets/stylesheets/rules.css",
        "engine/pyproject.toml",
        "engine/api.py",
    ):
        assert name in names, name


def test_a_fresh_venv_with_the_wheel_builds_a_rules_folder_outside_the_repository(
    wheel: Path, tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    _run(
        python,
        "-m",
        "pip",
        "install",
        "--quiet",
        "-c",
        REPO / "constraints.txt",
        wheel,
        cwd=tmp_path,
    )
    project = write_project(tmp_path / "fog", REPO / "node_modules")
    located = _run(
        python,
        "-c",
        "import rulesite, engine; print(rulesite.__file__, engine.__file__)",
        cwd=project,
    )
    assert str(REPO) not in located.stdout  # the installed copy, not this checkout
    _run(venv / "bin" / "mkdocs", "build", "--strict", cwd=project)
    check_built(project / "site")
