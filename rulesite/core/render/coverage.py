"""What the reference holds, said honestly: the Coverage page (each topic of the index, here
or not, with its rules counted) and the home page's one line about it.

Where a topic is missing, the reader is told where the whole text is: the Living Rules
Reference from its publisher (:data:`PUBLISHER_URL`), or a ``missing_topic_url`` a
maintainer sets.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesite.core.anchors import relative_href
from rulesite.core.links import LinkedCorpus, LinkedTopic
from rulesite.core.model import iter_rules
from rulesite.core.render.templating import template

__all__ = ["PUBLISHER", "PUBLISHER_URL", "Held", "held", "render_coverage"]

# Fantasy Flight Games' Twilight Imperium 4th edition page, where the Living Rules Reference
# is published (the address as public projects link it: yjmrobert/tirules's README, ti4
# reference and tracker sites' footers).
PUBLISHER_URL = "https://www.fantasyflightgames.com/en/products/twilight-imperium-fourth-edition/"
PUBLISHER = "Fantasy Flight Games"


@dataclass(frozen=True)
class Held:
    """How much of the index's Living Rules Reference a build holds."""

    topics: int  # of the index's topics, those with a page here
    indexed: int  # how many topics the index numbers
    rules: int  # numbered rules of those topics
    notes: int  # notes of every 4th-edition page: rule topics' and notes pages'

    @property
    def complete(self) -> bool:
        """Whether every topic the index numbers is here."""
        return self.indexed > 0 and self.topics == self.indexed


def _rules(linked: LinkedTopic) -> int:
    return sum(1 for rule in iter_rules(linked.topic.rules) if rule.number)


def _notes(linked: LinkedTopic) -> int:
    topic = linked.topic
    numbered = sum(len(s.items) for s in topic.sections if s.numbered)
    return len(topic.notes) + numbered


def held(corpus: LinkedCorpus, fourth: list[LinkedTopic], others: list[LinkedTopic]) -> Held:
    """What ``corpus`` holds: ``fourth`` its numbered 4th-edition topics, ``others`` its
    notes pages and unnumbered topics."""
    indexed = {topic.number for topic in corpus.index.topics}
    here = [linked for linked in fourth if linked.topic.number in indexed]
    return Held(
        topics=len({linked.topic.number for linked in here}),
        indexed=len(indexed),
        rules=sum(_rules(linked) for linked in here),
        notes=sum(_notes(linked) for linked in [*fourth, *others]),
    )


@dataclass(frozen=True)
class CoverageRow:
    """One topic of the index on the coverage page: its page here, or where else to read it."""

    number: int
    name: str
    href: str | None  # this reference's page, or the missing-topic URL
    here: bool
    rules: int = 0  # its numbered rules, when here
    notes: int = 0  # and its notes


def render_coverage(
    corpus: LinkedCorpus,
    fourth: list[LinkedTopic],
    unnumbered: list[LinkedTopic],
    amount: Held,
) -> str:
    """The coverage page: which of the index's topics this reference holds, and the rest."""
    here = {linked.topic.number: linked for linked in fourth}
    page = "coverage/"
    rows = []
    for indexed in sorted(corpus.index.topics, key=lambda t: t.number):
        linked = here.get(indexed.number)
        if linked is not None:
            href = relative_href(page, linked.page.url)
            rows.append(
                CoverageRow(
                    indexed.number, indexed.name, href, True, _rules(linked), _notes(linked)
                )
            )
            continue
        url = corpus.missing_topic_url
        rows.append(
            CoverageRow(
                indexed.number, indexed.name, url.format(slug=indexed.slug) if url else None, False
            )
        )
    label = corpus.index.label
    return template("coverage.md.j2").render(
        rows=rows,
        index_label=f"the topic index, `{label}`" if label.endswith(".yaml") else label,
        held=amount,
        publisher=PUBLISHER,
        publisher_url=PUBLISHER_URL,
        unnumbered=unnumbered,
        href=lambda url: relative_href(page, url),
    )
