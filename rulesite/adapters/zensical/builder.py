"""The generated tree (:mod:`rulesite.adapters.tree`) built by ``zensical build``.

Zensical reads ``mkdocs.yml`` but runs no MkDocs plugin, so the adapter does the
plugin's work around it: it generates the tree, writes the tree's own
configuration (the project's ``mkdocs.yml`` with the tree's docs folder, theme
override, navigation, styles and scripts; no plugin but search), runs
``zensical build``, then gives every page the Content-Security-Policy, merges the
tree's search records into Zensical's ``search.json``, and writes the compressed
siblings and the offline service worker as the plugin does. Last, it checks the
site: every generated page present, no inline script, the theme override applied.

Tested against ``zensical==0.0.73`` (pinned in ``pyproject.toml``, extra ``engines``).
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from rulesite.adapters.finish import Finisher
from rulesite.adapters.project import project_config
from rulesite.adapters.search_worker import ZENSICAL
from rulesite.adapters.tree import SEARCH_RECORDS, read_manifest
from rulesite.adapters.zensical.page_names import HiddenNames, hide_page_names
from rulesite.adapters.zensical.search import zensical_search
from rulesite.core.errors import SourceError
from rulesite.core.short_links import SHORT_DIR
from rulesite.publish.csp import page_policy, with_styles
from rulesite.publish.helpers import die_with_parent
from rulesite.publish.previews import SiteFacts
from rulesite.publish.swap import mark
from rulesite.publish.version import site_version

CONFIG = "mkdocs.yml"  # the tree's own configuration, written beside its docs folder
# Where Zensical writes the site, inside the tree: it refuses a site_dir outside its project.
BUILT = "site"
SEARCH_INDEX = "search.json"  # Zensical's search index: {"config": ..., "items": [...]}
SITEMAP = "sitemap.xml"
# What the tree's configuration takes from the project's: the site, its theme and Markdown.
_KEPT = (
    "site_name",
    "site_description",
    "site_url",
    "use_directory_urls",
    "theme",
    "markdown_extensions",
    "extra",
    "copyright",
    "repo_url",
)
# A <script> element that runs: no src, and no data type (Zensical's config is JSON data).
_INLINE_SCRIPT = re.compile(
    r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.IGNORECASE
)
OVERRIDE_MARK = "assets/theme/storage.js"  # the theme override's first script
# Zensical's bundle fetches a lightbox from a CDN unless one is defined: a stand-in.
NO_LIGHTBOX = Path(__file__).with_name("no_lightbox.js")
NO_LIGHTBOX_URL = "assets/theme/no-lightbox.js"  # where the theme override loads it from
# Zensical's search box draws itself in a shadow root with a stylesheet its bundle inserts
# inline: ``appendChild(k("style",{},NAME.toString()))`` with ``var NAME='...'``.
_SEARCH_STYLE_USE = re.compile(r'appendChild\(\w+\("style",\{\},(\w+)\.toString\(\)\)\)')
TIMEOUT_S = 900


@dataclass(frozen=True)
class ZensicalBuild:
    """Seconds of one adapter run: Zensical's own build, and the adapter's work after it."""

    zensical: float
    finishing: float
    background: float  # CPU seconds of the compressing workers and Node


def tree_config(
    project_file: Path,
    tree: Path,
    site_url: str | None = None,
    hidden: HiddenNames | None = None,
) -> dict[str, Any]:
    """The configuration Zensical builds ``tree`` with, from the project's ``mkdocs.yml``
    (``site_url``, where given, over its own; the pages ``hidden`` moved, where they are)."""
    project = project_config(project_file)
    if site_url is not None:
        project["site_url"] = site_url
    manifest = read_manifest(tree)
    config = {key: project[key] for key in _KEPT if key in project}
    config["theme"] = {**config.get("theme", {}), "custom_dir": manifest["theme_dir"]}
    # What only a Zensical build loads, first on every page (the theme override's base.html).
    config["extra"] = {
        "site_version": site_version(),  # the footer's
        **config.get("extra", {}),
        "rulesite_head_scripts": [NO_LIGHTBOX_URL],
    }
    search = [
        plugin
        for plugin in project.get("plugins", [])
        if plugin == "search" or (isinstance(plugin, dict) and "search" in plugin)
    ]
    config.update(
        docs_dir=manifest["docs_dir"],
        site_dir=BUILT,
        nav=_nav_moved(manifest["nav"], hidden or HiddenNames({})),
        extra_css=manifest["extra_css"],
        extra_javascript=manifest["extra_javascript"],
        plugins=search,
    )
    return config


def _nav_moved(nav: Any, hidden: HiddenNames) -> Any:
    if isinstance(nav, str):
        return hidden.path(nav)
    if isinstance(nav, list):
        return [_nav_moved(item, hidden) for item in nav]
    if isinstance(nav, dict):
        return {key: _nav_moved(value, hidden) for key, value in nav.items()}
    return nav


def build(
    tree: Path,
    site_dir: Path,
    *,
    config_file: Path,
    cache_dir: Path,
    node_modules: Path,
    precache_mb: float = 0,
    site_url: str | None = None,
) -> ZensicalBuild:
    """Build ``tree`` with Zensical, finish and check it (see the module), and move the
    site to ``site_dir`` (which must not exist).

    Raises:
        SourceError: Zensical failed, or the built site misses a page, runs an inline
            script or lacks the theme override.
    """
    tree = tree.resolve()
    manifest = read_manifest(tree)
    hidden = hide_page_names(tree / manifest["docs_dir"], manifest["pages"])
    config = write_config(tree, config_file, site_url, hidden)
    started = time.perf_counter()
    built = tree / BUILT
    # Node loads while Zensical builds.
    facts = SiteFacts.of(project_config(config_file), site_url)
    finisher = Finisher(
        built, cache_dir, node_modules, policy=page_policy(site_policy()), facts=facts
    )
    try:
        _run_zensical(config)
        zensical_done = time.perf_counter()
        _check_pages(built, [hidden.path(page) for page in manifest["pages"]])
        hidden.restore(built)
        for page in _pages(built):
            text = hidden.spelled(_checked(page))
            page.write_text(finisher.page(page, text), encoding="utf-8")
        index = built / SEARCH_INDEX
        if not index.is_file():
            raise SourceError.at(str(index), 1, "Zensical wrote no search index")
        for written in (index, built / SITEMAP) if hidden.moved else ():
            if written.is_file():
                written.write_text(hidden.spelled(written.read_text("utf-8")), encoding="utf-8")
        records = json.loads((tree / SEARCH_RECORDS).read_text(encoding="utf-8"))
        finisher.search(index, records, zensical_search, ZENSICAL)
    except BaseException:
        finisher.cancel()
        raise
    background = finisher.finish(precache_mb)
    mark(built)  # an output of this tool: the next build may replace it
    shutil.move(built, site_dir)
    finished = time.perf_counter()
    return ZensicalBuild(zensical_done - started, finished - zensical_done, background)


def _pages(built: Path) -> list[Path]:
    """Every page Zensical built, but the short links' (written whole by the build, their
    policy in them): r/ is not even walked, 175,000 folders at 5,000 topics."""
    found = []
    for folder, folders, files in os.walk(built):
        if folder == str(built) and SHORT_DIR in folders:
            folders.remove(SHORT_DIR)
        found += [Path(folder, name) for name in files if name.endswith(".html")]
    return sorted(found)


def write_config(
    tree: Path,
    config_file: Path,
    site_url: str | None = None,
    hidden: HiddenNames | None = None,
) -> Path:
    """Write the tree's configuration (:func:`tree_config`) and what only a Zensical build
    loads beside the tree's docs; returns the configuration's path."""
    tree = tree.resolve()
    manifest = read_manifest(tree)
    shutil.copyfile(NO_LIGHTBOX, tree / manifest["docs_dir"] / NO_LIGHTBOX_URL)
    config = tree / CONFIG
    text = yaml.safe_dump(tree_config(config_file, tree, site_url, hidden), allow_unicode=True)
    config.write_text(text, encoding="utf-8")
    return config


def _run_zensical(config: Path) -> None:
    command = [sys.executable, "-m", "zensical", "build", "--clean", "-f", str(config)]
    try:
        result = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
            check=False,
            preexec_fn=die_with_parent(),  # a killed build takes Zensical with it
        )
    except subprocess.TimeoutExpired:
        raise SourceError.at(str(config), 1, f"zensical build took over {TIMEOUT_S}s") from None
    if result.returncode != 0:
        output = (result.stderr + result.stdout).strip()
        if "No module named zensical" in output:
            output = "Zensical is not installed: run `make setup` (extra `zensical`)"
        raise SourceError.at(str(config), 1, f"zensical build failed: {output}")


@functools.cache
def site_policy() -> str:
    """The Content-Security-Policy of a Zensical build: the site's, with Zensical's own
    search stylesheet admitted by its hash (it is inserted inline, by a script file).

    Raises:
        SourceError: the installed Zensical's bundle is not the one this reads.
    """
    import zensical  # the adapter runs it as a command; only its bundle is read here

    scripts = Path(zensical.__file__).parent / "templates/assets/javascripts"
    bundle = next(iter(sorted(scripts.glob("bundle.*.min.js"))), None)
    text = bundle.read_text(encoding="utf-8") if bundle else ""
    use = _SEARCH_STYLE_USE.search(text)
    found = use and re.search(rf"var {use.group(1)}='([^'\\]*)'", text)
    if not found:
        where = str(bundle or scripts)
        raise SourceError.at(where, 1, "Zensical's search stylesheet not found (not 0.0.73?)")
    return with_styles([found.group(1)])


def page_html(page: str) -> str:
    """Where Zensical writes a page (directory URLs): ``a/b.md`` → ``a/b/index.html``."""
    path = PurePosixPath(page).with_suffix("")
    if path.name == "index":
        return (path.parent / "index.html").as_posix().removeprefix("./")
    return (path / "index.html").as_posix()


def _check_pages(site_dir: Path, pages: list[str]) -> None:
    missing = [page for page in pages if not (site_dir / page_html(page)).is_file()]
    if missing:
        raise SourceError.at(str(site_dir), 1, f"Zensical wrote no page for {', '.join(missing)}")


def _checked(page: Path) -> str:
    """The page, checked: no inline script, the theme override applied.

    Raises:
        SourceError: an inline script, or no theme override (its scripts would be inline).
    """
    text = page.read_text(encoding="utf-8")
    found = _INLINE_SCRIPT.search(text)
    if found:
        line = text.count("\n", 0, found.start()) + 1
        raise SourceError.at(str(page), line, "an inline script: the CSP would block it")
    if "<head" in text and OVERRIDE_MARK not in text:
        raise SourceError.at(str(page), 1, f"no theme override ({OVERRIDE_MARK})")
    return text
