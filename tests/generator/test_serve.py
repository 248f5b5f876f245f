"""``build_site.py --serve``: builds, then serves the site with the types Pyodide needs."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.generator.site_once import ROOT

pytestmark = pytest.mark.slow

# The build comes first, and the machine may be busy: allow it time before giving up.
STARTUP_SECONDS = 120


@dataclass(frozen=True)
class Server:
    """A running ``--serve`` process and where it serves from."""

    process: subprocess.Popen[bytes]
    base: str
    out: Path
    stdout: Path
    stderr: Path  # a file, not a pipe: request logs could fill a pipe nobody reads and stall it


@dataclass(frozen=True)
class Reply:
    """One answered request."""

    status: int
    content_type: str
    body: bytes


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _get(url: str) -> Reply:
    with urllib.request.urlopen(url, timeout=10) as response:
        return Reply(response.status, response.headers.get_content_type(), response.read())


def _wait_for(server: Server) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise AssertionError(f"--serve exited with {server.process.returncode} before serving")
        try:
            _get(server.base)
            return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.2)
    raise AssertionError(f"--serve did not answer within {STARTUP_SECONDS}s")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``build_site.py --serve`` on a free port with its own output folder."""
    folder = tmp_path_factory.mktemp("serve")
    port = _free_port()
    args = ["--out", str(folder / "site"), "--serve", "--dev-addr", f"127.0.0.1:{port}"]
    with (folder / "stdout").open("wb") as stdout, (folder / "stderr").open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "build_site.py"), *args],
            cwd=ROOT,
            stdout=stdout,
            stderr=stderr,
        )
    running = Server(
        process, f"http://127.0.0.1:{port}/", folder / "site", folder / "stdout", folder / "stderr"
    )
    try:
        _wait_for(running)
        yield running
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_serves_the_home_page_and_a_topic_page(server: Server) -> None:
    home = _get(server.base)
    assert (home.status, home.content_type) == (200, "text/html")
    assert b"Twilight Imperium Rules Reference" in home.body
    topic = _get(server.base + "rules/tactical-action/")
    assert topic.status == 200
    assert b'id="89.2.3"' in topic.body


def test_module_scripts_and_webassembly_get_the_types_browsers_require(server: Server) -> None:
    # Browsers refuse a module script or streamed WebAssembly sent under another type.
    expected = {".mjs": "text/javascript", ".wasm": "application/wasm", ".js": "text/javascript"}
    checked: dict[str, str] = {}
    for suffix in expected:
        found = next(server.out.rglob(f"*{suffix}"), None)
        if found is not None:
            reply = _get(server.base + found.relative_to(server.out).as_posix())
            checked[suffix] = reply.content_type
    assert ".js" in checked, "the built site has no scripts at all"
    assert checked == {suffix: expected[suffix] for suffix in checked}


def test_interrupting_the_server_stops_it_cleanly(server: Server) -> None:
    # Last in the file: it ends the server the tests above share.
    server.process.send_signal(signal.SIGINT)
    assert server.process.wait(timeout=30) == 0
    stdout, stderr = (path.read_text(encoding="utf-8") for path in (server.stdout, server.stderr))
    assert "Traceback" not in stderr
    assert "serving" in stdout
    assert stdout.rstrip().endswith("stopped")
