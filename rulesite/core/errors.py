"""The one exception the generator raises for bad sources.

The command line catches it and prints each diagnostic as ``file:line: what``,
never a traceback.
"""

from __future__ import annotations

import re
import sys
from typing import TextIO

from rulesite.core.model import Diagnostic, Location


class SourceError(Exception):
    """One or more sources are broken; the build must stop."""

    def __init__(self, diagnostics: list[Diagnostic] | Diagnostic) -> None:
        self.diagnostics = [diagnostics] if isinstance(diagnostics, Diagnostic) else diagnostics
        super().__init__("\n".join(str(d) for d in self.diagnostics))

    @classmethod
    def at(cls, path: str, line: int, message: str) -> SourceError:
        """Shorthand for an error at one place."""
        return cls(Diagnostic(Location(path, line), message))


# Control characters (C0 but newline, DEL, C1) and the bidirectional controls: written to a
# terminal as they are, a file name holding one could reorder, hide or recolour what follows.
_UNPRINTABLE = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
_IN_A_NAME = re.compile("\n")  # and a line break, which would split one diagnostic in two


def _escaped(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, one_line: bool = False) -> str:
    """``text`` with every control and bidirectional character escaped (``\\u202e``), line
    breaks too when ``one_line``: what a command line prints of a name it was given."""
    text = _UNPRINTABLE.sub(_escaped, text)
    return _IN_A_NAME.sub(_escaped, text) if one_line else text


def printable_diagnostic(diagnostic: Diagnostic) -> str:
    """``diagnostic`` as one printable line: its places and its words escaped."""

    def place(location: Location) -> str:
        return f"{printable(location.path, one_line=True)}:{location.line}"

    where = f"{place(diagnostic.location)}: {printable(diagnostic.message)}"
    return f"{where} (see {place(diagnostic.other)})" if diagnostic.other else where


def print_diagnostics(error: SourceError, file: TextIO | None = None) -> None:
    """Print ``error``'s diagnostics, one a line (``file:line: what is wrong``), to ``file``
    (standard error by default): the one place the command lines print them, escaped."""
    for diagnostic in error.diagnostics:
        print(printable_diagnostic(diagnostic), file=file or sys.stderr)
