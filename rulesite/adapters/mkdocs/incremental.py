"""Under ``serve``, an edit rebuilds only the pages it changed, as ``mkdocs serve --dirty`` does.

MkDocs's dirty build (its public ``build(config, dirty=True)``, which ``serve`` runs given
``build_type="dirty"``) reads and renders a page only when its source is newer than its
built file, and copies only such files; a file MkDocs holds in memory always counts as
changed. So under ``serve`` every generated text is a file here, rewritten only when its
text changed: an edit to one rule rewrites its page and those whose text the edit changed
(a page linking to a renumbered rule), and MkDocs rebuilds those.

A page MkDocs skips is never read, so it has no title, which the navigation of every page
it does rebuild shows: the titles of the last build are given back to the skipped pages.
When the navigation's shape, the set of pages, a title, ``mkdocs.yml`` or the error banner
of a broken source (:mod:`.banner`) changes, every page shows it, so
every page is rebuilt (their built files are marked older than their sources). The files
of a page or asset gone from the sources are removed (:mod:`.stale`), and the search index
is put together from each page's latest entries (:mod:`.served_search`). Byte for byte, an
incremental rebuild gives a fresh ``serve``'s whole site
(``test_after_an_edit_the_served_site_is_a_fresh_serves_file_for_file``) and a full
build's pages (``test_an_incremental_rebuild_gives_a_full_builds_pages``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils.meta import get_data

from rulesite.adapters.mkdocs.served_search import SearchEntries, indexing_afresh
from rulesite.adapters.mkdocs.stale import BuiltFiles

__all__ = ["ServedPages"]


class ServedPages:
    """The generated texts as files in ``folder`` (made by the plugin, and only ever its), and
    what the last build showed of each page."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.texts: dict[str, str] = {}
        self.titles: dict[str, str | None] = {}  # src_uri → title, as the last build showed it
        self.peeked: dict[str, str | None] = {}  # src_uri → title as the source states it
        self.layout: str | None = None  # the navigation and pages of the last build
        self.outputs = BuiltFiles()  # where the last build wrote its files
        self.search = SearchEntries()  # and what each page gave the search index
        self.order: list[str] = []  # this build's pages' addresses, in the order it reads them
        self.rebuilt: list[str] = []  # the addresses of those it rebuilt
        self.indexed = False  # whether Material's search indexes them afresh

    def files(self, config: MkDocsConfig, texts: Mapping[str, str]) -> list[File]:
        """``texts`` as MkDocs files read from this folder; only changed texts are rewritten."""
        for path in set(self.texts) - set(texts):
            (self.folder / path).unlink(missing_ok=True)
        for path, text in texts.items():
            if self.texts.get(path) != text:
                target = self.folder / path
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(text.encode("utf-8"))
        self.texts = dict(texts)
        return [
            File.generated(config, path, abs_src_path=str(self.folder / path)) for path in texts
        ]

    def prepare(self, files: Files, config: MkDocsConfig, nav: Any, banner: str = "") -> list[str]:
        """Before MkDocs reads the pages: the skipped pages get their titles back, or every
        page is rebuilt where the edit changed what every page shows (``banner``: the error
        every page shows while a source is broken). What the last build wrote and this one
        will not is removed (:mod:`.stale`): returned, relative to the site folder."""
        gone = self.outputs.settle(files, Path(config.site_dir))
        pages = [file for file in files.documentation_pages() if file.page is not None]
        layout = repr((nav, [file.src_uri for file in pages], banner, _settings(config)))
        # Asked once a page: each asking is three stat calls, a thousand pages at 1,000 topics.
        changed = {file.src_uri for file in pages if file.is_modified()}
        whole = layout != self.layout or any(
            self.peeked.get(file.src_uri, "") != _peek_title(file)
            for file in pages
            if file.src_uri in changed
        )
        self.layout = layout
        for file in pages:
            if whole:
                _mark_stale(file)
            elif file.src_uri not in changed:
                page: Page = file.page  # type: ignore[assignment]
                page.title = self.titles.get(file.src_uri)  # type: ignore[misc]
        self.order = [file.url for file in files.documentation_pages()]
        self.rebuilt = []
        self.indexed = indexing_afresh(config)
        return gone

    def built(self, page: Page) -> None:
        """What ``page`` showed, once read: its title for the pages rebuilt after it."""
        self.titles[page.file.src_uri] = page.title
        self.peeked[page.file.src_uri] = _peek_title(page.file)
        self.rebuilt.append(page.url)

    def finish_search(self, site_dir: Path) -> dict[str, Any] | None:
        """The search index as a full build writes it (:mod:`.served_search`), for the
        finishing to extend and write; ``None`` where Material's search made none."""
        index = site_dir / "search" / "search_index.json"
        if self.indexed and index.is_file():
            return self.search.complete(index, self.order, self.rebuilt)
        return None

    def failed(self) -> None:
        """The build failed, some pages perhaps rebuilt: the next rebuilds every page."""
        self.layout = None


def _settings(config: MkDocsConfig) -> bytes:
    """The configuration file as it is now: a change to it (the theme, the site's name)
    shows on every page."""
    try:
        return Path(config.config_file_path or "").read_bytes()
    except OSError:
        return b""


def _peek_title(file: File) -> str | None:
    """The title a page's source states (its ``title`` or first heading), without rendering."""
    try:
        markdown, meta = get_data(file.content_string)
    except (OSError, ValueError):
        return None
    heading = next((line for line in markdown.splitlines() if line.startswith("# ")), None)
    return str(meta.get("title", heading))


def _mark_stale(file: File) -> None:
    """``file``'s built copy, if any, counts as older than its source: it is built again."""
    built = Path(file.abs_dest_path)
    if built.is_file():
        os.utime(built, ns=(0, 0))
