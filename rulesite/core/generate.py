"""Sources → everything the site adds to MkDocs's docs folder, with no MkDocs in sight.

The plugin (:mod:`rulesite.adapters.mkdocs.plugin`) hands the result to MkDocs; this module
only reads the content folder, links, renders and reports.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rulesite.core import step_reuse
from rulesite.core.anchors import Anchor, relative_href
from rulesite.core.changes import Changes, compare, load_previous
from rulesite.core.changes_page import CHANGES_PAGE, change_marks, mark_changed, render_changes
from rulesite.core.corpus import load_content
from rulesite.core.errors import SourceError
from rulesite.core.export import RulesExport, build_export
from rulesite.core.links import LinkedCorpus, LinkedTopic, link_corpus
from rulesite.core.loaders.topic_index import TopicIndex
from rulesite.core.model import Diagnostic, Provenance
from rulesite.core.number_notices import Former, former_numbers
from rulesite.core.render.comparison import render_comparison
from rulesite.core.render.odds_page import ODDS_CATALOGUE, odds_catalogue
from rulesite.core.render.pages import render_site
from rulesite.core.report import BuildReport
from rulesite.core.walkthroughs import Walkthroughs, load_walkthroughs

RULES_INDEX = "assets/rules-index.json"


@dataclass(frozen=True)
class GeneratedSite:
    """What one content folder adds to the site."""

    # docs-folder path → text: the pages and the rules index (not the export: its URLs are
    # absolute once the site's address is known, :meth:`RulesExport.files`)
    texts: Mapping[str, str]
    nav: list[dict[str, Any]]  # the generated pages' navigation
    anchors: tuple[Anchor, ...]
    # Pages Material's search skips: their entries are written from the model.
    directly_indexed: tuple[LinkedTopic, ...]
    walkthroughs: Walkthroughs
    report: BuildReport
    loading_seconds: float  # reading and merging the sources
    export: RulesExport  # the rules as data: rules.json, rules.jsonl, r/<id>.json
    # The topic index's topics this build lacks (number, name): search answers them.
    gaps: tuple[tuple[int, str], ...] = ()
    # (old number, new number) of each rule moved since ``previous``: its old short link.
    moved: tuple[tuple[str, str], ...] = ()
    # What the numbers that changed hands since ``previous`` named: their short links say.
    former: Former = field(default_factory=Former)


def rules_index(anchors: tuple[Anchor, ...]) -> dict[str, dict[str, str]]:
    """``assets/rules-index.json``: each anchor id → its URL (from the root), title and label."""
    return {
        anchor.id: {"url": anchor.url, "title": anchor.title, "label": anchor.label}
        for anchor in anchors
    }


def generate(
    content_dir: Path,
    *,
    strict_links: bool = False,
    about: bool = True,
    missing_topic_url: str | None = None,
    previous: Path | None = None,
    sources: Provenance | None = None,
    previous_sources: Provenance | None = None,
) -> GeneratedSite:
    """Read, link and render every source under ``content_dir``.

    ``about``: the site has a hand-written ``about.md`` page for the home page to link.
    ``missing_topic_url``: where a topic the index knows but the content lacks links to
    (``https://…/{slug}``); without it such a topic is named, not linked.
    ``previous``: an earlier content folder: the site gets a What changed page against it,
    marks on the rules that changed, and short links for the numbers rules moved from.
    ``sources``: the sources' version and date where the caller knows them (git's,
    :mod:`rulesite.publish.sources_git`); else the topic index's ``sources_version`` and
    ``sources_date``, if it has them. ``previous_sources``: the same of ``previous``: the
    removed rules' short links say when they were last there.

    Raises:
        SourceError: a source is broken, or (with ``strict_links``) a link names a topic
            neither the content nor the topic index has (a gap the index knows is no error).
    """
    return _generate(
        content_dir,
        strict_links=strict_links,
        about=about,
        missing_url=missing_topic_url,
        previous=previous,
        sources=sources,
        previous_sources=previous_sources,
    )


def _generate(
    content_dir: Path,
    *,
    strict_links: bool,
    about: bool,
    missing_url: str | None,
    previous: Path | None,
    sources: Provenance | None,
    previous_sources: Provenance | None,
) -> GeneratedSite:
    started = time.perf_counter()
    corpus = load_content(content_dir)
    earlier = load_previous(previous) if previous is not None else None
    walkthroughs = load_walkthroughs(content_dir)
    loaded = time.perf_counter()
    linked = link_corpus(corpus.topics, corpus.index, missing_url)
    index_data = rules_index(linked.anchors)
    walkthroughs = walkthroughs.with_rules(index_data)
    mistakes = [link for link in linked.unresolved if link.gap is None]
    if strict_links and mistakes:
        raise SourceError([Diagnostic(link.location, link.message) for link in mistakes])
    comparison = (
        render_comparison(corpus.comparisons, linked, walkthroughs.side_by_side_html())
        if corpus.comparisons
        else None
    )
    asked: set[str] = set()  # the page names walkthroughs are asked for: every page's

    def embed_html(page_name: str) -> str:
        asked.add(page_name)
        return walkthroughs.embed_html(page_name)

    pages = render_site(linked, embed_html, comparison, about)
    unplaced = walkthroughs.unplaced(asked, comparison is not None)
    if unplaced:
        raise SourceError(unplaced)
    files, nav = dict(pages.files), list(pages.nav)
    moved: tuple[tuple[str, str], ...] = ()
    former = Former()
    provenance = sources or _index_provenance(corpus.index)
    if earlier is not None and previous is not None:
        changes = compare(earlier, corpus)
        files, nav, moved = _with_changes(files, nav, linked, changes, previous)
        earlier_date = (previous_sources or _index_provenance(earlier.index)).date
        former = former_numbers(changes, earlier_date or "", provenance.date or "")
    report = BuildReport.of(corpus, linked)
    # Compact: indented output would leave json's C encoder for its slow pure-Python one.
    index = json.dumps(index_data, ensure_ascii=False, separators=(",", ":"))
    export = build_export(linked, provenance)
    # What this generation did not use goes: results of a later step the caller asks for
    # (the export's files) are kept from its last use, one generation behind.
    step_reuse.generated()
    covered = corpus.covered_numbers()
    return GeneratedSite(
        texts={
            **files,
            RULES_INDEX: index,
            ODDS_CATALOGUE: odds_catalogue(),
        },
        nav=nav,
        anchors=linked.anchors,
        directly_indexed=pages.directly_indexed,
        walkthroughs=walkthroughs,
        report=replace(report, warnings=(*report.warnings, *walkthroughs.warnings)),
        loading_seconds=loaded - started,
        export=export,
        moved=moved,
        former=former,
        gaps=tuple(
            (t.number, t.name)
            for t in sorted(corpus.index.topics, key=lambda t: t.number)
            if t.number not in covered
        ),
    )


def _index_provenance(index: TopicIndex) -> Provenance:
    """The sources' version and date as the topic index gives them, if it does."""
    if index.sources_version or index.sources_date:
        return Provenance(index.sources_version or None, index.sources_date or None, "topics.yaml")
    return Provenance()


def _with_changes(
    files: dict[str, str],
    nav: list[dict[str, Any]],
    linked: LinkedCorpus,
    changes: Changes,
    previous: Path,
) -> tuple[dict[str, str], list[dict[str, Any]], tuple[tuple[str, str], ...]]:
    """The pages with the What changed page, its navigation entry and the changed rules'
    marks; and the moves, for the old numbers' short links."""
    hrefs = {
        anchor.id: relative_href("changes/", anchor.url)
        for anchor in linked.anchors
        if anchor.is_rule
    }
    files[CHANGES_PAGE] = render_changes(changes, previous.name, hrefs)
    marks = change_marks(changes)
    for topic in linked.topics:
        path = topic.page.source_path
        if path in files:
            files[path] = mark_changed(files[path], marks, topic.page.url)
    moved = tuple((old.number, new.number) for old, new in changes.moved)
    return files, [*nav, {"What changed": CHANGES_PAGE}], moved
