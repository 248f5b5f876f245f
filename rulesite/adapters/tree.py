"""The generator's output as plain files: a content folder → a tree any site engine builds.

``write_tree`` is the one public entry point (``rulesite generate``);
it never imports MkDocs, so the tree outlives any one engine. The tree:

- ``docs/``: a docs folder. The generated pages (Markdown with front matter),
  ``assets/rules-index.json``, the rule-number files under ``search/numbers/``,
  this package's styles and scripts under ``assets/``, the engine wheel, the
  Pyodide runtime and the walkthrough data under ``assets/``, and (``docs_dir``)
  the hand-written pages with their ``<!-- walkthrough: NAME -->`` markers
  expanded. A generated file wins over a written one of the same path; a written
  file wins over one of this package's default assets.
- ``theme/``: the theme override (Material's inline scripts as files), to be the
  engine's ``custom_dir``.
- ``search-records.json``: the site's own search entries, engine-neutral
  (:func:`rulesite.core.search_index.search_records`), merged into the engine's index
  after it built the site.
- ``rulesite.json``: the manifest: the navigation, the styles and scripts every
  page loads, the paths above and the build report's counts.

The MkDocs plugin (:mod:`rulesite.adapters.mkdocs.plugin`) hands MkDocs the same files in memory;
the Zensical adapter (:mod:`rulesite.adapters.zensical.builder`) builds this tree.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine
from rulesite.core.errors import SourceError
from rulesite.core.generate import GeneratedSite, generate
from rulesite.core.search_index import number_files, search_records
from rulesite.core.short_links import short_link_pages
from rulesite.publish.csp import PAGE_POLICY
from rulesite.publish.previews import SiteFacts, head_tags
from rulesite.publish.short_link_files import write_pages
from rulesite.publish.sources_git import git_provenance
from rulesite.publish.swap import (
    OutputRefused,
    check_output,
    mark,
    output_lock,
    protected_folders,
    swap,
)
from rulesite.runtime import AssetSources, write_assets

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # rulesite/
# The widget's and the site's scripts and styles, shipped inside this package and
# published under ``assets/`` with the same relative paths.
PACKAGE_ASSETS = PACKAGE_DIR / "assets"
# Theme overrides: Material's inline scripts as files (assets/theme), so every page
# works under the Content-Security-Policy (rulesite/publish/csp.py), which allows no inline script.
THEME_OVERRIDES = PACKAGE_DIR / "theme"
STYLES = ("assets/stylesheets/rules.css",)
# On every page: the site's script and the walkthrough loader (a few hundred bytes), which
# loads the widget's modules and CSS only on pages with a walkthrough or a try-it cell.
SCRIPTS = ("assets/javascripts/rules.js", "assets/walkthrough/loader.js")

MANIFEST = "rulesite.json"
SEARCH_RECORDS = "search-records.json"
DOCS = "docs"
THEME = "theme"
# The manifest's format: a reader of an older or newer tree refuses it rather than guess.
FORMAT = 1


@dataclass(frozen=True)
class TreeOptions:
    """How a tree is generated besides its content folder."""

    docs_dir: Path | None = None  # hand-written pages to include
    strict_links: bool = False
    previous: Path | None = None  # an earlier content folder: a What changed page against it
    pyodide_url: str = ""  # a Pyodide ``full/`` folder elsewhere; "" serves the npm copy
    cache_dir: Path = Path(".cache")  # engine wheels and the runtime, kept between builds
    node_modules: Path = Path("node_modules")  # where npm installed pyodide
    # The site's name, words and public address: previews, og:url and the data's URLs.
    site: SiteFacts = field(default_factory=SiteFacts)


def asset_sources(cache_dir: Path, node_modules: Path) -> AssetSources:
    """Where the engine wheel and the runtime come from: this installed engine, npm's Pyodide."""
    return AssetSources(
        engine_dir=Path(engine.__file__).parent, cache_dir=cache_dir, node_modules=node_modules
    )


def _base(site_url: str) -> str:
    return site_url if not site_url or site_url.endswith("/") else site_url + "/"


def generated_texts(site: GeneratedSite, site_url: str = "") -> dict[str, str]:
    """Every text the generator adds to the docs folder: pages, rules index, number files,
    the rules as data (``rules.json``: URLs absolute under ``site_url``, if given)."""
    return {
        **site.texts,
        **number_files(site.anchors, site.gaps),
        **site.export.files(_base(site_url)),
    }


def short_link_texts(
    site: GeneratedSite, facts: SiteFacts | None = None
) -> Iterator[tuple[str, str]]:
    """The short links' pages (``r/<id>/index.html``) and each rule's and note's data
    (``r/<id>.json``), one at a time: written straight into the built site, never held all
    at once (100,000 at 5,000 topics). Their policy and the site's tags for previews
    (``facts``: its name, words and address) are written in, as with_csp_meta and the
    finishing would put them (which takes 6 s for 100,000 pages)."""
    facts = facts or SiteFacts()
    base = _base(facts.url)
    head = head_tags(facts, "../../")  # every short link is r/<id>/
    yield from short_link_pages(site.anchors, PAGE_POLICY, site.moved, base, head)
    yield from site.export.item_files(base)


def site_nav(site: GeneratedSite, written_pages: list[str]) -> list[Any]:
    """The generated navigation, then the hand-written pages in the docs folder's order."""
    return [*site.nav, *(path for path in written_pages if path not in site.texts)]


def in_own_folder(path: str) -> str:
    """Where the tree writes generated page ``path``: ``a/b.md`` as ``a/b/index.md``.

    A generated page's links are relative to its URL (``rules/movement/``), as MkDocs
    leaves them. Zensical reads a relative link in a page's HTML as relative to the
    page's source file instead, so each page is written where its folder is its URL's:
    the same links then lead to the same places under either engine.
    """
    if not path.endswith(".md") or path == "index.md" or path.endswith("/index.md"):
        return path
    return f"{path.removesuffix('.md')}/index.md"


def _nav_in_own_folders(nav: Any, generated: Mapping[str, str]) -> Any:
    if isinstance(nav, str):
        return in_own_folder(nav) if nav in generated else nav
    if isinstance(nav, list):
        return [_nav_in_own_folders(item, generated) for item in nav]
    if isinstance(nav, dict):
        return {key: _nav_in_own_folders(value, generated) for key, value in nav.items()}
    return nav


def write_tree(
    content_dir: Path, out_dir: Path, options: TreeOptions | None = None
) -> GeneratedSite:
    """Generate the site of ``content_dir`` as a plain tree in ``out_dir`` (see the module).

    ``out_dir`` is replaced in one step once the new tree is complete
    (:mod:`rulesite.publish.swap`); it must be absent, empty or a tree this function wrote,
    and may not be or hold the content, docs or current folder or the checkout.

    Raises:
        SourceError: a source is broken, (``strict_links``) a link has no target, the
            runtime cannot be assembled, or ``out_dir`` may not be replaced.
        BuildBusy: another build is writing into the same folder.
    """
    options = options or TreeOptions()
    protected = protected_folders(Path(content_dir))
    if options.docs_dir is not None:
        protected["docs folder"] = Path(options.docs_dir)
    try:
        check_output(out_dir, protected)
    except OutputRefused as refused:
        raise SourceError.at(str(out_dir), 1, str(refused)) from None
    out_dir = Path(out_dir).resolve()
    written = _written_pages(options.docs_dir)
    site = generate(
        content_dir,
        strict_links=options.strict_links,
        about="about.md" in written,
        previous=options.previous,
        sources=git_provenance(Path(content_dir).resolve()),
    )
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    with output_lock(out_dir):
        staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-staging-", dir=out_dir.parent))
        try:
            _write(site, staging, written, options)
            mark(staging, "generated tree")
            old = swap(staging, out_dir)
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return site


def _written_pages(docs_dir: Path | None) -> dict[str, Path]:
    """Every file of the hand-written docs folder by its path inside it, in the folder's order."""
    if docs_dir is None:
        return {}
    docs_dir = Path(docs_dir)
    return {
        path.relative_to(docs_dir).as_posix(): path
        for path in sorted(docs_dir.rglob("*"))
        if path.is_file()
    }


def _write(site: GeneratedSite, root: Path, written: dict[str, Path], options: TreeOptions) -> None:
    docs = root / DOCS
    for source in sorted(PACKAGE_ASSETS.rglob("*")):
        relative = "assets/" + source.relative_to(PACKAGE_ASSETS).as_posix()
        if source.is_file() and relative not in written:
            _copy(source, docs / relative)
    for relative, source in written.items():
        if relative.endswith(".md"):
            text = source.read_text(encoding="utf-8")
            _text(docs / relative, site.walkthroughs.expand_markers(text, str(source)))
        else:
            _copy(source, docs / relative)
    for relative, text in generated_texts(site, options.site.url).items():
        _text(docs / in_own_folder(relative), text)
    write_pages(docs, short_link_texts(site, options.site))
    site_config = {"extra": {"pyodide_url": options.pyodide_url}}
    sources = asset_sources(Path(options.cache_dir).resolve(), Path(options.node_modules).resolve())
    write_assets(site.walkthroughs, docs, site_config, sources)
    shutil.copytree(THEME_OVERRIDES, root / THEME)
    pages = [path for path in written if path.endswith(".md")]
    records = search_records(site.anchors, site.directly_indexed, site.gaps)
    _text(root / SEARCH_RECORDS, json.dumps(records, ensure_ascii=False, separators=(",", ":")))
    manifest = {
        "format": FORMAT,
        "docs_dir": DOCS,
        "theme_dir": THEME,
        "search_records": SEARCH_RECORDS,
        "nav": _nav_in_own_folders(site_nav(site, pages), site.texts),
        "extra_css": list(STYLES),
        "extra_javascript": list(SCRIPTS),
        "pages": sorted(
            path for path in {*map(in_own_folder, site.texts), *pages} if path.endswith(".md")
        ),
        "report": {"topics": site.report.topics, "rules": site.report.rules},
    }
    _text(root / MANIFEST, json.dumps(manifest, ensure_ascii=False, indent=1))


def read_manifest(tree: Path) -> dict[str, Any]:
    """The manifest of a tree :func:`write_tree` wrote.

    Raises:
        SourceError: none there, or of another format.
    """
    path = Path(tree) / MANIFEST
    if not path.is_file():
        raise SourceError.at(str(path), 1, "no generated tree here: run `rulesite generate`")
    manifest: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if manifest.get("format") != FORMAT:
        raise SourceError.at(str(path), 1, f"tree format {manifest.get('format')}, not {FORMAT}")
    return manifest


def _text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
