"""Community wiki exports (``content/wiki/*.txt``).

The export's shape: a ``Category: X`` line, a ``Previous: X | Next: Y`` line,
intro paragraph(s), then headings marked by a trailing ``[]``
("Step 1: Move Ships[]"), each followed by ``- `` bullets and one-line
paragraphs. ``Q:``/``A:`` pairs become FAQ entries wherever they stand; a
section left with no items (``Gallery[]``, and ``FAQ[]`` whose lines are all
Q/A) is dropped. The export ends in a broken navigation table (lines of ``|``,
a ``---|`` rule) that is dropped from the line before that rule to the end.

The page title comes from the file name (``movement.txt`` → "Movement") and
every section is community content.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from rulesite.core.errors import SourceError
from rulesite.core.loaders.source_text import read_source, source_lines
from rulesite.core.model import Diagnostic, FaqEntry, Location, Origin, Section, Topic
from rulesite.core.slugs import title_from_slug, topic_slug

_HEADING = re.compile(r"^(?P<title>.*\S)\s*\[\]\s*$")
_NAVIGATION = re.compile(r"^Previous:\s*(?P<previous>.*?)\s*\|\s*Next:\s*(?P<next>.*?)\s*$")
_TABLE_RULE = re.compile(r"^-{3,}\|")
_UNANSWERED = "Q: without an A: after it"


@dataclass
class _OpenSection:
    title: str
    line: int
    items: list[tuple[str, int, bool]] = field(default_factory=list)


def load_wiki(path: Path, name: str) -> Topic:
    """Read a wiki export; ``name`` is the path diagnostics show."""
    return parse_wiki(read_source(path, name), name)


def parse_wiki(text: str, name: str) -> Topic:
    """Parse a wiki export.

    Raises:
        SourceError: every problem found (a ``Q:`` without its ``A:``, an ``A:`` alone).
    """
    lines = _without_navigation_table(source_lines(text))
    problems: list[Diagnostic] = []
    category = previous = following = None
    intro: list[tuple[str, int]] = []
    sections: list[_OpenSection] = []
    faq: list[FaqEntry] = []
    question: tuple[str, int] | None = None
    for index, raw in enumerate(lines):
        number, line = index + 1, raw.strip()
        if not line:
            continue
        if question is not None and not line.startswith("A:"):
            problems.append(Diagnostic(Location(name, question[1]), _UNANSWERED))
            question = None
        if line.startswith("Q:"):
            question = (line[2:].strip(), number)
        elif line.startswith("A:"):
            if question is None:
                problems.append(Diagnostic(Location(name, number), "A: without a Q: before it"))
            else:
                faq.append(
                    FaqEntry(
                        question[0],
                        line[2:].strip(),
                        Location(name, question[1]),
                        Location(name, number),
                    )
                )
                question = None
        elif line.startswith("Category:") and not sections and category is None:
            category = line.removeprefix("Category:").strip()
        elif (nav := _NAVIGATION.match(line)) and not sections and previous is None:
            previous, following = nav["previous"] or None, nav["next"] or None
        elif heading := _HEADING.match(line):
            sections.append(_OpenSection(heading["title"], number))
        elif sections:
            bulleted = line.startswith("- ")
            sections[-1].items.append((line[2:].strip() if bulleted else line, number, bulleted))
        else:
            intro.append((line, number))
    if question is not None:
        problems.append(Diagnostic(Location(name, question[1]), _UNANSWERED))
    if problems:
        raise SourceError(problems)
    title = title_from_slug(Path(name).stem)
    return Topic(
        slug=topic_slug(title),
        title=title,
        origin=Origin.WIKI,
        location=Location(name, 1),
        intro=tuple(text for text, _ in intro),
        intro_locations=tuple(Location(name, number) for _, number in intro),
        faq=tuple(faq),
        sections=tuple(_close(section, name) for section in sections if section.items),
        category=category,
        previous=previous,
        next=following,
        sources=(Location(name, 1),),
    )


def _without_navigation_table(lines: list[str]) -> list[str]:
    """The lines before the trailing navigation table (its header is the line above ``---|``)."""
    for index, line in enumerate(lines):
        if _TABLE_RULE.match(line.strip()) and index > 0 and "|" in lines[index - 1]:
            return lines[: index - 1]
    return lines


def _close(section: _OpenSection, name: str) -> Section:
    return Section(
        title=section.title,
        items=tuple(text for text, _, _ in section.items),
        location=Location(name, section.line),
        item_locations=tuple(Location(name, line) for _, line, _ in section.items),
        bulleted=tuple(bulleted for _, _, bulleted in section.items),
        community=True,
    )
