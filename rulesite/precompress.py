"""Precompressed ``.br`` and ``.gz`` siblings of the built site's text and WebAssembly files.

A static server that finds ``page.html.br`` beside ``page.html`` can send it
with ``Content-Encoding: br`` to a browser that accepts Brotli, with no work
per request (README, "Serving compressed files"). Compressing at build time
also allows Brotli's slowest, densest setting for the runtime, which is
content-addressed (it only changes with the npm package or the engine) and so
is compressed once and kept under ``.cache/compressed/``; pages, which change
with every build, get a fast setting instead.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Callable, Iterator
from pathlib import Path

import brotli  # type: ignore[import-untyped]  # the package ships no type stubs

COMPRESSED_SUFFIXES = (".br", ".gz")
# Text and WebAssembly; the stdlib zips are stored uncompressed so they shrink too.
_SUFFIXES = frozenset(
    {".html", ".css", ".js", ".mjs", ".json", ".xml", ".svg", ".txt", ".map", ".wasm", ".zip"}
)
_MIN_BYTES = 256  # a smaller file gains less than the headers a sibling costs
_WORTH_IT = 0.9  # keep a sibling only if it saves at least a tenth
_DENSE = {"br": 11, "gz": 9}
_FAST = {"br": 5, "gz": 6}


def _encode(data: bytes, encoding: str, level: int) -> bytes:
    if encoding == "br":
        return bytes(brotli.compress(data, quality=level))
    # mtime=0: the same input always gives the same bytes.
    return gzip.compress(data, compresslevel=level, mtime=0)


def _cached(data: bytes, encoding: str, cache_dir: Path) -> bytes:
    slot = cache_dir / "compressed" / f"{hashlib.sha256(data).hexdigest()}.{encoding}"
    if slot.is_file():
        return slot.read_bytes()
    encoded = _encode(data, encoding, _DENSE[encoding])
    slot.parent.mkdir(parents=True, exist_ok=True)
    partial = slot.with_name(f"{slot.name}.{id(data)}.partial")
    partial.write_bytes(encoded)
    partial.replace(slot)
    return encoded


def compressible(site_dir: Path) -> Iterator[Path]:
    """The files of ``site_dir`` that get compressed siblings."""
    for path in sorted(site_dir.rglob("*")):
        if path.suffix in _SUFFIXES and path.is_file() and path.stat().st_size >= _MIN_BYTES:
            yield path


def precompress(
    site_dir: Path, cache_dir: Path, is_immutable: Callable[[str], bool]
) -> dict[str, int]:
    """Write the siblings; ``is_immutable(relative path)`` picks the dense, cached ones.

    Returns the bytes written per encoding, for the build report.
    """
    written = dict.fromkeys(_DENSE, 0)
    for path in compressible(site_dir):
        data = path.read_bytes()
        dense = is_immutable(path.relative_to(site_dir).as_posix())
        for encoding in _DENSE:
            if dense:
                encoded = _cached(data, encoding, cache_dir)
            else:
                encoded = _encode(data, encoding, _FAST[encoding])
            if len(encoded) <= len(data) * _WORTH_IT:
                path.with_name(f"{path.name}.{encoding}").write_bytes(encoded)
                written[encoding] += len(encoded)
    return written
