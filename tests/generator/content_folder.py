"""Building small content folders in ``tmp_path`` for generator tests (never touching content/)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rulesite.core.corpus import Corpus, load_content
from rulesite.core.errors import SourceError

CARDS = """\
cards:
- name: Rules Reference
  rules:
    '7.1':
      rule: First rule.
      subrules:
        7.1.1:
          rule: A subrule.
    '7.2':
      rule: Second rule.
- name: Notes
  rules:
    '1':
      rule: A note.
- name: Related Topics
"""

PROSE = """\
---
title: Seven
---

## Rules Reference

Intro.

1. <b>First</b> rule.

    1. A *subrule*.

2. Second
   rule.

## Notes

1. A note.

## Related Topics

 - [Tactical Action](/rules/r_tactical_action)
"""


def write_content(root: Path, files: dict[str, str]) -> Path:
    """Write ``files`` (path under content/ → text) and return the content folder."""
    content = root / "content"
    for name, text in files.items():
        path = content / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    content.mkdir(exist_ok=True)
    return content


def load(root: Path, files: dict[str, str]) -> Corpus:
    """The corpus of a content folder holding just ``files``."""
    return load_content(write_content(root, files))


def errors(root: Path, files: dict[str, str]) -> list[str]:
    """The diagnostics, as printed, that loading just ``files`` stops with."""
    try:
        load(root, files)
    except SourceError as exc:
        return [str(diagnostic) for diagnostic in exc.diagnostics]
    raise AssertionError("the sources loaded without an error")


def with_seven(root: Path, files: dict[str, str]) -> Path:
    """A content folder with topic 7 (``rules/seven.yaml``) and ``files``."""
    return write_content(root, {"rules/seven.yaml": CARDS, **files})


def diagnostics(call: Callable[[], object]) -> list[str]:
    """The diagnostics, as printed, that ``call`` stops with."""
    try:
        call()
    except SourceError as exc:
        return [str(diagnostic) for diagnostic in exc.diagnostics]
    raise AssertionError("no SourceError was raised")
