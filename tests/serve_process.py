"""A running ``build_site.py --serve`` (``mkdocs serve``) for the tests that need one."""

from __future__ import annotations

import contextlib
import http.client
import os
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

ROOT = Path(__file__).resolve().parents[1]
# The first build comes before serving, and the machine may be busy: allow it time.
STARTUP_SECONDS = 120
RELOAD_SECONDS = 60


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


def get(url: str, headers: dict[str, str] | None = None) -> Reply:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return Reply(response.status, response.headers, response.read())
    except urllib.error.HTTPError as error:
        return Reply(error.code, error.headers, error.read())


def raw_status(port: int, path: str) -> int:
    """The status of a request whose path urllib would refuse to send (a ``%00`` in it)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    finally:
        connection.close()


def until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.3)
    raise AssertionError(f"not within {seconds}s: {what}")


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def serving(
    folder: Path, engine: str = "mkdocs", *, sigint_ignored: bool = False
) -> Iterator[Server]:
    """``build_site.py --serve [--engine ENGINE]`` on a free port over a copy of ``content/``
    in ``folder``.

    ``sigint_ignored``: started as a shell without job control starts a background
    command, with SIGINT ignored (inherited across exec).
    """
    content = folder / "content"
    shutil.copytree(ROOT / "content", content)
    port = _free_port()
    args = ["--content", str(content), "--serve", "--dev-addr", f"127.0.0.1:{port}"]
    args += ["--engine", engine]
    with (folder / "log").open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "build_site.py"), *args],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=_ignore_sigint if sigint_ignored else None,
            # Its own process group: killed, it takes its children along (zensical serve).
            start_new_session=True,
        )
    running = Server(process, f"http://127.0.0.1:{port}/", port, content, folder / "log")

    def answering() -> bool:
        if process.poll() is not None:
            raise AssertionError(f"--serve exited with {process.returncode} before serving")
        try:
            return get(running.base).status == 200
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return False

    try:
        until(answering, STARTUP_SECONDS, "--serve answers")
        yield running
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
