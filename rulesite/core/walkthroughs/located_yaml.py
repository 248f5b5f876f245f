"""A walkthrough file's YAML with the line of every value, so an error can name its place.

Parsing is the generator's strict reader (duplicate keys are errors there too);
this adds the line of each value by its path, spelled the way the engine spells
paths in its errors (``systems[2].space.red``), so either side's complaint can be
turned into ``file:line``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rulesite.core.errors import SourceError
from rulesite.core.loaders.source_text import read_source
from rulesite.core.loaders.strict_yaml import mark_lines, parse_yaml_tree


@dataclass(frozen=True)
class LocatedYaml:
    """A YAML document's data and the 1-based line of each path in it."""

    path: Path
    data: Any
    lines: dict[str, int]

    def line_of(self, place: str) -> int:
        """The line of ``place`` or of its nearest ancestor that has one (1 for the top)."""
        while place:
            if place in self.lines:
                return self.lines[place]
            place = _parent(place)
        return 1

    def error(self, place: str, message: str) -> SourceError:
        """A SourceError at ``place``, with the place named in the message."""
        where = f"{place}: " if place else ""
        return SourceError.at(str(self.path), self.line_of(place), f"{where}{message}")


def _parent(place: str) -> str:
    cut = max(place.rfind("."), place.rfind("["))
    return place[:cut] if cut > 0 else ""


def _child(place: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{place}[{key}]"
    return f"{place}.{key}" if place else str(key)


def _record_lines(
    node: yaml.Node, place: str, lines: dict[str, int], line_of: Callable[[Any], int]
) -> None:
    lines[place] = line_of(node.start_mark)
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            _record_lines(value_node, _child(place, key_node.value), lines, line_of)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _record_lines(item, _child(place, i), lines, line_of)


def load_located_yaml(path: Path) -> LocatedYaml:
    """Read ``path`` as one YAML document.

    Raises:
        SourceError: the file is unreadable, not valid YAML or repeats a key (naming the line).
    """
    name = str(path)
    text = read_source(path, name)
    data, node = parse_yaml_tree(text, name)
    lines: dict[str, int] = {}
    if node is not None:
        _record_lines(node, "", lines, mark_lines(text))
    return LocatedYaml(path, data, lines)
