"""Every internal link and anchor of a built site, checked against the files it holds, and
every id of its pages, which must each be the page's only one of its name."""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.id_counts: Counter[str] = Counter()  # id attributes alone, as written
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.id_counts[str(found["id"])] += 1
        for name in ("id", "name") if tag == "a" else ("id",):
            if found.get(name):
                self.ids.add(str(found[name]))
        if tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))
        if tag in ("link", "script", "img") and (found.get("href") or found.get("src")):
            self.links.append(str(found.get("href") or found.get("src")))


def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8", errors="replace"))
    return page


def _target(site: Path, page: Path, link: str) -> tuple[Path, str] | None:
    """The file and fragment an internal ``link`` of ``page`` names; ``None`` if external."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:", "data:")):
        return None
    path, fragment = urldefrag(link)
    path = unquote(urlsplit(path).path)
    if not path:
        return page, unquote(fragment)
    base = site if path.startswith("/") else page.parent
    target = (base / path.lstrip("/")).resolve()
    if target.is_dir() or path.endswith("/"):
        target = target / "index.html"
    return target, unquote(fragment)


def broken_links(site: Path) -> list[str]:
    """``page: link`` for every internal link of ``site``'s pages to a missing file or anchor."""
    site = site.resolve()
    pages = {path: _read(path) for path in sorted(site.rglob("*.html"))}
    broken = []
    for path, page in pages.items():
        for link in page.links:
            found = _target(site, path, link)
            if found is None:
                continue
            target, fragment = found
            where = f"{path.relative_to(site)}: {link}"
            if not target.is_file() or site not in target.parents:
                broken.append(where)
            elif fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _read(target).ids
                if fragment not in ids:
                    broken.append(f"{where} (no anchor)")
    return broken


def repeated_ids(site: Path) -> list[str]:
    """``page: id`` for every id a page of ``site`` holds more than once."""
    site = site.resolve()
    return [
        f"{path.relative_to(site)}: {name}"
        for path in sorted(site.rglob("*.html"))
        for name, count in _read(path).id_counts.items()
        if count > 1
    ]
