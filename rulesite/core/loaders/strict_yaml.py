"""YAML that refuses duplicate keys and remembers the line of every key.

Plain PyYAML silently keeps the last of two equal keys, which would drop a rule
without a word. This loader checks each mapping's keys against the node start
marks and reports every duplicate as ``file:line``. Keys are kept as the text
they are written with, so ``'89.1'`` and ``89.1`` (and ``'1'`` and ``1``) are the
same key and ``89.10`` never turns into the float ``89.1``. For the same
reason a value that looks like a decimal number stays the text it is written
as: in these files ``89.1`` is a rule number, never a float.

Parsing is libyaml's (``CSafeLoader``): the pure-Python parser was most of the
generator's time on a large corpus. libyaml's node marks carry the same lines.
Its events are built into values here, in one pass, rather than by libyaml's
composer and PyYAML's constructor, so that no source can exhaust the build:
nesting is bounded before it is built (a YAML nested 100,000 deep crashed
libyaml's recursive composer), anchors and aliases are refused (an alias
"billion laughs" expands exponentially once built, and no rule source needs
one), and so are integers too long to be a count and collections tagged other
than as plain mappings and lists (``!!set``, ``!!python/object``).

Numbers are read as written. YAML 1.1, which PyYAML speaks, reads ``010`` as 8, ``0x10``
as 16, ``1_0`` as 10 and ``1:30`` as 90, so ``numbers: {1: 010}`` would make rule 17.8
and ``number: 017`` topic 15. A whole number written other than in plain decimal digits
is refused at its line; quoted, it is the text it says.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from typing import Any

import yaml

from rulesite.core.errors import SourceError
from rulesite.core.model import Diagnostic, Location


class YamlMapping(dict[str, Any]):
    """A YAML mapping with string keys that knows the line of itself and of each key."""

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line
        self.key_lines: dict[str, int] = {}

    def line_of(self, key: str) -> int:
        """The 1-based line ``key`` is written on (the mapping's own line if absent)."""
        return self.key_lines.get(key, self.line)


class _StrictLoader(yaml.CSafeLoader):
    def __init__(self, text: str, name: str, keep_nodes: bool) -> None:
        super().__init__(text)
        self.name = name
        self.keep_nodes = keep_nodes
        self.problems: list[Diagnostic] = []
        self.line_of = mark_lines(text)


# YAML counts these as line breaks too; an editor and the other parsers do not.
_OTHER_BREAKS = ("\u2028", "\u2029", "\x85")


def mark_lines(text: str) -> Callable[[Any], int]:
    """The 1-based line of a YAML mark in ``text``, counted at newlines only: YAML also
    breaks lines at U+2028 and U+2029, so its own count ran ahead of the file's."""
    if not any(other in text for other in _OTHER_BREAKS):
        return lambda mark: int(mark.line) + 1
    newlines = [i for i, character in enumerate(text) if character == "\n"]
    return lambda mark: bisect.bisect_left(newlines, mark.index) + 1


def _construct_number_text(loader: _StrictLoader, node: yaml.ScalarNode) -> str:
    return str(loader.construct_scalar(node))


# A whole number as YAML 1.2's core schema writes one, and as a reader reads it.
_DECIMAL = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_SHOWN = 24  # characters of a refused number a message shows


def _construct_bounded_int(loader: _StrictLoader, node: yaml.ScalarNode) -> int:
    text = str(node.value)
    if _DECIMAL.fullmatch(text) is None:
        shown = text if len(text) <= _SHOWN else f"{text[:_SHOWN]}..."
        read_as = f" as {loader.construct_yaml_int(node)}" if len(text) <= _SHOWN else ""
        raise yaml.constructor.ConstructorError(
            None,
            None,
            f"{shown!r} would be read{read_as} (YAML 1.1): write the number in plain "
            "decimal digits, or quote it as text",
            node.start_mark,
        )
    digits = len(text.lstrip("+-0"))
    if digits > MAX_INT_DIGITS:
        raise yaml.constructor.ConstructorError(
            None, None, f"a number of {digits} digits (at most {MAX_INT_DIGITS})", node.start_mark
        )
    value: int = loader.construct_yaml_int(node)
    return value


_StrictLoader.add_constructor("tag:yaml.org,2002:float", _construct_number_text)
_StrictLoader.add_constructor("tag:yaml.org,2002:int", _construct_bounded_int)

# Deeper than any source's shape (rule cards nest rules a few levels), far below a stack's.
MAX_DEPTH = 64
MAX_INT_DIGITS = 18  # a count, a seed, a topic number: nothing in a source is longer

_STR = "tag:yaml.org,2002:str"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
# The tags a value may be given explicitly (``!!str 12``): the kinds a plain value is read as.
# Others (``!!timestamp``, ``!!binary``, ``!!python/...``) no source needs.
_PLAIN_TAGS = frozenset({_STR, _INT, _FLOAT, "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"})


# Events and marks are typed loosely: libyaml's C marks are not PyYAML's Mark class.
def _refuse(event: Any, problem: str) -> yaml.composer.ComposerError:
    return yaml.composer.ComposerError(None, None, problem, event.start_mark)


def _compose(loader: _StrictLoader, event: Any, depth: int) -> tuple[Any, yaml.Node | None]:
    """The value ``event`` starts, built from libyaml's events, bounded and without aliases.

    Built in the same pass that reads its events: composing a node tree first and
    handing it to PyYAML's constructor took most of a large corpus's loading time.
    The node comes too when the loader keeps nodes (``None`` otherwise).
    """
    if event.anchor is not None:  # an alias event's anchor is the name it refers to
        raise _refuse(event, "anchors and aliases (& and *) are not allowed")
    if type(event) is yaml.ScalarEvent:
        return _scalar(loader, event)
    if depth >= MAX_DEPTH:
        raise _refuse(event, f"nested deeper than {MAX_DEPTH} levels")
    is_sequence = type(event) is yaml.SequenceStartEvent
    tag = event.tag
    if tag is None or tag == "!":
        tag = _SEQ if is_sequence else _MAP
    if tag != (_SEQ if is_sequence else _MAP):
        # !!set, !!omap and the like: no source needs them, and nothing else is safe.
        raise yaml.constructor.ConstructorError(
            None, None, f"could not determine a constructor for the tag {tag!r}", event.start_mark
        )
    data, items, closing = (
        _sequence(loader, depth) if is_sequence else _mapping(loader, depth, event.start_mark)
    )
    if not loader.keep_nodes:
        return data, None
    kind = yaml.SequenceNode if is_sequence else yaml.MappingNode
    return data, kind(tag, items, event.start_mark, closing.end_mark, flow_style=event.flow_style)


def _tag(loader: _StrictLoader, event: Any) -> str:
    """A scalar's tag: the one written, or the one its text implies (``1`` an int).

    A written tag must be a plain kind the text could have had unwritten (``!!int 12``,
    ``!!str 12``): ``!!int abc`` or ``!!bool maybe`` is refused here, not left to a
    constructor that would raise a traceback.
    """
    tag: str = event.tag
    if tag is None or tag == "!":
        return loader.resolve(yaml.ScalarNode, event.value, event.implicit)
    if tag not in _PLAIN_TAGS:
        raise _refuse(event, f"the tag {_short_tag(tag)} is not allowed (plain values only)")
    implied = loader.resolve(yaml.ScalarNode, event.value, (True, False))
    if tag != _STR and implied != tag and (tag, implied) != (_FLOAT, _INT):
        raise _refuse(event, f"{event.value!r} is not a {_short_tag(tag)} value")
    return tag


def _short_tag(tag: str) -> str:
    return tag.replace("tag:yaml.org,2002:", "!!")


def _scalar(loader: _StrictLoader, event: Any) -> tuple[Any, yaml.Node | None]:
    tag = _tag(loader, event)
    if tag == _STR and not loader.keep_nodes:
        return event.value, None
    end: Any = event.end_mark
    node = yaml.ScalarNode(tag, event.value, event.start_mark, end, event.style)
    if tag == _STR:
        return event.value, node
    try:
        return loader.construct_object(node), node
    except ValueError:  # a text its kind's pattern accepts but no value is: 2020-13-45
        raise _refuse(event, f"{event.value!r} is not a {_short_tag(tag)} value") from None


def _key_node(loader: _StrictLoader, event: Any) -> yaml.Node | None:
    """A key's node, if nodes are kept: a key is its text as written, never constructed."""
    if event.anchor is not None:
        raise _refuse(event, "anchors and aliases (& and *) are not allowed")
    if not loader.keep_nodes:
        return None
    return yaml.ScalarNode(
        _tag(loader, event), event.value, event.start_mark, event.end_mark, event.style
    )


# Each returns the collection's data, its nodes (``None`` each unless kept) and its end event.
def _sequence(loader: _StrictLoader, depth: int) -> tuple[list[Any], list[Any], Any]:
    data: list[Any] = []
    nodes: list[Any] = []
    event: Any
    while type(event := loader.get_event()) is not yaml.SequenceEndEvent:
        item, node = _compose(loader, event, depth + 1)
        data.append(item)
        nodes.append(node)
    return data, nodes, event


def _mapping(loader: _StrictLoader, depth: int, start: Any) -> tuple[YamlMapping, list[Any], Any]:
    mapping = YamlMapping(loader.line_of(start))
    nodes: list[Any] = []
    key_event: Any
    while type(key_event := loader.get_event()) is not yaml.MappingEndEvent:
        line = loader.line_of(key_event.start_mark)
        is_text = type(key_event) is yaml.ScalarEvent
        if is_text:
            key_node = _key_node(loader, key_event)
        else:
            key_node = _compose(loader, key_event, depth + 1)[1]
        value, value_node = _compose(loader, loader.get_event(), depth + 1)
        nodes.append((key_node, value_node))
        if not is_text:
            loader.problems.append(
                Diagnostic(Location(loader.name, line), "a key must be plain text")
            )
            continue
        # The key as written: `89.10` stays "89.10", `1` and '1' are the same key.
        key = key_event.value
        if key in mapping.key_lines:
            first = mapping.key_lines[key]
            loader.problems.append(
                Diagnostic(
                    Location(loader.name, line), f"duplicate key '{key}' (first at line {first})"
                )
            )
            continue
        mapping.key_lines[key] = line
        mapping[key] = value
    return mapping, nodes, key_event


def _compose_document(loader: _StrictLoader) -> tuple[Any, yaml.Node | None]:
    loader.get_event()  # stream start
    if loader.check_event(yaml.StreamEndEvent):
        return None, None
    loader.get_event()  # document start
    composed = _compose(loader, loader.get_event(), 0)
    loader.get_event()  # document end
    if not loader.check_event(yaml.StreamEndEvent):
        raise _refuse(loader.get_event(), "a second document; a source holds one")
    return composed


def parse_yaml(text: str, name: str, first_line: int = 1) -> Any:
    """Parse one YAML document.

    Args:
        text: the YAML source.
        name: the file name diagnostics show.
        first_line: the file line ``text`` starts on (front matter starts below ``---``).

    Returns:
        The data, with every mapping a :class:`YamlMapping` (lines counted in the file).

    Raises:
        SourceError: for a syntax error or for duplicate keys (all of them).
    """
    return _parse(text, name, first_line, keep_nodes=False)[0]


def parse_yaml_tree(text: str, name: str, first_line: int = 1) -> tuple[Any, yaml.Node | None]:
    """Parse one YAML document as :func:`parse_yaml` does, keeping its node tree too.

    The nodes carry the line of every value, list items included, for callers that
    must place an error on a value rather than on a key.

    Returns:
        The data and the root node (``None`` for an empty document).

    Raises:
        SourceError: for a syntax error or for duplicate keys (all of them).
    """
    return _parse(text, name, first_line, keep_nodes=True)


def _parse(
    text: str, name: str, first_line: int, *, keep_nodes: bool
) -> tuple[Any, yaml.Node | None]:
    padded = ("\n" * (first_line - 1)) + text
    loader = _StrictLoader(padded, name, keep_nodes)
    try:
        data, node = _compose_document(loader)
    except (yaml.MarkedYAMLError, yaml.reader.ReaderError) as exc:
        line = _error_line(exc, padded, loader.line_of) or first_line
        raise SourceError.at(name, line, f"invalid YAML: {_problem(exc)}") from None
    finally:
        loader.dispose()
    if loader.problems:
        raise SourceError(loader.problems)
    return data, node


def _error_line(
    exc: yaml.MarkedYAMLError | yaml.reader.ReaderError, text: str, line_of: Callable[[Any], int]
) -> int | None:
    """The 1-based line of a parse error in ``text``, if the error tells."""
    if isinstance(exc, yaml.reader.ReaderError):
        # Not a marked error; it names the character, and the first one like it is the culprit.
        return text.count("\n", 0, max(text.find(chr(exc.character)), 0)) + 1
    mark = exc.problem_mark or exc.context_mark
    return line_of(mark) if mark else None


def _problem(exc: yaml.MarkedYAMLError | yaml.reader.ReaderError) -> str:
    return exc.reason if isinstance(exc, yaml.reader.ReaderError) else str(exc.problem)
