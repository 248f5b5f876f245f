"""Sources → generated pages → MkDocs build → atomic swap into the output folder.

The only module that builds with MkDocs. The hand-written parts of the site (and
the walkthrough assets) are staged in a temporary docs folder; the generated
pages reach MkDocs in memory (:mod:`rulesite.generated_files`). Everything is
built next to the output, so a broken source or a failed build leaves the
previous site exactly as it was.
"""

from __future__ import annotations

import json
import logging
import shutil
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.exceptions import MkDocsException

from rulesite.corpus import load_content
from rulesite.csp import with_csp_meta
from rulesite.errors import SourceError
from rulesite.generated_files import add_generated_files
from rulesite.links import Anchor, LinkedCorpus, link_corpus
from rulesite.model import Diagnostic
from rulesite.render.comparison import render_comparison
from rulesite.render.pages import render_site
from rulesite.report import BuildReport
from rulesite.search_index import add_rule_documents
from rulesite.walkthroughs import load_walkthroughs

ROOT = Path(__file__).resolve().parent.parent
CONFIG_FILE = ROOT / "mkdocs.yml"
HAND_WRITTEN = ROOT / "docs"
# Theme overrides are read from their own place (mkdocs.yml `custom_dir`), not published.
_NOT_PUBLISHED = ("overrides",)
RULES_INDEX = "assets/rules-index.json"


@dataclass(frozen=True)
class Timings:
    """Seconds spent in the generator's own stages and in MkDocs."""

    generator: float  # everything but MkDocs, loading included
    mkdocs: float  # loading its configuration and building the pages
    loading: float  # the part of ``generator`` spent reading and merging the sources


class _Collect(logging.Handler):
    """Keeps MkDocs's warnings for the build report instead of printing them as they come."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextmanager
def _mkdocs_warnings() -> Iterator[list[str]]:
    logger = logging.getLogger("mkdocs")
    handler = _Collect()
    previous = (logger.level, logger.propagate)
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    logger.propagate = False
    try:
        yield handler.messages
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous[0])
        logger.propagate = previous[1]


def rules_index(anchors: tuple[Anchor, ...]) -> dict[str, dict[str, str]]:
    """``assets/rules-index.json``: each anchor id → its URL (from the root), title and label."""
    return {
        anchor.id: {"url": anchor.url, "title": anchor.title, "label": anchor.label}
        for anchor in anchors
    }


def _unresolved_errors(linked: LinkedCorpus) -> list[Diagnostic]:
    return [Diagnostic(link.location, link.message) for link in linked.unresolved]


def build_site(
    content_dir: Path,
    out_dir: Path,
    *,
    strict: bool = False,
    config_file: Path = CONFIG_FILE,
) -> tuple[BuildReport, Timings]:
    """Build the site from ``content_dir`` into ``out_dir``, replacing it only on success.

    Args:
        content_dir: a folder of rule sources in the formats of ``content/``.
        out_dir: where the built site goes; its parent must be writable.
        strict: links to topics without a page are errors instead of warnings.
        config_file: the MkDocs configuration the site is built with.

    Raises:
        SourceError: a source is broken (or, with ``strict``, a link has no target);
            ``out_dir`` is left untouched.
    """
    started = time.perf_counter()
    corpus = load_content(content_dir)
    walkthroughs = load_walkthroughs(content_dir)
    loaded = time.perf_counter()
    linked = link_corpus(corpus.topics)
    if strict and linked.unresolved:
        raise SourceError(_unresolved_errors(linked))
    comparison = render_comparison(corpus.comparisons, linked) if corpus.comparisons else None
    pages = render_site(linked, walkthroughs.embed_html, comparison)

    out_dir = out_dir.resolve()
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-staging-", dir=out_dir.parent))
    try:
        docs_dir, site_dir = staging / "docs", staging / "site"
        shutil.copytree(HAND_WRITTEN, docs_dir, ignore=shutil.ignore_patterns(*_NOT_PUBLISHED))
        with _mkdocs_warnings() as mkdocs_messages, _mkdocs_errors(config_file, mkdocs_messages):
            staged = time.perf_counter()
            config = load_config(
                config_file=str(config_file),
                docs_dir=str(docs_dir),
                site_dir=str(site_dir),
                nav=pages.nav,
            )
            configured = time.perf_counter()
            add_generated_files(config, _generated_texts(pages.files, linked.anchors))
            walkthroughs.write_assets(docs_dir, config)
            generated = time.perf_counter()
            mkdocs_build(config)
        built = time.perf_counter()
        search = site_dir / "search" / "search_index.json"
        search.write_text(
            json.dumps(add_rule_documents(json.loads(search.read_text("utf-8")), linked.anchors)),
            encoding="utf-8",
        )
        _add_csp(site_dir)
        _swap(site_dir, out_dir)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    finished = time.perf_counter()
    report = BuildReport.of(corpus, linked, tuple(mkdocs_messages))
    # Loading MkDocs's configuration is MkDocs's work, though the generator asks for it.
    mkdocs = (configured - staged) + (built - generated)
    timings = Timings(
        generator=(finished - started) - mkdocs,
        mkdocs=mkdocs,
        loading=loaded - started,
    )
    return report, timings


def _add_csp(site_dir: Path) -> None:
    """The Content-Security-Policy in every page MkDocs wrote (Pyodide's own files aside)."""
    for page in site_dir.rglob("*.html"):
        if "pyodide" not in page.relative_to(site_dir).parts:
            page.write_text(with_csp_meta(page.read_text("utf-8")), encoding="utf-8")


def _generated_texts(pages: Mapping[str, str], anchors: tuple[Anchor, ...]) -> dict[str, str]:
    """Every generated file of the docs folder: the pages and the rules index."""
    # Compact: indented output would leave json's C encoder for its slow pure-Python one.
    index = json.dumps(rules_index(anchors), ensure_ascii=False, separators=(",", ":"))
    return {**pages, RULES_INDEX: index}


@contextmanager
def _mkdocs_errors(config_file: Path, messages: list[str]) -> Iterator[None]:
    """A configuration or build error of MkDocs, reported like a broken source.

    MkDocs logs what is wrong and then raises a bare "Aborted": the logged messages
    (collected in ``messages``) are the useful part.
    """
    try:
        yield
    except MkDocsException as error:
        detail = "; ".join(messages) or str(error)
        raise SourceError.at(str(config_file), 1, f"MkDocs: {detail}") from error


def _swap(new_site: Path, out_dir: Path) -> None:
    """Put ``new_site`` where ``out_dir`` is, keeping the old one until the new one is in place."""
    if out_dir.exists():
        old = out_dir.with_name(f".{out_dir.name}-old-{time.monotonic_ns()}")
        out_dir.rename(old)
        new_site.rename(out_dir)
        shutil.rmtree(old, ignore_errors=True)
    else:
        new_site.rename(out_dir)
