"""The topic index (``content/topics.yaml``): the Living Rules Reference's topic numbers.

A prose page carries the numbers of its rules within its topic but not the topic's
own number; the index gives it, by the page's title (or, failing that, its slug).
It also tells a related topic that this reference lacks (a declared gap, shown as
"not in this reference yet") from a link to nothing (a mistake). The form::

    source: where the numbers and names were read
    topics:
    - {number: 89, name: "Tactical Action", slug: tactical_action}
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulesite.core.errors import SourceError
from rulesite.core.loaders.source_text import read_source
from rulesite.core.loaders.strict_yaml import YamlMapping, parse_yaml
from rulesite.core.model import Diagnostic, Location

FILE_NAME = "topics.yaml"
_KEYS = ("number", "name", "slug")


@dataclass(frozen=True)
class IndexedTopic:
    """One topic the Living Rules Reference numbers."""

    number: int
    name: str
    slug: str
    location: Location


@dataclass(frozen=True)
class TopicIndex:
    """Every indexed topic, found by slug or by title."""

    topics: tuple[IndexedTopic, ...] = ()

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
        if not isinstance(entry, YamlMapping) or sorted(entry) != sorted(_KEYS):
            problems.append(Diagnostic(where, "a topic is {number: N, name: ..., slug: ...}"))
            continue
        number, title, slug = entry["number"], entry["name"], entry["slug"]
        if not (isinstance(number, int) and not isinstance(number, bool) and number > 0):
            problems.append(Diagnostic(where, "a topic's number must be a whole number above 0"))
        elif not (isinstance(title, str) and isinstance(slug, str) and slug.isidentifier()):
            problems.append(Diagnostic(where, "a topic's name and slug must be text"))
        else:
            topics.append(IndexedTopic(number, title, slug, where))
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
    return TopicIndex(tuple(topics))
