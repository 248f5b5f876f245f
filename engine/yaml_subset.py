"""A strict reader for the small part of YAML that scenario files use.

The engine must run offline inside Pyodide, where PyYAML is absent, so it
reads its own scenarios. Supported: block mappings and sequences, flow
``[...]`` and ``{...}`` (nested, on one line), single- and double-quoted and
plain scalars (ints, floats, ``true``/``false``, ``null``/``~``), literal
``|`` and folded ``>`` block strings, and ``#`` comments. Anything else
(anchors, tags, multi-line plain scalars, tabs in indentation, duplicate keys)
is an error naming the line.

Besides the value, the reader records the line of every node by its path
(``systems[2].space.red``) so later validation can point at the file line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_INT = re.compile(r"[-+]?\d+")
_FLOAT = re.compile(r"[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?")
_UNSUPPORTED_START = ("&", "*", "!", "%", "@", "`")


class YamlError(ValueError):
    """A syntax error at a 1-based line of the text."""

    def __init__(self, message: str, line: int) -> None:
        self.message = message
        self.line = line
        super().__init__(f"line {line}: {message}")


@dataclass(frozen=True)
class Document:
    """The parsed value and the line where each node (by path) starts."""

    data: Any
    lines: dict[str, int] = field(default_factory=dict)

    def line_of(self, path: str) -> int | None:
        """The line of ``path`` or of its nearest recorded ancestor."""
        while path:
            if path in self.lines:
                return self.lines[path]
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return self.lines.get("")


@dataclass(frozen=True)
class _Line:
    number: int
    indent: int
    text: str
    raw: str


def child_path(path: str, key: str | int) -> str:
    """The path of a mapping key or sequence index below ``path``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def parse(text: str) -> Document:
    """Parse ``text``; raises :class:`YamlError` with the offending line."""
    lines = _significant_lines(text)
    reader = _Reader(lines)
    if not lines:
        return Document(None, {"": 1})
    value = reader.block(0, lines[0].indent, "")
    if reader.pos < len(lines):
        extra = lines[reader.pos]
        raise YamlError("unexpected indentation or content", extra.number)
    return Document(value, reader.lines)


def _strip_comment(text: str) -> str:
    quote: str | None = None
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip()
    return text.rstrip()


def _significant_lines(text: str) -> list[_Line]:
    result = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.lstrip(" ")
        if stripped.startswith("\t"):
            raise YamlError("tabs are not allowed for indentation", number)
        content = _strip_comment(stripped)
        if content in ("---", "...") and not result:
            continue
        result.append(_Line(number, len(raw) - len(stripped), content, raw))
    return result


class _Reader:
    def __init__(self, lines: list[_Line]) -> None:
        self.all_lines = lines
        self.pos = 0
        self.lines: dict[str, int] = {}

    def _skip_blank(self) -> None:
        while self.pos < len(self.all_lines) and not self.all_lines[self.pos].text:
            self.pos += 1

    def _peek(self) -> _Line | None:
        self._skip_blank()
        return self.all_lines[self.pos] if self.pos < len(self.all_lines) else None

    def block(self, _unused: int, indent: int, path: str) -> Any:
        line = self._peek()
        if line is None:
            return None
        self.lines.setdefault(path, line.number)
        if line.text == "-" or line.text.startswith("- "):
            return self._sequence(indent, path)
        return self._mapping(indent, path)

    def _sequence(self, indent: int, path: str) -> list[Any]:
        items: list[Any] = []
        while (line := self._peek()) is not None and line.indent == indent:
            if not (line.text == "-" or line.text.startswith("- ")):
                raise YamlError("expected a '- ' sequence item", line.number)
            item_path = child_path(path, len(items))
            self.lines[item_path] = line.number
            rest = line.text[1:].lstrip(" ")
            if not rest:
                self.pos += 1
                nxt = self._peek()
                if nxt is None or nxt.indent <= indent:
                    items.append(None)
                else:
                    items.append(self.block(0, nxt.indent, item_path))
            elif _is_mapping_entry(rest):
                # "- key: value" opens a mapping whose keys line up with "key".
                offset = line.indent + (len(line.text) - len(rest))
                self.all_lines[self.pos] = _Line(line.number, offset, rest, line.raw)
                items.append(self._mapping(offset, item_path))
            else:
                self.pos += 1
                items.append(self._inline(rest, line))
        self._check_dedent(indent)
        return items

    def _mapping(self, indent: int, path: str) -> dict[str, Any]:
        result: dict[str, Any] = {}
        while (line := self._peek()) is not None and line.indent == indent:
            key, rest = _split_entry(line)
            if key in result:
                raise YamlError(f"duplicate key {key!r}", line.number)
            key_path = child_path(path, key)
            self.lines[key_path] = line.number
            self.pos += 1
            if rest in ("|", ">", "|-", ">-"):
                result[key] = self._block_string(rest, indent)
            elif rest:
                result[key] = self._inline(rest, line)
            else:
                nxt = self._peek()
                if nxt is not None and nxt.indent > indent:
                    result[key] = self.block(0, nxt.indent, key_path)
                elif nxt is not None and nxt.indent == indent and nxt.text.startswith("- "):
                    result[key] = self._sequence(indent, key_path)
                else:
                    result[key] = None
        self._check_dedent(indent)
        return result

    def _check_dedent(self, indent: int) -> None:
        line = self._peek()
        if line is not None and line.indent > indent:
            raise YamlError("unexpected indentation", line.number)

    def _block_string(self, style: str, indent: int) -> str:
        parts: list[str] = []
        block_indent: int | None = None
        while self.pos < len(self.all_lines):
            line = self.all_lines[self.pos]
            if line.raw.strip() and line.indent <= indent:
                break
            if line.raw.strip():
                block_indent = line.indent if block_indent is None else block_indent
                parts.append(line.raw[block_indent:])
            else:
                parts.append("")
            self.pos += 1
        while parts and not parts[-1]:
            parts.pop()
        if style.startswith("|"):
            text = "\n".join(parts)
        else:
            text = " ".join(p for p in parts if p) if all(parts) else _fold(parts)
        return text if style.endswith("-") else text + "\n"

    def _inline(self, text: str, line: _Line) -> Any:
        if text[0] in "[{":
            parser = _FlowParser(text, line.number)
            value = parser.value()
            parser.end()
            return value
        return _scalar(text, line.number)


def _fold(parts: list[str]) -> str:
    paragraphs: list[list[str]] = [[]]
    for part in parts:
        if part:
            paragraphs[-1].append(part)
        else:
            paragraphs.append([])
    return "\n".join(" ".join(p) for p in paragraphs if p)


def _is_mapping_entry(text: str) -> bool:
    if text[0] in "'\"":
        end = text.find(text[0], 1)
        return end > 0 and text[end + 1 :].startswith(":")
    if text[0] in "[{":
        return False
    return bool(re.match(r"[^:#]+:( |$)", text))


def _split_entry(line: _Line) -> tuple[str, str]:
    text = line.text
    if text[0] in "'\"":
        end = text.find(text[0], 1)
        if end < 0 or not text[end + 1 :].startswith(":"):
            raise YamlError("expected 'key: value'", line.number)
        return text[1:end], text[end + 2 :].strip()
    match = re.match(r"([^:#]+):( |$)", text)
    if not match:
        raise YamlError(f"expected 'key: value', found {text!r}", line.number)
    key = match.group(1).strip()
    if key.startswith(_UNSUPPORTED_START) or key.startswith(("-", "?")):
        raise YamlError(f"unsupported key {key!r}", line.number)
    return key, text[match.end() :].strip()


def _scalar(text: str, line: int) -> Any:
    text = text.strip()
    if text[0] in "'\"":
        value, end = _quoted(text, 0, line)
        if text[end:].strip():
            raise YamlError(f"unexpected text after quoted string: {text[end:]!r}", line)
        return value
    if text.startswith(_UNSUPPORTED_START) or text[0] in "|>":
        raise YamlError(f"unsupported YAML syntax {text!r}", line)
    if ": " in text or text.endswith(":"):
        raise YamlError(f"unexpected ':' in plain value {text!r}", line)
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("null", "~"):
        return None
    if _INT.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text):
        return float(text)
    return text


def _quoted(text: str, start: int, line: int) -> tuple[str, int]:
    quote = text[start]
    out: list[str] = []
    i = start + 1
    while i < len(text):
        ch = text[i]
        if quote == "'" and ch == "'":
            if text[i + 1 : i + 2] == "'":
                out.append("'")
                i += 2
                continue
            return "".join(out), i + 1
        if quote == '"' and ch == "\\":
            escaped = text[i + 1 : i + 2]
            out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(escaped, escaped))
            i += 2
            continue
        if quote == '"' and ch == '"':
            return "".join(out), i + 1
        out.append(ch)
        i += 1
    raise YamlError("unterminated quoted string", line)


class _FlowParser:
    """Reads one ``[...]`` or ``{...}`` value, nested, from a single line."""

    def __init__(self, text: str, line: int) -> None:
        self.text = text
        self.i = 0
        self.line = line

    def _ws(self) -> None:
        while self.i < len(self.text) and self.text[self.i] == " ":
            self.i += 1

    def end(self) -> None:
        self._ws()
        if self.i != len(self.text):
            raise YamlError(f"unexpected text after flow value: {self.text[self.i :]!r}", self.line)

    def value(self) -> Any:
        self._ws()
        if self.i >= len(self.text):
            raise YamlError("unterminated flow collection (must fit on one line)", self.line)
        ch = self.text[self.i]
        if ch == "[":
            return self._items("]", self._item)
        if ch == "{":
            pairs = self._items("}", self._pair)
            result: dict[str, Any] = {}
            for key, val in pairs:
                if key in result:
                    raise YamlError(f"duplicate key {key!r}", self.line)
                result[key] = val
            return result
        if ch in "'\"":
            value, self.i = _quoted(self.text, self.i, self.line)
            return value
        start = self.i
        while self.i < len(self.text) and self.text[self.i] not in ",]}":
            if self.text[self.i] == ":" and self.text[self.i + 1 : self.i + 2] in (" ", ""):
                break
            self.i += 1
        token = self.text[start : self.i].strip()
        if not token:
            raise YamlError("empty value in flow collection", self.line)
        return _scalar(token, self.line)

    def _item(self) -> Any:
        return self.value()

    def _pair(self) -> tuple[str, Any]:
        key = self.value()
        if isinstance(key, (list, dict)):
            raise YamlError("a mapping key must be a scalar", self.line)
        self._ws()
        if self.text[self.i : self.i + 1] != ":":
            raise YamlError(f"expected ':' after key {key!r} in flow mapping", self.line)
        self.i += 1
        return str(key), self.value()

    def _items(self, close: str, read: Any) -> list[Any]:
        self.i += 1
        items: list[Any] = []
        self._ws()
        if self.text[self.i : self.i + 1] == close:
            self.i += 1
            return items
        while True:
            items.append(read())
            self._ws()
            nxt = self.text[self.i : self.i + 1]
            self.i += 1
            if nxt == close:
                return items
            if nxt != ",":
                raise YamlError(f"expected ',' or '{close}' in flow collection", self.line)
