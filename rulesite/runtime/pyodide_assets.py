"""The Pyodide runtime, copied from the npm package into the site.

The site serves Pyodide itself, so walkthroughs work with no CDN and the
runtime's version is the one ``package.json`` pins. ``extra: pyodide_url:`` in
``mkdocs.yml`` may name another place (a CDN's ``.../full/`` folder); then
nothing is copied and the worker loads from there.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from rulesite.core.errors import SourceError
from rulesite.runtime.precompiled import FULL_STDLIB, STDLIB, Runtime

# What loadPyodide fetches for a pure-Python wheel: the loader, the Emscripten
# module, the stdlib and the lock file it checks package names against.
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
LOCAL_PYODIDE_DIR = "assets/pyodide"
# A plain static host (python3 -m http.server) sends files as they are on disk: there the
# worker fetches the large runtime files' Brotli siblings and decodes them with this
# decoder (npm brotli-dec-wasm; no browser decodes Brotli through DecompressionStream).
DECODER_PACKAGE = "brotli-dec-wasm"
DECODER_FILES = ("brotli_dec_wasm.js", "brotli_dec_wasm_bg.wasm")
# What a walkthrough's start fetches, decoded from a sibling on a plain host: all but the
# loader (imported by its URL, 18 KB).
DECODED_FILES = (
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# What the site serves of npm's package as it is (its stdlib is replaced by the precompiled
# one), with the decoder: the same bytes whatever the engine, so compressed before it is built.
PYODIDE_OWN = (
    *(name for name in RUNTIME_FILES if name != "python_stdlib.zip"),
    *DECODER_FILES,
)


def configured_pyodide_url(site_config: dict[str, Any]) -> str | None:
    """The ``extra.pyodide_url`` setting if it points away from the site, else ``None``."""
    url = (site_config.get("extra") or {}).get("pyodide_url") or ""
    return url if "://" in url else None


def _place(source: Path, target: Path) -> None:
    target.unlink(missing_ok=True)
    try:
        # A hard link costs nothing for a 9 MB wasm; copy across file systems.
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def copy_pyodide(node_modules: Path, docs_dir: Path) -> Path:
    """Copy the runtime files into ``docs_dir/assets/pyodide``; returns that folder.

    Raises:
        SourceError: the npm package is missing (``npm ci`` has not run).
    """
    package = node_modules / "pyodide"
    target = docs_dir / LOCAL_PYODIDE_DIR
    target.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        source = package / name
        if not source.is_file():
            raise SourceError.at(
                str(package / "package.json"), 1, f"{name} missing: run `npm ci` (make setup)"
            )
        _place(source, target / name)
    decoder = node_modules / DECODER_PACKAGE / "pkg"
    for name in DECODER_FILES:
        if not (decoder / name).is_file():
            raise SourceError.at(
                str(node_modules / DECODER_PACKAGE / "package.json"),
                1,
                f"{name} missing: run `npm ci` (make setup)",
            )
        _place(decoder / name, target / name)
    return target


def place_precompiled(runtime: Runtime, pyodide_dir: Path) -> None:
    """Serve the precompiled stdlib in ``pyodide_dir``: trimmed, and the full one as fallback."""
    _place(runtime.stdlib, pyodide_dir / STDLIB)
    _place(runtime.full_stdlib, pyodide_dir / FULL_STDLIB)


def runtime_bytes(pyodide_dir: Path) -> int:
    """What a walkthrough's start fetches of the runtime in ``pyodide_dir``, uncompressed."""
    return sum(f.stat().st_size for f in (pyodide_dir / n for n in RUNTIME_FILES) if f.is_file())
