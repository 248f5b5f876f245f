"""The one finishing step every site engine's build ends with.

Whatever engine turned the pages into HTML, the built site is finished the same
way: every page carries the Content-Security-Policy, the engine's search index
gets the site's own records (a document per rule, topic pages ranked first), every
file gets its compressed siblings, and the offline service worker is written last,
over the finished site. The MkDocs plugin calls it from MkDocs's events as pages
are written; the Zensical adapter calls it once Zensical has built the tree.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path
from typing import Any

from rulesite.adapters.search_worker import search_workers
from rulesite.core.short_links import SHORT_DIR
from rulesite.publish.csp import PAGE_POLICY, with_csp_meta
from rulesite.publish.offline import finish_offline, is_precached
from rulesite.publish.precompress import KeptFile, Precompressor, prune_cache
from rulesite.publish.previews import SiteFacts, head_tags, write_previews
from rulesite.publish.service_worker_reuse import ServiceWorker, WorkerMemory
from rulesite.publish.short_link_files import ShortLinkWriter
from rulesite.runtime import CONFIG, is_runtime_asset, served_download_size

__all__ = ["Finisher", "KeptBetweenBuilds", "SearchShape"]

# How an engine's search index takes the site's records: (index, records) → index.
SearchShape = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]
_TITLE = re.compile(r"<title>([^<]*)</title>", re.IGNORECASE)
_HEAD_END = re.compile(r"</head>", re.IGNORECASE)


@dataclass(frozen=True)
class KeptBetweenBuilds:
    """Under ``serve``, what the builds into one site folder (which MkDocs's dirty builds
    never empty) made, so the next does not make it again: each file's fingerprint and
    compressed siblings (:class:`Precompressor`), each short link's page
    (:func:`rulesite.publish.short_link_files.write_pages`), the service worker
    (:mod:`rulesite.publish.service_worker_reuse`)."""

    compressed: dict[str, KeptFile] = field(default_factory=dict)
    links: dict[str, bytes] = field(default_factory=dict)
    worker: WorkerMemory = field(default_factory=WorkerMemory)


class Finisher:
    """The finishing of one build into ``site_dir``, started before the engine writes pages.

    The service worker's script starts at once (Node loads while the engine builds; under
    ``serve``, after its first build, only once the precache list is known to have changed);
    pages and other files are compressed on worker threads as they are handed over.
    ``dense=False`` (``serve``): the runtime gets the densest forms only if already cached.
    ``kept``: what the last builds into the same folder made (``serve``).

    Raises:
        SourceError: Node or workbox-build is missing.
    """

    def __init__(
        self,
        site_dir: Path,
        cache_dir: Path,
        node_modules: Path,
        policy: str = PAGE_POLICY,
        facts: SiteFacts | None = None,
        dense: bool = True,
        kept: KeptBetweenBuilds | None = None,
    ) -> None:
        self.site_dir = site_dir
        self.cache_dir = cache_dir
        self.policy = policy
        self.facts = facts or SiteFacts()  # the previews' name, words and address
        self.compressor = Precompressor(
            site_dir,
            cache_dir,
            is_runtime_asset,
            fingerprinted=is_precached,
            dense=dense,
            kept=kept.compressed if kept else None,
        )
        self.short_links: ShortLinkWriter | None = None
        self.kept_links = kept.links if kept else None
        try:
            self.worker = ServiceWorker(site_dir, node_modules, kept.worker if kept else None)
        except BaseException:
            self.compressor.cancel()
            raise

    def write_short_links(self, pages: Iterable[tuple[str, str]]) -> None:
        """Write the short links' ``pages`` (path relative to the site, page) on a thread of
        their own, while the engine renders: once the engine will not empty the site again."""
        self.short_links = ShortLinkWriter(self.site_dir, pages, self.kept_links)

    def page(self, path: Path, html: str) -> str:
        """``html``, the page at ``path``, with the policy and the tags of its previews;
        handed to the compressing workers."""
        parts = path.relative_to(self.site_dir).parts
        short = parts[:1] == (SHORT_DIR,)
        html = with_csp_meta(html, self.policy, allow_refresh=short)
        html = self._with_previews(html, "../" * (len(parts) - 1))
        # An engine writes no file for an empty page (MkDocs's test is `strip`).
        if html and not html.isspace():
            # Encoded as MkDocs encodes a page for its file.
            self.compressor.add(path, html.encode("utf-8", errors="xmlcharrefreplace"))
        return html

    def _with_previews(self, page: str, to_root: str) -> str:
        if 'name="twitter:card"' in page:  # a short link's, written with its own
            return page
        title = None
        if 'property="og:title"' not in page:
            found = _TITLE.search(page)
            title = unescape(found.group(1)) if found else self.facts.name
        tags = head_tags(self.facts, to_root, title=title)
        return _HEAD_END.sub(lambda end: tags + end.group(0), page, count=1)

    def other_file(self, path: Path, read: Callable[[], bytes]) -> None:
        """A file that is not a page, compressed when a worker is free (read then)."""
        self.compressor.add_later(path, read)

    def search(
        self,
        index_path: Path,
        records: dict[str, Any],
        shape: SearchShape,
        adapter: str,
        index: dict[str, Any] | None = None,
    ) -> None:
        """The engine's search index at ``index_path`` (or ``index``, what it is to hold, if
        the caller has it) with the site's ``records``
        (:func:`rulesite.core.search_index.search_records`), in the engine's ``shape``; and
        the site's search worker around the engine's, through the site's ``adapter`` for it
        (:mod:`rulesite.adapters.search_worker`)."""
        if index is None:
            index = json.loads(index_path.read_text(encoding="utf-8"))
        # Compact: the index is the largest file a reader's search downloads.
        text = json.dumps(shape(index, records), ensure_ascii=False, separators=(",", ":"))
        data = text.encode("utf-8")
        index_path.write_bytes(data)
        self.compressor.add(index_path, data)
        for path, script in search_workers(self.site_dir, adapter).items():
            path.write_bytes(script)
            self.compressor.add(path, script)

    def finish(self, precache_mb: float) -> float:
        """Wait for the short links, compress what is left, write the service worker
        (precaching at most ``precache_mb``), prune the cache; returns the CPU seconds of the
        workers, the short links' thread and Node.

        Raises:
            SourceError: the service worker's generation failed or hung.
            OSError: a file could not be written.
        """
        self.worker.pages_written()
        try:
            for path in write_previews(self.site_dir, self.facts):
                self.compressor.add(path, path.read_bytes())
            written = self.short_links.join() if self.short_links else 0.0
            budget = int(precache_mb * 1_000_000)
            background = written + finish_offline(
                self.site_dir,
                self.compressor,
                self.worker,
                budget,
                self._served_sizes,
                skip=is_runtime_asset,  # planned by what the host sends (transfer.js)
                short_links=self.short_links.written if self.short_links else None,
            )
        except BaseException:
            self.cancel()
            raise
        prune_cache(self.cache_dir)
        return background

    def _served_sizes(self) -> None:
        """The Start button's download size, as served: read from the Brotli siblings."""
        data = served_download_size(self.site_dir)
        if data is not None:
            self.compressor.replace(self.site_dir / CONFIG, data)

    def cancel(self) -> None:
        """Stop the workers and Node: the build failed or was stopped."""
        if self.short_links is not None:
            self.short_links.cancel()
        self.compressor.cancel()
        self.worker.stop()
