"""The short links' files (``r/<number>/index.html``): 175,000 of them at 5,000 topics
(100,000 rules and their letter forms), each a folder and a small page.

At that count the file system is the cost, not the pages: pathlib's ``mkdir`` and
``write_text`` cost several system calls and Python layers a file, and the build's
finishing walk then read every one back for nothing (they are neither compressed nor
precached). So each page is written with one ``mkdir``, ``open``, ``write`` and
``close``, and the finishing walk does not enter ``r/``
(:func:`rulesite.publish.precompress.Precompressor.add_tree`). A build can write them on
a thread of their own (:class:`ShortLinkWriter`) while the site engine renders the
pages: the writing waits on the file system, mostly, not on the interpreter.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
import time
from collections.abc import Iterable
from pathlib import Path

__all__ = ["ShortLinkWriter", "write_pages"]

_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0)


def _write(path: str, data: bytes) -> None:
    folder = os.path.dirname(path)  # noqa: PTH120 (strings: one Path a file costs a second)
    try:
        os.mkdir(folder)  # noqa: PTH102
    except FileExistsError:
        pass  # a dirty build's, or a page's folder that holds more
    except FileNotFoundError:
        os.makedirs(folder, exist_ok=True)  # noqa: PTH103 (r/ itself, the first time)
    descriptor = os.open(path, _FLAGS, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(descriptor, view) :]
    finally:
        os.close(descriptor)


def write_pages(
    site_dir: Path,
    pages: Iterable[tuple[str, str]],
    stop: threading.Event | None = None,
    written: list[tuple[str, int]] | None = None,
    kept: dict[str, bytes] | None = None,
) -> int:
    """Write each (path relative to ``site_dir``, page) of ``pages``; the number written.
    Stops early once ``stop`` is set; each (path, bytes) written is added to ``written``.

    ``kept``: under ``serve``, each page's digest as the last build into the same folder
    (which MkDocs's dirty builds never empty) wrote it; a page that is the same is left
    as it is (20,000 files at 1,000 topics were written again on every edit), and one
    no longer given (a removed rule's) is removed, with its folder."""
    root = f"{site_dir}{os.sep}"
    count = 0
    given: set[str] = set()
    for relative, text in pages:
        if stop is not None and stop.is_set():
            return count
        given.add(relative)
        data = text.encode("utf-8", errors="xmlcharrefreplace")
        if kept is None:
            _write(root + relative, data)
        else:
            digest = hashlib.blake2b(data, digest_size=16).digest()
            if kept.get(relative) != digest:
                _write(root + relative, data)
                kept[relative] = digest
        if written is not None:
            written.append((relative, len(data)))
        count += 1
    if kept is not None:
        for relative in set(kept) - given:
            _remove(root + relative)
            del kept[relative]
    return count


def _remove(path: str) -> None:
    """A short link's page this tool wrote, and its folder once empty."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)  # noqa: PTH108
    with contextlib.suppress(OSError):  # not empty: a page's folder that holds more
        os.rmdir(os.path.dirname(path))  # noqa: PTH106, PTH120


class ShortLinkWriter:
    """:func:`write_pages` on a thread of its own, started at once; :meth:`join` waits."""

    def __init__(
        self,
        site_dir: Path,
        pages: Iterable[tuple[str, str]],
        kept: dict[str, bytes] | None = None,
    ) -> None:
        self._stop = threading.Event()
        self._error: BaseException | None = None
        self._cpu = 0.0
        self.count = 0
        # (path, bytes) of each page written, for the offline copy's list (offline.py).
        self.written: list[tuple[str, int]] = []
        self._thread = threading.Thread(
            target=self._run, args=(site_dir, pages, kept), name="short-links", daemon=True
        )
        self._thread.start()

    def _run(
        self, site_dir: Path, pages: Iterable[tuple[str, str]], kept: dict[str, bytes] | None
    ) -> None:
        started = time.thread_time()
        try:
            self.count = write_pages(site_dir, pages, self._stop, self.written, kept)
        except BaseException as error:  # handed to join, in the build's own thread
            self._error = error
        finally:
            self._cpu = time.thread_time() - started

    def join(self) -> float:
        """Wait for every page; the thread's CPU seconds.

        Raises:
            OSError: a page could not be written.
        """
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._cpu

    def cancel(self) -> None:
        """Stop writing (the build failed or was stopped) and wait for the thread."""
        self._stop.set()
        self._thread.join()
