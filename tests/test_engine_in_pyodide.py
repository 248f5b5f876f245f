"""The engine's whole test suite passes inside real Pyodide (Python 3.14) under Node.

The site runs the engine in Pyodide, so its tests must pass there, not only on
CPython. This test downloads pure wheels of pytest and hypothesis for Pyodide
with the venv's pip (cached in .cache/pyodide-wheels/), runs
tests/pyodide/run_engine_tests.mjs, and checks that every test collected under
CPython passed inside Pyodide, except the ones that need subprocesses.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.engine.cpython_only import COMMAND_LINE_YAML

pytestmark = pytest.mark.pyodide

ROOT = Path(__file__).resolve().parent.parent
WHEELS = ROOT / ".cache" / "pyodide-wheels"
PURE = ROOT / ".cache" / "pyodide-pure"
ENGINE_TESTS = "tests/engine"
RUNNER = ROOT / "tests" / "pyodide" / "run_engine_tests.mjs"
# Same pins as pyproject.toml's test extra: the suite runs with the same tools on both sides.
PYODIDE_TEST_WHEELS = ("pytest==9.2.0", "hypothesis==6.155.7")
# The only reasons a test may skip inside Pyodide: test_odds_cli.py and
# tests/engine/cpython_only.py say why.
ALLOWED_SKIPS = ("no subprocesses in Pyodide", COMMAND_LINE_YAML)


def _download_wheels() -> None:
    wanted = [spec.replace("==", "-") for spec in PYODIDE_TEST_WHEELS]
    present = [p.name for p in WHEELS.glob("*.whl")]
    if all(any(name.startswith(w + "-") for name in present) for w in wanted):
        return
    pip_download = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check"]
    pure_wheels_for_pyodide = ["--only-binary=:all:", "--python-version", "3.14"]
    pure_wheels_for_pyodide += ["--platform", "any", "--implementation", "py", "--abi", "none"]
    subprocess.run(
        [
            *pip_download,
            "--quiet",
            *pure_wheels_for_pyodide,
            "-d",
            str(WHEELS),
            *PYODIDE_TEST_WHEELS,
        ],
        check=True,
        capture_output=True,
        text=True,
    )


def _pure_yaml() -> None:
    """PyYAML's Python implementation (its C speed-up left behind) for the tests' scenario files."""
    source = Path(yaml.__file__).parent
    target = PURE / "yaml"
    target.mkdir(parents=True, exist_ok=True)
    for module in source.glob("*.py"):
        shutil.copyfile(module, target / module.name)


def _collected_under_cpython() -> set[str]:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            ENGINE_TESTS,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return {line for line in result.stdout.splitlines() if "::" in line}


def test_engine_suite_passes_in_pyodide() -> None:
    node = shutil.which("node")
    assert node, "node is needed to run Pyodide (see README set-up)"
    _download_wheels()
    _pure_yaml()
    run = subprocess.run(
        [node, str(RUNNER), "--wheels", str(WHEELS), "--pure", str(PURE), "-q", ENGINE_TESTS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    lines = [line for line in run.stdout.splitlines() if line.startswith("PYODIDE_RESULT ")]
    assert lines, run.stdout[-3000:] + run.stderr[-3000:]
    result = json.loads(lines[-1].removeprefix("PYODIDE_RESULT "))
    assert result["platform"] == "emscripten"
    assert result["version"].startswith("3.14")
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert result["failed"] == []
    wrongly_skipped = {
        n: r for n, r in result["skipped"].items() if not any(a in r for a in ALLOWED_SKIPS)
    }
    assert wrongly_skipped == {}
    # Strict expected failures (the abilities the board cannot yet play, test_one_model.py)
    # fail as they do under CPython; one that passed would be reported as failed above.
    assert all(n.startswith("tests/engine/test_one_model.py::") for n in result["xfailed"])
    expected = _collected_under_cpython() - set(result["skipped"]) - set(result["xfailed"])
    assert len(result["passed"]) == len(expected)
    assert set(result["passed"]) == expected
