"""What the prose linker returns: linked topics, their links, and the links left unresolved."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulesite.core.anchors import Anchor, PageRef
from rulesite.core.loaders.topic_index import IndexedTopic, TopicIndex
from rulesite.core.model import Location, Topic

NOT_YET = "not in this reference yet"
NO_SUCH_TOPIC = "no such topic here or in the topic index"


@dataclass(frozen=True)
class Link:
    """A link as a page shows it; ``href`` is ``None`` when the target has no page yet."""

    title: str
    href: str | None


@dataclass(frozen=True)
class UnresolvedLink:
    """A link to a topic this reference does not have: a gap if the topic index knows it
    (``gap``), else a mistake."""

    title: str
    slug: str
    location: Location
    page_url: str
    gap: IndexedTopic | None = None

    @property
    def message(self) -> str:
        """What is wrong, without the place."""
        if self.gap is not None:
            return f"link to '{self.title}' ({self.gap.number} {self.gap.name}): {NOT_YET}"
        return f"link to '{self.title}' ({self.slug}): {NO_SUCH_TOPIC}"

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


@dataclass(frozen=True)
class LinkedTopic:
    """A topic whose texts are linked, with the links its page shows around them."""

    topic: Topic
    page: PageRef
    related: tuple[Link, ...]
    counterpart: Link | None
    referenced_by: tuple[Link, ...]


@dataclass(frozen=True)
class LinkedCorpus:
    """Every page's linked topic plus what the whole site needs to know about links."""

    topics: tuple[LinkedTopic, ...]
    anchors: tuple[Anchor, ...]
    unresolved: tuple[UnresolvedLink, ...]
    resolved_count: int
    index: TopicIndex = field(default_factory=TopicIndex)  # for the coverage page
    missing_topic_url: str | None = None
