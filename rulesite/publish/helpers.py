"""What the build's helper processes and scratch folders must not outlive: the build.

A build killed outright (``kill -9``, the machine's OOM killer, a CI job's timeout)
runs no cleanup of its own. Its Node helpers would run on (30 s and more, each
holding the site's files), and its scratch folders would stay in ``/tmp`` for good
(84 MB after 70 kills). So each helper asks the kernel to kill it when the build
dies (Linux's ``PR_SET_PDEATHSIG``), and each scratch folder is made under the
cache folder, named by the build's process id: the next build removes those whose
build is gone.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["SCRATCH", "die_with_parent", "scratch_folder"]

SCRATCH = "scratch"  # under the cache folder
_PR_SET_PDEATHSIG = 1

# Looked up before any fork: a child between fork and exec may only call what is loaded
# (loading a library there can deadlock on a lock another thread held).
_prctl: Callable[..., int] | None = None
if sys.platform == "linux":
    with contextlib.suppress(OSError, AttributeError):
        _prctl = ctypes.CDLL(None, use_errno=True).prctl


def die_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` that has the kernel kill the child when this process dies (None
    where there is no such request: then a killed build's helper ends on its own)."""
    if _prctl is None:
        return None
    prctl, parent = _prctl, os.getpid()

    def request() -> None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:  # the build died before the request: end now
            os._exit(1)

    return request


def scratch_folder(cache_dir: Path, prefix: str) -> Path:
    """A new scratch folder under ``cache_dir``, named by this process; the folders of
    builds that are gone (killed before they removed theirs) are removed first."""
    root = cache_dir / SCRATCH
    root.mkdir(parents=True, exist_ok=True)
    for old in root.iterdir():
        owner = _owner(old.name)
        if owner is not None and not _alive(owner):
            shutil.rmtree(old, ignore_errors=True)
    return Path(tempfile.mkdtemp(prefix=f"{prefix}-{os.getpid()}-", dir=root))


def _owner(name: str) -> int | None:
    parts = name.split("-")
    return int(parts[-2]) if len(parts) >= 3 and parts[-2].isdigit() else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process of that id
        return True
    return True
