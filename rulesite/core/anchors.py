"""The site's URL and anchor scheme: where each topic's page is and the id of every anchor on it.

Pure: topic in, page reference and anchors out. The prose linker
(:mod:`rulesite.core.links`), the renderer, the rules index and the search entries
all place things by it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cached_property
from urllib.parse import quote

from rulesite.core.model import Edition, Rule, Section, Topic, iter_rules
from rulesite.core.slugs import faq_anchor, note_anchor, page_slug, section_anchor, slugify

_STEP_PREFIX = re.compile(r"^Step \d+:\s*")
_AS_FOLLOWS = re.compile(r"\s+as follows:?$", re.IGNORECASE)
_RULE_ID = re.compile(r"\d+(?:\.\d+)+")  # a whole anchor id that is a rule number
_ALIAS_ID = re.compile(r"\d+\.\d+[a-z]")  # the printed LRR's letter form of one: "78.7b"


def letter_alias(number: str) -> str | None:
    """The printed LRR's form of a third-level rule number: 78.7.2 is "78.7b"."""
    parts = number.split(".")
    if len(parts) != 3 or not parts[2].isdigit() or not 1 <= int(parts[2]) <= 26:
        return None
    return f"{parts[0]}.{parts[1]}{chr(ord('a') + int(parts[2]) - 1)}"


def rule_alias(rule: Rule) -> str | None:
    """``rule``'s letter form, where the LRR prints one: none for its roman-numbered steps."""
    return letter_alias(rule.number) if rule.number and rule.lettered else None


@dataclass(frozen=True)
class PageRef:
    """Where a topic's page lives and what it is called."""

    slug: str
    # Relative to the site root, with a trailing slash, percent-encoded as every engine
    # serves it: "rules/tactical-action/"; a page made from ``q#frag.md`` is "rules/q%23frag/".
    url: str
    title: str  # "89 Tactical Action"
    edition: Edition
    name: str  # the topic's own title, as prose names it: "Tactical Action"
    path: str  # ``url`` as written on disk, not encoded: "rules/q#frag/"

    @property
    def source_path(self) -> str:
        """The Markdown file MkDocs builds this page from ("rules/tactical-action.md")."""
        return self.path.rstrip("/") + ".md"


@dataclass(frozen=True)
class Anchor:
    """One anchor id of the site, for the rules index, search and the number index."""

    id: str
    url: str  # "rules/tactical-action/#89.2.3"
    title: str  # "89.2.3 Tactical Action"
    text: str  # the item's own words, as inline Markdown before linking
    label: str  # how a citation shows it: "89.2.3", "89 note 1", "Movement: Move Ships ¶3"
    # What it anchors: "topic", "rule", "alias" (a rule's letter form), "note" (a rule
    # topic's or a notes page's), "item" (a paragraph of a section), "faq".
    kind: str = ""

    @property
    def is_note(self) -> bool:
        """Whether this is a note's anchor: a rule topic's ("89-note-1") or a card's ruling
        on a notes page."""
        return self.kind == "note"

    # Cached (on a frozen instance: in its __dict__, outside its fields): every listing, file
    # and search entry asks each anchor, on every generation, and an unchanged anchor is kept.
    @cached_property
    def is_rule(self) -> bool:
        """Whether this is a numbered rule's anchor ("89.2.3"), not a topic's, note's or item's."""
        return _RULE_ID.fullmatch(self.id) is not None

    @cached_property
    def is_alias(self) -> bool:
        """Whether this is a rule's letter-form alias ("78.7b"), anchored beside the rule."""
        return _ALIAS_ID.fullmatch(self.id) is not None


def is_notes_page(topic: Topic) -> bool:
    """Whether ``topic`` is a page of a folder of its own (a component or faction notes
    page), not a rule topic."""
    return topic.origin.folder is not None


def page_title(topic: Topic) -> str:
    """The page title: "89 Tactical Action", "Movement", "Tactical Action (3rd edition)",
    "Units (component notes)"."""
    if topic.edition is Edition.THIRD:
        return f"{topic.title} (3rd edition)"
    if topic.origin.title_note:
        return f"{topic.title} ({topic.origin.title_note})"
    return f"{topic.number} {topic.title}" if topic.number is not None else topic.title


# The page the site writes itself among the 3rd-edition pages, and the names MkDocs reads
# as a folder's own index: no topic may take their place.
COMPARISON_PAGE = "ti3/compare-tactical-action/"
_INDEX_NAMES = frozenset({"index", "readme"})


def page_name_problem(topic: Topic) -> str | None:
    """Why ``topic`` cannot have a page of its name (``None`` when it can)."""
    name = page_slug(topic.slug)
    if not any(character.isalnum() for character in name):
        return f"the page name of {topic.title!r} has no letter or digit"
    if name.lower() in _INDEX_NAMES:
        return f"page name {name!r} is reserved (a folder's index page)"
    if page_ref(topic).url == COMPARISON_PAGE:
        return f"page name {name!r} is reserved (the edition comparison page)"
    return None


def page_ref(topic: Topic) -> PageRef:
    """The page of ``topic``: ``rules/<slug>/`` (4th edition), ``ti3/<slug>/``, or a notes
    page's ``components/<name>/`` or ``factions/<name>/`` (its slug without the prefix)."""
    if topic.origin.folder is not None:
        folder, name = topic.origin.folder, topic.slug.removeprefix(topic.origin.slug_prefix)
    else:
        folder, name = ("ti3" if topic.edition is Edition.THIRD else "rules"), topic.slug
    path = f"{folder}/{page_slug(name)}/"
    return PageRef(topic.slug, page_url(path), page_title(topic), topic.edition, topic.title, path)


def page_url(path: str) -> str:
    """The URL of the page at ``path`` (relative to the site root), percent-encoded as MkDocs
    and Zensical encode a page's file name: a ``#``, ``?`` or ``%`` in a content file's name
    is part of the page's name, never a fragment, a query or an escape."""
    return quote(path)


def anchor_page_slug(topic: Topic) -> str:
    """The page slug item anchors start with; 3rd-edition pages add ``ti3`` so ids stay unique."""
    return f"ti3_{topic.slug}" if topic.edition is Edition.THIRD else topic.slug


def note_id(topic: Topic, n: int) -> str:
    """Anchor id of note ``n``: ``89-note-1``, or ``<page>-note-1`` for unnumbered topics."""
    if topic.number is not None:
        return note_anchor(topic.number, n)
    return f"{page_slug(anchor_page_slug(topic))}-note-{n}"


def item_id(topic: Topic, section: Section, n: int) -> str:
    """Anchor id of item ``n`` (1-based) of ``section``: ``<page>-<section>-<n>``."""
    return section_anchor(anchor_page_slug(topic), section.anchor or section.title, n)


def with_unique_anchors(topic: Topic) -> Topic:
    """``topic`` with each section named for its anchors (:attr:`Section.anchor`), unique on
    its page: its title's slug, or for a second section of that slug (a heading written
    twice, two names only punctuation tells apart) the slug and ``-2``, ``-3``, ….

    The first section of a name keeps the ids it always had: a link to it stays good.
    """
    if not topic.sections:
        return topic
    wanted = [slugify(section.title) for section in topic.sections]
    # Names whose item ids would be the page's notes' (unnumbered topics') or FAQ's.
    taken = {"note"} if topic.notes and topic.number is None else set()
    taken |= {"faq"} if topic.faq else set()
    named: list[Section] = []
    for section, slug in zip(topic.sections, wanted, strict=True):
        anchor, count = slug, 1
        while anchor in taken or (count > 1 and anchor in wanted):
            count += 1
            anchor = f"{slug}-{count}"
        taken.add(anchor)
        named.append(replace(section, anchor=anchor))
    return replace(topic, sections=tuple(named))


def faq_id(topic: Topic, n: int) -> str:
    """Anchor id of FAQ entry ``n`` (1-based)."""
    return faq_anchor(anchor_page_slug(topic), n)


def relative_href(from_url: str, to_url: str) -> str:
    """The href that leads from page ``from_url`` to ``to_url`` (both relative to the root)."""
    path, _, fragment = to_url.partition("#")
    suffix = f"#{fragment}" if fragment else ""
    if path == from_url:
        return suffix or "./"
    # Every page URL is a folder ("rules/movement/") or the root (""), so the href ends in "/".
    # Plain string work: posixpath.relpath asks the file system for the working directory
    # on every call, and a large corpus makes tens of thousands of these.
    here, there = from_url.split("/")[:-1], path.split("/")[:-1]
    shared = 0
    while shared < min(len(here), len(there)) and here[shared] == there[shared]:
        shared += 1
    steps = [".."] * (len(here) - shared) + there[shared:]
    return ("/".join(steps) or ".") + "/" + suffix


def topic_anchors(topic: Topic) -> Iterator[Anchor]:
    """Every anchor id ``topic``'s page has, in page order."""
    page = page_ref(topic)
    if topic.number is not None and topic.edition is Edition.FOURTH:
        number = str(topic.number)
        yield Anchor(number, page.url, page.title, topic.title, number, "topic")
    for rule in iter_rules(topic.rules):
        if rule.number is not None:
            title = f"{rule.number} {topic.title}"
            url = f"{page.url}#{rule.number}"
            yield Anchor(rule.number, url, title, rule.text, rule.number, "rule")
            alias = rule_alias(rule)
            if alias is not None:
                yield Anchor(alias, f"{page.url}#{alias}", title, rule.text, rule.number, "alias")
    owner = str(topic.number) if topic.number is not None else topic.title
    for note in topic.notes:
        anchor = note_id(topic, note.number)
        title = f"{page.title}, note {note.number}"
        label = f"{owner} note {note.number}"
        yield Anchor(anchor, f"{page.url}#{anchor}", title, note.text, label, "note")
    for section in topic.sections:
        # "Step 1: Move Ships" cites as "Move Ships": the step number is the wiki's, not a rule's.
        short = _STEP_PREFIX.sub("", section.title)
        # A 3rd-edition section is a numbered sequence ("Activation sequence as follows"):
        # "Tactical Action (3rd ed.): Activation sequence 15", never a pilcrow.
        third = topic.edition is Edition.THIRD
        cited = f"{topic.title} (3rd ed.): {_AS_FOLLOWS.sub('', short)} " if third else None
        for n, item in enumerate(section.items, start=1):
            anchor = item_id(topic, section, n)
            url = f"{page.url}#{anchor}"
            if section.numbered:  # a notes page's ruling on a card: "Stymie Ω …, note 2"
                title = f"{page.title}: {section.title}, note {n}"
                label = f"{topic.title}: {short}, note {n}"
                yield Anchor(anchor, url, title, item, label, "note")
                continue
            title = f"{page.title}: {section.title}"
            label = f"{cited}{n}" if cited else f"{topic.title}: {short} ¶{n}"
            yield Anchor(anchor, url, title, item, label, "item")
    for n, entry in enumerate(topic.faq, start=1):
        anchor = faq_id(topic, n)
        title = f"{page.title}: FAQ"
        label = f"{topic.title} FAQ {n}"
        yield Anchor(anchor, f"{page.url}#{anchor}", title, entry.question, label, "faq")
