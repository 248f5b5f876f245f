"""What linking each topic gave last time, reused while the topic is the same object and
every lookup its linking made gives the same answer (:mod:`rulesite.core.link_targets`).

Under ``serve`` every saved edit generates the site again, and an edit to one rule's text
changes one topic: linking the other 999 of a 1,000-topic corpus again was a quarter of
the generator's time (cProfile: 12 of 49 s in ``link_corpus``). A topic's page and anchors
depend on the topic alone, and its linked form (with its "Referenced by" links) on its
links and those backlinks: each is kept by the topic's identity
(:mod:`rulesite.core.step_reuse`), so an unchanged topic keeps its linked form as the same
object, and every later step (rendering, export) reuses its own results by it. Topics and
what linking gives are immutable, so sharing them between generations is safe.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulesite.core.anchors import Anchor, PageRef, page_ref, topic_anchors
from rulesite.core.link_targets import Recorded, Site, reads_hold
from rulesite.core.linked import Link, LinkedTopic, UnresolvedLink
from rulesite.core.model import Topic
from rulesite.core.step_reuse import Reused, also_forget

__all__ = ["LAST", "Reuse", "TopicLinks", "anchors_of", "linked_topic", "page_of"]


@dataclass(frozen=True)
class TopicLinks:
    """What linking one topic gave, and the lookups it made."""

    topic: Topic  # its texts linked
    related: tuple[Link, ...]
    counterpart: Link | None
    targets: frozenset[str]  # the pages it links to, for their "Referenced by"
    unresolved: tuple[UnresolvedLink, ...]
    resolved: int
    reads: Recorded = ()


@dataclass
class Reuse:
    """The last generation's links by topic: one content folder's (a ``serve`` process
    edits one), replaced by each generation."""

    topics: dict[int, tuple[Topic, TopicLinks]] = field(default_factory=dict)

    def linked(self, topic: Topic, site: Site) -> TopicLinks | None:
        """``topic``'s links of the last generation, if they hold on ``site``."""
        kept = self.topics.get(id(topic))
        if kept is None or kept[0] is not topic or not reads_hold(kept[1].reads, site):
            return None
        return kept[1]

    def keep(self, topics: tuple[Topic, ...], links: list[TopicLinks]) -> None:
        self.topics = {id(t): (t, done) for t, done in zip(topics, links, strict=True)}

    def clear(self) -> None:
        self.topics = {}


LAST = Reuse()
also_forget(LAST.clear)

_PAGES: Reused[PageRef] = Reused()
_ANCHORS: Reused[tuple[Anchor, ...]] = Reused()
_LINKED: Reused[LinkedTopic] = Reused()


def page_of(topic: Topic) -> PageRef:
    """``topic``'s page (:func:`rulesite.core.anchors.page_ref`)."""
    return _PAGES.get((topic,), None, lambda: page_ref(topic))


def anchors_of(topic: Topic) -> tuple[Anchor, ...]:
    """Every anchor of ``topic``'s page (:func:`rulesite.core.anchors.topic_anchors`)."""
    return _ANCHORS.get((topic,), None, lambda: tuple(topic_anchors(topic)))


def linked_topic(links: TopicLinks, page: PageRef, referenced_by: tuple[Link, ...]) -> LinkedTopic:
    """The linked topic of ``links`` on ``page``, the same object as last time if its
    backlinks are the same."""
    return _LINKED.get(
        (links,),
        (page, referenced_by),
        lambda: LinkedTopic(links.topic, page, links.related, links.counterpart, referenced_by),
    )
