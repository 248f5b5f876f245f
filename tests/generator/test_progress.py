"""A first build says what it is doing while it precompiles and compresses the runtime."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_a_first_build_says_it_precompiles_and_compresses_then_a_second_says_nothing(
    tmp_path: Path,
) -> None:
    cache = tmp_path / "cache"
    command = [
        sys.executable, "-m", "rulesite", "generate", "--content", str(ROOT / "content"),
        "--out", str(tmp_path / "tree"), "--cache", str(cache),
        "--node-modules", str(ROOT / "node_modules"),
    ]  # fmt: skip
    first = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert first.returncode == 0, first.stderr
    assert "precompiling the Python runtime under Node (once;" in first.stderr
    assert "runtime precompiled in" in first.stderr
    again = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert again.returncode == 0, again.stderr
    assert "precompiling" not in again.stderr


COMPRESS_ONE = """
import sys
from pathlib import Path

import pytest
from rulesite.publish.precompress import write_siblings
folder, cache = Path(sys.argv[1]), Path(sys.argv[2])
for name in ("a.wasm", "b.wasm"):
    write_siblings(folder / name, b"runtime " * 4000, dense=True, cache_dir=cache)
"""


def test_dense_compression_is_announced_once_per_build_and_not_when_cached(
    tmp_path: Path,
) -> None:
    command = [sys.executable, "-c", COMPRESS_ONE, str(tmp_path / "site"), str(tmp_path / "c")]
    first = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert first.returncode == 0, first.stderr
    assert first.stderr.count("compressing the runtime at the densest setting") == 1
    again = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert again.stderr == ""
