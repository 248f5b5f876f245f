"""The real content built through the command line, for every build test.

The session fixture ``built_site`` (tests/generator/conftest.py) builds it once per run.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from pathlib import Path

from rulesite.cli import main

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class BuiltSite:
    """Where the site was built and what the command line said."""

    out: Path
    status: int
    stdout: str


def build_real_site(out: Path) -> BuiltSite:
    """Build ``content/`` into ``out`` with ``rulesite build``."""
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout):
        status = main(["build", "--content", str(ROOT / "content"), "--out", str(out)])
    return BuiltSite(out, status, stdout.getvalue())
