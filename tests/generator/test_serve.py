"""``build_site.py --serve`` is ``mkdocs serve``: live reload, last good pages, safe serving."""

from __future__ import annotations

import http.client
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.generator.site_once import ROOT

pytestmark = pytest.mark.slow

# The first build comes before serving, and the machine may be busy: allow it time.
STARTUP_SECONDS = 120
RELOAD_SECONDS = 60
CARDS = Path("rules") / "tactical_action.yaml"
PROSE = Path("rules") / "tactical_action.md"
INTRO = "The tactical action is the primary method"


@dataclass(frozen=True)
class Server:
    """A running ``--serve`` process, its content folder and where its log goes."""

    process: subprocess.Popen[bytes]
    base: str
    port: int
    content: Path
    log: Path  # a file, not a pipe: a log nobody reads could fill a pipe and stall it


@dataclass(frozen=True)
class Reply:
    """One answered request."""

    status: int
    headers: http.client.HTTPMessage
    body: bytes

    @property
    def content_type(self) -> str:
        return self.headers.get_content_type()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _get(url: str, headers: dict[str, str] | None = None) -> Reply:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return Reply(response.status, response.headers, response.read())
    except urllib.error.HTTPError as error:
        return Reply(error.code, error.headers, error.read())


def _raw_status(port: int, path: str) -> int:
    """The status of a request whose path urllib would refuse to send (a ``%00`` in it)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    finally:
        connection.close()


def _until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.3)
    raise AssertionError(f"not within {seconds}s: {what}")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``build_site.py --serve`` on a free port over its own copy of ``content/``."""
    folder = tmp_path_factory.mktemp("serve")
    content = folder / "content"
    shutil.copytree(ROOT / "content", content)
    port = _free_port()
    args = ["--content", str(content), "--serve", "--dev-addr", f"127.0.0.1:{port}"]
    with (folder / "log").open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "build_site.py"), *args],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    running = Server(process, f"http://127.0.0.1:{port}/", port, content, folder / "log")

    def answering() -> bool:
        if process.poll() is not None:
            raise AssertionError(f"--serve exited with {process.returncode} before serving")
        try:
            return _get(running.base).status == 200
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return False

    try:
        _until(answering, STARTUP_SECONDS, "--serve answers")
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
    expected = {
        "assets/pyodide/pyodide.mjs": "text/javascript",
        "assets/pyodide/pyodide.asm.wasm": "application/wasm",
        "assets/walkthrough/widget.js": "text/javascript",
    }
    found = {path: _get(server.base + path).content_type for path in expected}
    assert found == expected


def test_every_response_carries_the_security_headers(server: Server) -> None:
    for path in ("", "assets/walkthrough/widget.js", "no-such-page/"):
        headers = _get(server.base + path).headers
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["X-Frame-Options"] == "DENY", path


def test_a_nul_in_the_path_is_answered_400(server: Server) -> None:
    assert _raw_status(server.port, "/rules/%00/") == 400
    assert _raw_status(server.port, "/%00") == 400


def test_a_folder_without_an_index_is_not_listed(server: Server) -> None:
    reply = _get(server.base + "assets/walkthrough/")
    assert reply.status == 404
    assert b"Index of" not in reply.body
    assert b"worker.js" not in reply.body  # a file of the folder no page links to


def test_200_concurrent_clients_are_all_answered(server: Server) -> None:
    # The listen backlog holds them: with socketserver's default of 5, some time out.
    from bench.serve_load import load

    result = load(server.base, clients=200, requests_each=2)
    assert result.errors == [], result.errors[:5]
    assert len(result.latencies) == 400


def test_saving_a_rule_source_changes_the_served_page(server: Server) -> None:
    """Issue 7: "a saved edit to a rule source shows in the open browser without a manual step"."""
    prose = server.content / PROSE
    text = prose.read_text(encoding="utf-8")
    assert INTRO in text
    prose.write_text(text.replace(INTRO, "Edited while serving: " + INTRO), encoding="utf-8")
    page = server.base + "rules/tactical-action/"
    _until(lambda: b"Edited while serving: " in _get(page).body, RELOAD_SECONDS, "the edit shows")
    assert b"rules-build-error" not in _get(page).body


def test_a_broken_source_is_reported_and_the_last_good_page_served_with_a_banner(
    server: Server,
) -> None:
    """Issue 7: a broken source prints ``file:line``, the last good pages stay, with the error."""
    cards = server.content / CARDS
    lines = cards.read_text(encoding="utf-8").splitlines()
    lines[5] = "        89.1.1 [unclosed"
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    page = server.base + "rules/tactical-action/"
    _until(lambda: b"rules-build-error" in _get(page).body, RELOAD_SECONDS, "the banner shows")
    body = _get(page).body
    assert b'id="89.2.3"' in body  # the last good page, not an error page
    log = server.log.read_text(encoding="utf-8")
    reported = [line for line in log.splitlines() if "tactical_action.yaml:" in line]
    assert reported, log[-2000:]
    where = reported[-1].partition("content/")[2].partition(": ")[0]  # rules/....yaml:14
    assert where.split(":")[1].isdigit(), reported
    assert f"{where}: invalid YAML".encode() in body
    assert "Traceback" not in log


def test_interrupting_the_server_stops_it_cleanly(server: Server) -> None:
    # Last in the file: it ends the server the tests above share.
    server.process.send_signal(signal.SIGINT)
    assert server.process.wait(timeout=30) == 0
    log = server.log.read_text(encoding="utf-8")
    assert "Traceback" not in log
    assert "Serving on" in log
    assert "Shutting down" in log
