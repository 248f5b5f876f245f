"""The prose linker: related topics, rule numbers and topic names in prose become links.

Pure and MkDocs-free: it takes the merged topics and returns them with every
text linked (inline Markdown whose links are ``<a>`` elements with hrefs relative
to the page they sit on), plus the anchor index every other part uses
(``assets/rules-index.json``, search documents, the "Rules by number" page), the
"Referenced by" backlinks and the related-topic links that have no page yet.
Where pages and anchors are is :mod:`rulesite.core.anchors`' business; what it
returns is :mod:`rulesite.core.linked`'s.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from rulesite.core import link_reuse
from rulesite.core.anchors import PageRef, relative_href
from rulesite.core.link_targets import Reads, Site, site_of
from rulesite.core.linked import (
    NO_SUCH_TOPIC,
    NOT_YET,
    Link,
    LinkedCorpus,
    LinkedTopic,
    UnresolvedLink,
)
from rulesite.core.loaders.topic_index import IndexedTopic, TopicIndex
from rulesite.core.model import Location, RelatedTopic, Rule, Section, Topic
from rulesite.core.slugs import title_from_slug

__all__ = ["Link", "LinkedCorpus", "LinkedTopic", "UnresolvedLink", "link_corpus"]

# Spans the prose linker must leave alone: existing links (Markdown or HTML), any other
# HTML tag, and inline code. Markdown links to `/rules/r_<slug>` are rewritten separately.
# No part looks past the next "[", "<" or "`" that could start another match, so each
# character is looked at a bounded number of times: unclosed "[" or "<a " made linking
# quadratic.
_A_ELEMENT = r"<a\b[^<>]*>[^<]*(?:<(?!/?a\b)[^<]*)*</a>"
_PROTECTED = re.compile(
    r"\[(?P<label>[^\[\]]*)\]\((?P<target>[^)\s]*)\)"
    rf"|{_A_ELEMENT}"
    r"|<[^<>]+>"
    r"|`[^`]*`",
)
# The loaders spell every link to a page of the reference one way (markdown_blocks).
_RELATED_TARGET = re.compile(r"^/(?:rules/r_|(?P<notes>components/c_|factions/f_))(?P<slug>\w+)/?$")
# A rule number has at least one dot ("89.2", "3.4.1"); a bare "3" is never linked.
# A trailing full stop ends the sentence, it is not part of the number.
_RULE_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)+(?![\w]|\.\d)")
# An <a> element, kept (by the group) when text is split around it.
_LINK_ELEMENT = re.compile(f"({_A_ELEMENT})")
# Runs of capitalised words, where topic names ("Space Cannon") can start.
_CAPITALISED_RUN = re.compile(r"[A-Z][\w’']*(?:[ \t]+(?:[A-Z][\w’']*|of|and|the))*")
_SPACING = re.compile(r"([ \t]+)")


@dataclass
class _Found:
    """What linking one page's texts found; private and short-lived, hence mutable."""

    targets: set[str]
    unresolved: list[UnresolvedLink]
    resolved: int = 0


def _sentence_starts(text: str, at: int) -> bool:
    """Whether a sentence starts at ``at``: only spacing before it, or an end of sentence
    (``.!?:``) and spacing. A capitalised word there is capitalised for that alone. Read
    backwards over the spacing only: a pattern from the text's start was quadratic.
    """
    before = at
    while before > 0 and text[before - 1].isspace():
        before -= 1
    return before == 0 or (before < at and text[before - 1] in ".!?:")


def _missing(title: str, gap: IndexedTopic | None) -> str:
    why = f"{gap.number} {html.escape(gap.name)}: {NOT_YET}" if gap else NO_SUCH_TOPIC
    return f'<span class="missing-topic" title="{why}">{title}</span> <small>({why})</small>'


def _slug_of(target: re.Match[str]) -> str:
    """The topic slug a canonical link names (notes pages keep their prefix: ``c_units``)."""
    notes = target.group("notes")
    return f"{notes.split('/')[1]}{target.group('slug')}" if notes else target.group("slug")


def _anchor_html(href: str, label: str, css: str) -> str:
    return f'<a class="{css}" href="{html.escape(href)}">{label}</a>'


class _Linker:
    """Links the texts of one page."""

    def __init__(self, reads: Reads, page: PageRef, found: _Found) -> None:
        self.reads = reads
        self.page = page
        self.found = found

    def link(self, text: str, location: Location, own_number: str | None = None) -> str:
        """``text`` with rule numbers, topic names and related-topic links made links."""
        out: list[str] = []
        position = 0
        protected = list(_PROTECTED.finditer(text))
        # A name is not linked where the text links its page explicitly anyway.
        titles_done = {page.name for page in self._explicit_targets(protected)}
        for match in protected:
            out.append(self._link_prose(text[position : match.start()], own_number, titles_done))
            out.append(self._rewrite_link(match, location))
            position = match.end()
        out.append(self._link_prose(text[position:], own_number, titles_done))
        return "".join(out)

    def _explicit_targets(self, protected: list[re.Match[str]]) -> list[PageRef]:
        found = (_RELATED_TARGET.match(m.group("target") or "") for m in protected)
        pages = (self.reads.page(_slug_of(m)) for m in found if m)
        return [page for page in pages if page is not None]

    def related_href(self, title: str, slug: str, location: Location) -> str | None:
        """The href of topic ``slug``'s page, or ``None`` (kept as unresolved) if it has none.

        A topic the index knows but this reference lacks links to ``missing_topic_url``
        when one is set (still listed as a gap).
        """
        page = self.reads.page(slug)
        if page is not None:
            return self._href(page.url)
        gap = self.reads.gap(slug)
        self.found.unresolved.append(UnresolvedLink(title, slug, location, self.page.url, gap))
        missing_url = self.reads.missing_url()
        if gap is not None and missing_url:
            return missing_url.format(slug=slug)
        return None

    def _rewrite_link(self, match: re.Match[str], location: Location) -> str:
        related = _RELATED_TARGET.match(match.group("target") or "")
        if not related:
            return match.group(0)
        label = match.group("label")
        slug = _slug_of(related)
        href = self.related_href(label, slug, location)
        if href is None:
            return _missing(label, self.reads.gap(slug))
        return _anchor_html(href, label, "topic-link")

    def _href(self, url: str) -> str:
        """The href of ``url`` from this page, counted as a resolved link to its page."""
        self.found.resolved += 1
        self.found.targets.add(url.partition("#")[0])
        return relative_href(self.page.url, url)

    def _to(self, url: str, label: str, css: str) -> str:
        return _anchor_html(self._href(url), label, css)

    def _link_prose(self, text: str, own_number: str | None, titles_done: set[str]) -> str:
        if not text:
            return text
        text = _sub(_RULE_NUMBER, text, lambda m: self._number(m.group(0), own_number))
        # Numbers just became <a> elements: topic names are only looked for between them.
        pieces = _LINK_ELEMENT.split(text)
        return "".join(
            piece if piece.startswith("<a") else self._titles(piece, titles_done)
            for piece in pieces
        )

    def _number(self, number: str, own_number: str | None) -> str | None:
        url = self.reads.anchor(number)
        if url is None or number == own_number:
            return None
        return self._to(url, number, "rule-ref")

    def _titles(self, text: str, titles_done: set[str]) -> str:
        def run(match: re.Match[str]) -> str | None:
            starts = _sentence_starts(text, match.start())
            return self._titles_in_run(match.group(0), titles_done, starts)

        return _sub(_CAPITALISED_RUN, text, run)

    def _titles_in_run(self, run: str, titles_done: set[str], sentence_start: bool) -> str | None:
        words = _SPACING.split(run)  # words at even indexes, their spacing at odd ones
        count = (len(words) + 1) // 2
        out: list[str] = []
        start = 0
        changed = False
        while start < count:
            # Only where a title could start are the longer candidates looked up.
            starts = self.reads.starts_title(words[2 * start])
            longest = self.reads.longest(count - start) if starts else 0
            for end in range(min(count, start + longest), start, -1):
                candidate = "".join(words[2 * start : 2 * end - 1])
                title = " ".join(words[2 * start : 2 * end - 1 : 2])
                page = self.reads.title(title)
                # A one-word title ("Units", "Control") is that topic only standing alone: not
                # as a sentence's first word, nor as a word of a longer name ("Move Ships",
                # "Establish Control", steps of other rules).
                if end - start == 1 and (count > 1 or sentence_start):
                    page = None
                # Nor any title that a capitalised word continues: "Space Cannon" in "Step 2 –
                # Space Cannon Offense" is a word of that step's name, not the topic.
                if end < count and words[2 * end][:1].isupper():
                    page = None
                if page and page.url != self.page.url and title not in titles_done:
                    titles_done.add(title)
                    out.append(self._to(page.url, candidate, "topic-link"))
                    start, changed = end, True
                    break
            else:
                out.append(words[2 * start])
                start += 1
            if start < count:
                out.append(words[2 * start - 1])
        return "".join(out) if changed else None


def _sub(
    pattern: re.Pattern[str], text: str, replace_match: Callable[[re.Match[str]], str | None]
) -> str:
    """``pattern.sub`` where the callback may return ``None`` to keep a match as it is."""
    return pattern.sub(lambda m: replace_match(m) or m.group(0), text)


def _link_rules(rules: tuple[Rule, ...], linker: _Linker) -> tuple[Rule, ...]:
    return tuple(
        replace(
            rule,
            text=linker.link(rule.text, rule.location, rule.number),
            subrules=_link_rules(rule.subrules, linker),
            lead=tuple(linker.link(text, rule.location) for text in rule.lead),
        )
        for rule in rules
    )


def _link_topic(topic: Topic, linker: _Linker) -> Topic:
    sections = tuple(
        replace(
            section,
            items=tuple(
                linker.link(item, loc)
                for item, loc in zip(section.items, _item_locations(section), strict=True)
            ),
        )
        for section in topic.sections
    )
    return replace(
        topic,
        intro=tuple(
            linker.link(text, where)
            for text, where in zip(topic.intro, topic.intro_places, strict=True)
        ),
        rules=_link_rules(topic.rules, linker),
        notes=tuple(
            replace(
                n,
                text=linker.link(n.text, n.location),
                subnotes=tuple(linker.link(text, n.location) for text in n.subnotes),
                lead=tuple(linker.link(text, n.location) for text in n.lead),
            )
            for n in topic.notes
        ),
        sections=sections,
        faq=tuple(
            replace(
                e,
                question=linker.link(e.question, e.location),
                answer=linker.link(e.answer, e.answer_place),
            )
            for e in topic.faq
        ),
    )


def _item_locations(section: Section) -> tuple[Location, ...]:
    if len(section.item_locations) == len(section.items):
        return section.item_locations
    return (section.location,) * len(section.items)


def _link_one(topic: Topic, page: PageRef, site: Site) -> link_reuse.TopicLinks:
    found = _Found(set(), [])
    reads = Reads(site)
    linker = _Linker(reads, page, found)
    text_linked = _link_topic(topic, linker)
    related = tuple(_related_link(r, linker) for r in topic.related)
    counterpart = _counterpart(topic, page, reads, found)
    targets, unresolved = frozenset(found.targets), tuple(found.unresolved)
    return link_reuse.TopicLinks(
        text_linked, related, counterpart, targets, unresolved, found.resolved, reads.recorded()
    )


def _counterpart(topic: Topic, page: PageRef, reads: Reads, found: _Found) -> Link | None:
    if topic.counterpart is None:
        return None
    target = reads.page(topic.counterpart)
    if target is None:
        return Link(title_from_slug(topic.counterpart), None)
    found.targets.add(target.url)
    return Link(target.title, relative_href(page.url, target.url))


def _related_link(related: RelatedTopic, linker: _Linker) -> Link:
    """A related topic's link; a gap is titled by its number and name ("70 Purge")."""
    href = linker.related_href(related.title, related.slug, related.location)
    reads = linker.reads
    gap = reads.gap(related.slug) if reads.page(related.slug) is None else None
    return Link(f"{gap.number} {gap.name}" if gap else related.title, href)


def link_corpus(
    topics: tuple[Topic, ...],
    index: TopicIndex | None = None,
    missing_topic_url: str | None = None,
) -> LinkedCorpus:
    """Every topic (in page order) linked, with its related-topic, counterpart and
    "Referenced by" links; the site's anchors and missing links. ``index`` tells a gap (a
    topic it knows) from a mistake; a gap links to ``missing_topic_url`` ("https://…/{slug}"),
    if given. A topic whose lookups give what they gave last time is not linked again
    (:mod:`.link_targets`, :mod:`.link_reuse`)."""
    pages = {id(topic): link_reuse.page_of(topic) for topic in topics}
    anchors = tuple(anchor for topic in topics for anchor in link_reuse.anchors_of(topic))
    site = site_of(topics, anchors, index or TopicIndex(), missing_topic_url)
    found = _Found(set(), [])
    done: list[link_reuse.TopicLinks] = []
    backlinks: dict[str, list[PageRef]] = {}
    for topic in topics:
        page = pages[id(topic)]
        links = link_reuse.LAST.linked(topic, site) or _link_one(topic, page, site)
        done.append(links)
        found.unresolved.extend(links.unresolved)
        found.resolved += links.resolved
        for target in sorted(links.targets - {page.url}):
            backlinks.setdefault(target, []).append(page)
    link_reuse.LAST.keep(topics, done)
    return LinkedCorpus(
        topics=tuple(
            link_reuse.linked_topic(
                links,
                pages[id(topic)],
                tuple(
                    Link(source.title, relative_href(pages[id(topic)].url, source.url))
                    for source in backlinks.get(pages[id(topic)].url, [])
                ),
            )
            for topic, links in zip(topics, done, strict=True)
        ),
        anchors=anchors,
        unresolved=tuple(found.unresolved),
        resolved_count=found.resolved,
        index=site.index,
        missing_topic_url=missing_topic_url,
    )
