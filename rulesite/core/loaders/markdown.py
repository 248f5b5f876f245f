"""Living Rules Reference prose pages (``content/rules/<slug>.md`` or ``R_<slug>.md``).

The form: YAML front matter with ``title``, then ``## Rules Reference`` (intro
paragraphs, then numbered lists, with paragraphs and ``###`` sub-headings between
their items), ``## Notes`` (numbered lists) and ``## Related Topics`` (bullets
linking the topics, in any spelling :mod:`rulesite.core.loaders.markdown_blocks`
reads). The prose carries the Living Rules Reference's numbers within a topic:
its list items are numbered as the LRR numbers them, continuing across paragraphs
and sub-headings, and a sub-heading whose number the list skips (``9.``,
``### Costs``, ``11.``) is that rule. Rules come back with those numbers as
``local``; ``merge`` adds the topic's number.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from rulesite.core.errors import SourceError
from rulesite.core.loaders.markdown_blocks import Block, Item, read_page, related_link
from rulesite.core.loaders.source_text import read_source
from rulesite.core.model import Diagnostic, Location, Note, Origin, RelatedTopic, Rule, Topic

SECTIONS = ("Rules Reference", "Notes", "Related Topics")
PREFIX = "R_"
_NOT_A_RELATED_TOPIC = (
    "a related topic must be a bullet linking its page: '- [Title](r_<slug>)' "
    "or '- [Title](/rules/r_<slug>)'"
)  # the transcription's file names: R_tactical_action.md is topic tactical_action


def topic_stem(path: Path) -> str:
    """The topic slug a prose file is for: its stem, without the transcription's ``R_``."""
    return path.stem.removeprefix(PREFIX)


def load_markdown(path: Path, name: str) -> Topic:
    """Read a prose topic page; ``name`` is the path diagnostics show."""
    return parse_markdown(read_source(path, name), name)


def parse_markdown(text: str, name: str) -> Topic:
    """Parse a prose topic page.

    Raises:
        SourceError: every problem found (missing title, unknown section, a bad related topic).
    """
    page = read_page(text, name)
    problems = list(page.problems)
    sections = _sections(page.blocks, name, problems)
    intro, rules = numbered_items(sections.get("Rules Reference", []), intro=True)
    _, notes = numbered_items(sections.get("Notes", []), intro=False)
    related = _related(sections.get("Related Topics", []), name, problems)
    if problems:
        raise SourceError(problems)
    return Topic(
        slug=topic_stem(Path(name)),
        title=page.title,
        origin=Origin.LRR_MARKDOWN,
        location=Location(name, 1),
        intro=tuple(text for text, _ in intro),
        intro_locations=tuple(Location(name, line) for _, line in intro),
        rules=tuple(_to_rule(item, name, "") for item in rules),
        notes=tuple(to_note(item, name) for item in notes),
        related=tuple(related),
        sources=(Location(name, 1),),
    )


def _sections(
    blocks: Iterable[Block], name: str, problems: list[Diagnostic]
) -> dict[str, list[Block]]:
    """The blocks under each ``##`` section; deeper headings stay inside their section."""
    found: dict[str, list[Block]] = {}
    current: list[Block] | None = None
    for block in blocks:
        if block.kind == "heading" and block.level <= 2:
            if block.level < 2 or block.text not in SECTIONS:
                expected = ", ".join(SECTIONS)
                problems.append(
                    Diagnostic(
                        Location(name, block.line),
                        f"unknown section '{block.text}' (expected one of: {expected})",
                    )
                )
                current = []  # its blocks are not read: the heading's error covers them
            elif block.text in found:
                problems.append(
                    Diagnostic(Location(name, block.line), f"section '{block.text}' twice")
                )
                current = []
            else:
                current = found[block.text] = []
        elif current is not None:
            current.append(block)
        else:
            problems.append(
                Diagnostic(Location(name, block.line), "text outside any '## ' section")
            )
    return found


def numbered_items(
    blocks: Iterable[Block], *, intro: bool
) -> tuple[list[tuple[str, int]], list[Item]]:
    """The text before a section's first item (if ``intro``: each paragraph and the line it
    starts on) and its numbered items.

    The numbered lists of one section are one numbering: a list that starts where the
    last one stopped continues it, and the text between them leads its next item. Where
    a list skips numbers and as many sub-headings stand in the gap, the sub-headings are
    the skipped items (the LRR numbers its sub-headings), each with the text after it.
    """
    before: list[Block] = []
    items: list[Item] = []
    pending: list[Block] = []
    for block in _runs(blocks):
        if block.kind != "numbered":
            pending.append(block)
            continue
        if items and block.items[0].number <= items[-1].number:
            # A list that starts over: the one before enumerated something inside the text
            # ("the following four phases: 1. Strategy Phase ..."), it did not number rules.
            # The intro read before it is read again with it, in order.
            pending[:0] = [*before, Block("text", items[0].line, text=_list_html(items))]
            before, items = [], []
        expected = items[-1].number + 1 if items else 1
        headings = [b for b in pending if b.kind == "heading"]
        gap = block.items[0].number - expected
        if gap > 0 and len(headings) == gap:
            first_heading = pending.index(headings[0])
            lead = _texts(pending[:first_heading])
            if not items and intro:
                # Before the section's first rule, even a sub-heading's: the topic's opening.
                before.extend(b for b in pending[:first_heading] if b.text)
                lead = []
            items.extend(_heading_items(pending[first_heading:], expected, lead))
        elif pending and not items and intro:
            before.extend(b for b in pending if b.text)
        elif pending:
            block.items[0].lead[:0] = _texts(pending)
        pending = []
        items.extend(block.items)
    if pending and items:
        # Text after the last item follows it on the page: it is read as part of it.
        items[-1].text = " ".join([items[-1].text, *_texts(pending)])
    elif pending and intro:
        before.extend(b for b in pending if b.text)
    return [(_text(b), b.line) for b in before], items


def _runs(blocks: Iterable[Block]) -> Iterable[Block]:
    """The blocks with each numbered list cut where its numbers start over."""
    for block in blocks:
        if block.kind != "numbered":
            yield block
            continue
        run: list[Item] = []
        for item in block.items:
            if run and item.number <= run[-1].number:
                yield Block("numbered", run[0].line, items=run)
                run = []
            run.append(item)
        if run:
            yield Block("numbered", run[0].line, items=run)


def _list_html(items: list[Item]) -> str:
    """A numbered list as HTML, for a list that is part of the text."""
    inner = "".join(
        f"<li>{''.join(f'{t} ' for t in item.lead)}{item.text}"
        + (_list_html(item.children) if item.children else "")
        + "</li>"
        for item in items
    )
    return f"<ol>{inner}</ol>"


def _texts(blocks: Iterable[Block]) -> list[str]:
    """Blocks as paragraphs of inline text, a sub-heading in bold."""
    return [_text(b) for b in blocks if b.text]


def _text(block: Block) -> str:
    return f"<b>{block.text}</b>" if block.kind == "heading" else block.text


def _heading_items(blocks: list[Block], first: int, lead: list[str]) -> list[Item]:
    """Each sub-heading an item numbered from ``first``, the text after it its own."""
    items: list[Item] = []
    for block in blocks:
        if block.kind == "heading":
            items.append(Item(first + len(items), f"<b>{block.text}</b>", block.line))
        elif block.text:
            items[-1].text = f"{items[-1].text}<br>{block.text}"
    items[0].lead[:0] = lead
    return items


def _related(blocks: list[Block], name: str, problems: list[Diagnostic]) -> list[RelatedTopic]:
    related: list[RelatedTopic] = []
    for block in blocks:
        lines = block.bullets or [(block.text, block.line)]
        for text, line in lines:
            link = related_link(text)
            if link is None:
                problems.append(Diagnostic(Location(name, line), _NOT_A_RELATED_TOPIC))
                continue
            related.append(RelatedTopic(link[0], link[1], Location(name, line)))
    return related


def _to_rule(item: Item, name: str, parent: str) -> Rule:
    local = f"{parent}.{item.number}" if parent else str(item.number)
    return Rule(
        number=None,
        text=item.text,
        location=Location(name, item.line),
        subrules=tuple(_to_rule(child, name, local) for child in item.children),
        local=local,
        lead=tuple(item.lead),
    )


def to_note(item: Item, name: str) -> Note:
    """A numbered item as a note: its sublists' items (at any depth) are its subnotes."""
    return Note(
        item.number,
        item.text,
        Location(name, item.line),
        subnotes=tuple(_flatten(item.children)),
        lead=tuple(item.lead),
    )


def _flatten(items: list[Item]) -> Iterable[str]:
    for item in items:
        yield from item.lead
        yield item.text
        yield from _flatten(item.children)
