"""Interactive walkthroughs as content: the files of ``content/walkthroughs``, read and placed.

The runtime they need in the browser (the engine wheel, Pyodide) is
:mod:`rulesite.runtime`'s. Interface:

- ``load_walkthroughs(content_dir)`` reads ``content/walkthroughs/*.yaml``
  (raises ``SourceError`` with file and line for a broken one);
- ``Walkthroughs.embed_html(page_name)`` gives the HTML to place on a topic page
  ("" when the page has none), its rule citations linked through ``rules`` (set by
  ``with_rules``, the rules index);
- ``Walkthroughs.side_by_side_html()`` gives the HTML of the edition comparison
  page's two-pane player ("" when there is no side-by-side file);
- ``Walkthroughs.expand_markers(markdown, source, page_url)`` replaces the
  ``<!-- walkthrough: NAME -->`` markers of a hand-written page.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

from rulesite.core.anchors import page_url as page_url_of
from rulesite.core.errors import SourceError
from rulesite.core.loaders.source_text import HIDDEN, IGNORED, NOT_A_FOLDER, folder_problems
from rulesite.core.model import Diagnostic, Location
from rulesite.core.step_reuse import also_forget
from rulesite.core.walkthroughs.embed import side_by_side_html, tryit_html, walkthrough_html
from rulesite.core.walkthroughs.side_by_side import SideBySide, is_side_by_side, load_side_by_side
from rulesite.core.walkthroughs.static_line import RulesIndex
from rulesite.core.walkthroughs.walkthrough_files import (
    TryIt,
    Walkthrough,
    file_id,
    is_tryit,
    load_tryit,
    load_walkthrough,
    topic_slug,
)

__all__ = ["ASSETS", "Walkthroughs", "load_walkthroughs"]

_Steps = TypeVar("_Steps", Walkthrough, SideBySide)

ASSETS = "assets/walkthrough"  # where the widget's files and data are published
_MARKER = re.compile(r"<!--\s*walkthrough:\s*([\w-]+)\s*-->")


@dataclass(frozen=True)
class Walkthroughs:
    """The walkthroughs and try-it cells found in a content folder."""

    walkthroughs: tuple[Walkthrough, ...] = ()
    tryits: tuple[TryIt, ...] = ()
    side_by_side: tuple[SideBySide, ...] = ()
    rules: RulesIndex = field(default_factory=dict)  # anchor id → {url, title, label}
    warnings: tuple[Diagnostic, ...] = ()  # files of the folder that are not read

    def with_rules(self, rules: Mapping[str, Mapping[str, str]]) -> Walkthroughs:
        """The same walkthroughs, citing rules through ``rules`` (the rules index)."""
        return replace(self, rules=rules)

    def _html(self, item: Walkthrough | TryIt, page_url: str) -> str:
        if isinstance(item, Walkthrough):
            return walkthrough_html(item, self.rules, page_url)
        return tryit_html(item)

    def unplaced(self, pages: set[str], comparison: bool) -> list[Diagnostic]:
        """Every item no page shows: a ``page:`` naming none of ``pages`` (the names
        :meth:`embed_html` was asked for), or side-by-side boards without a comparison page.
        """
        slugs = {topic_slug(page) for page in pages}
        items: tuple[Walkthrough | TryIt, ...] = (*self.walkthroughs, *self.tryits)
        problems = [
            Diagnostic(item.location, f"page: {item.page!r} names no page of the site")
            for item in items
            if item.page is not None and item.page not in slugs
        ]
        if not comparison:
            problems += [
                Diagnostic(board.location, "a side-by-side board, but no edition comparison page")
                for board in self.side_by_side
            ]
        return problems

    def _by_id(self) -> dict[str, Walkthrough | TryIt]:
        items: tuple[Walkthrough | TryIt, ...] = (*self.walkthroughs, *self.tryits)
        return {item.id: item for item in items}

    def embed_html(self, page_name: str) -> str:
        """Every walkthrough and try-it cell of a topic page ("" for none).

        ``page_name`` is the dashed slug of the page's URL, ``ti3-`` first for a
        3rd-edition page (``rulesite.core.render.pages``), which also says where the page is.
        """
        slug = topic_slug(page_name)
        third, name = page_name.startswith("ti3-"), page_name.removeprefix("ti3-")
        page_url = page_url_of(f"ti3/{name}/" if third else f"rules/{name}/")
        items: list[Walkthrough | TryIt] = [*self.walkthroughs, *self.tryits]
        return "\n\n".join(self._html(item, page_url) for item in items if item.page == slug)

    def side_by_side_html(self) -> str:
        """The two-pane player of the edition comparison page ("" for no side-by-side file)."""
        return side_by_side_html(self.side_by_side) if self.side_by_side else ""

    def expand_markers(self, markdown: str, source: str = "<markdown>", page_url: str = "") -> str:
        """Replace each ``<!-- walkthrough: NAME -->`` marker with that item's placeholder.

        Raises:
            SourceError: a marker names no known walkthrough or try-it cell.
        """
        known = self._by_id()

        def placeholder(match: re.Match[str]) -> str:
            item = known.get(match.group(1))
            if item is None:
                line = markdown.count("\n", 0, match.start()) + 1
                names = ", ".join(sorted(known)) or "none"
                raise SourceError.at(
                    source, line, f"unknown walkthrough {match.group(1)!r}; known: {names}"
                )
            return f"\n\n{self._html(item, page_url)}\n\n"

        return _MARKER.sub(placeholder, markdown)


def load_walkthroughs(content_dir: Path) -> Walkthroughs:
    """Read every walkthrough and try-it file under ``content_dir/walkthroughs``.

    Raises:
        SourceError: a file is broken (its path and line are named), two files claim one id,
            or ``walkthroughs`` is not a folder.
    """
    content_dir = Path(content_dir).resolve()
    folder = content_dir / "walkthroughs"
    if not folder.is_dir():
        if os.path.lexists(folder):
            raise SourceError.at(str(folder), 1, NOT_A_FOLDER)
        return Walkthroughs()
    problems: list[Diagnostic] = []
    warnings: list[Diagnostic] = []
    ids: dict[str, Path] = {}
    for path, problem in sorted(folder_problems(folder, content_dir).items()):
        where = Location(str(path), 1)
        if path.name.startswith(".") or path.suffix != ".yaml":
            warnings.append(Diagnostic(where, HIDDEN if path.name.startswith(".") else IGNORED))
        elif problem:
            problems.append(Diagnostic(where, problem))
        else:
            _claim_id(path, ids, problems)
    files = sorted(ids.values())
    if len(files) > MAX_FILES:
        problems.append(
            Diagnostic(
                Location(str(folder), 1),
                f"{len(files):,} walkthrough files; a site has at most {MAX_FILES:,}",
            )
        )
    problems.extend(_too_large(files))
    if problems:
        raise SourceError(problems)
    key = _files_key(files)
    if key in _LAST:
        return replace(_LAST[key], warnings=tuple(warnings))
    loaded = _load(files, tuple(warnings))
    _LAST.clear()  # one folder's: a serve process edits one
    _LAST[key] = loaded
    return loaded


# The last folder's walkthroughs, by its files' paths and bytes. Replaying every line through
# the engine is most of what an edit to a rule costs under `serve` (18 of 28 s of the
# generator's time, cProfile of a seed build), and an edit to a rule never changes them.
# The engine is the one this process imported, so its edits need a new process anyway.
_LAST: dict[str, Walkthroughs] = {}
also_forget(_LAST.clear)


def _files_key(files: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in files:
        digest.update(os.fsencode(path) + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def _load(files: list[Path], warnings: tuple[Diagnostic, ...]) -> Walkthroughs:
    plain = [p for p in files if not is_tryit(p) and not is_side_by_side(p)]
    steps = _StepBudget()
    return Walkthroughs(
        walkthroughs=tuple(steps.take(load_walkthrough(p), p) for p in plain),
        tryits=tuple(load_tryit(p) for p in files if is_tryit(p)),
        side_by_side=tuple(
            steps.take(load_side_by_side(p), p) for p in files if is_side_by_side(p)
        ),
        warnings=warnings,
    )


# Bounds on what the walkthroughs of one site may hold: each file's bytes, the files, and
# the steps of every script together (a file's own are walkthrough_files.MAX_SCRIPT_STEPS).
MAX_FILE_BYTES = 256 * 1024
MAX_FILES = 200
MAX_SITE_STEPS = 1_000


def _too_large(files: list[Path]) -> list[Diagnostic]:
    return [
        Diagnostic(
            Location(str(path), 1),
            f"{size:,} bytes; a walkthrough file has at most {MAX_FILE_BYTES:,}",
        )
        for path in files
        if (size := path.stat().st_size) > MAX_FILE_BYTES
    ]


@dataclass
class _StepBudget:
    """The script steps of the files loaded so far: past ``MAX_SITE_STEPS`` the file that
    crosses it is refused, before the next one is played."""

    steps: int = 0

    def take(self, item: _Steps, path: Path) -> _Steps:
        if isinstance(item, SideBySide):
            lines = [pane["line"] for pane in item.data["panes"]]
        else:
            lines = [item.line]
        self.steps += sum(max(len(line) - 1, 0) for line in lines)
        if self.steps > MAX_SITE_STEPS:
            raise SourceError.at(
                str(path),
                1,
                f"the walkthroughs' scripts reach {self.steps:,} steps with this file; "
                f"a site's have at most {MAX_SITE_STEPS:,}",
            )
        return item


def _claim_id(path: Path, ids: dict[str, Path], problems: list[Diagnostic]) -> None:
    """Keep ``path`` under its id; two files of one id would overwrite each other's data."""
    try:
        item = file_id(path)
    except SourceError as error:
        problems.extend(error.diagnostics)
        return
    if item in ids:
        first = ids[item]
        problems.append(
            Diagnostic(
                Location(str(path), 1),
                f"id {item!r} is also {first.name}'s (underscores read as dashes)",
                other=Location(str(first), 1),
            )
        )
    else:
        ids[item] = path
