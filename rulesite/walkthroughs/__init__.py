"""Interactive walkthroughs: the engine's wheel, Pyodide and the widget, added to the site.

Interface used by the site's MkDocs plugin (``rulesite.plugin``):

- ``load_walkthroughs(content_dir)`` reads ``content/walkthroughs/*.yaml``
  (raises ``SourceError`` with file and line for a broken one);
- ``Walkthroughs.embed_html(page_name)`` gives the HTML to place on a topic page
  ("" when the page has none);
- ``Walkthroughs.write_assets(folder, site_config, sources)`` writes the engine
  wheel, the Pyodide runtime and each walkthrough's JSON into ``folder``, laid
  out as in the site;
- ``Walkthroughs.side_by_side_html()`` gives the HTML of the edition comparison
  page's two-pane player ("" when there is no side-by-side file);
- ``Walkthroughs.expand_markers(markdown, source)`` replaces the
  ``<!-- walkthrough: NAME -->`` markers of a hand-written page.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulesite.errors import SourceError
from rulesite.loaders.source_text import HIDDEN, IGNORED, NOT_A_FOLDER, folder_problems
from rulesite.model import Diagnostic, Location
from rulesite.walkthroughs.embed import side_by_side_html, tryit_html, walkthrough_html
from rulesite.walkthroughs.engine_wheel import engine_wheel
from rulesite.walkthroughs.precompiled import precompiled_runtime
from rulesite.walkthroughs.pyodide_assets import (
    LOCAL_PYODIDE_DIR,
    configured_pyodide_url,
    copy_pyodide,
    place_precompiled,
    runtime_bytes,
)
from rulesite.walkthroughs.side_by_side import SideBySide, is_side_by_side, load_side_by_side
from rulesite.walkthroughs.walkthrough_files import (
    TryIt,
    Walkthrough,
    file_id,
    is_tryit,
    load_tryit,
    load_walkthrough,
    topic_slug,
)

ASSETS = "assets/walkthrough"
_MARKER = re.compile(r"<!--\s*walkthrough:\s*([\w-]+)\s*-->")


@dataclass(frozen=True)
class AssetSources:
    """Where the generated assets come from."""

    engine_dir: Path  # the engine package with its pyproject.toml
    cache_dir: Path  # where built wheels are kept between builds
    node_modules: Path  # npm's folder holding the pyodide package


@dataclass(frozen=True)
class Walkthroughs:
    """The walkthroughs and try-it cells found in a content folder."""

    walkthroughs: tuple[Walkthrough, ...] = ()
    tryits: tuple[TryIt, ...] = ()
    side_by_side: tuple[SideBySide, ...] = ()
    warnings: tuple[Diagnostic, ...] = ()  # files of the folder that are not read

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
        """The placeholders for every walkthrough and try-it cell of a page ("" for none)."""
        slug = topic_slug(page_name)
        blocks = [walkthrough_html(w) for w in self.walkthroughs if w.page == slug]
        blocks += [tryit_html(t) for t in self.tryits if t.page == slug]
        return "\n\n".join(blocks)

    def side_by_side_html(self) -> str:
        """The two-pane player of the edition comparison page ("" for no side-by-side file)."""
        return side_by_side_html(self.side_by_side) if self.side_by_side else ""

    def expand_markers(self, markdown: str, source: str = "<markdown>") -> str:
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
            html = walkthrough_html(item) if isinstance(item, Walkthrough) else tryit_html(item)
            return f"\n\n{html}\n\n"

        return _MARKER.sub(placeholder, markdown)

    def write_assets(
        self, folder: Path, site_config: dict[str, Any], sources: AssetSources
    ) -> None:
        """Write the engine wheel, Pyodide and the walkthrough data into ``folder``.

        Raises:
            SourceError: the engine wheel cannot be built or Pyodide is not installed.
        """
        # The widget's own JS and CSS are package data (rulesite/assets), added by the plugin;
        # this adds what is generated beside them.
        target = folder / ASSETS
        wheel = engine_wheel(sources.engine_dir, sources.cache_dir)
        pyodide_url = configured_pyodide_url(site_config)
        # A CDN serves the same npm release, so its size is read from the npm package.
        pyodide_dir = sources.node_modules / "pyodide"
        if pyodide_url is None:
            # The site's own Pyodide: served precompiled by itself (a CDN's gets the plain wheel).
            pyodide_dir = copy_pyodide(sources.node_modules, folder)
            npm_pyodide = sources.node_modules / "pyodide"
            runtime = precompiled_runtime(npm_pyodide, wheel, sources.cache_dir)
            place_precompiled(runtime, pyodide_dir)
            wheel = runtime.wheel
            pyodide_url = f"{LOCAL_PYODIDE_DIR}/"
        (target / "wheels").mkdir(parents=True, exist_ok=True)
        shutil.copy2(wheel, target / "wheels" / wheel.name)
        (target / "data").mkdir(exist_ok=True)
        items: tuple[Walkthrough | SideBySide, ...] = (*self.walkthroughs, *self.side_by_side)
        for item in items:
            (target / "data" / f"{item.id}.json").write_text(
                json.dumps(item.data, ensure_ascii=False), encoding="utf-8"
            )
        # URLs relative to the site root (the widget knows it from its own URL), so the
        # site works under any base path.
        # The Start button says what a start downloads at most (less where the server
        # sends the compressed siblings).
        config = {
            "pyodide": pyodide_url,
            "wheel": f"{ASSETS}/wheels/{wheel.name}",
            "download_bytes": runtime_bytes(pyodide_dir) + wheel.stat().st_size,
        }
        (target / "config.json").write_text(json.dumps(config), encoding="utf-8")


def is_runtime_asset(relative_path: str) -> bool:
    """Whether a built file is part of the runtime: content-addressed, so it compresses once."""
    return relative_path.startswith((f"{LOCAL_PYODIDE_DIR}/", f"{ASSETS}/wheels/"))


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
    if problems:
        raise SourceError(problems)
    files = sorted(ids.values())
    plain = [p for p in files if not is_tryit(p) and not is_side_by_side(p)]
    return Walkthroughs(
        walkthroughs=tuple(load_walkthrough(p) for p in plain),
        tryits=tuple(load_tryit(p) for p in files if is_tryit(p)),
        side_by_side=tuple(load_side_by_side(p) for p in files if is_side_by_side(p)),
        warnings=tuple(warnings),
    )


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
