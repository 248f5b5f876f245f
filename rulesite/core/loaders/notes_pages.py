"""Component and faction notes pages (``content/components/C_<slug>.md``,
``content/factions/F_<slug>.md``).

The form: front matter with ``title``, optional paragraphs, then one ``##``
section per component or faction ability (a stray ``</sub>`` in its heading is
dropped), each a numbered list of notes, possibly empty, possibly with sublists.
A page is a :class:`Topic` whose sections are numbered: note ``n`` of section
``s`` is anchored ``<page>-<s>-<n>``. Its slug carries the file's prefix
(``c_units``, ``f_lizix``), as links to it do, so it never takes a rule topic's.
"""

from __future__ import annotations

from pathlib import Path

from rulesite.core.errors import SourceError
from rulesite.core.loaders.markdown import numbered_items, to_note
from rulesite.core.loaders.markdown_blocks import Block, read_page
from rulesite.core.loaders.source_text import read_source
from rulesite.core.model import Diagnostic, Location, Note, Origin, Section, Topic


def notes_slug(path: Path, origin: Origin) -> str:
    """The slug of a notes page: its stem, prefix lower-cased (``C_units`` → ``c_units``;
    the transcription names its files with the prefix in capitals)."""
    prefix = origin.slug_prefix
    return f"{prefix}{path.stem.removeprefix(prefix.upper())}"


def load_notes_page(path: Path, name: str, *, origin: Origin) -> Topic:
    """Read a component (``origin`` COMPONENT_NOTES) or faction notes page."""
    return parse_notes_page(read_source(path, name), name, origin=origin)


def parse_notes_page(text: str, name: str, *, origin: Origin) -> Topic:
    """Parse a notes page.

    Raises:
        SourceError: no front matter or title, or a heading above ``##``.
    """
    page = read_page(text, name)
    intro: list[str] = []
    sections: list[tuple[Block, list[Block]]] = []
    problems = list(page.problems)
    for block in page.blocks:
        if block.kind == "heading" and block.level <= 2:
            if block.level < 2:
                problems.append(
                    Diagnostic(Location(name, block.line), "a notes page's sections are '## '")
                )
            sections.append((block, []))
        elif sections:
            sections[-1][1].append(block)
        elif block.text:
            intro.append(block.text)
    if problems:
        raise SourceError(problems)
    return Topic(
        slug=notes_slug(Path(name), origin),
        title=page.title,
        origin=origin,
        location=Location(name, 1),
        intro=tuple(intro),
        sections=tuple(_section(heading, blocks, name) for heading, blocks in sections),
        sources=(Location(name, 1),),
    )


def _section(heading: Block, blocks: list[Block], name: str) -> Section:
    located, items = numbered_items(blocks, intro=True)
    before = [text for text, _ in located]
    notes = [to_note(item, name) for item in items]
    if before and not notes:
        notes = [Note(1, " ".join(before), Location(name, heading.line))]
    elif before:
        notes[0] = Note(
            notes[0].number, notes[0].text, notes[0].location, notes[0].subnotes, tuple(before)
        )
    return Section(
        title=heading.text,
        items=tuple(_note_text(note) for note in notes),
        location=Location(name, heading.line),
        item_locations=tuple(note.location for note in notes),
        bulleted=tuple(False for _ in notes),
        numbered=True,
    )


def _note_text(note: Note) -> str:
    """A note as one text: what leads it, its words, then its subnotes as a list."""
    lead = "".join(f"{text}<br>" for text in note.lead)
    subnotes = "".join(f"<li>{text}</li>" for text in note.subnotes)
    return f"{lead}{note.text}" + (f"<ol>{subnotes}</ol>" if subnotes else "")
