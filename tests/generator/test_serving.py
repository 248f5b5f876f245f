"""The serving middleware on MkDocs's own live-reload server, over a folder this test writes."""

from __future__ import annotations

import gzip
import os
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from mkdocs.livereload import LiveReloadServer

from rulesite.publish.serving import accepted_encodings, serving_middleware

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


def _status(url: str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, method=method, data=b"x" if method != "GET" else None)
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, dict(r.headers.items()), r.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers.items()), error.read()


def test_a_path_segment_longer_than_any_file_name_is_404_not_a_traceback(
    site: tuple[str, Path],
) -> None:
    """256+ bytes in one segment raised ``File name too long`` (500)."""
    base, _ = site
    for segment in ("a" * 256, "a" * 5000, "é" * 200):
        status, headers, _ = _status(base + urllib.parse.quote(segment))
        assert status == 404, segment[:8]
        assert headers["Content-Security-Policy"]
    assert _status(base + "plain.js")[0] == 200


def test_methods_other_than_get_and_head_are_405_with_allow(site: tuple[str, Path]) -> None:
    """POST/PUT/DELETE answered 200 with the home page."""
    base, folder = site
    (folder / "index.html").write_text("<html><body>home</body></html>")
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
        for path in ("", "index.html", "plain.js", "missing"):
            status, headers, body = _status(base + path, method)
            assert status == 405, (method, path)
            assert headers["Allow"] == "GET, HEAD"
            assert b"home" not in body
    assert _status(base, "HEAD")[0] == 200
    assert b"home" in _status(base)[2]


def test_a_path_that_is_not_utf8_is_400_not_the_home_page(site: tuple[str, Path]) -> None:
    """``/%ff%fe`` answered 200 with the home page."""
    base, folder = site
    (folder / "index.html").write_text("<html><body>home</body></html>")
    for path in ("%ff%fe", "%ff", "plain.js%c0", "%e2%82/"):
        status, _, body = _status(base + path)
        assert status == 400, path
        assert b"home" not in body
    assert _status(base + "%C3%A9")[0] == 404  # UTF-8 but missing: not a bad request


def test_the_local_server_sends_each_security_header_once(tmp_path: Path) -> None:
    """The policy header went out twice (listed twice), and an app's own was kept too."""
    from rulesite.publish.serving import serving_middleware

    def app(environ: dict[str, object], start_response) -> list[bytes]:  # type: ignore[no-untyped-def]
        start_response("200 OK", [("Content-Type", "text/html"), ("X-Frame-Options", "SAMEORIGIN")])
        return [b"<p>x</p>"]

    sent: list[tuple[str, str]] = []
    middleware = serving_middleware(app, tmp_path)
    environ = {"PATH_INFO": "/page/", "REQUEST_METHOD": "GET"}
    list(middleware(environ, lambda status, headers, *rest: sent.extend(headers)))
    names = [name.lower() for name, _ in sent]
    assert names.count("content-security-policy") == 1
    assert names.count("x-frame-options") == 1
    assert ("X-Frame-Options", "DENY") in sent
