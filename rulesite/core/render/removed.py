"""What the sanitiser took out of the sources, by ``file:line``, for the build report.

The pages are sanitised as they are rendered whatever this finds; this tells the
site's owner which source lines held markup the site does not publish (a script
smuggled into a wiki edit, or a tag the allow-list should perhaps learn).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial

from rulesite.core.links import LinkedCorpus
from rulesite.core.model import ComparisonRow, Diagnostic, Location, Topic, iter_rules
from rulesite.core.render.sanitise import safe_inline
from rulesite.core.step_reuse import Reused


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
    for linked in corpus.topics:
        topic = linked.topic
        found.update(dict.fromkeys(_REMOVED.get((topic,), None, partial(_removed, _texts(topic)))))
    found.update(dict.fromkeys(_removed((row.location, row.ti3_text) for row in comparisons)))
    return tuple(Diagnostic(location, message) for location, message in found)


def _removed(texts: Iterable[tuple[Location, str]]) -> tuple[tuple[Location, str], ...]:
    return tuple(
        (location, f"removed from the page: {', '.join(removed)}")
        for location, text in texts
        if (removed := safe_inline(text).removed)
    )


_REMOVED: Reused[tuple[tuple[Location, str], ...]] = Reused()  # by topic, while unchanged
