"""The engine as a standard pure-Python wheel, built once per engine content.

The browser installs the engine with ``pyodide.loadPackage(wheelUrl)``, so the
site ships a real wheel made by a PEP 517 build of ``engine/`` (its own
``engine/pyproject.toml`` maps the folder to the ``engine`` package). The build
runs on a temporary copy, so build litter never lands in the source tree, and
its result is kept under ``.cache/engine-wheel/<hash of engine/>/``: a site
rebuild with an unchanged engine copies the cached wheel instead of building.
"""

from __future__ import annotations

import contextlib
import hashlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from rulesite.core.errors import SourceError

_SKIPPED = {"__pycache__", "build", "dist"}


def _is_source(relative: Path) -> bool:
    return not any(part in _SKIPPED or part.endswith(".egg-info") for part in relative.parts) and (
        relative.suffix != ".pyc"
    )


def _engine_files(engine_dir: Path) -> list[Path]:
    return sorted(
        path
        for path in engine_dir.rglob("*")
        if path.is_file() and _is_source(path.relative_to(engine_dir))
    )


def engine_hash(engine_dir: Path) -> str:
    """A hash of every source file of the engine (names and bytes)."""
    digest = hashlib.sha256()
    for path in _engine_files(engine_dir):
        digest.update(path.relative_to(engine_dir).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def _build(engine_dir: Path, out_dir: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="engine-wheel-") as tmp:
        source = Path(tmp) / "engine"
        for path in _engine_files(engine_dir):
            target = source / path.relative_to(engine_dir)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        # --no-isolation: the pinned setuptools in the venv builds it, nothing is downloaded.
        result = subprocess.run(
            [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out_dir)],
            cwd=source,
            capture_output=True,
            text=True,
            check=False,
        )
    if result.returncode != 0:
        tail = (result.stdout + result.stderr).strip().splitlines()[-5:]
        project = engine_dir / "pyproject.toml"
        raise SourceError.at(
            str(project), 1, "building the engine wheel failed: " + " | ".join(tail)
        )


def engine_wheel(engine_dir: Path, cache_dir: Path) -> Path:
    """The path of the engine's wheel, building it only if this engine content has none yet.

    Raises:
        SourceError: ``engine/pyproject.toml`` is missing or the build fails.
    """
    project = engine_dir / "pyproject.toml"
    if not project.is_file():
        raise SourceError.at(str(project), 1, "missing: the engine wheel cannot be built")
    slot = cache_dir / "engine-wheel" / engine_hash(engine_dir)
    wheels = sorted(slot.glob("*.whl"))
    if not wheels:
        # Built in a folder of its own, then renamed into place: a build interrupted halfway
        # leaves no wheel to trust, and of two builds at once the second rename finds the
        # slot taken and uses the wheel already there.
        slot.parent.mkdir(parents=True, exist_ok=True)
        partial = Path(tempfile.mkdtemp(prefix=f"{slot.name}.partial-", dir=slot.parent))
        try:
            _build(engine_dir, partial)
            with contextlib.suppress(OSError):
                partial.rename(slot)
        finally:
            shutil.rmtree(partial, ignore_errors=True)
        wheels = sorted(slot.glob("*.whl"))
    if len(wheels) != 1:
        raise SourceError.at(str(project), 1, "the build made no single wheel")
    return wheels[0]
