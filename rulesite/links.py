"""The prose linker: related topics, rule numbers and topic names in prose become links.

Pure and MkDocs-free: it takes the merged topics and returns them with every
text linked (inline Markdown whose links are ``<a>`` elements with hrefs relative
to the page they sit on), plus the anchor index every other part uses
(``assets/rules-index.json``, search documents, the "Rules by number" page), the
"Referenced by" backlinks and the related-topic links that have no page yet.
Where pages and anchors are is :mod:`rulesite.anchors`' business.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from rulesite.anchors import Anchor, PageRef, page_ref, relative_href, topic_anchors
from rulesite.model import Edition, Location, Rule, Section, Topic
from rulesite.slugs import title_from_slug

NOT_YET = "not yet in this reference"

# Spans the prose linker must leave alone: existing links (Markdown or HTML), any other
# HTML tag, and inline code. Markdown links to `/rules/r_<slug>` are rewritten separately.
# No part looks past the next "[", "<" or "`" that could start another match, so each
# character is looked at a bounded number of times: unclosed "[" or "<a " made linking
# quadratic (issue 20, item 4).
_A_ELEMENT = r"<a\b[^<>]*>[^<]*(?:<(?!/?a\b)[^<]*)*</a>"
_PROTECTED = re.compile(
    r"\[(?P<label>[^\[\]]*)\]\((?P<target>[^)\s]*)\)"
    rf"|{_A_ELEMENT}"
    r"|<[^<>]+>"
    r"|`[^`]*`",
)
_RELATED_TARGET = re.compile(r"^/rules/r_(?P<slug>\w+)/?$")
# A rule number has at least one dot ("89.2", "3.4.1"); a bare "3" is never linked.
# A trailing full stop ends the sentence, it is not part of the number.
_RULE_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)+(?![\w]|\.\d)")
# An <a> element, kept (by the group) when text is split around it.
_LINK_ELEMENT = re.compile(f"({_A_ELEMENT})")
# Runs of capitalised words, where topic names ("Space Cannon") can start.
_CAPITALISED_RUN = re.compile(r"[A-Z][\w’']*(?:[ \t]+(?:[A-Z][\w’']*|of|and|the))*")
_SPACING = re.compile(r"([ \t]+)")


@dataclass(frozen=True)
class Link:
    """A link as a page shows it; ``href`` is ``None`` when the target has no page yet."""

    title: str
    href: str | None


@dataclass(frozen=True)
class UnresolvedLink:
    """A link to a topic this reference does not have yet."""

    title: str
    slug: str
    location: Location
    page_url: str

    @property
    def message(self) -> str:
        """What is wrong, without the place."""
        return f"link to '{self.title}' (/rules/r_{self.slug}): {NOT_YET}"

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


@dataclass(frozen=True)
class _Site:
    """What the prose linker looks targets up in."""

    anchors: dict[str, str]  # anchor id → url
    pages: dict[str, PageRef]  # 4th-edition topic slug → page
    titles: dict[str, PageRef]  # topic title → page ("Space Cannon" → ...)
    longest_title: int  # in words
    # The words titles start with: a capitalised word that starts none ("The") is passed by.
    first_words: frozenset[str]


@dataclass
class _Found:
    """What linking one page's texts found; private and short-lived, hence mutable."""

    targets: set[str]
    unresolved: list[UnresolvedLink]
    resolved: int = 0


def _missing(title: str) -> str:
    return (
        f'<span class="missing-topic" title="{NOT_YET}">{title}</span> <small>({NOT_YET})</small>'
    )


def _anchor_html(href: str, label: str, css: str) -> str:
    return f'<a class="{css}" href="{html.escape(href)}">{label}</a>'


class _Linker:
    """Links the texts of one page."""

    def __init__(self, site: _Site, page: PageRef, found: _Found) -> None:
        self.site = site
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
        return [
            self.site.pages[m.group("slug")]
            for m in found
            if m and m.group("slug") in self.site.pages
        ]

    def related_href(self, title: str, slug: str, location: Location) -> str | None:
        """The href of topic ``slug``'s page, or ``None`` (kept as unresolved) if it has none."""
        page = self.site.pages.get(slug)
        if page is None:
            self.found.unresolved.append(UnresolvedLink(title, slug, location, self.page.url))
            return None
        return self._href(page.url)

    def _rewrite_link(self, match: re.Match[str], location: Location) -> str:
        related = _RELATED_TARGET.match(match.group("target") or "")
        if not related:
            return match.group(0)
        label = match.group("label")
        href = self.related_href(label, related.group("slug"), location)
        return _missing(label) if href is None else _anchor_html(href, label, "topic-link")

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
        url = self.site.anchors.get(number)
        if url is None or number == own_number:
            return None
        return self._to(url, number, "rule-ref")

    def _titles(self, text: str, titles_done: set[str]) -> str:
        return _sub(_CAPITALISED_RUN, text, lambda m: self._titles_in_run(m.group(0), titles_done))

    def _titles_in_run(self, run: str, titles_done: set[str]) -> str | None:
        words = _SPACING.split(run)  # words at even indexes, their spacing at odd ones
        count = (len(words) + 1) // 2
        out: list[str] = []
        start = 0
        changed = False
        while start < count:
            # Only where a title could start are the longer candidates looked up.
            longest = self.site.longest_title if words[2 * start] in self.site.first_words else 0
            for end in range(min(count, start + longest), start, -1):
                candidate = "".join(words[2 * start : 2 * end - 1])
                title = " ".join(words[2 * start : 2 * end - 1 : 2])
                page = self.site.titles.get(title)
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
        intro=tuple(linker.link(text, topic.location) for text in topic.intro),
        rules=_link_rules(topic.rules, linker),
        notes=tuple(replace(n, text=linker.link(n.text, n.location)) for n in topic.notes),
        sections=sections,
        faq=tuple(
            replace(
                e,
                question=linker.link(e.question, e.location),
                answer=linker.link(e.answer, e.location),
            )
            for e in topic.faq
        ),
    )


def _item_locations(section: Section) -> tuple[Location, ...]:
    if len(section.item_locations) == len(section.items):
        return section.item_locations
    return (section.location,) * len(section.items)


def _site(topics: tuple[Topic, ...], anchors: tuple[Anchor, ...]) -> _Site:
    fourth = [t for t in topics if t.edition is Edition.FOURTH]
    pages = {t.slug: page_ref(t) for t in fourth}
    titles = {t.title: pages[t.slug] for t in fourth}
    longest = max((len(title.split()) for title in titles), default=1)
    first_words = frozenset(title.split(" ")[0] for title in titles)
    return _Site({a.id: a.url for a in anchors}, pages, titles, longest, first_words)


def _counterpart(topic: Topic, page: PageRef, site: _Site, found: _Found) -> Link | None:
    if topic.counterpart is None:
        return None
    target = site.pages.get(topic.counterpart)
    if target is None:
        return Link(title_from_slug(topic.counterpart), None)
    found.targets.add(target.url)
    return Link(target.title, relative_href(page.url, target.url))


def link_corpus(topics: tuple[Topic, ...]) -> LinkedCorpus:
    """Link every topic's texts and work out the site's anchors, backlinks and missing links.

    Args:
        topics: the merged topics, in the order their pages should appear.

    Returns:
        The linked topics with their related-topic, counterpart and "Referenced by" links.
    """
    anchors = tuple(anchor for topic in topics for anchor in topic_anchors(topic))
    site = _site(topics, anchors)
    found = _Found(set(), [])
    linked: list[LinkedTopic] = []
    backlinks: dict[str, list[PageRef]] = {}
    for topic in topics:
        page = page_ref(topic)
        found.targets = set()
        linker = _Linker(site, page, found)
        text_linked = _link_topic(topic, linker)
        related = tuple(
            Link(r.title, linker.related_href(r.title, r.slug, r.location)) for r in topic.related
        )
        counterpart = _counterpart(topic, page, site, found)
        linked.append(LinkedTopic(text_linked, page, related, counterpart, referenced_by=()))
        for target in sorted(found.targets - {page.url}):
            backlinks.setdefault(target, []).append(page)
    return LinkedCorpus(
        topics=tuple(
            replace(
                topic,
                referenced_by=tuple(
                    Link(source.title, relative_href(topic.page.url, source.url))
                    for source in backlinks.get(topic.page.url, [])
                ),
            )
            for topic in linked
        ),
        anchors=anchors,
        unresolved=tuple(found.unresolved),
        resolved_count=found.resolved,
    )
