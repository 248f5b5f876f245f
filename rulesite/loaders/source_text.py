"""Reading a source file's text, with unreadable files reported like any broken source."""

from __future__ import annotations

from pathlib import Path

from rulesite.errors import SourceError


def read_source(path: Path, name: str) -> str:
    """The UTF-8 text of ``path``, lines ending in a plain newline; ``name`` is shown in errors.

    Raises:
        SourceError: the file cannot be read, or is not UTF-8 (naming the line of the
            first bad byte).
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceError.at(name, 1, f"cannot read the file: {exc.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise SourceError.at(
            name, line, f"not UTF-8 text: byte 0x{data[exc.start]:02x} cannot be decoded"
        ) from None
    # Line ends as open() in text mode reads them, so Windows files count lines the same way.
    return text.replace("\r\n", "\n").replace("\r", "\n")
