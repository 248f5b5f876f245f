"""The build's Node scripts (the service worker, the precompiled runtime), run the same way.

Each is started in the background, so the build can go on with other work while
it runs (or, for a script that waits for a line on its standard input, while
it loads), and its end is waited for with a time limit, counted from the wait; a
missing Node, a hang or a failure becomes a :class:`SourceError` naming the file
it is about.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from rulesite.core.errors import SourceError
from rulesite.publish.helpers import die_with_parent

# Node prints a whole minified module with some uncaught errors: a few short lines say enough.
_TAIL_LINES = 3
_TAIL_WIDTH = 200


@dataclass(frozen=True)
class NodeRun:
    """A Node script running in the background."""

    process: subprocess.Popen[str]
    where: str  # the file a failure is reported at
    what: str  # what the script does ("generating the service worker")
    timeout_s: float

    def proceed(self, line: str) -> None:
        """Send the script a line (with no line break in it), which it may be waiting for."""
        assert self.process.stdin is not None  # started with a pipe
        with contextlib.suppress(BrokenPipeError):  # it ended already: output() says why
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()

    def output(self) -> str:
        """Close the script's input, wait for it; the last line it printed (its report).

        Raises:
            SourceError: it ran past its time limit or failed.
        """
        try:
            stdout, stderr = self.process.communicate(timeout=self.timeout_s)
        except subprocess.TimeoutExpired as error:
            self.stop()
            raise SourceError.at(
                self.where, 1, f"{self.what} took over {self.timeout_s:g} s"
            ) from error
        if self.process.returncode != 0:
            tail = [line[:_TAIL_WIDTH] for line in _message_lines(stderr)[-_TAIL_LINES:]]
            detail = " | ".join(tail) or f"exit status {self.process.returncode}"
            raise SourceError.at(self.where, 1, f"{self.what} failed: {detail}")
        lines = stdout.strip().splitlines()
        if not lines:
            raise SourceError.at(self.where, 1, f"{self.what} failed: it printed no report")
        return lines[-1]

    def stop(self) -> None:
        """End the script (a build that failed elsewhere does not wait for it)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()


def _message_lines(stderr: str) -> list[str]:
    """What a failed script said, without the stack frames and the version Node adds."""
    return [
        line
        for line in stderr.splitlines()
        if line.strip() and not line.lstrip().startswith("at ") and not line.startswith("Node.js v")
    ]


def start_node(
    script: Path,
    args: list[str],
    *,
    where: str,
    what: str,
    timeout_s: float,
) -> NodeRun:
    """Start ``node script args…``.

    Raises:
        SourceError: Node is not installed.
    """
    node = shutil.which("node")
    if node is None:
        raise SourceError.at(where, 1, f"node not found: it is needed for {what} (make setup)")
    process = subprocess.Popen(
        [node, str(script), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A killed build takes its helper with it (rulesite.publish.helpers).
        preexec_fn=die_with_parent(),
    )
    return NodeRun(process, where, what, timeout_s)
