"""Page names Zensical would misspell in its URLs, hidden from it and put back.

Zensical spells a page's URL by decoding its folder's name and encoding it again, and
leaves some characters as they are: ``p?query=1`` stays a query, ``%41`` becomes ``A``,
``%2F`` a folder, and a name with ``:`` makes it build nothing at all. So before it runs,
each generated page whose folder name percent-encoding would change is moved to a plain
placeholder folder (``rulesite-page-<hash>``); after, the built folder is moved back
under its own name and every placeholder in the built pages, sitemap and search index
becomes that name percent-encoded, as the generator's own links spell it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import quote

__all__ = ["HiddenNames", "hide_page_names"]

_PREFIX = "rulesite-page-"
_PLACEHOLDER = re.compile(_PREFIX + r"[0-9a-f]{16}")


def _placeholder(name: str) -> str:
    return _PREFIX + hashlib.sha256(name.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class HiddenNames:
    """The folders moved aside: placeholder → (parent folder, the folder's own name)."""

    moved: dict[str, tuple[str, str]]

    def path(self, page: str) -> str:
        """Where Zensical finds ``page`` (a path in the docs folder) while it builds."""
        parts = PurePosixPath(page).parts
        if len(parts) >= 2:  # a folder and its index.md
            placeholder = _placeholder(parts[-2])
            if placeholder in self.moved:
                return PurePosixPath(*parts[:-2], placeholder, parts[-1]).as_posix()
        return page

    def restore(self, built: Path) -> None:
        """Move each built page back to its own folder name."""
        for placeholder, (parent, name) in self.moved.items():
            folder = built / parent / placeholder
            if folder.is_dir():
                folder.rename(built / parent / name)

    def spelled(self, text: str) -> str:
        """``text`` with each placeholder spelled as its page's name, percent-encoded."""
        if not self.moved:
            return text

        def name(found: re.Match[str]) -> str:
            moved = self.moved.get(found.group(0))
            return quote(moved[1], safe="") if moved else found.group(0)

        return _PLACEHOLDER.sub(name, text)


def hide_page_names(docs: Path, pages: list[str]) -> HiddenNames:
    """Move each page of ``pages`` (``rules/q#frag/index.md``, in ``docs``) whose folder name
    is not plain to its placeholder folder."""
    moved: dict[str, tuple[str, str]] = {}
    for page in pages:
        parts = PurePosixPath(page).parts
        if len(parts) < 3 or parts[-1] != "index.md":  # a generated page's
            continue
        parent, name = PurePosixPath(*parts[:-2]).as_posix(), parts[-2]
        if quote(name, safe="") == name:
            continue
        placeholder = _placeholder(name)
        (docs / parent / name).rename(docs / parent / placeholder)
        moved[placeholder] = (parent, name)
    return HiddenNames(moved)
