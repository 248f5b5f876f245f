"""The topic index (``content/topics.yaml``): the Living Rules Reference's topic numbers.

A prose page carries the numbers of its rules within its topic but not the topic's
own number; the index gives it, by the page's title (or, failing that, its slug).
It also tells a related topic that this reference lacks (a declared gap, shown as
"not in this reference yet") from a link to nothing (a mistake). The form::

    source: where the numbers and names were read
    topics:
    - {number: 89, name: "Tactical Action", slug: tactical_action}
    - {number: 58, name: "Movement", slug: movement, first: 2}

``first`` is a numbering fact: the number the LRR gives the topic's first rule, where
it is not 1 (the LRR 2.0's Movement starts at 58.2). A prose list that starts
elsewhere is renumbered to match, with a warning naming its first item's line.

A content folder without ``topics.yaml`` is numbered from the index this package
ships (:data:`DEFAULT_INDEX`, the LRR 2.0's topics: facts only, no rule text).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path

from rulesite.core.errors import SourceError
from rulesite.core.loaders.source_text import read_source
from rulesite.core.loaders.strict_yaml import YamlMapping, parse_yaml
from rulesite.core.model import Diagnostic, Location

FILE_NAME = "topics.yaml"
_KEYS = ("number", "name", "slug")
_OPTIONAL = ("first",)
DEFAULT_INDEX = "data/lrr_topics.yaml"  # inside the rulesite package
DEFAULT_LABEL = "the LRR 2.0 topic index shipped with rulesite"


@dataclass(frozen=True)
class IndexedTopic:
    """One topic the Living Rules Reference numbers."""

    number: int
    name: str
    slug: str
    location: Location
    first: int | None = None  # the number the LRR gives the topic's first rule, if not 1

    @property
    def start(self) -> int:
        """The number of the topic's first rule in the LRR (1 unless a fact says otherwise)."""
        return self.first or 1


@dataclass(frozen=True)
class TopicIndex:
    """Every indexed topic, found by slug or by title."""

    topics: tuple[IndexedTopic, ...] = ()
    label: str = ""  # which index this is, as the build names it
    version: str = ""  # its ``version:``, as the JSON export gives it

    def by_slug(self, slug: str) -> IndexedTopic | None:
        """The topic whose pages and links use ``slug``."""
        return next((t for t in self.topics if t.slug == slug), None)

    def by_title(self, title: str) -> IndexedTopic | None:
        """The topic named ``title`` (case, dashes and spacing aside)."""
        wanted = _key(title)
        return next((t for t in self.topics if _key(t.name) == wanted), None)


def _key(title: str) -> str:
    return " ".join(title.replace("–", "-").replace("—", "-").casefold().split())


def load_topic_index(path: Path, name: str) -> TopicIndex:
    """Read the topic index; ``name`` is the path diagnostics show."""
    return parse_topic_index(read_source(path, name), name)


def with_numbering_facts(index: TopicIndex, facts: TopicIndex) -> TopicIndex:
    """``index`` with the numbering facts of ``facts`` (the shipped index) for each topic it
    lists under the same number and slug without a fact of its own: a folder's copy of an
    older index still numbers Movement from 58.2."""
    filled = []
    for topic in index.topics:
        known = facts.by_slug(topic.slug)
        if topic.first is None and known is not None and known.number == topic.number:
            topic = replace(topic, first=known.first)
        filled.append(topic)
    return replace(index, topics=tuple(filled))


def load_default_index() -> TopicIndex:
    """The LRR 2.0 topic index this package ships, for a content folder without one."""
    text = resources.files("rulesite.core").joinpath(DEFAULT_INDEX).read_text(encoding="utf-8")
    return replace(parse_topic_index(text, f"rulesite/core/{DEFAULT_INDEX}"), label=DEFAULT_LABEL)


def parse_topic_index(text: str, name: str) -> TopicIndex:
    """Parse the topic index.

    Raises:
        SourceError: every entry that is not a number, a name and a slug, and repeats.
    """
    data = parse_yaml(text, name)
    entries = data.get("topics") if isinstance(data, YamlMapping) else None
    if not isinstance(entries, list):
        raise SourceError.at(name, 1, "the topic index must have a list 'topics'")
    problems: list[Diagnostic] = []
    topics: list[IndexedTopic] = []
    for entry in entries:
        line = entry.line if isinstance(entry, YamlMapping) else data.line_of("topics")
        where = Location(name, line)
        if not isinstance(entry, YamlMapping) or not _has_keys(entry):
            problems.append(
                Diagnostic(where, "a topic is {number: N, name: ..., slug: ...[, first: N]}")
            )
            continue
        number, title, slug = entry["number"], entry["name"], entry["slug"]
        first = entry.get("first")
        if not (_whole(number) and (first is None or _whole(first))):
            problems.append(
                Diagnostic(where, "a topic's number and first must be whole numbers above 0")
            )
        elif not (isinstance(title, str) and isinstance(slug, str) and slug.isidentifier()):
            problems.append(Diagnostic(where, "a topic's name and slug must be text"))
        else:
            assert isinstance(number, int) and (first is None or isinstance(first, int))
            topics.append(IndexedTopic(number, title, slug, where, first))
    seen: dict[object, IndexedTopic] = {}
    for topic in topics:
        for key in (topic.number, topic.slug):
            if key in seen:
                problems.append(
                    Diagnostic(topic.location, f"'{key}' is listed twice", other=seen[key].location)
                )
            seen[key] = topic
    if problems:
        raise SourceError(problems)
    version = data.get("version", "")
    return TopicIndex(
        tuple(topics), label=name, version=version if isinstance(version, str) else ""
    )


def _has_keys(entry: YamlMapping) -> bool:
    keys = set(entry)
    return set(_KEYS) <= keys <= set(_KEYS + _OPTIONAL)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0
