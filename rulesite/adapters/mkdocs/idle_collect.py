"""Under ``serve``, the garbage collector's full passes run between builds, not inside them.

A serve process keeps what the last build made (the generator's reused results,
:mod:`rulesite.core.step_reuse`, and the finishing's records): at 1,000 topics, objects
enough that each of CPython's full collections takes about half a second, and an edit's
build allocates enough to start one (0.46-0.64 s of a 2.9-4.1 s edit, measured by
``gc.callbacks``). So while a build runs, every object made before it is frozen
(:func:`gc.freeze`): the collections the build starts walk only what it made. When the
build ends they are unfrozen, and a full collection runs once the process has been idle
for :data:`IDLE_S`, after the page is served: the garbage of earlier builds (MkDocs's pages
and navigation hold reference cycles) is still collected, off the edit's path. A build
that starts meanwhile cancels the wait, and the next build's end schedules it again.
"""

from __future__ import annotations

import gc
import threading

__all__ = ["IDLE_S", "IdleCollector"]

IDLE_S = 0.5  # after a build's end; a maintainer's next save is seconds away


class IdleCollector:
    """Freezes the objects a build finds, collects once the process is idle after it;
    while not ``active`` (a one-shot build, which ends with its process) does nothing."""

    def __init__(self, idle_s: float = IDLE_S, active: bool = True) -> None:
        self.idle_s = idle_s
        self.active = active
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None

    def build_started(self) -> None:
        """Every object there is now is left out of the collections until the build ends."""
        self._cancel()
        if self.active:
            gc.freeze()

    def build_ended(self) -> None:
        """The build succeeded or failed: the frozen objects are collectable again, and a
        full collection follows once nothing has run for :attr:`idle_s`."""
        if not self.active:
            return
        gc.unfreeze()
        timer = threading.Timer(self.idle_s, gc.collect)
        timer.daemon = True  # never keeps a stopped server's process alive
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = timer
        timer.start()

    def stop(self) -> None:
        """Serving ends: nothing frozen, nothing scheduled."""
        self._cancel()
        if self.active:
            gc.unfreeze()

    def _cancel(self) -> None:
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
