"""Work done by a forked copy of the build (rulesite/forked.py): the same result as done
in-process, in-process where forking is unsafe or the child failed, nothing left behind.

The forking cases run in a fresh process: pytest's may hold other tests' threads, and
then nothing is forked, rightly.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from rulesite.forked import Forked

ROOT = Path(__file__).resolve().parents[2]
PARENT = os.getpid()


def _entries() -> dict[str, object]:
    return {"rules": [{"title": "89.2.3", "text": "Space Cannon — “PDS”"}], "pid": os.getpid()}


def _fails_in_a_child() -> dict[str, object]:
    if os.getpid() != PARENT:
        raise MemoryError
    return {"done": "here"}


def _never_ends_in_a_child() -> dict[str, object]:
    while os.getpid() != PARENT:
        time.sleep(1)
    return {}


def _in_a_fresh_process(lines: list[str], temp: Path) -> None:
    """Run ``lines`` (after ``work``'s imports) in a new Python with one thread."""
    script = "\n".join(
        [
            "import os",
            "from rulesite.forked import Forked",
            "from tests.generator import test_forked as here",
            "here.PARENT = os.getpid()",
            *lines,
        ]
    )
    env = {**os.environ, "TMPDIR": str(temp)}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert list(temp.iterdir()) == []  # the child's folder is gone


def test_a_single_threaded_process_forks_and_gets_the_childs_result(tmp_path: Path) -> None:
    """The child's own pid in the result shows the work was done there."""
    _in_a_fresh_process(
        [
            "work = Forked(here._entries)",
            "assert work.forked",
            "result = work.result()",
            "assert result['pid'] != os.getpid(), result",
            "assert {**result, 'pid': 0} == {**here._entries(), 'pid': 0}",
            "assert not work.forked",
        ],
        tmp_path,
    )


def test_what_a_failed_child_did_not_do_is_done_in_process(tmp_path: Path) -> None:
    _in_a_fresh_process(
        [
            "work = Forked(here._fails_in_a_child)",
            "assert work.forked",
            "assert work.result() == {'done': 'here'}",
        ],
        tmp_path,
    )


def test_a_stopped_child_is_ended_and_waited_for(tmp_path: Path) -> None:
    _in_a_fresh_process(
        [
            "work = Forked(here._never_ends_in_a_child)",
            "assert work.forked",
            "work.stop()",
            "assert not work.forked",
            "try:",
            "    os.waitpid(-1, os.WNOHANG)",
            "except ChildProcessError:",
            "    pass  # no child left, not even one waiting to be waited for",
            "else:",
            "    raise AssertionError('a child is left')",
        ],
        tmp_path,
    )


def test_with_another_thread_running_the_work_is_done_in_process() -> None:
    stop = threading.Event()
    other = threading.Thread(target=stop.wait, daemon=True)
    other.start()
    try:
        work = Forked(_entries)
        assert not work.forked
        assert work.result() == _entries()
    finally:
        stop.set()
        other.join()


def test_without_fork_the_work_is_done_in_process(tmp_path: Path) -> None:
    """A system with no ``os.fork`` (Windows): nothing forked, the same result."""
    _in_a_fresh_process(
        [
            "del os.fork",
            "work = Forked(here._entries)",
            "assert not work.forked",
            "assert work.result()['pid'] == os.getpid()",
        ],
        tmp_path,
    )
