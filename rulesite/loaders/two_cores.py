"""Many sources read on two cores: a helper process reads part of them beside the build.

The loaders are pure Python, so one process reads on one core; at 5,000 topics the
10,000 prose and rule-card files took 4.6 s, while the machine's other core was idle
(MkDocs waits for the generator in ``on_config``). The files are cut into chunks; one
helper process is handed chunks from the front, a few at a time as it reads them, while
the build reads chunks from the back, so the two meet wherever their speeds put them, on
a busy machine too (reading fell to 3.5 s). What the helper read comes back pickled:
frozen dataclasses, 0.2 s for half of the 5,000 topics.

A helper takes a few tenths of a second to start, so a small content folder (the seeds)
is read in-process, and so is any chunk the helper could not read because it died.
"""

from __future__ import annotations

import gc
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from rulesite.errors import SourceError
from rulesite.model import Diagnostic

T = TypeVar("T")
# A loader (``load_markdown``…), the path it reads and the name its diagnostics give it.
Job = tuple[Callable[[Path, str], T], Path, str]

# Fewer files than this are read in-process: the helper would start for little work.
MIN_FILES = 400
# Files a chunk holds: some 40 ms of reading, so neither side waits long for the other's
# last chunk, while the pickling around each chunk stays small.
CHUNK = 100
# Chunks handed to the helper and not read yet: it never runs out while the build reads one
# of its own, and the build never hands over more than the helper is about to read (a
# chunk handed over is the helper's: taking one back is what Python 3.11's executor gets
# wrong when its process then dies).
AHEAD = 3


@dataclass(frozen=True)
class Read(Generic[T]):
    """One source as a loader read it: what it holds, or (``None``) what is wrong with it."""

    value: T | None
    diagnostics: tuple[Diagnostic, ...] = ()


def read_one(job: Job[T]) -> Read[T]:
    """``load(path, name)``, its diagnostics kept rather than raised (an exception would
    lose them in a pickle: ``SourceError`` pickles as its message only)."""
    load, path, name = job
    try:
        return Read(load(path, name))
    except SourceError as error:
        return Read(None, tuple(error.diagnostics))


def _read_chunk(jobs: Sequence[Job[T]]) -> list[Read[T]]:
    return [read_one(job) for job in jobs]


def read_all(jobs: Sequence[Job[T]]) -> list[Read[T]]:
    """Every job's :func:`read_one`, in order: on two cores when there are many."""
    # No forkserver (Windows has none): one process reads them all, as for a small folder.
    if len(jobs) < MIN_FILES or "forkserver" not in multiprocessing.get_all_start_methods():
        return _read_chunk(jobs)
    chunks = [jobs[start : start + CHUNK] for start in range(0, len(jobs), CHUNK)]
    reads: list[list[Read[T]] | None] = [None] * len(chunks)
    # Not "fork": `mkdocs serve` rebuilds in a process that runs its server's threads, and a
    # forked copy of a lock one of them held would never be released. The helper's garbage
    # is all kept until it is pickled: no cycles to look for (rulesite.gc_pause).
    context = multiprocessing.get_context("forkserver")
    helper = ProcessPoolExecutor(1, mp_context=context, initializer=gc.disable)
    handed: dict[int, Future[list[Read[T]]]] = {}
    front, back = 0, len(chunks)  # the helper reads from the front, the build from the back
    alive = True
    try:
        while front < back:
            if alive and sum(not future.done() for future in handed.values()) < AHEAD:
                try:
                    handed[front] = helper.submit(_read_chunk, chunks[front])
                    front += 1
                    continue
                except BrokenProcessPool:  # it died (killed, out of memory): read on alone
                    alive = False
            back -= 1
            reads[back] = _read_chunk(chunks[back])
        for index, future in handed.items():
            try:
                reads[index] = future.result()
            except BrokenProcessPool:
                reads[index] = _read_chunk(chunks[index])
    finally:
        # After an error here (Ctrl+C), the helper stops once its chunk is read.
        helper.shutdown(cancel_futures=True)
    return [read for chunk in reads if chunk is not None for read in chunk]
