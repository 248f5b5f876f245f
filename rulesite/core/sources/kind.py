"""What a source kind is: a folder of a content folder, read into topics and diagnostics.

A kind names its folder and the endings of the files it reads there, and turns the
folder into a :class:`Loaded`: topics (each naming its :class:`~rulesite.core.model.Origin`,
which says how its page is shown), and every problem found. The corpus
(:mod:`rulesite.core.corpus`) runs every registered kind, then joins, checks and orders
what they loaded; it never depends on which kind, or in which order, loaded what.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

from rulesite.core.errors import SourceError
from rulesite.core.loaders.comparison import Comparison
from rulesite.core.loaders.facts import SUFFIX as FACTS_SUFFIX
from rulesite.core.loaders.facts import Facts, load_facts, stem_of
from rulesite.core.loaders.source_text import source_name
from rulesite.core.loaders.topic_index import TopicIndex
from rulesite.core.model import Diagnostic, Location, Topic
from rulesite.core.sources.reuse import reused_load

T = TypeVar("T")
Scan = Callable[[Path], dict[Path, str | None]]


@dataclass(frozen=True)
class Loaded:
    """What one kind read from its folder."""

    topics: tuple[Topic, ...] = ()  # pages of their own
    # Topics that join the page of the same slug another kind loaded (a wiki page's FAQ
    # joins its rule topic's page), through ``join``; a page of their own where none is.
    joining: tuple[Topic, ...] = ()
    join: Callable[[Topic, Topic], Topic] | None = None
    # Steps of one edition set against the rules of another, resolved once every topic is in.
    comparisons: tuple[Comparison, ...] = ()
    errors: tuple[Diagnostic, ...] = ()  # stop the build
    warnings: tuple[Diagnostic, ...] = ()  # reported
    notices: tuple[Diagnostic, ...] = ()  # worth knowing, not wrong


class SourceKind(Protocol):
    """A kind of source: one loader of one folder of a content folder."""

    @property
    def folder(self) -> str:
        """Its folder in a content folder (``wiki``)."""
        ...

    @property
    def pages(self) -> tuple[str, ...]:
        """The endings of the files that are pages' sources (``.txt``)."""
        ...

    @property
    def facts(self) -> tuple[str, ...]:
        """The endings of the other files it reads there (``.meta.yaml``); every other file
        of the folder is reported as not read."""
        ...

    def load(self, source: SourceFolder) -> Loaded:
        """Read the folder: every page its files make, and every problem found."""
        ...


@dataclass
class SourceFolder:
    """A kind's folder of one content folder, what it may read there, and what it found."""

    path: Path  # the folder itself
    content_dir: Path
    index: TopicIndex  # the topic index the content is numbered by
    scan: Scan  # every entry of a folder, each with why it cannot be a source (or None)
    given: str = ""  # the content folder as it was given (its name: ``content_dir``'s)
    errors: list[Diagnostic] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    notices: list[Diagnostic] = field(default_factory=list)

    def name(self, path: Path) -> str:
        """How diagnostics name ``path``: under the content folder's name as given."""
        return source_name(path, self.content_dir, self.given or self.content_dir.name)

    def files(self, ending: str) -> list[Path]:
        """The readable sources of the folder whose names end with ``ending``, sorted (the
        corpus reports the others), dotfiles left out."""
        return sorted(
            path
            for path, problem in self.scan(self.path).items()
            if problem is None and path.name.endswith(ending) and not path.name.startswith(".")
        )

    def read(self, load: Callable[[Path, str], T], path: Path) -> T | None:
        """``load(path, name)`` (or what it gave for the file unchanged since,
        :mod:`rulesite.core.sources.reuse`), or ``None`` with its diagnostics kept as errors."""
        try:
            return reused_load(load, path, self.name(path))
        except SourceError as error:
            self.errors.extend(error.diagnostics)
            return None

    def loaded(
        self,
        topics: Iterable[Topic] = (),
        *,
        joining: Iterable[Topic] = (),
        join: Callable[[Topic, Topic], Topic] | None = None,
        comparisons: Iterable[Comparison] = (),
    ) -> Loaded:
        """What was read, with every diagnostic found meanwhile."""
        return Loaded(
            tuple(topics),
            tuple(joining),
            join,
            tuple(comparisons),
            tuple(self.errors),
            tuple(self.warnings),
            tuple(self.notices),
        )


def by_slug(source: SourceFolder, topics: Iterable[Topic | None]) -> dict[str, Topic]:
    """The topics by slug; two of one slug (``Movement.txt`` beside ``movement.txt``) are an
    error rather than one silently replacing the other."""
    found: dict[str, Topic] = {}
    for topic in topics:
        if topic is None:
            continue
        first = found.setdefault(topic.slug, topic)
        if first is not topic:
            source.errors.append(
                Diagnostic(
                    topic.location,
                    f"page {topic.slug} is also {first.location.path}'s",
                    other=first.location,
                )
            )
    return found


def fact_files(source: SourceFolder) -> dict[str, Facts]:
    """The folder's fact files (``<stem>.meta.yaml``) by the stem of the source they are of."""
    found = {stem_of(p): source.read(load_facts, p) for p in source.files(FACTS_SUFFIX)}
    return {stem: facts for stem, facts in found.items() if facts is not None}


def check_facts_have_sources(
    source: SourceFolder, facts: dict[str, Facts], stems: set[str]
) -> None:
    """A fact file of no source is an error: its facts would silently go nowhere."""
    for stem in sorted(set(facts) - stems):
        where = facts[stem].location or Location(source.name(source.path), 1)
        source.errors.append(
            Diagnostic(where, f"fact file for '{stem}', but no source of that name")
        )
