"""The build's Node scripts: a failure or a hang is a clear error, never a traceback or a hang."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulesite.core.errors import SourceError
from rulesite.publish.node import start_node


def _script(tmp_path: Path, text: str) -> Path:
    script = tmp_path / "script.mjs"
    script.write_text(text, encoding="utf-8")
    return script


def test_a_script_gets_its_line_and_its_report_is_the_last_line_it_prints(tmp_path: Path) -> None:
    script = _script(
        tmp_path,
        'process.stdin.setEncoding("utf-8");\n'
        'process.stdin.once("data", (line) => {\n'
        '  console.log("loading");\n'
        "  console.log(JSON.stringify({ got: line.trim() }));\n"
        "  process.exit(0);\n"
        "});\n",
    )
    run = start_node(script, [], where="x.mjs", what="testing", timeout_s=30)
    run.proceed("hello")
    assert run.output() == '{"got":"hello"}'


def test_a_failing_script_names_its_file_and_its_last_error_lines(tmp_path: Path) -> None:
    script = _script(tmp_path, 'console.error("first");\nthrow new Error("the cause");\n')
    run = start_node(script, [], where="tool/x.mjs", what="generating the thing", timeout_s=30)
    with pytest.raises(SourceError) as raised:
        run.output()
    message = str(raised.value)
    assert message.startswith("tool/x.mjs:1: generating the thing failed:")
    assert "the cause" in message


def test_a_script_that_hangs_is_stopped_at_its_time_limit(tmp_path: Path) -> None:
    script = _script(tmp_path, "setInterval(() => {}, 1000);\n")
    run = start_node(script, [], where="x.mjs", what="waiting forever", timeout_s=1)
    with pytest.raises(SourceError, match="waiting forever took over 1 s"):
        run.output()
    assert run.process.poll() is not None  # killed, not left running


ROOT = Path(__file__).resolve().parents[2]


_PARENT = """
import sys, time
from pathlib import Path
from rulesite.publish.node import start_node
run = start_node(Path(sys.argv[1]), [], where="x", what="waiting", timeout_s=60)
print(run.process.pid, flush=True)
time.sleep(60)
"""


def _alive(pid: int) -> bool:
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (dead, not yet reaped by its new parent) counts as gone.
    status = Path(f"/proc/{pid}/status")
    return status.exists() and "State:\tZ" not in status.read_text()


def test_a_killed_builds_node_helper_dies_with_it(tmp_path: Path) -> None:
    """A killed build left its Node helpers running 30 s and more."""
    import signal
    import time

    script = tmp_path / "wait.mjs"
    script.write_text("setTimeout(() => {}, 60_000);\n")
    parent = subprocess.Popen(
        [sys.executable, "-c", _PARENT, str(script)], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert parent.stdout is not None
    helper = int(parent.stdout.readline())
    assert _alive(helper)
    parent.send_signal(signal.SIGKILL)
    parent.wait(timeout=10)
    deadline = time.monotonic() + 5
    while _alive(helper) and time.monotonic() < deadline:
        time.sleep(0.1)
    alive = _alive(helper)
    if alive:
        import os

        os.kill(helper, signal.SIGKILL)
    assert not alive
