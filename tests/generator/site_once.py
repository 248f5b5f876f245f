"""The real content built once per test run, through the command line, for every build test."""

from __future__ import annotations

import atexit
import contextlib
import functools
import io
import shutil
import tempfile
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


@functools.cache
def built_site() -> BuiltSite:
    """Build ``content/`` with ``build_site.py``'s ``main`` (once; later calls reuse it)."""
    root = Path(tempfile.mkdtemp(prefix="built-site-"))
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    out = root / "site"
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout):
        status = main(["--content", str(ROOT / "content"), "--out", str(out)])
    return BuiltSite(out, status, stdout.getvalue())
