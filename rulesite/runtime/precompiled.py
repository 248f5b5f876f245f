"""The runtime the site serves, compiled to bytecode by the Pyodide that runs it.

Pyodide's npm package ships its standard library as sources, so every boot
compiles some 190 modules before a walkthrough can start; the engine wheel is
sources too. ``precompile.mjs`` boots that same Pyodide under Node (bytecode is
only valid for the interpreter that wrote it) and writes three files:

- ``python_stdlib.zip``: bytecode of the packages the boot and the engine use,
  plus a fallback that fetches the full stdlib the first time a try-it cell
  imports anything else (``stdlib_fallback.py``);
- ``python_stdlib_full.zip``: bytecode of the whole stdlib, for that fallback;
- the engine wheel with ``__pycache__`` bytecode beside its sources.

Everything runs offline and is kept under ``.cache/runtime/<hash>/``, keyed by
the npm package's stdlib, the wheel and these scripts: a rebuild with nothing
changed reuses it without starting Node.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from rulesite.publish.node import start_node
from rulesite.publish.progress import say

_HERE = Path(__file__).resolve().parent
_SCRIPT = _HERE / "precompile.mjs"
# Everything that decides the output: change any of these and the cache misses.
_SCRIPTS = (_SCRIPT, _HERE / "pyc_in_pyodide.py", _HERE / "stdlib_fallback.py")
STDLIB = "python_stdlib.zip"
FULL_STDLIB = "python_stdlib_full.zip"
_TIMEOUT = 300


@dataclass(frozen=True)
class Runtime:
    """The precompiled files, in the cache."""

    stdlib: Path
    full_stdlib: Path
    wheel: Path


def _key(pyodide_dir: Path, wheel: Path) -> str:
    digest = hashlib.sha256()
    inputs = (pyodide_dir / "package.json", pyodide_dir / STDLIB, wheel, *_SCRIPTS)
    for path in inputs:
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def _runtime(slot: Path, wheel_name: str) -> Runtime:
    return Runtime(slot / STDLIB, slot / FULL_STDLIB, slot / wheel_name)


def _compile(pyodide_dir: Path, wheel: Path, out_dir: Path) -> None:
    run = start_node(
        _SCRIPT,
        [str(pyodide_dir), str(wheel), str(out_dir)],
        where=str(pyodide_dir / "package.json"),
        what="compiling the runtime",
        timeout_s=_TIMEOUT,
    )
    json.loads(run.output())  # its report: proof it reached the end


def precompiled_runtime(pyodide_dir: Path, wheel: Path, cache_dir: Path) -> Runtime:
    """The precompiled stdlib zips and engine wheel, compiling them if this input has none yet.

    Raises:
        SourceError: Node is missing or the compilation fails.
    """
    slot = cache_dir / "runtime" / _key(pyodide_dir, wheel)
    runtime = _runtime(slot, wheel.name)
    if all(path.is_file() for path in (runtime.stdlib, runtime.full_stdlib, runtime.wheel)):
        return runtime
    slot.parent.mkdir(parents=True, exist_ok=True)
    say(f"precompiling the Python runtime under Node (once; kept in {slot.parent})")
    started = time.perf_counter()
    # Compiled beside the slot and renamed in: an interrupted run leaves nothing half-written.
    partial = Path(tempfile.mkdtemp(prefix=f"{slot.name}-", dir=slot.parent))
    try:
        _compile(pyodide_dir, wheel, partial)
        say(f"runtime precompiled in {time.perf_counter() - started:.0f}s; cached for later builds")
        try:
            partial.rename(slot)
        except OSError:
            # Another build put the same files in place first; theirs are as good.
            if not slot.is_dir():
                raise
    finally:
        shutil.rmtree(partial, ignore_errors=True)
    return runtime
