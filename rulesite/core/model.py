"""The typed model every loader produces and every renderer reads.

Data flows one way: ``loaders`` turn a source file into a :class:`Topic`
(or several), ``merge`` combines the forms of one topic and numbers its rules,
``links`` resolves references, ``render`` writes pages. Every value is frozen so
a stage can never change what an earlier stage produced; stages return new
values (``dataclasses.replace``) instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar


@dataclass(frozen=True, order=True)
class Location:
    """Where a piece of the model came from: a source file and a 1-based line."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


class Edition(StrEnum):
    """Which edition of the game a topic belongs to."""

    FOURTH = "4e"
    THIRD = "3e"


@dataclass(frozen=True)
class Origin:
    """Which kind of source a topic (or part of one) came from, and what that makes its page.

    A source kind (:mod:`rulesite.core.sources`) names its topics' origin; the render reads
    the rest from it, so a new kind needs no change here. The shipped kinds' origins are
    the constants below (``Origin.WIKI``, ...).
    """

    name: str  # how the model's JSON names it ("wiki")
    # The navigation section of its pages without a topic number ("Community wiki"); None:
    # "Topics without a number".
    section: str | None = None
    # Where its pages are published, each under its slug without ``slug_prefix``
    # (``components/units/``); None: ``rules/`` (4th edition) or ``ti3/``. Such pages are no
    # rule topics: prose naming their title does not link to them.
    folder: str | None = None
    slug_prefix: str = ""  # what its slugs start with, so they never take a rule topic's
    title_note: str | None = None  # what its page titles add: "Units (component notes)"
    # A community page as a whole: its sections are not marked as community text, its FAQ is
    # not boxed, and its search entries are the engine's own (from its HTML).
    community: bool = False

    LRR_MARKDOWN: ClassVar[Origin]  # Living Rules Reference prose page
    LRR_YAML: ClassVar[Origin]  # Living Rules Reference rule card with official numbers
    WIKI: ClassVar[Origin]  # community wiki export
    TI3_SUMMARY: ClassVar[Origin]  # 3rd-edition text summary
    SITE: ClassVar[Origin]  # a small fact file of this project's own (e.g. a topic number)
    COMPONENT_NOTES: ClassVar[Origin]  # a component notes page (C_<slug>.md)
    FACTION_NOTES: ClassVar[Origin]  # a faction notes page (F_<slug>.md)


Origin.LRR_MARKDOWN = Origin("lrr-markdown")
Origin.LRR_YAML = Origin("lrr-yaml")
Origin.WIKI = Origin("wiki", section="Community wiki", community=True)
Origin.TI3_SUMMARY = Origin("ti3-summary")
Origin.SITE = Origin("site")
Origin.COMPONENT_NOTES = Origin(
    "component-notes",
    section="Component notes",
    folder="components",
    slug_prefix="c_",
    title_note="component notes",
)
Origin.FACTION_NOTES = Origin(
    "faction-notes",
    section="Faction notes",
    folder="factions",
    slug_prefix="f_",
    title_note="faction notes",
)


@dataclass(frozen=True)
class Rule:
    """One numbered rule and its subrules.

    ``number`` is the official number ("89.2.3") once known; loaders of forms
    without numbers leave it ``None`` and ``merge`` fills it in. ``text`` is
    inline Markdown exactly as the source words it (inline HTML kept).
    ``local`` is the number the prose's own list gives it, without the topic
    number ("3.2" for the second subrule of item 3); ``lead`` is unnumbered text the
    prose puts before it (a paragraph or sub-heading between two items of one list).
    """

    number: str | None
    text: str
    location: Location
    subrules: tuple[Rule, ...] = ()
    local: str | None = None
    lead: tuple[str, ...] = ()
    # Whether the LRR prints this rule's last part as a letter (78.7.2 is "78.7b"); not
    # where it numbers the steps of a rule i., ii., iii. (8.2's): they have no letter form.
    lettered: bool = True


def iter_rules(rules: Iterable[Rule]) -> Iterator[Rule]:
    """Every rule and subrule, depth first, in reading order."""
    for rule in rules:
        yield rule
        yield from iter_rules(rule.subrules)


@dataclass(frozen=True)
class Note:
    """A numbered note under a topic's rules (anchor ``<topic>-note-<n>``)."""

    number: int
    text: str
    location: Location
    subnotes: tuple[str, ...] = ()  # the items of a list inside the note, in order
    lead: tuple[str, ...] = ()  # unnumbered text the prose puts before it


@dataclass(frozen=True)
class RelatedTopic:
    """A related-topic link; ``slug`` is the target's slug (``action_phase``)."""

    title: str
    slug: str
    location: Location


@dataclass(frozen=True)
class FaqEntry:
    """A question and its answer, as a community wiki page gives them."""

    question: str
    answer: str
    location: Location  # the question's line
    answer_location: Location | None = None  # the answer's line, when it has one of its own

    @property
    def answer_place(self) -> Location:
        """Where the answer was written: its own line, or the question's."""
        return self.answer_location or self.location


@dataclass(frozen=True)
class Section:
    """A titled block of prose that is not a numbered rule.

    ``items`` are the block's paragraphs or bullets, each inline Markdown,
    each with its own location; renderers anchor item ``n`` (1-based) as
    ``<topic slug>-<section slug>-<n>`` so the engine can cite it.
    """

    title: str
    items: tuple[str, ...]
    location: Location
    item_locations: tuple[Location, ...] = ()
    bulleted: tuple[bool, ...] = ()
    community: bool = False
    numbered: bool = False  # a notes page's notes: shown as a numbered list
    # What its items' anchors are named by, unique on its page ("" until
    # :func:`rulesite.core.anchors.with_unique_anchors` names it: its title's slug).
    anchor: str = ""


@dataclass(frozen=True)
class Topic:
    """Everything one page of the reference shows.

    ``slug`` is the topic's identity across sources: the file stem for
    Living Rules Reference forms (``tactical_action``), the slugified title
    for wiki pages and 3rd-edition blocks. Related-topic links name it.
    """

    slug: str
    title: str
    origin: Origin
    location: Location
    edition: Edition = Edition.FOURTH
    number: int | None = None
    intro: tuple[str, ...] = ()
    # Where each intro paragraph starts; loaders that do not say leave it empty.
    intro_locations: tuple[Location, ...] = ()
    rules: tuple[Rule, ...] = ()
    notes: tuple[Note, ...] = ()
    related: tuple[RelatedTopic, ...] = ()
    faq: tuple[FaqEntry, ...] = ()
    sections: tuple[Section, ...] = ()
    category: str | None = None
    previous: str | None = None
    next: str | None = None
    # Which 4th-edition topic a 3rd-edition page corresponds to (its slug).
    counterpart: str | None = None
    sources: tuple[Location, ...] = field(default=())

    @property
    def definition(self) -> tuple[str, ...]:
        """What the Living Rules Reference says a topic is before its numbered rules ("During
        combat, the active player is the attacker."): the intro of an LRR topic's page."""
        return self.intro if self.origin in (Origin.LRR_MARKDOWN, Origin.LRR_YAML) else ()

    @property
    def intro_places(self) -> tuple[Location, ...]:
        """Where each intro paragraph was written (the topic's own place where unknown)."""
        if len(self.intro_locations) == len(self.intro):
            return self.intro_locations
        return (self.location,) * len(self.intro)


@dataclass(frozen=True)
class Diagnostic:
    """A problem found in the sources: an error stops the build, a warning is reported."""

    location: Location
    message: str
    other: Location | None = None  # the second place, for mismatches between two forms

    def __str__(self) -> str:
        where = f"{self.location}: {self.message}"
        return f"{where} (see {self.other})" if self.other else where


@dataclass(frozen=True)
class ComparisonRow:
    """One step of a 3rd-edition procedure beside the 4th-edition rules that correspond.

    ``step`` is the step's name as the comparison fact file gives it (the start
    of its line in the 3rd-edition text); ``rules`` is empty where 4th edition
    has no such step.
    """

    step: str
    ti3_text: str
    ti3_location: Location
    rules: tuple[Rule, ...]
    location: Location


@dataclass(frozen=True)
class Provenance:
    """Which version of the rule sources a build holds and their date (YYYY-MM-DD, UTC), and
    where both were read ("git", "topics.yaml"); ``None`` where not known. Never a file's
    modification time: a fresh clone's files are all dated the day it was made."""

    version: str | None = None
    date: str | None = None
    origin: str | None = None
