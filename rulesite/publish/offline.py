"""The offline service worker, generated into a built site by workbox-build (npm).

MkDocs-free. The worker precaches the site's shell: styles, scripts, fonts, images, the home page
(:func:`precache_manifest`; a site may give a budget under which it precaches every page
too). Each page, search file and the Python runtime is then kept once a reader opens or
starts it (``sw_template.js``), and :data:`OFFLINE_LIST` lists the rest, which the
Coverage page's "Keep the whole reference offline" fetches. Node starts with the build
(:func:`start_service_worker`) and loads workbox-build while MkDocs renders; once the pages
are written
(:meth:`ServiceWorkerJob.pages_written`) it copies Workbox's files into the site while
the build finishes the rest, and once the site is complete,
:meth:`ServiceWorkerJob.wait` sends it the precache list, fingerprinted by the
build as it compressed each file (so no file is read twice), and it writes ``sw.js``.
"""

from __future__ import annotations

import json
import resource
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from rulesite.core.errors import SourceError
from rulesite.core.search_index import NUMBERS_DIR
from rulesite.core.short_links import SHORT_DIR
from rulesite.publish.node import NodeRun, start_node
from rulesite.publish.precompress import Precompressor

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
    "assets/pyodide/",
    "assets/walkthrough/wheels/",
    f"{SHORT_DIR}/",
    "rules.json",
    "rules.schema.json",
)
# The pages and search files the shell keeps: the home and not-found pages, and the list of
# numbered topics, which the rule-number fast path reads before any other search file.
_SHELL_FILES = frozenset({"index.html", "404.html", f"{NUMBERS_DIR}.json"})


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
    site_dir: Path, manifest: list[dict[str, str]], sizes: Mapping[str, int]
) -> None:
    """Write what "Keep the whole reference offline" fetches: every file the worker would
    precache that ``manifest`` leaves out, a page by its folder's URL (as it is linked and
    asked for), and their bytes (uncompressed)."""
    precached = {entry["url"] for entry in manifest}
    rest = sorted(url for url in sizes if url not in precached and is_precached(url))
    files = [url.removesuffix("index.html") if url.endswith("/index.html") else url for url in rest]
    listing = {"files": files, "bytes": sum(sizes[url] for url in rest)}
    (site_dir / OFFLINE_LIST).write_text(json.dumps(listing, separators=(",", ":")), "utf-8")


def is_shell(relative: str) -> bool:
    """Whether a precached path is part of the shell: every asset, and of the pages and
    search files only the home page, the not-found page and the list of numbered topics."""
    if relative in _SHELL_FILES:
        return True
    return PurePosixPath(relative).suffix != ".html" and not relative.startswith("search/")


def is_written_by_script(relative: str) -> bool:
    """Whether the script writes this path of the site (so it is not finished before it ends)."""
    return relative == SERVICE_WORKER or relative.startswith(_WORKBOX_PREFIX)


def is_precached(relative: str) -> bool:
    """Whether the service worker precaches this path of the site (Workbox's files come with
    the worker itself)."""
    return (
        PurePosixPath(relative).suffix in _PRECACHED
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
    args = [str(site_dir), str(TEMPLATE), str(node_modules)]
    before = _children_cpu()
    run = start_node(
        SCRIPT,
        args,
        where=str(SCRIPT),
        what="generating the service worker",
        timeout_s=TIMEOUT_S,
    )
    return ServiceWorkerJob(run, before)


def finish_offline(
    site_dir: Path,
    compressor: Precompressor,
    worker: ServiceWorkerJob,
    budget: int,
    compressed: Callable[[], None] | None = None,
) -> float:
    """Compress and fingerprint what the build wrote, then have ``worker`` write ``sw.js``
    (precaching at most ``budget`` bytes, :func:`precache_manifest`) and compress what it
    wrote; ``compressed`` runs once every file has its compressed siblings. After
    :meth:`ServiceWorkerJob.pages_written`, once the site is otherwise complete; returns the
    CPU seconds of the compressing workers and Node.

    Raises:
        SourceError: the service worker's generation failed or hung.
    """
    # Every file the worker lists, fingerprinted as it is compressed, before the worker;
    # what the script writes after it (a dirty build may have an old one).
    compressor.add_tree(site_dir, skip=is_written_by_script)
    compressor.drain()
    if compressed:  # what needs the compressed sizes (a file it rewrites, it adds again)
        compressed()
        compressor.drain()
    manifest = precache_manifest(compressor.revisions, compressor.sizes, budget)
    write_offline_list(site_dir, manifest, compressor.sizes)
    precache = worker.wait(manifest)
    compressor.add_tree(site_dir / precache.workbox_dir)
    compressor.add(site_dir / SERVICE_WORKER, (site_dir / SERVICE_WORKER).read_bytes())
    return compressor.finish()[1] + precache.cpu


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
