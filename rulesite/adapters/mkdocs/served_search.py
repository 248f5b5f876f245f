"""Under ``serve``, the search index of a dirty build is the one a full build writes.

Material's search, in a dirty build, keeps the last build's entries, drops those of the
first page rebuilt and appends the rebuilt pages' entries at the end: with two pages
rebuilt, the second one's entries were in the index twice; with the home page (whose
address is the empty prefix of every other) rebuilt, every other page's were gone; and
the order was never a full build's, which ranks equal matches by it. So here Material
starts each build afresh (it indexes only the pages rebuilt) and the index is put
together from each page's latest entries, in the order a full build indexes the pages.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig

__all__ = ["SearchEntries", "indexing_afresh"]


def indexing_afresh(config: MkDocsConfig) -> bool:
    """Have Material's search index only this build's pages (see the module); whether it
    is in use."""
    search = config.plugins.get("material/search") or config.plugins.get("search")
    if search is None or not hasattr(search, "search_index_prev"):
        return False
    search.search_index_prev = None
    return True


class SearchEntries:
    """Each page's search entries (its address → entries), as the last build to render it
    gave them."""

    def __init__(self) -> None:
        self.entries: dict[str, list[dict[str, Any]]] = {}

    def complete(
        self, index_path: Path, order: Iterable[str], rebuilt: Iterable[str]
    ) -> dict[str, Any]:
        """The index at ``index_path``, which holds the ``rebuilt`` pages' entries, with
        every page's, in ``order`` (the pages' addresses as a full build indexes them); not
        written: the finishing extends it and writes it once (a 1,000-topic site's index is
        megabytes, and each write and read of it a tenth of a second)."""
        index: dict[str, Any] = json.loads(index_path.read_text(encoding="utf-8"))
        fresh: dict[str, list[dict[str, Any]]] = {}
        for entry in index["docs"]:
            fresh.setdefault(str(entry["location"]).partition("#")[0], []).append(entry)
        for url in rebuilt:
            self.entries[url] = fresh.get(url, [])
        order = list(order)
        self.entries = {url: self.entries.get(url, []) for url in order}  # a removed page's go
        index["docs"] = [entry for url in order for entry in self.entries[url]]
        return index
