"""The strict YAML reader bounds what a source can make it build.

Nesting depth, anchors/aliases and integer size are refused with ``file:line``
before libyaml's composer or PyYAML's constructors see them: a 100,000-deep
source crashed the build (exit 139), an alias bomb hung it, a 5,000-digit
integer ended in a ValueError traceback.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rulesite.core.errors import SourceError
from rulesite.core.loaders.strict_yaml import MAX_DEPTH, MAX_INT_DIGITS, parse_yaml
from rulesite.core.walkthroughs.walkthrough_files import load_walkthrough

_BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True)
)


def _error(text: str) -> str:
    started = time.perf_counter()
    with pytest.raises(SourceError) as raised:
        parse_yaml(text, "x.yaml")
    assert time.perf_counter() - started < 2.0
    return str(raised.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, f"x.yaml:1: invalid YAML: nested deeper than {MAX_DEPTH}"),
        ("".join("  " * i + "a:\n" for i in range(200)), "x.yaml:65: invalid YAML: nested deeper"),
        (_BOMB, "x.yaml:1: invalid YAML: anchors and aliases (& and *) are not allowed"),
        ("a: &a [*a]\n", "anchors and aliases"),
        ("a: 1\nb: *a\n", "x.yaml:2: invalid YAML: anchors and aliases"),
        (
            "n: " + "9" * 5000,
            f"x.yaml:1: invalid YAML: a number of 5000 digits (at most {MAX_INT_DIGITS})",
        ),
        ("a: 1\n---\nb: 2\n", "x.yaml:2: invalid YAML: a second document"),
        ("a: !!python/object/apply:os.system [ls]\n", "could not determine a constructor"),
        # Built in one pass with the events: only plain mappings and lists are collections.
        ("a: 1\nb: !!set {x, y}\n", "x.yaml:2: invalid YAML: could not determine a constructor"),
    ],
)
def test_yaml_is_bounded_before_it_is_built(text: str, message: str) -> None:
    """Nesting depth, aliases (PyYAML's loader without alias expansion, or a
    check first) and integer size are bounded: clear errors, checked before any allocation."""
    assert message in _error(text)


def test_ordinary_yaml_still_reads() -> None:
    """The bounds leave every real source's shape alone."""
    assert parse_yaml("a: [1, {b: c}]\nn: 123456789012345678\n", "x.yaml") == {
        "a": [1, {"b": "c"}],
        "n": 123456789012345678,
    }


def _walkthrough(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "w.yaml"
    path.write_text(
        "title: T\nplayers:\n  - {id: red, name: Red, initiative: 1}\n"
        "systems:\n  - id: home\n    q: 0\n    r: 0\n" + body,
        encoding="utf-8",
    )
    return path


def test_a_walkthrough_over_the_reinforcement_limit_is_refused_at_its_line(
    tmp_path: Path,
) -> None:
    """`cruiser: 100000000` ran 77 s into a MemoryError; 96.2 allows 8."""
    started = time.perf_counter()
    with pytest.raises(SourceError) as raised:
        load_walkthrough(_walkthrough(tmp_path, "    space: {red: {cruiser: 100000000}}\n"))
    assert time.perf_counter() - started < 2.0
    assert str(raised.value).startswith(f"{tmp_path / 'w.yaml'}:8: systems[0].space.red.cruiser: ")
    assert "more than 8 cruiser units" in str(raised.value)


def test_a_walkthrough_alias_loop_is_refused(tmp_path: Path) -> None:
    """An alias loop in a walkthrough gave a RecursionError traceback."""
    with pytest.raises(SourceError, match="anchors and aliases"):
        load_walkthrough(_walkthrough(tmp_path, "    tokens: &t [*t]\n"))
