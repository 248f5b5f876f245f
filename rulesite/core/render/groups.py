"""The site's pages as the home page and the navigation group them: numbered 4th-edition
topics, 3rd-edition pages, and a section for every other kind of page (its origin's)."""

from __future__ import annotations

from dataclasses import dataclass

from rulesite.core.links import LinkedCorpus, LinkedTopic
from rulesite.core.model import Edition

# The navigation's section of 4th-edition topics without a number and no section of
# their own (its pages' origin names none).
UNNUMBERED = "Topics without a number"


@dataclass(frozen=True)
class Groups:
    """The site's pages as the home page and the navigation list them."""

    fourth: list[LinkedTopic]  # numbered 4th-edition topics, by number
    third: list[LinkedTopic]  # 3rd-edition pages, in their sources' order
    # Every other page, by navigation section (its origin's, or UNNUMBERED), the sections
    # UNNUMBERED first and then by name, their pages by name.
    sections: dict[str, list[LinkedTopic]]
    # The sections of community pages (the home page lists them too).
    community: tuple[str, ...]

    @property
    def unnumbered(self) -> list[LinkedTopic]:
        return self.sections.get(UNNUMBERED, [])


def group_pages(corpus: LinkedCorpus) -> Groups:
    """The pages of ``corpus`` grouped (see :class:`Groups`)."""
    fourth, third = [], []
    sections: dict[str, list[LinkedTopic]] = {}
    community = set()
    for linked in corpus.topics:
        topic = linked.topic
        if topic.edition is Edition.THIRD:
            third.append(linked)
        elif topic.number is not None and topic.origin.folder is None:
            fourth.append(linked)
        else:
            section = topic.origin.section or UNNUMBERED
            sections.setdefault(section, []).append(linked)
            if topic.origin.community:
                community.add(section)
    fourth.sort(key=lambda linked: linked.topic.number or 0)
    for pages in sections.values():
        pages.sort(key=lambda linked: sort_name(linked.topic.title))
    order = sorted(sections, key=lambda name: (name != UNNUMBERED, name))
    return Groups(fourth, third, {name: sections[name] for name in order}, tuple(sorted(community)))


def sort_name(title: str) -> str:
    """Where a title sorts: "The L1Z1X Mindnet" under L, not T."""
    words = title.split(maxsplit=1)
    name = words[1] if len(words) == 2 and words[0].casefold() == "the" else title
    return name.casefold()
