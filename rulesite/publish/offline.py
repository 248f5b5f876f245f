"""The offline service worker, generated into a built site by workbox-build (npm).

MkDocs-free. The worker precaches the site's shell: styles, scripts, fonts, images, the home
and offline pages (:func:`precache_manifest`; a site may give a budget under which it
precaches every page too). Each page, search file and the Python runtime is then kept once
a reader opens or starts it (``sw_template.js``), and :data:`OFFLINE_LIST` lists the rest,
derived from the built files with the bytes each weighs as it is and as each sibling: the
Coverage page's "Keep the whole reference offline" fetches them, and the engine's files as
this host sends them (``assets/javascripts/keep.js``). A navigation no cache answers gets
the offline page (:data:`OFFLINE_PAGE`). Node starts with the build
(:func:`start_service_worker`) and loads workbox-build while MkDocs renders; once the pages
are written (:meth:`ServiceWorkerJob.pages_written`) it copies Workbox's files into the site
while the build finishes the rest, and once the site is complete,
:meth:`ServiceWorkerJob.wait` sends it the precache list, fingerprinted by the
build as it compressed each file (so no file is read twice), and it writes ``sw.js``.
"""

from __future__ import annotations

import json
import os
import resource
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from rulesite.core.errors import SourceError
from rulesite.core.render.pages import OFFLINE
from rulesite.core.search_index import NUMBERS_DIR
from rulesite.core.short_links import SHORT_DIR
from rulesite.publish.node import NodeRun, start_node
from rulesite.publish.precompress import COMPRESSED_SUFFIXES, Precompressor
from rulesite.publish.previews import IMAGES_DIR
from rulesite.publish.swap import MARKER

SCRIPT = Path(__file__).with_name("service_worker.mjs")
TEMPLATE = Path(__file__).with_name("sw_template.js")
# It reads and fingerprints a few thousand files; far more than this means a hang.
TIMEOUT_S = 120
SERVICE_WORKER = "sw.js"
_WORKBOX_PREFIX = "workbox-"  # copyWorkboxLibraries's folder: workbox-v<version>
# Every page and asset is precached, so the site, its search and its walkthrough widgets
# work offline; not the runtime (13 MB), which waits for a reader to start a walkthrough.
_PRECACHED = frozenset(
    {".html", ".css", ".js", ".json", ".xml", ".svg", ".png", ".ico", ".woff", ".woff2", ".py"}
)
# Short links (r/<number>/) only send a reader on to a page: 100,000 of them at 5,000 topics.
# rules.json is for tools, not readers (tens of megabytes at 5,000 topics).
_NOT_PRECACHED = (
    f"{IMAGES_DIR}/",  # for chat previews and installing, fetched by them
    "assets/pyodide/",
    "assets/walkthrough/wheels/",
    f"{SHORT_DIR}/",
    "rules.json",
    "rules.schema.json",
)
# Not in the shell: search files, and Material's stemmers for languages other than English
# (34 scripts: a third of a first visit's requests), which its search loads only for them.
_NOT_SHELL = ("search/", "assets/javascripts/lunr/")
# The page a navigation the caches cannot answer is sent to (sw_template.js): in the shell.
OFFLINE_PAGE = OFFLINE.removesuffix(".md") + "/index.html"
# The pages and search files the shell keeps: the home and not-found pages, and the list of
# numbered topics, which the rule-number fast path reads before any other search file.
_SHELL_FILES = frozenset({"index.html", "404.html", OFFLINE_PAGE, f"{NUMBERS_DIR}.json"})


def precache_manifest(
    revisions: Mapping[str, str], sizes: Mapping[str, int], budget: int
) -> list[dict[str, str]]:
    """Workbox's precache entries: every fingerprinted file (path relative to the site → the
    MD5 of its content, ``sizes`` its bytes) if together they fit ``budget`` bytes, else the
    shell only (:func:`is_shell`)."""
    urls = sorted(revisions)
    if sum(sizes[url] for url in urls) > budget:
        urls = [url for url in urls if is_shell(url)]
    return [{"url": url, "revision": revisions[url]} for url in urls]


OFFLINE_LIST = "offline-files.json"


def write_offline_list(
    site_dir: Path,
    manifest: list[dict[str, str]],
    skip: Callable[[str], bool],
    short_links: Iterable[tuple[str, int]] | None = None,
) -> bytes:
    """Write what "Keep the whole reference offline" fetches: every file of the site the
    precache ``manifest`` leaves out (but the compressed siblings, the service worker's own
    files and those ``skip`` names: the runtime, which the page plans by what the host sends,
    transfer.js), a page by its folder's URL (as it is linked and asked for), the
    ``short_links`` pages written by the build ((path, bytes): r/ is not walked again; where
    the engine copied them instead, ``None``, they are found with the rest), and
    for each its bytes on disk, as Brotli and as gzip (0: no such sibling), so that the page
    says what this host sends. Returns the listing written."""
    precached = {entry["url"] for entry in manifest}
    found: dict[str, list[int]] = {}
    pruned = str(site_dir / SHORT_DIR) if short_links is not None else ""
    for relative, sizes in _site_files(site_dir, pruned):
        if relative not in precached and not skip(relative) and _kept_file(relative):
            found[relative] = sizes
    for relative, size in short_links or ():
        found[relative] = [size, 0, 0]
    rest = sorted(found)
    listing = {
        "files": [
            url.removesuffix("index.html") if url.endswith("/index.html") else url for url in rest
        ],
        "sizes": [found[url] for url in rest],
        "bytes": sum(found[url][0] for url in rest),
    }
    data = json.dumps(listing, separators=(",", ":")).encode("utf-8")
    (site_dir / OFFLINE_LIST).write_bytes(data)
    return data


def _kept_file(relative: str) -> bool:
    return not (
        relative.endswith((*COMPRESSED_SUFFIXES, ".map"))  # source maps: for a debugger
        or is_written_by_script(relative)
        or relative in (OFFLINE_LIST, MARKER)  # the marker: what made the folder, for the tool
    )


def _site_files(site_dir: Path, pruned: str) -> Iterator[tuple[str, list[int]]]:
    """(path relative to the site, [bytes, Brotli sibling's, gzip sibling's]) of every file
    but those in the folder ``pruned``."""
    start = len(str(site_dir)) + 1
    folders = [str(site_dir)]
    while folders:
        with os.scandir(folders.pop()) as entries:
            listed = {entry.name: entry for entry in entries}
        for name, entry in listed.items():
            # Workbox's files are being copied (and their maps removed) by the script while
            # this walks: not entered, never stat-ed.
            if is_written_by_script(entry.path[start:].replace(os.sep, "/")):
                continue
            if entry.is_dir(follow_symlinks=False):
                if entry.path != pruned:
                    folders.append(entry.path)
            elif entry.is_file() and not name.endswith(COMPRESSED_SUFFIXES):
                siblings = (listed.get(f"{name}{suffix}") for suffix in COMPRESSED_SUFFIXES)
                sizes = [entry.stat().st_size, *(s.stat().st_size if s else 0 for s in siblings)]
                yield entry.path[start:].replace(os.sep, "/"), sizes


def is_shell(relative: str) -> bool:
    """Whether a precached path is part of the shell: every asset but the search's other
    languages, and of the pages and search files only the home page, the offline and
    not-found pages and the list of numbered topics."""
    if relative in _SHELL_FILES:
        return True
    return _suffix(relative) != ".html" and not relative.startswith(_NOT_SHELL)


def _suffix(relative: str) -> str:
    """``PurePosixPath(relative).suffix``, without making a path: asked of every file of
    the site on every build (a tenth of a second of an edit at 1,000 topics)."""
    name = relative.rpartition("/")[2]
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def is_written_by_script(relative: str) -> bool:
    """Whether the script writes this path of the site (so it is not finished before it ends)."""
    return relative == SERVICE_WORKER or relative.startswith(_WORKBOX_PREFIX)


def is_precached(relative: str) -> bool:
    """Whether the service worker precaches this path of the site (Workbox's files come with
    the worker itself)."""
    return (
        _suffix(relative) in _PRECACHED
        and not relative.startswith(_NOT_PRECACHED)
        and not is_written_by_script(relative)
        and relative != OFFLINE_LIST  # fetched by the button, when pressed
    )


@dataclass(frozen=True)
class Precache:
    """How many files the service worker precaches, and where the script wrote Workbox's."""

    count: int
    workbox_dir: str  # relative to the site folder
    # CPU seconds of the children reaped while Node ran: Node's (most of them loading
    # workbox-build during the build).
    cpu: float = 0.0


@dataclass(frozen=True)
class ServiceWorkerJob:
    """The service worker's generation, under way."""

    run: NodeRun
    children_cpu: float  # this process's finished children's CPU seconds when it started

    def pages_written(self) -> None:
        """The site's pages are written (MkDocs will not empty its folder again): Workbox's
        files may be copied into it now."""
        self.run.proceed("copy")

    def wait(self, manifest: list[dict[str, str]]) -> Precache:
        """Write ``sw.js`` now that the site is complete, precaching ``manifest``
        (:func:`precache_manifest`); after :meth:`pages_written`.

        Raises:
            SourceError: the generation failed or hung.
        """
        self.run.proceed(json.dumps(manifest))
        report = json.loads(self.run.output())
        return Precache(**report, cpu=_children_cpu() - self.children_cpu)

    def stop(self) -> None:
        """Give up on it (the build failed elsewhere)."""
        self.run.stop()


def start_service_worker(site_dir: Path, node_modules: Path) -> ServiceWorkerJob:
    """Start the script that will write ``site_dir/sw.js`` and Workbox's files beside it.

    Raises:
        SourceError: Node or workbox-build is missing.
    """
    package = node_modules / "workbox-build" / "package.json"
    if not package.is_file():
        raise SourceError.at(str(package), 1, "workbox-build missing: run `npm ci` (make setup)")
    args = [str(site_dir), str(TEMPLATE), str(node_modules), OFFLINE_PAGE]
    before = _children_cpu()
    run = start_node(
        SCRIPT,
        args,
        where=str(SCRIPT),
        what="generating the service worker",
        timeout_s=TIMEOUT_S,
    )
    return ServiceWorkerJob(run, before)


class WritesServiceWorker(Protocol):
    """What :func:`finish_offline` needs of the service worker's generation."""

    def wait(self, manifest: list[dict[str, str]]) -> Precache: ...


def finish_offline(
    site_dir: Path,
    compressor: Precompressor,
    worker: WritesServiceWorker,
    budget: int,
    compressed: Callable[[], None] | None = None,
    skip: Callable[[str], bool] = lambda relative: False,
    short_links: Iterable[tuple[str, int]] | None = None,
) -> float:
    """Compress and fingerprint what the build wrote, then have ``worker`` write ``sw.js``
    (precaching at most ``budget`` bytes, :func:`precache_manifest`) and compress what it
    wrote; ``compressed`` runs once every file has its compressed siblings; ``skip`` and
    ``short_links`` are :func:`write_offline_list`'s. After
    :meth:`ServiceWorkerJob.pages_written`, once the site is otherwise complete; returns the
    CPU seconds of the compressing workers and Node.

    Raises:
        SourceError: the service worker's generation failed or hung.
    """
    # Every file the worker lists, fingerprinted as it is compressed, before the worker;
    # what the script writes after it, and the offline list after this (a dirty build may
    # have an old one of each: handed over now, the new one would not be compressed).
    compressor.add_tree(site_dir, skip=_written_after)
    compressor.drain()
    if compressed:  # what needs the compressed sizes (a file it rewrites, it adds again)
        compressed()
        compressor.drain()
    manifest = precache_manifest(compressor.revisions, compressor.sizes, budget)
    listing = write_offline_list(site_dir, manifest, skip, short_links)
    compressor.add(site_dir / OFFLINE_LIST, listing)
    precache = worker.wait(manifest)
    compressor.add_tree(site_dir / precache.workbox_dir)
    compressor.add(site_dir / SERVICE_WORKER, (site_dir / SERVICE_WORKER).read_bytes())
    return compressor.finish()[1] + precache.cpu


def _written_after(relative: str) -> bool:
    return is_written_by_script(relative) or relative == OFFLINE_LIST


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
