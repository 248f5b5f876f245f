"""The runtime's densest forms: computed once, by whichever asks first."""

from __future__ import annotations

import hashlib
import threading
import time
from pathlib import Path

import brotli
import pytest

from rulesite.publish import dense_cache

DATA = b"The active player may move any number of ships into the active system.\n" * 500


def test_a_form_asked_for_while_it_is_computed_is_waited_for_not_computed_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build's own compression meets the warming thread on the same wasm: one Brotli 11."""
    calls: list[str] = []
    real = dense_cache.encode

    def slow_encode(data: bytes, encoding: str, level: int) -> bytes:
        calls.append(encoding)
        time.sleep(0.3)  # long enough for the second asker to arrive meanwhile
        return real(data, encoding, level)

    monkeypatch.setattr(dense_cache, "encode", slow_encode)
    results: list[bytes] = []
    askers = [
        threading.Thread(target=lambda: results.append(dense_cache.cached(DATA, "br", tmp_path)))
        for _ in range(3)
    ]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join(timeout=30)
    assert calls == ["br"]
    assert len(results) == 3 and len(set(results)) == 1
    assert brotli.decompress(results[0]) == DATA


def test_warming_fills_the_cache_largest_file_first(tmp_path: Path) -> None:
    small, large = tmp_path / "small.mjs", tmp_path / "large.wasm"
    small.write_bytes(DATA[:2000])
    large.write_bytes(DATA)
    cache = tmp_path / "cache"
    dense_cache.warm([small, large, tmp_path / "missing.js"], cache).join(timeout=60)
    for path in (small, large):
        assert dense_cache.cached_only(path.read_bytes(), "br", cache) == brotli.compress(
            path.read_bytes(), quality=11
        )
        assert dense_cache.cached_only(path.read_bytes(), "gz", cache) is not None
    order = sorted((cache / "compressed").iterdir(), key=lambda p: p.stat().st_mtime_ns)
    assert order[0].name == f"{hashlib.sha256(DATA).hexdigest()}.br"
