"""Precompressed ``.br`` and ``.gz`` siblings of the built site's text and WebAssembly files.

A static server that finds ``page.html.br`` beside ``page.html`` can send it
with ``Content-Encoding: br`` to a browser that accepts Brotli, with no work
per request (README, "Serving compressed files"). Compressing at build time
also allows Brotli's slowest, densest setting for the runtime, which is
content-addressed (it only changes with the npm package or the engine) and so
is compressed once and kept under ``.cache/compressed/``; pages, which change
with every build, get a fast setting instead.

The work runs on worker threads (Brotli and zlib release the GIL while they
compress, and so does writing a file): the plugin hands each page over as
MkDocs renders it, so the pages compress on a second core while MkDocs renders
the next ones. The queue is bounded, so a slow disk or a busy machine makes the
build wait instead of holding every page in memory.

The runtime's dense forms have workers of their own: on a fresh clone, 28 MB at
Brotli 11 take minutes of CPU, and queued in front of the pages they held every
page's slot, so MkDocs waited for them (301 s of a 421 s cold seed build on a
loaded machine). Beside the pages they cost the build only the time by which they
outlast MkDocs. ``serve`` never waits for them at all (``dense=False``): a runtime
file without a cached dense form gets the pages' fast setting, and nothing is cached.

Between two compressions a worker needs the GIL for a moment, and MkDocs's
thread holds it for up to Python's switch interval, 5 ms by default: the workers
fell behind, the queue filled and MkDocs waited (0.21-0.30 s of a 250-topic
build). While the workers run, the interval is 0.5 ms: MkDocs's own time did
not change, the wait fell to 0.07-0.11 s.
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from rulesite.core.short_links import SHORT_DIR
from rulesite.publish.dense_cache import DENSE, cached, cached_only, encode

COMPRESSED_SUFFIXES = (".br", ".gz")
# Text and WebAssembly; the stdlib zips and the engine wheel are stored uncompressed so they
# shrink too.
_SUFFIXES = frozenset(
    {
        ".html",
        ".css",
        ".js",
        ".mjs",
        ".json",
        ".webmanifest",
        ".xml",
        ".svg",
        ".txt",
        ".map",
        ".wasm",
        ".zip",
        ".whl",
    }
)
_MIN_BYTES = 256  # a smaller file gains less than the headers a sibling costs
_WORTH_IT = 0.9  # keep a sibling only if it saves at least a tenth
# Measured on 400 pages of a 1,000-topic build (46 KB each): Brotli 4 takes 58% of
# quality 5's time for 8% more bytes (5.1 KB a page instead of 4.7 KB); gzip 4, 68% of
# level 6's for 6% more. A reader's page costs a few hundred bytes more; the build, half.
_FAST = {"br": 4, "gz": 4}
# Files waiting for a worker at most: each holds its bytes (a runtime file's are megabytes)
# until it is compressed. MkDocs renders a page in some 25 ms, the workers compress it in 3.
_QUEUE = 16
_SWITCH_S = 0.0005  # Python's switch interval while the workers run (see above)
# A runtime file's dense forms stay cached while builds use them; those of an old Pyodide
# or engine are removed once unused this long.
CACHE_DAYS = 30


@dataclass(frozen=True)
class KeptFile:
    """A file as the last build into the same folder left it (``serve``): the MD5 of its
    content, its siblings' bytes per encoding, and once that build ended, its size and
    :func:`_stamp`, by which an unchanged file is known without reading it."""

    digest: str
    written: dict[str, int]
    size: int = 0
    stamp: tuple[int, ...] | None = None


def _stamp(found: os.stat_result) -> tuple[int, ...]:
    """What a rewrite changes: a file written again gets a new change time at least."""
    return (found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns)


def is_compressible(path: Path, size: int) -> bool:
    """Whether a file of ``size`` bytes at ``path`` gets compressed siblings.

    A short link's page (``r/<number>/index.html``, about a kilobyte, 100,000 of them at
    5,000 topics) gets none: it is read once, to be sent on.
    """
    if path.name == "index.html" and path.parent.parent.name == SHORT_DIR:
        return False
    return path.suffix in _SUFFIXES and size >= _MIN_BYTES


def write_siblings(
    path: Path, data: bytes, dense: bool, cache_dir: Path, compute_dense: bool = True
) -> dict[str, int]:
    """Write ``path``'s siblings for its content ``data``; the bytes written per encoding.

    ``dense``: the file is content-addressed, so it gets the densest setting, cached;
    without ``compute_dense`` only a form already cached, else the fast setting.
    """
    path.parent.mkdir(parents=True, exist_ok=True)  # a page's folder may not be written yet
    written = dict.fromkeys(DENSE, 0)
    for encoding in DENSE:
        found = cached_only(data, encoding, cache_dir) if dense and not compute_dense else None
        if found is not None:
            encoded = found
        elif dense and compute_dense:
            encoded = cached(data, encoding, cache_dir)
        else:
            encoded = encode(data, encoding, _FAST[encoding])
        if len(encoded) <= len(data) * _WORTH_IT:
            path.with_name(f"{path.name}.{encoding}").write_bytes(encoded)
            written[encoding] += len(encoded)
    return written


class Precompressor:
    """Writes siblings on worker threads; :meth:`drain` and :meth:`finish` wait for them.

    ``is_immutable(relative path)`` picks the dense, cached files (``dense=False``: the
    cached dense form if there is one, else the fast setting, as ``serve`` wants). The files
    ``fingerprinted(relative path)`` names get an MD5 of their content too (the service
    worker's revisions, :attr:`revisions`, and their sizes, :attr:`sizes`), so the build
    reads each file once.
    """

    def __init__(
        self,
        site_dir: Path,
        cache_dir: Path,
        is_immutable: Callable[[str], bool],
        fingerprinted: Callable[[str], bool] = lambda relative: False,
        dense: bool = True,
        kept: dict[str, KeptFile] | None = None,
    ) -> None:
        self.site_dir = site_dir
        # Under serve, kept between builds of one folder MkDocs never empties (dirty builds):
        # a file unchanged since is not compressed again, nor read if its stamp is the same.
        self._kept = kept
        self._touched: set[str] = set()  # the kept files processed by this build
        self.dense = dense
        self.revisions: dict[str, str] = {}  # relative path → MD5 of its content, in hex
        self.sizes: dict[str, int] = {}  # the same paths → their size in bytes
        self._cache_dir = cache_dir
        self._is_immutable = is_immutable
        self._fingerprinted = fingerprinted
        self._pool = ThreadPoolExecutor(os.cpu_count() or 1, "precompress")
        # The runtime's dense forms, beside the pages rather than in front of them (see above).
        self._dense_pool = ThreadPoolExecutor(os.cpu_count() or 1, "precompress-dense")
        self._slots = threading.BoundedSemaphore(_QUEUE)
        self._futures: list[Future[dict[str, int]]] = []
        # As strings: add_tree compares every file of the site (30,000 at 5,000 topics) with them.
        self._handed: set[str] = set()
        self._cpu = 0.0  # the workers' CPU seconds, for the build report
        self._lock = threading.Lock()
        self._switch_s = sys.getswitchinterval()  # restored by cancel
        sys.setswitchinterval(min(self._switch_s, _SWITCH_S))

    def add(self, path: Path, data: bytes) -> None:
        """Compress ``data``, the content ``path`` has (or is about to have) in the site."""
        if str(path) in self._handed:
            return
        relative = path.relative_to(self.site_dir).as_posix()
        if not (is_compressible(path, len(data)) or self._fingerprinted(relative)):
            return
        self._handed.add(str(path))
        if self._is_immutable(relative):
            self._futures.append(self._dense_pool.submit(self._process, path, lambda: data))
            return
        # Waits while the queue is full: the workers are behind, on a busy machine, and the
        # build waits for its own compressing, which is why the wait counts as the plugin's.
        self._slots.acquire()
        self._futures.append(self._pool.submit(self._work, path, data))

    def replace(self, path: Path, data: bytes) -> None:
        """Compress ``data``, the new content of a file already handed over (rewritten)."""
        self._handed.discard(str(path))
        self.add(path, data)

    def add_later(self, path: Path, read: Callable[[], bytes]) -> None:
        """Compress ``path`` of the site, whose content ``read()`` gives: called by a worker,
        so queued without waiting (and without holding bytes of its own: a copied file is
        read there, a file generated in memory is encoded there)."""
        if str(path) not in self._handed:
            self._handed.add(str(path))
            relative = path.relative_to(self.site_dir).as_posix()
            pool = self._dense_pool if self._is_immutable(relative) else self._pool
            self._futures.append(pool.submit(self._process, path, read))

    def add_tree(self, folder: Path, skip: Callable[[str], bool] = lambda relative: False) -> None:
        """Every file under ``folder`` not handed over yet, except those ``skip(path
        relative to the site)`` names."""
        # Not into r/: its short-link pages (175,000 at 5,000 topics) are neither compressed
        # nor fingerprinted, and reading them back cost seconds.
        pruned = str(self.site_dir / SHORT_DIR)
        names = _files_under(str(folder), pruned) if folder.is_dir() else ()
        folder.relative_to(self.site_dir)  # raises ValueError for a folder outside the site
        start = len(str(self.site_dir)) + 1  # a name's path relative to the site starts here
        for name in sorted(names):
            if name in self._handed:
                continue
            relative = name[start:]
            # The suffix first: it rules out most files without reading them (or making a Path).
            suffix = os.path.splitext(name)[1]  # noqa: PTH122
            wanted = suffix in _SUFFIXES or self._fingerprinted(relative)
            if wanted and not skip(relative) and not self._unchanged(name, relative):
                path = Path(name)
                self.add(path, path.read_bytes())

    def _unchanged(self, name: str, relative: str) -> bool:
        """Whether the file ``name`` is as the last build left it, by its stamp: then it
        counts as handed over and fingerprinted, unread."""
        kept = self._kept.get(relative) if self._kept is not None else None
        if kept is None or kept.stamp is None:
            return False
        try:
            if _stamp(os.stat(name)) != kept.stamp:  # noqa: PTH116 (a string: 30,000 of them)
                return False
        except OSError:
            return False
        self._handed.add(name)
        if self._fingerprinted(relative):
            self.revisions[relative] = kept.digest
            self.sizes[relative] = kept.size
        return True

    def _work(self, path: Path, data: bytes) -> dict[str, int]:
        try:
            return self._process(path, lambda: data)
        finally:
            self._slots.release()  # taken by add

    def _process(self, path: Path, read: Callable[[], bytes]) -> dict[str, int]:
        started = time.thread_time()
        try:
            data = read()
            relative = path.relative_to(self.site_dir).as_posix()
            digest = ""
            if self._fingerprinted(relative) or self._kept is not None:
                # Not for security: Workbox's revisions are MD5s of the content.
                digest = hashlib.md5(data, usedforsecurity=False).hexdigest()
            if self._fingerprinted(relative):
                self.revisions[relative] = digest
                self.sizes[relative] = len(data)
            kept = self._kept.get(relative) if self._kept is not None else None
            if self._kept is not None:
                self._touched.add(relative)
            if not is_compressible(path, len(data)):
                written = {}
            elif kept is not None and kept.digest == digest:
                return dict(kept.written)  # its siblings are there, unchanged
            else:
                dense = self._is_immutable(relative)
                written = write_siblings(path, data, dense, self._cache_dir, self.dense)
            if self._kept is not None:
                self._kept[relative] = KeptFile(digest, written, len(data))
            return written
        finally:
            with self._lock:
                self._cpu += time.thread_time() - started

    def drain(self) -> dict[str, int]:
        """Wait for every file handed over so far; the bytes written per encoding.

        Raises:
            OSError: a sibling could not be written.
        """
        written = dict.fromkeys(DENSE, 0)
        for future in self._futures:
            for encoding, size in future.result().items():
                written[encoding] += size
        return written

    def finish(self) -> tuple[dict[str, int], float]:
        """Wait for every file and stop the workers: the bytes written per encoding and the
        workers' CPU seconds.

        Raises:
            OSError: a sibling could not be written.
        """
        try:
            written = self.drain()
            self._stamp_kept()
        finally:
            self.cancel()
        return written, self._cpu

    def _stamp_kept(self) -> None:
        """Each kept file processed by this build, as it is now the build has written it."""
        if self._kept is None:
            return
        for relative in self._touched:
            kept = self._kept.get(relative)
            try:
                found = (self.site_dir / relative).stat()
            except OSError:
                continue
            if kept is not None and found.st_size == kept.size:
                self._kept[relative] = replace(kept, stamp=_stamp(found))

    def cancel(self) -> None:
        """Stop: files not started yet get no siblings."""
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._dense_pool.shutdown(wait=True, cancel_futures=True)
        sys.setswitchinterval(self._switch_s)


def _files_under(folder: str, pruned: str = "") -> Iterator[str]:
    """Every file under ``folder`` (links to files included, links to folders not followed),
    except those under the folder ``pruned``.

    Strings and ``os.scandir``, which knows each entry's type without asking the file
    system again: a large site's folder holds tens of thousands of files.
    """
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.path != pruned:
                    yield from _files_under(entry.path, pruned)
            elif entry.is_file():
                yield entry.path


def prune_cache(cache_dir: Path, now: float | None = None) -> list[Path]:
    """Remove the cached dense forms no build has used for :data:`CACHE_DAYS`; the removed."""
    folder = cache_dir / "compressed"
    if not folder.is_dir():
        return []
    oldest = (time.time() if now is None else now) - CACHE_DAYS * 86400
    removed = []
    for path in sorted(folder.iterdir()):
        if path.is_file() and path.stat().st_mtime < oldest:
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed


def precompress(
    site_dir: Path, cache_dir: Path, is_immutable: Callable[[str], bool]
) -> dict[str, int]:
    """Write the siblings of every compressible file of ``site_dir``; the bytes per encoding."""
    compressor = Precompressor(site_dir, cache_dir, is_immutable)
    compressor.add_tree(site_dir)
    return compressor.finish()[0]
