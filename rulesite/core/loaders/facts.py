"""The project's own fact files: what a source does not say about itself.

One format for all of them: ``<source stem>.meta.yaml`` beside the source it
completes, a YAML mapping of the keys below (all optional; an unknown key is an
error, so a typo cannot pass silently)::

    # content/rules/action_phase.meta.yaml
    number: 3                 # the topic's number in the Living Rules Reference
    title: Action Phase       # the page title when the source gives none

    # content/ti3/action_phase.meta.yaml
    title: Action Phase       # the introduction block's page
    pages:                    # where a block holds a second page: its first line's prefix
      - at: The tactical action is the primary action
        title: Tactical Action
    sections:                 # where a section starts inside a page, by line prefix;
      - at: Activation sequence as follows   # without a title the line itself is the heading
      - at: Action cards
        title: Battle sequence               # with one, the line is the section's first item
    counterparts:             # 3rd-edition page slug → 4th-edition topic slug (or null)
      tactical_action: tactical_action
      transfer_action: null

A fact file with no source of its stem is an error: it would do nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulesite.core.errors import SourceError
from rulesite.core.loaders.source_text import read_source
from rulesite.core.loaders.strict_yaml import YamlMapping, parse_yaml
from rulesite.core.model import Diagnostic, Location
from rulesite.core.slugs import one_line

SUFFIX = ".meta.yaml"
KEYS = ("number", "title", "pages", "sections", "counterparts")


@dataclass(frozen=True)
class Marker:
    """A line found by its text prefix, with an optional title (a split or a section start)."""

    prefix: str
    title: str | None
    location: Location


@dataclass(frozen=True)
class Counterpart:
    """A 3rd-edition page and the 4th-edition topic it corresponds to (``None``: none)."""

    page: str
    slug: str | None
    location: Location


@dataclass(frozen=True)
class Facts:
    """What one fact file states; empty facts for a source without a fact file."""

    location: Location | None = None
    number: int | None = None
    title: str | None = None
    pages: tuple[Marker, ...] = ()
    sections: tuple[Marker, ...] = ()
    counterparts: tuple[Counterpart, ...] = ()


def stem_of(path: Path) -> str:
    """The source stem a fact file completes (``action_phase.meta.yaml`` → ``action_phase``)."""
    return path.name.removesuffix(SUFFIX)


def load_facts(path: Path, name: str) -> Facts:
    """Read a fact file; ``name`` is the path diagnostics show."""
    return parse_facts(read_source(path, name), name)


def parse_facts(text: str, name: str) -> Facts:
    """Parse a fact file.

    Raises:
        SourceError: every problem found (unknown keys, values of the wrong kind).
    """
    data = parse_yaml(text, name)
    if not isinstance(data, YamlMapping):
        raise SourceError.at(name, 1, "a fact file must be a mapping of facts")
    problems: list[Diagnostic] = []
    for key in data:
        if key not in KEYS:
            problems.append(
                Diagnostic(
                    Location(name, data.line_of(key)),
                    f"unknown fact '{key}' (expected one of: {', '.join(KEYS)})",
                )
            )
    number = data.get("number")
    if number is not None and (
        not isinstance(number, int) or isinstance(number, bool) or number < 1
    ):
        problems.append(
            Diagnostic(
                Location(name, data.line_of("number")), "number must be a positive whole number"
            )
        )
        number = None
    title = data.get("title")
    if title is not None and not isinstance(title, str):
        problems.append(Diagnostic(Location(name, data.line_of("title")), "title must be text"))
        title = None
    title = one_line(title) if title is not None else None
    facts = Facts(
        location=Location(name, 1),
        number=number,
        title=title,
        pages=_markers(data, "pages", name, problems),
        sections=_markers(data, "sections", name, problems),
        counterparts=_counterparts(data, name, problems),
    )
    if problems:
        raise SourceError(problems)
    return facts


def _markers(
    data: YamlMapping, key: str, name: str, problems: list[Diagnostic]
) -> tuple[Marker, ...]:
    entries: Any = data.get(key)
    if entries is None:
        return ()
    if not isinstance(entries, list):
        problems.append(Diagnostic(Location(name, data.line_of(key)), f"{key} must be a list"))
        return ()
    markers: list[Marker] = []
    for entry in entries:
        if not isinstance(entry, YamlMapping) or not isinstance(entry.get("at"), str):
            line = entry.line if isinstance(entry, YamlMapping) else data.line_of(key)
            problems.append(
                Diagnostic(Location(name, line), f"each of {key} needs 'at: <line prefix>'")
            )
            continue
        title = entry.get("title")
        if title is not None and not isinstance(title, str):
            problems.append(
                Diagnostic(Location(name, entry.line_of("title")), "title must be text")
            )
            continue
        markers.append(
            Marker(entry["at"], one_line(title) if title else title, Location(name, entry.line))
        )
    return tuple(markers)


def _counterparts(
    data: YamlMapping, name: str, problems: list[Diagnostic]
) -> tuple[Counterpart, ...]:
    entries: Any = data.get("counterparts")
    if entries is None:
        return ()
    if not isinstance(entries, YamlMapping):
        problems.append(
            Diagnostic(
                Location(name, data.line_of("counterparts")), "counterparts must be a mapping"
            )
        )
        return ()
    counterparts: list[Counterpart] = []
    for page, slug in entries.items():
        where = Location(name, entries.line_of(page))
        if slug is not None and not isinstance(slug, str):
            problems.append(Diagnostic(where, f"{page}: counterpart must be a topic slug or null"))
            continue
        counterparts.append(Counterpart(page, slug, where))
    return tuple(counterparts)
