"""Work on the finished model done by a forked copy of the build, while MkDocs renders.

The site's own search entries (one per rule: 100,000 at 5,000 topics, 0.8 s) depend
only on the model, which is complete once the plugin's ``on_config`` has run, and are
not needed before ``on_post_build``; meanwhile MkDocs reads, converts and renders the
pages on one core for tens of seconds. A forked child has the whole model without
copying it (the parent's memory is shared until written), works the entries out on the
other core and leaves them as JSON in a file of its own; the build reads them when it
needs them (0.15 s).

Forking is only safe in a process with one thread: a lock another thread held at that
moment would stay locked in the child forever. ``mkdocs serve`` rebuilds beside its
server's threads, so there the work is done in-process when it is asked for, as it is
when the child failed. The child is one of the build's children, so its CPU time counts
among theirs (the "beside" seconds of ``bench/build.py``), with Node's.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

Work = Callable[[], dict[str, Any]]


class Forked:
    """``work()``, started in a forked child when this process has one thread."""

    def __init__(self, work: Work) -> None:
        self._work = work
        self._folder = Path(tempfile.mkdtemp(prefix="rulesite-forked-"))
        self._pid: int | None = None  # the child, until it is waited for
        # Windows has no fork: the work is then done in-process when it is asked for.
        if hasattr(os, "fork") and threading.active_count() == 1:
            self._pid = os.fork()
            if self._pid == 0:
                _run_in_child(work, self._folder / "result.json")

    @property
    def forked(self) -> bool:
        """Whether a child is doing the work (and not yet waited for)."""
        return self._pid is not None

    def result(self) -> dict[str, Any]:
        """What ``work()`` returns: the child's, once it ends, or worked out here."""
        result = self._folder / "result.json"
        if self._pid is not None:
            _, status = os.waitpid(self._pid, 0)
            self._pid = None
            if os.waitstatus_to_exitcode(status) == 0:
                found: dict[str, Any] = json.loads(result.read_text(encoding="utf-8"))
                self.stop()
                return found
        self.stop()
        return self._work()

    def stop(self) -> None:
        """End the child if it still runs (the build failed), and remove its file."""
        if self._pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._pid, signal.SIGKILL)
            os.waitpid(self._pid, 0)
            self._pid = None
        shutil.rmtree(self._folder, ignore_errors=True)


def _run_in_child(work: Work, result: Path) -> None:
    """The child's whole life: the result written whole (or nothing), then gone at once,
    running none of the parent's exit handlers and flushing none of its buffers."""
    code = 1
    try:
        gc.disable()  # it ends soon: a collection would only write to pages shared with the parent
        partial = result.with_suffix(".partial")
        partial.write_text(json.dumps(work(), ensure_ascii=False), encoding="utf-8")
        partial.replace(result)
        code = 0
    finally:
        os._exit(code)
