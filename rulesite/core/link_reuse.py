"""What linking each topic gave last time, reused while the topic and every link target are
the same.

Under ``serve`` every saved edit generates the site again, and an edit to one rule's text
changes one topic: linking the other 999 of a 1,000-topic corpus again was a quarter of
the generator's time (cProfile: 12 of 49 s in ``link_corpus``). A topic's links depend on
the topic and on what links can reach (its targets: every anchor, page and title, the
topic index); when any target differs, nothing is reused. Topics and what linking gives
are immutable, so sharing them between generations is safe.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulesite.core.linked import Link, UnresolvedLink
from rulesite.core.model import Topic

__all__ = ["LAST", "Reuse", "TopicLinks"]


@dataclass(frozen=True)
class TopicLinks:
    """What linking one topic gave."""

    topic: Topic  # its texts linked
    related: tuple[Link, ...]
    counterpart: Link | None
    targets: frozenset[str]  # the pages it links to, for their "Referenced by"
    unresolved: tuple[UnresolvedLink, ...]
    resolved: int


@dataclass
class Reuse:
    """The last generation's targets and each topic's links: one content folder's (a
    ``serve`` process edits one), replaced by each generation."""

    targets: object = None
    topics: dict[Topic, TopicLinks] = field(default_factory=dict)

    def kept(self, targets: object) -> dict[Topic, TopicLinks]:
        """Each topic's links of the last generation, if its targets were ``targets``."""
        return self.topics if self.targets == targets else {}

    def keep(self, targets: object, topics: dict[Topic, TopicLinks]) -> None:
        self.targets, self.topics = targets, topics


LAST = Reuse()
