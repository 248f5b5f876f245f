"""The kinds of source a content folder may hold: one registration each.

A new kind is a class of :class:`~rulesite.core.sources.kind.SourceKind`'s shape (with an
:class:`~rulesite.core.model.Origin` of its own for its topics) and one line here; the
corpus reads every folder named here, and what a content folder may hold, what is
reported as not read and what "nothing to build" expects are all derived from this list.
"""

from __future__ import annotations

from rulesite.core.model import Origin
from rulesite.core.sources.comparisons import Comparisons
from rulesite.core.sources.kind import SourceKind
from rulesite.core.sources.lrr import LrrTopics
from rulesite.core.sources.notes import NotesPages
from rulesite.core.sources.ti3 import Ti3Summaries
from rulesite.core.sources.wiki import WikiPages

KINDS: tuple[SourceKind, ...] = (
    LrrTopics(),
    WikiPages(),
    NotesPages("components", Origin.COMPONENT_NOTES),
    NotesPages("factions", Origin.FACTION_NOTES),
    Ti3Summaries(),
    Comparisons(),
)


def known_files() -> dict[str, tuple[str, ...]]:
    """Each source folder and the endings of the files read there."""
    known: dict[str, tuple[str, ...]] = {}
    for kind in KINDS:
        known[kind.folder] = (*known.get(kind.folder, ()), *kind.pages, *kind.facts)
    return known


def page_patterns() -> tuple[str, ...]:
    """The files that make pages (``rules/*.md``), as "nothing to build" names them."""
    return tuple(f"{kind.folder}/*{ending}" for kind in KINDS for ending in kind.pages)


def notes_folders() -> frozenset[str]:
    """The site folders of the notes pages (``components``, ``factions``): pages of cards'
    and factions' rulings, no rule topics."""
    return frozenset(
        kind.origin.folder
        for kind in KINDS
        if isinstance(kind, NotesPages) and kind.origin.folder is not None
    )
