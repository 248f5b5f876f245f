"""The runtime's densest compressed forms, kept under ``.cache/compressed/`` by content.

The runtime's files change only with the npm package or the engine, so their Brotli 11
and gzip 9 forms are computed once and reused by every later build. On a fresh clone that
once is the longest part of the first build (28 MB at Brotli 11). Pyodide's own files do
not depend on the engine, so a build starts them (:func:`warm`) while Node precompiles the
runtime, on the core Node leaves free; a form asked for while it is being computed is
waited for, never computed twice (:func:`cached`).
"""

from __future__ import annotations

import gzip
import hashlib
import os
import threading
from collections.abc import Iterable
from concurrent.futures import Future
from pathlib import Path

import brotli  # type: ignore[import-untyped]  # the package ships no type stubs

from rulesite.publish.progress import said_once

__all__ = ["DENSE", "cached", "cached_only", "encode", "warm"]

DENSE = {"br": 11, "gz": 9}
# The forms being computed, by their slot: a second asker waits for the first.
_IN_FLIGHT: dict[Path, Future[bytes]] = {}
_IN_FLIGHT_LOCK = threading.Lock()


def encode(data: bytes, encoding: str, level: int) -> bytes:
    """``data`` compressed as ``encoding`` ("br" or "gz") at ``level``."""
    if encoding == "br":
        return bytes(brotli.compress(data, quality=level))
    # mtime=0: the same input always gives the same bytes.
    return gzip.compress(data, compresslevel=level, mtime=0)


def _slot(data: bytes, encoding: str, cache_dir: Path) -> Path:
    return cache_dir / "compressed" / f"{hashlib.sha256(data).hexdigest()}.{encoding}"


def cached_only(data: bytes, encoding: str, cache_dir: Path) -> bytes | None:
    """``data``'s dense form if the cache holds it, else ``None`` (nothing computed)."""
    slot = _slot(data, encoding, cache_dir)
    return slot.read_bytes() if slot.is_file() else None


def cached(data: bytes, encoding: str, cache_dir: Path) -> bytes:
    """``data``'s dense form, from the cache or computed into it."""
    slot = _slot(data, encoding, cache_dir)
    if slot.is_file():
        os.utime(slot)  # used: kept by prune_cache
        return slot.read_bytes()
    with _IN_FLIGHT_LOCK:
        computing = _IN_FLIGHT.get(slot)
        if computing is None:
            mine: Future[bytes] = Future()
            _IN_FLIGHT[slot] = mine
    if computing is not None:
        return computing.result()
    try:
        said_once(
            "compressing",
            f"compressing the runtime at the densest setting (once; kept in {slot.parent})",
        )
        encoded = encode(data, encoding, DENSE[encoding])
        slot.parent.mkdir(parents=True, exist_ok=True)
        partial = slot.with_name(f"{slot.name}.{threading.get_ident()}.partial")
        partial.write_bytes(encoded)
        partial.replace(slot)
    except BaseException as error:
        mine.set_exception(error)
        raise
    finally:
        with _IN_FLIGHT_LOCK:
            _IN_FLIGHT.pop(slot, None)
    mine.set_result(encoded)
    return encoded


def warm(files: Iterable[Path], cache_dir: Path) -> threading.Thread:
    """Start computing the dense forms of ``files`` (largest first) on one thread; returned
    started. A file that cannot be read is left to the build's own compression, which
    reports it."""
    paths = sorted((p for p in files if p.is_file()), key=lambda p: -p.stat().st_size)

    def run() -> None:
        for path in paths:
            try:
                data = path.read_bytes()
                for encoding in DENSE:
                    cached(data, encoding, cache_dir)
            except OSError:
                continue

    thread = threading.Thread(target=run, name="dense-cache-warm", daemon=True)
    thread.start()
    return thread
