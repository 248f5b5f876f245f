"""What the prose linker looks links' targets up in, and what linking one topic read there.

A topic's links depend on the topic and on the answers to the lookups its linking made:
a rule number's anchor, a title's page, a slug's page or gap, whether a word starts a
title. Those lookups, with their answers, are recorded (:class:`Reads`); on the next
generation the topic's links are still right wherever every recorded lookup gives the
same answer (:func:`reads_hold`), and only the other topics are linked again. So what
depends on what is read from the data, never listed: a retitled topic relinks the pages
whose words named its old or new title, a renumbered rule the pages that cite either
number, and nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rulesite.core.anchors import Anchor, PageRef, is_notes_page, page_ref
from rulesite.core.loaders.topic_index import IndexedTopic, TopicIndex
from rulesite.core.model import Edition, Topic

__all__ = ["Reads", "Site", "reads_hold", "site_of"]

# A topic's name without its qualifier: "Space Cannon (Unit Ability)" is "Space Cannon" in prose.
_QUALIFIER = re.compile(r"\s*\([^()]*\)$")


@dataclass(frozen=True)
class Site:
    """What the prose linker looks targets up in."""

    anchors: dict[str, str]  # anchor id → url
    pages: dict[str, PageRef]  # 4th-edition topic slug → page
    titles: dict[str, PageRef]  # topic title → page ("Space Cannon" → ...)
    longest_title: int  # in words
    # The words titles start with: a capitalised word that starts none ("The") is passed by.
    first_words: frozenset[str]
    index: TopicIndex
    missing_topic_url: str | None  # "https://…/{slug}": where a gap's full text is


def site_of(
    topics: tuple[Topic, ...],
    anchors: tuple[Anchor, ...],
    index: TopicIndex,
    missing_topic_url: str | None,
) -> Site:
    """The targets ``topics`` offer links."""
    fourth = [t for t in topics if t.edition is Edition.FOURTH]
    pages = {t.slug: page_ref(t) for t in fourth}
    # Prose names rule topics, not notes pages ("Units" is the topic, not the unit notes).
    named = [t for t in fourth if not is_notes_page(t)]
    titles = {t.title: pages[t.slug] for t in named}
    for topic in named:
        # "Space Cannon (Unit Ability)" is "Space Cannon" in prose (an unqualified title of
        # the same name, "Technology" beside "Technology (Strategy Card)", keeps it).
        titles.setdefault(_QUALIFIER.sub("", topic.title), pages[topic.slug])
    longest = max((len(title.split()) for title in titles), default=1)
    first_words = frozenset(title.split(" ")[0] for title in titles)
    return Site(
        {a.id: a.url for a in anchors},
        pages,
        titles,
        longest,
        first_words,
        index,
        missing_topic_url,
    )


# Each kind of lookup: its answer on a site. "longest" is asked with the words left in a
# run of capitalised words: the linker never looks further than that, so a longer title
# elsewhere changes nothing for a topic whose runs are all shorter.
_LOOKUPS: dict[str, Callable[[Site, str | int], object]] = {
    "anchor": lambda site, key: site.anchors.get(str(key)),
    "page": lambda site, key: site.pages.get(str(key)),
    "title": lambda site, key: site.titles.get(str(key)),
    "gap": lambda site, key: site.index.by_slug(str(key)),
    "starts": lambda site, key: key in site.first_words,
    "longest": lambda site, key: min(site.longest_title, int(key)),
    "missing": lambda site, key: site.missing_topic_url,
}

Recorded = tuple[tuple[tuple[str, str | int], object], ...]


class Reads:
    """The lookups one topic's linking made in ``site``, each with its answer."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.seen: dict[tuple[str, str | int], object] = {}

    def _ask(self, kind: str, key: str | int) -> object:
        asked = (kind, key)
        if asked not in self.seen:
            self.seen[asked] = _LOOKUPS[kind](self.site, key)
        return self.seen[asked]

    def anchor(self, number: str) -> str | None:
        """The URL of anchor ``number``, if the site has it."""
        return self._ask("anchor", number)  # type: ignore[return-value]

    def page(self, slug: str) -> PageRef | None:
        """The 4th-edition page of topic ``slug``, if the site has it."""
        return self._ask("page", slug)  # type: ignore[return-value]

    def title(self, title: str) -> PageRef | None:
        """The page prose names by ``title``, if any."""
        return self._ask("title", title)  # type: ignore[return-value]

    def gap(self, slug: str) -> IndexedTopic | None:
        """The topic index's topic ``slug``, if it knows one."""
        return self._ask("gap", slug)  # type: ignore[return-value]

    def starts_title(self, word: str) -> bool:
        """Whether some title starts with ``word``."""
        return bool(self._ask("starts", word))

    def longest(self, words: int) -> int:
        """How many of the next ``words`` words a title can span."""
        return int(self._ask("longest", words))  # type: ignore[call-overload]

    def missing_url(self) -> str | None:
        """Where a gap's full text is ("https://…/{slug}"), if set."""
        return self._ask("missing", "")  # type: ignore[return-value]

    def recorded(self) -> Recorded:
        return tuple(self.seen.items())


def reads_hold(recorded: Recorded, site: Site) -> bool:
    """Whether every recorded lookup gives the same answer on ``site``."""
    return all(_LOOKUPS[kind](site, key) == answer for (kind, key), answer in recorded)
