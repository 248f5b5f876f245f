"""Under ``serve``, the built files of a page or asset gone from the sources are removed.

MkDocs's dirty build never empties the site folder, so a deleted topic's page (and a
deleted hand-written page or asset) stayed served until ``serve`` restarted. Each build
remembers where it wrote its files; a file an earlier build of this process wrote there
that no file of this build is written to is removed, with the compressed siblings the
build wrote beside it and the folders left empty. Nothing else is touched: every path
removed is one MkDocs wrote into the site folder of this ``serve``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from mkdocs.structure.files import Files

from rulesite.publish.precompress import COMPRESSED_SUFFIXES

__all__ = ["BuiltFiles", "remove_built"]


class BuiltFiles:
    """Where the builds of one ``serve`` wrote the site's files (paths relative to it)."""

    def __init__(self) -> None:
        self.paths: frozenset[str] | None = None  # the last build's; None before the first

    def settle(self, files: Files, site_dir: Path) -> list[str]:
        """This build's ``files``: remove what the last build wrote into ``site_dir`` and
        this one will not; the paths removed, relative to the site folder."""
        paths = frozenset(file.dest_uri for file in files)
        gone = sorted(self.paths - paths) if self.paths is not None else []
        self.paths = paths
        remove_built(site_dir.resolve(), gone)
        return gone


def remove_built(site_dir: Path, relatives: Iterable[str]) -> None:
    """Remove each file (relative to ``site_dir``) and its compressed siblings; then each
    folder this left empty, up to the site folder (never it, never a folder outside)."""
    folders: set[Path] = set()
    for relative in relatives:
        path = site_dir / relative
        if not path.resolve().is_relative_to(site_dir) or path.resolve() == site_dir:
            continue
        for name in (path.name, *(path.name + suffix for suffix in COMPRESSED_SUFFIXES)):
            path.with_name(name).unlink(missing_ok=True)
        folders.add(path.parent)
    # Deepest first, so a folder emptied by its child's removal goes too.
    for folder in sorted(folders, key=lambda f: len(f.parts), reverse=True):
        while folder != site_dir and folder.is_relative_to(site_dir):
            try:
                os.rmdir(folder)  # noqa: PTH106 (only if empty: rmdir refuses otherwise)
            except OSError:
                break
            folder = folder.parent
