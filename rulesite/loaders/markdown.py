"""Living Rules Reference prose pages (``content/rules/*.md``).

The form: YAML front matter with ``title``, then ``## Rules Reference`` (intro
paragraphs, then a numbered list whose sublists are indented by four spaces),
``## Notes`` (a numbered list) and ``## Related Topics`` (bullets linking
``/rules/r_<slug>``). Lines holding only spaces separate items and mean nothing.
The prose form carries no numbers: rules come back unnumbered, notes numbered
by position, and ``merge`` supplies the official numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from rulesite.errors import SourceError
from rulesite.loaders.source_text import read_source
from rulesite.loaders.strict_yaml import YamlMapping, parse_yaml
from rulesite.model import Diagnostic, Location, Note, Origin, RelatedTopic, Rule, Topic
from rulesite.slugs import one_line

SECTIONS = ("Rules Reference", "Notes", "Related Topics")
_ITEM = re.compile(r"^(?P<indent> *)\d+\.\s+(?P<text>.*)$")
_LINK = re.compile(r"^\s*[-*]\s+\[(?P<title>[^\]]+)\]\(/rules/r_(?P<slug>[a-z0-9_]+)\)\s*$")
_INDENT_STEP = 4


@dataclass
class _ListItem:
    """A list item while its list is being read (becomes a Rule or a Note)."""

    text: str
    line: int
    children: list[_ListItem] = field(default_factory=list)


def load_markdown(path: Path, name: str) -> Topic:
    """Read a prose topic page; ``name`` is the path diagnostics show."""
    return parse_markdown(read_source(path, name), name)


def parse_markdown(text: str, name: str) -> Topic:
    """Parse a prose topic page.

    Raises:
        SourceError: every problem found (missing title, unknown section, stray text).
    """
    lines = text.splitlines()
    problems: list[Diagnostic] = []
    title, body_start = _front_matter(lines, name, problems)
    blocks = _sections(lines, body_start, name, problems)
    intro, intro_lines, rules = _rules_section(blocks.get("Rules Reference", []), name, problems)
    notes = _numbered_list(blocks.get("Notes", []), name, problems, "Notes")
    related = _related(blocks.get("Related Topics", []), name, problems)
    if problems:
        raise SourceError(problems)
    return Topic(
        slug=Path(name).stem,
        title=title,
        origin=Origin.LRR_MARKDOWN,
        location=Location(name, 1),
        intro=tuple(intro),
        intro_locations=tuple(Location(name, line) for line in intro_lines),
        rules=tuple(_to_rule(item, name) for item in rules),
        notes=tuple(
            Note(n, item.text, Location(name, item.line)) for n, item in enumerate(notes, 1)
        ),
        related=tuple(related),
        sources=(Location(name, 1),),
    )


def _front_matter(lines: list[str], name: str, problems: list[Diagnostic]) -> tuple[str, int]:
    """The title and the index of the first body line."""
    if not lines or lines[0].strip() != "---":
        problems.append(Diagnostic(Location(name, 1), "missing front matter with a title"))
        return "", 0
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        problems.append(Diagnostic(Location(name, 1), "front matter is not closed by '---'"))
        return "", len(lines)
    try:
        data = parse_yaml("\n".join(lines[1:end]), name, first_line=2)
    except SourceError as exc:
        problems.extend(exc.diagnostics)
        return "", end + 1
    title = data.get("title") if isinstance(data, YamlMapping) else None
    if not isinstance(title, str) or not title.strip():
        problems.append(Diagnostic(Location(name, 1), "front matter has no title"))
        return "", end + 1
    return one_line(title), end + 1


def _sections(
    lines: list[str], start: int, name: str, problems: list[Diagnostic]
) -> dict[str, list[tuple[int, str]]]:
    """Body lines (1-based number, text) grouped under their ``##`` section."""
    blocks: dict[str, list[tuple[int, str]]] = {}
    current: list[tuple[int, str]] | None = None
    for index in range(start, len(lines)):
        number, line = index + 1, lines[index]
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
            if not line.startswith("## ") or heading not in SECTIONS:
                expected = ", ".join(SECTIONS)
                problems.append(
                    Diagnostic(
                        Location(name, number),
                        f"unknown section '{heading}' (expected one of: {expected})",
                    )
                )
                current = []  # its lines are not read: the heading's error covers them
            elif heading in blocks:
                problems.append(Diagnostic(Location(name, number), f"section '{heading}' twice"))
                current = []
            else:
                current = blocks[heading] = []
        elif current is not None:
            current.append((number, line))
        elif line.strip():
            problems.append(Diagnostic(Location(name, number), "text outside any '## ' section"))
    return blocks


def _rules_section(
    block: list[tuple[int, str]], name: str, problems: list[Diagnostic]
) -> tuple[list[str], list[int], list[_ListItem]]:
    """The intro paragraphs before the list, the line each starts on, and the list."""
    intro: list[str] = []
    starts: list[int] = []
    paragraph: list[str] = []
    rest = block
    for position, (number, line) in enumerate(block):
        if _ITEM.match(line):
            rest = block[position:]
            break
        if line.strip():
            if not paragraph:
                starts.append(number)
            paragraph.append(line.strip())
        elif paragraph:
            intro.append(" ".join(paragraph))
            paragraph = []
    else:
        rest = []
    if paragraph:
        intro.append(" ".join(paragraph))
    return intro, starts, _numbered_list(rest, name, problems, "Rules Reference")


def _numbered_list(
    block: list[tuple[int, str]], name: str, problems: list[Diagnostic], section: str
) -> list[_ListItem]:
    """A nested numbered list; each 4 spaces of indent is one level deeper."""
    top: list[_ListItem] = []
    stack: list[_ListItem] = []  # the open item at each depth
    for number, line in block:
        if not line.strip():
            continue
        match = _ITEM.match(line)
        if match is None:
            if stack and line.startswith(" "):
                # An indented line without a marker continues the item above it.
                stack[-1].text = f"{stack[-1].text} {line.strip()}"
            else:
                problems.append(
                    Diagnostic(
                        Location(name, number), f"text outside the numbered list in {section}"
                    )
                )
            continue
        depth = len(match["indent"]) // _INDENT_STEP
        if depth > len(stack):
            problems.append(
                Diagnostic(
                    Location(name, number), "list item indented deeper than its parent allows"
                )
            )
            continue
        item = _ListItem(match["text"].strip(), number)
        del stack[depth:]
        (stack[-1].children if stack else top).append(item)
        stack.append(item)
    return top


def _related(
    block: list[tuple[int, str]], name: str, problems: list[Diagnostic]
) -> list[RelatedTopic]:
    related: list[RelatedTopic] = []
    for number, line in block:
        if not line.strip():
            continue
        match = _LINK.match(line)
        if match is None:
            problems.append(
                Diagnostic(
                    Location(name, number),
                    "a related topic must be a bullet '- [Title](/rules/r_<slug>)'",
                )
            )
            continue
        related.append(RelatedTopic(match["title"], match["slug"], Location(name, number)))
    return related


def _to_rule(item: _ListItem, name: str) -> Rule:
    return Rule(
        number=None,
        text=item.text,
        location=Location(name, item.line),
        subrules=tuple(_to_rule(child, name) for child in item.children),
    )
