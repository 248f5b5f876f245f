"""The blocks of a Living Rules Reference Markdown page, read by a CommonMark parser.

The community transcription (``R_<slug>.md`` rule topics, ``C_<slug>.md`` and
``F_<slug>.md`` notes pages) is Markdown as people write it: lists indented by
one space or four, paragraphs and ``###`` sub-headings between the items of one
numbered list, inline HTML, stray closing tags in headings, links written
``/rules/r_x``, ``r_x``, ``R_x``, ``../components/c_x`` or ``<a href="R_x">``.
markdown-it-py (CommonMark, maintained, and it keeps each block's source lines and
each ordered-list item's written number) reads the structure; this module turns
its tree into the few shapes the loaders need, every one with its line.

Indented code blocks are switched off: a rule page has none, and CommonMark would
otherwise read a list indented by four spaces after a paragraph as code. Only the
blocks are parsed: the loaders take each paragraph's and heading's inline source as
written (the renderer converts it later), so parsing it here was a third of the
parser's time, for nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown_it import MarkdownIt
from markdown_it.token import Token

from rulesite.core.errors import SourceError
from rulesite.core.loaders.source_text import source_lines
from rulesite.core.loaders.strict_yaml import YamlMapping, parse_yaml
from rulesite.core.model import Diagnostic, Location
from rulesite.core.slugs import one_line

# "inline" parses each block's inline text into tokens; "text_join" only joins those tokens.
_PARSER = MarkdownIt("commonmark").disable(["code", "inline", "text_join"])
_TAG = re.compile(r"<[^>]*>")
# The link forms the transcription uses, at either of its versions; ``kind`` is the
# letter of the file prefix (R_, C_, F_), the folder optional and the slash optional.
_TARGET = re.compile(
    r"^(?:\.\./|/)?(?:(?:rules|components|factions)/)?(?P<kind>[rcfRCF])_(?P<slug>[a-z0-9_]+)/?$"
)
_FOLDERS = {"r": "rules", "c": "components", "f": "factions"}
# Linear, every one: no part scans past where another match could start. A target is
# read only as far as a character no page's link holds (``](r_x`` repeated made the scan
# from each ``](`` run to the end of the text), and a label stops at the next ``<a`` or
# ``</a>`` (``<a href="r_x">`` repeated made ``.*?</a>`` do the same).
_MARKDOWN_LINK = re.compile(r"\]\((?P<target>[^()\[\]<>\s]+)\)")
_HTML_LINK = re.compile(
    r"<a\s+href=\"(?P<target>[^\"<>]*)\"\s*>(?P<label>[^<]*(?:<(?!/?a\b)[^<]*)*)</a>"
)


def page_slug_of(kind: str, slug: str) -> str:
    """The topic slug a link or file names: rule topics by their slug, notes pages prefixed."""
    kind = kind.lower()
    return slug if kind == "r" else f"{kind}_{slug}"


def canonical_target(target: str) -> str | None:
    """The one spelling of a link to a page of the reference (``/rules/r_x``), or ``None``."""
    match = _TARGET.match(target)
    if match is None:
        return None
    kind = match["kind"].lower()
    return f"/{_FOLDERS[kind]}/{kind}_{match['slug']}"


def canonical_links(text: str) -> str:
    """``text`` with every link to the reference in its one spelling, HTML links as Markdown."""

    def html(match: re.Match[str]) -> str:
        target = canonical_target(match["target"])
        return f"[{match['label']}]({target})" if target else match.group(0)

    def markdown(match: re.Match[str]) -> str:
        target = canonical_target(match["target"])
        return f"]({target})" if target else match.group(0)

    return _MARKDOWN_LINK.sub(markdown, _HTML_LINK.sub(html, text))


def plain(text: str) -> str:
    """Inline text as words: tags (a stray ``</sub>`` too) dropped, spaces single."""
    return " ".join(_TAG.sub("", text).split())


@dataclass
class Item:
    """A numbered list item: its number as written, its text and the lists inside it.

    ``lead`` is the unnumbered text the page puts before the item (a paragraph or a
    sub-heading between two items of one numbered list).
    """

    number: int
    text: str
    line: int
    children: list[Item] = field(default_factory=list)
    lead: list[str] = field(default_factory=list)


@dataclass
class Block:
    """A top-level block: a heading, a paragraph, a numbered list or a bulleted list."""

    kind: str  # "heading", "text", "numbered", "bullets"
    line: int
    level: int = 0  # a heading's
    text: str = ""  # a heading's or a paragraph's (a bulleted list's as HTML)
    items: list[Item] = field(default_factory=list)  # a numbered list's
    bullets: list[tuple[str, int]] = field(default_factory=list)  # a bulleted list's


@dataclass(frozen=True)
class Page:
    """A page's title and its blocks, in order, and what was wrong with its front matter."""

    title: str
    blocks: tuple[Block, ...]
    problems: tuple[Diagnostic, ...] = ()


def read_page(text: str, name: str) -> Page:
    """The title (front matter) and blocks of a Markdown page; a missing title is a problem."""
    lines = source_lines(text)
    problems: list[Diagnostic] = []
    title, body_start = _front_matter(lines, name, problems)
    body = "\n".join(lines[body_start:])
    tokens = _PARSER.parse(body)
    problems.extend(_too_deep(tokens, name, body_start))
    blocks = tuple(_block(node, body_start) for node in _tree(tokens))
    return Page(title, blocks, tuple(problems))


def _too_deep(tokens: list[Token], name: str, offset: int) -> list[Diagnostic]:
    """An error where the blocks nest as deep as the parser reads: markdown-it stops there
    and silently drops the rest of the page (lists ten deep, quotes twenty)."""
    limit = int(_PARSER.options["maxNesting"]) - 1
    deepest = next((t for t in tokens if t.nesting == 1 and t.level >= limit), None)
    if deepest is None:
        return []
    line = (deepest.map[0] if deepest.map else 0) + offset + 1
    message = (
        f"lists or quotes nested {deepest.level // 2 + 1} deep: the parser reads no deeper, "
        "and the rest of the page would be lost (nest less)"
    )
    return [Diagnostic(Location(name, line), message)]


@dataclass(frozen=True)
class _Node:
    """A block: its opening token (or its only token) and the blocks inside it.

    Not markdown-it's ``SyntaxTreeNode``, whose nodes point at their parents: each
    page's tree was a web of cycles that only the cyclic collector frees: at 5,000 topics,
    with the collector paused while the model was built, it freed 3.3 million objects at
    once, 3.3 s. These nodes point only down, and go as soon as the page is read.
    """

    token: Token
    children: tuple[_Node, ...] = ()

    @property
    def type(self) -> str:
        return self.token.type.removesuffix("_open")


def _tree(tokens: list[Token]) -> list[_Node]:
    """The top-level blocks of a token stream, nested as its opening and closing tokens say."""
    levels: list[list[_Node]] = [[]]
    opening: list[Token] = []
    for token in tokens:
        if token.nesting == 1:
            opening.append(token)
            levels.append([])
        elif token.nesting == -1:
            children = tuple(levels.pop())
            levels[-1].append(_Node(opening.pop(), children))
        else:
            levels[-1].append(_Node(token))
    return levels[0]


def _line(node: _Node, offset: int) -> int:
    return (node.token.map[0] if node.token.map else 0) + offset + 1


def _inline(node: _Node) -> str:
    """The inline source of a paragraph or heading, soft breaks as spaces, links canonical."""
    content = (node.children[0] if node.children else node).token.content
    return canonical_links(" ".join(content.split()))


def _block(node: _Node, offset: int) -> Block:
    line = _line(node, offset)
    if node.type == "heading":
        return Block("heading", line, level=int(node.token.tag[1:]), text=plain(_inline(node)))
    if node.type == "ordered_list":
        return Block("numbered", line, items=_items(node, offset))
    if node.type == "bullet_list":
        bullets = [(_item_text(item, offset)[0], _line(item, offset)) for item in node.children]
        return Block("bullets", line, text=_bullet_html(node, offset), bullets=bullets)
    # Paragraphs, HTML blocks, quotes, fences, rules: their text, read as prose.
    return Block("text", line, text=_text_of(node, offset))


def _text_of(node: _Node, offset: int) -> str:
    if node.type in ("paragraph", "heading"):
        return _inline(node)
    if node.type == "ordered_list":
        return f"<ol>{_item_html(node, offset)}</ol>"
    if node.type == "bullet_list":
        return _bullet_html(node, offset)
    if node.children:
        return " ".join(filter(None, (_text_of(child, offset) for child in node.children)))
    return canonical_links(" ".join(node.token.content.split()))


def _item_html(node: _Node, offset: int) -> str:
    return "".join(f"<li>{_item_text(item, offset)[0]}</li>" for item in node.children)


def _bullet_html(node: _Node, offset: int) -> str:
    return f"<ul>{_item_html(node, offset)}</ul>"


def _item_text(item: _Node, offset: int) -> tuple[str, list[_Node]]:
    """A list item's own text (its paragraphs and bulleted lists) and its numbered sublists."""
    texts: list[str] = []
    sublists: list[_Node] = []
    for child in item.children:
        if child.type == "ordered_list":
            sublists.append(child)
        else:
            texts.append(_text_of(child, offset))
    return " ".join(t for t in texts if t), sublists


def _items(node: _Node, offset: int) -> list[Item]:
    """A numbered list's items, sublists at any depth, each numbered as its source writes it.

    CommonMark numbers a list from its start number and ignores the others; the
    transcription writes the LRR's numbers, and one list may start over ("1. … 4." then,
    after blank lines, "1. …": CommonMark's one list, the LRR's enumeration then its
    rules). A list whose items all write one number ("1. 1. 1.") is numbered by position.
    """
    start = int(str(node.token.attrs.get("start", 1)))
    written = [int(c.token.info) if c.token.info.isdigit() else None for c in node.children]
    by_position = len(set(written)) <= 1 or None in written
    items: list[Item] = []
    for position, child in enumerate(node.children):
        text, sublists = _item_text(child, offset)
        number = start + position if by_position else written[position]
        assert number is not None
        item = Item(number, text, _line(child, offset))
        # Two sublists in one item (a paragraph between them) continue one numbering.
        for sublist in sublists:
            item.children.extend(_items(sublist, offset))
        items.append(item)
    return items


def related_link(text: str) -> tuple[str, str] | None:
    """A related-topic bullet's (title, topic slug), or ``None`` if it is not such a link.

    ``text`` is a bullet's text as :func:`read_page` gives it: links already canonical.
    """
    text = text.strip()
    # ``[label](target)``, the label running to the last ``](``: read by hand, as a
    # backtracking pattern retried the target from each ``](`` of a bullet to its end.
    split = text.rfind("](")
    if not (text.startswith("[") and text.endswith(")")) or split < 2:
        return None
    label, target_text = text[1:split], text[split + 2 : -1]
    target = _TARGET.match(target_text)
    if target is None:
        return None
    return plain(label), page_slug_of(target["kind"], target["slug"])


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
