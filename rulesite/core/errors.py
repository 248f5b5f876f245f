"""The one exception the generator raises for bad sources.

The command line catches it and prints each diagnostic as ``file:line: what``,
never a traceback.
"""

from __future__ import annotations

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


def print_diagnostics(error: SourceError, file: TextIO | None = None) -> None:
    """Print ``error``'s diagnostics, one a line (``file:line: what is wrong``), to ``file``
    (standard error by default): the one place the command lines print them."""
    for diagnostic in error.diagnostics:
        print(diagnostic, file=file or sys.stderr)
