"""The generated tree (:mod:`rulesite.adapters.tree`) built by ``zensical build``.

Zensical reads ``mkdocs.yml`` but runs no MkDocs plugin, so the adapter does the
plugin's work around it: it generates the tree, writes the tree's own
configuration (the project's ``mkdocs.yml`` with the tree's docs folder, theme
override, navigation, styles and scripts; no plugin but search), runs
``zensical build``, then gives every page the Content-Security-Policy, merges the
tree's search records into Zensical's ``search.json``, and writes the compressed
siblings and the offline service worker as the plugin does. Last, it checks the
site: every generated page present, no inline script, the theme override applied.

For maintainers, the same in two lines::

    python -m rulesite generate --content content --docs docs --out build/tree
    python -m rulesite.adapters.zensical build/tree --out site

Tested against ``zensical==0.0.73`` (pinned in ``pyproject.toml``, extra ``engines``).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from rulesite.adapters.finish import Finisher
from rulesite.adapters.search_worker import ZENSICAL
from rulesite.adapters.tree import SEARCH_RECORDS, TreeOptions, read_manifest
from rulesite.adapters.zensical.search import zensical_search
from rulesite.core.errors import SourceError
from rulesite.core.short_links import SHORT_DIR
from rulesite.publish.csp import page_policy, with_styles
from rulesite.publish.helpers import die_with_parent
from rulesite.publish.swap import check_output, mark, output_lock, protected_folders, swap
from rulesite.publish.version import site_version

CONFIG = "mkdocs.yml"  # the tree's own configuration, written beside its docs folder
# Where Zensical writes the site, inside the tree: it refuses a site_dir outside its project.
BUILT = "site"
SEARCH_INDEX = "search.json"  # Zensical's search index: {"config": ..., "items": [...]}
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


class _EnvLoader(yaml.SafeLoader):
    """YAML with MkDocs's ``!ENV`` tag (``!ENV NAME`` or ``!ENV [NAME, default]``)."""


def _env(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        names, default = [loader.construct_scalar(node)], None
    else:
        values = loader.construct_sequence(node)  # type: ignore[arg-type]
        names, default = values[:-1], values[-1]
    for name in names:
        if name in os.environ:
            return yaml.safe_load(os.environ[name])
    return default


_EnvLoader.add_constructor("!ENV", _env)


def project_config(path: Path) -> dict[str, Any]:
    """The project's ``mkdocs.yml``, its ``!ENV`` tags read from the environment."""
    config: dict[str, Any] = yaml.load(path.read_text(encoding="utf-8"), Loader=_EnvLoader) or {}
    return config


def rules_options(config: dict[str, Any]) -> dict[str, Any]:
    """The ``rules`` plugin's options in a project's configuration ({} without it)."""
    for plugin in config.get("plugins") or []:
        if isinstance(plugin, dict) and "rules" in plugin:
            return dict(plugin["rules"] or {})
    return {}


def tree_options(config_file: Path, strict: bool = False) -> TreeOptions:
    """How the tree is generated for the project of ``config_file``: its docs folder, and
    the ``rules`` plugin's options there (paths relative to the file, as the plugin reads them)."""
    project = project_config(config_file)
    options = rules_options(project)
    root = config_file.resolve().parent
    return TreeOptions(
        docs_dir=root / project.get("docs_dir", "docs"),
        strict_links=strict or bool(options.get("strict_links")),
        pyodide_url=(project.get("extra") or {}).get("pyodide_url") or "",
        cache_dir=root / options.get("cache", ".cache"),
        node_modules=root / options.get("node_modules", "node_modules"),
    )


def tree_config(project_file: Path, tree: Path) -> dict[str, Any]:
    """The configuration Zensical builds ``tree`` with, from the project's ``mkdocs.yml``."""
    project = project_config(project_file)
    manifest = read_manifest(tree)
    config = {key: project[key] for key in _KEPT if key in project}
    config["theme"] = {**config.get("theme", {}), "custom_dir": manifest["theme_dir"]}
    # The theme override's switch for what only a Zensical build needs (no-lightbox.js).
    config["extra"] = {
        "site_version": site_version(),  # the footer's
        **config.get("extra", {}),
        "rulesite_engine": "zensical",
    }
    search = [
        plugin
        for plugin in project.get("plugins", [])
        if plugin == "search" or (isinstance(plugin, dict) and "search" in plugin)
    ]
    config.update(
        docs_dir=manifest["docs_dir"],
        site_dir=BUILT,
        nav=manifest["nav"],
        extra_css=manifest["extra_css"],
        extra_javascript=manifest["extra_javascript"],
        plugins=search,
    )
    return config


def build(
    tree: Path,
    site_dir: Path,
    *,
    config_file: Path,
    cache_dir: Path,
    node_modules: Path,
    precache_mb: float = 0,
) -> ZensicalBuild:
    """Build ``tree`` with Zensical, finish and check it (see the module), and move the
    site to ``site_dir`` (which must not exist).

    Raises:
        SourceError: Zensical failed, or the built site misses a page, runs an inline
            script or lacks the theme override.
    """
    tree = tree.resolve()
    manifest = read_manifest(tree)
    config = write_config(tree, config_file)
    started = time.perf_counter()
    built = tree / BUILT
    # Node loads while Zensical builds.
    finisher = Finisher(built, cache_dir, node_modules, policy=page_policy(site_policy()))
    try:
        _run_zensical(config)
        zensical_done = time.perf_counter()
        _check_pages(built, manifest["pages"])
        for page in _pages(built):
            page.write_text(finisher.page(page, _checked(page)), encoding="utf-8")
        index = built / SEARCH_INDEX
        if not index.is_file():
            raise SourceError.at(str(index), 1, "Zensical wrote no search index")
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


def write_config(tree: Path, config_file: Path) -> Path:
    """Write the tree's configuration (:func:`tree_config`) and what only a Zensical build
    loads beside the tree's docs; returns the configuration's path."""
    tree = tree.resolve()
    manifest = read_manifest(tree)
    shutil.copyfile(NO_LIGHTBOX, tree / manifest["docs_dir"] / NO_LIGHTBOX_URL)
    config = tree / CONFIG
    text = yaml.safe_dump(tree_config(config_file, tree), allow_unicode=True)
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


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rulesite.adapters.zensical TREE --out SITE``; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m rulesite.adapters.zensical")
    parser.add_argument("tree", type=Path, help="a tree `python -m rulesite generate` wrote")
    parser.add_argument("--out", type=Path, default=Path("site"), help="where the site goes")
    parser.add_argument("--config", type=Path, default=Path("mkdocs.yml"), help="the site's")
    parser.add_argument("--cache", type=Path, default=Path(".cache"))
    parser.add_argument("--node-modules", type=Path, default=Path("node_modules"))
    args = parser.parse_args(argv)
    try:
        check_output(args.out, {**protected_folders(args.tree), "tree": args.tree})
        out = args.out.resolve()
        out.parent.mkdir(parents=True, exist_ok=True)
        # Built beside the output and swapped in: a failed build leaves the last site in place.
        with output_lock(out):
            staging = Path(tempfile.mkdtemp(prefix=f".{out.name}-staging-", dir=out.parent))
            try:
                run = build(
                    args.tree,
                    staging / "site",
                    config_file=args.config,
                    cache_dir=args.cache.resolve(),
                    node_modules=args.node_modules.resolve(),
                )
                old = swap(staging / "site", out)
                if old is not None:
                    shutil.rmtree(old, ignore_errors=True)
            finally:
                shutil.rmtree(staging, ignore_errors=True)
    except SourceError as error:
        for diagnostic in error.diagnostics:
            print(diagnostic, file=sys.stderr)
        print(f"build stopped; {args.out} is unchanged", file=sys.stderr)
        return 1
    except OSError as error:  # refused, busy, or the folder cannot be written
        print(f"build refused: {error}; {args.out} is unchanged", file=sys.stderr)
        return 2
    print(f"built {args.out} with Zensical in {run.zensical + run.finishing:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
