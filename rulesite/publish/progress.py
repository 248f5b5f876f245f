"""What a long first build is doing, said on the terminal as it happens.

A first build in a fresh clone precompiles the Python runtime under Node and
compresses it with Brotli's densest setting (about two minutes on two cores);
later builds take both from the cache. Said on the process's own standard error,
past any redirection (``rulesite build`` keeps MkDocs's log to itself), so a
maintainer is never left wondering whether the build hangs.
"""

from __future__ import annotations

import contextlib
import sys
import threading

__all__ = ["said_once", "say"]

_said: set[str] = set()
_lock = threading.Lock()


def say(message: str) -> None:
    """Print ``message`` as the build's progress."""
    stream = sys.__stderr__
    if stream is None:  # no terminal at all (pythonw): nobody to tell
        return
    # A closed pipe: the message is not worth a failed build.
    with contextlib.suppress(OSError, ValueError):
        print(f"rulesite: {message}", file=stream, flush=True)


def said_once(key: str, message: str) -> None:
    """:func:`say` ``message`` the first time ``key`` comes up in this process."""
    with _lock:
        if key in _said:
            return
        _said.add(key)
    say(message)
