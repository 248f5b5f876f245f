"""Everything in a content folder, loaded, merged and checked: what the site is built from.

Discovery is by folder and file name, so a new topic needs only its files dropped in.
Each folder is read by the source kinds registered for it
(:mod:`rulesite.core.sources.registry`: ``rules/``, ``wiki/``, ``components/``,
``factions/``, ``ti3/``); beside them, ``content/topics.yaml`` is the topic index (LRR
topic numbers by title and slug). Here the kinds' topics are joined (a wiki page to the
rule topic of its name), checked against each other (one page per name and number) and
ordered; no step depends on which kind loaded a topic or in which order.

Locations name files relative to the content folder's parent
(``content/rules/tactical_action.yaml:12``), as diagnostics print them.
Every problem in every source is collected before :class:`SourceError` is
raised, sorted by place.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from rulesite.core.anchors import page_name_problem, page_ref, with_unique_anchors
from rulesite.core.errors import SourceError
from rulesite.core.loaders.comparison import Comparison, resolve_comparison
from rulesite.core.loaders.source_text import (
    HIDDEN,
    IGNORED,
    NOT_A_FOLDER,
    folder_problems,
    source_name,
    source_problem,
)
from rulesite.core.loaders.topic_index import FILE_NAME as INDEX_FILE
from rulesite.core.loaders.topic_index import (
    TopicIndex,
    load_default_index,
    load_topic_index,
    with_numbering_facts,
)
from rulesite.core.model import (
    ComparisonRow,
    Diagnostic,
    Edition,
    Location,
    Topic,
    iter_rules,
)
from rulesite.core.sources.kind import Loaded, SourceFolder
from rulesite.core.sources.registry import KINDS, known_files, page_patterns
from rulesite.core.step_reuse import Reused

# Each step's topic by the topics it is made of: an unchanged topic stays the same object.
_UNIQUE: Reused[Topic] = Reused()
_JOINED: Reused[Topic] = Reused()


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
    """The diagnostics of one load, and the folders looked at."""

    content_dir: Path
    given: str  # the content folder as it was given, as diagnostics name it
    errors: list[Diagnostic]
    warnings: list[Diagnostic]
    notices: list[Diagnostic] = field(default_factory=list)
    # Each source folder's entries and their problems, looked at once per load.
    entries: dict[Path, dict[Path, str | None]] = field(default_factory=dict)

    def name(self, path: Path) -> str:
        return source_name(path, self.content_dir, self.given)

    def scan(self, folder: Path) -> dict[Path, str | None]:
        """``folder``'s entries, each with why it cannot be a source (``None`` if it can)."""
        if folder not in self.entries:
            found = folder_problems(folder, self.content_dir) if folder.is_dir() else {}
            self.entries[folder] = found
        return self.entries[folder]

    def keep(self, loaded: Loaded) -> Loaded:
        """``loaded``, its diagnostics kept with this load's."""
        self.errors.extend(loaded.errors)
        self.warnings.extend(loaded.warnings)
        self.notices.extend(loaded.notices)
        return loaded


def load_content(content_dir: Path) -> Corpus:
    """Load every source under ``content_dir`` with every registered kind, and join the
    topics of one page.

    Raises:
        SourceError: with every diagnostic found, when any source is broken.
    """
    given = str(content_dir)
    content_dir = Path(content_dir).resolve()
    if not content_dir.is_dir():
        raise SourceError.at(given, 1, "content folder not found")
    run = _Collector(content_dir, given, [], [])
    _check_files(run, content_dir)
    index = _topic_index(run, content_dir)
    loaded = [
        run.keep(
            kind.load(SourceFolder(content_dir / kind.folder, content_dir, index, run.scan, given))
        )
        for kind in KINDS
    ]
    topics = _joined(loaded)
    fourth = [t for t in topics if t.edition is Edition.FOURTH]
    third = [t for t in topics if t.edition is Edition.THIRD]
    # Checked against partly loaded sources, a comparison would call every rule of a file
    # that failed to load missing: noise beside the error that already names the cause.
    comparisons = [c for part in loaded for c in part.comparisons]
    rows = _comparisons(run, comparisons, third, fourth) if comparisons and not run.errors else ()
    if not (topics or run.errors):
        run.errors.append(Diagnostic(Location(run.name(content_dir), 1), _nothing_to_build()))
    _check_unique(run, fourth, lambda t: t.number, "topic number")
    # A rule page R_c_units.md and a notes page C_units.md are both topic c_units: links by
    # name would reach one, the other orphaned.
    _check_unique(run, fourth, lambda t: t.slug, "page name")
    # a_b.md and a-b.md are both rules/a-b/: one page would silently replace the other.
    _check_unique(run, fourth, lambda t: page_ref(t).url, "page")
    _check_unique(run, third, lambda t: t.slug, "3rd-edition page")
    for topic in topics:
        problem = page_name_problem(topic)
        if problem:
            run.errors.append(Diagnostic(topic.location, problem))
    if run.errors:
        raise SourceError(sorted(run.errors, key=_place))
    fourth.sort(key=lambda t: (t.number is None, t.number or 0, t.title))
    warnings = tuple(sorted(run.warnings, key=_place))
    notices = tuple(sorted(run.notices, key=_place))
    unique = tuple(_UNIQUE.get((t,), None, partial(with_unique_anchors, t)) for t in fourth + third)
    return Corpus(unique, rows, warnings, notices, index)


def _joined(loaded: list[Loaded]) -> list[Topic]:
    """Every kind's pages, each topic that joins a page of its slug joined to it (a page of
    its own where none is)."""
    topics = [topic for part in loaded for topic in part.topics]
    at = {(t.edition, t.slug): i for i, t in enumerate(topics)}
    for part in loaded:
        for topic in part.joining:
            i = at.get((topic.edition, topic.slug))
            if i is None or part.join is None:
                at[(topic.edition, topic.slug)] = len(topics)
                topics.append(topic)
            else:
                joined = partial(part.join, topics[i], topic)
                topics[i] = _JOINED.get((part.join, topics[i], topic), None, joined)
    return topics


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
    root = SourceFolder(content_dir, content_dir, TopicIndex(), run.scan, run.given)
    index = root.read(load_topic_index, path)
    run.errors.extend(root.errors)
    # An older copy of the index lacks the numbering facts: the shipped one has them.
    return with_numbering_facts(index or TopicIndex(), shipped)


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


def _comparisons(
    run: _Collector, comparisons: list[Comparison], third: list[Topic], fourth: list[Topic]
) -> tuple[ComparisonRow, ...]:
    """The rows of every comparison, each step resolved against the pages and rules loaded."""
    rules = {
        rule.number: rule for topic in fourth for rule in iter_rules(topic.rules) if rule.number
    }
    pages = {topic.slug: topic for topic in third}
    rows: list[ComparisonRow] = []
    for comparison in comparisons:
        resolved, problems = resolve_comparison(comparison, pages.get(comparison.page), rules)
        rows.extend(resolved)
        run.errors.extend(problems)
    return tuple(rows)


def _nothing_to_build() -> str:
    patterns = page_patterns()
    expected = ", ".join(patterns[:-1]) + f" or {patterns[-1]}" if len(patterns) > 1 else ""
    return f"no rule sources found (expected {expected or patterns[0]})"


def _check_files(run: _Collector, content_dir: Path) -> None:
    """Every entry of the source folders: one that cannot be read is an error, never a page
    silently missing; a file the site does not read is probably misplaced: say so.

    Other folders of ``content/`` (walkthroughs) belong to other parts of the site.
    """
    for folder, endings in known_files().items():
        where = content_dir / folder
        if os.path.lexists(where) and not where.is_dir():
            run.errors.append(Diagnostic(Location(run.name(where), 1), NOT_A_FOLDER))
            continue
        for path, problem in sorted(run.scan(where).items()):
            if path.name.startswith("."):
                run.warnings.append(Diagnostic(Location(run.name(path), 1), HIDDEN))
            elif not path.name.endswith(endings):
                if path.is_file():
                    run.warnings.append(Diagnostic(Location(run.name(path), 1), IGNORED))
            elif problem:
                run.errors.append(Diagnostic(Location(run.name(path), 1), problem))
