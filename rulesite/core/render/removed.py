"""What the sanitiser took out of the sources, by ``file:line``, for the build report.

The pages are sanitised as they are rendered whatever this finds; this tells the
site's owner which source lines held markup the site does not publish (a script
smuggled into a wiki edit, or a tag the allow-list should perhaps learn).
"""

from __future__ import annotations

from collections.abc import Iterator

from rulesite.core.links import LinkedCorpus
from rulesite.core.model import ComparisonRow, Diagnostic, Location, Topic, iter_rules
from rulesite.core.render.sanitise import safe_inline


def _texts(topic: Topic) -> Iterator[tuple[Location, str]]:
    """Every text of ``topic`` a page shows as HTML, with where it was written."""
    yield from zip(topic.intro_places, topic.intro, strict=True)
    for rule in iter_rules(topic.rules):
        yield rule.location, rule.text
    for note in topic.notes:
        for text in (*note.lead, note.text, *note.subnotes):
            yield note.location, text
    for section in topic.sections:
        locations = section.item_locations or (section.location,) * len(section.items)
        yield from zip(locations, section.items, strict=True)
    for entry in topic.faq:
        yield entry.location, entry.question
        yield entry.answer_place, entry.answer


def removed_markup(
    corpus: LinkedCorpus, comparisons: tuple[ComparisonRow, ...] = ()
) -> tuple[Diagnostic, ...]:
    """One diagnostic per source text the sanitiser changed, naming what it removed."""
    found: dict[tuple[Location, str], None] = {}  # a dict keeps first-seen order, once each
    texts = [pair for linked in corpus.topics for pair in _texts(linked.topic)]
    texts += [(row.location, row.ti3_text) for row in comparisons]
    for location, text in texts:
        removed = safe_inline(text).removed
        if removed:
            found[location, f"removed from the page: {', '.join(removed)}"] = None
    return tuple(Diagnostic(location, message) for location, message in found)
