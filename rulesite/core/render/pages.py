"""Topic → page text: the Markdown (with HTML for anchored items) each page is built from.

Pure: takes linked topics (:mod:`rulesite.core.links`) and returns page texts keyed
by their path in the docs folder, plus the navigation. MkDocs never appears here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from itertools import groupby
from typing import Any

from markupsafe import Markup, escape

from rulesite.core.anchors import (
    COMPARISON_PAGE,
    Anchor,
    faq_id,
    is_notes_page,
    item_id,
    note_id,
    relative_href,
)
from rulesite.core.links import Link, LinkedCorpus, LinkedTopic
from rulesite.core.model import Edition, Section, Topic
from rulesite.core.render.coverage import held, render_coverage
from rulesite.core.render.groups import group_pages
from rulesite.core.render.odds_page import ODDS
from rulesite.core.render.templating import template
from rulesite.core.step_reuse import Reused

HOME = "index.md"
BY_NUMBER = "rules-by-number.md"
COVERAGE = "coverage.md"
# Where the service worker sends a navigation it cannot answer offline; in no navigation.
OFFLINE = "offline.md"
COMPARISON = COMPARISON_PAGE.rstrip("/") + ".md"


# Each topic's page text by its linked form (the same object while unchanged, ``link_reuse``).
_RENDERED: Reused[str] = Reused()


@dataclass(frozen=True)
class Item:
    """One anchored paragraph or bullet of a section."""

    id: str
    text: str
    bullet: bool


@dataclass(frozen=True)
class Block:
    """Consecutive items of one kind: a bulleted list or a run of paragraphs."""

    bulleted: bool
    items: tuple[Item, ...]


@dataclass(frozen=True)
class SectionView:
    """A section as its page shows it."""

    section: Section
    boxed: bool  # community text inside an official page gets a community admonition
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Pages:
    """Every generated page text (by docs-folder path) and the navigation over them."""

    files: Mapping[str, str]
    nav: list[dict[str, Any]]
    # Topics whose search entries the build writes itself (Material's search skips them).
    directly_indexed: tuple[LinkedTopic, ...] = ()


def _blocks(topic: Topic, section: Section) -> tuple[Block, ...]:
    bullets = section.bulleted if len(section.bulleted) == len(section.items) else ()
    items = (
        Item(item_id(topic, section, n), text, bool(bullets) and bullets[n - 1])
        for n, text in enumerate(section.items, start=1)
    )
    # One pass: a 3rd-edition section can hold thousands of items.
    return tuple(
        Block(bulleted, tuple(run)) for bulleted, run in groupby(items, key=lambda i: i.bullet)
    )


def indexed_directly(linked: LinkedTopic, walkthrough: str = "") -> bool:
    """Whether the build writes this page's search entries itself.

    A numbered rules page is only its intro, rules and notes, all in the model:
    its entries are written from there (``rulesite.core.search_index``) instead of
    Material parsing the page's HTML back, which on a large corpus is a large
    part of MkDocs's time. Pages with anything else keep Material's indexing.
    """
    topic = linked.topic
    return (
        topic.edition is Edition.FOURTH
        and topic.number is not None
        and not topic.origin.community
        and not (topic.sections or topic.faq or walkthrough)
    )


def render_topic(
    linked: LinkedTopic, walkthrough: str = "", subpages: tuple[Link, ...] = ()
) -> str:
    """The page text of one topic.

    Args:
        linked: the topic with its texts linked.
        walkthrough: HTML placed after the page's text, before its related topics ("" for none).
        subpages: the pages split from this one's source, listed after its rules.
    """
    topic = linked.topic
    wiki_page = topic.origin.community
    sections = tuple(
        SectionView(section, section.community and not wiki_page, _blocks(topic, section))
        for section in topic.sections
        if section.items
    )
    return template("topic.md.j2").render(
        topic=topic,
        page=linked.page,
        wiki_page=wiki_page,
        counterpart=linked.counterpart,
        sections=sections,
        faq_boxed=not wiki_page,
        related=linked.related,
        referenced_by=linked.referenced_by,
        walkthrough=Markup(walkthrough),  # the generator's own placeholders, escaped there
        subpages=subpages,
        # A notes page without opening words of its own says what it holds: a reader (and a
        # search result's preview) sees more than a title.
        summary=[view.section.title for view in sections]
        if is_notes_page(topic) and not topic.intro
        else [],
        search_exclude=indexed_directly(linked, walkthrough),
        note_id=partial(note_id, topic),
        faq_id=partial(faq_id, topic),
    )


def _numbered_anchors(corpus: LinkedCorpus) -> dict[str, list[Anchor]]:
    """Rule anchors ("89.2.3") grouped by the page URL they sit on."""
    by_page: dict[str, list[Anchor]] = {}
    for anchor in corpus.anchors:
        if anchor.is_rule:
            by_page.setdefault(anchor.url.partition("#")[0], []).append(anchor)
    return by_page


def render_site(
    corpus: LinkedCorpus,
    walkthrough_html: Callable[[str], str],
    comparison: str | None = None,
    about: bool = True,
) -> Pages:
    """Every generated page and the navigation.

    Args:
        corpus: the linked topics.
        walkthrough_html: the walkthrough HTML for a page, by dashed page slug.
        comparison: the text of the edition comparison page, if there is one.
        about: the site has a hand-written ``about.md`` the home page links to.
    """
    groups = group_pages(corpus)
    subpages = _subpages(corpus)
    walkthroughs = {
        linked.page.url: _walkthrough(linked, walkthrough_html) for linked in corpus.topics
    }
    files: dict[str, str] = {
        linked.page.source_path: _RENDERED.get(
            (linked,),
            (walkthroughs[linked.page.url], subpages.get(linked.page.url, ())),
            partial(
                render_topic,
                linked,
                walkthroughs[linked.page.url],
                subpages.get(linked.page.url, ()),
            ),
        )
        for linked in corpus.topics
    }
    direct = tuple(t for t in corpus.topics if indexed_directly(t, walkthroughs[t.page.url]))
    others = [linked for pages in groups.sections.values() for linked in pages]
    amount = held(corpus, groups.fourth, others)
    files[HOME] = template("home.md.j2").render(
        groups=groups,
        href=lambda url: relative_href("", url),
        about=about,
        played=[t for t in corpus.topics if walkthroughs[t.page.url]],
        held=amount,
        comparison=relative_href("", COMPARISON.removesuffix(".md") + "/") if comparison else None,
        coverage=COVERAGE.removesuffix(".md") + "/" if corpus.index.topics else None,
        odds=ODDS.removesuffix(".md") + "/",
    )
    by_number = "rules-by-number/"
    files[BY_NUMBER] = template("rules_by_number.md.j2").render(
        topics=groups.fourth,
        anchors=_numbered_anchors(corpus),
        href=lambda url: relative_href(by_number, url),
    )
    third = [(linked.page.title, linked.page.source_path) for linked in groups.third]
    if comparison is not None:
        files[COMPARISON] = comparison
        third.append(("Compare Tactical Action", COMPARISON))
    nav: list[dict[str, Any]] = [{"Home": HOME}]
    if groups.fourth:
        numbered = [(t.topic.number or 0, t.page.source_path) for t in groups.fourth]
        nav.append({"4th edition": numbered_nav(numbered)})
    for label, pages in groups.sections.items():
        named = [(linked.page.title, linked.page.source_path) for linked in pages]
        nav.append({label: grouped_nav(named)})
    if third:
        nav.append({"3rd edition": grouped_nav(third)})
    nav.append({"Rules by number": BY_NUMBER})
    files[ODDS] = template("odds.md.j2").render()
    files[OFFLINE] = template("offline.md.j2").render(
        coverage=COVERAGE.removesuffix(".md") + "/" if corpus.index.topics else None
    )
    nav.append({"Odds calculator": ODDS})
    if corpus.index.topics:
        files[COVERAGE] = render_coverage(corpus, groups.fourth, groups.unnumbered, amount)
        nav.append({"Coverage": COVERAGE})
    return Pages(files, nav, direct)


# Material renders the whole navigation into every page; past this many topics they are
# grouped by number range, or first and last title (and ranges into wider ranges, so no
# level holds more than this), and `navigation.prune` leaves out the groups a page is not
# in, so a page's navigation (and the build time) stays small however big the corpus grows:
# 2,000 3rd-edition pages in one flat list took minutes.
NAV_GROUP = 50


def numbered_nav(pages: list[tuple[int, str]]) -> list[Any]:
    """The navigation of numbered pages ((topic number, docs path) in order), grouped by range."""
    return grouped_nav([(str(number), path) for number, path in pages])


def grouped_nav(pages: list[tuple[str, str]]) -> list[Any]:
    """The navigation of pages ((label, docs path) in order), grouped into ranges named by
    their first and last labels (HTML-escaped: MkDocs prints a section's name as it is)."""
    level: list[tuple[str, str, Any]] = [(str(escape(t)), str(escape(t)), p) for t, p in pages]
    while len(level) > NAV_GROUP:
        chunks = [level[i : i + NAV_GROUP] for i in range(0, len(level), NAV_GROUP)]
        # A last range of one page is that page, not a group named "101–101".
        level = [
            (c[0][0], c[-1][1], {f"{c[0][0]}–{c[-1][1]}": [entry for *_, entry in c]})
            if len(c) > 1
            else c[0]
            for c in chunks
        ]
    return [entry for *_, entry in level]


def _subpages(corpus: LinkedCorpus) -> dict[str, tuple[Link, ...]]:
    """The pages split from one source (a 3rd-edition summary), listed on its first page.

    The first page of such a source often ends where its parts begin ("perform one of
    the following actions"); the list is what it leads to.
    """
    by_source: dict[str, list[LinkedTopic]] = {}
    for linked in corpus.topics:
        by_source.setdefault(linked.topic.location.path, []).append(linked)
    return {
        first.page.url: tuple(
            Link(part.page.title, relative_href(first.page.url, part.page.url)) for part in parts
        )
        for first, *parts in by_source.values()
        if parts
    }


def _walkthrough(linked: LinkedTopic, walkthrough_html: Callable[[str], str]) -> str:
    """A page's walkthroughs, named by the dashed slug of its URL (3rd edition: ``ti3-`` first).

    The prefix keeps a 3rd-edition page's walkthroughs off its 4th-edition namesake
    (both editions have a "tactical-action" page).
    """
    prefix = "ti3-" if linked.page.edition is Edition.THIRD else ""
    return walkthrough_html(prefix + linked.page.path.split("/")[1])
