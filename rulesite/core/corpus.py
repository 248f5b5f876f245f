"""Everything in a content folder, loaded, merged and checked: what the site is built from.

Discovery is by folder and file name, so a new topic needs only its files
dropped in::

    content/rules/<stem>.md              Living Rules Reference prose (or R_<stem>.md)
    content/rules/<stem>.yaml            its rule cards (official numbers)
    content/rules/<stem>.meta.yaml       facts the sources lack (topic number, title)
    content/wiki/<stem>.txt              community wiki export
    content/ti3/<stem>.txt               3rd-edition summary, one page per block
    content/ti3/<stem>.meta.yaml         its split points, sections and counterparts
    content/ti3/<page>.comparison.yaml   a 3rd-edition page step by step against 4th edition
    content/components/C_<slug>.md       a component notes page
    content/factions/F_<slug>.md         a faction notes page
    content/topics.yaml                  the topic index: LRR topic numbers by title and slug

Locations name files relative to the content folder's parent
(``content/rules/tactical_action.yaml:12``), as diagnostics print them.
Every problem in every source is collected before :class:`SourceError` is
raised, sorted by place.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TypeVar

from rulesite.core.anchors import page_name_problem, page_ref, with_unique_anchors
from rulesite.core.errors import SourceError
from rulesite.core.loaders.comparison import SUFFIX as COMPARISON_SUFFIX
from rulesite.core.loaders.comparison import Comparison, load_comparison, resolve_comparison
from rulesite.core.loaders.facts import SUFFIX as FACTS_SUFFIX
from rulesite.core.loaders.facts import Facts, load_facts, stem_of
from rulesite.core.loaders.markdown import load_markdown, topic_stem
from rulesite.core.loaders.notes_pages import load_notes_page
from rulesite.core.loaders.rule_cards import load_rule_cards
from rulesite.core.loaders.source_text import (
    HIDDEN,
    IGNORED,
    NOT_A_FOLDER,
    folder_problems,
    source_problem,
)
from rulesite.core.loaders.ti3_summary import load_ti3_summary
from rulesite.core.loaders.topic_index import FILE_NAME as INDEX_FILE
from rulesite.core.loaders.topic_index import (
    TopicIndex,
    load_default_index,
    load_topic_index,
    with_numbering_facts,
)
from rulesite.core.loaders.wiki import load_wiki
from rulesite.core.merge import merge_lrr, merge_wiki
from rulesite.core.model import (
    ComparisonRow,
    Diagnostic,
    Edition,
    Location,
    Origin,
    Topic,
    iter_rules,
)

T = TypeVar("T")


@dataclass(frozen=True)
class Corpus:
    """The merged topics, ready to render, and what loading them found."""

    topics: tuple[Topic, ...]  # 4th edition by number then title (unnumbered last), then 3rd
    comparisons: tuple[ComparisonRow, ...]
    warnings: tuple[Diagnostic, ...]
    notices: tuple[Diagnostic, ...] = ()  # unnumbered topics, seed pages set aside
    index: TopicIndex = field(default_factory=TopicIndex)  # the LRR topics, here or not

    def covered_numbers(self) -> frozenset[int]:
        """The numbers of the index's topics this corpus has a page for."""
        listed = {topic.number for topic in self.index.topics}
        return frozenset(
            t.number for t in self.topics if t.number in listed and t.edition is Edition.FOURTH
        )


@dataclass
class _Collector:
    """The diagnostics of one load, and the loaders run under it."""

    content_dir: Path
    errors: list[Diagnostic]
    warnings: list[Diagnostic]
    notices: list[Diagnostic] = field(default_factory=list)
    # Each source folder's entries and their problems, looked at once per load.
    entries: dict[Path, dict[Path, str | None]] = field(default_factory=dict)

    def name(self, path: Path) -> str:
        return path.relative_to(self.content_dir.parent).as_posix()

    def read(self, load: Callable[[Path, str], T], path: Path) -> T | None:
        """``load(path, name)``, or ``None`` with its diagnostics kept."""
        return self.read_all([(load, path)])[0]

    def read_all(self, jobs: Iterable[tuple[Callable[[Path, str], T], Path]]) -> list[T | None]:
        """:meth:`read` of each (loader, path), in order."""
        values: list[T | None] = []
        for load, path in jobs:
            try:
                values.append(load(path, self.name(path)))
            except SourceError as error:
                self.errors.extend(error.diagnostics)
                values.append(None)
        return values

    def scan(self, folder: Path) -> dict[Path, str | None]:
        """``folder``'s entries, each with why it cannot be a source (``None`` if it can)."""
        if folder not in self.entries:
            found = folder_problems(folder, self.content_dir) if folder.is_dir() else {}
            self.entries[folder] = found
        return self.entries[folder]

    def files(self, folder: Path, suffix: str) -> list[Path]:
        """The readable sources among ``folder``'s files (``_check_files`` reports the others)."""
        found = self.scan(folder).items()
        return sorted(
            path
            for path, problem in found
            if problem is None and path.name.endswith(suffix) and not path.name.startswith(".")
        )


def load_content(content_dir: Path) -> Corpus:
    """Load every source under ``content_dir`` and merge the forms of each topic.

    Raises:
        SourceError: with every diagnostic found, when any source is broken.
    """
    content_dir = Path(content_dir).resolve()
    if not content_dir.is_dir():
        raise SourceError.at(str(content_dir), 1, "content folder not found")
    run = _Collector(content_dir, [], [])
    rules_dir, wiki_dir, ti3_dir = (content_dir / folder for folder in ("rules", "wiki", "ti3"))
    _check_files(run, content_dir)

    index = _topic_index(run, content_dir)
    rule_facts = _facts(run, rules_dir)
    prose_files = _prose_files(run, rules_dir)
    card_files = [p for p in run.files(rules_dir, ".yaml") if _is_source(p)]
    read = run.read_all(
        [
            *((load_markdown, p) for p in prose_files),
            *((load_rule_cards, p) for p in card_files),
            *((load_wiki, p) for p in run.files(wiki_dir, ".txt")),
        ]
    )
    cards_start = len(prose_files)
    wiki_start = cards_start + len(card_files)
    prose = _by_slug(run, read[:cards_start])
    cards = _by_slug(run, read[cards_start:wiki_start])
    wiki = _by_slug(run, read[wiki_start:])
    _check_facts_have_sources(run, rules_dir, rule_facts, set(prose) | set(cards))

    fourth: list[Topic] = []
    for stem in sorted(set(prose) | set(cards)):
        merged = merge_lrr(prose.get(stem), cards.get(stem), rule_facts.get(stem, Facts()), index)
        run.errors.extend(merged.errors)
        run.warnings.extend(merged.warnings)
        run.notices.extend(merged.notices)
        topic = merged.topic
        fourth.append(merge_wiki(topic, wiki.pop(topic.slug)) if topic.slug in wiki else topic)
    fourth.extend(wiki.values())
    for origin, folder in _NOTES_FOLDERS.items():
        load = partial(load_notes_page, origin=origin)
        fourth.extend(
            filter(None, (run.read(load, p) for p in run.files(content_dir / folder, ".md")))
        )

    ti3_facts = _facts(run, ti3_dir)
    third: list[Topic] = []
    for path in run.files(ti3_dir, ".txt"):
        facts = ti3_facts.get(path.stem, Facts())
        pages = run.read(partial(load_ti3_summary, facts=facts), path)
        third.extend(pages or ())
    _check_facts_have_sources(run, ti3_dir, ti3_facts, {p.stem for p in run.files(ti3_dir, ".txt")})

    # Checked against partly loaded sources, a comparison would call every rule of a file
    # that failed to load missing: noise beside the error that already names the cause.
    sources_loaded = not run.errors
    comparisons = _comparisons(run, ti3_dir, third, fourth, resolve=sources_loaded)
    if not (fourth or third or run.errors):
        run.errors.append(Diagnostic(Location(run.name(content_dir), 1), _NOTHING_TO_BUILD))
    _check_unique(run, fourth, lambda t: t.number, "topic number")
    # A rule page R_c_units.md and a notes page C_units.md are both topic c_units: links by
    # name would reach one, the other orphaned.
    _check_unique(run, fourth, lambda t: t.slug, "page name")
    # a_b.md and a-b.md are both rules/a-b/: one page would silently replace the other.
    _check_unique(run, fourth, lambda t: page_ref(t).url, "page")
    _check_unique(run, third, lambda t: t.slug, "3rd-edition page")
    for topic in fourth + third:
        problem = page_name_problem(topic)
        if problem:
            run.errors.append(Diagnostic(topic.location, problem))
    if run.errors:
        raise SourceError(sorted(run.errors, key=_place))
    fourth.sort(key=lambda t: (t.number is None, t.number or 0, t.title))
    warnings = tuple(sorted(run.warnings, key=_place))
    notices = tuple(sorted(run.notices, key=_place))
    topics = tuple(with_unique_anchors(topic) for topic in fourth + third)
    return Corpus(topics, comparisons, warnings, notices, index)


def _topic_index(run: _Collector, content_dir: Path) -> TopicIndex:
    """The topic index, through the gate every other source goes through: a link out of
    the content folder, a folder or a device where the file belongs is an error, never
    a file outside published or a silent "no index"."""
    path = content_dir / INDEX_FILE
    shipped = load_default_index()  # the LRR 2.0's, shipped with the package
    if not os.path.lexists(path):
        return shipped
    problem = source_problem(path, content_dir)
    if problem:
        run.errors.append(Diagnostic(Location(run.name(path), 1), problem))
        return TopicIndex()
    # An older copy of the index lacks the numbering facts: the shipped one has them.
    return with_numbering_facts(run.read(load_topic_index, path) or TopicIndex(), shipped)


def _check_unique(
    run: _Collector, topics: list[Topic], key: Callable[[Topic], object], what: str
) -> None:
    """Two topics claiming one number (or one 3rd-edition slug) would share anchors and pages."""
    first: dict[object, Topic] = {}
    for topic in topics:
        value = key(topic)
        if value is None:
            continue
        if value in first:
            run.errors.append(
                Diagnostic(
                    topic.location,
                    f"{what} {value} is also {first[value].title}'s",
                    other=first[value].location,
                )
            )
        else:
            first[value] = topic


def _place(diagnostic: Diagnostic) -> tuple[Location, str]:
    return diagnostic.location, diagnostic.message


def _is_source(path: Path) -> bool:
    return not path.name.endswith((FACTS_SUFFIX, COMPARISON_SUFFIX))


def _by_slug(run: _Collector, topics: Iterable[Topic | None]) -> dict[str, Topic]:
    """The topics by slug; two of one slug (``Movement.txt`` beside ``movement.txt``) would
    overwrite each other."""
    found: dict[str, Topic] = {}
    for topic in topics:
        if topic is None:
            continue
        first = found.setdefault(topic.slug, topic)
        if first is not topic:
            run.errors.append(
                Diagnostic(
                    topic.location,
                    f"page {topic.slug} is also {first.location.path}'s",
                    other=first.location,
                )
            )
    return found


def _prose_files(run: _Collector, folder: Path) -> list[Path]:
    """The prose files to read: where the transcription's ``R_x.md`` stands beside an
    ``x.md`` of the same topic, it is the one read (the whole transcription dropped over
    the seed pages is the newer text), and the build summary says which file was set aside."""
    files = run.files(folder, ".md")
    by_stem: dict[str, list[Path]] = {}
    for path in files:
        by_stem.setdefault(topic_stem(path), []).append(path)
    chosen = []
    for stem, paths in by_stem.items():
        kept = next((p for p in paths if p.stem != stem), paths[0])
        chosen.append(kept)
        run.notices.extend(
            Diagnostic(
                Location(run.name(path), 1),
                f"set aside: {kept.name}, the transcription's page of topic '{stem}', is read",
                other=Location(run.name(kept), 1),
            )
            for path in paths
            if path != kept
        )
    return sorted(chosen)


def _facts(run: _Collector, folder: Path) -> dict[str, Facts]:
    found = {stem_of(p): run.read(load_facts, p) for p in run.files(folder, FACTS_SUFFIX)}
    return {stem: facts for stem, facts in found.items() if facts is not None}


def _check_facts_have_sources(
    run: _Collector, folder: Path, facts: dict[str, Facts], stems: set[str]
) -> None:
    for stem in sorted(set(facts) - stems):
        where = facts[stem].location or Location(run.name(folder), 1)
        run.errors.append(Diagnostic(where, f"fact file for '{stem}', but no source of that name"))


def _comparisons(
    run: _Collector, folder: Path, third: list[Topic], fourth: list[Topic], *, resolve: bool
) -> tuple[ComparisonRow, ...]:
    """The rows of every comparison file; with ``resolve`` false, only their shape is checked."""
    rules = {
        rule.number: rule for topic in fourth for rule in iter_rules(topic.rules) if rule.number
    }
    pages = {topic.slug: topic for topic in third if topic.edition is Edition.THIRD}
    rows: list[ComparisonRow] = []
    for path in run.files(folder, COMPARISON_SUFFIX):
        comparison: Comparison | None = run.read(load_comparison, path)
        if comparison is None or not resolve:
            continue
        resolved, problems = resolve_comparison(comparison, pages.get(comparison.page), rules)
        rows.extend(resolved)
        run.errors.extend(problems)
    return tuple(rows)


_NOTHING_TO_BUILD = (
    "no rule sources found (expected rules/*.md, rules/*.yaml, wiki/*.txt or ti3/*.txt)"
)
_NOTES_FOLDERS = {Origin.COMPONENT_NOTES: "components", Origin.FACTION_NOTES: "factions"}
_KNOWN = {
    "rules": (".md", ".yaml"),
    "components": (".md",),
    "factions": (".md",),
    "wiki": (".txt",),
    "ti3": (".txt", ".yaml"),
}


def _check_files(run: _Collector, content_dir: Path) -> None:
    """Every entry of the source folders: one that cannot be read is an error, never a page
    silently missing; a file the site does not read is probably misplaced: say so.

    Other folders of ``content/`` (walkthroughs) belong to other parts of the site.
    """
    for folder, suffixes in _KNOWN.items():
        where = content_dir / folder
        if os.path.lexists(where) and not where.is_dir():
            run.errors.append(Diagnostic(Location(run.name(where), 1), NOT_A_FOLDER))
            continue
        for path, problem in sorted(run.scan(where).items()):
            if path.name.startswith("."):
                run.warnings.append(Diagnostic(Location(run.name(path), 1), HIDDEN))
            elif path.suffix not in suffixes:
                if path.is_file():
                    run.warnings.append(Diagnostic(Location(run.name(path), 1), IGNORED))
            elif problem:
                run.errors.append(Diagnostic(Location(run.name(path), 1), problem))
