"""Interactive walkthroughs: the engine's wheel, Pyodide and the widget, added to the site.

Interface used by the site's MkDocs plugin (``rulesite.plugin``):

- ``load_walkthroughs(content_dir)`` reads ``content/walkthroughs/*.yaml``
  (raises ``SourceError`` with file and line for a broken one);
- ``Walkthroughs.embed_html(page_name)`` gives the HTML to place on a topic page
  ("" when the page has none), its rule citations linked through ``rules`` (set by
  ``with_rules``, the rules index);
- ``Walkthroughs.write_assets(folder, site_config, sources)`` writes the engine
  wheel, the Pyodide runtime and each walkthrough's JSON into ``folder``, laid
  out as in the site;
- ``Walkthroughs.side_by_side_html()`` gives the HTML of the edition comparison
  page's two-pane player ("" when there is no side-by-side file);
- ``Walkthroughs.expand_markers(markdown, source, page_url)`` replaces the
  ``<!-- walkthrough: NAME -->`` markers of a hand-written page.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
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
from rulesite.walkthroughs.static_line import RulesIndex, line_json
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
        3rd-edition page (``rulesite.render.pages``), which also says where the page is.
        """
        slug = topic_slug(page_name)
        third, name = page_name.startswith("ti3-"), page_name.removeprefix("ti3-")
        page_url = f"ti3/{name}/" if third else f"rules/{name}/"
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
        # A walkthrough's data carries its suggested line (``line``), so the widget walks it
        # without the runtime.
        items = [{**w.data, "line": line_json(w.line)} for w in self.walkthroughs]
        for name, data in zip(
            [*(w.id for w in self.walkthroughs), *(b.id for b in self.side_by_side)],
            [*items, *(b.data for b in self.side_by_side)],
            strict=True,
        ):
            (target / "data" / f"{name}.json").write_text(
                json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
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
