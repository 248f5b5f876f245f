"""The 3rd-edition summary (``content/ti3/*.txt``), one page per ``:: HEADING ::`` block.

Each line starting with ``:: HEADING ::`` opens a block; text after the closing
``::`` is the block's first paragraph. ("Friendly Landing :: land units…" does
not start with ``::`` and is ordinary text.) Each block becomes its own
3rd-edition topic, since each is one action or one procedure a reader looks up
on its own, and each has a 4th-edition counterpart to link to. The first block
is the summary's introduction: it becomes the overview page named after the
file (``action_phase`` → "Action Phase", or the fact file's ``title``).

The fact file ``<stem>.meta.yaml`` (see :mod:`rulesite.core.loaders.facts`) says
what the text does not: where a block holds a second page (the tactical action
sits unmarked inside the strategic action block), where sections start, and
each page's 4th-edition counterpart. Lines before the first section are the
page's intro; every other line is one item of its section.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from rulesite.core.errors import SourceError
from rulesite.core.loaders.facts import Facts, Marker
from rulesite.core.loaders.source_text import read_source, source_lines
from rulesite.core.model import Diagnostic, Edition, Location, Origin, Section, Topic
from rulesite.core.slugs import title_from_slug, topic_slug

_BLOCK = re.compile(r"^::\s*(?P<title>.*?)\s*::\s*(?P<rest>.*)$")


@dataclass
class _Page:
    title: str
    line: int
    lines: list[tuple[int, str]] = field(default_factory=list)


def load_ti3_summary(path: Path, name: str, facts: Facts) -> tuple[Topic, ...]:
    """Read a 3rd-edition summary; ``name`` is the path diagnostics show."""
    return parse_ti3_summary(read_source(path, name), name, facts)


def parse_ti3_summary(text: str, name: str, facts: Facts) -> tuple[Topic, ...]:
    """Parse a 3rd-edition summary into its pages, in source order.

    Raises:
        SourceError: every problem found (text before the first block, a fact
            naming a line prefix that is not there, a counterpart for no page).
    """
    problems: list[Diagnostic] = []
    pages = _blocks(source_lines(text), name, problems)
    if pages:
        pages[0].title = facts.title or title_from_slug(Path(name).stem)
    pages = _split(pages, facts.pages, name, problems)
    used_sections: set[Marker] = set()
    topics = [
        _topic(page, index == 0, name, facts, used_sections) for index, page in enumerate(pages)
    ]
    problems.extend(
        _missing(marker, name) for marker in facts.sections if marker not in used_sections
    )
    slugs = {topic.slug for topic in topics}
    counterparts = {entry.page: entry.slug for entry in facts.counterparts}
    for entry in facts.counterparts:
        if entry.page not in slugs:
            problems.append(
                Diagnostic(
                    entry.location, f"counterpart for '{entry.page}', which is no page of {name}"
                )
            )
    if problems:
        raise SourceError(sorted(problems, key=lambda d: d.location))
    return tuple(replace(topic, counterpart=counterparts.get(topic.slug)) for topic in topics)


def _blocks(lines: list[str], name: str, problems: list[Diagnostic]) -> list[_Page]:
    pages: list[_Page] = []
    for index, line in enumerate(lines):
        number = index + 1
        if block := _BLOCK.match(line):
            pages.append(_Page(block["title"].title(), number))
            if block["rest"]:
                pages[-1].lines.append((number, block["rest"]))
            # The heading of the introduction is itself its text.
            if len(pages) == 1:
                pages[0].lines.insert(0, (number, block["title"]))
        elif pages:
            if line.strip():
                pages[-1].lines.append((number, line.strip()))
        elif line.strip():
            problems.append(
                Diagnostic(Location(name, number), "text before the first ':: HEADING ::' block")
            )
    return pages


def _split(
    pages: list[_Page], markers: tuple[Marker, ...], name: str, problems: list[Diagnostic]
) -> list[_Page]:
    for marker in markers:
        for position, page in enumerate(pages):
            at = next(
                (i for i, (_, line) in enumerate(page.lines) if line.startswith(marker.prefix)),
                None,
            )
            if at is not None:
                title = marker.title or page.lines[at][1]
                second = _Page(title, page.lines[at][0], page.lines[at:])
                del page.lines[at:]
                pages.insert(position + 1, second)
                break
        else:
            problems.append(_missing(marker, name))
    return pages


def _missing(marker: Marker, name: str) -> Diagnostic:
    return Diagnostic(marker.location, f"no line of {name} starts with '{marker.prefix}'")


def _topic(page: _Page, overview: bool, name: str, facts: Facts, used: set[Marker]) -> Topic:
    intro: list[tuple[int, str]] = []
    sections: list[tuple[str, int, list[tuple[int, str]]]] = []
    for number, line in page.lines:
        marker = next((m for m in facts.sections if line.startswith(m.prefix)), None)
        if marker is not None:
            used.add(marker)
            if marker.title is None:
                sections.append((line, number, []))
                continue
            sections.append((marker.title, number, []))
        if sections:
            sections[-1][2].append((number, line))
        else:
            intro.append((number, line))
    slug = topic_slug(Path(name).stem if overview else page.title)
    return Topic(
        slug=slug,
        title=page.title,
        origin=Origin.TI3_SUMMARY,
        location=Location(name, page.line),
        edition=Edition.THIRD,
        intro=tuple(line for _, line in intro),
        intro_locations=tuple(Location(name, number) for number, _ in intro),
        sections=tuple(
            Section(
                title=title,
                items=tuple(line for _, line in items),
                location=Location(name, line),
                item_locations=tuple(Location(name, number) for number, _ in items),
                bulleted=tuple(False for _ in items),
            )
            for title, line, items in sections
        ),
        sources=(Location(name, page.line), *((facts.location,) if facts.location else ())),
    )
