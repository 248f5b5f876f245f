"""Precompressed siblings of the built site."""

from __future__ import annotations

import gzip
import hashlib
import os
import sys
import threading
import time
from pathlib import Path

import brotli
import pytest

from rulesite.publish.precompress import (
    CACHE_DAYS,
    KeptFile,
    Precompressor,
    precompress,
    prune_cache,
)
from tests.generator.site_once import BuiltSite

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


def test_a_page_handed_over_before_it_is_written_gets_siblings_and_a_fingerprint(
    tmp_path: Path,
) -> None:
    """Pages reach the workers from MkDocs's on_post_page, before MkDocs writes the file."""
    site = tmp_path / "site"
    data = TEXT.encode()
    compressor = Precompressor(
        site, tmp_path / "cache", _runtime, fingerprinted=lambda r: r.endswith(".html")
    )
    compressor.add(site / "rules" / "movement" / "index.html", data)
    (site / "favicon.png").parent.mkdir(parents=True, exist_ok=True)
    (site / "favicon.png").write_bytes(b"png")  # too small to compress, and not listed
    compressor.add_tree(site)
    written, cpu = compressor.finish()
    page = site / "rules" / "movement" / "index.html"
    assert brotli.decompress((site / "rules/movement/index.html.br").read_bytes()) == data
    assert gzip.decompress((site / "rules/movement/index.html.gz").read_bytes()) == data
    assert written["br"] == len(page.with_name("index.html.br").read_bytes())
    assert compressor.revisions == {"rules/movement/index.html": hashlib.md5(data).hexdigest()}
    assert cpu > 0


def test_every_compressible_file_of_a_real_build_has_siblings_of_its_exact_bytes(
    built_site: BuiltSite,
) -> None:
    """What the plugin hands the workers (pages from memory) is what MkDocs wrote."""
    site = built_site.out
    checked = 0
    for path in sorted(site.rglob("*")):
        if path.suffix not in {".html", ".js", ".css", ".json", ".xml", ".wasm", ".whl"}:
            continue
        content = path.read_bytes()
        if len(content) < 4096:
            continue
        assert brotli.decompress(path.with_name(path.name + ".br").read_bytes()) == content, path
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == content, path
        checked += 1
    assert checked > 50  # pages, the search index, the runtime, the service worker
    assert (site / "sw.js.br").is_file()
    # The engine wheel, stored uncompressed so that its Brotli form is a quarter of it.
    (wheel,) = (site / "assets/walkthrough/wheels").glob("*.whl")
    assert wheel.with_name(wheel.name + ".br").stat().st_size < wheel.stat().st_size / 3


def test_cached_forms_unused_for_a_month_are_pruned_and_used_ones_kept(tmp_path: Path) -> None:
    """`.cache/compressed/` would otherwise keep every Pyodide release's forms for ever."""
    site, cache = _site(tmp_path), tmp_path / "cache"
    precompress(site, cache, _runtime)
    stale = cache / "compressed" / "0123.br"
    stale.write_bytes(b"an old release")
    long_ago = time.time() - (CACHE_DAYS + 1) * 86400
    for path in (cache / "compressed").iterdir():
        os.utime(path, (long_ago, long_ago))
    precompress(site, cache, _runtime)  # uses the runtime's forms again
    assert prune_cache(cache) == [stale]
    runtime = hashlib.sha256((site / "assets" / "pyodide" / "runtime.mjs").read_bytes()).hexdigest()
    assert (cache / "compressed" / f"{runtime}.br").is_file()


def test_copies_and_pages_beyond_the_queue_all_finish(tmp_path: Path) -> None:
    """Copied files (read by the workers) never wait for queue room that pages hold."""
    site, sources = tmp_path / "site", tmp_path / "theme"
    sources.mkdir()
    compressor = Precompressor(site, tmp_path / "cache", _runtime)

    def hand_over() -> None:
        for n in range(40):
            (sources / f"{n}.js").write_text(TEXT, encoding="utf-8")
            compressor.add_later(site / "assets" / f"{n}.js", (sources / f"{n}.js").read_bytes)
            compressor.add(site / f"page{n}" / "index.html", TEXT.encode())
        compressor.finish()

    worker = threading.Thread(target=hand_over, daemon=True)
    worker.start()
    worker.join(timeout=120)
    assert not worker.is_alive(), "the compressing workers deadlocked"
    assert len(list(site.rglob("*.br"))) == 80
    copied = site / "assets" / "39.js.gz"
    assert gzip.decompress(copied.read_bytes()) == TEXT.encode()


def test_threads_switch_often_while_the_workers_run_and_as_before_after(tmp_path: Path) -> None:
    """The workers need the GIL briefly between compressions: while they run, Python switches
    threads every 0.5 ms (not 5), and afterwards the interval is what it was, after a
    finished build and after a cancelled one."""
    before = sys.getswitchinterval()
    for stop in (Precompressor.finish, Precompressor.cancel):
        compressor = Precompressor(tmp_path / "site", tmp_path / "cache", _runtime)
        assert sys.getswitchinterval() == min(before, 0.0005)
        compressor.add(tmp_path / "site" / "index.html", TEXT.encode())
        stop(compressor)
        assert sys.getswitchinterval() == before


def test_pages_never_wait_behind_the_runtimes_dense_compression(tmp_path: Path) -> None:
    """A fresh clone's runtime takes minutes at Brotli 11: queued in front of the pages, it
    held every page's slot and MkDocs waited. Pages beyond the queue's length are handed
    over while every runtime file is still being read, and all of them finish."""
    site = tmp_path / "site"
    release = threading.Event()

    def slow_runtime_file() -> bytes:
        release.wait(timeout=60)
        return TEXT.encode()

    compressor = Precompressor(site, tmp_path / "cache", _runtime)
    try:
        for n in range(8):
            compressor.add_later(site / "assets" / "pyodide" / f"{n}.mjs", slow_runtime_file)
        handed = threading.Event()

        def hand_over_pages() -> None:
            for n in range(40):  # more than the queue holds
                compressor.add(site / f"page{n}" / "index.html", TEXT.encode())
            handed.set()

        threading.Thread(target=hand_over_pages, daemon=True).start()
        assert handed.wait(timeout=60), "pages waited for the runtime's dense compression"
    finally:
        release.set()
    compressor.finish()
    assert len(list(site.rglob("index.html.br"))) == 40
    assert len(list((site / "assets" / "pyodide").glob("*.mjs.br"))) == 8


def test_serve_gives_the_runtime_its_cached_dense_form_or_the_fast_one(tmp_path: Path) -> None:
    """Under ``serve`` (dense=False) no edit waits for Brotli 11: a runtime file whose dense
    form is cached gets it, one without gets the fast setting, and nothing is cached."""
    site, cache = _site(tmp_path), tmp_path / "cache"
    runtime = site / "assets" / "pyodide" / "runtime.mjs"
    data = runtime.read_bytes()
    compressor = Precompressor(site, cache, _runtime, dense=False)
    compressor.add_tree(site)
    compressor.finish()
    assert not (cache / "compressed").exists()
    assert (runtime.with_name("runtime.mjs.br")).read_bytes() == brotli.compress(data, quality=4)
    precompress(site, cache, _runtime)  # a build: dense, cached
    dense = runtime.with_name("runtime.mjs.br").read_bytes()
    assert dense == brotli.compress(data, quality=11)
    runtime.with_name("runtime.mjs.br").unlink()
    compressor = Precompressor(site, cache, _runtime, dense=False)
    compressor.add_tree(site)
    compressor.finish()
    assert runtime.with_name("runtime.mjs.br").read_bytes() == dense


def test_under_serve_a_file_unchanged_since_the_last_build_is_not_compressed_again(
    tmp_path: Path,
) -> None:
    """Dirty builds leave the site in place: an unchanged file keeps its siblings, a changed
    one gets new ones, and both keep their revisions for the service worker."""
    site = tmp_path / "site"
    page, other = site / "a" / "index.html", site / "b" / "index.html"
    for path in (page, other):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(TEXT, encoding="utf-8")
    kept: dict[str, KeptFile] = {}

    def build() -> dict[str, str]:
        compressor = Precompressor(
            site, tmp_path / "cache", _runtime, fingerprinted=lambda r: True, kept=kept
        )
        compressor.add_tree(site)
        compressor.finish()
        return compressor.revisions

    first = build()
    siblings = {p: p.with_name(p.name + ".br") for p in (page, other)}
    os.utime(siblings[page], ns=(0, 0))
    os.utime(siblings[other], ns=(0, 0))
    other.write_text(TEXT + " changed", encoding="utf-8")
    second = build()
    assert siblings[page].stat().st_mtime_ns == 0  # not written again
    assert siblings[other].stat().st_mtime_ns != 0
    assert brotli.decompress(siblings[other].read_bytes()).endswith(b" changed")
    assert second["a/index.html"] == first["a/index.html"]
    assert second["b/index.html"] != first["b/index.html"]


def _not_a_sibling(relative: str) -> bool:
    return not relative.endswith((".br", ".gz"))


def test_under_serve_a_file_as_the_last_build_left_it_is_not_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Known by its stamp (inode, size, times): an unchanged runtime of 28 MB and a large
    site's unchanged pages were read and fingerprinted again on every edit."""
    site = _site(tmp_path)
    kept: dict[str, KeptFile] = {}
    read: list[str] = []
    original = Path.read_bytes

    def reading(path: Path) -> bytes:
        read.append(path.relative_to(site).as_posix())
        return original(path)

    def build() -> dict[str, str]:
        compressor = Precompressor(
            site, tmp_path / "cache", _runtime, fingerprinted=_not_a_sibling, kept=kept
        )
        compressor.add_tree(site)
        compressor.finish()
        return compressor.revisions

    first = build()
    monkeypatch.setattr(Path, "read_bytes", reading)
    (site / "tiny.js").write_text("let a = 22;", encoding="utf-8")
    second = build()
    assert read == ["tiny.js"]
    assert {path: second[path] for path in second if path != "tiny.js"} == {
        path: first[path] for path in first if path != "tiny.js"
    }
    assert second["tiny.js"] == hashlib.md5(b"let a = 22;", usedforsecurity=False).hexdigest()
