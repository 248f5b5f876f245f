"""Precompressed siblings of the built site (issue 10, item 1)."""

from __future__ import annotations

import gzip
import hashlib
import os
from pathlib import Path

import brotli

from rulesite.precompress import precompress

TEXT = "<p>The active player may move any number of ships.</p>\n" * 200


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "assets" / "pyodide").mkdir(parents=True)
    (site / "index.html").write_text(TEXT, encoding="utf-8")
    (site / "tiny.js").write_text("let a = 1;", encoding="utf-8")
    (site / "picture.png").write_bytes(TEXT.encode())
    (site / "assets" / "pyodide" / "noise.wasm").write_bytes(os.urandom(4096))
    (site / "assets" / "pyodide" / "runtime.mjs").write_text(TEXT * 2, encoding="utf-8")
    return site


def _runtime(relative: str) -> bool:
    return relative.startswith("assets/pyodide/")


def test_text_files_get_br_and_gz_siblings_that_decode_to_the_same_bytes(tmp_path: Path) -> None:
    site = _site(tmp_path)
    precompress(site, tmp_path / "cache", _runtime)
    original = (site / "index.html").read_bytes()
    assert brotli.decompress((site / "index.html.br").read_bytes()) == original
    assert gzip.decompress((site / "index.html.gz").read_bytes()) == original
    runtime = (site / "assets" / "pyodide" / "runtime.mjs").read_bytes()
    assert (
        brotli.decompress((site / "assets" / "pyodide" / "runtime.mjs.br").read_bytes()) == runtime
    )


def test_no_sibling_for_tiny_files_other_types_or_data_that_does_not_shrink(tmp_path: Path) -> None:
    site = _site(tmp_path)
    precompress(site, tmp_path / "cache", _runtime)
    for name in ("tiny.js", "picture.png", "assets/pyodide/noise.wasm"):
        assert not (site / f"{name}.br").exists(), name
        assert not (site / f"{name}.gz").exists(), name


def test_runtime_files_are_compressed_once_and_reused_from_the_cache(tmp_path: Path) -> None:
    site, cache = _site(tmp_path), tmp_path / "cache"
    precompress(site, cache, _runtime)
    cached = {p.name for p in (cache / "compressed").iterdir()}
    runtime = hashlib.sha256((site / "assets" / "pyodide" / "runtime.mjs").read_bytes()).hexdigest()
    page = hashlib.sha256((site / "index.html").read_bytes()).hexdigest()
    # Runtime files (densely compressed) are cached; pages, which change with every build, not.
    assert {f"{runtime}.br", f"{runtime}.gz"} <= cached
    assert not any(name.startswith(page) for name in cached)
    marker = b"from the cache"
    for path in (cache / "compressed").iterdir():
        path.write_bytes(marker)
    precompress(site, cache, _runtime)
    assert (site / "assets" / "pyodide" / "runtime.mjs.br").read_bytes() == marker
