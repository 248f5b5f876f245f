"""The serving middleware on MkDocs's own live-reload server, over a folder this test writes."""

from __future__ import annotations

import gzip
import os
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from mkdocs.livereload import LiveReloadServer

from rulesite.serving import accepted_encodings, serving_middleware

WASM = b"\0asm" + bytes(range(256)) * 64


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """MkDocs's server on a free port, wrapped as the plugin wraps it, serving ``tmp_path``."""
    (tmp_path / "engine.wasm").write_bytes(WASM)
    (tmp_path / "engine.wasm.gz").write_bytes(gzip.compress(WASM))
    (tmp_path / "plain.js").write_text("export const x = 1;\n")
    server = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=0, root=str(tmp_path))
    app = server.get_app()
    assert app is not None
    server.set_app(serving_middleware(app, tmp_path))
    thread = threading.Thread(target=server.serve, daemon=True)
    thread.start()
    try:
        while not server.serve_thread.is_alive():
            threading.Event().wait(0.01)
        yield f"http://127.0.0.1:{server.server_address[1]}/", tmp_path
    finally:
        server.shutdown()  # no watched paths: nothing else to wait for
        thread.join(timeout=10)


def _fetch(url: str, encodings: str | None) -> tuple[bytes, dict[str, str]]:
    headers = {"Accept-Encoding": encodings} if encodings is not None else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30) as r:
        return r.read(), dict(r.headers.items())


def test_a_gzip_sibling_is_served_to_a_browser_that_accepts_it(site: tuple[str, Path]) -> None:
    base, _ = site
    body, headers = _fetch(base + "engine.wasm", "gzip, deflate, br")
    assert headers["Content-Encoding"] == "gzip"
    assert headers["Content-Type"] == "application/wasm"
    assert headers["Vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == WASM


def test_a_sibling_carries_the_originals_modification_time(site: tuple[str, Path]) -> None:
    """So a warm browser revalidates the compressed file as it would the plain one."""
    base, folder = site
    os.utime(folder / "engine.wasm", (1_700_000_000, 1_700_000_000))
    _, headers = _fetch(base + "engine.wasm", "gzip")
    assert headers["Content-Encoding"] == "gzip"
    assert headers["Last-Modified"] == "Tue, 14 Nov 2023 22:13:20 GMT"


def test_the_plain_file_goes_to_a_browser_that_refuses_the_encoding(
    site: tuple[str, Path],
) -> None:
    base, _ = site
    for refusal in ("identity", "gzip;q=0", None):
        body, headers = _fetch(base + "engine.wasm", refusal)
        assert body == WASM, refusal
        assert "Content-Encoding" not in headers
        assert headers["Vary"] == "Accept-Encoding"  # caches must keep the two apart


def test_brotli_is_preferred_when_both_siblings_exist(site: tuple[str, Path]) -> None:
    base, folder = site
    (folder / "engine.wasm.br").write_bytes(b"pretend-brotli")
    body, headers = _fetch(base + "engine.wasm", "gzip, br")
    assert headers["Content-Encoding"] == "br"
    assert body == b"pretend-brotli"


def test_a_file_without_siblings_is_served_plainly_with_the_exact_script_type(
    site: tuple[str, Path],
) -> None:
    base, _ = site
    body, headers = _fetch(base + "plain.js", "gzip, br")
    assert body == b"export const x = 1;\n"
    assert "Content-Encoding" not in headers
    assert headers["Content-Type"] == "text/javascript"
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_accept_encoding_is_read_with_its_qualities() -> None:
    assert accepted_encodings("gzip, br;q=0.5, zstd;q=0") == {"gzip", "br"}
    assert accepted_encodings("") == set()
    assert accepted_encodings("br;q=x") == set()
